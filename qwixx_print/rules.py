"""The rules of Qwixx and its variants: layout validation and scoring. No drawing.

Every rule cites its section of ``RULES.md`` (the project's rules specification) and, through
it, the seeds in ``shared/seeds/``: 000 (German rules), 001 (Dutch rules), 003 (German
scoring and variants), 004 (Polish quick reference).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import NamedTuple

from qwixx_print.doc import Place
from qwixx_print.errors import RuleViolation, counted, named
from qwixx_print.layout import Field, Layout, Link, Row

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


def max_before_lock(row: Row, lock_fields: int = 1) -> int:
    """Most crosses a row can hold before its lock fields (the last ``lock_fields``; Longo 2):
    fields (doubles count 2) and small boxes under them (RULES.md §2 Doppelt, Nochmal, §4)."""
    before = row.fields[:-lock_fields]
    return sum(2 if f.double else 1 for f in before) + (len(before) if row.again else 0)


def max_crosses(row: Row, lock_fields: int = 1) -> int:
    """Most crosses a row can hold, uncapped, bonus rows left out: everything before the lock
    fields, one lock field and the lock itself (classic 12, Doppelt 16, Nochmal 22, Longo 15;
    RULES.md §1, §2, §4)."""
    return max_before_lock(row, lock_fields) + 2


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


def lock_refusal(layout: Layout, row: Row, before: int, number: int | None = None) -> str | None:
    """``None`` when a lock field of ``row`` (its last field, or the one holding ``number``)
    may be crossed with ``before`` crosses before the lock fields, else the rule it breaks as
    one line (RULES.md §1 Locking: at least ``lock_threshold`` crosses before; seeds 000, 001,
    003; §4 Longo). Shared by scoring and play."""
    if before >= layout.lock_threshold:
        return None
    shown = row.last.number if number is None else number
    there = "there is 1" if before == 1 else f"there are {before}"
    return f"the {shown} locks the row only after {layout.lock_threshold} crosses; {there}"


def crosses_before_lock(
    row: Row, fields: Collection[int], again: Collection[int], start: int | None = None
) -> int:
    """Crosses of ``row`` before its lock: crossed ``fields`` (0-based positions, the lock
    fields from ``start`` on left out, by default the last field; a double counts 2) plus
    crossed small boxes ``again`` (RULES.md §2 Doppelt, Nochmal; §4 Longo)."""
    start = len(row.fields) - 1 if start is None else start
    return sum(2 if row.fields[i].double else 1 for i in fields if i < start) + len(again)


def score_fields(
    layout: Layout,
    row: Row,
    fields: Collection[int],
    again: Collection[int] = (),
    bonus: int = 0,
) -> RowScore:
    """Score one row from the 0-based positions of its crossed ``fields`` and of the fields
    whose small box is crossed (``again``, Nochmal), with ``bonus`` crosses of the bonus rows
    beside it (Big Points: they score, but not toward the lock). Crossing a lock field (the
    last, or one of the last ``lock_fields``) locks the row and adds the lock's cross
    (RULES.md §1 Locking; seeds 000, 001, 003; §4).

    Raises :class:`RuleViolation` (message without player or row) when a small box is illegal
    (RULES.md §2 Nochmal), a lock field is crossed before ``lock_threshold`` crosses, or two
    lock fields are crossed (Longo: the first locks the row).
    """
    last = len(row.fields) - 1
    for i in sorted(again):
        number = row.fields[i].number
        if not row.again:
            raise RuleViolation(f"this row has no small boxes, but one under {number} is given")
        if i == last:
            raise RuleViolation(f"the last field ({number}) has no small box")
        if i not in fields:
            raise RuleViolation(f"the small box under {number} is crossed, but the {number} is not")
    start = layout.lock_start(row)
    locks = sorted(i for i in fields if i >= start)
    if len(locks) > 1:
        a, b = row.fields[locks[0]].number, row.fields[locks[1]].number
        raise RuleViolation(
            f"the {a} and the {b} both lock the row: the first one crossed locks it"
        )
    before = crosses_before_lock(row, fields, again, start)
    locked = bool(locks)
    refusal = lock_refusal(layout, row, before, row.fields[locks[0]].number) if locks else None
    if refusal is not None:
        raise RuleViolation(refusal)
    crosses = before + (2 if locked else 0) + bonus
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


class Problem(NamedTuple):
    """A broken invariant of a layout (RULES.md §3) at ``place`` (e.g. ``("rows", 2)``)."""

    place: Place
    message: str


def validate(layout: Layout) -> list[Problem]:
    """Check RULES.md §3 on a loaded layout; an empty list means valid.

    Checks: each row holds each number of the range once; the lock threshold is reachable;
    the score table is increasing and long enough; every field colour has a die; colours
    (and dice) are balanced on mixed sheets; bonus fields match the bonus bar and every bar
    colour has a one-colour row; every power symbol is on exactly two fields; no double,
    bonus or power on a last field; and RULES-more.md §4's: lock fields, bonus rows, links,
    the framed group, diamonds (:func:`_bonus_rows`, :func:`_links`, :func:`_framed`,
    :func:`_diamonds`). Each broken invariant is its own :class:`Problem`.
    """
    problems: list[Problem] = []
    for i, row in enumerate(layout.rows):
        problems += _row_numbers(layout, row, ("rows", i))
        problems += _row_lock(layout, row, ("rows", i))
        problems += _row_marks(layout, row, ("rows", i))
    problems += _unique_row_ids(layout)
    problems += _table(layout)
    problems += _colours(layout)
    problems += _bonus(layout)
    problems += _powers(layout)
    problems += _bonus_rows(layout)
    problems += _links(layout)
    problems += _framed(layout)
    problems += _diamonds(layout)
    return problems


def _row_numbers(layout: Layout, row: Row, place: Place) -> list[Problem]:
    if not layout.each_number_once:
        return []
    low, high = layout.number_range
    seen: dict[int, int] = {}
    problems = []
    for j, f in enumerate(row.fields):
        if f.number in seen:
            problems.append(
                Problem(
                    (*place, "fields", j),
                    f"{f.number} is twice in the row (also fields[{seen[f.number]}])",
                )
            )
        seen.setdefault(f.number, j)
    missing = [n for n in range(low, high + 1) if n not in seen]
    if missing:
        names = ", ".join(map(str, missing))
        problems.append(
            Problem((*place, "fields"), f"the row lacks {names} (each of {low}..{high} once)")
        )
    return problems


def _row_lock(layout: Layout, row: Row, place: Place) -> list[Problem]:
    last = len(row.fields) - 1
    if layout.lock_fields >= len(row.fields):
        return [
            Problem(
                ("lock", "fields"),
                f"{layout.lock_fields} lock fields, but the row has only {len(row.fields)} fields",
            )
        ]
    reachable = max_before_lock(row, layout.lock_fields)
    if reachable >= layout.lock_threshold:
        return []
    return [
        Problem(
            (*place, "fields", last),
            f"lock needs at least {layout.lock_threshold} crosses, "
            f"but the fields before it hold at most {reachable}",
        )
    ]


def _marks_of(f: Field) -> list[str]:
    marks = (("double", f.double), ("bonus", f.bonus), ("power", f.power), ("framed", f.framed))
    return [name for name, on in marks if on]


def _row_marks(layout: Layout, row: Row, place: Place) -> list[Problem]:
    """No mark on a last field (RULES.md §3); at most one mark a field (decision: a double's
    tab, a bonus field's box and a power's badge share the field's frame and top edge, and
    no official sheet combines them)."""
    start = max(layout.lock_start(row), 0)
    problems = [
        Problem(
            (*place, "fields", k),
            f"the {'last ' if k == len(row.fields) - 1 else ''}field locks the row "
            f"and cannot be a {mark} field",
        )
        for k in range(start, len(row.fields))
        for mark in _marks_of(row.fields[k])
    ]
    for k, f in enumerate(row.fields[:start]):  # a lock field's marks are refused above
        marks = _marks_of(f)
        if len(marks) > 1:
            problems.append(
                Problem(
                    (*place, "fields", k),
                    f"a field carries one mark, this one {', '.join(marks[:-1])} and {marks[-1]}: "
                    "their marks share the field's frame; put them on different fields",
                )
            )
    return problems


def _unique_row_ids(layout: Layout) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for i, row in enumerate(layout.rows):
        if row.id in seen:
            problems.append(Problem(("rows", i, "id"), f"row id '{row.id}' is used twice"))
        seen.add(row.id)
    return problems


def _table(layout: Layout) -> list[Problem]:
    table = score_table(layout)
    place: Place = ("scoring", "table")
    for n in range(1, len(table)):
        if table[n] <= table[n - 1]:
            return [
                Problem(
                    (*place, n), f"the score table must increase: {table[n - 1]} then {table[n]}"
                )
            ]
    needed = max(max_counted(layout, row) for row in layout.rows)
    if len(table) < needed:
        return [
            Problem(
                place, f"the score table has {len(table)} entries; a row can count {needed} crosses"
            )
        ]
    if len(table) > layout.max_counted:
        return [
            Problem(
                place,
                f"the score table has {len(table)} entries, but at most {layout.max_counted} "
                "crosses count (scoring.max_counted): drop the extra entries or raise it",
            )
        ]
    return []


def _colours(layout: Layout) -> list[Problem]:
    problems = []
    undiced: dict[str, list[Place]] = {}  # colour -> its fields, each colour said once
    for i, row in enumerate(layout.rows):
        for j, f in enumerate(row.fields):
            if f.colour not in layout.dice:
                undiced.setdefault(f.colour, []).append(("rows", i, "fields", j))
    for colour, places in undiced.items():
        count = counted(len(places), "field")
        problems.append(
            Problem(places[0], f"colour '{colour}' has no die ({count}): add it to dice")
        )
    for k, colour in enumerate(layout.bonus_bar):
        if colour not in layout.dice:
            problems.append(Problem(("bonus_bar", k), f"colour '{colour}' has no die"))
    if any(row.colour is None for row in layout.rows):
        owned = Counter(dict.fromkeys(layout.dice, 0))
        owned.update(f.colour for row in layout.rows for f in row.fields)
        if len(set(owned.values())) > 1:
            counts = ", ".join(f"{c} {n}" for c, n in sorted(owned.items()))
            problems.append(
                Problem(
                    ("rows",),
                    f"on a mixed sheet each colour owns the same number of fields: {counts}",
                )
            )
    return problems


def _bonus(layout: Layout) -> list[Problem]:
    """Bonus fields as many as bar fields, and every bar colour names a one-colour row: the
    forced cross goes to "the row of that bar field's colour" (RULES.md §2 Bonuskette, §3)."""
    problems = []
    boxed = sum(f.bonus for row in layout.rows for f in row.fields)
    if boxed != len(layout.bonus_bar):
        place: Place = ("bonus_bar",) if layout.bonus_bar else ("rows",)
        problems.append(
            Problem(
                place,
                f"{counted(boxed, 'bonus field')} but a bonus bar of "
                f"{counted(len(layout.bonus_bar), 'field')}",
            )
        )
    row_colours = {row.colour for row in layout.rows if row.colour}
    for k, colour in enumerate(layout.bonus_bar):
        if colour in layout.dice and colour not in row_colours:
            problems.append(
                Problem(
                    ("bonus_bar", k),
                    f"no row is all {colour}: a bonus bar field needs a row of its colour",
                )
            )
    return problems


def _powers(layout: Layout) -> list[Problem]:
    where: dict[str, list[Place]] = {}
    for i, row in enumerate(layout.rows):
        for j, f in enumerate(row.fields):
            if f.power is not None:
                where.setdefault(f.power, []).append(("rows", i, "fields", j, "power"))
    problems = []
    for symbol, places in where.items():
        if symbol not in POWERS:
            problems.append(
                Problem(places[0], f"unknown power '{symbol}' (known: {', '.join(POWERS)})")
            )
        elif len(places) != 2:
            problems.append(
                Problem(
                    places[0],
                    f"power '{symbol}' is on {counted(len(places), 'field')}; it needs exactly 2",
                )
            )
    return problems


def _bonus_rows(layout: Layout) -> list[Problem]:
    """Big Points (RULES-more.md §4): a bonus row lies between two one-colour rows next to
    each other, its cell c equals both neighbours' column c, its id is its own."""
    index = {row.id: i for i, row in enumerate(layout.rows)}
    problems = []
    seen = set(index)
    for k, bonus in enumerate(layout.bonus_rows):
        place: Place = ("bonus_rows", k)
        if bonus.id in seen:
            problems.append(Problem((*place, "id"), f"row id '{bonus.id}' is used twice"))
        seen.add(bonus.id)
        upper, lower = bonus.between
        missing = [i for i in (upper, lower) if i not in index]
        if missing:
            problems.append(
                Problem((*place, "between"), f"no row '{missing[0]}' (rows: {', '.join(index)})")
            )
            continue
        if index[lower] != index[upper] + 1:
            problems.append(
                Problem(
                    (*place, "between"),
                    f"a bonus row lies between two rows next to each other, top first: "
                    f"'{upper}' is row {index[upper] + 1}, '{lower}' row {index[lower] + 1}",
                )
            )
            continue
        a, b = layout.rows[index[upper]], layout.rows[index[lower]]
        if a.colour is None or b.colour is None:
            problems.append(
                Problem((*place, "between"), "the rows beside a bonus row have one colour each")
            )
        if [f.number for f in a.fields] != [f.number for f in b.fields]:
            problems.append(
                Problem(
                    (*place, "between"),
                    f"rows '{upper}' and '{lower}' hold different numbers column by column: "
                    "a bonus cell carries the number of both",
                )
            )
    return problems


