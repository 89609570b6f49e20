"""A player's sheet drawn as SVG for the counter, from the same layout and geometry as the
PDF (:func:`qwixx_print.geometry.sheet_boxes`, mm, y flipped for SVG): bands, fields with
numbers and colour symbols, doubles, boxed bonus fields, power badges, small boxes, locks,
the bonus bar, the score table, penalty boxes and the total line, with the engine's marks
on top (crosses, locks, closed colours, points).

Every colour, tint, outline, text size and stroke comes from :mod:`qwixx_print.scene`, as
the PDF's (``qwixx_print.draw``) do; nothing here imports reportlab.

The SVG's user unit is the millimetre (``viewBox="0 0 96 65"``). Every field is a ``<g>``
with ``data-row``, ``data-index`` and ``data-crossed``; a tappable one carries the htmx
attributes that post its move. Nothing here decides a rule: what is crossed, legal, locked,
closed and scored comes from a :class:`qwixx_print.play.Sheet`, seen through a
:class:`SheetView`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from markupsafe import Markup, escape

from qwixx_print import geometry, labels, rules
from qwixx_print.geometry import Box
from qwixx_print.layout import Field, Layout
from qwixx_print.play import Move, Sheet
from qwixx_print.scene import fonts, looks, palette, shapes
from qwixx_print.scene.looks import mm
from qwixx_print.scene.shapes import BADGE_R
from qwixx_print.web import pad_svg
from qwixx_print.web.svg import INK, PEN, WHITE, Canvas, flag, num, tap, tint


@dataclass(frozen=True)
class SheetView:
    """What the engine says about one sheet, in the ids the drawing uses: the crossed field
    indexes and small boxes per row, the tappable fields and small boxes as (row, index)
    (``legal``, ``legal_again``), the fields the dice allow (``hinted``), the locked rows,
    the closed colours, the penalties, the bonus bar and the score. The sheets of RULES.md
    §4: the crossed cells per bonus row (``bonus``) and the tappable ones as (bonus row,
    column) (``legal_bonus``; ``hinted`` holds them too); the crossed X-Change ``diamonds``
    and per field the diamonds it may swap with now (``swaps``); the fields a Longo lucky
    cross may cross now (``lucky``). RULES.md §7: per row the crossed link squares
    (``squares``), and the tappable ones (``legal_squares``) and those the dice allow
    (``hinted_squares``) as (row, index of the field left of the square)."""

    crossed: Mapping[str, Collection[int]]
    again: Mapping[str, Collection[int]]
    legal: Collection[tuple[str, int]]
    legal_again: Collection[tuple[str, int]]
    locked: Collection[str]
    closed: Collection[str]
    penalties: int
    bar_earned: Collection[int]
    bar_struck: Collection[int]
    score: rules.SheetScore
    hinted: Collection[tuple[str, int]] = field(default_factory=frozenset)
    bonus: Mapping[str, Collection[int]] = field(default_factory=dict)
    legal_bonus: Collection[tuple[str, int]] = field(default_factory=frozenset)
    diamonds: Collection[int] = field(default_factory=frozenset)
    swaps: Mapping[tuple[str, int], tuple[int, ...]] = field(default_factory=dict)
    lucky: Collection[tuple[str, int]] = field(default_factory=frozenset)
    hinted_diamonds: Collection[int] = field(default_factory=frozenset)
    hinted_colour: Collection[tuple[str, int]] = field(default_factory=frozenset)
    squares: Mapping[str, Collection[int]] = field(default_factory=dict)
    legal_squares: Collection[tuple[str, int]] = field(default_factory=frozenset)
    hinted_squares: Collection[tuple[str, int]] = field(default_factory=frozenset)


def sheet_view(
    sheet: Sheet,
    hinted: Collection[tuple[str, int]] = frozenset(),
    hinted_diamonds: Collection[int] = frozenset(),
    hinted_colour: Collection[tuple[str, int]] = frozenset(),
    hinted_squares: Collection[tuple[str, int]] = frozenset(),
) -> SheetView:
    """The engine's view of ``sheet``: every field and small box asked with ``can_cross``
    and ``can_again``, so only what the engine allows is tappable; ``hinted`` fields and
    ``hinted_diamonds`` are those the dice on the table allow, ``hinted_colour`` the
    hinted fields (and bonus cells) that only a white + coloured sum allows, and
    ``hinted_squares`` the link squares the dice allow (RULES.md §7)."""
    layout = sheet.layout
    legal = {
        (row.id, i)
        for row in layout.rows
        for i in range(len(row.fields))
        if sheet.can_cross(row.id, i)
    }
    legal_again = {
        (row.id, i)
        for row in layout.rows
        if row.again
        for i in range(len(row.fields) - 1)
        if sheet.can_again(row.id, i)
    }
    swaps: dict[tuple[str, int], tuple[int, ...]] = {}
    for row in layout.rows if layout.diamonds else ():
        for i in range(len(row.fields)):
            found = tuple(
                d for d in range(len(layout.diamonds)) if sheet.can(Move("swap", row.id, i, d))
            )
            if found:
                swaps[(row.id, i)] = found
    return SheetView(
        crossed={row.id: frozenset(sheet.crossed(row.id)) for row in layout.rows},
        again={row.id: frozenset(sheet.again_crossed(row.id)) for row in layout.rows},
        legal=legal,
        legal_again=legal_again,
        locked=frozenset(sheet.locked),
        closed=sheet.closed,
        penalties=sheet.penalties,
        bar_earned=frozenset(sheet.bar_earned),
        bar_struck=frozenset(sheet.bar_struck),
        score=sheet.score(),
        hinted=frozenset(hinted),
        bonus={b: frozenset(sheet.bonus_crossed(b)) for b in sheet.board.bonus_ids},
        legal_bonus={
            (b, k)
            for b, numbers in zip(sheet.board.bonus_ids, sheet.board.bonus_numbers, strict=True)
            for k in range(len(numbers))
            if sheet.can(Move("bonus", b, k))
        },
        diamonds=frozenset(sheet.state.diamonds),
        swaps=swaps,
        lucky=frozenset(sheet.lucky_fields()),
        hinted_diamonds=frozenset(hinted_diamonds),
        hinted_colour=frozenset(hinted_colour),
        squares={row.id: frozenset(sheet.squares_crossed(row.id)) for row in layout.rows},
        legal_squares=frozenset(sheet.legal_squares()),
        hinted_squares=frozenset(hinted_squares),
    )


def _power(c: Canvas, power: str, x: float, y: float, r: float = BADGE_R) -> None:
    """A power's badge (RULES.md §2 Kräfte): :func:`qwixx_print.scene.shapes.power_symbol`
    in a white disc, as the PDF draws it."""
    c.circle(x, y, r, WHITE, INK, mm(looks.BADGE_LINE))
    symbol = shapes.power_symbol(power, x, y, r)
    for box in symbol.frames:
        c.rect(box, "none", INK, symbol.width)
    for x0, y0, x1, y1 in symbol.lines:
        c.line(x0, y0, x1, y1, INK, symbol.width)


VEIL = "#f7f7f7"
"""The veil over a field the engine does not allow now: shown by the stylesheet (at 70 %)
on the own sheet, it makes the field paler and greyer than a normal one, never darker."""


@lru_cache(maxsize=4096)
def _field_art(f: Field, colour: str, box: Box, band: Box, mixed: bool, shape: str) -> str:
    """The drawing of field ``f`` (hex ``colour``) in ``box`` of a row's ``band`` with its
    :data:`VEIL` on top (hidden unless the field is muted): the same on every sheet of a
    layout, so it is drawn once per field and kept."""
    c = Canvas(geometry.SHEET_H)
    if mixed:
        c.rect(Box(box.x - 0.2, box.y - 0.2, box.w + 0.4, box.h + 0.4), colour, r=0.8)
    paper, edge = tint(palette.paper, colour), tint(palette.edge, colour)
    c.rect(box, paper, edge, mm(looks.FIELD_LINE), 0.7)
    ink = tint(palette.print_ink, colour)
    c.text(str(f.number), box, fonts.number_size(box), ink, bold=True, cls="num")
    c.symbol(shape, shapes.field_corner(box), ink)
    if f.double:
        dark = tint(palette.double_ink, colour)
        c.rect(box, "none", dark, mm(looks.DOUBLE_LINE), 0.7)
        inset = shapes.DOUBLE_INSET
        c.rect(
            Box(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset),
            "none",
            dark,
            mm(looks.DOUBLE_INNER_LINE),
            0.4,
        )
        tab = shapes.double_tab(box, band)
        c.rect(tab, dark, r=1.0)
        c.text("\u00d72", tab, looks.DOUBLE_TAB_PT, WHITE, bold=True, cls="num")
    if f.bonus:
        frame = Box(box.x - 0.15, box.y - 0.15, box.w + 0.3, box.h + 0.3)
        c.rect(frame, "none", INK, mm(looks.BONUS_FRAME_LINE), 0.8)
    if f.power:
        _power(c, f.power, *shapes.badge_centre(box))
    veil = Box(box.x - 0.25, box.y - 0.25, box.w + 0.5, box.h + 0.5)
    c.rect(veil, VEIL, r=0.9, extra=' class="veil"')
    return c.svg()


def _field(
    c: Canvas,
    layout: Layout,
    row_id: str,
    index: int,
    box: Box,
    band: Box,
    m: SheetView,
    url: str | None,
    mixed: bool,
    symbol: Mapping[str, str],
) -> None:
    row = next(r for r in layout.rows if r.id == row_id)
    f = row.fields[index]
    colour = layout.colours[f.colour]
    crossed = index in m.crossed[row_id]
    legal = (row_id, index) in m.legal
    hinted = (row_id, index) in m.hinted
    classes = "field" + " legal" * legal + " hinted" * hinted + " crossed" * crossed
    classes += " by-colour" * ((row_id, index) in m.hinted_colour)
    swaps = m.swaps.get((row_id, index))
    extra = f' data-swaps="{" ".join(map(str, swaps))}"' if swaps else ""
    if (row_id, index) in m.lucky:
        extra += ' data-lucky="true"'
    c.open(
        f'<g class="{classes}" data-row="{escape(row_id)}" data-index="{index}" '
        f'data-number="{f.number}" data-crossed="{flag(crossed)}" '
        f'data-legal="{flag(legal)}"{extra}'
        + tap(url, {"kind": "cross", "row": row_id, "index": index})
        + ">"
    )
    c.parts.append(_field_art(f, colour, box, band, mixed, symbol[f.colour]))
    if crossed:
        c.cross(box)
    c.close("g")


def _lock(c: Canvas, box: Box, colour: str, shape: str, locked: bool) -> None:
    """The round lock field with its padlock, as the PDF draws it, crossed when ``locked``;
    the padlock in a group of class ``num``, upright on a turned phone sheet."""
    ink, paper = tint(palette.print_ink, colour), tint(palette.paper, colour)
    r = box.w / 2
    c.circle(box.cx, box.cy, r, paper, ink, mm(looks.LOCK_LINE))
    c.open('<g class="num">')
    body = shapes.padlock_body(box)
    sx, top = shapes.padlock_shackle(box)
    c.parts.append(
        f'<path d="M{num(box.cx - sx)},{num(c.y(body.top))} V{num(c.y(top - sx))} '
        f"A{num(sx)},{num(sx)} 0 0 1 {num(box.cx + sx)},{num(c.y(top - sx))} "
        f'V{num(c.y(body.top))}" fill="none" stroke="{ink}" stroke-width="{num(0.16 * r)}"/>'
    )
    c.rect(body, ink, r=0.08 * r)
    c.symbol(shape, shapes.lock_mark(box), paper)
    c.close("g")
    if locked:
        c.cross(box)


def _footer(
    c: Canvas,
    layout: Layout,
    sheet: geometry.SheetBoxes,
    m: SheetView,
    text: Mapping[str, str],
    symbol: Mapping[str, str],
) -> None:
    table = rules.score_table(layout)
    thin = mm(looks.SMALL_BOX_LINE)
    for n, cell in enumerate(sheet.score_cells, start=1):
        cell_paper, cell_edge = palette.hex_code(palette.SCORE_CELL), palette.SCORE_EDGE
        c.rect(cell, cell_paper, palette.hex_code(cell_edge), thin)
        half, inner = cell.h / 2, Box(cell.x + 0.3, cell.y, cell.w - 0.6, cell.h)
        c.open('<g class="num">')
        c.text(
            f"{n}\u00d7", inner._replace(y=cell.y + half, h=half), looks.SCORE_COUNT_PT, label=True
        )
        c.text(
            str(table[n - 1]), inner._replace(h=half), looks.SCORE_POINTS_PT, bold=True, label=True
        )
        c.close("g")
    c.text(
        f"{text['penalties']} \u2212{layout.penalty_points}",
        sheet.penalty_label,
        looks.PENALTIES_PT,
        anchor="start",
        cls="sideways",
        label=True,
    )
    pale = palette.hex_code(palette.PALE_TEXT)
    for k, box in enumerate(sheet.penalties):
        c.open(f'<g class="penalty-box" data-crossed="{flag(k < m.penalties)}">')
        c.rect(box, WHITE, INK, thin, 0.3)
        inner = Box(box.x + 0.4, box.y, box.w - 0.8, box.h)
        c.text(
            f"\u2212{layout.penalty_points}",
            inner,
            looks.PENALTY_BOX_PT,
            pale,
            cls="num",
            label=True,
        )
        if k < m.penalties:
            c.cross(box)
        c.close("g")
    rows = list(m.score.rows.items())
    values: list[tuple[str, int]] = [
        (f'data-row-points="{escape(rid)}"', rs.points) for rid, rs in rows
    ]
    values.append(('data-penalty-points=""', m.score.penalty_points))
    if geometry.powers(layout):
        values.append(
            (
                'data-power-points=""',
                m.score.total
                - sum(rs.points for _, rs in rows)
                + m.score.penalty_points
                - m.score.framed_points,
            )
        )
    if any(f.framed for row in layout.rows for f in row.fields):  # RULES.md §4 Steps
        values.append(('data-framed-points=""', m.score.framed_points))
    values.append((f'data-total="{m.score.total}"', m.score.total))
    for k, (box, (attr, value)) in enumerate(zip(sheet.totals, values, strict=True)):
        row_colour = layout.rows[k].colour if k < len(layout.rows) else None
        code = layout.colours[row_colour] if row_colour else palette.hex_code(palette.TOTAL_GREY)
        c.open(f"<g {attr}>")
        c.rect(box, tint(palette.total_paper, code), tint(palette.edge, code), thin, 0.5)
        if k < len(layout.rows) and row_colour is None:
            c.text(str(k + 1), box, 5.0, palette.hex_code(palette.ROW_NUMBER), cls="num")
        elif row_colour is not None:
            c.symbol(symbol[row_colour], shapes.total_corner(box), tint(palette.edge, code))
        c.text(str(value), box, looks.WRITTEN_PT, PEN, bold=True, cls="num")
        c.close("g")
    for op, box in sheet.operators:
        c.text(op, box, looks.OPERATOR_PT, bold=True, cls="num")
    total = (text["total"], sheet.total_label, looks.TOTAL_LABEL_PT)
    c.text(*total, anchor="end", cls="sideways", label=True)


def _bar(
    c: Canvas,
    layout: Layout,
    sheet: geometry.SheetBoxes,
    m: SheetView,
    text: Mapping[str, str],
    symbol: Mapping[str, str],
) -> None:
    if sheet.bonus_label is not None:
        c.text(text["bonus"], sheet.bonus_label, looks.BONUS_LABEL_PT, bold=True, label=True)
    for k, (colour, cell) in enumerate(zip(layout.bonus_bar, sheet.bonus_bar, strict=True)):
        code = layout.colours[colour]
        square, mark = shapes.bar_square(cell)
        earned, struck = k in m.bar_earned, k in m.bar_struck
        c.open(f'<g class="bar" data-bar="{k}" data-earned="{flag(earned)}">')
        c.rect(square, tint(palette.half_tint, code), code, mm(looks.BAR_LINE), 0.5)
        c.symbol(symbol[colour], mark, tint(palette.print_ink, code))
        if k:
            c.text("\u203a", shapes.arrow_box(cell), looks.ARROW_PT)
        if earned:
            c.cross(square)
        if struck:
            c.line(square.x, square.y, square.right, square.top, INK, 0.4)
        c.close("g")
    for power, cell in zip(geometry.powers(layout), sheet.legend_cells, strict=True):
        _power(c, power, cell.x + BADGE_R + 0.3, cell.cy)
        room = Box(cell.x + 2 * BADGE_R + 0.8, cell.y, cell.w - 2 * BADGE_R - 0.8, cell.h)
        legend = text[f"power-{power}"]
        lines = fonts.wrapped(legend, room, shapes.LEGEND_PT)
        size, shares = lines if lines is not None else (shapes.LEGEND_PT, [(legend, room)])
        for line, share in shares:
            c.text(line, share, size, anchor="start", label=True)


AGAIN_HIT_PAD = 0.4
"""How far (mm) a tappable small box's hit area reaches below the box."""


