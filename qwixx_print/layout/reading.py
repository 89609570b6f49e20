"""Reading a layout from YAML: the schema of its core keys, rows and fields
(docs/layout-format.md), checked as they are read; each mechanic's top-level key is read by
its entry of :data:`~qwixx_print.layout.variant_keys.MECHANICS`. Problems raise
:class:`~qwixx_print.errors.LayoutError` located as ``file:line: rows[2].fields[10]: ...``;
the game's invariants (RULES.md §3) are checked afterwards by
:func:`qwixx_print.rules.validate`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from qwixx_print.doc import Doc, Node, shown
from qwixx_print.errors import LayoutError, QwixxError, closest, named
from qwixx_print.layout.model import MAX_FIELDS, MAX_ROWS, PALETTE, Field, Layout, Row
from qwixx_print.layout.nodes import HEX, ID, NO_SIZES, int_in
from qwixx_print.layout.nodes import colour as read_colour
from qwixx_print.layout.variant_keys import MECHANICS, Context

T = TypeVar("T")
P = ParamSpec("P")

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


class _Found(list[QwixxError]):
    """The problems found so far in one layout file, each located. A part of the file that
    has one is read as its default (or left out), so the parts after it are read too and
    ``validate`` tells every problem at once (docs/layout-format.md)."""

    def read(self, default: T, read: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """``read(*args, **kwargs)``, or ``default`` when it raises a LayoutError, which is
        added here."""
        try:
            return read(*args, **kwargs)
        except LayoutError as error:
            self.append(error)
            return default


def from_doc(doc: Doc, default_name: str) -> Layout:
    """Build a :class:`Layout` from a parsed YAML document.

    Raises :class:`LayoutError` for unknown keys, wrong types, out-of-range values and
    unknown colours: one for all the problems of the file (its ``problems``, in the order of
    their lines). A part that cannot be read tells no problem about the parts that use it:
    with a broken ``numbers`` the fields may hold any number 0..99, a broken colour is still
    a colour of its name, a broken row leaves the links (which name rows' fields) unread.
    """
    found = _Found()
    top = Node.root(doc, LayoutError).mapping(("rows",), TOP_KEYS, NO_SIZES, found)
    table = _colour_table(top.get("colours"), found)
    low, high, once = found.read((0, 99, True), _numbers, top)
    row_nodes = found.read([], top["rows"].sequence, 1, MAX_ROWS, "rows") if "rows" in top else []
    read_rows = [_row(node, table, low, high, found) for node in row_nodes]
    rows = tuple(row for row in read_rows if row is not None)
    if "dice" in top:
        dice = found.read((), _dice, top["dice"], table)
    else:
        dice = tuple(dict.fromkeys(f.colour for r in rows for f in r.fields))
    lock = found.read({}, _keys, top, "lock", ("threshold", "fields"), found)
    penalties = found.read({}, _keys, top, "penalties", ("boxes", "points"), found)
    scoring = found.read({}, _keys, top, "scoring", ("max_counted", "table"), found)
    values: dict[str, Any] = dict(
        name=found.read(default_name, _name, top["name"]) if "name" in top else default_name,
        rows=rows,
        dice=dice,
        lock_threshold=found.read(5, int_in, lock, "threshold", 5, 1, 40),
        penalty_boxes=found.read(4, int_in, penalties, "boxes", 4, 1, 10),
        penalty_points=found.read(5, int_in, penalties, "points", 5, 0, 100),
        max_counted=found.read(12, int_in, scoring, "max_counted", 12, 1, 40),
        score_table=found.read(None, _score_table, scoring["table"])
        if "table" in scoring
        else None,
        number_range=(low, high),
        each_number_once=once,
        labels=_labels(top["labels"], found) if "labels" in top else {},
        description=found.read("", top["description"].text, 300) if "description" in top else "",
        source=found.read("", top["source"].text, 300) if "source" in top else "",
        aliases=found.read((), _aliases, top["aliases"]) if "aliases" in top else (),
        lock_fields=found.read(1, int_in, lock, "fields", 1, 1, 3),
    )
    context = Context(rows, table, low, high, whole=bool(rows) and len(rows) == len(read_rows))
    for keys, read in MECHANICS:
        if any(key in top for key in keys):
            values.update(found.read({}, read, top, context))
    if found:
        raise LayoutError.of_all(found)
    colours = {name: table[name] for name in sorted(table)}
    return Layout(colours=colours, doc=doc, **values)


def _numbers(top: dict[str, Node]) -> tuple[int, int, bool]:
    """The numbers of the fields, ``low``..``high``, and whether each is there once."""
    if "numbers" not in top:
        return 2, 12, True
    nums = top["numbers"].mapping((), ("from", "to", "each_once"))
    low, high = int_in(nums, "from", 2, 0, 99), int_in(nums, "to", 12, 0, 99)
    if high < low and "to" in nums:
        nums["to"].fail(f"must not be below 'from' ({low})")
    if high < low:
        nums["from"].fail(f"must not be above 'to' ({high}, the default)")
    return low, high, nums["each_once"].boolean() if "each_once" in nums else True


def _keys(top: dict[str, Node], key: str, known: tuple[str, ...], found: _Found) -> dict[str, Node]:
    """The entries of the mapping at ``key`` of ``top`` (none without it); unknown keys
    join ``found``."""
    return top[key].mapping((), known, None, found) if key in top else {}


def _dice(node: Node, table: dict[str, str]) -> tuple[str, ...]:
    return tuple(read_colour(item, table) for item in node.sequence(1, 8, "dice"))


def _score_table(node: Node) -> tuple[int, ...]:
    return tuple(n.integer(0, 100_000) for n in node.sequence(1, 40))


def _labels(node: Node, found: _Found) -> dict[str, str]:
    """The layout's own labels, each read on its own."""
    items = found.read([], _entries, node)
    return {key: found.read("", value.text, 200) for key, value in items}


def _entries(node: Node) -> list[tuple[str, Node]]:
    """The entries of the mapping at ``node`` (LayoutError when it is no mapping)."""
    return list(node.items())


def _aliases(node: Node) -> tuple[str, ...]:
    return tuple(_alias(n) for n in node.sequence(0, 10))


def _colour_table(node: Node | None, found: _Found) -> dict[str, str]:
    """The palette with the layout's own ``colours``; a broken entry joins ``found`` and
    stands as black under its name, so the fields naming it tell nothing more."""
    table = dict(PALETTE)
    if node is None:
        return table
    for name, value in found.read([], _entries, node):
        table[name] = found.read("#000000", _colour, name, value)
    return table


def _colour(name: str, value: Node) -> str:
    if not ID.fullmatch(name):
        value.fail(f"colour name {shown(name)} must be a lowercase word")
    hex_code = value.text(7)
    if not HEX.fullmatch(hex_code):
        value.fail(f"colour must be a hex code like \"#e2231a\", got '{hex_code}'")
    return hex_code.lower()


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


def _row(node: Node, table: dict[str, str], low: int, high: int, found: _Found) -> Row | None:
    """The row at ``node``, or None when it has a problem (each field's joins ``found``)."""
    before = len(found)
    keys = found.read({}, node.mapping, ("id", "fields"), _ROW_KEYS, NO_SIZES, found)
    row_id = found.read("", _row_id, keys["id"]) if "id" in keys else ""
    colour = found.read("", read_colour, keys["colour"], table) if "colour" in keys else None
    if colour is None and _misspelt(node, "colour"):
        colour = ""  # told once, as the misspelt key: its fields would each say it again
    items = (
        found.read([], keys["fields"].sequence, 2, MAX_FIELDS, "fields") if "fields" in keys else []
    )
    fields = tuple(found.read(None, _field, item, colour, table, low, high) for item in items)
    again = found.read(False, keys["again"].boolean) if "again" in keys else False
    if len(found) > before:
        return None
    whole = tuple(f for f in fields if f is not None)
    squares = found.read((), _squares, keys["squares"], row_id, whole) if "squares" in keys else ()
    return None if len(found) > before else Row(row_id, whole, again, squares)


_ROW_KEYS = ("colour", "again", "squares")


def _misspelt(node: Node, key: str) -> bool:
    """Whether the row mapping at ``node`` has an unknown key that is a near miss of its
    ``key`` (``color`` for ``colour``: the mistake the reader already tells)."""
    known = ("id", "fields", *_ROW_KEYS)
    given = node.value if isinstance(node.value, dict) else {}
    return any(k not in known and closest(str(k), known) == key for k in given)


def _row_id(node: Node) -> str:
    row_id = node.text(30)
    if not ID.fullmatch(row_id):
        node.fail(
            f"row id '{row_id}' must be a lowercase word (letters, digits, - or _)"
            + _odd_character(row_id)
        )
    return row_id


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