def _links(layout: Layout) -> list[Problem]:
    """Connected (RULES-more.md §4): in every slip the pairs are disjoint, their ends in rows
    next to each other, none on a lock field (a forced cross never locks)."""
    index = {row.id: i for i, row in enumerate(layout.rows)}
    slips: list[tuple[Place, tuple[Link, ...]]] = [
        (("slips", k, "links"), s.links) for k, s in enumerate(layout.slips)
    ]
    if not layout.slips and layout.links:
        slips = [(("links",), layout.links)]
    problems = []
    for where, links in slips:
        used: set[tuple[str, int]] = set()
        for j, (a, b) in enumerate(links):
            place: Place = (*where, j)
            text = _link_problem(layout, index, a, b, used)
            if text:
                problems.append(Problem(place, text))
            used.update((a, b))
    return problems


def _link_problem(
    layout: Layout,
    index: Mapping[str, int],
    a: tuple[str, int],
    b: tuple[str, int],
    used: set[tuple[str, int]],
) -> str:
    ra, rb = layout.rows[index[a[0]]], layout.rows[index[b[0]]]
    for row_id, i in (a, b):
        row = ra if row_id == a[0] else rb
        if i >= layout.lock_start(row):
            return f"{row_id} {row.fields[i].number} locks its row and cannot be linked"
        if (row_id, i) in used or a == b:
            return f"{row_id} {row.fields[i].number} is in two links: links are pairs of their own"
    if abs(index[a[0]] - index[b[0]]) != 1:
        return f"the ends of a link lie in rows next to each other, not {a[0]} and {b[0]}"
    return ""


