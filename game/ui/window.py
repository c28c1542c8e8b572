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
        self.surface = self._open(fullscreen)
        self.canvas = Canvas(self.surface, stand_ins)

    @property
    def presentation_label(self) -> str:
        return "plain window" if self.presentation == "framebuffer" else "graphics card"

    @property
    def fullscreen(self) -> bool:
        return bool(self.surface.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, fullscreen: bool) -> bool:
        """Switch to or from fullscreen; True when the window changed."""
        if fullscreen == self.fullscreen:
            return False
        started = time.perf_counter()
        surface = self._open(fullscreen)
        self.mode_change_ms = (time.perf_counter() - started) * 1000
        self._attach(surface)
        return True

    def set_size(self, size: tuple[int, int]) -> None:
        """A window of exactly this size (the smoke run and tests check every size: each picture crisp)."""
        self._attach(pygame.display.set_mode(size), stand_ins=False)

    def resized(self) -> None:
        """The player resized the window, or the system showed it again."""
        self._attach(pygame.display.get_surface())

    def _attach(self, surface: pygame.Surface, stand_ins: bool = True) -> None:
        self.surface = surface
        self.canvas.attach(surface, stand_ins)

    @staticmethod
    def _open(fullscreen: bool) -> pygame.Surface:
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

    def show(self, areas: list[pygame.Rect] | None = None) -> None:
        """Put the frame on the screen: all of it, or only its `areas`."""
        if areas is None:
            pygame.display.flip()
        else:
            pygame.display.update(areas)

    def screenshot(self, path) -> None:
        pygame.image.save(self.surface, str(path))
