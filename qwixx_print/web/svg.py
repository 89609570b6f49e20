"""The phone's painter: the scene's items (:mod:`qwixx_print.scene.items`) as SVG text
(:func:`item_svg`), built in mm with the geometry's y up (flipped on output) on a
:class:`Canvas`, colours of the scene's palette as ``#rrggbb``, and the htmx attributes of
a tap. It decides no look: sizes, places and colours are the items'.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

from markupsafe import escape

from qwixx_print.geometry import Box
from qwixx_print.scene import fonts, items, palette, shapes
from qwixx_print.scene.looks import mm
from qwixx_print.scene.turn import Turn


def flag(value: bool) -> str:
    """A data-* attribute's boolean: ``true`` or ``false``."""
    return "true" if value else "false"


def num(value: float) -> str:
    """``value`` as SVG writes a length: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _corners(r: float) -> str:
    """A rectangle's ``rx`` attribute, none for square corners."""
    return f' rx="{num(r)}"' if r else ""


def _stroke(stroke: str, width: float) -> str:
    """An outline's ``stroke`` and ``stroke-width`` attributes, none for no outline."""
    return f' stroke="{stroke}" stroke-width="{num(width)}"' if stroke != "none" else ""


class Canvas:
    """SVG text built in mm, y up as in the geometry (flipped on output)."""

    def __init__(self, height: float) -> None:
        self.height = height
        self.parts: list[str] = []

    def y(self, y: float) -> float:
        """SVG's y (down from the top, mm) of the geometry's ``y`` (up from the bottom)."""
        return self.height - y

    def rect(
        self,
        box: Box,
        fill: str,
        stroke: str = "none",
        width: float = 0.0,
        r: float = 0.0,
        extra: str = "",
    ) -> None:
        """``box`` (mm) filled with ``fill``, stroked ``width`` mm in ``stroke``, corners
        rounded by ``r`` mm; ``extra`` attributes appended as they are. (SVG's defaults, no
        stroke and square corners, are not written.)"""
        self.parts.append(
            f'<rect x="{num(box.x)}" y="{num(self.y(box.top))}" width="{num(box.w)}" '
            f'height="{num(box.h)}"{_corners(r)} fill="{fill}"{_stroke(stroke, width)}{extra}/>'
        )

    def circle(
        self, cx: float, cy: float, r: float, fill: str, stroke: str = "none", width: float = 0.0
    ) -> None:
        """A circle of radius ``r`` mm around (cx, cy) mm."""
        self.parts.append(
            f'<circle cx="{num(cx)}" cy="{num(self.y(cy))}" r="{num(r)}" fill="{fill}"'
            f"{_stroke(stroke, width)}/>"
        )

    def polygon(
        self, points: list[tuple[float, float]], fill: str, stroke: str = "", width: float = 0.0
    ) -> None:
        """The polygon through ``points`` (mm, geometry's y) filled with ``fill``, stroked
        ``width`` mm in ``stroke`` if one is given."""
        text = " ".join(f"{num(x)},{num(self.y(y))}" for x, y in points)
        line = f' stroke="{stroke}" stroke-width="{num(width)}"' if stroke else ""
        self.parts.append(f'<polygon points="{text}" fill="{fill}"{line}/>')

    def half_disc(self, cx: float, cy: float, r: float, fill: str, start: float) -> None:
        """The half of the disc of radius ``r`` mm around (cx, cy) from ``start`` degrees
        counter-clockwise to ``start`` + 180 (0: the upper half)."""
        a = math.radians(start)
        dx, dy = r * math.cos(a), r * math.sin(a)
        x0, y0, x1, y1 = num(cx - dx), num(self.y(cy - dy)), num(cx + dx), num(self.y(cy + dy))
        self.parts.append(
            f'<path d="M{x0},{y0} A{num(r)},{num(r)} 0 0 1 {x1},{y1} Z" fill="{fill}"/>'
        )

    def hit(self, box: Box) -> None:
        """An invisible rectangle over ``box`` that takes taps (a larger tap target)."""
        self.rect(box, "none", extra=' pointer-events="all" class="hit"')

    def line(self, x0: float, y0: float, x1: float, y1: float, stroke: str, width: float) -> None:
        """A line from (x0, y0) to (x1, y1), mm, ``width`` mm, round caps."""
        self.parts.append(
            f'<line x1="{num(x0)}" y1="{num(self.y(y0))}" '
            f'x2="{num(x1)}" y2="{num(self.y(y1))}" stroke="{stroke}" '
            f'stroke-width="{num(width)}" stroke-linecap="round"/>'
        )

    def open(self, tag: str) -> None:
        """Append an opening ``tag`` (written whole, attributes escaped by the caller)."""
        self.parts.append(tag)

    def close(self, tag: str) -> None:
        """Append the closing tag of ``tag``."""
        self.parts.append(f"</{tag}>")

    def svg(self) -> str:
        """Everything appended, as one string."""
        return "".join(self.parts)


