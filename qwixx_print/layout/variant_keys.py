"""Reading each mechanic's top-level key of a layout file (RULES.md §2 Bonuskette, §4,
§7; RULES-more.md §7): one reader a mechanic, listed once in :data:`MECHANICS`, each giving
the :class:`~qwixx_print.layout.Layout` fields its key sets. A new mechanic with a key of its
own is one reader and one entry here (and its fields in :mod:`~qwixx_print.layout.model`);
its invariants are ``rules.validate``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from qwixx_print.doc import Node
from qwixx_print.layout.model import (
    SQUARE_DICE,
    BonusRow,
    End,
    Link,
    LuckyDraw,
    Row,
    Slip,
    ValueTrack,
)
from qwixx_print.layout.nodes import ID, NO_SIZES, colour, int_in


class Context(NamedTuple):
    """What a mechanic's reader may need of the layout read so far: its ``rows``, its
    ``colours`` (name -> hex, a hex code read is added), its numbers ``low``..``high`` and
    whether the rows are ``whole`` (False when one of them could not be read: a reader that
    looks fields up in them then reads nothing, rather than call a good reference broken)."""

    rows: tuple[Row, ...]
    colours: dict[str, str]
    low: int
    high: int
    whole: bool = True


Reader = Callable[[dict[str, Node], Context], dict[str, Any]]
"""A mechanic's reader: the layout file's top-level keys and the :class:`Context` -> the
:class:`~qwixx_print.layout.Layout` fields it sets (``LayoutError`` located for bad input)."""


def _bonus_bar(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``bonus_bar: [red, ...]``: the bar's field colours (Bonuskette, RULES.md §2)."""
    nodes = top["bonus_bar"].sequence(0, 40)
    return {"bonus_bar": tuple(colour(n, context.colours) for n in nodes)}


