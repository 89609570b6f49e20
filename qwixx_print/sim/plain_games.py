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
from qwixx_print.sim.plain_choices import Build, _best, _choice
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
    t: PlainTables,
    f: Facts,
    p: int,
    r: int,
    j: int,
    double: bool,
    pos: Ints,
    have: Ints,
    crossed: Ints,
    seats: Ints,
) -> int:
    """Seat ``p`` crosses field ``j`` of row ``r`` (a double counts 2 when the layout has
    doubles, ``double``); a lock field counts the lock's cross too and closes its colour on
    the seat's sheet at once: the colour's bit (to close at the table at the action's end),
    else 0."""
    at = p * f[6]
    crossed[at + r] |= 1 << j
    pos[at + r] = j
    if j == (f[3] >> (8 * r)) & 255:
        have[at + r] += 2
        bit = 1 << ((f[4] >> (4 * r)) & 15)
        seats[2 * p + 1] |= bit
        return bit
    have[at + r] += t.held[r, j] if double else 1
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


ANY_BUILD: Build = (True, True, True)
"""The :data:`~qwixx_print.sim.plain_choices.Build` of :func:`play_plain_games`: all code."""
CLASSIC: Build = (True, False, False)
"""Of :func:`play_classic_games`: the strong bot's code, neither doubles nor mixed colours."""
CLASSIC_GAP: Build = (False, False, False)
"""Of :func:`play_classic_gap_games`: gap bots only."""
DOUBLES: Build = (True, True, False)
"""Of :func:`play_doubles_games`."""
MIXED: Build = (True, False, True)
"""Of :func:`play_mixed_games`."""


@_compiled
def play_plain_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`qwixx_print.sim.kernel.play_games` for a plain layout: games ``first .. first +
    len(out.rolls) - 1`` of the run seeded ``seed``, one strategy per seat (any build: with
    doubles and mixed colours)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], t.lock.shape[0])
    _games(t, _facts(t), pos, have, crossed, seats, strategies, seed, first, out, ANY_BUILD)


@_compiled
def play_classic_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_plain_games` for a plain layout of classic's build, 4 rows and 4 coloured
    dice, rows of one colour, no doubles (:func:`qwixx_print.sim.plain.build`), compiled with
    those counts as constants: its loops unrolled, as the C loop's are (1.2 times as fast)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    _games(t, _facts4(t), pos, have, crossed, seats, strategies, seed, first, out, CLASSIC)


@_compiled
def play_classic_gap_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games
) -> None:
    """:func:`play_classic_games` when every seat plays a gap bot: without the strong bot's
    code, which halves the compile (the first ``simulate classic`` compiles this alone)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    _games(t, _facts4(t), pos, have, crossed, seats, strategies, seed, first, out, CLASSIC_GAP)


@_compiled
def play_doubles_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_classic_games` for a layout of classic's build with doubles (Doppelt)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    _games(t, _facts4(t), pos, have, crossed, seats, strategies, seed, first, out, DOUBLES)


@_compiled
def play_mixed_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_classic_games` for a layout of classic's build with rows of mixed colours
    (Farbblöcke, Regenbogen, Wirrwarr)."""
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    _games(t, _facts4(t), pos, have, crossed, seats, strategies, seed, first, out, MIXED)


@_fast
def _facts4(t: PlainTables) -> Facts:
    """:func:`~qwixx_print.sim.plain._facts` with 4 rows and 4 coloured dice as constants
    (the loops that walk them unrolled)."""
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
    built: Build,
) -> None:
    """The loop of the plain kernel's entry points (``f``: :func:`_facts`, some of them
    constants; no reference counting: see ``state._fast``): games ``first ..``, one strategy
    per seat in ``strategies``; ``built``: the strong bot's code (without it every seat plays
    a gap bot), doubles, mixed colours (:data:`~qwixx_print.sim.plain_choices.Build`).
    ``seats``: per seat its penalties (``2p``) and the colours it locked (``2p + 1``)."""
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
                strong = built[0] and strategy == STRONG
                key, v, br, bj = _best(t, f, w, pos, have, at, closed, 0, dice, strong, True, built)
                skips = (key >> 14) - 1
                verdict = _white_verdict(strong, br, v, skips, strategy, take, p == active)
                if verdict == ASK:
                    best = _best(t, f, w, pos, have, at, closed, table, dice, strong, False, built)
                    cv, cr, cj = _choice(best, strong)
                    known = True
                if _white_choice(verdict, strong, v, cv, cr, strategy, take, relief):
                    r, j = br, bj
                if r >= 0:
                    bit = _cross(t, f, p, r, j, built[1], pos, have, crossed, seats)
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
            strong = built[0] and strategy == STRONG
            if moved or not known or table != before:
                best = _best(t, f, w, pos, have, at, closed, table, dice, strong, False, built)
                cv, cr, cj = _choice(best, strong)
            if _colour_taken(strong, moved, cv, cr, strategy, take, relief):
                bit = _cross(t, f, active, cr, cj, built[1], pos, have, crossed, seats)
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