def _framed(layout: Layout) -> list[Problem]:
    """The framed group (Connected Steps, RULES-more.md §4): each framed field, top row first
    and left to right, is right of or below the one before; none locks a row."""
    cells = [
        (r, i) for r, row in enumerate(layout.rows) for i, f in enumerate(row.fields) if f.framed
    ]
    for (r0, i0), (r1, i1) in pairwise(cells):
        if (r1, i1) not in ((r0, i0 + 1), (r0 + 1, i0)):
            row = layout.rows[r1]
            return [
                Problem(
                    ("rows", r1, "fields", i1),
                    f"framed fields form one staircase, each next to the one before "
                    f"(right of it, or below it): {row.id} {row.fields[i1].number} is not",
                )
            ]
    return []


def _diamonds(layout: Layout) -> list[Problem]:
    """X-Change (RULES-more.md §4): each diamond shows two different numbers, and no two
    diamonds show the same pair (a marks file names them by their numbers)."""
    problems = []
    seen: set[frozenset[int]] = set()
    for k, (a, b) in enumerate(layout.diamonds):
        if a == b:
            problems.append(
                Problem(("diamonds", k), f"a diamond must show two different numbers, got {a}/{b}")
            )
        elif frozenset((a, b)) in seen:
            problems.append(Problem(("diamonds", k), f"the diamond {a}/{b} is there twice"))
        seen.add(frozenset((a, b)))
    return problems


