"""The marks of the sheets of RULES.md §4 on the counter's SVG sheet, drawn from the same
geometry and the same looks (:mod:`qwixx_print.scene`) as the PDF's
(:mod:`qwixx_print.draw.pads`), sizes in mm: Big Points' round
two-colour bonus cells (tappable), Connected's linked pairs with the slip's name and the
framed staircase, X-Change's diamonds (a tap selects one for a swap), Longo's lock fields
and the player's lucky numbers in their clovers (a tap offers a lucky cross); RULES.md §7:
Connect 15's link squares (tappable, :func:`squares`).

A tappable mark carries ``role="button"``; bonus cells post their move with htmx, diamonds
and clovers are picked up by ``static/counter.js`` (a swap and a lucky cross are two taps:
the diamond or the clover, then the field). Nothing here decides a rule: what is crossed
and what may be is the engine's (:class:`~qwixx_print.web.drawing.SheetView`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from markupsafe import escape

from qwixx_print import geometry
from qwixx_print.compiled import Compiled
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row
from qwixx_print.scene import looks, palette, shapes
from qwixx_print.scene.looks import mm
from qwixx_print.web.svg import INK, WHITE, Canvas, flag, num, tap, tint

CLOVER = palette.hex_code(palette.CLOVER)
"""Colour of the lucky clovers."""

BONUS_HIT_PAD = 0.9
"""How far (mm) a bonus cell's tap area reaches above and below the cell: to the bands of
the rows beside it, never over them."""

BUTTON = ' role="button" tabindex="0"'
"""The attributes of a mark that takes taps without posting (counter.js handles it)."""


def bonus_rows(
    c: Canvas,
    layout: Layout,
    sheet: geometry.SheetBoxes,
    crossed: Mapping[str, Collection[int]],
    legal: Collection[tuple[str, int]],
    hinted: Collection[tuple[str, int]],
    by_colour: Collection[tuple[str, int]],
    url: str | None,
) -> None:
    """Big Points: a round cell per column, its upper half in the colour of the row above,
    its lower half in the colour of the row below, each half with its colour's symbol, the
    column's number in it; ``crossed`` columns per bonus row crossed, ``legal`` and
    ``hinted`` (bonus row id, column) marked (``by_colour``: hinted by a white + coloured
    sum only), each cell posting ``bonus ROW COLUMN`` to
    ``url``. Its tap area is as wide as the field above it."""
    if not sheet.bonus_rows:
        return
    board, symbol = Compiled.of(layout), shapes.shapes(layout)
    for bonus, colours, (upper, _), numbers, cells in zip(
        board.bonus_ids,
        board.bonus_colours,
        board.bonus_between,
        board.bonus_numbers,
        sheet.bonus_rows,
        strict=True,
    ):
        top, bottom = (tint(palette.half_tint, layout.colours[c]) for c in colours)
        marks = [(symbol[c], tint(palette.print_ink, layout.colours[c])) for c in colours]
        above = sheet.rows[upper].fields
        for k, (number, cell, field) in enumerate(zip(numbers, cells, above, strict=True)):
            done, may = k in crossed.get(bonus, ()), (bonus, k) in legal
            classes = "bonus-cell" + " legal" * may + " crossed" * done
            classes += " hinted" * ((bonus, k) in hinted)
            classes += " by-colour" * ((bonus, k) in by_colour)
            c.open(
                f'<g class="{classes}" data-bonus-row="{escape(bonus)}" data-index="{k}" '
                f'data-number="{number}" data-crossed="{flag(done)}" data-legal="{flag(may)}"'
                + tap(url, {"kind": "bonus", "row": bonus, "index": k})
                + ">"
            )
            if url is not None:
                pad = BONUS_HIT_PAD
                c.hit(Box(field.x, cell.y - pad, field.w, cell.h + 2 * pad))
            r = cell.w / 2
            c.half_disc(cell.cx, cell.cy, r, top, upper=True)
            c.half_disc(cell.cx, cell.cy, r, bottom, upper=False)
            c.circle(cell.cx, cell.cy, r, "none", INK, mm(looks.BONUS_CELL_LINE))
            for (shape, ink), side in zip(marks, (1, -1), strict=True):
                c.symbol(shape, shapes.bonus_half(cell, side), ink)
            c.text(str(number), cell, shapes.BONUS_PT, bold=True, cls="num")
            if done:
                c.cross(cell, 0.5)
            c.close("g")


def links(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Connected Chain: a ring around each linked field's number and a bar joining the two
    rings of a pair (the player's own slip's links); taps pass through to the fields."""
    if not layout.links:
        return
    index = {row.id: k for k, row in enumerate(layout.rows)}
    c.open('<g class="links" pointer-events="none">')
    for (ra, ia), (rb, ib) in layout.links:
        a, b = sheet.rows[index[ra]].fields[ia], sheet.rows[index[rb]].fields[ib]
        c.open(f'<g data-link="{escape(ra)} {ia} {escape(rb)} {ib}">')
        r = min(a.w, a.h) * 0.4
        for box in (a, b):
            c.circle(box.cx, box.cy, r, "none", INK, mm(looks.LINK_LINE))
        upper, lower = (a, b) if a.cy > b.cy else (b, a)
        c.line(upper.cx, upper.cy - r, lower.cx, lower.cy + r, INK, mm(looks.LINK_LINE))
        c.close("g")
    c.close("g")


