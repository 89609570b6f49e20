"""A player's sheet drawn as SVG for the counter, from the same layout and geometry as the
PDF (:func:`qwixx_print.geometry.sheet_boxes`, mm, y flipped for SVG): bands, fields with
numbers and colour symbols, doubles, boxed bonus fields, power badges, small boxes, locks,
the bonus bar, the score table, penalty boxes and the total line, with the engine's marks
on top (crosses, locks, closed colours, points).

The SVG's user unit is the millimetre (``viewBox="0 0 96 65"``). Every field is a ``<g>``
with ``data-row``, ``data-index`` and ``data-crossed``; a tappable one carries the htmx
attributes that post its move. Nothing here decides a rule: what is crossed, legal, locked,
closed and scored comes from a :class:`qwixx_print.play.Sheet`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from markupsafe import Markup, escape

from qwixx_print import geometry, labels, rules
from qwixx_print.draw import marks, paint, symbols
from qwixx_print.geometry import Box
from qwixx_print.layout import Field, Layout
from qwixx_print.play import Move, Sheet
from qwixx_print.web import extras
from qwixx_print.web.svg import INK, Canvas, flag, mix, num, tap


@dataclass(frozen=True)
class Marks:
    """What the engine says about one sheet, in the ids the drawing uses: the crossed field
    indexes and small boxes per row, the tappable fields and small boxes as (row, index)
    (``legal``, ``legal_again``), the fields the dice allow (``hinted``), the locked rows,
    the closed colours, the penalties, the bonus bar and the score. The sheets of RULES.md
    §4: the crossed cells per bonus row (``bonus``) and the tappable ones as (bonus row,
    column) (``legal_bonus``; ``hinted`` holds them too); the crossed X-Change ``diamonds``
    and per field the diamonds it may swap with now (``swaps``); the fields a Longo lucky
    cross may cross now (``lucky``)."""

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


def marks_of(
    sheet: Sheet,
    hinted: Collection[tuple[str, int]] = frozenset(),
    hinted_diamonds: Collection[int] = frozenset(),
) -> Marks:
    """The engine's view of ``sheet``: every field and small box asked with ``can_cross``
    and ``can_again``, so only what the engine allows is tappable; ``hinted`` fields and
    ``hinted_diamonds`` are those the dice on the table allow."""
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
    return Marks(
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
        bonus={b.id: frozenset(sheet.bonus_crossed(b.id)) for b in layout.bonus_rows},
        legal_bonus={
            (b.id, k)
            for b in layout.bonus_rows
            for k in range(len(sheet.board.numbers[sheet.board.row_of[b.between[0]]]))
            if sheet.can(Move("bonus", b.id, k))
        },
        diamonds=frozenset(sheet.state.diamonds),
        swaps=swaps,
        lucky=frozenset(sheet.lucky_fields()),
        hinted_diamonds=frozenset(hinted_diamonds),
    )


def _power(c: Canvas, power: str, x: float, y: float, r: float = marks.BADGE_R) -> None:
    """A power's badge (RULES.md §2 Kräfte), its symbol simplified from the PDF's."""
    c.circle(x, y, r, "#ffffff", INK, 0.35)
    w = 0.14 * r
    if power == "plus-13":
        c.line(x - 0.55 * r, y, x + 0.55 * r, y, INK, 0.3 * r)
        c.line(x, y - 0.55 * r, x, y + 0.55 * r, INK, 0.3 * r)
    elif power == "one-in-each":
        for k in range(4):
            dy = (k - 1.5) * 0.36 * r
            c.line(x - 0.5 * r, y + dy, x + 0.5 * r, y + dy, INK, w)
    elif power == "two-in-weakest":
        for dx in (-0.42 * r, 0.42 * r):
            c.cross(Box(x + dx - 0.3 * r, y - 0.3 * r, 0.6 * r, 0.6 * r), w, 0.0)
    elif power == "weakest-double":
        side = 0.75 * r
        for d in (-0.22 * r, 0.22 * r):
            c.rect(Box(x + d - side / 2, y + d - side / 2, side, side), "none", INK, w)
    else:  # no-penalties, and any other
        side = 0.95 * r
        c.rect(Box(x - side / 2, y - side / 2, side, side), "none", INK, w)
        c.line(x - 0.6 * r, y - 0.6 * r, x + 0.6 * r, y + 0.6 * r, INK, w)


VEIL = "#f7f7f7"
"""The veil over a field the engine does not allow now: shown by the stylesheet (at 70 %)
on the own sheet, it makes the field paler and greyer than a normal one, never darker."""


@lru_cache(maxsize=4096)
def _field_art(f: Field, colour: str, box: Box, mixed: bool, shape: str) -> str:
    """The drawing of field ``f`` (hex ``colour``) in ``box`` with its :data:`VEIL` on top
    (hidden unless the field is muted): the same on every sheet of a layout, so it is drawn
    once per field and kept."""
    c = Canvas(geometry.SHEET_H)
    if mixed:
        c.rect(Box(box.x - 0.2, box.y - 0.2, box.w + 0.4, box.h + 0.4), colour, r=0.8)
    c.rect(box, mix(colour, "#ffffff", 0.82), mix(colour, INK, 0.3), 0.14, 0.7)
    c.text(str(f.number), box, paint.number_size(box), mix(colour, INK, 0.35), bold=True, cls="num")
    c.symbol(shape, symbols.field_corner(box), mix(colour, INK, 0.35))
    if f.double:
        dark = mix(colour, INK, 0.45)
        c.rect(box, "none", dark, 0.39, 0.7)
        inset = marks.DOUBLE_INSET
        c.rect(
            Box(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset),
            "none",
            dark,
            0.16,
            0.4,
        )
        tab = Box(box.cx - 1.7, box.top - 1.15, 3.4, 2.3)
        c.rect(tab, dark, r=1.0)
        c.text("\u00d72", tab, 5.5, "#ffffff", bold=True)
    if f.bonus:
        c.rect(Box(box.x - 0.15, box.y - 0.15, box.w + 0.3, box.h + 0.3), "none", INK, 0.46, 0.8)
    if f.power:
        _power(c, f.power, box.cx, box.top - 0.1)
    veil = Box(box.x - 0.25, box.y - 0.25, box.w + 0.5, box.h + 0.5)
    c.rect(veil, VEIL, r=0.9, extra=' class="veil"')
    return c.svg()


def _field(
    c: Canvas,
    layout: Layout,
    row_id: str,
    index: int,
    box: Box,
    m: Marks,
    url: str | None,
    mixed: bool,
    shapes: Mapping[str, str],
) -> None:
    row = next(r for r in layout.rows if r.id == row_id)
    f = row.fields[index]
    colour = layout.colours[f.colour]
    crossed = index in m.crossed[row_id]
    legal = (row_id, index) in m.legal
    hinted = (row_id, index) in m.hinted
    classes = "field" + " legal" * legal + " hinted" * hinted + " crossed" * crossed
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
    c.parts.append(_field_art(f, colour, box, mixed, shapes[f.colour]))
    if crossed:
        c.cross(box)
    c.close("g")


def _lock(c: Canvas, box: Box, colour: str, shape: str, locked: bool) -> None:
    ink, paper = mix(colour, INK, 0.35), mix(colour, "#ffffff", 0.82)
    r = box.w / 2
    c.circle(box.cx, box.cy, r, paper, ink, 0.18)
    body = Box(box.cx - 0.42 * r, box.cy - 0.5 * r, 0.84 * r, 0.62 * r)
    sx, top = 0.26 * r, box.cy + 0.5 * r
    c.parts.append(
        f'<path d="M{num(box.cx - sx)},{num(c.y(body.top))} V{num(c.y(top - sx))} '
        f"A{num(sx)},{num(sx)} 0 0 1 {num(box.cx + sx)},{num(c.y(top - sx))} "
        f'V{num(c.y(body.top))}" fill="none" stroke="{ink}" stroke-width="{num(0.16 * r)}"/>'
    )
    c.rect(body, ink, r=0.08 * r)
    c.symbol(shape, symbols.lock_mark(box), paper)
    if locked:
        c.cross(box, 0.6, 0.05)


def _footer(
    c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, m: Marks, text: Mapping[str, str]
) -> None:
    table = rules.score_table(layout)
    for n, cell in enumerate(sheet.score_cells, start=1):
        c.rect(cell, "#f0f0f0", "#999999", 0.1)
        half = cell.h / 2
        c.text(f"{n}\u00d7", cell._replace(y=cell.y + half, h=half), 4.5)
        c.text(str(table[n - 1]), cell._replace(h=half), 5.0, bold=True)
    c.text(
        f"{text['penalties']} \u2212{layout.penalty_points}",
        sheet.penalty_label,
        5.5,
        anchor="start",
    )
    for k, box in enumerate(sheet.penalties):
        c.open(f'<g class="penalty-box" data-crossed="{flag(k < m.penalties)}">')
        c.rect(box, "#ffffff", INK, 0.1, 0.3)
        c.text(f"\u2212{layout.penalty_points}", box, 5.0, "#b3b3b3")
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
        tint = layout.colours[row_colour] if row_colour else "#808080"
        c.open(f"<g {attr}>")
        c.rect(box, mix(tint, "#ffffff", 0.8), mix(tint, INK, 0.3), 0.1, 0.5)
        c.text(str(value), box, 7.0 if k < len(sheet.totals) - 1 else 8.0, bold=True, cls="num")
        c.close("g")
    for op, box in sheet.operators:
        c.text(op, box, 8.0, bold=True)
    c.text(text["total"], sheet.total_label, 5.0, anchor="end")


def _bar(
    c: Canvas,
    layout: Layout,
    sheet: geometry.SheetBoxes,
    m: Marks,
    text: Mapping[str, str],
    shapes: Mapping[str, str],
) -> None:
    if sheet.bonus_label is not None:
        c.text(text["bonus"], sheet.bonus_label, 5.5, bold=True)
    for k, (colour, cell) in enumerate(zip(layout.bonus_bar, sheet.bonus_bar, strict=True)):
        tint = layout.colours[colour]
        side = min(cell.w - 1.4, cell.h)
        square = Box(cell.cx - side / 2, cell.cy - side / 2, side, side)
        earned, struck = k in m.bar_earned, k in m.bar_struck
        c.open(f'<g class="bar" data-bar="{k}" data-earned="{flag(earned)}">')
        c.rect(square, mix(tint, "#ffffff", 0.55), tint, 0.28, 0.5)
        inset = square.w * 0.3
        c.symbol(
            shapes[colour],
            Box(square.x + inset, square.y + inset, square.w - 2 * inset, square.h - 2 * inset),
            mix(tint, INK, 0.35),
        )
        if earned:
            c.cross(square)
        if struck:
            c.line(square.x, square.y, square.right, square.top, INK, 0.4)
        c.close("g")
    for power, cell in zip(geometry.powers(layout), sheet.legend_cells, strict=True):
        _power(c, power, cell.x + marks.BADGE_R + 0.3, cell.cy)
        room = Box(
            cell.x + 2 * marks.BADGE_R + 0.8, cell.y, cell.w - 2 * marks.BADGE_R - 0.8, cell.h
        )
        c.text(text[f"power-{power}"], room, marks.LEGEND_PT, anchor="start")


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
    layout: Layout, m: Marks, name: str, url: str | None, lang: str = labels.DEFAULT_LANG
) -> Markup:
    """The SVG of one player's sheet of ``layout`` with the engine's marks ``m``, headed by
    the player's ``name``. ``url``: where a tap on a field posts its move (``kind``, ``row``,
    ``index``), or None for a sheet only shown."""
    paint.register_fonts()  # the symbols' corners are placed by the font's digit heights
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    shapes = symbols.shapes(layout)
    c = Canvas(sheet.height)
    c.open(
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {num(sheet.width)} {num(sheet.height)}" '
        'class="sheet-svg" font-family="DejaVu Sans, Verdana, sans-serif" role="img" '
        f'aria-label="{escape(name)}\'s sheet">'
    )
    c.rect(Box(0, 0, sheet.width, sheet.height), "#ffffff", "#bbbbbb", 0.2, 1.5)
    c.text(text["title"], sheet.title, 8.5, bold=True, anchor="start")
    named = (
        sheet.title
        if sheet.slip is None
        else sheet.title._replace(w=sheet.slip.x - 1.0 - sheet.title.x)
    )
    c.text(name, named, 8.5, anchor="end")
    extras.slip(c, layout, sheet)
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        band = layout.colours[row.colour] if row.colour else "#595959"
        closed = row.lock_colour in m.closed
        c.open(f'<g class="row" data-row-id="{escape(row.id)}" data-closed="{flag(closed)}">')
        c.rect(boxes.band, band, r=1.2)
        for i, box in enumerate(boxes.fields):
            _field(c, layout, row.id, i, box, m, url, row.colour is None, shapes)
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
            c.rect(box, "#ffffff", INK, 0.1, 0.3)
            if crossed:
                c.cross(box, 0.35)
            c.close("g")
        _lock(
            c,
            boxes.lock,
            layout.colours[row.lock_colour],
            shapes[row.lock_colour],
            row.id in m.locked,
        )
        if closed and row.id not in m.locked:
            c.rect(boxes.band, "#ffffff", extra=' opacity="0.55" class="closed-veil"', r=1.2)
        c.close("g")
    extras.lock_fields(c, layout, sheet)
    extras.links(c, layout, sheet)
    extras.framed(c, layout, sheet)
    extras.bonus_rows(c, layout, sheet, m.bonus, m.legal_bonus, m.hinted, url)
    usable = {d for found in m.swaps.values() for d in found}
    extras.diamonds(c, layout, sheet, m.diamonds, usable, m.hinted_diamonds, url)
    _bar(c, layout, sheet, m, text, shapes)
    _footer(c, layout, sheet, m, text)
    extras.lucky(c, layout, sheet, bool(m.lucky), url)
    c.close("svg")
    return Markup(c.svg())
