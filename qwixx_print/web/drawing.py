"""A player's sheet drawn as SVG for the counter: the same scene as the PDF's
(:mod:`qwixx_print.scene.build`, :mod:`~qwixx_print.scene.header`,
:mod:`~qwixx_print.scene.padmarks`), its items painted by :func:`qwixx_print.web.svg.item_svg`
and gathered into groups by their ids (:func:`_groups`), each group opened with its
``data-*`` hooks and tap targets (:mod:`qwixx_print.web.hooks`, :mod:`~qwixx_print.web.pad_svg`) and
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

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from markupsafe import Markup, escape

from qwixx_print import geometry, labels, rules
from qwixx_print.layout import Layout
from qwixx_print.play import Move, Sheet, Verdict
from qwixx_print.scene import build, fonts, header, padmarks
from qwixx_print.scene.items import Item
from qwixx_print.scene.turn import Turn
from qwixx_print.web import pad_svg, svg
from qwixx_print.web.hooks import Hooks
from qwixx_print.web.svg import Canvas, Hits, num


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
    may: Callable[[Move], Verdict] | None = None,
) -> SheetView:
    """The engine's view of ``sheet``: every field, small box, bonus cell, swap, lucky
    field and link square asked with ``may`` (the table's verdict on a move of the sheet's
    player, :meth:`qwixx_print.play.Game.can_play`: the rules of the turn and the sheet's;
    default the sheet's own, :meth:`Sheet.can`), so only what a tap would be allowed is
    tappable; ``hinted`` fields and ``hinted_diamonds`` are those the dice on the table
    allow, ``hinted_colour`` the hinted fields (and bonus cells) that only a white +
    coloured sum allows; ``track`` the game's verdicts on the value track's next field:
    legal now, allowed by the dice; and ``hinted_squares`` the link squares the dice allow
    (RULES.md §7)."""
    layout = sheet.layout
    can = sheet.can if may is None else may
    legal = {
        (row.id, i)
        for row in layout.rows
        for i in range(len(row.fields))
        if can(Move("cross", row.id, i))
    }
    legal_again = {
        (row.id, i)
        for row in layout.rows
        if row.again
        for i in range(len(row.fields) - 1)
        if can(Move("again", row.id, i))
    }
    swaps: dict[tuple[str, int], tuple[int, ...]] = {}
    for row in layout.rows if layout.diamonds else ():
        for i in range(len(row.fields)):
            found = tuple(d for d in range(len(layout.diamonds)) if can(Move("swap", row.id, i, d)))
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
            if can(Move("bonus", b, k))
        },
        diamonds=frozenset(sheet.state.diamonds),
        swaps=swaps,
        lucky=frozenset(at for at in sheet.lucky_fields() if can(Move("lucky", at[0]))),
        hinted_diamonds=frozenset(hinted_diamonds),
        hinted_colour=frozenset(hinted_colour),
        track=sheet.state.track,
        track_legal=track[0],
        track_hinted=track[1],
        squares={row.id: frozenset(sheet.squares_crossed(row.id)) for row in layout.rows},
        legal_squares=frozenset(at for at in sheet.legal_squares() if can(Move("square", *at))),
        hinted_squares=frozenset(hinted_squares),
    )


SvgGroup = tuple[str, list["str | SvgGroup"]]
"""A group of the phone's sheet: its id (``row red``, ``row red field 4``, ``penalty 2``,
...) and, in drawing order, the SVG of its items and the groups inside it."""


INNER = ("field", "again", "square")
"""The parts of a row that are groups of their own (``row ID field I``, ...)."""


@lru_cache(maxsize=16384)
def _groups(id: str) -> tuple[str, ...]:
    """The ids of the groups an item of ``id`` is drawn in, outermost first: a row's
    (``row ID``) and in it a field's, small box's or link square's, a penalty box's, a
    total's, a bonus bar cell's."""
    pads = pad_svg.groups(id)
    if pads is not None:
        return tuple(pads)
    words = id.split(" ")
    if words[0] == "row":
        inner = [" ".join(words[:4])] if len(words) > 3 and words[2] in INNER else []
        return (" ".join(words[:2]), *inner)
    if words[0] in ("penalty", "total", "bar") and len(words) == 2 and words[1].isdigit():
        return (id,)
    return ()


def _tree(found: Collection[Item], height: float) -> list[str | SvgGroup]:
    """The SVG of scene items gathered into their groups (:func:`_groups`), each group
    where its first item stands, its items in their order."""
    top: list[str | SvgGroup] = []
    nodes: dict[str, SvgGroup] = {}
    for it in found:
        children = top
        for key in _groups(it.id):
            if key not in nodes:
                nodes[key] = (key, [])
                children.append(nodes[key])
            children = nodes[key][1]
        children.append(svg.item_svg(it, height))
    return top


OPEN, CLOSE = 1, 2
"""The operations of a kept drawing besides SVG text (0): open the group of a key (its tag
and tap area, from the sheet's state), close it (after its marks)."""

Ops = list[tuple[int, str]]


def _ops(nodes: list[str | SvgGroup], out: Ops | None = None) -> Ops:
    """The groups ``nodes`` as a flat list of operations, each run of SVG text between two
    groups' tags joined into one: what :func:`_paint` walks for every sheet."""
    out = [] if out is None else out
    for node in nodes:
        if isinstance(node, str):
            if out and out[-1][0] == 0:
                out[-1] = (0, out[-1][1] + node)
            else:
                out.append((0, node))
            continue
        key, children = node
        out.append((OPEN, key))
        _ops(children, out)
        out.append((CLOSE, key))
    return out


Drawn = tuple[Ops, ...]
_DRAWN: dict[tuple[int, str, bool], tuple[Layout, Drawn]] = {}
DRAWN_KEPT = 256
"""How many layouts' drawings (:func:`_blank`) are kept, the oldest dropped first."""


_turned = lru_cache(maxsize=16384)(Turn.item)
"""A mark turned (:meth:`qwixx_print.scene.turn.Turn.item`), kept: a sheet's marks recur
from state to state."""


def _turn(sheet: geometry.SheetBoxes, turned: bool) -> Turn | None:
    """The turned phone sheet's turn of ``sheet`` (:mod:`qwixx_print.scene.turn`), or None
    for the sheet as printed."""
    return Turn(sheet.width, sheet.height) if turned else None


_BOXES: dict[int, tuple[Layout, geometry.SheetBoxes]] = {}


def _boxes(layout: Layout) -> geometry.SheetBoxes:
    """``layout``'s boxes (:func:`qwixx_print.geometry.sheet_boxes`), worked out once per
    layout object and kept (by identity, as :func:`_blank` keeps its drawings)."""
    kept = _BOXES.get(id(layout))
    if kept is not None and kept[0] is layout:
        return kept[1]
    boxes = geometry.sheet_boxes(layout)
    if len(_BOXES) >= DRAWN_KEPT:
        del _BOXES[next(iter(_BOXES))]
    _BOXES[id(layout)] = (layout, boxes)
    return boxes


def _blank(layout: Layout, lang: str, turned: bool) -> Drawn:
    """The phone's drawing of ``layout``'s rows, and of its bonus bar, legend, score table,
    penalties and total line, from the scene (:mod:`qwixx_print.scene.build`), labels in
    ``lang``, ``turned`` or not: the same on every sheet of a layout, so built once per
    layout object and kept (a layout holds a dict, so it is kept by identity)."""
    kept = _DRAWN.get((id(layout), lang, turned))
    if kept is not None and kept[0] is layout:
        return kept[1]
    drawn = _draw_blank(layout, lang, turned)
    if len(_DRAWN) >= DRAWN_KEPT:
        del _DRAWN[next(iter(_DRAWN))]
    _DRAWN[(id(layout), lang, turned)] = (layout, drawn)
    return drawn


def _draw_blank(layout: Layout, lang: str, turned: bool) -> Drawn:
    """What :func:`_blank` keeps: the SVG of :func:`blank_items`, gathered into groups."""
    sheet = _boxes(layout)
    parts = blank_items(layout, lang)
    turn = _turn(sheet, turned)
    if turn is None:
        return tuple(_ops(_tree(part, sheet.height)) for part in parts)
    return tuple(_ops(_tree(turn.items(part), turn.size[1])) for part in parts)


def blank_items(layout: Layout, lang: str) -> tuple[list[Item], ...]:
    """The scene of the phone's blank sheet of ``layout``, labels in ``lang``, in the parts
    it is drawn in: the title, the slip's name, the rows, the marks of RULES.md §4 on and
    between them, the bonus bar, legend, score table, penalties and total line, and the
    lucky clovers with the sheet's numbers."""
    sheet = _boxes(layout)
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
    return title, padmarks.slip(layout, sheet), rows, pads, rest, lucky


def mark_items(layout: Layout, sheet: geometry.SheetBoxes, m: SheetView) -> list[Item]:
    """The scene of the engine's marks ``m`` on a sheet (:class:`qwixx_print.scene.build.Marks`):
    crosses, closed rows' veils, the points written in the total line, the bonus bar's
    marks, the crossed bonus cells and diamonds."""
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
        m.bonus,
        m.diamonds,
    )
    found = build.pen_marks(layout, sheet, marks) + build.written(sheet, marks)
    return found + build.bar_marks(layout, sheet, marks) + padmarks.crossed(layout, sheet, marks)


