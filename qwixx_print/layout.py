"""Layouts: the frozen dataclasses of a score sheet and their loading from YAML.

A layout is data only (docs/layout-format.md). Loading checks the schema (keys, types, ranges,
colour names) and raises :class:`~qwixx_print.errors.LayoutError` located as
``file:line: rows[2].fields[10]: ...``; the game's invariants (RULES.md §3) are checked
afterwards by :func:`qwixx_print.rules.validate`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from qwixx_print.doc import Doc, Node, Place, place_text, shown
from qwixx_print.errors import LayoutError, named

PALETTE: Mapping[str, str] = {
    "red": "#e2231a",
    "yellow": "#fcc800",
    "green": "#00a04a",
    "blue": "#1f5fae",
    "purple": "#7b3f98",
    "orange": "#f08a00",
    "grey": "#7a7a7a",
    "black": "#222222",
}
"""Colour names a layout may use without declaring them, as sRGB hex (close to the pads)."""

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_ID = re.compile(r"[a-z][a-z0-9_-]{0,30}")
_ALIAS = re.compile(r"[^\W\d_][\w-]{0,39}")

_NAME = re.compile(r"[^\W_][\w .-]*")
"""A layout name, shown by ``list``, in messages and in the PDF's title: no '/', '\\' or
leading dot, so it reads as a name, not a path."""

SIZE_KEYS = ("size", "width", "height", "field_size", "font_size", "scale", "margin")
"""Keys a designer may try but a layout has none of: sizes follow from the sheet geometry."""

_NO_SIZES = {
    key: f"a layout sets no sizes ('{key}'): fields are sized to fit the sheet, "
    "so use fewer rows or fields for bigger ones"
    for key in SIZE_KEYS
}

SQUARE_DICE: tuple[str, ...] = ("white-white", "white-colour", "colour-colour")
"""The pairs of dice that may cross a link square (Connect 15, RULES.md §7), in §7's order:
two white dice, for every player, in any row (action 1); a white and a coloured die, for the
active player, in that colour's row (action 2); two coloured dice, for the active player, in
either colour's row (action 2)."""

MAX_ROWS = 5
MAX_FIELDS = 15
"""Most fields a row may have: 15, as on Longo's d8 rows (2..16 less one; RULES-more.md §4);
13 fields + lock still give square fields of 6 mm, 15 fields 5.3 mm wide ones."""


@dataclass(frozen=True)
class Field:
    """One numbered field of a row.

    ``colour`` is a colour name of the layout; ``double`` counts two crosses (Doppelt),
    ``bonus`` is a boxed field feeding the bonus bar (Bonuskette), ``power`` a power symbol
    (Kräfte); RULES.md §2. ``framed``: one of the framed group that scores as an extra row
    with the score table (Connected Steps, RULES.md §4).
    """

    number: int
    colour: str
    double: bool = False
    bonus: bool = False
    power: str | None = None
    framed: bool = False


@dataclass(frozen=True)
class Row:
    """A row of fields crossed left to right, locked by its last field (RULES.md §1).

    ``again``: a small re-cross box under every field but the last (Nochmal, RULES.md §2).
    ``squares``: its link squares (Connect 15, RULES.md §7), each as the 0-based indexes of
    the two fields it stands between, left then right, as written (``validate`` checks that
    they are neighbours, left of the lock, each pair once).
    """

    id: str
    fields: tuple[Field, ...]
    again: bool = False
    squares: tuple[tuple[int, int], ...] = ()

    @property
    def last(self) -> Field:
        """The lock field: crossing it locks the row."""
        return self.fields[-1]

    @property
    def lock_colour(self) -> str:
        """The lock takes the colour of the last field (RULES.md §2, mixed sheets)."""
        return self.last.colour

    @property
    def colour(self) -> str | None:
        """The row's one colour, or ``None`` on a mixed row."""
        colours = {f.colour for f in self.fields}
        return colours.pop() if len(colours) == 1 else None


