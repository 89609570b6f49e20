"""The plain kernel's game loop and entry points (issue 24, :mod:`qwixx_print.sim.plain`):
a cross, a game's compact state, whole games from the dice to the scores.

The state is per seat and row the last cross, the counted crosses and a bit mask of the
crossed fields in three flat arrays (:func:`_arrays`), per seat its penalties and own locks,
the closed colours of the table in local bit masks, the dice in local variables. The active
seat's white + colour options are evaluated once a turn and reused for the penalty relief and
action 2 when nothing changed in between (as the lean kernel does).
"""

from __future__ import annotations

import numpy as np

from qwixx_print.sim import tables
from qwixx_print.sim.lean import ASK, _colour_taken, _white_choice, _white_verdict
from qwixx_print.sim.plain import Facts, PlainTables, _facts
from qwixx_print.sim.plain_choices import _best, _choice
from qwixx_print.sim.state import (
    END_LOCKS,
    END_PENALTIES,
    GAMMA,
    MIX_1,
    MIX_2,
    S27,
    S30,
    S31,
    SEED_MULTIPLIER,
    _bits,
    _compiled,
    _fast,
)
from qwixx_print.sim.strategy import STRONG
from qwixx_print.sim.tables import Games, Ints


@_fast
def _cross(
    f: Facts, pos: Ints, have: Ints, crossed: Ints, seats: Ints, p: int, at: int, r: int, j: int
) -> int:
    """Seat ``p`` (its rows at ``at``) crosses field ``j`` of row ``r``; a lock field counts
    the lock's cross too and closes its colour on the seat's sheet at once: the colour's bit
    (to close at the table at the action's end), else 0."""
    crossed[at + r] |= 1 << j
    pos[at + r] = j
    if j == (f[3] >> (8 * r)) & 255:
        have[at + r] += 2
        bit = 1 << ((f[4] >> (4 * r)) & 15)
        seats[2 * p + 1] |= bit
        return bit
    have[at + r] += 1
    return 0


@_compiled
def _arrays(players: int, rows: int) -> tuple[Ints, Ints, Ints, Ints]:
    """A game's state (:func:`_games`): ``pos``, ``have``, ``crossed`` (P x R) and ``seats``
    (2 P)."""
    size = players * rows
    return (
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(2 * players, dtype=np.int64),
    )


@_compiled
def play_plain_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`qwixx_print.sim.kernel.play_games` for a plain layout: games ``first .. first +
    len(out.rolls) - 1`` of the run seeded ``seed``, one strategy per seat."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], t.lock.shape[0])
    _games(t, _facts(t), pos, have, crossed, seats, strategies, seed, first, out, True)


