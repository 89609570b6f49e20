"""The PDF's painter: the scene's items (:mod:`qwixx_print.scene.items`, mm) on a reportlab
canvas (pt), in their order, with the graphics state each item says (:func:`items`); the
fonts registered, colours of the scene's palette. It decides no look."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from qwixx_print.geometry import Box
from qwixx_print.scene import fonts, palette, shapes
from qwixx_print.scene.fonts import FONT, MM
from qwixx_print.scene.items import (
    Arch,
    Badge,
    Circle,
    Group,
    HalfDisc,
    Item,
    Line,
    Polygon,
    Rect,
    Text,
)

INK = Color(*palette.INK)
CUT = Color(*palette.CUT)


@cache
def register_fonts() -> None:
    """Register the shipped DejaVu Sans (regular, bold) with reportlab, once per process."""
    folder = resources.files("qwixx_print") / "fonts"
    for name, file in fonts.FILES.items():
        with resources.as_file(folder / file) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def colour(rgb: palette.RGB) -> Color:
    """The reportlab colour of a palette colour (r, g, b in 0..1)."""
    return Color(*rgb)


def text_at(
    c: Canvas, text: str, x: float, y: float, size: float, font: str = FONT, align: str = "c"
) -> None:
    """Draw ``text`` at (x, y) mm, ``size`` pt, aligned left (``l``), centre or right."""
    c.setFont(font, size)
    draw = {"l": c.drawString, "c": c.drawCentredString, "r": c.drawRightString}[align]
    draw(x * MM, y * MM, text)


def _state(
    c: Canvas,
    sets: str,
    fill: palette.RGB | None,
    stroke: palette.RGB | None,
    width: float,
    dash: tuple[float, float] | None = None,
    alpha: float = 1.0,
) -> None:
    """Set the graphics state an item's ``sets`` names, in its order (see
    :mod:`qwixx_print.scene.items`)."""
    for what in sets:
        if what == "w":
            c.setLineWidth(width)
        elif what == "f" and fill is not None:
            c.setFillColor(colour(fill), alpha=alpha if alpha != 1.0 else None)
        elif what == "s" and stroke is not None:
            c.setStrokeColor(colour(stroke))
        elif what == "c":
            c.setLineCap(1)
        elif what == "d" and dash is not None:
            c.setDash(*dash)


def _rect(c: Canvas, it: Rect) -> None:
    if it.screen:
        return
    if it.sets:
        _state(c, it.sets, it.fill, it.stroke, it.width, it.dash, it.alpha)
    rect_of(c, it.box, it.fill is not None, it.stroke is not None, it.radius)
    if it.dash is not None:
        c.setDash()


def _text(c: Canvas, it: Text) -> None:
    if it.sets:
        _state(c, it.sets, it.fill, None, 0.0)
    if not it.angle:
        text_at(c, it.text, it.x, it.y, it.size, it.font, it.align)
        return
    c.saveState()  # a turned text (the phone's turned sheet): about its anchor
    c.translate(it.x * MM, it.y * MM)
    c.rotate(-it.angle)
    text_at(c, it.text, 0.0, 0.0, it.size, it.font, it.align)
    c.restoreState()


def _polygon(c: Canvas, it: Polygon) -> None:
    if it.sets:
        _state(c, it.sets, it.fill, it.stroke, it.width)
    path = c.beginPath()
    path.moveTo(it.points[0][0] * MM, it.points[0][1] * MM)
    for x, y in it.points[1:]:
        path.lineTo(x * MM, y * MM)
    path.close()
    c.drawPath(path, stroke=it.stroke is not None, fill=1)


def _circle(c: Canvas, it: Circle) -> None:
    if it.sets:
        _state(c, it.sets, it.fill, it.stroke, it.width, alpha=it.alpha)
    fill, stroke = it.fill is not None, it.stroke is not None
    c.circle(it.cx * MM, it.cy * MM, it.r * MM, fill=fill, stroke=stroke)


def _line(c: Canvas, it: Line) -> None:
    if it.sets:
        _state(c, it.sets, it.stroke, it.stroke, it.width)
    c.line(it.x0 * MM, it.y0 * MM, it.x1 * MM, it.y1 * MM)


def _half_disc(c: Canvas, it: HalfDisc) -> None:
    _state(c, it.sets, it.fill, None, 0.0)
    box = it.box
    x0, y0, x1, y1 = box.x * MM, box.y * MM, box.right * MM, box.top * MM
    c.wedge(x0, y0, x1, y1, it.start, 180, stroke=0, fill=1)


def _group(c: Canvas, it: Group) -> None:
    if it.saved:
        c.saveState()
    items(c, it.items)
    if it.saved:
        c.restoreState()


def item(c: Canvas, it: Item) -> None:
    """Paint one scene item (mm) on ``c`` (pt), as :mod:`qwixx_print.scene.items` describes
    it; an item for the screen only is left out."""
    _PAINT[type(it)](c, it)


def items(c: Canvas, found: Iterable[Item]) -> None:
    """Paint scene items in their order (:func:`item`)."""
    paint = _PAINT
    for it in found:
        paint[type(it)](c, it)


def rect_of(c: Canvas, box: Box, fill: bool, stroke: bool, radius: float = 0.0) -> None:
    """Draw ``box`` (mm) with the current colours, filled and/or stroked, corners rounded by
    ``radius`` mm."""
    args = (box.x * MM, box.y * MM, box.w * MM, box.h * MM)
    if radius:
        c.roundRect(*args, radius * MM, fill=fill, stroke=stroke)
    else:
        c.rect(*args, fill=fill, stroke=stroke)


def _arch(c: Canvas, it: Arch) -> None:
    """A shackle: up, half a circle over, down (see :class:`qwixx_print.scene.items.Arch`)."""
    _state(c, it.sets, None, it.stroke, it.width)
    left, right = it.cx - it.r, it.cx + it.r
    path = c.beginPath()
    path.moveTo(left * MM, it.bottom * MM)
    if it.rise:
        path.lineTo(left * MM, (it.top - it.r) * MM)
    path.arcTo(left * MM, (it.top - 2 * it.r) * MM, right * MM, it.top * MM, 180, -180)
    path.lineTo(right * MM, it.bottom * MM)
    c.drawPath(path, stroke=1, fill=0)


def _badge(c: Canvas, it: Badge) -> None:
    """A power's badge: :func:`qwixx_print.scene.shapes.power_symbol` in its disc."""
    x, y, r = it.x, it.y, it.r
    c.saveState()
    c.setFillColor(colour(it.paper))
    c.setStrokeColor(colour(it.ink))
    c.setLineWidth(it.width)
    c.circle(x * MM, y * MM, r * MM, fill=1, stroke=1)
    symbol = shapes.power_symbol(it.power, x, y, r)
    c.setLineWidth(symbol.thin * MM)
    c.setLineCap(1)
    bold = symbol.width != symbol.thin
    if bold:
        c.saveState()
        c.setLineWidth(symbol.width * MM)
    frames = [(b.x * MM, b.y * MM, b.w * MM, b.h * MM) for b in symbol.frames]
    for frame in frames if symbol.frames_first else ():
        c.rect(*frame)
    for x0, y0, x1, y1 in symbol.lines:
        c.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
    for frame in () if symbol.frames_first else frames:
        c.rect(*frame)
    if bold:
        c.restoreState()
    c.restoreState()


_PAINT: dict[type, Callable[[Canvas, Any], None]] = {
    Rect: _rect,
    Text: _text,
    Polygon: _polygon,
    Circle: _circle,
    Line: _line,
    Arch: _arch,
    HalfDisc: _half_disc,
    Badge: _badge,
    Group: _group,
}
"""The painter of each kind of item."""
