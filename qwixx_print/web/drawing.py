"""A player's sheet drawn as SVG for the counter: the same scene as the PDF's
(:mod:`qwixx_print.scene.build`, :mod:`~qwixx_print.scene.header`,
:mod:`~qwixx_print.scene.padmarks`), its items painted by :func:`qwixx_print.web.svg.item_svg`
and gathered into groups by their ids (:func:`_groups`), each group opened with its
``data-*`` hooks and tap targets (:class:`_Hooks`, :mod:`qwixx_print.web.pad_svg`) and
ended with the engine's marks on it (crosses, closed rows, written points).

Every colour, tint, outline, text size and stroke comes from :mod:`qwixx_print.scene`;
nothing here imports reportlab. The blank's SVG is built once per layout and kept.

The SVG's user unit is the millimetre (``viewBox="0 0 96 65"``). Every field is a ``<g>``
with ``data-row``, ``data-index`` and ``data-crossed``; a tappable one carries the htmx
attributes that post its move. Nothing here decides a rule: what is crossed, legal, locked,
closed and scored comes from a :class:`qwixx_print.play.Sheet`, seen through a
:class:`SheetView`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from qwixx_print import geometry, labels, rules
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row
from qwixx_print.play import Move, Sheet
from qwixx_print.scene import build, fonts, header, padmarks
from qwixx_print.scene.items import Item
from qwixx_print.web import pad_svg, svg
from qwixx_print.web.svg import Canvas, flag, num, tap


@dataclass(frozen=True)
class SheetView:
    """What the engine says about one sheet, in the ids the drawing uses: the crossed field
    indexes and small boxes per row, the tappable fields and small boxes as (row, index)
    (``legal``, ``legal_again``), the fields the dice allow (``hinted``), the locked rows,
    the closed colours, the penalties, the bonus bar and the score. The sheets of RULES.md
    §4: the crossed cells per bonus row (``bonus``) and the tappable ones as (bonus row,
    column) (``legal_bonus``; ``hinted`` holds them too); the crossed X-Change ``diamonds``
    and per field the diamonds it may swap with now (``swaps``); the fields a Longo lucky
    cross may cross now (``lucky``). Lucky 15 (RULES-more.md §7): the value track's
    crossed fields (``track``), whether its next field may be crossed now (``track_legal``,
    the game's verdict: the active player's first move) and whether the dice on the table
    allow it (``track_hinted``). RULES.md §7: per row the crossed link squares
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
    track: int = 0
    track_legal: bool = False
    track_hinted: bool = False
    squares: Mapping[str, Collection[int]] = field(default_factory=dict)
    legal_squares: Collection[tuple[str, int]] = field(default_factory=frozenset)
    hinted_squares: Collection[tuple[str, int]] = field(default_factory=frozenset)


def sheet_view(
    sheet: Sheet,
    hinted: Collection[tuple[str, int]] = frozenset(),
    hinted_diamonds: Collection[int] = frozenset(),
    hinted_colour: Collection[tuple[str, int]] = frozenset(),
    track: tuple[bool, bool] = (False, False),
    hinted_squares: Collection[tuple[str, int]] = frozenset(),
) -> SheetView:
    """The engine's view of ``sheet``: every field and small box asked with ``can_cross``
    and ``can_again``, so only what the engine allows is tappable; ``hinted`` fields and
    ``hinted_diamonds`` are those the dice on the table allow, ``hinted_colour`` the
    hinted fields (and bonus cells) that only a white + coloured sum allows; ``track`` the
    game's verdicts on the value track's next field: legal now, allowed by the dice; and
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
        track=sheet.state.track,
        track_legal=track[0],
        track_hinted=track[1],
        squares={row.id: frozenset(sheet.squares_crossed(row.id)) for row in layout.rows},
        legal_squares=frozenset(sheet.legal_squares()),
        hinted_squares=frozenset(hinted_squares),
    )


Node = tuple[str, list["str | Node"]]
"""A group of the phone's sheet: its id (``row red``, ``row red field 4``, ``penalty 2``,
...) and, in drawing order, the SVG of its items and the groups inside it."""


INNER = ("field", "again", "square")
"""The parts of a row that are groups of their own (``row ID field I``, ...)."""


def _groups(id: str) -> list[str]:
    """The ids of the groups an item of ``id`` is drawn in, outermost first: a row's
    (``row ID``) and in it a field's, small box's or link square's, a penalty box's, a
    total's, a bonus bar cell's."""
    pads = pad_svg.groups(id)
    if pads is not None:
        return pads
    words = id.split(" ")
    if words[0] == "row":
        inner = [" ".join(words[:4])] if len(words) > 3 and words[2] in INNER else []
        return [" ".join(words[:2]), *inner]
    if words[0] in ("penalty", "total", "bar") and len(words) == 2 and words[1].isdigit():
        return [id]
    return []


def _tree(found: Collection[Item], height: float) -> list[str | Node]:
    """The SVG of scene items gathered into their groups (:func:`_groups`), each group
    where its first item stands, its items in their order."""
    top: list[str | Node] = []
    nodes: dict[str, Node] = {}
    for it in found:
        children = top
        for key in _groups(it.id):
            if key not in nodes:
                nodes[key] = (key, [])
                children.append(nodes[key])
            children = nodes[key][1]
        children.append(svg.item_svg(it, height))
    return top


Drawn = tuple[list[str | Node], ...]
_DRAWN: dict[tuple[int, str], tuple[Layout, Drawn]] = {}
DRAWN_KEPT = 256
"""How many layouts' drawings (:func:`_blank`) are kept, the oldest dropped first."""