class Hits:
    """The tap targets of one drawing of a sheet (``height`` mm high; ``turn``: the turned
    phone sheet's, :class:`qwixx_print.scene.turn.Turn`): a box of the sheet (mm) as the
    SVG of an invisible rectangle over it, where this drawing puts it."""

    def __init__(self, height: float, turn: Turn | None = None) -> None:
        self.height, self.turn = height, turn

    def __call__(self, box: Box) -> str:
        return _hit(box, self.height, self.turn)


@lru_cache(maxsize=4096)
def _hit(box: Box, height: float, turn: Turn | None) -> str:
    c = Canvas(height)
    c.hit(box if turn is None else turn.box(box))
    return c.svg()


@lru_cache(maxsize=8192)
def tap(url: str | None, kind: str, row: str | None = None, index: int | None = None) -> str:
    """The htmx attributes that post the move ``kind`` (with its ``row`` and ``index``, where
    given) to ``url`` (none when ``url`` is None); kept, as a sheet's taps are the same on
    every drawing of it."""
    if url is None:
        return ""
    values: dict[str, object] = {"kind": kind}
    if row is not None:
        values["row"] = row
    if index is not None:
        values["index"] = index
    post = f" hx-post=\"{escape(url)}\" hx-vals='{escape(json.dumps(values))}'"
    return post + ' role="button" tabindex="0"'


@lru_cache(maxsize=1024)
def colour(rgb: palette.RGB | None) -> str:
    """``#rrggbb`` of a palette colour, ``none`` for None."""
    return "none" if rgb is None else palette.hex_code(rgb)


@lru_cache(maxsize=16384, typed=True)
def item_svg(it: items.Item, height: float) -> str:
    """The SVG of one scene item (:mod:`qwixx_print.scene.items`, mm, y up) on a sheet
    ``height`` mm tall: every element with its whole style, stroke widths in mm, a turned
    text turned by its own ``transform`` attribute (the turned phone sheet's labels)."""
    c = Canvas(height)
    if isinstance(it, items.Rect):
        extra = f' class="{it.part}"' if it.screen else ""
        if it.alpha != 1.0:
            extra = f' opacity="{num(it.alpha)}"' + extra
        width = mm(it.width) if it.stroke is not None else 0.0
        if it.dash is not None:
            on, off = it.dash
            extra += f' stroke-dasharray="{num(mm(on))} {num(mm(off))}"'
        c.rect(it.box, colour(it.fill), colour(it.stroke), width, it.radius, extra)
    elif isinstance(it, items.Text):
        weight = ' font-weight="bold"' if it.font == fonts.FONT_BOLD else ""
        anchor = {"l": "start", "c": "middle", "r": "end"}[it.align]
        x, y = num(it.x), num(c.y(it.y))
        turned = f' transform="rotate({num(it.angle)} {x} {y})"' if it.angle else ""
        c.parts.append(
            f'<text x="{x}" y="{y}" font-size="{num(mm(it.size))}" '
            f'text-anchor="{anchor}" fill="{colour(it.fill)}"{weight}{turned}>'
            f"{escape(it.text)}</text>"
        )
    elif isinstance(it, items.Polygon):
        stroke = colour(it.stroke) if it.stroke is not None else ""
        c.polygon(list(it.points), colour(it.fill), stroke, mm(it.width))
    elif isinstance(it, items.Circle):
        width = mm(it.width) if it.stroke is not None else 0.0
        c.circle(it.cx, it.cy, it.r, colour(it.fill), colour(it.stroke), width)
        if it.alpha != 1.0:
            c.parts[-1] = c.parts[-1].replace("/>", f' fill-opacity="{num(it.alpha)}"/>')
    elif isinstance(it, items.Line):
        c.line(it.x0, it.y0, it.x1, it.y1, colour(it.stroke), mm(it.width))
    elif isinstance(it, items.Arch):
        left, right, arch, bottom = it.cx - it.r, it.cx + it.r, c.y(it.top - it.r), c.y(it.bottom)
        c.parts.append(
            f'<path d="M{num(left)},{num(bottom)} V{num(arch)} '
            f"A{num(it.r)},{num(it.r)} 0 0 1 {num(right)},{num(arch)} "
            f'V{num(bottom)}" fill="none" stroke="{colour(it.stroke)}" '
            f'stroke-width="{num(mm(it.width))}"/>'
        )
    elif isinstance(it, items.HalfDisc):
        box = it.box
        c.half_disc(box.cx, box.cy, box.w / 2, colour(it.fill), it.start)
    elif isinstance(it, items.Badge):
        ink = colour(it.ink)
        c.circle(it.x, it.y, it.r, colour(it.paper), ink, mm(it.width))
        symbol = shapes.power_symbol(it.power, it.x, it.y, it.r)
        for box in symbol.frames:
            c.rect(box, "none", ink, symbol.width)
        for x0, y0, x1, y1 in symbol.lines:
            c.line(x0, y0, x1, y1, ink, symbol.width)
    else:
        return "".join(item_svg(child, height) for child in it.items)
    return c.svg()
