"""Filled-in sheets for teaching the scoring (``qwixx-print score --out``): the blank sheet of
:func:`qwixx_print.draw.sheet.draw_sheet`, one per player, with a pen cross on every crossed
field, small box and penalty box, the struck locks, the row points, penalty points and total
written into the total line, and the player's name and power effects on the title line.

Positions come from :func:`qwixx_print.geometry.sheet_boxes`, so a cross lands on the field of
its number. Sheets are imposed as printed sheets are (8 per page unless asked otherwise).
"""

from __future__ import annotations

from typing import BinaryIO

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, rules
from qwixx_print.choices import DEFAULT_LANG
from qwixx_print.draw import check, paint, pdf_canvas, placed
from qwixx_print.draw.paint import FONT_BOLD, MM
from qwixx_print.errors import LayoutError, MarksError
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.marks import Game, Player

PEN = Color(0.08, 0.16, 0.55)
"""Colour of the crosses and written numbers: a blue ballpoint, distinct from the print."""

CROSS_INSET = 0.18
"""Share of a box's side left free at each end of a cross's strokes."""

CROSS_PT = 1.1
"""Stroke width of a cross, pt."""

NAME_PT = 8.5
"""Size of the player's name on the title line, pt."""


def cross(c: Canvas, box: Box) -> None:
    """A pen cross: both diagonals of ``box`` (mm), inset by :data:`CROSS_INSET`."""
    dx, dy = box.w * CROSS_INSET, box.h * CROSS_INSET
    c.setStrokeColor(PEN)
    c.setLineWidth(CROSS_PT)
    c.setLineCap(1)
    c.line((box.x + dx) * MM, (box.y + dy) * MM, (box.right - dx) * MM, (box.top - dy) * MM)
    c.line((box.x + dx) * MM, (box.top - dy) * MM, (box.right - dx) * MM, (box.y + dy) * MM)


def _effects(sheet: rules.SheetScore) -> str:
    """``powers +26: weakest-double (blue) +3, plus-13 +13, no-penalties +10``: what the end
    powers add to the total line's sum; empty without them."""
    parts = [
        f"{e.power}{f' ({e.row})' if e.row else ''} +{e.points}" for e in sheet.powers if e.points
    ]
    return f"powers +{sum(e.points for e in sheet.powers)}: {', '.join(parts)}" if parts else ""


def _fill(
    c: Canvas, layout: Layout, player: Player, sheet: rules.SheetScore, boxes: geometry.SheetBoxes
) -> None:
    for row, row_boxes in zip(layout.rows, boxes.rows, strict=True):
        crossed = player.crosses.get(row.id, ())
        again = player.again.get(row.id, ())
        for k, f in enumerate(row.fields):
            if f.number in crossed:
                cross(c, row_boxes.fields[k])
            if f.number in again:
                cross(c, row_boxes.again[k])
        if sheet.rows[row.id].locked:
            cross(c, row_boxes.lock)
    for box in boxes.penalties[: sheet.penalties]:
        cross(c, box)
    written = [str(s.points) for s in sheet.rows.values()] + [str(sheet.penalty_points)]
    if geometry.powers(layout):  # the sheet's total line has a box for the power points
        written.append(str(sum(e.points for e in sheet.powers)))
    written.append(str(sheet.total))
    c.setFillColor(PEN)
    for text, box in zip(written, boxes.totals, strict=True):
        paint.centred(c, text, box, 7.5, FONT_BOLD)
    _title_line(c, player, _effects(sheet), boxes.title)


def _title_line(c: Canvas, player: Player, effects: str, title: Box) -> None:
    """The player's name and the power effects, right-aligned in the right 55 % of the
    ``title`` box (mm), where a printed variant sheet has its rules hint.
    Raises LayoutError for a name or effects line the font cannot print or fit."""
    right = Box(title.x + title.w * 0.45, title.y, title.w * 0.55, title.h)
    c.setFillColor(PEN)
    width = min(pdfmetrics.stringWidth(player.name, FONT_BOLD, NAME_PT) / MM, right.w * 0.4)
    name_box = Box(right.right - 0.5 - width, right.y, width, right.h)
    paint.fitted_text(c, "name", player.name, name_box, "name box", NAME_PT, FONT_BOLD, "r")
    if effects:
        room = Box(right.x, right.y, name_box.x - 1.5 - right.x, right.h)
        paint.fitted_lines(c, "powers", effects, room, "power effects box", 5.0)


def render(
    game: Game, out: BinaryIO, paper: str = "a4", per_page: int = 8, lang: str = DEFAULT_LANG
) -> None:
    """Write the filled-in sheets of ``game`` (one per player, in file order) as a PDF to the
    binary stream ``out``, ``per_page`` per ``paper`` page with cut marks, labels in ``lang``,
    imposed as printed sheets are (:func:`qwixx_print.geometry.impose`).

    Raises ValueError for an unknown paper or count, LayoutError for bad labels and
    MarksError, located at the player, for a name the font cannot print.
    """
    layout = game.marks.layout
    imposition = geometry.impose(paper, per_page)
    boxes = geometry.sheet_boxes(layout)
    players = game.marks.players
    with pdf_canvas(out, imposition, f"Qwixx filled-in sheets: {layout.name}") as c:
        c.beginForm("blank", 0, 0, geometry.SHEET_W * MM, geometry.SHEET_H * MM)
        check.draw_checked(c, layout, lang, rules_hint=False)
        c.endForm()
        for start in range(0, len(players), per_page):
            page = players[start : start + per_page]
            for origin, player in zip(imposition.origins[: len(page)], page, strict=True):
                with placed(c, origin, imposition):
                    c.doForm("blank")
                    try:
                        _fill(c, layout, player, game.sheets[player.name], boxes)
                    except LayoutError as exc:  # the player's name cannot be printed
                        where = (*player.place, "name")
                        raise MarksError(game.marks.doc.message(where, str(exc))) from None
            c.doForm("guides")
            c.showPage()