def _again_hit(box: Box, field_box: Box) -> Box:
    """The invisible hit area of a tappable small box ``box`` under ``field_box``: the box
    and its field, as wide as the field. A small box is tappable only under the row's most
    recent cross (RULES.md §2 Nochmal), so the field it covers takes no tap; on a 360 px
    phone the area is about 10.6 x 13.5 mm where the box alone is 3.2 mm tall."""
    bottom = box.y - AGAIN_HIT_PAD
    return Box(field_box.x, bottom, field_box.w, field_box.top - bottom)


def sheet_svg(
    layout: Layout, m: SheetView, name: str, url: str | None, lang: str = labels.DEFAULT_LANG
) -> Markup:
    """The SVG of one player's sheet of ``layout`` with the engine's marks ``m``, headed by
    the player's ``name``. ``url``: where a tap on a field posts its move (``kind``, ``row``,
    ``index``), or None for a sheet only shown."""
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    symbol = shapes.shapes(layout)
    c = Canvas(sheet.height)
    c.open(
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {num(sheet.width)} {num(sheet.height)}" '
        'class="sheet-svg" font-family="DejaVu Sans, Verdana, sans-serif" role="img" '
        f'aria-label="{escape(name)}\'s sheet">'
    )
    c.rect(Box(0, 0, sheet.width, sheet.height), WHITE, "#bbbbbb", 0.2, 1.5)
    title = Box(sheet.title.x + 0.5, sheet.title.y, sheet.title.w - 1.0, sheet.title.h)
    c.text(
        text["title"], title, looks.TITLE_PT, bold=True, anchor="start", cls="sideways", label=True
    )
    named = shapes.name_box(name, shapes.name_line(sheet), text["title"])
    c.text(name, named, looks.NAME_PT, PEN, bold=True, anchor="end", cls="sideways", label=True)
    pad_svg.slip(c, layout, sheet)
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        band = layout.colours[row.colour] if row.colour else palette.hex_code(palette.MIXED_BAND)
        closed = row.lock_colour in m.closed
        c.open(f'<g class="row" data-row-id="{escape(row.id)}" data-closed="{flag(closed)}">')
        c.rect(boxes.band, band, r=1.2)
        for i, box in enumerate(boxes.fields):
            _field(c, layout, row.id, i, box, boxes.band, m, url, row.colour is None, symbol)
        for i, box in enumerate(boxes.again):
            crossed = i in m.again[row.id]
            tappable = url if (row.id, i) in m.legal_again else None
            c.open(
                f'<g class="again" data-row="{escape(row.id)}" data-index="{i}" '
                f'data-crossed="{flag(crossed)}"'
                + tap(tappable, {"kind": "again", "row": row.id, "index": i})
                + ">"
            )
            if tappable:
                c.hit(_again_hit(box, boxes.fields[i]))
            c.rect(box, WHITE, INK, mm(looks.SMALL_BOX_LINE), 0.3)
            if crossed:
                c.cross(box)
            c.close("g")
        if row.squares:  # RULES.md §7 Connect 15
            pad_svg.squares(
                c,
                row,
                boxes,
                m.squares.get(row.id, ()),
                {i for r, i in m.legal_squares if r == row.id},
                {i for r, i in m.hinted_squares if r == row.id},
                url,
            )
        _lock(
            c,
            boxes.lock,
            layout.colours[row.lock_colour],
            symbol[row.lock_colour],
            row.id in m.locked,
        )
        if closed and row.id not in m.locked:
            c.rect(boxes.band, WHITE, extra=' opacity="0.55" class="closed-veil"', r=1.2)
        c.close("g")
    pad_svg.lock_fields(c, layout, sheet)
    pad_svg.links(c, layout, sheet)
    pad_svg.framed(c, layout, sheet)
    pad_svg.bonus_rows(c, layout, sheet, m.bonus, m.legal_bonus, m.hinted, m.hinted_colour, url)
    usable = {d for found in m.swaps.values() for d in found}
    pad_svg.diamonds(c, layout, sheet, m.diamonds, usable, m.hinted_diamonds, url)
    _bar(c, layout, sheet, m, text, symbol)
    _footer(c, layout, sheet, m, text, symbol)
    pad_svg.lucky(c, layout, sheet, bool(m.lucky), url)
    c.close("svg")
    return Markup(c.svg())
