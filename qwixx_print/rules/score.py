"""Scoring: the points of rows and sheets (RULES.md §1 Score, §2, §4), from the 0-based
positions of crossed fields (:func:`score_positions`, shared by ``qwixx-print score`` and the
play engine) or from the numbers a marks file names (:func:`score_sheet`). No drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from functools import cache
from typing import NamedTuple

from qwixx_print.errors import RuleViolation, named
from qwixx_print.layout import Layout, Row
from qwixx_print.rules import refusals

MAX_LOCKS_PER_SHEET = 2
"""RULES.md §1 End: the game ends at the 2nd locked colour, so a sheet holds at most 2 locks."""

POWERS: Mapping[str, str] = {
    "two-in-weakest": "two crosses in your weakest row (the next free fields)",
    "one-in-each": "one cross in each row (the next free field)",
    "weakest-double": "your weakest row scores double at the end",
    "plus-13": "+13 points at the end",
    "no-penalties": "your penalties score 0 at the end",
}
"""The five Kräfte powers by symbol id, in RULES.md order (RULES.md §2 Kräfte; seed 003)."""


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


def bonus_cells(layout: Layout, row: Row) -> int:
    """Cells of the bonus rows beside ``row``: each can count as one more cross of it (Big
    Points, RULES.md §4)."""
    by_id = {r.id: r for r in layout.rows}
    return sum(
        len(by_id[b.between[0]].fields)
        for b in layout.bonus_rows
        if row.id in b.between and b.between[0] in by_id
    )


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
    for number, count in Counter(numbers).items():
        if number not in by_number:
            raise RuleViolation(f"{number} is not a number of this row ({what})")
        if count > 1:
            raise RuleViolation(f"{number} is given {count} times ({what})")


def penalty_points(layout: Layout, penalties: int) -> int:
    """Points lost for ``penalties`` crossed penalty boxes: 5 each on classic (RULES.md §1).

    Raises :class:`RuleViolation` for more penalties than the sheet has boxes.
    """
    if not 0 <= penalties <= layout.penalty_boxes:
        raise RuleViolation(
            f"{penalties} penalties, but the sheet has {layout.penalty_boxes} penalty boxes"
        )
    return penalties * layout.penalty_points


CROSSING_POWERS = ("two-in-weakest", "one-in-each")
"""Powers whose effect is crosses made during the game: on a filled-in sheet they are already
among the crossed fields and add nothing at the end (RULES.md §2 Kräfte)."""

PLUS_POINTS = 13
"""Points the ``plus-13`` power adds at the end (RULES.md §2 Kräfte; seed 003)."""


class RowViolation(RuleViolation):
    """A rule broken in one row of a sheet: ``row`` is the row id, ``str()`` the rule;
    ``key`` the marks file's key it is about when known (``squares``), else ``None``."""

    def __init__(self, row: str, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.key = key


class PowerEffect(NamedTuple):
    """An unlocked Kräfte power on a scored sheet: its symbol id, the row it acts on (the
    weakest row for ``weakest-double``, else ``None``) and the points it adds at the end."""

    power: str
    row: str | None
    points: int


class SheetScore(NamedTuple):
    """A scored sheet: ``rows`` by row id (layout order), ``penalties`` crossed, the points
    they cost (``penalty_points``, >= 0), the unlocked ``powers``, the ``total``
    (rows - penalty points + power points + framed points; RULES.md §1 Score, §2 Kräfte),
    the crossed fields of the framed group (``framed``) and their ``framed_points`` (RULES.md
    §4 Connected Steps) and the crosses of each bonus row (``bonus``, Big Points)."""

    rows: Mapping[str, RowScore]
    penalties: int
    penalty_points: int
    powers: tuple[PowerEffect, ...]
    total: int
    framed: int = 0
    framed_points: int = 0
    bonus: Mapping[str, int] = {}

    @property
    def locked(self) -> tuple[str, ...]:
        """Ids of the locked rows, top to bottom."""
        return tuple(row for row, score in self.rows.items() if score.locked)


Positions = Mapping[str, Collection[int]]
"""Row id -> 0-based positions of fields in that row (crossed fields, or small boxes)."""


def unlocked_powers(layout: Layout, crossed: Mapping[str, Collection[int]]) -> tuple[str, ...]:
    """Power symbols whose two fields are both crossed, ``crossed`` mapping row ids to
    numbers (see :func:`unlocked_powers_at`)."""
    return unlocked_powers_at(layout, _positions(layout, crossed))


def power_fields(layout: Layout) -> dict[str, tuple[tuple[int, int], ...]]:
    """Power symbol -> its fields as (row place, 0-based index), in reading order (Kräfte,
    RULES.md §2: a symbol's two fields). Scoring, validation and ``Compiled.power_fields``
    read it."""
    found: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(layout.rows):
        for i, f in enumerate(row.fields):
            if f.power is not None:
                found.setdefault(f.power, []).append((r, i))
    return {power: tuple(places) for power, places in found.items()}


def unlocked_powers_at(layout: Layout, fields: Positions) -> tuple[str, ...]:
    """Power symbols whose two fields are both among the crossed ``fields``, in
    :data:`POWERS` order (RULES.md §2 Kräfte: "Crossing both fields of a symbol unlocks its
    power"; seed 003)."""
    found, rows = power_fields(layout), layout.rows
    return tuple(
        power
        for power in POWERS
        if power in found and all(i in fields.get(rows[r].id, ()) for r, i in found[power])
    )


def _positions(layout: Layout, numbers: Mapping[str, Collection[int]]) -> dict[str, list[int]]:
    """Row id -> positions of ``numbers`` in that row; numbers a row lacks are left out."""
    out = {}
    for row in layout.rows:
        wanted = numbers.get(row.id, ())
        out[row.id] = [i for i, f in enumerate(row.fields) if f.number in wanted]
    return out


def weakest_row(rows: Mapping[str, RowScore]) -> str:
    """The weakest row at the end: fewest points, ties the first from the top (RULES.md §2
    Kräfte, decision). ``rows`` in layout order; raises ValueError when empty."""
    return min(rows, key=lambda row: rows[row].points)


def power_effects(
    powers: Collection[str], rows: Mapping[str, RowScore], penalty_points: int
) -> tuple[PowerEffect, ...]:
    """The end effects of the unlocked ``powers`` (RULES.md §2 Kräfte; seed 003):
    ``weakest-double`` adds the weakest row's points again, ``plus-13`` adds 13,
    ``no-penalties`` gives back ``penalty_points``; the crossing powers add nothing (their
    crosses are on the sheet)."""
    effects = []
    for power in POWERS:
        if power not in powers:
            continue
        if power == "weakest-double":
            weakest = weakest_row(rows)
            effects.append(PowerEffect(power, weakest, rows[weakest].points))
        elif power == "plus-13":
            effects.append(PowerEffect(power, None, PLUS_POINTS))
        elif power == "no-penalties":
            effects.append(PowerEffect(power, None, penalty_points))
        elif power in CROSSING_POWERS:
            effects.append(PowerEffect(power, None, 0))
    return tuple(effects)


def _unknown_rows(layout: Layout, *given: Mapping[str, object]) -> None:
    ids = [row.id for row in layout.rows] + [b.id for b in layout.bonus_rows]
    for row_id in (k for mapping in given for k in mapping):
        if row_id not in ids:
            odd = next((c for c in row_id if not c.isascii()), None)
            why = f": {named(odd)} is not a Latin letter" if odd and odd.isalpha() else ""
            raise RowViolation(
                row_id,
                f"the layout {layout.name} has no row '{row_id}' (rows: {', '.join(ids)}){why}",
            )


def score_sheet(
    layout: Layout,
    crossed: Mapping[str, Collection[int]],
    penalties: int,
    again: Mapping[str, Collection[int]] | None = None,
    bonus: Mapping[str, Collection[int]] | None = None,
    squares: Mapping[str, Collection[tuple[int, int]]] | None = None,
) -> SheetScore:
    """Score one filled-in sheet: ``crossed``, ``again`` (Nochmal small boxes) and ``bonus``
    (cells of the bonus rows by bonus row id, Big Points) map row ids to numbers, ``squares``
    row ids to the link squares crossed, each as the two numbers it stands between (Connect
    15, RULES.md §7); rows not named are empty. See :func:`score_positions`.

    Raises :class:`RowViolation` for an unknown row id, a number a row lacks or one given
    twice, a link square the row lacks, and whatever :func:`score_positions` raises.
    """
    again, bonus, squares = again or {}, bonus or {}, squares or {}
    _unknown_rows(layout, crossed, again, bonus, squares)
    rows = {row.id: row for row in layout.rows}
    fields, boxes, cells, marked = {}, {}, {}, {}
    for row in layout.rows:
        try:
            fields[row.id] = field_positions(row, crossed.get(row.id, ()))
            boxes[row.id] = field_positions(row, again.get(row.id, ()), "small box")
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc)) from None
        try:
            marked[row.id] = square_positions(row, squares.get(row.id, ()))
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc), "squares") from None
    for b in layout.bonus_rows:
        try:
            cells[b.id] = field_positions(rows[b.between[0]], bonus.get(b.id, ()), "bonus cells")
        except RuleViolation as exc:
            raise RowViolation(b.id, str(exc)) from None
    return score_positions(layout, fields, penalties, boxes, cells, marked)


