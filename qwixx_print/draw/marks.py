"""The marks of the variants drawn on a sheet (RULES.md §2; seed 003): double fields
(Doppelt), boxed bonus fields and the bonus bar (Bonuskette), power symbols and their legend
(Kräfte), and a header line with the sheet's own rules. All sizes in mm unless named pt.

Nochmal's small boxes and the mixed colours need no marks of their own: ``sheet.py`` draws
them with the fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry
from qwixx_print.draw import paint, symbols
from qwixx_print.draw.paint import FONT_BOLD, INK, MM
from qwixx_print.geometry import Box
from qwixx_print.layout import Field, Layout, Row

BADGE_R = 1.6
"""Radius of the round badge carrying a power symbol, mm; it sits on the field's top edge,
above the digits (11 pt digits leave 2.1 mm free at the top of a 7.1 mm field)."""

LEGEND_PT = 4.6
"""Size of the power legend's text, pt."""

CLASSIC_LOCK = 5
"""The classic lock threshold (RULES.md §1 Locking); any other is printed in the header."""

DOUBLE_INSET = 0.45
"""Gap between a double field's frame and its second, inner frame, mm."""

Symbol = Callable[[Canvas, float, float, float], None]


def _line(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    c.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)


def _cross(c: Canvas, x: float, y: float, r: float) -> None:
    _line(c, x - r, y - r, x + r, y + r)
    _line(c, x - r, y + r, x + r, y - r)


def _two_crosses(c: Canvas, x: float, y: float, r: float) -> None:
    """two-in-weakest: two crosses side by side."""
    _cross(c, x - 0.42 * r, y, 0.3 * r)
    _cross(c, x + 0.42 * r, y, 0.3 * r)


def _four_rows(c: Canvas, x: float, y: float, r: float) -> None:
    """one-in-each: four short bars, one per row."""
    for k in range(4):
        dy = (k - 1.5) * 0.36 * r
        _line(c, x - 0.5 * r, y + dy, x + 0.5 * r, y + dy)


def _two_squares(c: Canvas, x: float, y: float, r: float) -> None:
    """weakest-double: two overlapping squares (the row counted twice)."""
    side = 0.75 * r
    for dx, dy in ((-0.22 * r, -0.22 * r), (0.22 * r, 0.22 * r)):
        c.rect((x + dx - side / 2) * MM, (y + dy - side / 2) * MM, side * MM, side * MM)


def _plus(c: Canvas, x: float, y: float, r: float) -> None:
    """plus-13: a bold plus sign."""
    c.saveState()
    c.setLineWidth(0.3 * r * MM)
    _line(c, x - 0.55 * r, y, x + 0.55 * r, y)
    _line(c, x, y - 0.55 * r, x, y + 0.55 * r)
    c.restoreState()


def _no_entry(c: Canvas, x: float, y: float, r: float) -> None:
    """no-penalties: a penalty box struck through."""
    side = 0.95 * r
    c.rect((x - side / 2) * MM, (y - side / 2) * MM, side * MM, side * MM)
    _line(c, x - 0.6 * r, y - 0.6 * r, x + 0.6 * r, y + 0.6 * r)


SYMBOLS: Mapping[str, Symbol] = {
    "two-in-weakest": _two_crosses,
    "one-in-each": _four_rows,
    "weakest-double": _two_squares,
    "plus-13": _plus,
    "no-penalties": _no_entry,
}
"""A vector drawing for each power of :data:`rules.POWERS`, drawn at centre (x, y) mm within
radius r mm (RULES.md §2 Kräfte: 5 symbols)."""


def power_badge(c: Canvas, power: str, x: float, y: float, r: float = BADGE_R) -> None:
    """The symbol of ``power`` in a white round badge of radius ``r`` mm centred at (x, y) mm.

    Raises KeyError for a power not in :data:`SYMBOLS` (validation refuses those first).
    """
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.35)
    c.circle(x * MM, y * MM, r * MM, fill=1, stroke=1)
    c.setLineWidth(0.14 * r * MM)
    c.setLineCap(1)
    SYMBOLS[power](c, x, y, r)
    c.restoreState()


def _double(c: Canvas, box: Box, ink: Color) -> None:
    """A double field: a heavy frame, a second frame inside it and an "x2" tab on top."""
    c.setLineWidth(1.1)
    paint.rect(c, box, None, ink, radius=0.7)
    inner = Box(
        box.x + DOUBLE_INSET,
        box.y + DOUBLE_INSET,
        box.w - 2 * DOUBLE_INSET,
        box.h - 2 * DOUBLE_INSET,
    )
    c.setLineWidth(0.45)
    paint.rect(c, inner, None, ink, radius=0.4)
    tab = Box(box.cx - 1.7, box.top - 1.15, 3.4, 2.3)
    paint.rect(c, tab, ink, None, radius=1.0)
    c.setFillColor(white)
    paint.centred(c, "\u00d72", tab, 5.5, FONT_BOLD)


def _bonus(c: Canvas, box: Box) -> None:
    """A boxed bonus field: a heavy black frame just outside the field."""
    c.setLineWidth(1.3)
    frame = Box(box.x - 0.15, box.y - 0.15, box.w + 0.3, box.h + 0.3)
    paint.rect(c, frame, None, INK, radius=0.8)