CROSSING_POWERS = ("two-in-weakest", "one-in-each")
"""Powers whose effect is crosses made during the game: on a filled-in sheet they are already
among the crossed fields and add nothing at the end (RULES.md §2 Kräfte)."""

PLUS_POINTS = 13
"""Points the ``plus-13`` power adds at the end (RULES.md §2 Kräfte; seed 003)."""


class RowViolation(RuleViolation):
    """A rule broken in one row of a sheet: ``row`` is the row id, ``str()`` the rule."""

    def __init__(self, row: str, message: str) -> None:
        super().__init__(message)
        self.row = row


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


def unlocked_powers_at(layout: Layout, fields: Positions) -> tuple[str, ...]:
    """Power symbols whose two fields are both among the crossed ``fields``, in
    :data:`POWERS` order (RULES.md §2 Kräfte: "Crossing both fields of a symbol unlocks its
    power"; seed 003)."""
    marked: dict[str, list[bool]] = {}
    for row in layout.rows:
        crossed = fields.get(row.id, ())
        for i, f in enumerate(row.fields):
            if f.power is not None:
                marked.setdefault(f.power, []).append(i in crossed)
    return tuple(power for power in POWERS if power in marked and all(marked[power]))


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


def check_scorable(layout: Layout) -> None:
    """Refuse to score ``layout`` when a row repeats a number (``each_once: false``, RULES.md
    §3): a marks file names the numbers crossed, not the fields, so which of the two fields
    was crossed cannot be told, and scoring by number would be wrong.

    Raises :class:`RuleViolation` naming the row and the number.
    """
    for row in layout.rows:
        numbers = [f.number for f in row.fields]
        twice = next((n for n in numbers if numbers.count(n) > 1), None)
        if twice is not None:
            raise RuleViolation(
                f"the layout {layout.name} repeats {twice} in row {row.id} (each_once: false): "
                "a marks file names numbers, not fields, so it cannot be scored"
            )