def _bonus_rows(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``bonus_rows: [{id, between: [upper, lower]}]`` (Big Points, RULES.md §4)."""
    nodes = top["bonus_rows"].sequence(1, 4, "bonus rows")
    return {"bonus_rows": tuple(_bonus_row(n) for n in nodes)}


def _links_or_slips(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``links`` (one sheet) or ``slips`` (Connected Chain, RULES.md §4): the sheet is the
    first slip's until :meth:`~qwixx_print.layout.Layout.sheet` picks another; nothing
    while a row is broken (``context.whole``)."""
    if not context.whole:
        return {}
    slips = _slips(top, context.rows)
    if slips:
        return {"slips": slips, "slip": slips[0].name, "links": slips[0].links}
    return {"links": _links(top["links"], context.rows)}


def _diamonds(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``diamonds: [[8, 5], ...]``: X-Change's side track (RULES.md §4)."""
    nodes = top["diamonds"].sequence(1, 20, "diamonds")
    return {"diamonds": tuple(_diamond(n, context.low, context.high) for n in nodes)}


def _lucky_draw(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``lucky: {count, from, to}``: how a sheet's lucky numbers are drawn (Longo, §4)."""
    return {"lucky_draw": _lucky(top["lucky"], context.low, context.high)}


def _track(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``value_track``: Lucky 15's track (RULES-more.md §7)."""
    return {"value_track": _value_track(top["value_track"], context.colours)}


def _trigger(top: dict[str, Node], context: Context) -> dict[str, Any]:
    """``square_trigger``: what crosses Connect 15's link squares (RULES.md §7)."""
    faces, dice = _square_trigger(top["square_trigger"])
    return {"square_faces": faces, "square_dice": dice}


MECHANICS: tuple[tuple[tuple[str, ...], Reader], ...] = (
    (("bonus_bar",), _bonus_bar),
    (("bonus_rows",), _bonus_rows),
    (("links", "slips"), _links_or_slips),
    (("diamonds",), _diamonds),
    (("lucky",), _lucky_draw),
    (("value_track",), _track),
    (("square_trigger",), _trigger),
)
"""Each mechanic's top-level keys and its reader, called when the file has one of the keys
(else the layout keeps the fields' defaults), in the order the keys are listed in an
unknown key's message."""


def _bonus_row(node: Node) -> BonusRow:
    keys = node.mapping(("id", "between"))
    row_id = keys["id"].text(30)
    if not ID.fullmatch(row_id):
        keys["id"].fail(f"row id '{row_id}' must be a lowercase word (letters, digits, - or _)")
    pair = keys["between"].sequence(2, 2, "row ids")
    return BonusRow(row_id, (pair[0].text(30), pair[1].text(30)))


def _end(node: Node, rows: tuple[Row, ...]) -> End:
    """A link end written ``ROW NUMBER`` (``red 6``): the row's field holding that number."""
    parts = node.text(40).split()
    row = next((r for r in rows if parts and r.id == parts[0]), None)
    if len(parts) != 2 or row is None or not parts[1].isdigit():
        ids = ", ".join(r.id for r in rows)
        node.fail(f"write a link end as 'ROW NUMBER', e.g. '{rows[0].id} 6' (rows: {ids})")
    number = int(parts[1])
    index = next((i for i, f in enumerate(row.fields) if f.number == number), None)
    if index is None:
        node.fail(f"row {row.id} has no field {number}")
    return row.id, index


def _links(node: Node, rows: tuple[Row, ...]) -> tuple[Link, ...]:
    links = []
    for pair in node.sequence(1, 30, "links"):
        a, b = pair.sequence(2, 2, "ends")
        links.append((_end(a, rows), _end(b, rows)))
    return tuple(links)


def _slips(top: dict[str, Node], rows: tuple[Row, ...]) -> tuple[Slip, ...]:
    """The ``slips`` (each a name and links); a layout has ``links`` (one sheet) or slips,
    and its sheet is the first slip's until :meth:`Layout.sheet` picks another."""
    if "links" in top and "slips" in top:
        top["slips"].fail("a layout has links (one sheet) or slips (several), not both")
    if "slips" not in top:
        return ()
    slips: list[Slip] = []
    for node in top["slips"].sequence(1, 26, "slips"):
        keys = node.mapping(("name", "links"))
        name = keys["name"].text(3)
        if any(s.name == name for s in slips):
            keys["name"].fail(f"the slip name '{name}' is used twice")
        slips.append(Slip(name, _links(keys["links"], rows)))
    return tuple(slips)


def _diamond(node: Node, low: int, high: int) -> tuple[int, int]:
    pair = node.sequence(2, 2, "numbers")
    return pair[0].integer(low, high), pair[1].integer(low, high)


def _square_trigger(node: Node) -> tuple[tuple[int, int], tuple[str, ...]]:
    """``square_trigger: {faces: [1, 5], dice: [white-white, ...]}`` (Connect 15, RULES.md
    §7): the two faces that cross a link square and the pairs of dice that may; each key left
    out keeps Connect 15's (1 and 5; all of :data:`SQUARE_DICE`)."""
    faces, dice = (1, 5), SQUARE_DICE
    keys = node.mapping((), ("faces", "dice"))
    if "faces" in keys:
        a, b = keys["faces"].sequence(2, 2, "faces")
        faces = (a.integer(1, 99), b.integer(1, 99))
    if "dice" in keys:
        pairs = []
        for item in keys["dice"].sequence(1, len(SQUARE_DICE), "pairs of dice"):
            pair = item.text(20)
            if pair not in SQUARE_DICE:
                item.fail(f"unknown pair of dice '{pair}' (pairs: {', '.join(SQUARE_DICE)})")
            if pair in pairs:
                item.fail(f"the pair of dice '{pair}' is given twice")
            pairs.append(pair)
        dice = tuple(p for p in SQUARE_DICE if p in pairs)
    return faces, dice


def _lucky(node: Node, low: int, high: int) -> LuckyDraw:
    keys = node.mapping(("count",), ("from", "to"))
    first = int_in(keys, "from", low, low, high)
    last = int_in(keys, "to", high, first, high)
    count = keys["count"].integer(1, min(4, last - first + 1))
    return LuckyDraw(count, first, last)


def _value_track(node: Node, table: dict[str, str]) -> ValueTrack:
    """``value_track: {values: [...], colour: C, trigger: {total: N, white: W, coloured:
    K}}``; the invariants (values rising, a total the dice can throw) are
    :func:`qwixx_print.rules.validate`'s."""
    keys = node.mapping(("values", "trigger"), ("colour",), NO_SIZES)
    values = tuple(n.integer(0, 999) for n in keys["values"].sequence(1, 8, "values"))
    trigger = keys["trigger"].mapping(("total",), ("white", "coloured"))
    return ValueTrack(
        values=values,
        colour=colour(keys["colour"], table) if "colour" in keys else "orange",
        total=trigger["total"].integer(0, 99),
        white=int_in(trigger, "white", 2, 0, 2),
        coloured=int_in(trigger, "coloured", 1, 0, 1),
    )