def field_marks(c: Canvas, layout: Layout, row: Row, boxes: geometry.RowBoxes) -> None:
    """The marks of every double, bonus and power field of ``row`` over its drawn fields."""
    for f, box in zip(row.fields, boxes.fields, strict=True):
        _field_mark(c, layout, f, box)


def badge_centre(field: Box) -> tuple[float, float]:
    """Centre (x, y) mm of a power badge on ``field`` (mm): on its top edge, a little inside."""
    return field.cx, field.top - 0.1


def badge_boxes(layout: Layout, sheet: geometry.SheetBoxes) -> list[Box]:
    """The square (mm) around each power badge on the fields of ``sheet``, its outline
    included: what text placed above the rows must keep clear of."""
    found = []
    for row, row_boxes in zip(layout.rows, sheet.rows, strict=True):
        for f, box in zip(row.fields, row_boxes.fields, strict=True):
            if f.power:
                x, y = badge_centre(box)
                r = BADGE_R + 0.2  # half the 0.35 pt outline, rounded up
                found.append(Box(x - r, y - r, 2 * r, 2 * r))
    return found


def _field_mark(c: Canvas, layout: Layout, f: Field, box: Box) -> None:
    c.saveState()
    if f.double:
        _double(c, box, paint.mix(HexColor(layout.colours[f.colour]), INK, 0.45))
    if f.bonus:
        _bonus(c, box)
    if f.power:
        power_badge(c, f.power, *badge_centre(box))
    c.restoreState()


def _in_order(row: Row) -> bool:
    numbers = [f.number for f in row.fields]
    return numbers in (sorted(numbers), sorted(numbers, reverse=True))


def header_hints(layout: Layout, text: Mapping[str, str]) -> list[tuple[str, str]]:
    """The sheet's own rules for the header line, as (label key, text) in order of weight,
    none on a classic sheet: the lock threshold when not 5, bonus rows, links, the framed
    group, diamonds, lucky numbers and several lock fields (RULES.md §4), what doubles, small
    boxes, boxed fields and power symbols do, that mixed rows score on their own, and that
    the last field locks where the numbers are not in order (RULES.md §2). The sheet prints
    as many as fit."""
    parts = []
    if layout.lock_threshold != CLASSIC_LOCK:
        key = "lock_after_one" if layout.lock_threshold == 1 else "lock_after"
        parts.append((key, text[key].replace("{n}", str(layout.lock_threshold))))
    fields = [f for row in layout.rows for f in row.fields]
    for key, used in (  # RULES.md §4, before the older variants' marks
        ("bonus_row_hint", bool(layout.bonus_rows)),
        ("link_hint", bool(layout.links)),
        ("framed_hint", any(f.framed for f in fields)),
        ("diamond_hint", bool(layout.diamonds)),
        ("lucky_hint", layout.lucky_draw is not None),
    ):
        if used:
            parts.append((key, text[key]))
    if layout.lock_fields > 1:  # after the lucky numbers: the padlocks show it too
        parts.append(
            ("lock_fields_hint", text["lock_fields_hint"].replace("{n}", str(layout.lock_fields)))
        )
    for key, used in (
        ("double_hint", any(f.double for f in fields)),
        ("again_hint", any(row.again for row in layout.rows)),
        ("bonus_hint", any(f.bonus for f in fields)),
        ("power_hint", any(f.power for f in fields)),
        ("mixed_hint", any(row.colour is None for row in layout.rows)),
        ("last_hint", any(row.colour is None or not _in_order(row) for row in layout.rows)),
    ):
        if used:
            parts.append((key, text[key]))
    return parts


def strips(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> None:
    """The bonus bar (label, then one coloured cell per bar field, in order) and the legend
    of the powers (symbol and what it does), where the layout has them."""
    if sheet.bonus_label is not None:
        c.setFillColor(INK)
        paint.fitted_text(
            c, "bonus", text["bonus"], sheet.bonus_label, "bonus label box", 5.5, FONT_BOLD
        )
    shapes = symbols.shapes(layout)
    for k, (colour, cell) in enumerate(zip(layout.bonus_bar, sheet.bonus_bar, strict=True)):
        tint = HexColor(layout.colours[colour])
        side = min(cell.w - 1.4, cell.h)
        square = Box(cell.cx - side / 2, cell.cy - side / 2, side, side)
        c.setLineWidth(0.8)
        paint.rect(c, square, paint.mix(tint, white, 0.55), tint, radius=0.5)
        inset = square.w * 0.3
        mark = Box(square.x + inset, square.y + inset, square.w - 2 * inset, square.h - 2 * inset)
        symbols.draw_symbol(c, shapes[colour], mark, paint.mix(tint, INK, 0.35))
        if k:
            c.setFillColor(INK)
            paint.centred(c, "\u203a", Box(cell.x - 0.7, cell.y, 1.4, cell.h), 6.0)
    for power, cell in zip(geometry.powers(layout), sheet.legend_cells, strict=True):
        power_badge(c, power, cell.x + BADGE_R + 0.3, cell.cy)
        room = Box(cell.x + 2 * BADGE_R + 0.8, cell.y, cell.w - 2 * BADGE_R - 0.8, cell.h)
        c.setFillColor(INK)
        key = f"power-{power}"
        paint.fitted_lines(c, key, text[key], room, "power legend cell", LEGEND_PT)
