"""The window, the frame loop and the scene stack.

The app owns pygame: it turns raw input into what scenes expect (mouse
positions in logical 1280x720 units, controller buttons as key presses),
handles F11 fullscreen and resizing, and steps the top scene with the real
elapsed time so animations run at the same pace at any frame rate.

Keys and pad buttons are the player's own (``game.ui.bindings``): a press
reaches the top scene as the default key of the action it is bound to in
that scene's ``keymap``, so scenes read default keys only.

Every input event reaches a scene with ``source``: who sent it. A key
press says which keyboard zone it came from ("keys-2", or "keyboard" for
keys outside the zones), a pad's buttons say which pad ("pad-3": pads are
numbered in the order they were connected), the mouse says "mouse". Events
arrive in the order they happened, so the first of two presses is known.

Problems that must not stop play (a save that could not be written) are
shown as notices over whatever scene is on screen.
"""

from __future__ import annotations

import os
import sys
import time

import pygame

from game import __version__, settings as settings_store
from game.paths import asset_path
from game.storage import WRITER, WriteFailed
from game.ui import audio, bindings as bindings_store, motion, theme
from game.ui.bindings import Hints
from game.ui.canvas import Canvas
from game.ui.input import key_source

FPS = 60
MAX_DT = 0.1  # a long hitch must not make animations jump
STICK_THRESHOLD = 20000
NOTICE_SECONDS = 6.0
AMBIENT_FPS = 15  # decoration that moves while nothing else does (a bobbing saucer, a pulsing seat)
STATIC_WAIT = 0.5  # seconds a still screen waits for input before looking again
PHONE_WAKE = pygame.event.custom_type()  # posted by the phone server's thread: a phone has spoken


def choose_presentation(setting: str) -> str:
    """How frames reach the screen: "framebuffer" (SDL's plain window surface) or "gpu" (SDL's accelerated
    renderer). Chosen before the window opens; MGN_PRESENT=framebuffer|gpu overrides the setting.

    On Linux and the BSDs "auto" means the framebuffer: X11 and Wayland take a window surface cheaply,
    while SDL's accelerated path there often runs on software OpenGL (no GPU, a virtual display), where a
    single flip costs more than a whole frame's drawing. Elsewhere "auto" keeps SDL's accelerated default.
    """
    forced = os.environ.get("MGN_PRESENT", "").strip().lower()
    choice = forced if forced in ("framebuffer", "gpu") else setting
    if choice not in ("framebuffer", "gpu"):
        choice = "framebuffer" if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) else "gpu"
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0" if choice == "framebuffer" else "1"
    return choice


class Scene:
    """One screen. Overlays (``opaque = False``) are drawn over the scene below.

    A scene made of buttons only needs to fill ``self.buttons`` (a ButtonGroup).
    """

    opaque = True
    buttons = None
    keymap = "menus"  # which group of bindings answers presses here (game.ui.bindings.GROUPS)

    def __init__(self, app: "App"):
        self.app = app

    def handle(self, event) -> None:
        if self.buttons is not None:
            self.buttons.handle(event)

    def update(self, dt: float) -> None:
        pass

    def draw(self, canvas: Canvas) -> None:
        pass

    def frame_rate(self) -> float:
        """Frames per second this scene needs now: 60 while things move, AMBIENT_FPS for decoration,
        0 when the screen is still (it is then drawn again only on input)."""
        return 0

    def ambient_area(self) -> list | None:
        """The logical rectangles that decoration changes between frames when nothing else happens (only
        they are redrawn and shown then); None redraws everything."""
        return None

    def resume(self) -> None:
        """Called when the scene above this one was popped."""

    def typing(self) -> bool:
        """True while the player types text here: keys then arrive as pressed, never remapped."""
        return False

    def key_name(self, key: int) -> str:
        """What to call the key or pad button that does what `key` does here, in a line of text ("G", "Back")."""
        return self.app.hints(self).name(key)

    def phone_lineup(self):
        """(title, seats) when this scene plays with phone seats: the app runs the phone server while
        any scene on the stack says so."""
        return None

    def phone_panel(self, seat: int) -> dict | None:
        """What a phone seat sees while this scene is on top (None: a word to look at the TV)."""
        return None

    def phone_intent(self, intent) -> str | None:
        """A phone's choice while this scene is on top: None when done, else why not."""
        return "Look at the TV: the game is not taking moves just now."


