"""One sheet drawn in mm from :func:`qwixx_print.geometry.sheet_boxes`: rows, locks,
score table, penalties and the total line."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels, rules
from qwixx_print.draw import extras, marks, paint, symbols
from qwixx_print.draw.paint import FONT_BOLD, INK, MM
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row


def _padlock(c: Canvas, box: Box, ink: Color, paper: Color) -> None:
    """A round lock field with a padlock drawn in vector strokes."""
    r = box.w / 2
    c.setFillColor(paper)
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    c.circle(box.cx * MM, box.cy * MM, r * MM, fill=1, stroke=1)
    body = Box(box.cx - 0.42 * r, box.cy - 0.5 * r, 0.84 * r, 0.62 * r)
    c.setLineWidth(0.16 * r * MM)
    shackle = c.beginPath()
    sx, top = 0.26 * r, box.cy + 0.5 * r
    shackle.moveTo((box.cx - sx) * MM, body.top * MM)
    shackle.lineTo((box.cx - sx) * MM, (top - sx) * MM)
    shackle.arcTo((box.cx - sx) * MM, (top - 2 * sx) * MM, (box.cx + sx) * MM, top * MM, 180, -180)
    shackle.lineTo((box.cx + sx) * MM, body.top * MM)
    c.drawPath(shackle, stroke=1, fill=0)
    paint.rect(c, body, ink, None, radius=0.08 * r)


def _row(c: Canvas, layout: Layout, row: Row, boxes: geometry.RowBoxes) -> None:
    colours = {name: HexColor(code) for name, code in layout.colours.items()}
    shapes = symbols.shapes(layout)
    band = colours[row.colour] if row.colour else Color(0.35, 0.35, 0.35)
    paint.rect(c, boxes.band, band, None, radius=1.2)
    for f, box in zip(row.fields, boxes.fields, strict=True):
        colour = colours[f.colour]
        if row.colour is None:
            paint.rect(
                c, Box(box.x - 0.2, box.y - 0.2, box.w + 0.4, box.h + 0.4), colour, None, 0.8
            )
        c.setLineWidth(0.4)
        paint.rect(c, box, paint.mix(colour, white, 0.82), paint.mix(colour, INK, 0.3), radius=0.7)
        c.setFillColor(paint.mix(colour, INK, 0.35))
        paint.centred(c, str(f.number), box, paint.number_size(box), FONT_BOLD)
        symbols.draw_symbol(
            c, shapes[f.colour], symbols.field_corner(box), paint.mix(colour, INK, 0.35)
        )
    marks.field_marks(c, layout, row, boxes)
    for box in boxes.again:
        c.setLineWidth(0.3)
        paint.rect(c, box, white, INK, radius=0.3)
    lock = colours[row.lock_colour]
    _padlock(c, boxes.lock, paint.mix(lock, INK, 0.35), paint.mix(lock, white, 0.82))
    symbols.draw_symbol(
        c, shapes[row.lock_colour], symbols.lock_mark(boxes.lock), paint.mix(lock, white, 0.82)
    )


def _footer(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> None:
    table = rules.score_table(layout)
    c.setLineWidth(0.3)
    for n, cell in enumerate(sheet.score_cells, start=1):
        paint.rect(c, cell, Color(0.94, 0.94, 0.94), Color(0.6, 0.6, 0.6))
        c.setFillColor(INK)
        half, inner = cell.h / 2, Box(cell.x + 0.3, cell.y, cell.w - 0.6, cell.h)
        upper, lower = inner._replace(y=cell.y + half, h=half), inner._replace(h=half)
        where = ("scoring", "table", n - 1) if layout.score_table else ("scoring", "max_counted")
        entry = f"score table entry for {n} crosses"
        paint.fitted_text(c, entry, f"{n}\u00d7", upper, "score table cell", 5.5, place=where)
        paint.fitted_text(
            c, entry, str(table[n - 1]), lower, "score table cell", 6.5, FONT_BOLD, place=where
        )
    c.setFillColor(INK)
    penalties = f"{text['penalties']} \u2212{layout.penalty_points}"
    paint.fitted_text(
        c, "penalties", penalties, sheet.penalty_label, "penalty label box", 5.5, align="l"
    )
    for box in sheet.penalties:
        paint.rect(c, box, white, INK, radius=0.3)
        c.setFillColor(Color(0.7, 0.7, 0.7))
        inner = Box(box.x + 0.4, box.y, box.w - 0.8, box.h)
        points, where = f"\u2212{layout.penalty_points}", ("penalties", "points")
        paint.fitted_text(c, "penalty box", points, inner, "penalty box", 5.0, place=where)
    colours = {name: HexColor(code) for name, code in layout.colours.items()}
    shapes = symbols.shapes(layout)
    for k, box in enumerate(sheet.totals):
        row_colour = layout.rows[k].colour if k < len(layout.rows) else None
        tint = colours[row_colour] if row_colour else Color(0.5, 0.5, 0.5)
        paint.rect(c, box, paint.mix(tint, white, 0.8), paint.mix(tint, INK, 0.3), radius=0.5)
        if k < len(layout.rows) and row_colour is None:
            c.setFillColor(Color(0.6, 0.6, 0.6))
            paint.centred(c, str(k + 1), box, 5.0)
        elif row_colour is not None:
            mark = symbols.total_corner(box)
            symbols.draw_symbol(c, shapes[row_colour], mark, paint.mix(tint, INK, 0.3))
    c.setFillColor(INK)
    for op, box in sheet.operators:
        paint.centred(c, op, box, 8.0, FONT_BOLD)
    paint.fitted_text(
        c, "total", text["total"], sheet.total_label, "total label box", 5.0, align="r"
    )


TITLE_PT = 8.5
"""Size of the sheet's title, pt (set smaller only when it does not fit its box)."""

