"""One sheet drawn in mm from :func:`qwixx_print.geometry.sheet_boxes`: rows, locks,
score table, penalties and the total line."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels, rules
from qwixx_print.draw import badges, pads, paint, symbols
from qwixx_print.draw.paint import INK, colour
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row
from qwixx_print.scene import fonts, hints, looks, palette, shapes
from qwixx_print.scene.fonts import FONT_BOLD, MM


def _padlock(c: Canvas, box: Box, ink: Color, paper: Color) -> None:
    """A round lock field with a padlock drawn in vector strokes."""
    r = box.w / 2
    c.setFillColor(paper)
    c.setStrokeColor(ink)
    c.setLineWidth(looks.LOCK_LINE)
    c.circle(box.cx * MM, box.cy * MM, r * MM, fill=1, stroke=1)
    body = shapes.padlock_body(box)
    c.setLineWidth(0.16 * r * MM)
    shackle = c.beginPath()
    sx, top = shapes.padlock_shackle(box)
    shackle.moveTo((box.cx - sx) * MM, body.top * MM)
    shackle.lineTo((box.cx - sx) * MM, (top - sx) * MM)
    shackle.arcTo((box.cx - sx) * MM, (top - 2 * sx) * MM, (box.cx + sx) * MM, top * MM, 180, -180)
    shackle.lineTo((box.cx + sx) * MM, body.top * MM)
    c.drawPath(shackle, stroke=1, fill=0)
    paint.rect(c, body, ink, None, radius=0.08 * r)


def _row(c: Canvas, layout: Layout, row: Row, boxes: geometry.RowBoxes) -> None:
    colours = {name: palette.hex_rgb(code) for name, code in layout.colours.items()}
    symbol = shapes.shapes(layout)
    band = colours[row.colour] if row.colour else palette.MIXED_BAND
    paint.rect(c, boxes.band, colour(band), None, radius=1.2)
    for f, box in zip(row.fields, boxes.fields, strict=True):
        tint = colours[f.colour]
        if row.colour is None:
            paint.rect(
                c, Box(box.x - 0.2, box.y - 0.2, box.w + 0.4, box.h + 0.4), colour(tint), None, 0.8
            )
        c.setLineWidth(looks.FIELD_LINE)
        paint.rect(c, box, colour(palette.paper(tint)), colour(palette.edge(tint)), radius=0.7)
        c.setFillColor(colour(palette.print_ink(tint)))
        paint.centred(c, str(f.number), box, fonts.number_size(box), FONT_BOLD)
        symbols.draw_symbol(
            c, symbol[f.colour], shapes.field_corner(box), colour(palette.print_ink(tint))
        )
    badges.field_marks(c, layout, row, boxes)
    for box in boxes.again:
        c.setLineWidth(looks.SMALL_BOX_LINE)
        paint.rect(c, box, colour(palette.WHITE), INK, radius=0.3)
    for box in boxes.squares:  # Connect 15's link squares (RULES.md §7)
        c.setLineWidth(looks.SQUARE_LINE)
        paint.rect(c, box, colour(palette.SQUARE_FILL), INK, radius=looks.SQUARE_RADIUS)
    lock = colours[row.lock_colour]
    paper = colour(palette.paper(lock))
    _padlock(c, boxes.lock, colour(palette.print_ink(lock)), paper)
    symbols.draw_symbol(c, symbol[row.lock_colour], shapes.lock_mark(boxes.lock), paper)


def _footer(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> None:
    table = rules.score_table(layout)
    c.setLineWidth(looks.SMALL_BOX_LINE)
    for n, cell in enumerate(sheet.score_cells, start=1):
        paint.rect(c, cell, colour(palette.SCORE_CELL), colour(palette.SCORE_EDGE))
        c.setFillColor(INK)
        half, inner = cell.h / 2, Box(cell.x + 0.3, cell.y, cell.w - 0.6, cell.h)
        upper, lower = inner._replace(y=cell.y + half, h=half), inner._replace(h=half)
        where = ("scoring", "table", n - 1) if layout.score_table else ("scoring", "max_counted")
        entry = f"score table entry for {n} crosses"
        paint.fitted_text(
            c, entry, f"{n}\u00d7", upper, "score table cell", looks.SCORE_COUNT_PT, place=where
        )
        paint.fitted_text(
            c,
            entry,
            str(table[n - 1]),
            lower,
            "score table cell",
            looks.SCORE_POINTS_PT,
            FONT_BOLD,
            place=where,
        )
    c.setFillColor(INK)
    penalties = f"{text['penalties']} \u2212{layout.penalty_points}"
    paint.fitted_text(
        c,
        "penalties",
        penalties,
        sheet.penalty_label,
        "penalty label box",
        looks.PENALTIES_PT,
        align="l",
    )
    for box in sheet.penalties:
        paint.rect(c, box, colour(palette.WHITE), INK, radius=0.3)
        c.setFillColor(colour(palette.PALE_TEXT))
        inner = Box(box.x + 0.4, box.y, box.w - 0.8, box.h)
        points, where = f"\u2212{layout.penalty_points}", ("penalties", "points")
        paint.fitted_text(
            c, "penalty box", points, inner, "penalty box", looks.PENALTY_BOX_PT, place=where
        )
    symbol = shapes.shapes(layout)
    for k, box in enumerate(sheet.totals):
        row_colour = layout.rows[k].colour if k < len(layout.rows) else None
        tint = palette.hex_rgb(layout.colours[row_colour]) if row_colour else palette.TOTAL_GREY
        edge = colour(palette.edge(tint))
        paint.rect(c, box, colour(palette.total_paper(tint)), edge, radius=0.5)
        if k < len(layout.rows) and row_colour is None:
            c.setFillColor(colour(palette.ROW_NUMBER))
            paint.centred(c, str(k + 1), box, 5.0)
        elif row_colour is not None:
            symbols.draw_symbol(c, symbol[row_colour], shapes.total_corner(box), edge)
    c.setFillColor(INK)
    for op, box in sheet.operators:
        paint.centred(c, op, box, looks.OPERATOR_PT, FONT_BOLD)
    paint.fitted_text(
        c,
        "total",
        text["total"],
        sheet.total_label,
        "total label box",
        looks.TOTAL_LABEL_PT,
        align="r",
    )


HINT_PT = 5.5
"""Size of the sheet's own rules in the header, pt."""