@_compiled
def play_classic_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_plain_games` for a plain layout of classic's build, 4 rows and 4 coloured
    dice (:func:`qwixx_print.sim.plain.classic_build`), compiled with those counts as
    constants: its loops unrolled, as the C loop's are (1.2 times as fast)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    f = _classic_facts(t)
    _games(t, f, pos, have, crossed, seats, strategies, seed, first, out, True)


@_compiled
def play_classic_gap_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games
) -> None:
    """:func:`play_classic_games` when every seat plays a gap bot: without the strong bot's
    code, which halves the compile (the first ``simulate classic`` compiles this alone)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    f = _classic_facts(t)
    _games(t, f, pos, have, crossed, seats, strategies, seed, first, out, False)


@_fast
def _classic_facts(t: PlainTables) -> Facts:
    """The :data:`~qwixx_print.sim.plain.Facts` of ``t`` with 4 rows and 4 coloured dice as
    constants (the loops that walk them unrolled)."""
    f = _facts(t)
    return f[0], f[1], f[2], f[3], f[4], 4, 4


@_fast
def _games(
    t: PlainTables,
    f: Facts,
    pos: Ints,
    have: Ints,
    crossed: Ints,
    seats: Ints,
    strategies: Ints,
    seed: int,
    first: int,
    out: Games,
    strong_bot: bool,
) -> None:
    """The loop of the plain kernel's entry points (``f``: :func:`_facts`, some of them
    constants; no reference counting: see ``state._fast``): games ``first ..``, one strategy
    per seat in ``strategies``; ``strong_bot`` False: every seat plays a gap bot (the strong
    bot's code left out). ``seats``: per seat its penalties (``2p``) and the colours it
    locked (``2p + 1``)."""
    players, rows = strategies.shape[0], f[6]
    boxes, end_at = t.rules[tables.PENALTY_BOXES], t.rules[tables.END_AT]
    weight = t.weights
    take, relief = weight[tables.TAKE_ABOVE], -weight[tables.PENALTY_RELIEF]
    w = (
        weight[tables.SKIP_WEIGHT],
        weight[tables.SKIP_BASE],
        weight[tables.LOCK_LOST],
        weight[tables.LOCK_VALUE],
    )
    eight = f[2] == 8
    for g in range(out.rolls.shape[0]):
        pos[:] = -1
        have[:] = 0
        crossed[:] = 0
        seats[:] = 0
        table, closing, locked = 0, 0, 0
        z0 = np.uint64(seed) * SEED_MULTIPLIER + np.uint64(first + g)
        active, count, end = 0, 0, -1
        while end < 0:
            roll = 0
            for d in range(2 + f[5]):  # splitmix64 (qwixx_print.sim.dice), 6 or 8 faces
                z0 += GAMMA
                z = z0
                z = (z ^ (z >> S30)) * MIX_1
                z = (z ^ (z >> S27)) * MIX_2
                z = z ^ (z >> S31)
                roll |= (1 + int(z % np.uint64(8) if eight else z % np.uint64(6))) << (4 * d)
            dice = (roll & 15, (roll >> 4) & 15, roll >> 8)
            moved = False
            count += 1
            known = False  # the active seat's white + colour options, evaluated
            cv, cr, cj = 0.0, -1, -2
            for p in range(players):
                at = p * rows
                closed = table | seats[2 * p + 1]
                strategy = strategies[p]
                r, j = -1, -2
                strong = strong_bot and strategy == STRONG
                key, v, br, bj = _best(t, f, w, pos, have, at, closed, 0, dice, strong, True)
                skips = (key >> 14) - 1
                verdict = _white_verdict(strong, br, v, skips, strategy, take, p == active)
                if verdict == ASK:
                    best = _best(t, f, w, pos, have, at, closed, table, dice, strong, False)
                    cv, cr, cj = _choice(best, strong)
                    known = True
                if _white_choice(verdict, strong, v, cv, cr, strategy, take, relief):
                    r, j = br, bj
                if r >= 0:
                    bit = _cross(f, pos, have, crossed, seats, p, at, r, j)
                    if bit:
                        closing |= bit
                        locked |= 1 << r
                    if p == active:
                        moved = True
            before = table
            table |= closing
            closing = 0
            if _bits(table) >= end_at:
                end = END_LOCKS
                break
            at = active * rows
            closed = table | seats[2 * active + 1]
            strategy = strategies[active]
            strong = strong_bot and strategy == STRONG
            if moved or not known or table != before:
                best = _best(t, f, w, pos, have, at, closed, table, dice, strong, False)
                cv, cr, cj = _choice(best, strong)
            if _colour_taken(strong, moved, cv, cr, strategy, take, relief):
                bit = _cross(f, pos, have, crossed, seats, active, at, cr, cj)
                if bit:
                    table |= bit
                    locked |= 1 << cr
            elif not moved:
                seats[2 * active] += 1
            if _bits(table) >= end_at:
                end = END_LOCKS
            elif seats[2 * active] >= boxes:
                end = END_PENALTIES
            active = (active + 1) % players
        top = t.points.shape[0] - 1
        for p in range(players):
            total, framed = 0, 0
            for r in range(rows):
                total += t.points[min(have[p * rows + r], top)]
                framed += _bits(crossed[p * rows + r] & t.framed[r])
                out.crossed[g, p, r] = crossed[p * rows + r]
            total += t.points[min(framed, top)]
            out.scores[g, p] = total - seats[2 * p] * t.rules[tables.PENALTY_POINTS]
            out.penalties[g, p] = seats[2 * p]
        out.rolls[g] = count
        out.ends[g] = end
        out.locked[g] = locked
