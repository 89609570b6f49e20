"""Layout validation: the invariants of RULES.md §3 and RULES-more.md §4 that every layout
must keep before it is printed, played or simulated. Each broken invariant is one
:class:`Problem` at its place in the layout file. No drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import NamedTuple

from qwixx_print.doc import Place
from qwixx_print.errors import counted
from qwixx_print.layout import Field, Layout, Link, Row
from qwixx_print.rules.powers import POWERS, power_fields
from qwixx_print.rules.primitives import (
    faces,
    max_before_lock,
    max_counted,
    row_places,
    score_table,
)
from qwixx_print.rules.variants import framed_fields


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
    :func:`_diamonds`); RULES-more.md §7's value track (:func:`_value_track`) and link
    squares (:func:`_squares`): each check one function, listed once in :data:`ROW_CHECKS`
    (per row) or :data:`CHECKS` (a new mechanic's invariants are one more entry). Each broken
    invariant is its own :class:`Problem`.
    """
    problems: list[Problem] = []
    for i, row in enumerate(layout.rows):
        for row_check in ROW_CHECKS:
            problems += row_check(layout, row, ("rows", i))
    for check in CHECKS:
        problems += check(layout)
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
    targets = bar_rows(layout)
    for k, colour in enumerate(layout.bonus_bar):
        if colour in layout.dice and colour not in targets:
            problems.append(
                Problem(
                    ("bonus_bar", k),
                    f"no row is all {colour}: a bonus bar field needs a row of its colour",
                )
            )
    return problems


def bar_rows(layout: Layout) -> dict[str, int]:
    """Colour -> the place of the row a bonus bar field of that colour crosses: the first
    one-colour row of that colour from the top (Bonuskette, RULES.md §2; §6 decides the first
    when two rows share a colour). A colour without a one-colour row has none: a bar field of
    it is refused here. The engine and the kernel read it (``Compiled.bar_row``)."""
    found: dict[str, int] = {}
    for r, row in enumerate(layout.rows):
        if row.colour is not None:
            found.setdefault(row.colour, r)
    return found


def _powers(layout: Layout) -> list[Problem]:
    where: dict[str, list[Place]] = {
        symbol: [("rows", i, "fields", j, "power") for i, j in places]
        for symbol, places in power_fields(layout).items()
    }
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
    each other, its cell c equals both neighbours' column c, its id is its own; one bonus
    row to a pair of rows (a second between the same rows would stand beside the first,
    not beside both of its rows, and count the pair's crosses twice; RULES.md §6)."""
    index = row_places(layout)
    problems = []
    seen = set(index)
    taken: dict[tuple[str, str], str] = {}
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
        if bonus.between in taken:
            problems.append(
                Problem(
                    (*place, "between"),
                    f"the bonus row '{taken[bonus.between]}' lies between '{upper}' and "
                    f"'{lower}' already: one bonus row fits between two rows",
                )
            )
            continue
        taken[bonus.between] = bonus.id
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
    index = row_places(layout)
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
    for (r0, i0), (r1, i1) in pairwise(framed_fields(layout)):
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


def _value_track(layout: Layout) -> list[Problem]:
    """Lucky 15 (RULES-more.md §7): a value track's values rise left to right; its trigger is
    a total the declared dice can throw (each die 1 to the faces, the highest sum halved),
    with at least one die; its colour, when it takes a coloured die, is not needed: any
    open colour's die counts."""
    track = layout.value_track
    if track is None:
        return []
    problems = []
    for k in range(1, len(track.values)):
        if track.values[k] <= track.values[k - 1]:
            problems.append(
                Problem(
                    ("value_track", "values", k),
                    f"a value track's values rise left to right: {track.values[k]} follows "
                    f"{track.values[k - 1]}",
                )
            )
    dice = track.white + track.coloured
    most = faces(layout)
    if dice == 0:
        problems.append(
            Problem(
                ("value_track", "trigger"), "a trigger sums at least one die: set white or coloured"
            )
        )
    elif not dice <= track.total <= dice * most:
        what = " and ".join(
            part
            for part in (
                f"{track.white} white" if track.white else "",
                f"{track.coloured} coloured" if track.coloured else "",
            )
            if part
        )
        problems.append(
            Problem(
                ("value_track", "trigger", "total"),
                f"the trigger's total is a sum its dice can throw: {what} "
                f"{'die' if dice == 1 else 'dice'} of {most} faces throw {dice} to "
                f"{dice * most}, not {track.total}",
            )
        )
    return problems


def _squares(layout: Layout) -> list[Problem]:
    """Connect 15 (RULES.md §7 Invariants): link squares stand between two fields of their
    row, none after the last field (none after a lock field: RULES.md §6); at most one
    between two neighbours; their trigger is two faces the declared dice have; and (RULES.md
    §6) none on a row with small boxes."""
    problems = []
    for r, row in enumerate(layout.rows):
        seen: set[int] = set()
        start = layout.lock_start(row)
        if row.squares and row.again:
            problems.append(
                Problem(
                    ("rows", r, "squares"),
                    "a row with small boxes (again) has no link squares: a small box goes "
                    "under the most recent cross, which a square would make unclear",
                )
            )
        for k, (left, right) in enumerate(row.squares):
            place: Place = ("rows", r, "squares", k)
            a, b = row.fields[left].number, row.fields[right].number
            if left >= start:
                problems.append(Problem(place, f"no link square after {a}: it locks the row"))
            elif right != left + 1:
                problems.append(
                    Problem(
                        place,
                        "a link square stands between two neighbouring fields of its row, "
                        f"left to right: {a} and {b} are not",
                    )
                )
            elif left in seen:
                problems.append(
                    Problem(
                        place, f"at most one link square between {a} and {b}: it is there twice"
                    )
                )
            seen.add(left)
    most = faces(layout)
    if any(row.squares for row in layout.rows):
        for k, face in enumerate(layout.square_faces):
            if face > most:
                problems.append(
                    Problem(
                        ("square_trigger", "faces", k),
                        f"a link square's trigger is two faces the dice have (1 to {most}), "
                        f"not {face}",
                    )
                )
    return problems


ROW_CHECKS = (_row_numbers, _row_lock, _row_marks)
"""The invariants of one row (RULES.md §3), in the order :func:`validate` reports them."""

CHECKS = (
    _unique_row_ids,
    _table,
    _colours,
    _bonus,
    _powers,
    _bonus_rows,
    _links,
    _framed,
    _diamonds,
    _value_track,
    _squares,
)
"""The invariants of the whole layout, one function each (RULES.md §3; RULES-more.md §4,
§7), in the order :func:`validate` reports them, after the rows'."""