def _paint(c: Canvas, ops: Ops, hooks: Hooks, hit: Hits, marks: Mapping[str, list[str]]) -> None:
    """Append the kept drawing ``ops`` to ``c``: its SVG text, each group opened by its
    hooks and tap area (placed by ``hit``) and ended by its marks."""
    parts = c.parts
    for code, value in ops:
        if code == 0:
            parts.append(value)
        elif code == OPEN:
            tag, area = hooks.tag(value)
            parts.append(tag if area is None else tag + hit(area))
        else:
            parts.extend(marks.get(value, ()))
            parts.append("</g>")


VIEWS = ("flat", "turned")
"""The views of a sheet that takes taps: as printed, and turned for a phone held upright."""


def sheet_svg(
    layout: Layout,
    m: SheetView,
    name: str,
    url: str | None,
    lang: str = labels.DEFAULT_LANG,
    view: str | None = None,
) -> Markup:
    """One player's sheet of ``layout`` as the page shows it (:func:`drawing`): with the
    engine's marks ``m``, headed by the player's ``name``; ``url``: where a tap on a field
    posts its move (``kind``, ``row``, ``index``), or None for a sheet only shown (always
    as printed). A sheet that takes taps comes in the ``view`` the phone asked for (one of
    :data:`VIEWS`); when it said none, both: as printed, and turned, in a
    ``<template data-view="turned">`` that ``static/counter.js`` shows instead on a screen
    narrower than 600 px (docs/web.md); only one of them is ever in the page's document."""
    sheet = _Sheet(layout, m, name, url, lang)
    if url is None or view == "flat":
        return sheet.svg(turned=False)
    if view == "turned":
        return sheet.svg(turned=True)
    flat, turned = sheet.svg(turned=False), sheet.svg(turned=True)
    return Markup(f'{flat}<template data-view="turned">{turned}</template>')


