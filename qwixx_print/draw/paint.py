"""Paint primitives in mm on a reportlab canvas: fonts registered, colours of the scene's
palette, boxes, text set as :mod:`qwixx_print.scene.fonts` sizes and places it."""

from __future__ import annotations

from functools import cache
from importlib import resources

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from qwixx_print.doc import Place
from qwixx_print.geometry import Box
from qwixx_print.scene import fonts, palette
from qwixx_print.scene.fonts import FONT, MM

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


def rect(
    c: Canvas, box: Box, fill: Color | None, stroke: Color | None, radius: float = 0.0
) -> None:
    """Draw ``box`` (mm) filled and/or stroked (``None``: not), corners rounded by ``radius`` mm."""
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
    args = (box.x * MM, box.y * MM, box.w * MM, box.h * MM)
    if radius:
        c.roundRect(*args, radius * MM, fill=fill is not None, stroke=stroke is not None)
    else:
        c.rect(*args, fill=fill is not None, stroke=stroke is not None)


def text_at(
    c: Canvas, text: str, x: float, y: float, size: float, font: str = FONT, align: str = "c"
) -> None:
    """Draw ``text`` at (x, y) mm, ``size`` pt, aligned left (``l``), centre or right."""
    c.setFont(font, size)
    draw = {"l": c.drawString, "c": c.drawCentredString, "r": c.drawRightString}[align]
    draw(x * MM, y * MM, text)


def centred(c: Canvas, text: str, box: Box, size: float, font: str = FONT) -> None:
    """``text`` centred in ``box`` on the optical middle of its digits/capitals."""
    text_at(c, text, box.cx, fonts.centred_baseline(box, size, font), size, font)


def fitted_text(
    c: Canvas,
    key: str,
    text: str,
    box: Box,
    box_name: str,
    size: float,
    font: str = FONT,
    align: str = "c",
    place: Place | None = None,
) -> None:
    """Draw label ``key``'s ``text`` inside ``box`` (mm), at the size
    :func:`qwixx_print.scene.fonts.fitted` gives (nothing when it refuses the text), aligned
    left (``l``), centre or right, its em box centred vertically."""
    fitted = fonts.fitted(key, text, box, box_name, size, font, place)
    if fitted is None:
        return
    x = {"l": box.x, "c": box.cx, "r": box.right}[align]
    text_at(c, text, x, fonts.em_baseline(box, fitted, font), fitted, font, align)


def fitted_lines(
    c: Canvas,
    key: str,
    text: str,
    box: Box,
    box_name: str,
    size: float,
    font: str = FONT,
    max_lines: int = 2,
) -> None:
    """Draw label ``key``'s ``text`` left-aligned in ``box`` (mm), wrapped as
    :func:`qwixx_print.scene.fonts.wrapped` wraps it; a text that wraps at no size is set on
    one line by :func:`fitted_text` (shrunk, or refused)."""
    lines = fonts.wrapped(text, box, size, font, max_lines)
    if lines is None:
        fitted_text(c, key, text, box, box_name, size, font, align="l")
        return
    trial, shares = lines
    for line, share in shares:
        fitted_text(c, key, line, share, box_name, trial, font, align="l")