def check_own(layout: Layout, slip: str | None, lucky: tuple[int, ...] | None) -> None:
    """A player's own values of a sheet (RULES.md §4): the ``slip`` named where the layout
    has slips (Connected Chain: the links differ), ``lucky`` numbers as the layout draws them
    (Longo: ``count`` different numbers in its range). Raises :class:`RuleViolation`."""
    if layout.slips and slip is None:
        names = ", ".join(s.name for s in layout.slips)
        raise RuleViolation(
            f"the layout {layout.name} has slips {names}: say which is this player's (slip: A)"
        )
    if lucky is None:
        return
    draw = layout.lucky_draw
    if draw is None:
        raise RuleViolation(f"the layout {layout.name} has no lucky numbers")
    wrong = [n for n in lucky if not draw.low <= n <= draw.high]
    if len(lucky) != draw.count or len(set(lucky)) != len(lucky) or wrong:
        raise RuleViolation(
            f"lucky numbers are {draw.count} different numbers from {draw.low} to {draw.high}, "
            f"got {', '.join(map(str, lucky))}"
        )


def diamond_positions(layout: Layout, names: Collection[str]) -> list[int]:
    """The 0-based positions of the X-Change diamonds written as printed (``8/5``). They
    score nothing (RULES.md §4); raises :class:`RuleViolation` for a diamond the sheet lacks
    or one given twice."""
    printed = {f"{a}/{b}": k for k, (a, b) in enumerate(layout.diamonds)}
    for name, count in Counter(names).items():
        if name not in printed:
            known = ", ".join(printed) or "none"
            raise RuleViolation(f"no diamond {name} on this sheet (diamonds: {known})")
        if count > 1:
            raise RuleViolation(f"the diamond {name} is given {count} times")
    return [printed[name] for name in names]