@dataclass(frozen=True)
class BonusRow:
    """A bonus row between two colour rows (Big Points, RULES.md §4): one round cell per
    column of its neighbours, ``between`` the ids of the row above and the row below; a cell
    carries their number of that column and counts as a cross for both."""

    id: str
    between: tuple[str, str]


End = tuple[str, int]
"""One end of a link: (row id, 0-based field index)."""

Link = tuple[End, End]
"""Two linked fields (Connected Chain, RULES.md §4): crossing one crosses the other."""


@dataclass(frozen=True)
class Slip:
    """One of a layout's slips (Connected Chain A-E, RULES.md §4): a ``name`` printed on the
    sheet and its ``links``. The imposition deals the slips out across a page in order."""

    name: str
    links: tuple[Link, ...]


@dataclass(frozen=True)
class LuckyDraw:
    """Lucky numbers drawn per sheet (Longo, RULES.md §4): ``count`` different numbers from
    ``low``..``high``."""

    count: int
    low: int
    high: int


@dataclass(frozen=True)
class Layout:
    """A whole score sheet: rows, lock, penalties, score table, labels.

    ``colours`` maps every colour name used to sRGB hex; ``dice`` are the coloured dice.
    ``score_table`` is ``None`` for the standard table n(n+1)/2 up to ``max_counted``.
    ``doc`` is the YAML it came from, used to locate problems (``None`` for built layouts).

    RULES.md §4: ``lock_fields``, the last N fields of every row lock it (Longo: 2);
    ``bonus_rows`` (Big Points); ``slips`` of linked pairs, ``slip`` the one this sheet is
    and ``links`` its pairs (Connected); ``diamonds``, the side track of two-number fields
    (X-Change); ``lucky_draw``, how lucky numbers are drawn, and ``lucky``, this sheet's
    (Longo). A sheet's own values are set with :meth:`sheet`.

    RULES.md §7 Connect 15: a row's link squares are :attr:`Row.squares`; ``square_faces``
    are the two faces two dice must show to cross one (1 and 5) and ``square_dice`` the
    pairs of dice that may (some of :data:`SQUARE_DICE`).
    """

    name: str
    rows: tuple[Row, ...]
    dice: tuple[str, ...]
    colours: Mapping[str, str]
    lock_threshold: int = 5
    penalty_boxes: int = 4
    penalty_points: int = 5
    max_counted: int = 12
    score_table: tuple[int, ...] | None = None
    bonus_bar: tuple[str, ...] = ()
    number_range: tuple[int, int] = (2, 12)
    each_number_once: bool = True
    labels: Mapping[str, str] = field(default_factory=dict)
    description: str = ""
    source: str = ""
    aliases: tuple[str, ...] = ()
    lock_fields: int = 1
    bonus_rows: tuple[BonusRow, ...] = ()
    slips: tuple[Slip, ...] = ()
    slip: str = ""
    links: tuple[Link, ...] = ()
    diamonds: tuple[tuple[int, int], ...] = ()
    lucky_draw: LuckyDraw | None = None
    lucky: tuple[int, ...] = ()
    square_faces: tuple[int, int] = (1, 5)
    square_dice: tuple[str, ...] = SQUARE_DICE
    doc: Doc | None = field(default=None, compare=False, repr=False)

    def sheet(self, slip: str | None = None, lucky: tuple[int, ...] | None = None) -> Layout:
        """This layout as the sheet of slip ``slip`` (by name) with the lucky numbers
        ``lucky``; ``None`` keeps the current one. Raises LayoutError for an unknown slip."""
        changes: dict[str, object] = {}
        if slip is not None and slip != self.slip:
            found = next((s for s in self.slips if s.name == slip), None)
            if found is None and not self.slips:
                raise LayoutError(f"the layout {self.name} has no slips: leave 'slip' out")
            if found is None:
                names = ", ".join(s.name for s in self.slips)
                raise LayoutError(f"the layout {self.name} has no slip '{slip}' (slips: {names})")
            changes.update(slip=found.name, links=found.links)
        if lucky is not None:
            changes["lucky"] = tuple(lucky)
        if not changes:
            return self
        import dataclasses

        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def lock_start(self, row: Row) -> int:
        """Index of the first field of ``row`` that locks it (the last ``lock_fields``)."""
        return len(row.fields) - self.lock_fields

    def locate(self, place: Place, text: str) -> str:
        """A one-line message for ``text`` at ``place``, with file and line when known."""
        if self.doc is None:
            return f"{self.name}: {place_text(place)}: {text}"
        return self.doc.message(place, text)


