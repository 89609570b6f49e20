"""The model of a layout: the frozen dataclasses of a score sheet (:class:`Layout`, its
:class:`Row` and :class:`Field`, and the marks of RULES.md §4 and §7) and the constants of the
format (docs/layout-format.md). Data only: reading a YAML file is
:mod:`~qwixx_print.layout.reading`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from qwixx_print.doc import Doc, Place, place_text
from qwixx_print.errors import LayoutError

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

    @property
    def in_order(self) -> bool:
        """Whether the row's numbers run in order, rising or falling (classic's rows; where
        they do not, the header says the last field locks, RULES.md §2, and ``generate``
        shuffles them throughout)."""
        numbers = [f.number for f in self.fields]
        return numbers in (sorted(numbers), sorted(numbers, reverse=True))


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
class ValueTrack:
    """A value track (Lucky 15, RULES-more.md §7): fields worth ``values`` points, crossed
    left to right, in ``colour``. Its trigger: when ``white`` white dice and ``coloured``
    coloured dice (of one open colour) add up to ``total``, the active player may cross its
    next field instead of both actions of the turn. The sheet scores the value of the
    rightmost crossed field."""

    values: tuple[int, ...]
    colour: str
    total: int
    white: int = 2
    coloured: int = 1


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
    (Longo); ``value_track``, a track of values crossed on a dice total (Lucky 15,
    RULES-more.md §7). A sheet's own values are set with :meth:`sheet`.

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
    value_track: ValueTrack | None = None
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
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def lock_start(self, row: Row) -> int:
        """Index of the first field of ``row`` that locks it (the last ``lock_fields``)."""
        return len(row.fields) - self.lock_fields

    def locate(self, place: Place, text: str) -> str:
        """A one-line message for ``text`` at ``place``, with file and line when known."""
        if self.doc is None:
            return f"{self.name}: {place_text(place)}: {text}"
        return self.doc.message(place, text)
