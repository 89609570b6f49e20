"""Paint primitives in mm on a reportlab canvas: fonts, colours, boxes, text."""

from __future__ import annotations

from functools import cache
from importlib import resources

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from qwixx_print.geometry import Box

MM = 72 / 25.4
"""Points per millimetre."""

FONT = "QwixxSans"
FONT_BOLD = "QwixxSans-Bold"
NUMBER_PT = 11.0
"""Size of the field numbers, pt (legible at arm's length: at least 9 pt)."""

INK = Color(0.13, 0.13, 0.13)
CUT = Color(0.55, 0.55, 0.55)


@cache
def register_fonts() -> None:
    """Register the shipped DejaVu Sans (regular, bold) with reportlab, once per process."""
    folder = resources.files("qwixx_print") / "fonts"
    for name, file in ((FONT, "DejaVuSans.ttf"), (FONT_BOLD, "DejaVuSans-Bold.ttf")):
        with resources.as_file(folder / file) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def mix(colour: Color, other: Color, share: float) -> Color:
    """``colour`` moved ``share`` (0..1) of the way towards ``other``."""
    return Color(*(a + (b - a) * share for a, b in zip(colour.rgb(), other.rgb(), strict=True)))


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
    cap = pdfmetrics.getFont(font).face.capHeight / 1000 * size / MM
    text_at(c, text, box.cx, box.cy - cap / 2, size, font)