def slip(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """The slip's name (Connected Chain: A-E), white on ink, right in the header."""
    if sheet.slip is None or not layout.slip:
        return
    c.open(f'<g data-slip="{escape(layout.slip)}">')
    c.rect(sheet.slip, INK, r=0.8)
    c.text(layout.slip, sheet.slip, looks.SLIP_PT, WHITE, bold=True, cls="num", label=True)
    c.close("g")


def _steps(c: Canvas, box: Box) -> None:
    """Three steps going down to the right, filling ``box``: the framed group's mark."""
    c.polygon(shapes.steps(box), INK)


def framed(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Connected Steps: a heavy dashed frame around each framed field with the steps mark in
    its corner, and the mark on the framed group's total box."""
    boxes = [
        box
        for row, row_boxes in zip(layout.rows, sheet.rows, strict=True)
        for f, box in zip(row.fields, row_boxes.fields, strict=True)
        if f.framed
    ]
    if not boxes:
        return
    c.open('<g class="framed" pointer-events="none">')
    for box in boxes:
        c.rect(
            Box(box.x - 0.1, box.y - 0.1, box.w + 0.2, box.h + 0.2),
            "none",
            INK,
            mm(looks.FRAMED_LINE),
            0.7,
            f' stroke-dasharray="{mm(looks.FRAMED_DASH[0]):.2f} {mm(looks.FRAMED_DASH[1]):.2f}"',
        )
        _steps(c, Box(box.right - 1.6, box.top - 1.6, 1.2, 1.2))
    total = sheet.totals[-2]
    _steps(c, Box(total.x + 0.4, total.top - 1.6, 1.2, 1.2))
    c.close("g")


def lock_fields(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Longo: a small padlock in the top-right corner of every lock field of a row that has
    several (RULES.md §4: lock with either of the last two)."""
    if layout.lock_fields < 2:
        return
    c.open('<g class="lock-fields" pointer-events="none">')
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        ink = tint(palette.print_ink, layout.colours[row.lock_colour])
        for box in boxes.fields[layout.lock_start(row) :]:
            padlock = shapes.lock_field_padlock(box)
            body, r, stroke = shapes.padlock_parts(padlock)
            c.open('<g class="num">')  # upright on a turned phone sheet
            c.rect(body, ink, r=0.1 * padlock.w)
            arch = c.y(padlock.top - r)
            c.parts.append(
                f'<path d="M{num(padlock.cx - r)},{num(c.y(body.top))} V{num(arch)} '
                f"A{num(r)},{num(r)} 0 0 1 {num(padlock.cx + r)},{num(arch)} "
                f'V{num(c.y(body.top))}" fill="none" stroke="{ink}" stroke-width="{num(stroke)}"/>'
            )
            c.close("g")
    c.close("g")


def diamonds(
    c: Canvas,
    layout: Layout,
    sheet: geometry.SheetBoxes,
    crossed: Collection[int],
    usable: Collection[int],
    hinted: Collection[int],
    url: str | None,
) -> None:
    """X-Change: a diamond per cell, its two numbers above and below a rule, an arrow
    between cells (left to right); ``crossed`` ones crossed, ``usable`` ones (the engine
    allows a swap with them now) marked legal, ``hinted`` ones (the white sum on the table
    allows a swap with them) outlined. On the own sheet (``url``) each diamond not
    crossed takes a tap over its whole cell: counter.js selects it, and the next field
    tapped swaps with it; a crossed one (used, RULES.md §4 X-Change) takes none."""
    for k, ((a, b), cell) in enumerate(zip(layout.diamonds, sheet.diamonds, strict=True)):
        done, may = k in crossed, k in usable
        classes = "diamond" + " hinted" * (k in hinted) + " legal" * may + " crossed" * done
        tappable = url is not None and not done
        taps = BUTTON if tappable else ' aria-disabled="true"' if url is not None else ""
        c.open(
            f'<g class="{classes}" data-diamond="{k}" data-numbers="{a}/{b}" '
            f'data-crossed="{flag(done)}" data-legal="{flag(may)}"{taps}>'
        )
        if tappable:
            c.hit(Box(cell.x, cell.y - 0.3, cell.w, cell.h + 0.6))
        shape = geometry.diamond_shape(cell)
        half_w, half_h = shape.w / 2, shape.h / 2
        x, y = cell.cx, cell.cy
        points = [(x - half_w, y), (x, y + half_h), (x + half_w, y), (x, y - half_h)]
        c.polygon(points, palette.hex_code(palette.DIAMOND_PAPER), INK, mm(looks.DIAMOND_LINE))
        c.open('<g class="num">')  # the pair stays upright as one on a turned phone sheet
        c.line(x - half_w * 0.45, y, x + half_w * 0.45, y, INK, mm(looks.DIAMOND_RULE))
        upper = Box(x - half_w / 2, y, half_w, half_h * 0.8)
        lower = Box(x - half_w / 2, y - half_h * 0.8, half_w, half_h * 0.8)
        c.text(str(a), upper, looks.DIAMOND_PT, bold=True)
        c.text(str(b), lower, looks.DIAMOND_PT, bold=True)
        c.close("g")
        if k:
            c.text("\u203a", shapes.arrow_box(cell), looks.ARROW_PT)
        if done:
            c.cross(geometry.diamond_cross(cell), 0.5)
        c.close("g")


def lucky(
    c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, usable: bool, url: str | None
) -> None:
    """Longo: a four-leaf clover per lucky number with the player's number in it (empty on
    a sheet without its numbers, as the blank PDF); on the own sheet (``url``) a tap on one
    offers a lucky cross (counter.js), ``usable`` when the engine allows one now."""
    numbers: list[int | None] = [*layout.lucky]
    for number, box in zip(numbers + [None] * len(sheet.lucky), sheet.lucky, strict=False):
        if number is None:
            c.open('<g class="lucky">')
        else:
            c.open(
                f'<g class="lucky{" legal" * usable}" data-lucky-number="{number}" '
                f'data-legal="{flag(usable)}"' + (BUTTON if url is not None else "") + ">"
            )
            if url is not None:
                c.hit(Box(box.x - 0.5, box.y - 1.0, box.w + 1.0, box.h + 2.0))
        (x0, y0), (x1, y1) = shapes.clover(box)[0]
        c.line(x0, y0, x1, y1, CLOVER, mm(looks.CLOVER_STEM))
        for (x, y), r in shapes.clover(box)[1]:
            c.circle(x, y, r, CLOVER)
        if number is not None:
            c.text(str(number), box, looks.LUCKY_PT, WHITE, bold=True, cls="num")
        c.close("g")


def squares(
    c: Canvas,
    row: Row,
    boxes: geometry.RowBoxes,
    crossed: Collection[int],
    legal: Collection[int],
    hinted: Collection[int],
    url: str | None,
) -> None:
    """Connect 15 (RULES.md §7): ``row``'s link squares where the geometry puts them, white
    and outlined as on paper; ``crossed``, ``legal`` (the engine allows them now) and
    ``hinted`` (the dice on the table allow them) are squares by the field left of them. A
    legal square on the own sheet (``url``) posts ``square ROW INDEX``; its tap area is the
    square and 0.6 mm round it."""
    for (left, _), box in zip(row.squares, boxes.squares, strict=True):
        done, may = left in crossed, left in legal
        classes = "square" + " hinted" * (left in hinted) + " legal" * may + " crossed" * done
        tappable = url if may else None
        c.open(
            f'<g class="{classes}" data-row="{escape(row.id)}" data-square="{left}" '
            f'data-crossed="{flag(done)}" data-legal="{flag(may)}"'
            + tap(tappable, {"kind": "square", "row": row.id, "index": left})
            + ">"
        )
        if tappable:
            c.hit(Box(box.x - 0.6, box.y - 0.6, box.w + 1.2, box.h + 1.2))
        fill = palette.hex_code(palette.SQUARE_FILL)
        c.rect(box, fill, INK, mm(looks.SQUARE_LINE), looks.SQUARE_RADIUS)
        if done:
            c.cross(box)
        c.close("g")
