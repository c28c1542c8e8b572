"""The window: windowed or fullscreen, resized by the player, and how its frames reach the screen."""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Iterable

import pygame

from game import __version__
from game.paths import asset_path
from game.ui import theme
from game.ui.canvas import Canvas, picture_key
from game.ui.stand_ins import StandIns

ICON_SIZE = (64, 64)


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


def _render_ahead(stand_ins: StandIns, pictures: Iterable[tuple[str, tuple]], window_size: tuple[int, int]) -> None:
    for name, rect in pictures:
        stand_ins.render_later(picture_key(name, rect, window_size))


def covers_the_screen_itself() -> bool:
    """Whether fullscreen is the window made borderless and as big as the screen, rather than SDL's fullscreen:
    with X11 and one display. There SDL 2 asks the window manager for fullscreen and then waits up to 100 ms
    for the window to have moved twice and changed size, which it seldom sees (without a window manager,
    never): F11 held the screen 130-145 ms. A window without a frame that covers the screen (what many games call
    borderless fullscreen) switches in 3-12 ms. With more than one display, SDL's fullscreen knows which one the
    window is on; a pygame without its ``Window`` of the display keeps SDL's fullscreen too."""
    return pygame.display.get_driver() == "x11" and len(pygame.display.get_desktop_sizes()) == 1 and \
        hasattr(getattr(pygame, "Window", None), "from_display_module")


class Window:
    """The game's one window and the canvas that draws in it at its own resolution."""

    def __init__(self, fullscreen: bool, display: str, first_pictures: Iterable[tuple[str, tuple]] = ()):
        """`first_pictures` (asset, logical rectangle): what the first screen shows, rendered on a worker while
        pygame starts and the window opens (the title's backdrop was 45-50 ms of its first frame), as soon as the
        window's size is known: a window's at once, a full screen's once the display is open."""
        self.presentation = choose_presentation(display)
        stand_ins = StandIns()
        if not fullscreen:
            _render_ahead(stand_ins, first_pictures, theme.LOGICAL_SIZE)
        pygame.init()
        desktops = pygame.display.get_desktop_sizes() if fullscreen else []
        if desktops:  # (none where the display cannot say: the pictures are then rendered in the first frame)
            _render_ahead(stand_ins, first_pictures, desktops[0])
        pygame.display.set_caption(f"Martian Game Night {__version__}")
        try:
            pygame.display.set_icon(pygame.image.load_sized_svg(str(asset_path("icon.svg")), ICON_SIZE))
        except (pygame.error, FileNotFoundError):
            pass  # cosmetic only
        self.mode_change_ms = 0.0  # how long the window system took over the last switch (the bench reports it)
        self.borderless = covers_the_screen_itself()
        self.covering = fullscreen and self.borderless  # the borderless window covers the screen now
        self.surface = self._open(fullscreen, self.borderless)
        self.canvas = Canvas(self.surface, stand_ins)

    @property
    def presentation_label(self) -> str:
        return "plain window" if self.presentation == "framebuffer" else "graphics card"

    @property
    def fullscreen(self) -> bool:
        if self.borderless:
            return self.covering
        return bool(self.surface.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, fullscreen: bool) -> bool:
        """Switch to or from fullscreen; True when the window changed."""
        if fullscreen == self.fullscreen:
            return False
        started = time.perf_counter()
        surface = self._cover_the_screen(fullscreen) if self.borderless else self._open(fullscreen)
        self.mode_change_ms = (time.perf_counter() - started) * 1000
        surface.fill((0, 0, 0))  # its memory is new: touched now, not by the first frame's drawing (9 ms at 1080p)
        self._attach(surface)
        return True

    def set_size(self, size: tuple[int, int]) -> None:
        """A window of exactly this size (the smoke run and tests check every size: each picture crisp)."""
        self._attach(pygame.display.set_mode(size), stand_ins=False)

    def resized(self) -> None:
        """The player resized the window, or the system showed it again (or moved it: see below)."""
        if self.borderless and self.fullscreen and pygame.display.get_window_position() != (0, 0):
            # A window manager that framed the window kept its frame's offsets when the frame went, and SDL moved
            # the window by them (openbox: 1 and 20 pixels off the screen's top left); now it knows, it moves it.
            pygame.display.set_window_position((0, 0))
        self._attach(pygame.display.get_surface())

    def _attach(self, surface: pygame.Surface, stand_ins: bool = True) -> None:
        self.surface = surface
        self.canvas.attach(surface, stand_ins)

    @staticmethod
    def _screen_size() -> tuple[int, int]:
        return pygame.display.get_desktop_sizes()[0]

    @staticmethod
    def _open(fullscreen: bool, borderless: bool = False) -> pygame.Surface:
        if fullscreen and borderless:
            surface = pygame.display.set_mode(Window._screen_size(), pygame.NOFRAME | pygame.RESIZABLE)
            pygame.display.set_window_position((0, 0))
            return surface
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # "forcibly resized": mended just below
            surface = pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.RESIZABLE)
        if surface.get_size() != theme.LOGICAL_SIZE:
            # Leaving fullscreen, SDL's X11 code gives the window back at the desktop's size (the resize it asks
            # for is not done yet when it looks): asked again, the window takes its own size.
            surface = pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.RESIZABLE)
        return surface

    def _cover_the_screen(self, fullscreen: bool) -> pygame.Surface:
        """The window made borderless and the screen's size, or given back its frame and its own size, centred."""
        screen = self._screen_size()
        size = screen if fullscreen else theme.LOGICAL_SIZE
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # (it would rather the game drew through it)
            window = pygame.Window.from_display_module()
        window.borderless = self.covering = fullscreen
        window.size = size
        window.position = (screen[0] - size[0]) // 2, (screen[1] - size[1]) // 2
        return pygame.display.get_surface()

    def show(self, areas: list[pygame.Rect] | None = None) -> None:
        """Put the frame on the screen: all of it, or only its `areas`."""
        if areas is None:
            pygame.display.flip()
        else:
            pygame.display.update(areas)

    def screenshot(self, path) -> None:
        pygame.image.save(self.surface, str(path))