def check_diamonds(
    layout: Layout, names: Sequence[str], crosses: Mapping[str, Collection[int]]
) -> None:
    """Refuse crossed diamonds (written as printed, ``8/5``) that the crossed fields cannot
    account for: a diamond is crossed together with a field of one of its two numbers, in
    one move (RULES.md §4 X-Change, decision), so each crossed diamond needs a crossed field
    of its own (any row, ``crosses``: row id -> crossed numbers) showing one of them. Raises
    :class:`RuleViolation` naming a diamond left without one."""
    fields = [(row, n) for row, numbers in crosses.items() for n in numbers]
    taken: dict[int, int] = {}  # field -> the diamond it went with

    def place(d: int, seen: set[int]) -> bool:
        pair = layout.diamonds[d]
        for f, (_, number) in enumerate(fields):
            if number in pair and f not in seen:
                seen.add(f)
                if f not in taken or place(taken[f], seen):
                    taken[f] = d
                    return True
        return False

    for name, d in zip(names, diamond_positions(layout, names), strict=True):
        if not place(d, set()):
            a, b = layout.diamonds[d]
            raise RuleViolation(
                f"the diamond {name} is crossed, but no crossed {a} or {b} is left for it "
                "(a diamond is crossed with a field of its other number)"
            )


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
) -> SheetScore:
    """Score one filled-in sheet: ``crossed``, ``again`` (Nochmal small boxes) and ``bonus``
    (cells of the bonus rows by bonus row id, Big Points) map row ids to numbers; rows not
    named are empty. See :func:`score_positions`.

    Raises :class:`RowViolation` for an unknown row id, a number a row lacks or one given
    twice, and whatever :func:`score_positions` raises.
    """
    again, bonus = again or {}, bonus or {}
    _unknown_rows(layout, crossed, again, bonus)
    rows = {row.id: row for row in layout.rows}
    fields, boxes, cells = {}, {}, {}
    for row in layout.rows:
        try:
            fields[row.id] = field_positions(row, crossed.get(row.id, ()))
            boxes[row.id] = field_positions(row, again.get(row.id, ()), "small box")
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc)) from None
    for b in layout.bonus_rows:
        try:
            cells[b.id] = field_positions(rows[b.between[0]], bonus.get(b.id, ()), "bonus cells")
        except RuleViolation as exc:
            raise RowViolation(b.id, str(exc)) from None
    return score_positions(layout, fields, penalties, boxes, cells)


def _bonus_crosses(layout: Layout, fields: Positions, bonus: Positions) -> dict[str, int]:
    """Crosses each colour row gains from the bonus rows beside it (Big Points, RULES.md §4:
    a bonus cross counts for both neighbours). Raises :class:`RowViolation` for a bonus cell
    whose column neither neighbour has crossed."""
    gained: dict[str, int] = {}
    for b in layout.bonus_rows:
        cells = bonus.get(b.id, ())
        upper, lower = b.between
        numbers = next(r for r in layout.rows if r.id == upper).fields
        for c in cells:
            if c not in fields.get(upper, ()) and c not in fields.get(lower, ()):
                n = numbers[c].number
                raise RowViolation(
                    b.id, f"the bonus cell {n} needs the {n} crossed in {upper} or in {lower}"
                )
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
            raise RowViolation(
                row,
                f"the {n} is linked to {other} {m}, which is not crossed: "
                "crossing one end crosses the other",
            )


def framed_crossed(layout: Layout, fields: Positions) -> int:
    """How many fields of the framed group are crossed (Connected Steps, RULES.md §4)."""
    return sum(1 for row in layout.rows for i in fields.get(row.id, ()) if row.fields[i].framed)


