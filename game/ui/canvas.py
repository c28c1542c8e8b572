"""Drawing in a fixed 1280x720 logical space, crisp at any window size.

Scenes lay everything out in logical units; the canvas scales coordinates
and font sizes to the real window (letterboxed), so text and shapes are
rasterized at the window's own resolution instead of being stretched.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from functools import lru_cache, partial

import pygame

from game.ui import theme
from game.ui.fonts import FontCache
from game.ui.layout import SCREEN
from game.ui.stand_ins import PictureKey, StandIns, render_svg

LOGICAL_W, LOGICAL_H = theme.LOGICAL_SIZE
LAYER_BYTES = 16 * 1024 * 1024  # cached layers kept at most (least recently used go first)
SPARE_BYTES = 1024 * 1024  # a layer let go this large or larger is kept to draw the next of its size in
IMAGE_SCREENS = 2  # pictures kept at most: this many screens' worth of pixels (one scene needs ~1.3, the backdrop 1)
TEXT_BYTES = 4 * 1024 * 1024  # rendered lines of text kept at most
LETTERBOX = (8, 6, 12)
ESTIMATE_MARGIN = 1.02  # a size judged from another's measure is taken this much wider, for hinting


def _shrinking(size: float, text_scale: float, most: float = 1.0) -> list[float]:
    """The sizes ``fitted`` tries for text of `size` at `text_scale`, largest first: from the player's text size
    (times `most`) down to the normal size, in steps of 5%."""
    fits = [max(size / text_scale, size * most)]
    while fits[-1] * text_scale > size + 0.01:
        fits.append(max(size / text_scale, fits[-1] - size * 0.05))
    return fits


def _too_big(fit: float, size: float, text_scale: float, width: float | None, height: float | None,
             wide: Callable[[float], float], tall: Callable[[float], float]) -> bool:
    """Whether text at `fit` (one of ``_shrinking``'s sizes) is too big for its slot: the normal size never is;
    `wide` and `tall` measure it at a size, only when there is a width or height to keep to."""
    return fit * text_scale > size + 0.01 and (
        (width is not None and wide(fit) > width) or (height is not None and tall(fit) > height))


def picture_key(name: str, rect, window_size: tuple[int, int]) -> PictureKey:
    """The key ``Canvas.image`` keeps the asset drawn in logical `rect` under, in a window of `window_size`: a
    picture rendered ahead for it (``StandIns.render_later``) is the one the image takes."""
    scale = min(window_size[0] / LOGICAL_W, window_size[1] / LOGICAL_H)
    return name, (_pixels(rect[2], scale), _pixels(rect[3], scale))


def _pixels(length: float, scale: float) -> int:
    return max(1, round(length * scale))


class Canvas:
    def __init__(self, surface: pygame.Surface, stand_ins: StandIns | None = None):
        """`stand_ins`: pictures begun before the window opened, if any (``Window``)."""
        self._fonts = FontCache()
        self._texts: dict[tuple, pygame.Surface] = {}
        self._text_bytes = 0
        self._wrapped: dict[tuple, list[str]] = {}
        self._fits: dict[tuple, tuple[str, float]] = {}
        self._sizes_drawn: set[tuple[float, bool]] = set()  # (logical size, bold) of the text the screens show
        self._fits_drawn: dict[tuple, float] = {}  # the screens' fitted labels (``fitted``'s key) -> the size chosen
        self._warmed: dict[float, set[tuple[int, bool]]] = {}  # text size -> the fonts made ready for it
        self._images: OrderedDict[tuple, pygame.Surface] = OrderedDict()  # SVGs rendered at a size
        self._image_bytes = 0
        self.stand_ins = stand_ins or StandIns()  # after the scale changes: old pictures, scaled, until new are made
        self._layers: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._layer_bytes = 0
        self._spares: dict[tuple, pygame.Surface] = {}  # (size, opaque) -> a large layer let go, to draw the next in
        self._reserved: set[tuple] = set()  # spares reserved since layers were last let go (for the next screen)
        self.text_scale = 1.0  # the player's text size (1.0, 1.25, 1.5): every font size is multiplied by it
        self.audit: Layout | None = None  # while set, every line of text and every box drawn is noted in it
        self.hints = None  # game.ui.bindings.Hints: how buttons show their keys (the app sets it for each scene)
        self._hold_after: float | None = None  # see ``hold_layers_after``
        self._made_in_frame = 0
        self._painting = 0  # layers being painted now (one inside another)
        self.held = False  # a layer was left for the next frame: this frame is not whole
        self.record: FrameRecord | None = None  # while set, the frame's drawing calls are noted in it (``App``)
        self._within: pygame.Rect | None = None  # the window area of a see-through layer being drawn (``faded``)
        self.attach(surface)

    def attach(self, surface: pygame.Surface, stand_ins: bool = True) -> None:
        """Target a (possibly resized) window surface; with `stand_ins`, a new scale's pictures are made on a
        worker thread while the old ones are shown scaled (else each is rendered when first drawn)."""
        self.surface = surface
        self.window_bytes = _bytes(surface)  # (layers are drawn on surfaces of their own: this is the window's)
        # the window's pixel format for layers (opaque ones, see-through ones): blitted without converting
        self._formats = {True: pygame.Surface((1, 1), 0, surface),
                         False: pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()}
        w, h = surface.get_size()
        scale = min(w / LOGICAL_W, h / LOGICAL_H)
        if getattr(self, "scale", scale) != scale:  # (a new canvas has nothing to let go, and keeps its stand-ins)
            self._forget_drawings()
            self._fonts.trim()
            if stand_ins:
                self.stand_ins.scale_changed(self._images)
            else:
                self.stand_ins.forget()
            self._images.clear()
            self._image_bytes = 0
        self._spares.clear()
        self._reserved.clear()
        self.scale = scale
        self.ox = (w - LOGICAL_W * scale) / 2
        self.oy = (h - LOGICAL_H * scale) / 2

    def close(self) -> None:
        """Stop the work made off the frame (pictures, glyphs), before pygame stops."""
        self.stand_ins.close()
        self._fonts.close()

    def set_text_scale(self, text_scale: float) -> None:
        """Draw text at the player's text size from now on (cached text and layers are drawn again). Only the
        fonts made ready for the new size stay: the old size's would otherwise be held with the new's."""
        if text_scale != self.text_scale:
            self.text_scale = text_scale
            self._forget_drawings()
            self._fonts.keep_only(self._warmed.pop(text_scale, set()))
            self._warmed.clear()

    def _forget_drawings(self) -> None:
        self._texts.clear()
        self._text_bytes = 0
        self._wrapped.clear()
        self._fits.clear()
        self.drop_layers()

    def drop_layers(self) -> None:
        """Let every cached layer go: the screens that drew them are closed (a game's dozens of messages and
        scores would otherwise fill the budget on every screen after it). The largest see-through and opaque one
        are kept aside to draw the next screen's in (a new window-sized surface costs its first frame 5 ms of
        memory first touched at 1920x1080), with those reserved for it; older spares go."""
        spares = {kind: surf for kind, surf in self._spares.items() if kind in self._reserved}
        for surf in self._layers.values():
            if _bytes(surf) >= self.window_bytes / 2:
                spares.setdefault(_kind(surf), surf)
        self._spares, self._reserved = spares, set()
        self._layers.clear()
        self._layer_bytes = 0
        self._sizes_drawn.clear()
        self._fits_drawn.clear()

    # ----- coordinates ---------------------------------------------------
    def px(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def to_logical(self, pos) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale

    def prect(self, rect) -> pygame.Rect:
        x, y, w, h = rect
        left, top = self.px(x, y)
        right, bottom = self.px(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    def clipped_away(self, rect) -> bool:
        """Whether nothing drawn inside logical `rect` would show: the frame redraws only a part of the window (a
        decoration's corner) elsewhere. Drawing calls skipped for it are those a still screen made ten times a
        second for nothing. Never while the frame's calls are noted (``record``): they are compared with the last
        frame's, all of them."""
        if self.record is not None:
            return False
        clip = self.surface.get_clip()
        return clip.size != self.surface.get_size() and not clip.colliderect(self.prect(rect))

    def size(self, v: float) -> int:
        return _pixels(v, self.scale)

    # ----- the frame's record ----------------------------------------------
    def noted(self, area: pygame.Rect, *look) -> None:
        """Note a drawing call in the frame's record, if one is kept: the window `area` it may paint, and its
        `look` (its kind, what it draws, how)."""
        if self.record is not None:
            self.record.calls.append((self._within or area, *look))  # (a layer's own areas are not the window's)

    def moved(self, target: pygame.Rect) -> None:
        """Note the window rectangle of something drawn in motion (a die tumbling), if a record is kept."""
        if self.record is not None:
            self.record.moved.append(self._within or target)

    # ----- shapes --------------------------------------------------------
    def clear(self, color=theme.BG) -> None:
        """Fill the logical screen (once: the letterbox bars are the app's)."""
        target = self.prect(SCREEN)
        self.noted(target, "clear", color)
        self.surface.fill(color, target)

    def letterbox(self) -> None:
        """Fill the bars around the logical screen when the window is not 16:9."""
        w, h = self.surface.get_size()
        inner = self.prect(SCREEN)
        for bar in ((0, 0, w, inner.top), (0, inner.bottom, w, h - inner.bottom),
                    (0, inner.top, inner.left, inner.height), (inner.right, inner.top, w - inner.right, inner.height)):
            if bar[2] > 0 and bar[3] > 0:
                self.surface.fill(LETTERBOX, bar)

    # ----- cached layers ---------------------------------------------------
    def cached(self, key, rect, draw, opaque: bool = False, over=None) -> None:
        """Draw what ``draw(canvas)`` draws inside `rect`, from a cached surface while `key` is the same.

        For whatever does not change from frame to frame (panels, buttons, a table with its targets):
        it is drawn once at the window's resolution and then blitted. `key` must name everything the
        drawing depends on; the position comes from `rect`, so a moving sprite keeps its cache entry.
        `over`: the key of the opaque layer of the whole screen drawn under it, with nothing between (a panel
        on the table). While that layer is made, this one is made over its part of it, where it is, as if drawn
        straight onto the table: blitting it is then a copy, not a blend (a side panel at 1920x1080 took 0.63 ms
        blended, 0.20 copied).
        """
        target = self.prect(rect)
        under = self._layers.get((over, self.prect(SCREEN).size)) if over is not None else None
        if under is not None:
            key, opaque, draw = (key, "over", over, target.topleft), True, self._over(under, target, draw)
        if (key, target.size) not in self._layers and self._holding():
            return  # made in the next frame; this one is not shown
        self.noted(target, "layer", key)
        self.surface.blit(self._layer(key, target, draw, opaque), target)

    def _over(self, under: pygame.Surface, target: pygame.Rect, draw):
        """`draw` made over the part of the whole screen's layer `under` that `target` covers."""
        screen = self.prect(SCREEN)

        def drawn(canvas) -> None:
            canvas.surface.blit(under, (0, 0), target.move(-screen.x, -screen.y))
            draw(canvas)
        return drawn

    def hold_layers_after(self, moment: float | None) -> None:
        """Make no new layer or line of text after `moment` (``time.perf_counter``) in this frame, beyond the first,
        but leave it for the next (``held`` tells; its pictures go to the worker meanwhile): a new screen's first
        frame, everything made at once, spreads over a few frames instead of missing refreshes, the screen before
        it shown a little longer. None: no limit."""
        self._hold_after = moment
        self._made_in_frame = 0
        self.held = False

    def _holding(self) -> bool:
        """Whether something new (a layer, a line of text) is left for the next frame, as this one is past its moment
        to stop making them (``hold_layers_after``); if so, the frame is ``held``."""
        if self._hold_after is None or self._painting or not self._made_in_frame or \
                time.perf_counter() <= self._hold_after:
            return False
        self.held = True
        return True

    def _may_make(self) -> bool:
        """Whether something new (a line of text, a picture scaled) may be made in this frame, counted if so; not once
        the frame is past its moment (``_holding``)."""
        if self._holding():
            return False
        self._made_in_frame += 1
        return True

    def reserve_layer(self, rect, opaque: bool = False) -> None:
        """A surface ready for a layer over `rect` that a screen still to come will make, its memory touched now
        rather than in that screen's first frame (5 ms for the whole window at 1920x1080)."""
        kind = (self.prect(rect).size, opaque)
        if kind not in self._spares:
            spare = pygame.Surface(kind[0], 0 if opaque else pygame.SRCALPHA, self._formats[opaque])
            spare.fill((0, 0, 0, 0))
            self._spares[kind] = spare
        self._reserved.add(kind)

    def prepare_layer(self, key, rect, draw, opaque: bool = False) -> None:
        """Make the layer ``cached`` will blit (if it is not made yet) without drawing it: a screen still to come
        (a table, behind its setup screen) gets its slow-to-make parts ahead of its first frame."""
        self._layer(key, self.prect(rect), draw, opaque)

    def _layer(self, key, target: pygame.Rect, draw, opaque: bool) -> pygame.Surface:
        """The cached surface of ``cached`` for the window's `target` (made now if need be)."""
        entry = (key, target.size)
        surf = self._layers.get(entry)
        if surf is None:
            record, self.record = self.record, None  # its key stands for what is drawn in it
            try:
                surf = self._drawn_apart(target, draw, opaque)
            finally:
                self.record = record
            self._made_in_frame += 1
            self._layers[entry] = surf
            self._layer_bytes += _bytes(surf)
            while self._layer_bytes > LAYER_BYTES and len(self._layers) > 1:
                old = self._layers.popitem(last=False)[1]
                self._layer_bytes -= _bytes(old)
                self._keep_spare(old)
        else:
            self._layers.move_to_end(entry)
        return surf

    def _keep_spare(self, surf: pygame.Surface) -> None:
        """A large layer let go is kept to draw the next of its size in, if none is kept yet: a surface of a
        megabyte or more is memory mapped afresh (``game.heap``), and touching it cost a side panel's new layer
        1.2 ms of its 2-4 at 1920x1080."""
        if _bytes(surf) >= SPARE_BYTES:
            self._spares.setdefault(_kind(surf), surf)

    def _drawn_apart(self, target: pygame.Rect, draw, opaque: bool = False) -> pygame.Surface:
        """What ``draw(canvas)`` draws over the window's `target`, on a surface of its own in the window's pixel
        format (no converted copy: half the memory churned for each new layer)."""
        surf = self._spares.pop((target.size, opaque), None)
        if surf is None:
            surf = pygame.Surface(target.size, 0 if opaque else pygame.SRCALPHA, self._formats[opaque])
        else:
            surf.fill((0, 0, 0, 0))
        saved = self.surface, self.ox, self.oy
        self.surface, self.ox, self.oy = surf, self.ox - target.x, self.oy - target.y
        self._painting += 1
        try:
            draw(self)
        finally:
            self.surface, self.ox, self.oy = saved
            self._painting -= 1
        return surf

    def faded(self, rect, alpha: float, draw) -> None:
        """What ``draw(canvas)`` draws inside `rect`, see-through by `alpha` (0 to 1): reduced motion's fades."""
        if alpha >= 1:
            draw(self)
            return
        target = self.prect(rect)
        if alpha <= 0 or target.width <= 0 or target.height <= 0:
            return
        self.noted(target, "faded", round(255 * alpha))
        within, self._within = self._within, self._within or target
        try:
            layer = self._drawn_apart(target, draw)
        finally:
            self._within = within
        layer.set_alpha(round(255 * alpha))
        self.surface.blit(layer, target)

    def rect(self, color, rect, width: float = 0, radius: float = 0) -> None:
        target, edge, corner = self.prect(rect), self.size(width) if width else 0, self.size(radius) if radius else -1
        self.noted(target, "rect", color, edge, corner)
        pygame.draw.rect(self.surface, color, target, edge, corner)

    def shade(self, rect, alpha: int = 150, color=(0, 0, 0), radius: float = 0) -> None:
        """Darken (or tint) an area: panels over busy backgrounds, overlays."""
        if self.audit is not None and alpha >= 150:
            self.audit.cover(pygame.Rect([round(v) for v in rect]))
        if tuple(color) == (0, 0, 0):  # plain darkening: a multiply, no alpha layer to blend
            target = self.prect(rect)
            self.noted(target, "darken", alpha, radius)
            self._darken(target, alpha, self.size(radius) if radius else 0)
            return
        x, y, w, h = rect

        def paint(canvas) -> None:
            r = canvas.prect(rect)
            pygame.draw.rect(canvas.surface, (*color, alpha), r, 0, canvas.size(radius) if radius else -1)

        self.cached(("shade", alpha, tuple(color), radius, w, h), rect, paint)

    def _darken(self, target: pygame.Rect, alpha: int, radius: int) -> None:
        """Darken `target` by `alpha`, its corners rounded by `radius` pixels: the straight parts multiplied, the
        corners blitted from a small disc (a list's rounded sheet was a 6 MB layer at 1920x1080)."""
        keep = (255 - alpha,) * 3
        r = min(radius, target.width // 2, target.height // 2)
        sides = (pygame.Rect(target.left, target.top + r, r, target.height - 2 * r),
                 pygame.Rect(target.right - r, target.top + r, r, target.height - 2 * r))
        for part in (target.inflate(-2 * r, 0), *sides) if r else (target,):
            self.surface.fill(keep, part, special_flags=pygame.BLEND_RGB_MULT)
        if r:
            disc = _dark_disc(alpha, r)
            for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
                corner = (target.left + dx * (target.width - r), target.top + dy * (target.height - r))
                self.surface.blit(disc, corner, (dx * r, dy * r, r, r))

    def wash(self, rect, color, alpha: int) -> None:
        """A see-through layer of one colour over `rect` whose strength changes every frame (a fading flash):
        what is drawn is darkened and the colour added, two fills with no layer to keep (a full-screen one
        took 8 MB at 1920x1080 and pushed the table's own layer out of the cache)."""
        alpha = max(0, min(255, alpha))
        target = self.prect(rect)
        keep = 255 - alpha
        self.noted(target, "wash", color, alpha)
        self.surface.fill((keep, keep, keep), target, special_flags=pygame.BLEND_RGB_MULT)
        self.surface.fill([round(c * alpha / 255) for c in color[:3]], target, special_flags=pygame.BLEND_RGB_ADD)

    def circle(self, color, center, radius: float, width: float = 0) -> None:
        at, r, edge = self.px(*center), self.size(radius), self.size(width) if width else 0
        self.noted(pygame.Rect(at[0] - r - 1, at[1] - r - 1, 2 * r + 2, 2 * r + 2), "circle", color, edge)
        pygame.draw.aacircle(self.surface, color, at, r, edge)

    def polygon(self, color, points, width: float = 0) -> None:
        corners, edge = [self.px(x, y) for x, y in points], self.size(width) if width else 0
        self.noted(_around(corners, edge), "polygon", color, corners)
        pygame.draw.polygon(self.surface, color, corners, edge)

    def lines(self, color, points, width: float = 1) -> None:
        corners, edge = [self.px(x, y) for x, y in points], self.size(width)
        self.noted(_around(corners, edge), "lines", color, corners)
        pygame.draw.lines(self.surface, color, False, corners, edge)

    def line(self, color, a, b, width: float = 1) -> None:
        ends, edge = (self.px(*a), self.px(*b)), self.size(width)
        self.noted(_around(ends, edge), "line", color, ends)
        pygame.draw.line(self.surface, color, *ends, edge)

    def symbol(self, kind: str, color, center, radius: float) -> None:
        """A player's marker shape, so seats never differ by colour alone."""
        cx, cy = center
        if kind == "circle":
            self.circle(color, center, radius)
        elif kind == "ring":
            self.circle(color, center, radius, max(2, radius * 0.35))
        elif kind == "square":
            self.rect(color, (cx - radius * 0.85, cy - radius * 0.85, radius * 1.7, radius * 1.7), radius=radius * 0.2)
        elif kind == "cross":
            w = radius * 0.6
            self.rect(color, (cx - radius, cy - w / 2, 2 * radius, w))
            self.rect(color, (cx - w / 2, cy - radius, w, 2 * radius))
        else:
            corners = {"triangle": 3, "diamond": 4, "hexagon": 6, "star": 10}[kind]
            points = []
            for i in range(corners):
                angle = -math.pi / 2 + i * 2 * math.pi / corners
                r = radius * (0.45 if kind == "star" and i % 2 else 1.0)
                points.append((cx + r * math.cos(angle), cy + r * math.sin(angle) * (1.0 if kind != "triangle" else 1.0)))
            if kind == "triangle":
                points = [(x, y + radius * 0.2) for x, y in points]
            self.polygon(color, points)

    # ----- text ----------------------------------------------------------
    def render_text(self, text: str, size: float, color, bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(color), bold)
        self._sizes_drawn.add((size, bold))
        surf = self._texts.get(key)
        if surf is None:
            if not self._may_make():  # a frame not shown: only the line's size matters
                px = self.font_px(size)
                return pygame.Surface((max(1, self._fonts.width(text, px, bold)), self._fonts.line_height(px)),
                                      pygame.SRCALPHA)
            if self._text_bytes > TEXT_BYTES:
                self._texts.clear()
                self._text_bytes = 0
            surf = self._fonts.render(text, self.font_px(size), color, bold).convert_alpha()
            self._texts[key] = surf
            self._text_bytes += _bytes(surf)
        return surf

    def warm_text_scales(self, scales) -> Future | None:
        """Make ready, off the frame, the glyphs that the screens' text needs at these text sizes (the
        settings screen, where a player changes it, asks for the next); the work, while there is any."""
        for scale in scales:
            if scale != self.text_scale:
                self._warmed[scale] = self._fonts_at_text_scale(scale)
        return self._fonts.warm(set().union(*self._warmed.values()))

    def _fonts_at_text_scale(self, scale: float) -> set[tuple[int, bool]]:
        """The (pixel size, bold) fonts the screens' text would use at text size `scale`: plain text at that
        size; a fitted label at the size judged to fit from its measure now (as ``_fitting_size`` will judge
        it) and the next smaller (the judging is off by a pixel now and then), and its normal size, which that
        judging measures."""
        shrunk = {(fit, key[4]) for key, fit in self._fits_drawn.items() if fit != key[1]}
        fonts = {(self.font_px(size, scale), bold) for size, bold in self._sizes_drawn - shrunk}
        for (text, size, width, height, bold, most), fit in self._fits_drawn.items():
            sizes = _shrinking(size, scale, most)
            guess = self._judged_fit(sizes, size, scale, width, height, self.font_px(fit),
                                     partial(self.text_width, text, fit, bold), partial(self.text_height, fit))
            fonts.add((self.font_px(size / scale, scale), bold))
            fonts |= {(self.font_px(fit, scale), bold) for fit in sizes[guess:guess + 2]}
        return fonts

    def font_px(self, size: float, text_scale: float | None = None) -> int:
        """Real pixel size of a font of logical `size` at the player's text size (or `text_scale`); a half
        rounds down, so a size reached by shrinking to the normal size never comes out a pixel larger than the
        normal size itself."""
        scale = self.text_scale if text_scale is None else text_scale
        return max(1, math.floor(size * scale * self.scale + 0.5 - 1e-6))

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self._fonts.width(text, self.font_px(size), bold) / self.scale

    def line_height(self, size: float, gap: float = 1.25) -> float:
        """Logical height of one line of text of `size` (with `gap` times its size between baselines)."""
        return size * self.text_scale * gap

    def text_height(self, size: float) -> float:
        """Logical height of the drawn line itself (what a one-line label needs), bold or not."""
        return self._fonts.line_height(self.font_px(size)) / self.scale

    def fit(self, text: str, size: float, width: float, bold: bool = False) -> str:
        """The text, or as much of it as fits in `width` followed by an ellipsis."""
        if self.text_width(text, size, bold) <= width:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.text_width(text[:mid].rstrip() + "…", size, bold) <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "…"

    def text(self, text: str, size: float, color, pos, anchor: str = "topleft", bold: bool = False,
             width: float | None = None, height: float | None = None, zoom: float = 1.0,
             shorten_ok: bool = False, most: float = 1.0) -> pygame.Rect:
        """Draw one line; returns its logical rectangle.

        Where room is limited (`width`, `height` of the line's slot), text larger than normal (the
        player's text size) grows only as far as the slot allows, never below the normal size; what
        still does not fit is cut with an ellipsis. That counts as a layout problem unless
        `shorten_ok` (a player's name may be too long)."""
        whole = text
        if width is not None or height is not None:
            text, size = self.fitted(text, size, width, height, bold, most)
        surf = self.render_text(text, size, color, bold)
        if zoom != 1.0:  # a pulse or a pop: the cached line, scaled (sizes in between are not kept)
            surf = pygame.transform.smoothscale_by(surf, zoom)
        rect = surf.get_rect(**{anchor: self.px(*pos)})
        self.noted(rect, "text", surf)
        self.surface.blit(surf, rect)
        w, h = surf.get_size()
        x, y = self.to_logical(rect.topleft)
        drawn = pygame.Rect(round(x), round(y), round(w / self.scale), round(h / self.scale))
        if self.audit is not None:
            self.audit.texts.append((text, drawn))
            if text != whole and not shorten_ok:
                self.audit.shortened.append(whole)
            if size * self.text_scale < theme.FONT_SMALL - 0.01 and text.strip():
                self.audit.tiny.append(text)
        return drawn

    def stack(self, lines, rect, gap: float = 2, centre: bool = False, shorten_ok: bool = False) -> list[pygame.Rect]:
        """Draw lines top to bottom inside `rect`, each cut to its width; when they would not all fit at the
        player's text size they share the height by their sizes, all shrunk alike (never below the normal size).

        `lines`: (text, size, colour) or (text, size, colour, bold) tuples; an empty text leaves a gap.
        """
        x, y, w, h = rect
        wanted = [self.text_height(line[1]) + gap for line in lines]
        squeeze = min(1.0, h / sum(wanted)) if wanted else 1.0
        shrink = min([self.fitted(text, size, w, need * squeeze - gap, bool(bold and bold[0]))[1] / size
                      for (text, size, _, *bold), need in zip(lines, wanted) if text] or [1.0])
        drawn = []
        for line, need in zip(lines, wanted):
            text, size, color, *bold = line
            slot = need * squeeze
            if text:
                drawn.append(self.text(text, size, color, (x + w / 2, y) if centre else (x, y), "midtop" if centre else "topleft",
                                       bold=bool(bold and bold[0]), width=w, height=slot - gap, shorten_ok=shorten_ok,
                                       most=shrink))
            y += slot
        return drawn

    def first_whole(self, options: list[str], size: float, width: float | None, height: float | None,
                    bold: bool = False) -> str:
        """The first of `options` (longest first) that fits its slot uncut; the last one when none does."""
        for text in options:
            if self.fitted(text, size, width, height, bold)[0] == text:
                return text
        return options[-1]

    def fitted(self, text: str, size: float, width: float | None, height: float | None,
               bold: bool = False, most: float = 1.0) -> tuple[str, float]:
        """(text, size) that fit a slot: the size shrinks from the player's text size (times `most`) down to the
        normal size at most, then the text is cut with an ellipsis (remembered: drawn every frame)."""
        key = (text, size, width, height, bold, most)
        found = self._fits.get(key)
        if found is None:
            if len(self._fits) > 2048:
                self._fits.clear()
            fit = self._fitting_size(text, size, width, height, bold, most)
            found = self._fits[key] = (self.fit(text, fit, width, bold) if width is not None else text, fit)
        self._fits_drawn[key] = found[1]
        return found

    def _fitting_size(self, text: str, size: float, width: float | None, height: float | None, bold: bool,
                      most: float) -> float:
        """The largest of the sizes ``_shrinking`` gives that fits (the last, the normal size, always does).
        Every size measured for the first time costs its glyphs (a millisecond a label), so sizes are first
        judged from the normal size's measure; only the size chosen is measured, and drawing it needs its
        glyphs anyway."""
        normal = size / self.text_scale
        sizes = _shrinking(size, self.text_scale, most)
        guess = self._judged_fit(sizes, size, self.text_scale, width, height, self.font_px(normal),
                                 partial(self.text_width, text, normal, bold), partial(self.text_height, normal))

        def wide(fit: float) -> float:
            return self.text_width(text, fit, bold)

        return next(fit for fit in sizes[guess:] if not _too_big(fit, size, self.text_scale, width, height,
                                                                 wide, self.text_height))

    def _judged_fit(self, sizes: list[float], size: float, scale: float, width: float | None,
                    height: float | None, px: int, wide: Callable[[], float], tall: Callable[[], float]) -> int:
        """Which of `sizes` (at text size `scale`) is the first to fit, judged from one measure (`wide`, `tall`:
        how wide and tall the text is at `px` pixels): text grows in proportion to its size, give or take a
        pixel of hinting (``ESTIMATE_MARGIN``)."""
        def grown(fit: float) -> float:
            return self.font_px(fit, scale) / px * ESTIMATE_MARGIN

        def judged_wide(fit: float) -> float:
            return wide() * grown(fit)

        def judged_tall(fit: float) -> float:
            return tall() * grown(fit)

        return next(i for i, fit in enumerate(sizes) if not _too_big(fit, size, scale, width, height,
                                                                      judged_wide, judged_tall))

    def popup(self, rect) -> None:
        """Note a pop-up (a tooltip, a card's rule) about to be drawn over whatever is beneath it."""
        if self.audit is not None:
            self.audit.cover(pygame.Rect([round(v) for v in rect]), popup=True)

    def obstacle(self, rect, what: str) -> None:
        """Note a thing text must not touch (a die, a target, an effect) for the layout audit."""
        if self.audit is not None:
            self.audit.obstacles.append((what, pygame.Rect([round(v) for v in rect])))

    def box(self, rect) -> None:
        """Note a frame that text must stay inside or outside of (a button, a panel) for the layout audit."""
        if self.audit is not None:
            self.audit.boxes.append(pygame.Rect([round(v) for v in rect]))

    def audit_frame(self, draw) -> "Layout":
        """Draw one frame with ``draw()`` from scratch (no cached layers) and return what it laid out."""
        self.audit = Layout()
        self._forget_drawings()
        try:
            draw()
        finally:
            layout, self.audit = self.audit, None
        return layout

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        """The text broken into lines that fit `width` (remembered: help pages are drawn every frame)."""
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 256:
                self._wrapped.clear()
            lines = self._wrapped[key] = self._wrap(text, size, width, bold)
        return lines

    def _wrap(self, text: str, size: float, width: float, bold: bool) -> list[str]:
        return self._fonts.wrap(text, self.font_px(size), bold, width * self.scale)

    def wrapped_to_fit(self, texts, size: float, width: float, height: float, gap: float = 2,
                       space: float = 0) -> tuple[float, list[list[str]]] | None:
        """The largest size, from the player's text size down to the normal one, at which every text of `texts`
        wrapped to `width` fits `height` (lines `gap` apart, texts `space`), and their lines at it; None if even
        the normal size does not fit. Wrapped at the size drawn: text shrunk after wrapping at a larger size keeps
        that size's short lines and runs out of room sooner."""
        for fit in _shrinking(size, self.text_scale):
            wrapped = [self.wrap(text, fit, width) for text in texts]
            if sum(map(len, wrapped)) * (self.text_height(fit) + gap) + len(texts) * space <= height:
                return fit, wrapped
        return None

    def paragraph(self, text: str, size: float, color, pos, width: float, line_gap: float = 1.25) -> float:
        """Draw wrapped text; returns the logical y below it."""
        x, y = pos
        for line in self.wrap(text, size, width):
            self.text(line, size, color, (x, y))
            y += self.line_height(size, line_gap)
        return y

    # ----- images --------------------------------------------------------
    def image(self, name: str, rect, opaque: bool = False) -> None:
        """Blit an SVG asset rendered crisply at the rectangle's real size.

        Images are converted to the window's pixel format once (fast blits);
        `opaque` ones (full-screen backdrops) also drop their alpha channel.
        An image keeps its own proportions and is centred in the rectangle.
        """
        surf, target = self._rendered(name, rect, opaque)
        if surf is not None:
            self._blit_centred(surf, target)

    def turned(self, name: str, rect, fraction: float) -> None:
        """``image`` squeezed to `fraction` of its width about its middle (a card turning edge-on): the picture for
        `rect` scaled each frame (0.03 ms), not one rendered at each width (0.4-1.1 ms a frame for each card
        turning, and pictures shown once filled the pictures' budget)."""
        surf, target = self._rendered(name, rect, opaque=False)
        if surf is not None:
            width = max(1, round(surf.get_width() * fraction))
            self._blit_centred(pygame.transform.smoothscale(surf, (width, surf.get_height())), target)

    def _blit_centred(self, surf: pygame.Surface, target: pygame.Rect) -> None:
        at = surf.get_rect(center=target.center)
        self.noted(at, "image", surf)
        self.surface.blit(surf, at)

    def prepare_image(self, name: str, rect) -> None:
        """Have a picture ``image`` will soon blit at this size rendered on the pictures' worker, off the frame
        (a page still to be turned to, or one whose pictures are shown as they come: see ``image_ready``)."""
        key = (name, self._target(rect).size)
        if key not in self._images:
            self.stand_ins.render_later(key)

    def image_ready(self, name: str, rect) -> bool:
        """Whether ``image`` has this picture at this size already (drawing it costs a blit, not a render); one
        ``prepare_image`` had rendered is taken in now."""
        key = (name, self._target(rect).size)
        return key in self._images or self._take_made(key, opaque=False) is not None

    def _target(self, rect) -> pygame.Rect:
        x, y, w, h = rect
        left, top = self.px(x, y)
        # the size comes from the rectangle's size alone, so a moving image keeps its cache entry
        return pygame.Rect(left, top, self.size(w), self.size(h))

    def _rendered(self, name: str, rect, opaque: bool) -> tuple[pygame.Surface | None, pygame.Rect]:
        """The SVG rendered for `rect` (from the cache, or now), and where it goes on the window; None when it is
        being rendered on the worker while this frame is held."""
        target = self._target(rect)
        key = (name, target.size)
        surf = self.picture(key) or self._take_made(key, opaque)
        if surf is None:
            if self.stand_ins.to_scale(key) and not self._may_make():  # a window-sized one: 3-6 ms at 1920x1080
                return None, target
            stand_in = self.stand_ins.stand_in(key)
            if stand_in is not None:
                return stand_in, target
            if self._render_later():
                self.stand_ins.render_later(key)
                self.held = True
                return None, target
            surf = self._kept(key, self.stand_ins.wait(key) or render_svg(name, target.size), opaque)
        return surf, target

    def _take_made(self, key, opaque: bool) -> pygame.Surface | None:
        """A picture the worker has finished rendering, kept from now on; None while there is none."""
        made = self.stand_ins.made(key)
        return self._kept(key, made, opaque) if made is not None else None

    def _kept(self, key, rendered: pygame.Surface, opaque: bool) -> pygame.Surface:
        """A rendered picture in the window's pixel format, kept (``keep_picture``)."""
        surf = rendered.convert() if opaque else rendered.convert_alpha()
        self.keep_picture(key, surf)
        return surf

    def _render_later(self) -> bool:
        """Whether a picture not made yet is left to the worker in this frame: in a frame that may be held (see
        ``hold_layers_after``) every one is (even a small render takes milliseconds), but not inside a layer
        being painted, which must be whole."""
        return self._hold_after is not None and not self._painting

    def picture(self, key) -> pygame.Surface | None:
        """A picture kept for this window's size (an SVG rendered, or one a game made), if it still is."""
        surf = self._images.get(key)
        if surf is not None:
            self._images.move_to_end(key)
        return surf

    def keep_picture(self, key, surf: pygame.Surface) -> None:
        """Keep a picture made for this window's size, within the pictures' budget (the least recently used go
        first: pictures of screens long closed)."""
        self._images[key] = surf
        self._image_bytes += _bytes(surf)
        while self._image_bytes > IMAGE_SCREENS * self.window_bytes and len(self._images) > 1:
            self._image_bytes -= _bytes(self._images.popitem(last=False)[1])


class Layout:
    """The lines of text and the boxes of one frame, to find text that is clipped, covered or off screen."""

    SLACK = 2  # logical pixels of tolerance

    def __init__(self):
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.boxes: list[pygame.Rect] = []
        self.obstacles: list[tuple[str, pygame.Rect]] = []  # (what, where): dice, targets, effects
        self.shortened: list[str] = []
        self.tiny: list[str] = []  # text smaller than the smallest size a sofa can read

    def cover(self, rect: pygame.Rect, popup: bool = False) -> None:
        """A dark layer over `rect` (or a `popup` drawn over whatever is there): what it hides is not read."""
        hidden = rect.colliderect if popup else rect.contains
        self.texts = [(t, r) for t, r in self.texts if not hidden(r)]
        self.boxes = [b for b in self.boxes if not hidden(b)]
        self.obstacles = [(w, part) for w, b in self.obstacles for part in ([b] if popup else _outside(b, rect))
                          if not hidden(part)]

    def problems(self) -> list[str]:
        found = [f"{text!r} is cut short" for text in self.shortened]
        found += [f"{text!r} is smaller than the smallest text size" for text in self.tiny]
        inks = [(text, _ink(rect)) for text, rect in self.texts if text.strip()]
        for text, ink in inks:
            found += self._off_screen(text, ink) + self._crossing(text, ink) + self._touching(text, ink)
        return found + self._overlaps(inks)

    def _touching(self, text: str, ink: pygame.Rect) -> list[str]:
        """A line over (or under) a die, a target or an effect."""
        return [f"{text!r} at {tuple(ink)} touches {what} at {tuple(rect)}" for what, rect in self.obstacles
                if ink.colliderect(rect.inflate(-2 * self.SLACK, -2 * self.SLACK))]

    def _off_screen(self, text: str, ink: pygame.Rect) -> list[str]:
        screen = pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H).inflate(2 * self.SLACK, 2 * self.SLACK)
        return [] if screen.contains(ink) else [f"{text!r} at {tuple(ink)} is off the screen"]

    def _crossing(self, text: str, ink: pygame.Rect) -> list[str]:
        """A line that is partly inside a box and partly out (a line around a whole box is fine)."""
        found = []
        for box in self.boxes:
            inner = box.inflate(2 * self.SLACK, 2 * self.SLACK)
            if ink.colliderect(box.inflate(-2 * self.SLACK, -2 * self.SLACK)) and not inner.contains(ink) \
                    and not ink.contains(box):
                found.append(f"{text!r} at {tuple(ink)} crosses the edge of the box at {tuple(box)}")
        return found

    @staticmethod
    def _overlaps(inks: list[tuple[str, pygame.Rect]]) -> list[str]:
        found = []
        for i, (text, ink) in enumerate(inks):
            for other, ink2 in inks[i + 1:]:
                if other != text and ink.colliderect(ink2):
                    found.append(f"{text!r} at {tuple(ink)} overlaps {other!r} at {tuple(ink2)}")
        return found


def _outside(rect: pygame.Rect, cover: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `rect` a dark layer over `cover` leaves in sight (strips above, below, left and right)."""
    if not rect.colliderect(cover):
        return [rect]
    top, bottom = max(rect.top, cover.top), min(rect.bottom, cover.bottom)
    parts = [pygame.Rect(rect.left, rect.top, rect.width, top - rect.top),
             pygame.Rect(rect.left, bottom, rect.width, rect.bottom - bottom),
             pygame.Rect(rect.left, top, max(0, cover.left - rect.left), bottom - top),
             pygame.Rect(cover.right, top, max(0, rect.right - cover.right), bottom - top)]
    return [part for part in parts if part.width > 0 and part.height > 0]


def _ink(rect: pygame.Rect) -> pygame.Rect:
    """Where a line's letters are: its rectangle less the font's spare room above and below."""
    trim = round(rect.height * 0.18)
    return pygame.Rect(rect.x + 1, rect.y + trim, max(1, rect.width - 2), max(1, rect.height - 2 * trim))


@lru_cache(maxsize=32)
def _dark_disc(alpha: int, radius: int) -> pygame.Surface:
    """A see-through black disc whose quarters are a darkened rounded rectangle's corners."""
    disc = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    pygame.draw.rect(disc, (0, 0, 0, alpha), disc.get_rect(), 0, radius)
    return disc


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_bytesize() * surface.get_width() * surface.get_height()


def _around(points, edge: int) -> pygame.Rect:
    """The window rectangle that lines through `points`, `edge` pixels wide, may paint."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = min(xs) - edge, min(ys) - edge
    return pygame.Rect(left, top, max(xs) + edge + 1 - left, max(ys) + edge + 1 - top)


class FrameRecord:
    """What one frame drew, call by call (each call's look: its kind, what it draws, where), and the window
    rectangles of what was drawn in motion in it (dice tumbling: not in ``calls``). The next frame whose calls are
    the same changed only where things moved: ``App`` then shows only that area."""

    def __init__(self, calls: list[tuple] | None = None):
        self.calls = calls if calls is not None else []  # (the window area it may paint, its look...)
        self.moved: list[pygame.Rect] = []

    def changed_area(self, other: FrameRecord, clip: pygame.Rect, most: int) -> list[pygame.Rect] | None:
        """The rectangles, one holding `clip`, outside which this frame's drawing calls are `other`'s,
        in the same order (the window looks the same there after both frames); None when they would cover more than
        `most` pixels. They grow by the area of the first call that differs until none does; a change far from
        `clip` (a score beside tumbling dice) is a rectangle of its own, not one stretched over both. Both lists are
        walked once, side by side: a call the same in both stays so when an area grows over it in both (looking at
        every call against every area again after each growth, a frame whose turn log changed spent 29 ms here)."""
        areas = [clip]
        mine, theirs = self.calls, other.calls
        i = j = 0
        while True:
            i, j = _next_outside(mine, i, areas), _next_outside(theirs, j, areas)
            if i == len(mine) and j == len(theirs):
                return areas
            if i < len(mine) and j < len(theirs) and mine[i] == theirs[j]:
                i, j = i + 1, j + 1
                continue
            areas = _merged(areas, [call[0] for call in mine[i:i + 1] + theirs[j:j + 1]])
            if sum(area.width * area.height for area in areas) > most:
                return None


def _kind(surf: pygame.Surface) -> tuple[tuple[int, int], bool]:
    """A layer's kind, as spares are kept: its size, and whether it is opaque."""
    return surf.get_size(), not surf.get_flags() & pygame.SRCALPHA


def _merged(areas: list[pygame.Rect], more: list[pygame.Rect]) -> list[pygame.Rect]:
    """`areas` with `more` added, each overlapping rectangle joined into one."""
    areas = list(areas)
    for rect in more:
        while (hit := rect.collidelist(areas)) != -1:
            rect = rect.union(areas.pop(hit))
        areas.append(rect)
    return areas


def _next_outside(calls: list[tuple], start: int, areas: list[pygame.Rect]) -> int:
    """The index of the first call from `start` on that paints outside every area (the end, if none does)."""
    for index in range(start, len(calls)):
        if not any(area.contains(calls[index][0]) for area in areas):
            return index
    return len(calls)
