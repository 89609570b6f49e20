"""The Kräfte powers (RULES.md §2 Kräfte; seed 003): the symbols, their fields, which a
sheet unlocked and what they add at the end. No drawing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from qwixx_print.layout import Layout
from qwixx_print.rules.primitives import Positions, RowScore

POWERS: Mapping[str, str] = {
    "two-in-weakest": "two crosses in your weakest row (the next free fields)",
    "one-in-each": "one cross in each row (the next free field)",
    "weakest-double": "your weakest row scores double at the end",
    "plus-13": "+13 points at the end",
    "no-penalties": "your penalties score 0 at the end",
}
"""The five Kräfte powers by symbol id, in RULES.md order (RULES.md §2 Kräfte; seed 003)."""

CROSSING_POWERS = ("two-in-weakest", "one-in-each")
"""Powers whose effect is crosses made during the game: on a filled-in sheet they are already
among the crossed fields and add nothing at the end (RULES.md §2 Kräfte)."""

PLUS_POINTS = 13
"""Points the ``plus-13`` power adds at the end (RULES.md §2 Kräfte; seed 003)."""


class PowerEffect(NamedTuple):
    """An unlocked Kräfte power on a scored sheet: its symbol id, the row it acts on (the
    weakest row for ``weakest-double``, else ``None``) and the points it adds at the end."""

    power: str
    row: str | None
    points: int


def power_fields(layout: Layout) -> dict[str, tuple[tuple[int, int], ...]]:
    """Power symbol -> its fields as (row place, 0-based index), in reading order (Kräfte,
    RULES.md §2: a symbol's two fields). Scoring, validation, the sheet's legend
    (``geometry.powers``) and ``Compiled.power_fields`` read it."""
    found: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(layout.rows):
        for i, f in enumerate(row.fields):
            if f.power is not None:
                found.setdefault(f.power, []).append((r, i))
    return {power: tuple(places) for power, places in found.items()}


def unlocked_powers(layout: Layout, crossed: Mapping[str, Collection[int]]) -> tuple[str, ...]:
    """Power symbols whose two fields are both crossed, ``crossed`` mapping row ids to
    numbers (see :func:`unlocked_powers_at`)."""
    return unlocked_powers_at(layout, _positions(layout, crossed))


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