def square_positions(row: Row, pairs: Collection[tuple[int, int]]) -> list[int]:
    """The link squares of ``row`` named by the numbers they stand between (``(3, 4)``), as
    the 0-based index of the field left of each (Connect 15, RULES.md §7). Raises
    :class:`RuleViolation` for a number the row lacks, a square it lacks
    (:func:`~qwixx_print.rules.refusals.square_refusal`) or one given twice."""
    found: list[int] = []
    for a, b in pairs:
        left, right = field_positions(row, (a, b), "link square") if a != b else (-1, -1)
        refusal = refusals.square_refusal(row, left, right) if left >= 0 else None
        if left < 0 or refusal is not None:
            raise RuleViolation(refusal or f"there is no link square between {a} and {b}")
        if left in found:
            raise RuleViolation(f"the link square {a}-{b} is given twice")
        found.append(left)
    return found


def _bonus_crosses(layout: Layout, fields: Positions, bonus: Positions) -> dict[str, int]:
    """Crosses each colour row gains from the bonus rows beside it (Big Points, RULES.md §4:
    a bonus cross counts for both neighbours). Raises :class:`RowViolation` for a bonus cell
    whose column neither neighbour has crossed."""
    gained: dict[str, int] = {}
    for b in layout.bonus_rows:
        cells = bonus.get(b.id, ())
        upper, lower = b.between
        numbers = [f.number for f in next(r for r in layout.rows if r.id == upper).fields]
        for c in cells:
            beside = c in fields.get(upper, ()) or c in fields.get(lower, ())
            refusal = refusals.bonus_cell_refusal(b, numbers, c, beside)
            if refusal is not None:
                raise RowViolation(b.id, refusal)
        for row_id in b.between:
            gained[row_id] = gained.get(row_id, 0) + len(cells)
    return gained


