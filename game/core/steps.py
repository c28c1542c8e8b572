"""Stepwise computations: generators that yield while they work and return their result.

Long work (a bot weighing its options, a throw simulated, a table solved) is
written this way so the game loop can do a slice of it per frame and no
frame waits for the whole; headless code simply runs it to the end.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from typing import Generic, TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]  # Steps[int]: yields while working, returns an int
FRAME_BUDGET = 0.004  # seconds of a 60 fps frame (16.7 ms) that work spread over frames may use
GIVE_WAY = 0.002  # seconds a thinking thread waits, between its steps, for a frame being drawn to end
THINKING_SLICE = 0.00025  # seconds it then steps on if the frame has not ended: its share when frames fill every
# refresh (one step per wait, 0.04 ms, was 2% of the interpreter: a bot took seconds to decide)
REST = 0.001  # seconds a loop rests between frames, at least, while a thread thinks: the thread's turn to work


class Frames:
    """Whether the game loop is drawing a frame: a thinking thread gives way to it between its steps. Threads
    share the interpreter, and a frame drawn while a bot thinks would otherwise get about half of it. While the
    loop runs it also lends a thinking thread its ``tidy`` work (the garbage the thread makes, collected by it),
    done only between frames: a frame does not start until it is done."""

    def __init__(self) -> None:
        self._between = threading.Event()
        self._between.set()
        self._starting = threading.Lock()
        self.tidy: Callable[[], None] | None = None
        self._work_until = 0.0
        self.waited_on = False  # a thread waited for this frame to end (it works in the loop's sleep between frames)
        self.thinking: set[object] = set()  # the threads at work (``InBackground``)

    def started(self) -> None:
        with self._starting:
            self._between.clear()
        self._work_until = time.perf_counter() + FRAME_BUDGET
        self.waited_on = False

    def work_left(self) -> float:
        """Seconds left of this frame's one slice (``FRAME_BUDGET``) for work spread over frames, shared by all of
        it (a scene's chores, its bots, a throw being planned): a slice each made a frame with several miss its
        refresh. Stepwise work always takes at least one step a frame (``advance``)."""
        return max(0.0, self._work_until - time.perf_counter())

    def ended(self) -> None:
        self._between.set()

    def give_way(self) -> float:
        """Wait (a little at most) for the frame being drawn, if any, to end; the seconds the caller may then go on
        working: none beyond its next step between frames, a slice when the frame is still being drawn."""
        if not self._between.is_set():
            self.waited_on = True
        return 0.0 if self._between.wait(GIVE_WAY) else THINKING_SLICE

    def rest(self, rested: float = 0.0) -> None:
        """Between two frames, after `rested` seconds of sleep: while a thread thinks, a rest of ``REST`` at least,
        in which it works. The interpreter gives a waiting thread its turn only when the holder keeps it for 5 ms,
        and drawing lets it go and takes it back within that, again and again: with frames back to back (the
        headless runs, a loop behind its refresh) a smart bot's 0.35 s of thinking took 15 s, and a smoke run's
        whole game did not end in 60,000 frames."""
        if self.thinking and rested < REST:
            time.sleep(REST - rested)

    def tidy_between_frames(self) -> None:
        """The loop's ``tidy`` work, if it lends any and no frame is being drawn."""
        tidy = self.tidy
        if tidy is None:
            return
        with self._starting:
            if self._between.is_set():
                tidy()


FRAMES = Frames()


def finish(steps: Steps[T]) -> T:
    """Run a stepwise computation to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


class InBackground(Generic[T]):
    """A stepwise computation run to its end in a thread of its own: for work whose single steps are too long
    for a frame (a bot weighing its rival's exact reply). It must work on values it owns (a view), not on
    anything the game loop changes. ``advance`` only looks whether it is done; ``cancel`` stops it at its next
    step (the game moved on)."""

    def __init__(self, steps: Steps[T]):
        self._steps = steps
        self._cancelled = False
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None
        FRAMES.thinking.add(self)
        threading.Thread(target=self._run, name="thinking", daemon=True).start()

    def _run(self) -> None:
        try:
            while not self._cancelled:
                slice_left = FRAMES.give_way()
                until = time.perf_counter() + slice_left
                next(self._steps)
                while time.perf_counter() < until and not self._cancelled:
                    next(self._steps)
                if not slice_left:
                    FRAMES.tidy_between_frames()
            self._steps.close()  # cancelled: what it holds is let go now
        except StopIteration as end:
            self.result = end.value
        except Exception as error:  # raised again in the game loop, where it is reported
            self.error = error
        FRAMES.thinking.discard(self)
        self.done = True

    def cancel(self) -> None:
        self._cancelled = True


def drop(steps: Steps[T] | InBackground[T]) -> None:
    """Give up a computation whose answer is no longer wanted (the game moved on): a thread stops at its next
    step, a generator is closed."""
    if isinstance(steps, InBackground):
        steps.cancel()
    else:
        steps.close()


def advance(steps: Steps[T] | InBackground[T], budget: float | None) -> tuple[bool, T | None]:
    """Work for up to `budget` seconds (None: to the end); (done, result). A step is taken only if one as long
    as the last would still end within it (steps of 4-6 ms made a 4 ms slice 10-12 ms), and the first always is.
    Work in the background is only looked at (None: waited for)."""
    if isinstance(steps, InBackground):
        while budget is None and not steps.done:
            time.sleep(0.001)
        if steps.error is not None:
            raise steps.error
        return steps.done, steps.result
    deadline = None if budget is None else time.perf_counter() + budget
    while True:
        began = time.perf_counter()
        try:
            next(steps)
        except StopIteration as done:
            return True, done.value
        if deadline is not None:
            now = time.perf_counter()
            if now + (now - began) > deadline:
                return False, None