MIN_HINT_PT = 5.0
"""Smallest size of the rules hint, pt: rather than set it smaller, rules are left out."""


def _rules_hint(c: Canvas, found: list[tuple[str, str]], box: Box) -> None:
    """The sheet's own rules (:func:`hints.header_hints`), right-aligned in ``box`` (mm): as
    many, in order, as fit at :data:`MIN_HINT_PT` or more. Generated text never makes a
    layout invalid; a label of the layout's own with a character the font lacks is reported
    (:func:`fonts.printable`)."""
    parts = [part for key, part in found if fonts.printable(key, part, box, "rules hint box")]
    while parts and fonts.fit_size(" \u00b7 ".join(parts), box, HINT_PT) < MIN_HINT_PT:
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
    ``own``: the sheet's own values too (its slip, lucky numbers: :func:`pads.own`), else
    the blank that all sheets of the layout share."""
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    title = Box(sheet.title.x + 0.5, sheet.title.y, sheet.title.w - 1.0, sheet.title.h)
    found = hints.header_hints(layout, text) if rules_hint else []
    if found:  # the title keeps its width, at most 55 %; the sheet's own rules the rest
        width = fonts.string_width(text["title"], FONT_BOLD, looks.TITLE_PT) / MM
        title = Box(title.x, title.y, min(width + 0.5, title.w * 0.55), title.h)
        right = sheet.slip.x - 1.0 if sheet.slip is not None else sheet.title.right - 0.5
        hint_box = Box(title.right + 2.0, title.y, right - title.right - 2.0, title.h)
        _rules_hint(c, found, hint_box)
    paint.fitted_text(
        c, "title", text["title"], title, "title box", looks.TITLE_PT, FONT_BOLD, align="l"
    )
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        _row(c, layout, row, boxes)
    badges.strips(c, layout, sheet, text)
    _footer(c, layout, sheet, text)
    pads.blank(c, layout, sheet)
    if own:
        pads.own(c, layout, sheet)
