"""Pictures made without stalling a frame: for a window whose scale just changed (F11, a resize), and for a
new screen's first frames.

Every picture is an SVG rendered at the window's own resolution, and a full-screen one takes 60-90 ms to
render: after F11 the first frame would wait for all of them. Instead the picture the screen showed at the
old size is scaled to the new one and shown at once, while a worker thread renders the crisp one (pygame
renders SVG without holding the interpreter, so frames go on meanwhile); the next frame after it is ready
shows it. A new screen's pictures are rendered on the worker too, while the screen before stays up
(``Canvas.hold_layers_after``).

After a scale change the worker starts only once the window's first few frames at the new size are shown: the
window system is busy with the new window then, and on two cores a render beside the frame left it waiting for a
core (frames of 17-24 ms after F11 in one switch of eight; none in 96 with the wait).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.core.steps import FRAMES
from game.paths import asset_path

PictureKey = tuple[str, tuple[int, int]]  # (SVG asset, size in pixels)
SETTLING_FRAMES = 4  # whole frames shown at a new scale before the worker renders for it
SETTLING_LIMIT = 0.25  # seconds a render waits for them at most (a loop drawing no whole frame: a test's)


def render_svg(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The asset rendered to fit `size`, its own proportions kept."""
    return pygame.image.load_sized_svg(str(asset_path(name)), size)


def _is_svg(key: object) -> bool:
    return isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str) and key[0].endswith(".svg")


def _fitted(old: pygame.Surface, size: tuple[int, int]) -> tuple[int, int]:
    """The size a picture rendered for `size` comes out at (what ``render_svg`` gives), from an older one."""
    w, h = old.get_size()
    factor = min(size[0] / max(1, w), size[1] / max(1, h))
    return max(1, round(w * factor)), max(1, round(h * factor))


class StandIns:
    """The old size's pictures, scaled, while the new size's are rendered on a worker thread."""

    def __init__(self):
        self._old: dict[str, pygame.Surface] = {}  # asset -> as shown, until scaled
        self._making: dict[PictureKey, tuple[pygame.Surface | None, Future]] = {}  # stand-in (if any), render
        self._worker: ThreadPoolExecutor | None = None
        self._untaken: set[PictureKey] = set()  # finished when a whole frame was drawn, and not taken by it
        self._settled = threading.Event()  # set: the worker may render (see the module's docstring)
        self._settled.set()
        self._frames_to_settle = 0

    @property
    def pending(self) -> bool:
        """Crisp pictures still being made (the loop keeps drawing until they are all shown)."""
        return bool(self._making)

    def scale_changed(self, pictures: Mapping[object, pygame.Surface]) -> None:
        """The window's scale changed: the pictures it showed stand in for the new size's, and so do the stand-ins
        it showed while their crisp pictures were still being made (F11 pressed twice in quick succession);
        renders for a size now gone are dropped."""
        for (name, _), (stand_in, future) in self._making.items():
            future.cancel()
            if stand_in is not None:
                self._old.setdefault(name, stand_in)
        self._old.update({key[0]: surf for key, surf in pictures.items() if _is_svg(key)})
        self._making.clear()
        self._settled.clear()
        self._frames_to_settle = SETTLING_FRAMES

    def forget(self) -> None:
        """No stand-ins (a size set exactly, to be looked at as it is: smoke's screenshots)."""
        self._old.clear()
        self._making.clear()
        self._settled.set()

    def close(self) -> None:
        """Wait for a render in progress, drop the rest (the game is closing)."""
        self._settled.set()
        if self._worker is not None:
            self._worker.shutdown(wait=True, cancel_futures=True)
            self._worker = None
        self.forget()

    def made(self, key: PictureKey) -> pygame.Surface | None:
        """The crisp picture for `key`, when its render has finished (then it is the caller's to keep)."""
        _, future = self._making.get(key, (None, None))
        if future is None or not future.done():
            return None
        self._let_go(key)
        return future.result()

    def whole_frame_drawn(self, held: bool) -> None:
        """Let go of finished pictures that a whole frame did not take, twice: the screen that asked for them is
        gone (a results screen left in its first frame). Kept, they would keep the loop drawing at its full rate
        (``pending``) on whatever screen came next, and a dice table from redrawing only its moving dice. The old
        size's pictures go once a frame not `held` (one that left none of its pictures for the next) needed no
        new one made: each would hold 8 MB at 1920x1080."""
        finished = {key for key, (_, future) in self._making.items() if future.done()}
        for key in finished & self._untaken:
            self._let_go(key)
        self._untaken = finished - self._untaken
        if not held and not self._making:
            self._old.clear()
        if self._frames_to_settle > 0:
            self._frames_to_settle -= 1
            if not self._frames_to_settle:
                self._settled.set()

    def _let_go(self, key: PictureKey) -> None:
        del self._making[key]

    def to_scale(self, key: PictureKey) -> bool:
        """Whether ``stand_in`` would scale an old picture for `key` now (rather than give one scaled already)."""
        return key not in self._making and key[0] in self._old

    def stand_in(self, key: PictureKey) -> pygame.Surface | None:
        """The old picture scaled to `key`'s size while the crisp one is made; None when there is none."""
        making = self._making.get(key)
        if making is not None:
            return making[0]
        name, size = key
        old = self._old.pop(name, None)  # let go at once: a window-sized picture is 8 MB at 1080p
        if old is None:
            return None
        scaled = pygame.transform.scale(old, _fitted(old, size))
        self._making[key] = (scaled, self._render(key))
        return scaled

    def render_later(self, key: PictureKey) -> None:
        """Render `key` on the worker, with no stand-in (``made`` gives it when done)."""
        if key not in self._making:
            self._making[key] = (None, self._render(key))

    def wait(self, key: PictureKey) -> pygame.Surface | None:
        """The render of `key` under way, waited for (None when there is none): never rendered twice."""
        making = self._making.pop(key, None)
        if making is None:
            return None
        self._settled.set()  # the frame waits for it: no other work to make way for
        return making[1].result()

    def _render(self, key: PictureKey) -> Future:
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        return self._worker.submit(_render_between_frames, *key, self._settled)


def _render_between_frames(name: str, size: tuple[int, int], settled: threading.Event) -> pygame.Surface:
    """``render_svg`` on the worker, once the window has `settled` at a new scale, and started between frames if
    it can be (``FRAMES.give_way``): a render holds the interpreter for milliseconds, and a frame being drawn
    would wait on it."""
    settled.wait(SETTLING_LIMIT)
    FRAMES.give_way()
    return render_svg(name, size)