_TOP_KEYS = (
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
    "bonus_bar",
    "bonus_rows",
    "links",
    "slips",
    "diamonds",
    "lucky",
    "square_trigger",
    "labels",
)


def _colour_table(node: Node | None) -> dict[str, str]:
    table = dict(PALETTE)
    if node is None:
        return table
    for name, value in node.items():
        if not _ID.fullmatch(name):
            value.fail(f"colour name {shown(name)} must be a lowercase word")
        hex_code = value.text(7)
        if not _HEX.fullmatch(hex_code):
            value.fail(f"colour must be a hex code like \"#e2231a\", got '{hex_code}'")
        table[name] = hex_code.lower()
    return table


def _colour(node: Node, table: dict[str, str]) -> str:
    """A known colour name, or a hex code that becomes its own name."""
    name = node.text(30)
    if name in table:
        return name
    if _HEX.fullmatch(name):
        table[name.lower()] = name.lower()
        return name.lower()
    node.fail(
        f"unknown colour '{name}': use one of {', '.join(table)} or a hex code like \"#e2231a\""
    )


def _field(node: Node, row_colour: str | None, table: dict[str, str], low: int, high: int) -> Field:
    if not isinstance(node.value, dict):
        if row_colour is None:
            node.fail("this row has no colour: write the field as {number: N, colour: NAME}")
        return Field(node.integer(low, high), row_colour)
    keys = node.mapping(("number",), ("colour", "double", "bonus", "power", "framed"), _NO_SIZES)
    colour = _colour(keys["colour"], table) if "colour" in keys else row_colour
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
    keys = node.mapping(("id", "fields"), ("colour", "again", "squares"), _NO_SIZES)
    row_id = keys["id"].text(30)
    if not _ID.fullmatch(row_id):
        keys["id"].fail(
            f"row id '{row_id}' must be a lowercase word (letters, digits, - or _)"
            + _odd_character(row_id)
        )
    colour = _colour(keys["colour"], table) if "colour" in keys else None
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


def _int_in(keys: dict[str, Node], key: str, default: int, low: int, high: int) -> int:
    return keys[key].integer(low, high) if key in keys else default