def drawing(
    layout: Layout,
    m: SheetView,
    name: str,
    url: str | None,
    lang: str = labels.DEFAULT_LANG,
    turned: bool = False,
) -> Markup:
    """The SVG of one player's sheet of ``layout`` (see :func:`sheet_svg`): as printed
    (``data-view="flat"``), or ``turned`` a quarter clockwise by the scene
    (:mod:`qwixx_print.scene.turn`: its numbers and symbols laid out upright, its labels
    along their strips; ``data-view="turned"``), with the same groups and hooks."""
    return _Sheet(layout, m, name, url, lang).svg(turned)


class _Sheet:
    """What both drawings of one player's sheet share: the layout's boxes, the name and the
    marks as scene items, the groups' hooks (:class:`~qwixx_print.web.hooks.Hooks`)."""

    def __init__(self, layout: Layout, m: SheetView, name: str, url: str | None, lang: str):
        self.layout, self.lang, self.name = layout, lang, name
        self.boxes = _boxes(layout)
        title = labels.for_layout(layout, lang)["title"]
        with fonts.collecting_misfits():  # a name is checked as a player joins: never a 500
            self.named = header.name(name, self.boxes, title)[1]
        self.marks = mark_items(layout, self.boxes, m)
        self.hooks = Hooks(layout, self.boxes, m, url)

    def svg(self, turned: bool) -> Markup:
        """The SVG of the sheet, as printed or ``turned``."""
        sheet = self.boxes
        turn = _turn(sheet, turned)
        width, height = (sheet.width, sheet.height) if turn is None else turn.size
        c = Canvas(height)
        c.open(
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {num(width)} {num(height)}" '
            f'data-view="{"turned" if turned else "flat"}" class="sheet-svg" '
            'font-family="DejaVu Sans, Verdana, sans-serif" role="img" '
            f'aria-label="{escape(self.name)}\'s sheet">'
        )
        card: list[Item] = [header.card(sheet)]
        named = self.named
        if turn is not None:
            card, named = turn.items(card), turn.items(named)
        c.parts.append(svg.item_svg(card[0], height))
        drawn, marks = _blank(self.layout, self.lang, turned), self._marks(turn, height)
        hit = Hits(height, turn)
        _paint(c, drawn[0], self.hooks, hit, marks)  # the title, then the name beside it
        c.parts.extend(svg.item_svg(it, height) for it in named)
        for part in drawn[1:]:
            _paint(c, part, self.hooks, hit, marks)
        c.close("svg")
        return Markup(c.svg())

    def _marks(self, turn: Turn | None, height: float) -> dict[str, list[str]]:
        """The SVG of the marks by the id of the group each is drawn at the end of."""
        by_group: dict[str, list[str]] = {}
        for it in self.marks if turn is None else [_turned(turn, it) for it in self.marks]:
            key = (_groups(it.id) or ("",))[-1]
            by_group.setdefault(key, []).append(svg.item_svg(it, height))
        return by_group
