"""The end of a game and its winner: whether the scored sheets of one game can have ended as
they say (RULES.md §1 End), and the ranking (RULES.md §1). No drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout

if TYPE_CHECKING:  # the scores are read, not made, here: score.py imports this module
    from qwixx_print.rules.score import SheetScore

END_LOCKS = 2
"""RULES.md §1 End: the game ends at once when the 2nd colour is locked (seeds 000, 001,
003). The one place of this number: only :func:`end_at` reads it; the check of a game's end,
the most locks a sheet holds (``rules.score_crosses``), the play engine and the kernel read
:func:`end_at`."""

ORDINALS = {1: "first", 2: "second"}
"""The words of :func:`end_at`'s values in the refusals ("the game ends at the second
locked colour")."""

Lock = tuple[str, int]
"""A locked row as (its lock colour, its last field's number)."""


def end_at(layout: Layout) -> int:
    """How many closed colours end a game of ``layout``: :data:`END_LOCKS`, or all of its
    lock colours when it has fewer (RULES.md §1 End; §6 "The end with few colours": a
    one-colour sheet ends at its one lock). The play engine and the kernel read it
    (``Compiled.end_at``)."""
    return min(END_LOCKS, len({row.lock_colour for row in layout.rows}))


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

    The game ends at once when the locked colours reach :func:`end_at` (the 2nd; on a sheet
    of one lock colour its 1st, RULES.md §6) or a player crosses their last penalty box
    (RULES.md §1 End; seeds 001, 003). So with a full penalty row fewer colours are locked;
    and with that many or more, all colours but those locked earlier (at most one; none on a
    one-colour sheet) close in one final action: one row per player, and several rows only
    with one white-dice sum that ends them all, e.g. 12 for red and yellow on classic (seed
    001). A lock takes its last field's colour (mixed sheets). The Kräfte exception: a player
    with ``one-in-each`` unlocked may lock several rows at that moment.

    Raises :class:`RuleViolation` naming each locked colour and who locked it.
    """
    lock_of = {row.id: (row.lock_colour, row.fields[-1].number) for row in layout.rows}
    by_colour: dict[str, list[str]] = {}
    for player, sheet in sheets.items():
        for row in sheet.locked:
            by_colour.setdefault(lock_of[row][0], []).append(player)
    ends = end_at(layout)
    if len(by_colour) < ends:
        return
    who = ", ".join(f"{c} ({', '.join(names)})" for c, names in by_colour.items())
    locked = f"{len(by_colour)} colour{'s are' if len(by_colour) > 1 else ' is'} locked: {who}"
    full = [p for p, s in sheets.items() if s.penalties == layout.penalty_boxes]
    if full:
        raise RuleViolation(
            f"{full[0]} crossed the last penalty box, which ends the game at once, but "
            f"{locked}; the game ends at whichever comes first"
        )
    bound = {  # a player with one-in-each may have locked several rows at that moment
        player: [lock_of[row] for row in sheet.locked]
        for player, sheet in sheets.items()
        if all(e.power != "one-in-each" for e in sheet.powers)
    }
    earlier = (None, *by_colour) if ends > 1 else (None,)  # a colour closed before the end
    if not any(_final_action_possible(bound, e) for e in earlier):
        but = "all but one close" if ends > 1 else "all close"
        raise RuleViolation(
            f"{locked}; the game ends at the {ORDINALS[ends]} locked colour, so {but} in one "
            "action: one row per player, and several rows only with one white-dice sum that "
            "ends them all"
        )


def ranking(totals: Mapping[str, int]) -> list[tuple[int, str, int]]:
    """(place, player, total) from highest to lowest total; equal totals share a place and
    the next place skips (1, 1, 3). The highest total wins (RULES.md §1; seeds 000, 001);
    no tie-break is given, so ties stay ties (decision)."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    return [(1 + sum(t > total for t in totals.values()), name, total) for name, total in ordered]
