"""The marks of the sheets of RULES.md §4 drawn on a sheet, all as vector shapes, sizes in mm
unless named pt: Big Points' round two-colour bonus cells, Longo's lock fields and lucky
clovers, Connected's framed staircase and linked pairs with the slip's name, X-Change's
diamonds.

A sheet's own values (its slip's links and name, its lucky numbers) are drawn by :func:`own`
over the blank sheet, so the imposition draws the blank once and each distinct sheet as a
small form on top of it.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry
from qwixx_print.compiled import Compiled
from qwixx_print.draw import paint, symbols
from qwixx_print.draw.paint import INK, colour
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import looks, palette, shapes
from qwixx_print.scene.fonts import FONT_BOLD, MM

CLOVER = colour(palette.CLOVER)
"""Colour of the lucky clovers (Longo)."""


def _colour(layout: Layout, name: str) -> palette.RGB:
    return palette.hex_rgb(layout.colours[name])


def blank(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Everything of RULES.md §4 that every sheet of ``layout`` shares: bonus rows, lock
    fields, the framed group and its total box, diamonds, empty lucky clovers."""
    _bonus_rows(c, layout, sheet)
    _lock_fields(c, layout, sheet)
    _framed(c, layout, sheet)
    _diamonds(c, sheet, layout)
    for box in sheet.lucky:
        clover(c, box)