def _blank(layout: Layout, lang: str) -> Drawn:
    """The phone's drawing of ``layout``'s rows, and of its bonus bar, legend, score table,
    penalties and total line, from the scene (:mod:`qwixx_print.scene.build`), labels in
    ``lang``: the same on every sheet of a layout, so built once per layout object and kept
    (a layout holds a dict, so it is kept by identity)."""
    kept = _DRAWN.get((id(layout), lang))
    if kept is not None and kept[0] is layout:
        return kept[1]
    drawn = _draw_blank(layout, lang)
    if len(_DRAWN) >= DRAWN_KEPT:
        del _DRAWN[next(iter(_DRAWN))]
    _DRAWN[(id(layout), lang)] = (layout, drawn)
    return drawn


def _draw_blank(layout: Layout, lang: str) -> Drawn:
    """What :func:`_blank` keeps: in the order the phone draws them, the slip's name, the
    rows, the marks of RULES.md §4 on and between them, the bonus bar, legend, score table,
    penalties and total line, and the lucky clovers with the sheet's numbers."""
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    title = header.header(layout, sheet, text, rules_hint=False)
    rows = [
        it
        for r, boxes in zip(layout.rows, sheet.rows, strict=True)
        for it in build.row(layout, r, boxes)
    ]
    pads = [
        *padmarks.lock_fields(layout, sheet),
        *padmarks.links(layout, sheet),
        *padmarks.framed(layout, sheet),
        *padmarks.bonus_rows(layout, sheet),
        *padmarks.diamonds(layout, sheet),
        *padmarks.track(layout, sheet),
    ]
    rest = build.strips(layout, sheet, text) + build.footer(layout, sheet, text)
    lucky = padmarks.clovers(sheet) + padmarks.lucky_numbers(layout, sheet)
    parts = (title, padmarks.slip(layout, sheet), rows, pads, rest, lucky)
    return tuple(_tree(part, sheet.height) for part in parts)


def _marks(layout: Layout, sheet: geometry.SheetBoxes, m: SheetView) -> dict[str, list[str]]:
    """The SVG of the engine's marks (:class:`qwixx_print.scene.build.Marks`) by the id of
    the group each is drawn at the end of."""
    rows = list(m.score.rows.items())
    written = [rs.points for _, rs in rows] + [m.score.penalty_points]
    written += [m.score.part_points(part) for part in rules.total_parts(layout)]
    written.append(m.score.total)
    marks = build.Marks(
        m.crossed,
        m.again,
        m.locked,
        m.closed,
        m.penalties,
        [str(v) for v in written],
        m.bar_earned,
        m.bar_struck,
        m.squares,
        frozenset(range(m.track)),
    )
    found = build.pen_marks(layout, sheet, marks) + build.written(sheet, marks)
    found += build.bar_marks(layout, sheet, marks) + pad_svg.marks(layout, sheet, m)
    by_group: dict[str, list[str]] = {}
    for it in found:
        key = (_groups(it.id) or [""])[-1]
        by_group.setdefault(key, []).append(svg.item_svg(it, sheet.height))
    return by_group


def _points_attrs(layout: Layout, m: SheetView) -> list[str]:
    """The ``data-*`` hook of each box of the total line, in order (docs/web.md)."""
    attrs = [f'data-row-points="{escape(rid)}"' for rid in m.score.rows]
    attrs.append('data-penalty-points=""')
    attrs += [f'data-{part}-points=""' for part in rules.total_parts(layout)]
    attrs.append(f'data-total="{m.score.total}"')
    return attrs