HINT_PT = 5.5
"""Size of the sheet's own rules in the header, pt."""

MIN_HINT_PT = 5.0
"""Smallest size of the rules hint, pt: rather than set it smaller, rules are left out."""


def _rules_hint(c: Canvas, hints: list[tuple[str, str]], box: Box) -> None:
    """The sheet's own rules (:func:`marks.header_hints`), right-aligned in ``box`` (mm): as
    many, in order, as fit at :data:`MIN_HINT_PT` or more. Generated text never makes a
    layout invalid; a label of the layout's own with a character the font lacks is reported
    (:func:`paint.printable`)."""
    parts = [part for key, part in hints if paint.printable(key, part, box, "rules hint box")]
    while parts and paint.fit_size(" \u00b7 ".join(parts), box, HINT_PT) < MIN_HINT_PT:
        parts.pop()
    if parts:
        paint.fitted_text(
            c, "header", " \u00b7 ".join(parts), box, "rules hint box", HINT_PT, align="r"
        )


def draw_sheet(
    c: Canvas,
    layout: Layout,
    lang: str = labels.DEFAULT_LANG,
    rules_hint: bool = True,
    own: bool = True,
) -> None:
    """Draw one sheet of ``layout`` with its lower-left corner at the current origin,
    :data:`geometry.SHEET_W` x :data:`geometry.SHEET_H` mm; ``rules_hint``: the variant's
    own rules in the header (the filled-in sheets leave that room to the player's name);
    ``own``: the sheet's own values too (its slip, lucky numbers: :func:`extras.own`), else
    the blank that all sheets of the layout share."""
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    title = Box(sheet.title.x + 0.5, sheet.title.y, sheet.title.w - 1.0, sheet.title.h)
    hints = marks.header_hints(layout, text) if rules_hint else []
    if hints:  # the title keeps its width, at most 55 %; the sheet's own rules the rest
        width = pdfmetrics.stringWidth(text["title"], FONT_BOLD, TITLE_PT) / MM
        title = Box(title.x, title.y, min(width + 0.5, title.w * 0.55), title.h)
        right = sheet.slip.x - 1.0 if sheet.slip is not None else sheet.title.right - 0.5
        hint_box = Box(title.right + 2.0, title.y, right - title.right - 2.0, title.h)
        _rules_hint(c, hints, hint_box)
    paint.fitted_text(c, "title", text["title"], title, "title box", TITLE_PT, FONT_BOLD, align="l")
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        _row(c, layout, row, boxes)
    marks.strips(c, layout, sheet, text)
    _footer(c, layout, sheet, text)
    extras.blank(c, layout, sheet)
    if own:
        extras.own(c, layout, sheet)
