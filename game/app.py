"""The frame loop: input in, the top scene stepped with the real elapsed time, the screen drawn.

The app holds the parts that live as long as the window: the settings, the window and its canvas, the
input translator (``game.ui.translate``), the scene stack (``game.scenes.stack``), the notices over every
screen (``game.ui.notices``) and the phone service (``game.phones.service``). It runs at most 60 frames a
second, fewer while only decoration moves, and none while the screen is still: it then sleeps until
input arrives, so a waiting game costs next to nothing.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable

import pygame

from game import heap
from game import settings as settings_store
from game.collector import Collector
from game.core import datafile
from game.core.steps import FRAMES
from game.paths import user_data_dir
from game.phones.service import PhoneService
from game.scenes.base import AMBIENT_FPS, FPS, Scene
from game.scenes.stack import SceneStack
from game.storage import WRITER, clean_temporaries
from game.ui import audio, motion
from game.ui import bindings as bindings_store
from game.ui.bindings import Hints
from game.ui.canvas import FrameRecord
from game.ui.notices import Notices
from game.ui.translate import InputTranslator
from game.ui.window import Window
from game.warm_up import WarmUp

THINKING_SWITCH = 0.001  # seconds

LAYER_BUDGET = 0.008  # seconds into a frame after which a new screen's first frame leaves its other layers to the next
MOST_HELD = 0.1  # seconds a screen may be held so (the frame after that makes the rest): a new screen's delay at most
MAX_DT = 0.1  # a long hitch must not make animations jump
STATIC_WAIT = 0.5  # seconds a still screen waits for input before looking again
INPUT_LOOK = 0.016  # seconds between looks for input while the screen sleeps (input waits less than a frame)
RESTING_LOOK = 0.03  # the same once nobody has touched anything for RESTING_AFTER (each look costs a little CPU)
RESTING_AFTER = 2.0  # seconds
KEY_REPEAT = (350, 45)  # ms before a held key repeats, and between repeats
PHONE_WAKE = pygame.event.custom_type()  # posted by the phone server's thread: a phone has spoken


def wake_the_loop() -> None:
    """A phone spoke (from the phone server's thread): the sleeping loop wakes, unless the window is already gone
    (a phone leaving as the game quits)."""
    try:
        pygame.event.post(pygame.event.Event(PHONE_WAKE))
    except pygame.error:
        pass


class App:
    def __init__(self, first_pictures: Iterable[tuple[str, tuple]] = ()):
        """`first_pictures`: see ``Window``."""
        heap.tune()  # before any thread of ours allocates
        # A bot thinking in a thread of its own (``InBackground``) hands the interpreter back to the frame loop
        # every millisecond, not every five: a frame never waits long for its turn.
        sys.setswitchinterval(THINKING_SWITCH)
        self.collector = Collector()
        self.heap = heap.Trimmer()
        self.warm_up = WarmUp()
        self.settings, self.settings_problem = settings_store.load()
        audio.pre_init()
        self.window = Window(self.settings.fullscreen, self.settings.display, first_pictures)
        self.canvas = self.window.canvas
        self.canvas.set_text_scale(self.settings.text_scale)
        self.clock = pygame.time.Clock()
        audio.init(self.settings.volume)
        motion.set_reduced(self.settings.reduced_motion)
        pygame.key.set_repeat(*KEY_REPEAT)
        clean_temporaries(user_data_dir())  # what a kill in the middle of a write left behind
        self.bindings, problem = bindings_store.load()
        self.scenes = SceneStack(self)
        self.input = InputTranslator(self)
        self.notices = Notices()
        self.phones = PhoneService(self.notices.add, wake_the_loop, lambda: self.settings.public_address)
        self.full_frame = True  # the next frame must redraw everything (a new scene, a new window)
        self.held: float | None = None  # since when frames leave layers for the next and are not shown
        self.window_switched = False  # this frame switched the window to or from fullscreen: the next draws it
        self.ambient_look = None  # how the decoration looked in the last frame drawn for it alone
        self.record: FrameRecord | None = None  # the last frame's drawing calls (``_drew_only_what_moved``)
        self.running = True
        self.first_frame_at: float | None = None
        self.input_at = time.perf_counter()  # when the sleeping loop last found input (it looks less often at rest)
        self.first_frame_epoch = 0.0
        if problem:
            self.notices.add(problem)
        self.collector.freeze_start_up()  # modules, fonts, the window: play's collections skip them

    def quit(self) -> None:
        self.running = False

    # ----- settings ------------------------------------------------------
    def apply_settings(self) -> None:
        """Put the settings in force everywhere and save them (a failed write is told; they still apply)."""
        audio.set_volume(self.settings.volume)
        motion.set_reduced(self.settings.reduced_motion)
        self.canvas.set_text_scale(self.settings.text_scale)
        self.window_switched = self.window.set_fullscreen(self.settings.fullscreen) or self.window_switched
        self.full_frame = True
        settings_store.save(self.settings)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_settings()

    def save_bindings(self) -> None:
        bindings_store.save(self.bindings)

    def hints(self, scene: Scene) -> Hints:
        """How `scene` shows its keys now: bound keys, or pad buttons while a pad is in hand."""
        return self.input.hints(scene)

    # ----- the loop ------------------------------------------------------
    def frame_rate(self) -> float:
        if self.canvas.stand_ins.pending or self.held is not None:
            return FPS  # pictures are being made for a new window size (each shown when ready), or a frame is held
        rate = self.scenes.top.frame_rate() if self.scenes else 0
        return max(rate, AMBIENT_FPS) if self.notices else rate

    def run(self, exit_after_first_frame: bool = False, seconds: float | None = None) -> None:
        """The loop: at most 60 frames a second, fewer while only decoration moves, none while the
        screen is still (it sleeps until input arrives). Input is always handled at once."""
        with self.collector.running_the_loop():
            self._loop(exit_after_first_frame, seconds)
        if exit_after_first_frame or seconds is None:
            self.close()
        else:
            self._settle()

    def close(self) -> None:
        """The game is closing: settled, and the canvas's worker threads stopped before pygame is (a thread still
        loading glyphs or rendering a picture when pygame quits could crash the process)."""
        self._settle()
        self.canvas.close()
        pygame.quit()

    def _settle(self) -> None:
        """The loop has stopped: saves written, phones let go."""
        WRITER.flush()
        self.phones.stop()

    def _loop(self, exit_after_first_frame: bool, seconds: float | None) -> None:
        started = last = time.perf_counter()
        self.step(0.0, pygame.event.get())
        while self.running and self.scenes and not exit_after_first_frame:
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
            rate = self.frame_rate()
            events = self._wait_for_input(rate, last)
            now = time.perf_counter()
            self.step(min(now - last, MAX_DT), events, self._area_to_draw(events, rate))
            last, drawn = now, time.perf_counter()
            self.heap.after_frame(now + 1 / FPS - drawn)  # now and then the heap's free pages go back (game.heap)
            self.clock.tick(FPS)
            FRAMES.rest(time.perf_counter() - drawn)  # a frame behind its refresh: no sleep in the tick

    def _area_to_draw(self, events, rate: float) -> list | None:
        """What the coming frame redraws: everything (None) after input or while things move; the decoration's
        rectangles while only it moves; nothing ([]) on a still screen looked at again."""
        if events or rate >= FPS or self.notices or self.full_frame:
            return None
        return [] if rate <= 0 else self.scenes.top.ambient_area()

    def _wait_for_input(self, rate: float, last: float) -> list:
        """The events waiting now; on a screen that needs fewer than 60 frames, the loop sleeps until input
        comes or the next frame is due (and does its idle work first, if there is room: ``idle``)."""
        events = self._look()
        if events or rate >= FPS:
            return events
        due = last + self.sleep_between(rate)
        if self.idle(due - time.perf_counter()) and (events := self._look()):
            return events
        look = INPUT_LOOK if time.perf_counter() - self.input_at < RESTING_AFTER else RESTING_LOOK
        while (left := due - time.perf_counter()) > 0:
            time.sleep(min(look, left))  # not SDL's own wait: with pads open it wakes every millisecond
            if events := self._look():
                return events
        return []

    @staticmethod
    def sleep_between(rate: float) -> float:
        """Seconds from one frame to the next on a screen that needs `rate` frames a second (below FPS)."""
        return STATIC_WAIT if rate <= 0 else 1.0 / rate

    def idle(self, room: float) -> bool:
        """Work done while the loop would sleep, `room` seconds before the next frame is due: a garbage sweep
        (``game.collector``), else the screen's own work ahead (``Scene.work_between_frames``), else the next
        module loaded ahead (``game.warm_up``). True if it did any."""
        return self.collector.sweep_if_due(room) or (bool(self.scenes) and self.scenes.top.work_between_frames(room)) \
            or self.warm_up.load_next(room)

    def _look(self) -> list:
        """The events waiting; when there are some, the loop looks often again for a while."""
        events = pygame.event.get()
        if events:
            self.input_at = time.perf_counter()
        return events

    def step(self, dt: float, events, area: list | None = None) -> None:
        """Handle input, advance and draw one frame (smoke tests call this too); with `area`, only those
        logical rectangles are redrawn and shown (decoration moving on a still screen), none when it is empty (a
        still screen looked at again: nothing on it moves). While the loop runs, the garbage collections due are
        made after it (``game.collector``)."""
        started = time.perf_counter()
        FRAMES.started()
        try:
            self._frame(dt, events, area, started)
            self.collector.after_frame()
        finally:
            FRAMES.ended()

    def _frame(self, dt: float, events, area: list | None, started: float) -> None:
        for event in events:
            if event.type != PHONE_WAKE:  # a phone spoke: its intents are taken below
                for translated in self.input.translate(event):
                    self._dispatch(translated)
        if not self.scenes:
            return
        for failure in WRITER.failures() + datafile.take_reported():
            self.notices.add(failure)
        self.notices.tick(dt)
        self.phones.serve(self.scenes)
        self.scenes.top.update(dt)
        self.phones.publish(self.scenes.top)
        self._draw_what_changed(area, started)

    def _draw_what_changed(self, area: list | None, started: float) -> None:
        """Draw the frame: all of it, or only `area`, unless `area` is empty or its decoration looks as it did;
        or only where things move, if nothing else changed. A frame that switched the window to or from
        fullscreen draws nothing more: it is not shown, and the next frame draws the new size (the switch, the
        first drawing on a new window's memory and the scaling of its pictures took 19-32 ms in one frame)."""
        if self.window_switched:
            self.window_switched = False
            self.held = self.held or started
            return
        if self.full_frame:
            area = None
        elif area is None and self._drew_only_what_moved(started):
            self.ambient_look = None
            return
        if area == []:
            return
        look = self.scenes.top.ambient_look(self.canvas) if area is not None else None
        if look is None or look != self.ambient_look:
            self.draw(area, started)
        self.ambient_look = look

    def _dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.scenes:
            self.scenes.top.handle(event)

    # ----- drawing -------------------------------------------------------
    def draw(self, area: list | None = None, started: float | None = None) -> None:
        """The visible scenes, then the notices; with `area`, only those logical rectangles. A frame `started`
        then, that redraws everything after a change (a new screen, text size or window), makes its new layers
        until ``LAYER_BUDGET`` has passed and leaves the rest for the next frames (for ``MOST_HELD`` at most),
        shown only when whole. The very first frame of all makes everything at once (nothing is on screen yet)."""
        canvas = self.canvas
        clip = canvas.prect(area[0]).unionall([canvas.prect(r) for r in area[1:]]) if area else None
        self._paint(clip, started)
        self._finish(None if clip is None else [clip], started)

    def _paint(self, clip: pygame.Rect | None, started: float | None) -> None:
        """Draw the visible scenes and the notices, all of it or inside `clip`, noting the frame's drawing calls
        (``record``, on a screen that may ask for only its moving things to be redrawn: ``Scene.moving_area``)."""
        canvas = self.canvas
        canvas.hold_layers_after(self._layers_held_after(started))
        if clip is not None:
            self.window.surface.set_clip(clip)
        elif canvas.ox or canvas.oy:
            canvas.letterbox()
        canvas.record = FrameRecord() if type(self.scenes.top).moving_area is not Scene.moving_area else None
        try:
            for scene in self.scenes.visible():
                canvas.hints = self.hints(scene)
                scene.draw(canvas)
            if self.notices:
                self.notices.draw(canvas)
            if clip is None:
                canvas.stand_ins.whole_frame_drawn(canvas.held)
        finally:
            self.record, canvas.record = canvas.record, None
            self.window.surface.set_clip(None)

    def _finish(self, areas: list[pygame.Rect] | None, started: float | None) -> None:
        """Show the frame painted (only its `areas`, if given), unless a layer was left for the next one."""
        canvas = self.canvas
        if canvas.held:  # the screen before stays up a refresh longer, and the next frame goes on
            self.held = self.held or started
        else:
            self.held = None
            self._show(areas)
        canvas.hold_layers_after(None)  # drawing outside a frame (a test, the layout audit) makes every layer

    def _drew_only_what_moved(self, started: float) -> bool:
        """Draw and show a frame only where things in motion are now and were in the last frame (dice tumbling:
        ``Scene.moving_area``), and where its other drawing calls differ from the last frame's; True if it was.
        While dice tumble, redrawing and showing the whole window took 6-7 ms a frame at 1920x1080 here, their
        area 2.5-3.5. A change elsewhere (a pulse, a line of text) is seen after painting their area: it is then
        painted too and shown in rectangles of its own, or all is (by the caller) if they, or the things in motion,
        cover more than half the window."""
        last = self.record
        if last is None or self.held is not None or self.notices or self.canvas.stand_ins.pending:
            return False
        moving = self.scenes.top.moving_area(self.canvas)
        if not moving:
            return False
        screen = self.window.surface.get_rect()
        clip = moving[0].unionall(moving[1:] + last.moved).clip(screen)
        if clip.width * clip.height > _half_area(screen):
            return False  # dice flying across the table: the whole window costs no more
        self._paint(clip, started)
        now = self.record
        if self.canvas.held or not all(clip.contains(r.clip(screen)) for r in now.moved):
            return False
        shown = self._painted_too(now, last, clip, screen, started)
        if shown is None:
            return False
        self._finish(shown, started)
        return True

    def _painted_too(self, now: FrameRecord, last: FrameRecord, clip: pygame.Rect, screen: pygame.Rect,
                     started: float) -> list | None:
        """Where this frame's other drawing calls differ from `last`'s, painted too, once over them all (a paint
        each cost more than the whole window's when many changed): the rectangles to show; None if they cover more
        than half the window (`screen`), or if a layer was left for the next frame."""
        changed = now.changed_area(last, clip, _half_area(screen))
        if changed is None:
            return None
        again = [area for area in changed if area != clip]
        if again:
            self._paint(again[0].unionall(again[1:]).clip(screen), started)
        return None if self.canvas.held else [area.clip(screen) for area in changed]

    def _layers_held_after(self, started: float | None) -> float | None:
        """When this frame stops making new layers: only a frame redrawing all after a change is limited."""
        if started is None or not self.full_frame or self.first_frame_at is None or \
                (self.held is not None and started - self.held >= MOST_HELD):
            return None
        return started + LAYER_BUDGET

    def _show(self, areas: list[pygame.Rect] | None) -> None:
        self.window.show(areas)
        if areas is None:
            self.full_frame = False
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_epoch = time.time()

    def audit_layout(self) -> list[str]:
        """Draw the screen again and say where the top scene's text is clipped, covered or off screen."""
        *under, top = self.scenes.visible()
        for scene in under:
            self.canvas.hints = self.hints(scene)
            scene.draw(self.canvas)
        self.canvas.hints = self.hints(top)
        layout = self.canvas.audit_frame(lambda: top.draw(self.canvas))
        self.full_frame = True
        return layout.problems()

    def screenshot(self, path) -> None:
        if self.held is not None:
            self.draw()  # the whole frame, as the next would show it
        self.window.screenshot(path)


def _half_area(screen: pygame.Rect) -> int:
    """Half the window's pixels: changes or motion over more than this draw the whole frame (it costs no more)."""
    return screen.width * screen.height // 2
