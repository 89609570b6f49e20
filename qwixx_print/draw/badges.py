"""The badges of the variants drawn on a sheet (RULES.md §2; seed 003): double fields
(Doppelt), boxed bonus fields and the bonus bar (Bonuskette), power symbols and their legend
(Kräfte), and a header line with the sheet's own rules. All sizes in mm unless named pt.

Nochmal's small boxes and the mixed colours need no marks of their own: ``sheet.py`` draws
them with the fields.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry
from qwixx_print.draw import paint, symbols
from qwixx_print.draw.paint import INK, colour
from qwixx_print.geometry import Box
from qwixx_print.layout import Field, Layout, Row
from qwixx_print.scene import looks, palette, shapes
from qwixx_print.scene.fonts import FONT_BOLD, MM
from qwixx_print.scene.shapes import BADGE_R, DOUBLE_INSET, LEGEND_PT


def power_badge(c: Canvas, power: str, x: float, y: float, r: float = BADGE_R) -> None:
    """The symbol of ``power`` (:func:`qwixx_print.scene.shapes.power_symbol`) in a white
    round badge of radius ``r`` mm centred at (x, y) mm."""
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(looks.BADGE_LINE)
    c.circle(x * MM, y * MM, r * MM, fill=1, stroke=1)
    c.setLineWidth(0.14 * r * MM)
    c.setLineCap(1)
    symbol = shapes.power_symbol(power, x, y, r)
    bold = symbol.width != 0.14 * r
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


def _double(c: Canvas, box: Box, band: Box, ink: Color) -> None:
    """A double field: a heavy frame, a second frame inside it and an "x2" tab on top, inside
    the row's ``band`` (:func:`shapes.double_tab`)."""
    c.setLineWidth(looks.DOUBLE_LINE)
    paint.rect(c, box, None, ink, radius=0.7)
    inner = Box(
        box.x + DOUBLE_INSET,
        box.y + DOUBLE_INSET,
        box.w - 2 * DOUBLE_INSET,
        box.h - 2 * DOUBLE_INSET,
    )
    c.setLineWidth(looks.DOUBLE_INNER_LINE)
    paint.rect(c, inner, None, ink, radius=0.4)
    tab = shapes.double_tab(box, band)
    paint.rect(c, tab, ink, None, radius=1.0)
    c.setFillColor(white)
    paint.centred(c, "\u00d72", tab, looks.DOUBLE_TAB_PT, FONT_BOLD)


def _bonus(c: Canvas, box: Box) -> None:
    """A boxed bonus field: a heavy black frame just outside the field."""
    c.setLineWidth(looks.BONUS_FRAME_LINE)
    frame = Box(box.x - 0.15, box.y - 0.15, box.w + 0.3, box.h + 0.3)
    paint.rect(c, frame, None, INK, radius=0.8)


def field_marks(c: Canvas, layout: Layout, row: Row, boxes: geometry.RowBoxes) -> None:
    """The marks of every double, bonus and power field of ``row`` over its drawn fields."""
    for f, box in zip(row.fields, boxes.fields, strict=True):
        _field_mark(c, layout, f, box, boxes.band)


def _field_mark(c: Canvas, layout: Layout, f: Field, box: Box, band: Box) -> None:
    c.saveState()
    if f.double:
        ink = colour(palette.double_ink(palette.hex_rgb(layout.colours[f.colour])))
        _double(c, box, band, ink)
    if f.bonus:
        _bonus(c, box)
    if f.power:
        power_badge(c, f.power, *shapes.badge_centre(box))
    c.restoreState()


def strips(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> None:
    """The bonus bar (label, then one coloured cell per bar field, in order) and the legend
    of the powers (symbol and what it does), where the layout has them."""
    if sheet.bonus_label is not None:
        c.setFillColor(INK)
        paint.fitted_text(
            c,
            "bonus",
            text["bonus"],
            sheet.bonus_label,
            "bonus label box",
            looks.BONUS_LABEL_PT,
            FONT_BOLD,
        )
    symbol = shapes.shapes(layout)
    for k, (name, cell) in enumerate(zip(layout.bonus_bar, sheet.bonus_bar, strict=True)):
        tint = palette.hex_rgb(layout.colours[name])
        square, mark = shapes.bar_square(cell)
        c.setLineWidth(looks.BAR_LINE)
        paint.rect(c, square, colour(palette.half_tint(tint)), colour(tint), radius=0.5)
        symbols.draw_symbol(c, symbol[name], mark, colour(palette.print_ink(tint)))
        if k:
            c.setFillColor(INK)
            paint.centred(c, "\u203a", shapes.arrow_box(cell), looks.ARROW_PT)
    for power, cell in zip(geometry.powers(layout), sheet.legend_cells, strict=True):
        power_badge(c, power, cell.x + BADGE_R + 0.3, cell.cy)
        room = Box(cell.x + 2 * BADGE_R + 0.8, cell.y, cell.w - 2 * BADGE_R - 0.8, cell.h)
        c.setFillColor(INK)
        key = f"power-{power}"
        paint.fitted_lines(c, key, text[key], room, "power legend cell", LEGEND_PT)