class _Hooks:
    """The opening tag of each group of the phone's sheet: its ``data-*`` hooks, classes and
    tap targets (docs/web.md), from the engine's view ``m``; taps post to ``url``."""

    def __init__(self, layout: Layout, boxes: geometry.SheetBoxes, m: SheetView, url: str | None):
        self.layout, self.boxes, self.m, self.url = layout, boxes, m, url
        self.rows = {r.id: (r, b) for r, b in zip(layout.rows, boxes.rows, strict=True)}
        self.points = _points_attrs(layout, m)

    def tag(self, key: str) -> str:
        """The opening tag of group ``key``."""
        words = key.split(" ")
        m = self.m
        if pad_svg.groups(key) is not None:
            return pad_svg.tag(key, self.layout, self.boxes, m, self.url)
        if words[0] == "penalty":
            return f'<g class="penalty-box" data-crossed="{flag(int(words[1]) < m.penalties)}">'
        if words[0] == "total":
            return f"<g {self.points[int(words[1])]}>"
        if words[0] == "bar":
            k = int(words[1])
            return f'<g class="bar" data-bar="{k}" data-earned="{flag(k in m.bar_earned)}">'
        row, boxes = self.rows[words[1]]
        if len(words) == 2:
            closed = row.lock_colour in m.closed
            return f'<g class="row" data-row-id="{escape(row.id)}" data-closed="{flag(closed)}">'
        index = int(words[3])
        if words[2] == "field":
            return _field_tag(row, index, m, self.url)
        if words[2] == "square":  # RULES.md §7
            box = boxes.squares[[a for a, _ in row.squares].index(index)]
            return pad_svg.square_tag(row, box, index, m, self.url, self.boxes.height)
        crossed = index in m.again[row.id]
        tappable = self.url if (row.id, index) in m.legal_again else None
        tag = (
            f'<g class="again" data-row="{escape(row.id)}" data-index="{index}" '
            f'data-crossed="{flag(crossed)}"'
            + tap(tappable, {"kind": "again", "row": row.id, "index": index})
            + ">"
        )
        if tappable:
            hit = Canvas(self.boxes.height)
            hit.hit(_again_hit(boxes.again[index], boxes.fields[index]))
            tag += hit.svg()
        return tag


def _paint(
    c: Canvas, nodes: list[str | Node], hooks: _Hooks, marks: Mapping[str, list[str]]
) -> None:
    """Append the groups ``nodes`` to ``c``, each opened by its hooks and ended by its
    marks."""
    for node in nodes:
        if isinstance(node, str):
            c.parts.append(node)
            continue
        key, children = node
        c.parts.append(hooks.tag(key))
        _paint(c, children, hooks, marks)
        c.parts.extend(marks.get(key, ()))
        c.close("g")


def _field_tag(row: Row, index: int, m: SheetView, url: str | None) -> str:
    """The opening tag of field ``index`` of ``row``: its classes, ``data-*`` hooks and
    tap (docs/web.md)."""
    f = row.fields[index]
    crossed = index in m.crossed[row.id]
    legal = (row.id, index) in m.legal
    hinted = (row.id, index) in m.hinted
    classes = "field" + " legal" * legal + " hinted" * hinted + " crossed" * crossed
    classes += " by-colour" * ((row.id, index) in m.hinted_colour)
    swaps = m.swaps.get((row.id, index))
    extra = f' data-swaps="{" ".join(map(str, swaps))}"' if swaps else ""
    if (row.id, index) in m.lucky:
        extra += ' data-lucky="true"'
    return (
        f'<g class="{classes}" data-row="{escape(row.id)}" data-index="{index}" '
        f'data-number="{f.number}" data-crossed="{flag(crossed)}" '
        f'data-legal="{flag(legal)}"{extra}'
        + tap(url, {"kind": "cross", "row": row.id, "index": index})
        + ">"
    )


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
    c = Canvas(sheet.height)
    c.open(
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {num(sheet.width)} {num(sheet.height)}" '
        'class="sheet-svg" font-family="DejaVu Sans, Verdana, sans-serif" role="img" '
        f'aria-label="{escape(name)}\'s sheet">'
    )
    c.parts.append(svg.item_svg(header.card(sheet), sheet.height))
    with fonts.collecting_misfits():  # a name is checked as a player joins: never a 500 here
        _, named = header.name(name, sheet, text["title"])
    drawn, hooks, marks = (
        _blank(layout, lang),
        _Hooks(layout, sheet, m, url),
        _marks(layout, sheet, m),
    )
    _paint(c, drawn[0], hooks, marks)  # the title, then the name beside it
    c.parts.extend(svg.item_svg(it, sheet.height) for it in named)
    for part in drawn[1:]:
        _paint(c, part, hooks, marks)
    c.close("svg")
    return Markup(c.svg())
