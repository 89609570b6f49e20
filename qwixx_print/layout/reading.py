"""Reading a layout from YAML: the schema of its core keys, rows and fields
(docs/layout-format.md), checked as they are read; each mechanic's top-level key is read by
its entry of :data:`~qwixx_print.layout.variant_keys.MECHANICS`. Problems raise
:class:`~qwixx_print.errors.LayoutError` located as ``file:line: rows[2].fields[10]: ...``;
the game's invariants (RULES.md §3) are checked afterwards by
:func:`qwixx_print.rules.validate`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from qwixx_print.doc import Doc, Node, shown
from qwixx_print.errors import LayoutError, named
from qwixx_print.layout.model import MAX_FIELDS, MAX_ROWS, PALETTE, Field, Layout, Row
from qwixx_print.layout.nodes import HEX, ID, NO_SIZES, int_in
from qwixx_print.layout.nodes import colour as read_colour
from qwixx_print.layout.variant_keys import MECHANICS, Context

_ALIAS = re.compile(r"[^\W\d_][\w-]{0,39}")

_NAME = re.compile(r"[^\W_][\w .-]*")
"""A layout name, shown by ``list``, in messages and in the PDF's title: no '/', '\\' or
leading dot, so it reads as a name, not a path."""

TOP_KEYS = (
    "name",
    "aliases",
    "description",
    "source",
    "dice",
    "colours",
    "numbers",
    "lock",
    "penalties",
    "scoring",
    *(key for keys, _ in MECHANICS for key in keys),
    "labels",
)
"""A layout file's top-level keys besides ``rows``, in the order an unknown key's message
lists them: the core's, each mechanic's (:data:`MECHANICS`), the labels."""


def from_doc(doc: Doc, default_name: str) -> Layout:
    """Build a :class:`Layout` from a parsed YAML document.

    Raises :class:`LayoutError` (located) for unknown keys, wrong types, out-of-range values
    and unknown colours.
    """
    top = Node.root(doc, LayoutError).mapping(("rows",), TOP_KEYS, NO_SIZES)
    table = _colour_table(top.get("colours"))
    low, high, once = 2, 12, True
    if "numbers" in top:
        nums = top["numbers"].mapping((), ("from", "to", "each_once"))
        low, high = int_in(nums, "from", 2, 0, 99), int_in(nums, "to", 12, 0, 99)
        if high < low and "to" in nums:
            nums["to"].fail(f"must not be below 'from' ({low})")
        if high < low:
            nums["from"].fail(f"must not be above 'to' ({high}, the default)")
        once = nums["each_once"].boolean() if "each_once" in nums else True
    rows = tuple(_row(item, table, low, high) for item in top["rows"].sequence(1, MAX_ROWS, "rows"))
    if "dice" in top:
        dice = tuple(read_colour(item, table) for item in top["dice"].sequence(1, 8, "dice"))
    else:
        dice = tuple(dict.fromkeys(f.colour for r in rows for f in r.fields))
    lock = top["lock"].mapping((), ("threshold", "fields")) if "lock" in top else {}
    penalties = top["penalties"].mapping((), ("boxes", "points")) if "penalties" in top else {}
    scoring = top["scoring"].mapping((), ("max_counted", "table")) if "scoring" in top else {}
    table_nodes = scoring["table"].sequence(1, 40) if "table" in scoring else None
    labels = {k: v.text(200) for k, v in top["labels"].items()} if "labels" in top else {}
    found: dict[str, Any] = dict(
        name=_name(top["name"]) if "name" in top else default_name,
        rows=rows,
        dice=dice,
        lock_threshold=int_in(lock, "threshold", 5, 1, 40),
        penalty_boxes=int_in(penalties, "boxes", 4, 1, 10),
        penalty_points=int_in(penalties, "points", 5, 0, 100),
        max_counted=int_in(scoring, "max_counted", 12, 1, 40),
        score_table=tuple(n.integer(0, 100_000) for n in table_nodes) if table_nodes else None,
        number_range=(low, high),
        each_number_once=once,
        labels=labels,
        description=top["description"].text(300) if "description" in top else "",
        source=top["source"].text(300) if "source" in top else "",
        aliases=tuple(_alias(n) for n in top["aliases"].sequence(0, 10))
        if "aliases" in top
        else (),
        lock_fields=int_in(lock, "fields", 1, 1, 3),
    )
    context = Context(rows, table, low, high)
    for keys, read in MECHANICS:
        if any(key in top for key in keys):
            found.update(read(top, context))
    colours = {name: table[name] for name in sorted(table)}
    return Layout(colours=colours, doc=doc, **found)


def _colour_table(node: Node | None) -> dict[str, str]:
    table = dict(PALETTE)
    if node is None:
        return table
    for name, value in node.items():
        if not ID.fullmatch(name):
            value.fail(f"colour name {shown(name)} must be a lowercase word")
        hex_code = value.text(7)
        if not HEX.fullmatch(hex_code):
            value.fail(f"colour must be a hex code like \"#e2231a\", got '{hex_code}'")
        table[name] = hex_code.lower()
    return table


def _field(node: Node, row_colour: str | None, table: dict[str, str], low: int, high: int) -> Field:
    if not isinstance(node.value, dict):
        if row_colour is None:
            node.fail("this row has no colour: write the field as {number: N, colour: NAME}")
        return Field(node.integer(low, high), row_colour)
    keys = node.mapping(("number",), ("colour", "double", "bonus", "power", "framed"), NO_SIZES)
    colour = read_colour(keys["colour"], table) if "colour" in keys else row_colour
    if colour is None:
        node.fail("missing key 'colour' (the row has none)")
    return Field(
        number=keys["number"].integer(low, high),
        colour=colour,
        double=keys["double"].boolean() if "double" in keys else False,
        bonus=keys["bonus"].boolean() if "bonus" in keys else False,
        power=keys["power"].text(30) if "power" in keys else None,
        framed=keys["framed"].boolean() if "framed" in keys else False,
    )


def _row(node: Node, table: dict[str, str], low: int, high: int) -> Row:
    keys = node.mapping(("id", "fields"), ("colour", "again", "squares"), NO_SIZES)
    row_id = keys["id"].text(30)
    if not ID.fullmatch(row_id):
        keys["id"].fail(
            f"row id '{row_id}' must be a lowercase word (letters, digits, - or _)"
            + _odd_character(row_id)
        )
    colour = read_colour(keys["colour"], table) if "colour" in keys else None
    items = keys["fields"].sequence(2, MAX_FIELDS, "fields")
    fields = tuple(_field(item, colour, table, low, high) for item in items)
    again = keys["again"].boolean() if "again" in keys else False
    squares = _squares(keys["squares"], row_id, fields) if "squares" in keys else ()
    return Row(row_id, fields, again, squares)


def _squares(node: Node, row_id: str, fields: tuple[Field, ...]) -> tuple[tuple[int, int], ...]:
    """A row's link squares written as pairs of the numbers they stand between (``[3, 4]``;
    Connect 15, RULES.md §7): each number the index of the first field holding it."""
    squares = []
    for pair in node.sequence(1, MAX_FIELDS, "link squares"):
        ends = []
        for end in pair.sequence(2, 2, "numbers"):
            number = end.integer(0, 99)
            index = next((i for i, f in enumerate(fields) if f.number == number), None)
            if index is None:
                end.fail(
                    f"row {row_id} has no field {number}: "
                    "a link square stands between two fields of its row"
                )
            ends.append(index)
        squares.append((ends[0], ends[1]))
    return tuple(squares)


def _odd_character(row_id: str) -> str:
    """``: '\u0435' (U+0435 CYRILLIC SMALL LETTER IE) is not one of a-z, 0-9, - and _``: the
    first character of ``row_id`` outside them, named (a look-alike letter shows no other
    way); empty when there is none (an id too long, or starting with a digit)."""
    odd = next((c for c in row_id if not ("a" <= c <= "z" or c in "0123456789-_")), None)
    return f": {named(odd)} is not one of a-z, 0-9, - and _" if odd else ""


def _alias(node: Node) -> str:
    """Another name of a shipped layout: a lowercase word, letters may be non-ASCII
    (``kräfte``), digits and ``-`` after the first letter."""
    alias = node.text(40)
    if not _ALIAS.fullmatch(alias) or alias != alias.lower():
        node.fail(f"alias '{alias}' must be a lowercase word (letters, digits, - or _)")
    return alias


def _name(node: Node) -> str:
    name = node.text(40)
    if not _NAME.fullmatch(name):
        node.fail(
            f"the name {shown(name)} must be letters, digits, spaces, '-', '_' or '.' (not first)"
        )
    return name


def load(path: Path, shown: str | None = None) -> Layout:
    """Load the layout file at ``path`` (``shown``: its name in messages).

    Raises :class:`LayoutError` for unreadable files, YAML refusals and schema errors.
    """
    from qwixx_print.yamldoc import read  # imports PyYAML: only for a user's file

    return from_doc(read(path, LayoutError, shown), path.stem)