def from_doc(doc: Doc, default_name: str) -> Layout:
    """Build a :class:`Layout` from a parsed YAML document.

    Raises :class:`LayoutError` (located) for unknown keys, wrong types, out-of-range values
    and unknown colours.
    """
    top = Node.root(doc, LayoutError).mapping(("rows",), _TOP_KEYS, _NO_SIZES)
    table = _colour_table(top.get("colours"))
    low, high, once = 2, 12, True
    if "numbers" in top:
        nums = top["numbers"].mapping((), ("from", "to", "each_once"))
        low, high = _int_in(nums, "from", 2, 0, 99), _int_in(nums, "to", 12, 0, 99)
        if high < low and "to" in nums:
            nums["to"].fail(f"must not be below 'from' ({low})")
        if high < low:
            nums["from"].fail(f"must not be above 'to' ({high}, the default)")
        once = nums["each_once"].boolean() if "each_once" in nums else True
    rows = tuple(_row(item, table, low, high) for item in top["rows"].sequence(1, MAX_ROWS, "rows"))
    if "dice" in top:
        dice = tuple(_colour(item, table) for item in top["dice"].sequence(1, 8, "dice"))
    else:
        dice = tuple(dict.fromkeys(f.colour for r in rows for f in r.fields))
    lock = top["lock"].mapping((), ("threshold", "fields")) if "lock" in top else {}
    penalties = top["penalties"].mapping((), ("boxes", "points")) if "penalties" in top else {}
    scoring = top["scoring"].mapping((), ("max_counted", "table")) if "scoring" in top else {}
    table_nodes = scoring["table"].sequence(1, 40) if "table" in scoring else None
    labels = {k: v.text(200) for k, v in top["labels"].items()} if "labels" in top else {}
    slips = _slips(top, rows)
    trigger = _square_trigger(top.get("square_trigger"))
    return Layout(
        name=_name(top["name"]) if "name" in top else default_name,
        rows=rows,
        dice=dice,
        colours={name: table[name] for name in sorted(table)},
        lock_threshold=_int_in(lock, "threshold", 5, 1, 40),
        penalty_boxes=_int_in(penalties, "boxes", 4, 1, 10),
        penalty_points=_int_in(penalties, "points", 5, 0, 100),
        max_counted=_int_in(scoring, "max_counted", 12, 1, 40),
        score_table=tuple(n.integer(0, 100_000) for n in table_nodes) if table_nodes else None,
        bonus_bar=tuple(_colour(n, table) for n in top["bonus_bar"].sequence(0, 40))
        if "bonus_bar" in top
        else (),
        number_range=(low, high),
        each_number_once=once,
        labels=labels,
        description=top["description"].text(300) if "description" in top else "",
        source=top["source"].text(300) if "source" in top else "",
        aliases=tuple(_alias(n) for n in top["aliases"].sequence(0, 10))
        if "aliases" in top
        else (),
        lock_fields=_int_in(lock, "fields", 1, 1, 3),
        bonus_rows=tuple(_bonus_row(n) for n in top["bonus_rows"].sequence(1, 4, "bonus rows"))
        if "bonus_rows" in top
        else (),
        slips=slips,
        slip=slips[0].name if slips else "",
        links=slips[0].links if slips else _links(top["links"], rows) if "links" in top else (),
        diamonds=tuple(_diamond(n, low, high) for n in top["diamonds"].sequence(1, 20, "diamonds"))
        if "diamonds" in top
        else (),
        lucky_draw=_lucky(top["lucky"], low, high) if "lucky" in top else None,
        square_faces=trigger[0],
        square_dice=trigger[1],
        doc=doc,
    )


def _bonus_row(node: Node) -> BonusRow:
    keys = node.mapping(("id", "between"))
    row_id = keys["id"].text(30)
    if not _ID.fullmatch(row_id):
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


def _square_trigger(node: Node | None) -> tuple[tuple[int, int], tuple[str, ...]]:
    """``square_trigger: {faces: [1, 5], dice: [white-white, ...]}`` (Connect 15, RULES.md
    §7): the two faces that cross a link square and the pairs of dice that may; each key left
    out keeps Connect 15's (1 and 5; all of :data:`SQUARE_DICE`)."""
    faces, dice = (1, 5), SQUARE_DICE
    if node is None:
        return faces, dice
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
    first = _int_in(keys, "from", low, low, high)
    last = _int_in(keys, "to", high, first, high)
    count = keys["count"].integer(1, min(4, last - first + 1))
    return LuckyDraw(count, first, last)


def load(path: Path, shown: str | None = None) -> Layout:
    """Load the layout file at ``path`` (``shown``: its name in messages).

    Raises :class:`LayoutError` for unreadable files, YAML refusals and schema errors.
    """
    from qwixx_print.yamldoc import read  # imports PyYAML: only for a user's file

    return from_doc(read(path, LayoutError, shown), path.stem)