class App:
    def __init__(self):
        self.settings, self.settings_problem = settings_store.load()
        self.presentation = choose_presentation(self.settings.display)
        pygame.init()
        pygame.display.set_caption(f"Martian Game Night {__version__}")
        try:
            pygame.display.set_icon(pygame.image.load_sized_svg(str(asset_path("icon.svg")), (64, 64)))
        except (pygame.error, FileNotFoundError):
            pass  # cosmetic only
        self.window = self._open_window(self.settings.fullscreen)
        self.canvas = Canvas(self.window)
        self.canvas.set_text_scale(self.settings.text_scale)
        self.clock = pygame.time.Clock()
        audio.init(self.settings.volume)
        self.bindings, problem = bindings_store.load()
        motion.set_reduced(self.settings.reduced_motion)
        pygame.key.set_repeat(350, 45)
        self.scenes: list[Scene] = []
        self.full_frame = True  # the next frame must redraw everything (a new scene, a new window)
        self.running = True
        self.first_frame_at: float | None = None
        self.pads: dict[int, object] = {}  # open game controllers by instance id
        self.pad_numbers: dict[int, int] = {}  # instance id -> pad number (1, 2, ...) in order of connection
        self._stick_dir: dict[tuple[int, int], int] = {}
        self.notices: list[list] = []  # [text, seconds left]
        self.last_input = "mouse"  # "mouse", "keyboard" or "pad": what the player touched last (for hints)
        self.phones = None  # game.phones.bridge.Phones while a game with phone seats is set up or played
        self.phone_problem: str | None = None  # why the phone server could not start (said once)
        self._init_controllers()
        if problem:
            self.notify(problem)

    # ----- scene stack ---------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self.full_frame = True

    def pop(self) -> None:
        self.scenes.pop()
        self.full_frame = True
        if self.scenes:
            self.scenes[-1].resume()

    def replace(self, scene: Scene) -> None:
        self.scenes[-1] = scene
        self.full_frame = True

    def reset(self, scene: Scene) -> None:
        """Back to a single scene (e.g. quit to title)."""
        self.scenes = [scene]
        self.full_frame = True

    def quit(self) -> None:
        self.running = False

    # ----- settings ------------------------------------------------------
    def apply_settings(self) -> None:
        audio.set_volume(self.settings.volume)
        motion.set_reduced(self.settings.reduced_motion)
        self.canvas.set_text_scale(self.settings.text_scale)
        self.full_frame = True
        if bool(self.window.get_flags() & pygame.FULLSCREEN) != self.settings.fullscreen:
            self.window = self._open_window(self.settings.fullscreen)
            self.canvas.attach(self.window)
            self.full_frame = True
        try:
            settings_store.save(self.settings)
        except WriteFailed as error:
            self.notify(f"Your settings could not be saved ({error.reason}). They apply until you quit.")

    def save_bindings(self) -> None:
        try:
            bindings_store.save(self.bindings)
        except WriteFailed as error:
            self.notify(f"Your keys and buttons could not be saved ({error.reason}). They apply until you quit.")

    def hints(self, scene: Scene) -> Hints:
        """How `scene` shows its keys now: bound keys, or pad buttons while a pad is in hand."""
        return Hints(self.bindings, scene.keymap, self.last_input == "pad")

    # ----- notices ---------------------------------------------------------
    def notify(self, text: str) -> None:
        """Tell the player something went wrong without stopping play (shown for a few seconds)."""
        if not any(n[0] == text for n in self.notices):
            self.notices.append([text, NOTICE_SECONDS])
        del self.notices[:-3]

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_settings()

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.RESIZABLE)

    # ----- the loop ------------------------------------------------------
    @property
    def presentation_label(self) -> str:
        return "plain window" if self.presentation == "framebuffer" else "graphics card"

    def frame_rate(self) -> float:
        rate = self.top.frame_rate() if self.scenes else 0
        return max(rate, AMBIENT_FPS) if self.notices else rate

    def run(self, exit_after_first_frame: bool = False, seconds: float | None = None) -> None:
        """The loop: at most 60 frames a second, fewer while only decoration moves, none while the
        screen is still (it sleeps until input arrives). Input is always handled at once."""
        started = last = time.perf_counter()
        self.step(0.0, pygame.event.get())
        while self.running and self.scenes and not exit_after_first_frame:
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
            events = pygame.event.get()
            rate = self.frame_rate()
            if not events and rate < FPS:
                period = STATIC_WAIT if rate <= 0 else 1.0 / rate
                wait_ms = int((period - (time.perf_counter() - last)) * 1000)
                if wait_ms > 0:
                    event = pygame.event.wait(wait_ms)
                    if event.type != pygame.NOEVENT:
                        events = [event, *pygame.event.get()]
            now = time.perf_counter()
            ambient = not events and rate < FPS and not self.notices and not self.full_frame
            self.step(min(now - last, MAX_DT), events, self.top.ambient_area() if ambient else None)
            last = now
            self.clock.tick(FPS)
        WRITER.flush()
        self.stop_phones()
        if exit_after_first_frame or seconds is None:
            pygame.quit()

    def step(self, dt: float, events, area: list | None = None) -> None:
        """Handle input, advance and draw one frame (smoke tests call this too); with `area`, only those
        logical rectangles are redrawn and shown (decoration moving on a still screen)."""
        for event in events:
            if event.type == PHONE_WAKE:
                continue  # a phone spoke; its intents are taken below
            for translated in self._translate(event):
                if translated.type == pygame.QUIT:
                    self.running = False
                elif translated.type == pygame.KEYDOWN and translated.key == pygame.K_F11:
                    self.toggle_fullscreen()
                elif self.scenes:
                    self.top.handle(translated)
        if not self.scenes:
            return
        for failure in WRITER.failures():
            self.notify(failure)
        for notice in self.notices:
            notice[1] -= dt
        self.notices = [n for n in self.notices if n[1] > 0]
        self._serve_phones()
        self.top.update(dt)
        if self.phones is not None:
            self.phones.publish(self.top)
        self.draw(area if not self.full_frame else None)

    # ----- phones ------------------------------------------------------------
    def start_phones(self, title: str, seats) -> str | None:
        """Start (or keep) the phone server for these seats; why not, in plain words, when it cannot."""
        if self.phones is None:
            from game.phones.bridge import Phones, PhoneServerError  # only a game with phone seats loads it

            try:
                self.phones = Phones(title)
            except PhoneServerError as error:
                return str(error)
            self.phones.server.wake = lambda: pygame.event.post(pygame.event.Event(PHONE_WAKE))
        self.phones.sync(title, seats)
        self.phone_problem = None
        return None

    def stop_phones(self) -> None:
        if self.phones is not None:
            self.phones.close()
            self.phones = None

    def _serve_phones(self) -> None:
        """Keep the server exactly while a scene plays with phones; pass on what the phones asked."""
        lineup = next((found for scene in reversed(self.scenes) if (found := scene.phone_lineup())), None)
        if lineup is None:
            self.stop_phones()
            self.phone_problem = None
            return
        if self.phones is None and self.phone_problem is None:
            self.phone_problem = self.start_phones(*lineup)
            if self.phone_problem:
                self.notify(self.phone_problem)
        if self.phones is not None:
            self.phones.sync(*lineup)
            for text in self.phones.changes():
                self.notify(text)
            self.phones.pump(self.top)

    def draw(self, area: list | None = None) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        clip = None
        if area:
            clip = self.canvas.prect(area[0]).unionall([self.canvas.prect(r) for r in area[1:]])
            self.window.set_clip(clip)
        elif self.canvas.ox or self.canvas.oy:
            self.canvas.letterbox()
        for scene in self.scenes[first:]:
            self.canvas.hints = self.hints(scene)
            scene.draw(self.canvas)
        if self.notices:
            self._draw_notices()
        if clip is not None:
            self.window.set_clip(None)
            pygame.display.update(clip)
        else:
            pygame.display.flip()
            self.full_frame = False
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_epoch = time.time()

    def audit_layout(self) -> list[str]:
        """Draw the screen again and say where the top scene's text is clipped, covered or off screen."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:-1]:
            self.canvas.hints = self.hints(scene)
            scene.draw(self.canvas)
        self.canvas.hints = self.hints(self.top)
        layout = self.canvas.audit_frame(lambda: self.top.draw(self.canvas))
        self.full_frame = True
        return layout.problems()

    def _draw_notices(self) -> None:
        canvas = self.canvas
        y = 10
        for text, left in self.notices:
            lines = canvas.wrap(text, theme.FONT_SMALL, 760)
            h = 16 + 24 * len(lines)
            alpha = int(235 * min(1.0, left / 0.5))
            canvas.shade((250, y, 780, h), alpha, (70, 22, 22), radius=10)
            canvas.rect(theme.BAD, (250, y, 780, h), width=2, radius=10)
            for i, line in enumerate(lines):
                canvas.text(line, theme.FONT_SMALL, theme.TEXT, (266, y + 8 + 24 * i))
            y += h + 8

    def screenshot(self, path) -> None:
        pygame.image.save(self.window, str(path))

    # ----- input translation --------------------------------------------
    def _translate(self, event) -> list:
        kind = event.type
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
            self.window = pygame.display.get_surface()
            self.canvas.attach(self.window)
            self.full_frame = True
            return []
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            data = dict(event.dict)
            data["pos"] = self.canvas.to_logical(event.pos)
            if "rel" in data:
                data["rel"] = (data["rel"][0] / self.canvas.scale, data["rel"][1] / self.canvas.scale)
            data["source"] = "mouse"
            self.last_input = "mouse"
            return [pygame.event.Event(kind, data)]
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            if not hasattr(event, "source"):
                event.source = key_source(event.key)
            self.last_input = "pad" if event.source.startswith("pad") else "keyboard"
            if self.last_input == "pad" or (self.scenes and self.top.typing()):
                return [event]  # a pad's press is already the scene's key; typed text is taken as it is
            return [pygame.event.Event(kind, {**event.dict, "physical": event.key,
                                              "key": self.bindings.key_press(self.keymap, event.key)})]
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(event.instance_id, None)
            self.pad_numbers.pop(event.instance_id, None)
            return []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(event.device_index)
            return []
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION):
            event.source = self.pad_source(event.instance_id)
            if kind != pygame.CONTROLLERAXISMOTION or abs(event.value) > STICK_THRESHOLD:
                self.last_input = "pad"
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            key = self.bindings.pad_press(self.keymap, event.button)
            if key is not None:
                return [self._key(key, event.source, event.button, kind == pygame.CONTROLLERBUTTONDOWN)]
        if kind == pygame.CONTROLLERAXISMOTION and event.axis in (
            pygame.CONTROLLER_AXIS_LEFTX,
            pygame.CONTROLLER_AXIS_LEFTY,
        ) and not (self.scenes and getattr(self.top, "raw_stick", False)):
            return self._stick(event)
        return [event]

    @property
    def keymap(self) -> str:
        """The group of bindings the top scene answers to."""
        return self.top.keymap if self.scenes else "menus"

    def pad_source(self, instance_id: int) -> str:
        """"pad-N": the pad's number, given in order of connection (a pad plugged in unseen gets the next)."""
        if instance_id not in self.pad_numbers:
            used = set(self.pad_numbers.values())
            self.pad_numbers[instance_id] = next(n for n in range(1, len(used) + 2) if n not in used)
        return f"pad-{self.pad_numbers[instance_id]}"

    def rumble(self, source: str, seconds: float, strength: float = 0.6) -> None:
        """Shake the pad that sent `source` ("pad-2"), if it can: a private confirmation."""
        for instance, number in self.pad_numbers.items():
            pad = self.pads.get(instance)
            if pad is not None and source == f"pad-{number}":
                level = int(0xFFFF * strength)
                pad.rumble(level, level, int(seconds * 1000))

    @staticmethod
    def _key(key: int, source: str, button: int | None = None, down: bool = True) -> pygame.event.Event:
        """A pad press (or release) as the key press scenes understand, still saying which pad and button sent it."""
        data = {"key": key, "mod": 0, "unicode": "", "scancode": 0, "source": source, "button": button}
        return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, data)

    def _stick(self, event) -> list:
        """The left stick moves the focus like the d-pad, once per push."""
        direction = 0 if abs(event.value) < STICK_THRESHOLD else (1 if event.value > 0 else -1)
        slot = (event.instance_id, event.axis)
        if direction == self._stick_dir.get(slot, 0):
            return []
        self._stick_dir[slot] = direction
        if not direction:
            return []
        if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
            return [self._key(pygame.K_RIGHT if direction > 0 else pygame.K_LEFT, event.source)]
        return [self._key(pygame.K_DOWN if direction > 0 else pygame.K_UP, event.source)]

    def _init_controllers(self) -> None:
        from pygame._sdl2 import controller

        controller.init()
        for index in range(controller.get_count()):
            self._open_controller(index)

    def _open_controller(self, index: int) -> None:
        from pygame._sdl2 import controller

        if controller.is_controller(index):
            pad = controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
            self.pads[instance] = pad
            self.pad_source(instance)