def check_links(layout: Layout, fields: Positions) -> None:
    """Both ends of every link of the sheet crossed, or neither (Connected Chain, RULES.md
    §4: crossing one end crosses the other at once, always). Raises :class:`RowViolation` at
    the crossed end's row."""
    rows = {row.id: row for row in layout.rows}
    for a, b in layout.links:
        crossed_a, crossed_b = a[1] in fields.get(a[0], ()), b[1] in fields.get(b[0], ())
        if crossed_a != crossed_b:
            (row, i), (other, j) = (a, b) if crossed_a else (b, a)
            n, m = rows[row].fields[i].number, rows[other].fields[j].number
            raise RowViolation(row, refusals.link_refusal(n, other, m))


def framed_crossed(layout: Layout, fields: Positions) -> int:
    """How many fields of the framed group are crossed (Connected Steps, RULES.md §4)."""
    return sum(1 for row in layout.rows for i in fields.get(row.id, ()) if row.fields[i].framed)


def score_positions(
    layout: Layout,
    fields: Positions,
    penalties: int,
    again: Positions | None = None,
    bonus: Positions | None = None,
    squares: Positions | None = None,
) -> SheetScore:
    """Score one sheet from the 0-based positions of its crossed ``fields``, small boxes
    (``again``), bonus cells (``bonus``, by bonus row id: columns) and link squares
    (``squares``, each by the field left of it; RULES.md §7) per row id; rows not named are
    empty. Mixed sheets score per row (RULES.md §2); a bonus cross counts for both
    rows beside it, not toward their lock; the framed group scores with the score table on
    top of the rows (RULES.md §4). The play engine scores its sheets here too, so both
    count alike.

    Raises :class:`RowViolation` for a row :func:`score_fields` refuses, a bonus cell beside
    no crossed field, a link crossed at one end only, and :class:`RuleViolation` for more
    penalties than boxes or more than :data:`MAX_LOCKS_PER_SHEET` locks (RULES.md §1 End),
    unless the ``one-in-each`` power is unlocked: it crosses several rows at once and may
    lock more (RULES.md §1 exception).
    """
    again, squares = again or {}, squares or {}
    gained = _bonus_crosses(layout, fields, bonus) if bonus and layout.bonus_rows else {}
    if layout.links:
        check_links(layout, fields)
    rows = {}
    for row in layout.rows:
        try:
            rows[row.id] = score_fields(
                layout,
                row,
                fields.get(row.id, ()),
                again.get(row.id, ()),
                gained.get(row.id, 0),
                len(squares.get(row.id, ())),
            )
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc)) from None
    lost = penalty_points(layout, penalties)
    powers = unlocked_powers_at(layout, fields)
    locked = [row for row, score in rows.items() if score.locked]
    if len(locked) > MAX_LOCKS_PER_SHEET and "one-in-each" not in powers:
        raise RuleViolation(
            f"{len(locked)} rows are locked ({', '.join(locked)}); the game ends at the "
            f"second lock, so a sheet holds at most {MAX_LOCKS_PER_SHEET}"
        )
    effects = power_effects(powers, rows, lost)
    framed = framed_crossed(layout, fields)
    framed_points = points(layout, framed)
    total = sum(s.points for s in rows.values()) - lost + sum(e.points for e in effects)
    cells = {b.id: len(bonus.get(b.id, ())) for b in layout.bonus_rows} if bonus else {}
    return SheetScore(
        rows, penalties, lost, effects, total + framed_points, framed, framed_points, cells
    )