def score_positions(
    layout: Layout,
    fields: Positions,
    penalties: int,
    again: Positions | None = None,
    bonus: Positions | None = None,
) -> SheetScore:
    """Score one sheet from the 0-based positions of its crossed ``fields``, small boxes
    (``again``) and bonus cells (``bonus``, by bonus row id: columns) per row id; rows not
    named are empty. Mixed sheets score per row (RULES.md §2); a bonus cross counts for both
    rows beside it, not toward their lock; the framed group scores with the score table on
    top of the rows (RULES.md §4). The play engine scores its sheets here too, so both
    count alike.

    Raises :class:`RowViolation` for a row :func:`score_fields` refuses, a bonus cell beside
    no crossed field, a link crossed at one end only, and :class:`RuleViolation` for more
    penalties than boxes or more than :data:`MAX_LOCKS_PER_SHEET` locks (RULES.md §1 End),
    unless the ``one-in-each`` power is unlocked: it crosses several rows at once and may
    lock more (RULES.md §1 exception).
    """
    again = again or {}
    gained = _bonus_crosses(layout, fields, bonus) if bonus and layout.bonus_rows else {}
    if layout.links:
        check_links(layout, fields)
    rows = {}
    for row in layout.rows:
        try:
            rows[row.id] = score_fields(
                layout, row, fields.get(row.id, ()), again.get(row.id, ()), gained.get(row.id, 0)
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


Lock = tuple[str, int]
"""A locked row as (its lock colour, its last field's number)."""


def _final_action_possible(locks: Mapping[str, list[Lock]], earlier: str | None) -> bool:
    """Whether every lock (by player; players who may lock freely left out) of a colour
    other than ``earlier`` can have been made in one final action (RULES.md §1 End): one row
    per player, and when several rows lock at once, a white-dice sum they all end in."""
    sums: set[int] = set()
    for player_locks in locks.values():
        final = [number for colour, number in player_locks if colour != earlier]
        if len(final) > 1:
            return False
        sums.update(final)
    return len(sums) <= 1


def check_game_end(layout: Layout, sheets: Mapping[str, SheetScore]) -> None:
    """Refuse a game (``sheets`` by player name) that cannot have ended as its sheets say.

    The game ends at once when a 2nd colour is locked or a player crosses their last
    penalty box (RULES.md §1 End; seeds 001, 003). So with a full penalty row at most one
    colour is locked; and with two or more, all colours but at most one (locked earlier) close
    in one final action: one row per player, and several rows only with one white-dice sum
    that ends them all, e.g. 12 for red and yellow on classic (seed 001). A lock takes its
    last field's colour (mixed sheets). The Kräfte exception: a player with ``one-in-each``
    unlocked may lock several rows at that moment.

    Raises :class:`RuleViolation` naming each locked colour and who locked it.
    """
    lock_of = {row.id: (row.lock_colour, row.fields[-1].number) for row in layout.rows}
    by_colour: dict[str, list[str]] = {}
    for player, sheet in sheets.items():
        for row in sheet.locked:
            by_colour.setdefault(lock_of[row][0], []).append(player)
    if len(by_colour) < 2:
        return
    who = ", ".join(f"{c} ({', '.join(names)})" for c, names in by_colour.items())
    full = [p for p, s in sheets.items() if s.penalties == layout.penalty_boxes]
    if full:
        raise RuleViolation(
            f"{full[0]} crossed the last penalty box, which ends the game at once, but "
            f"{len(by_colour)} colours are locked: {who}; the game ends at whichever comes first"
        )
    bound = {  # a player with one-in-each may have locked several rows at that moment
        player: [lock_of[row] for row in sheet.locked]
        for player, sheet in sheets.items()
        if all(e.power != "one-in-each" for e in sheet.powers)
    }
    if not any(_final_action_possible(bound, e) for e in (None, *by_colour)):
        raise RuleViolation(
            f"{len(by_colour)} colours are locked: {who}; the game ends at the second locked "
            "colour, so all but one close in one action: one row per player, and several rows "
            "only with one white-dice sum that ends them all"
        )


def ranking(totals: Mapping[str, int]) -> list[tuple[int, str, int]]:
    """(place, player, total) from highest to lowest total; equal totals share a place and
    the next place skips (1, 1, 3). The highest total wins (RULES.md §1; seeds 000, 001);
    no tie-break is given, so ties stay ties (decision)."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    return [(1 + sum(t > total for t in totals.values()), name, total) for name, total in ordered]
