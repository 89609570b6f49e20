"""Scoring's primitives: the dice's faces, the score table, what a field and a row count,
the points of one row from the positions of its crosses, the penalties (RULES.md §1 Score,
§2, §4). :mod:`~qwixx_print.rules.score` adds them up to a sheet's score. No drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from functools import cache
from typing import NamedTuple

from qwixx_print.errors import RuleViolation
from qwixx_print.layout import BonusRow, Layout, Row
from qwixx_print.rules import refusals

Positions = Mapping[str, Collection[int]]
"""Row id -> 0-based positions of fields in that row (crossed fields, or small boxes)."""


class RowViolation(RuleViolation):
    """A rule broken in one row of a sheet: ``row`` is the row id, ``str()`` the rule;
    ``key`` the marks file's key it is about when known (``squares``), else ``None``."""

    def __init__(self, row: str, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.key = key


class SheetViolation(RuleViolation):
    """A rule broken by one of a sheet's own marks outside its rows: ``key`` the marks
    file's key it is about (``penalties``), so the message points at that line."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def faces(layout: Layout) -> int:
    """The faces of every die of ``layout``: its highest number halved (6; Longo's d8 8;
    RULES.md §1, RULES-more.md §4). Validation and ``Compiled.faces`` read it."""
    return layout.number_range[1] // 2


def triangular(crosses: int) -> int:
    """Points for ``crosses`` crosses in a row: n(n+1)/2 (RULES.md §1 Score; seeds 000, 001).

    ``triangular(6) == 21``, ``triangular(12) == 78``. Raises ValueError for n < 0.
    """
    if crosses < 0:
        raise ValueError(f"crosses must be >= 0, got {crosses}")
    return crosses * (crosses + 1) // 2


def score_table(layout: Layout) -> tuple[int, ...]:
    """Points for 1..``max_counted`` crosses: the layout's own table or n(n+1)/2 (RULES.md §2)."""
    if layout.score_table is not None:
        return layout.score_table
    return _triangular_table(layout.max_counted)


@cache
def _triangular_table(top: int) -> tuple[int, ...]:
    """n(n+1)/2 for n = 1..``top`` (the standard score table, built once per length)."""
    return tuple(triangular(n) for n in range(1, top + 1))


def points(layout: Layout, crosses: int) -> int:
    """Points for a row holding ``crosses`` crosses; crosses past ``max_counted`` do not count.

    RULES.md §2: "Crosses beyond the layout's maximum are not counted" (seed 003).
    """
    counted = min(crosses, layout.max_counted)
    return score_table(layout)[counted - 1] if counted > 0 else 0


def row_weights(row: Row, start: int) -> tuple[int, ...]:
    """The crosses each field of ``row`` counts when crossed, by 0-based position: a lock
    field (from ``start`` on) 2, its cross and the lock's (RULES.md §1 Locking, §4 Longo); a
    double 2 (RULES.md §2 Doppelt); any other 1. The one place of this rule: scoring, the play
    engine, the bots and the kernel read it (``Compiled.weights``)."""
    return tuple(2 if i >= start or f.double else 1 for i, f in enumerate(row.fields))


def max_before_lock(row: Row, lock_fields: int = 1) -> int:
    """Most crosses a row can hold before its lock fields (the last ``lock_fields``; Longo 2):
    fields (doubles count 2, :func:`row_weights`) and small boxes under them (RULES.md §2
    Doppelt, Nochmal, §4)."""
    start = len(row.fields) - lock_fields
    return sum(row_weights(row, start)[:start]) + (start if row.again else 0)


def max_crosses(row: Row, lock_fields: int = 1) -> int:
    """Most crosses a row can hold, uncapped, bonus rows left out: everything before the lock
    fields, one lock field, the lock itself and the row's link squares (classic 12, Doppelt
    16, Nochmal 22, Longo 15, Connect 15 15; RULES.md §1, §2, §4, §7)."""
    return max_before_lock(row, lock_fields) + 2 + len(row.squares)


def bonus_source(layout: Layout, bonus: BonusRow) -> Row | None:
    """The row whose numbers the cells of the bonus row ``bonus`` carry, column by column:
    the row above it (Big Points, RULES.md §4; validation makes the row below hold the same
    numbers; of two rows of that id, which ``validate`` refuses, the last); ``None`` when the
    layout has no such row. The one lookup of a bonus row's cells: scoring, marks files and
    ``Compiled.bonus_numbers`` read it."""
    return next((row for row in reversed(layout.rows) if row.id == bonus.between[0]), None)


def row_places(layout: Layout) -> dict[str, int]:
    """Row id -> its place in ``layout`` (0-based, top down); of two rows of one id, which
    ``validate`` refuses, the last (as :func:`bonus_source`). The one map of where a row
    stands: ``validate``, :func:`bonus_places`, ``Compiled.row_of`` and the scene's links
    read it."""
    return {row.id: k for k, row in enumerate(layout.rows)}


def bonus_places(layout: Layout) -> dict[str, tuple[int, int]]:
    """Bonus row id -> the places (0-based, top down) of the rows above and below it (Big
    Points, RULES.md §4), for each bonus row whose two rows the layout has (``validate``
    refuses the others; of two rows of one id, the last, as :func:`bonus_source`). The one
    lookup of where a bonus row stands: ``Compiled.bonus_between`` and the sheet's boxes
    (``geometry.sheet_boxes``, which also lays out layouts ``validate`` refused) read it."""
    place = row_places(layout)
    return {
        b.id: (place[b.between[0]], place[b.between[1]])
        for b in layout.bonus_rows
        if b.between[0] in place and b.between[1] in place
    }


def bonus_cells(layout: Layout, row: Row) -> int:
    """Cells of the bonus rows beside ``row``: each can count as one more cross of it (Big
    Points, RULES.md §4)."""
    sources = ((b, bonus_source(layout, b)) for b in layout.bonus_rows if row.id in b.between)
    return sum(len(source.fields) for _, source in sources if source is not None)


def max_counted(layout: Layout, row: Row) -> int:
    """Most crosses of ``row`` that score: :func:`max_crosses` and its bonus cells, capped at
    ``max_counted`` (classic 12, Doppelt 16, Nochmal 22 -> 16, Big Points 34 -> 15;
    RULES.md §2, §4)."""
    crosses = max_crosses(row, layout.lock_fields) + bonus_cells(layout, row)
    return min(crosses, layout.max_counted)


class RowScore(NamedTuple):
    """A scored row: ``crosses`` counted (lock and bonus cells included, cap applied),
    ``locked``, ``points``."""

    crosses: int
    locked: bool
    points: int


def crosses_before_lock(
    row: Row, fields: Collection[int], again: Collection[int], start: int | None = None
) -> int:
    """Crosses of ``row`` before its lock: crossed ``fields`` (0-based positions, the lock
    fields from ``start`` on left out, by default the last field; a double counts 2) plus
    crossed small boxes ``again`` (RULES.md §2 Doppelt, Nochmal; §4 Longo)."""
    start = len(row.fields) - 1 if start is None else start
    weights = row_weights(row, start)
    return sum(weights[i] for i in fields if i < start) + len(again)


def score_fields(
    layout: Layout,
    row: Row,
    fields: Collection[int],
    again: Collection[int] = (),
    bonus: int = 0,
    squares: int = 0,
) -> RowScore:
    """Score one row from the 0-based positions of its crossed ``fields`` and of the fields
    whose small box is crossed (``again``, Nochmal), with ``bonus`` crosses of the bonus rows
    beside it (Big Points: they score, but not toward the lock) and ``squares`` crossed link
    squares (Connect 15, RULES.md §7: crosses of the row, not toward the lock). Crossing a
    lock field (the last, or one of the last ``lock_fields``) locks the row and adds the
    lock's cross (RULES.md §1 Locking; seeds 000, 001, 003; §4).

    Raises :class:`RuleViolation` (message without player or row) when a small box is illegal
    (RULES.md §2 Nochmal), a lock field is crossed before ``lock_threshold`` crosses, or two
    lock fields are crossed (Longo: the first locks the row).
    """
    for i in sorted(again):
        refusal = refusals.small_box_refusal(row, i, fields)
        if refusal is not None:
            raise RuleViolation(refusal)
    start = layout.lock_start(row)
    locks = sorted(i for i in fields if i >= start)
    if len(locks) > 1:
        a, b = row.fields[locks[0]].number, row.fields[locks[1]].number
        raise RuleViolation(
            f"the {a} and the {b} both lock the row: the first one crossed locks it"
        )
    before = crosses_before_lock(row, fields, again, start)
    locked = bool(locks)
    number = row.fields[locks[0]].number if locks else None
    refusal = refusals.lock_refusal(layout, row, before, number) if locks else None
    if refusal is not None:
        raise RuleViolation(refusal)
    crosses = before + (row_weights(row, start)[locks[0]] if locked else 0) + bonus + squares
    return RowScore(min(crosses, layout.max_counted), locked, points(layout, crosses))


def field_positions(row: Row, numbers: Collection[int], what: str = "crossed") -> list[int]:
    """The 0-based positions in ``row`` of the fields holding ``numbers`` (a marks file names
    numbers). Raises :class:`RuleViolation` for a number the row lacks or one given twice
    (``what`` names the list in the message)."""
    by_number = {f.number: i for i, f in enumerate(row.fields)}
    _check_numbers(numbers, by_number, what)
    return [by_number[n] for n in numbers]


def score_row(
    layout: Layout, row: Row, crossed: Collection[int], again: Collection[int] = ()
) -> RowScore:
    """Score one row of a filled-in sheet from numbers: ``crossed``, the numbers crossed in
    the row (any order); ``again``, numbers whose small box is crossed (Nochmal). See
    :func:`score_fields`; also raises :class:`RuleViolation` when a number is not in the row
    or is given twice.
    """
    fields = field_positions(row, crossed)
    return score_fields(layout, row, fields, field_positions(row, again, "small box"))


def _check_numbers(numbers: Collection[int], by_number: Mapping[int, object], what: str) -> None:
    of = "" if what == "crossed" else f" ({what})"  # a cross needs no word; a small box does
    for number, count in Counter(numbers).items():
        if number not in by_number:
            raise RuleViolation(f"{number} is not a number of this row{of}")
        if count > 1:
            given = f"is {what}" if what == "crossed" else "is given"
            raise RuleViolation(f"{number} {given} {count} times{of}")


def penalty_points(layout: Layout, penalties: int) -> int:
    """Points lost for ``penalties`` crossed penalty boxes: 5 each on classic (RULES.md §1).

    Raises :class:`SheetViolation` (key ``penalties``) for more penalties than the sheet
    has boxes.
    """
    if not 0 <= penalties <= layout.penalty_boxes:
        raise SheetViolation(
            "penalties",
            f"{penalties} penalties, but the sheet has {layout.penalty_boxes} penalty boxes",
        )
    return penalties * layout.penalty_points