def own(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """One sheet's own values over its blank: the links of its slip and the slip's name
    (Connected Chain), its lucky numbers in the clovers (Longo)."""
    _links(c, layout, sheet)
    if sheet.slip is not None and layout.slip:
        paint.rect(c, sheet.slip, INK, None, radius=0.8)
        c.setFillColor(white)
        paint.fitted_text(
            c,
            "slip name",
            layout.slip,
            sheet.slip,
            "slip box",
            looks.SLIP_PT,
            FONT_BOLD,
            place=("slips",),
        )
    for number, box in zip(layout.lucky, sheet.lucky, strict=False):
        c.setFillColor(white)
        paint.centred(c, str(number), box, looks.LUCKY_PT, FONT_BOLD)


def _bonus_rows(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Big Points: a round cell per column, its upper half in the colour of the row above,
    its lower half in the colour of the row below, each half with its colour's symbol (so
    the halves tell apart without colour), the column's number in it."""
    if not sheet.bonus_rows:
        return
    board, symbol = Compiled.of(layout), shapes.shapes(layout)
    for (above, below), numbers, cells in zip(
        board.bonus_colours, board.bonus_numbers, sheet.bonus_rows, strict=True
    ):
        top, bottom = _colour(layout, above), _colour(layout, below)
        marks = (
            (symbol[above], colour(palette.print_ink(top)), 1),
            (symbol[below], colour(palette.print_ink(bottom)), -1),
        )
        for number, box in zip(numbers, cells, strict=True):
            x0, y0, x1, y1 = box.x * MM, box.y * MM, box.right * MM, box.top * MM
            c.setLineWidth(0)
            c.setFillColor(colour(palette.half_tint(top)))
            c.wedge(x0, y0, x1, y1, 0, 180, stroke=0, fill=1)
            c.setFillColor(colour(palette.half_tint(bottom)))
            c.wedge(x0, y0, x1, y1, 180, 180, stroke=0, fill=1)
            c.setLineWidth(looks.BONUS_CELL_LINE)
            c.setStrokeColor(INK)
            c.circle(box.cx * MM, box.cy * MM, box.w / 2 * MM, stroke=1, fill=0)
            for shape, ink, side in marks:
                symbols.draw_symbol(c, shape, shapes.bonus_half(box, side), ink)
            c.setFillColor(INK)
            paint.centred(c, str(number), box, shapes.BONUS_PT, FONT_BOLD)


def padlock(c: Canvas, box: Box, ink: Color) -> None:
    """A small padlock filling ``box`` (mm): a body and its shackle
    (:func:`qwixx_print.scene.shapes.padlock_parts`)."""
    body, r, stroke = shapes.padlock_parts(box)
    paint.rect(c, body, ink, None, radius=0.1 * box.w)
    c.setStrokeColor(ink)
    c.setLineWidth(stroke * MM)
    path = c.beginPath()
    path.moveTo((box.cx - r) * MM, body.top * MM)
    path.arcTo(
        (box.cx - r) * MM, (box.top - 2 * r) * MM, (box.cx + r) * MM, box.top * MM, 180, -180
    )
    path.lineTo((box.cx + r) * MM, body.top * MM)
    c.drawPath(path, stroke=1, fill=0)


def _lock_fields(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Longo: a small padlock in the top-right corner of every lock field of a row that has
    several (RULES.md §4: lock with either of the last two)."""
    if layout.lock_fields < 2:
        return
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        ink = colour(palette.print_ink(_colour(layout, row.lock_colour)))
        for box in boxes.fields[layout.lock_start(row) :]:
            padlock(c, shapes.lock_field_padlock(box), ink)


def steps_icon(c: Canvas, box: Box, ink: Color) -> None:
    """Three steps going down to the right, filling ``box`` (mm): the framed group's mark."""
    c.setFillColor(ink)
    symbols.polygon(c, shapes.steps(box))


def _framed(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Connected Steps: a heavy dark frame around each framed field with the steps mark in
    its top-right corner, and the mark on the framed group's total box."""
    framed = False
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        for f, box in zip(row.fields, boxes.fields, strict=True):
            if not f.framed:
                continue
            framed = True
            c.setLineWidth(looks.FRAMED_LINE)
            c.setDash(*looks.FRAMED_DASH)
            paint.rect(c, Box(box.x - 0.1, box.y - 0.1, box.w + 0.2, box.h + 0.2), None, INK, 0.7)
            c.setDash()
            steps_icon(c, Box(box.right - 1.6, box.top - 1.6, 1.2, 1.2), INK)
    if framed:
        total = sheet.totals[-2]
        steps_icon(c, Box(total.x + 0.4, total.top - 1.6, 1.2, 1.2), INK)


def _diamonds(c: Canvas, sheet: geometry.SheetBoxes, layout: Layout) -> None:
    """X-Change: a diamond per cell, its two numbers above and below a rule, an arrow
    between them (left to right)."""
    for k, ((a, b), cell) in enumerate(zip(layout.diamonds, sheet.diamonds, strict=True)):
        shape = geometry.diamond_shape(cell)
        half_w, half_h = shape.w / 2, shape.h / 2
        x, y = cell.cx, cell.cy
        path = c.beginPath()
        path.moveTo((x - half_w) * MM, y * MM)
        path.lineTo(x * MM, (y + half_h) * MM)
        path.lineTo((x + half_w) * MM, y * MM)
        path.lineTo(x * MM, (y - half_h) * MM)
        path.close()
        c.setFillColor(colour(palette.DIAMOND_PAPER))
        c.setStrokeColor(INK)
        c.setLineWidth(looks.DIAMOND_LINE)
        c.drawPath(path, stroke=1, fill=1)
        c.setLineWidth(looks.DIAMOND_RULE)
        c.line((x - half_w * 0.45) * MM, y * MM, (x + half_w * 0.45) * MM, y * MM)
        c.setFillColor(INK)
        upper = Box(x - half_w / 2, y, half_w, half_h * 0.8)
        lower = Box(x - half_w / 2, y - half_h * 0.8, half_w, half_h * 0.8)
        paint.centred(c, str(a), upper, looks.DIAMOND_PT, FONT_BOLD)
        paint.centred(c, str(b), lower, looks.DIAMOND_PT, FONT_BOLD)
        if k:
            paint.centred(c, "\u203a", shapes.arrow_box(cell), looks.ARROW_PT)


def clover(c: Canvas, box: Box) -> None:
    """A four-leaf clover filling ``box`` (mm), with a stem: the mark of a lucky number
    (:func:`qwixx_print.scene.shapes.clover`)."""
    (x0, y0), (x1, y1) = shapes.clover(box)[0]
    c.setFillColor(CLOVER)
    c.setStrokeColor(CLOVER)
    c.setLineWidth(looks.CLOVER_STEM)
    c.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
    for (x, y), r in shapes.clover(box)[1]:
        c.circle(x * MM, y * MM, r * MM, stroke=0, fill=1)


def _links(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Connected Chain: a ring around the number of each linked field and a bar joining the
    two rings of a pair."""
    index = {row.id: k for k, row in enumerate(layout.rows)}
    c.setStrokeColor(INK)
    c.setLineWidth(looks.LINK_LINE)
    for (ra, ia), (rb, ib) in layout.links:
        a, b = sheet.rows[index[ra]].fields[ia], sheet.rows[index[rb]].fields[ib]
        r = min(a.w, a.h) * 0.4
        for box in (a, b):
            c.circle(box.cx * MM, box.cy * MM, r * MM, stroke=1, fill=0)
        upper, lower = (a, b) if a.cy > b.cy else (b, a)
        c.line(upper.cx * MM, (upper.cy - r) * MM, lower.cx * MM, (lower.cy + r) * MM)
