"""The plain kernel: whole games of a layout built as classic is (issue 24), the same games as
:mod:`qwixx_print.sim.lean` and :mod:`qwixx_print.sim.kernel`, at the speed of the C
reference loop (``benchmarks/gap2.c``; docs/performance.md).

A layout is *plain* (:func:`plain`) when it fits the lean kernel (:func:`qwixx_print.sim.lean.fits`)
and besides every row is of one colour, the colour its lock closes, holds each number at
most once and has one lock field, its last, and no field counts twice: classic and any sheet
of its build with other numbers, orders, colours of rows, scores and rules. Then a die sum
has one field per row (:attr:`PlainTables.field`), and a decision is arithmetic on a few
integers: per seat and row the last cross, the counted crosses and a bit mask of the crossed
fields in three flat arrays, the closed colours of the table in three local bit masks, the
dice in local variables. A gap option is one integer (:func:`_key`: skips, crosses, row)
and the strong bot's value two prefix sums; the active seat's white + colour options are
evaluated once a turn and reused for the penalty relief and action 2 when nothing changed in
between (as the lean kernel does).

The rules and bots are the general kernel's (RULES.md §1-§3, docs/simulate.md), restricted
to these layouts; ``tests/sim/test_sim_kernel.py`` proves this kernel equal to the play
engine, the lean and the general kernel, and ``benchmarks/c_loop.py`` to the C loop.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from qwixx_print.sim.lean import LeanTables, _better
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
from qwixx_print.sim.tables import (
    DICE,
    END_AT,
    FACES,
    LOCK_LOST,
    LOCK_VALUE,
    PENALTY_BOXES,
    PENALTY_POINTS,
    PENALTY_RELIEF,
    SKIP_BASE,
    SKIP_WEIGHT,
    TAKE_ABOVE,
    THRESHOLD,
    Floats,
    Games,
    Ints,
    KernelTables,
)

SPAN = 1 << 14
"""A gap key (:func:`_key`) is ``(skips + 1) * SPAN + (127 - crosses) * 128 + row``: smaller
is better (fewest skips, a lock -1; then more crosses; then the upper row)."""
NO_KEY = 1 << 40
"""The key of no option."""


class PlainTables(NamedTuple):
    """A plain layout's arrays (R rows, W fields in the longest, N sums 0 .. 2 x faces, C
    dice). ``field`` (R x N, flat): the field of sum ``n`` in row ``r`` at ``r * N + n``, or
    -1; ``lock`` (R,): each row's lock field; ``colour_rows`` (C, R), ``lock_colour`` (R,),
    ``points``, ``framed``, ``rules``, ``weights``: the kernel tables'; ``skipped``,
    ``reach`` (R, W + 1): the strong bot's prefix sums
    (:class:`qwixx_print.sim.lean.LeanTables`)."""

    field: Ints
    lock: Ints
    colour_rows: Ints
    lock_colour: Ints
    points: Ints
    framed: Ints
    skipped: Ints
    reach: Ints
    rules: Ints
    weights: Floats


def plain(t: KernelTables) -> bool:
    """Whether the plain kernel plays the (lean-fitting) layout of ``t``: every row of one
    colour, its lock's; each number at most once in a row; one lock field, the row's last;
    no doubles; 6- or 8-sided dice."""
    for r in range(t.fields.shape[0]):
        n = int(t.fields[r])
        numbers = t.number[r, :n]
        if (
            (t.colour[r, :n] != t.lock_colour[r]).any()
            or len(set(numbers.tolist())) != n
            or t.lock_start[r] != n - 1
            or t.double[r, :n].any()
        ):
            return False
    small = t.fields.shape[0] <= 8 and t.rules[DICE] <= 13 and t.fields.max() < 128
    return small and int(t.rules[FACES]) in (6, 8)


def classic_build(t: KernelTables) -> bool:
    """Whether the plain layout of ``t`` has classic's counts, 4 rows and 4 coloured dice
    (:func:`play_classic_games` plays it)."""
    return t.fields.shape[0] == 4 and int(t.rules[DICE]) == 4


def plain_tables(t: KernelTables, lean: LeanTables) -> PlainTables:
    """The plain kernel's view of the (plain) tables ``t``; ``lean``: their lean view (its
    prefix sums)."""
    rows = t.fields.shape[0]
    sums = 2 * int(t.rules[FACES]) + 1
    field = np.full((rows, sums), -1, dtype=np.int64)
    for r in range(rows):
        for j in range(int(t.fields[r])):
            if t.number[r, j] < sums:
                field[r, t.number[r, j]] = j
    return PlainTables(
        field=field.ravel(),
        lock=t.lock_start.copy(),
        colour_rows=t.colour_rows,
        lock_colour=t.lock_colour,
        points=t.points,
        framed=t.framed,
        skipped=lean.skipped,
        reach=lean.reach,
        rules=t.rules,
        weights=t.weights,
    )


@_fast
def _key(skips: int, have: int, r: int) -> int:
    """A gap option as one integer (:data:`SPAN`)."""
    return (skips + 1) * SPAN + (127 - have) * 128 + r


Facts = tuple[int, int, int, int, int, int, int]
"""A plain layout's facts the loop keeps in registers (:func:`_facts`): the stride of a row
in :attr:`PlainTables.field`, the lock threshold, the faces of a die, each row's lock field
(8 bits a row), its lock colour (4 bits a row), the number of coloured dice, of rows."""


Weights = tuple[float, float, float, float]
"""The strong bot's weights the loop keeps in registers: skip weight, skip base, lock lost,
lock value (:data:`qwixx_print.sim.tables.WEIGHTS`)."""
Dice = tuple[int, int, int]
"""A roll: the two white dice and the coloured dice, 4 bits each (die ``c`` at ``4c``)."""


@_fast
def _facts(t: PlainTables) -> Facts:
    """The :data:`Facts` of ``t`` (at most 8 rows, 16 dice)."""
    locks, colours = 0, 0
    for r in range(t.lock.shape[0]):
        locks |= t.lock[r] << (8 * r)
        colours |= t.lock_colour[r] << (4 * r)
    faces = t.rules[FACES]
    rows = t.lock.shape[0]
    return 2 * faces + 1, t.rules[THRESHOLD], faces, locks, colours, t.rules[DICE], rows


@_fast
def _option(
    t: PlainTables, f: Facts, pos: Ints, have: Ints, at: int, r: int, total: int
) -> tuple[int, int]:
    """Row ``r``'s option for sum ``total`` of the seat whose rows start at ``at`` in ``pos``
    and ``have`` (the row open): ``(skips, field)``; skips -1: the lock field, -2: none."""
    j = t.field[r * f[0] + total]
    if j < 0:
        return -2, -1
    if j == (f[3] >> (8 * r)) & 255:
        if have[at + r] >= f[1]:
            return -1, j
        return -2, -1
    q = pos[at + r]
    if j > q:
        return j - q - 1, j
    return -2, -1


@_fast
def _gap_white(
    t: PlainTables, f: Facts, pos: Ints, have: Ints, at: int, closed: int, total: int
) -> tuple[int, int, int]:
    """The gap-k choice of the white sum ``total`` (``closed``: the colours closed on the
    seat's sheet): ``(key, row, field)``."""
    best, br, bj = NO_KEY, -1, -2
    for r in range(f[6]):
        if (closed >> ((f[4] >> (4 * r)) & 15)) & 1:
            continue
        skips, j = _option(t, f, pos, have, at, r, total)
        if skips > -2:
            key = _key(skips, have[at + r], r)
            if key < best:
                best, br, bj = key, r, j
    return best, br, bj


@_fast
def _gap_colour(
    t: PlainTables, f: Facts, pos: Ints, have: Ints, at: int, closed: int, table: int, dice: Dice
) -> tuple[int, int, int]:
    """The gap-k choice among the white + colour sums (``table``: the colours closed at the
    table; ``roll``: the dice): ``(key, row, field)``."""
    best, br, bj = NO_KEY, -1, -2
    for c in range(f[5]):
        if (table >> c) & 1:
            continue
        for k in range(t.colour_rows.shape[1]):
            r = t.colour_rows[c, k]
            if r < 0:
                break
            if (closed >> c) & 1:
                continue
            colour = (dice[2] >> (4 * c)) & 15
            for white in range(2):
                skips, j = _option(t, f, pos, have, at, r, dice[white] + colour)
                if skips > -2:
                    key = _key(skips, have[at + r], r)
                    if key < best or (key == best and j < bj):
                        best, br, bj = key, r, j
    return best, br, bj


@_fast
def _value(
    t: PlainTables, f: Facts, w: Weights, pos: Ints, have: Ints, at: int, r: int, skips: int, j: int
) -> float:
    """The strong bot's value of the option ``(skips, j)`` of row ``r``
    (:func:`qwixx_print.sim.lean._value`, the same operations in the same order; a lock
    field: its fixed value); ``w``: the weights in registers (:data:`Weights`: read from
    memory after every cross, they cost a quarter of the strong bot's time)."""
    if skips < 0:
        return w[3]
    n, q = have[at + r], pos[at + r]
    top = t.points.shape[0] - 1
    gain = t.points[min(n + 1, top)] - t.points[min(n, top)]
    skipped = t.skipped[r, j] - t.skipped[r, q + 1]
    thresh = f[1]
    reach = n + 1 + t.reach[r, (f[3] >> (8 * r)) & 255] - t.reach[r, j + 1]
    lost_lock = 1 if n + 1 < thresh and reach < thresh else 0
    cost = w[0] * (n + w[1]) * skipped / f[2] + w[2] * lost_lock
    return float(gain - cost)


@_fast
def _strong_white(
    t: PlainTables, f: Facts, w: Weights, pos: Ints, have: Ints, at: int, closed: int, total: int
) -> tuple[float, int, int]:
    """The strong bot's best cross of the white sum: ``(value, row, field)``, row -1: none."""
    best, br, bj = -1e300, -1, -2
    for r in range(f[6]):
        if (closed >> ((f[4] >> (4 * r)) & 15)) & 1:
            continue
        skips, j = _option(t, f, pos, have, at, r, total)
        if skips > -2:
            v = _value(t, f, w, pos, have, at, r, skips, j)
            if _better(v, r, j, best, br, bj):
                best, br, bj = v, r, j
    return best, br, bj


@_fast
def _strong_colour(
    t: PlainTables,
    f: Facts,
    w: Weights,
    pos: Ints,
    have: Ints,
    at: int,
    closed: int,
    table: int,
    dice: Dice,
) -> tuple[float, int, int]:
    """The strong bot's best white + colour option: ``(value, row, field)``."""
    best, br, bj = -1e300, -1, -2
    for c in range(f[5]):
        if (table >> c) & 1:
            continue
        for k in range(t.colour_rows.shape[1]):
            r = t.colour_rows[c, k]
            if r < 0:
                break
            if (closed >> c) & 1:
                continue
            colour = (dice[2] >> (4 * c)) & 15
            for white in range(2):
                skips, j = _option(t, f, pos, have, at, r, dice[white] + colour)
                if skips > -2:
                    v = _value(t, f, w, pos, have, at, r, skips, j)
                    if _better(v, r, j, best, br, bj):
                        best, br, bj = v, r, j
    return best, br, bj


@_fast
def _colour(
    t: PlainTables,
    f: Facts,
    w: Weights,
    pos: Ints,
    have: Ints,
    at: int,
    closed: int,
    table: int,
    dice: Dice,
    strategy: int,
    strong_bot: bool,
) -> tuple[float, int, int]:
    """A seat's best white + colour option by its bot: ``(value, row, field)``; for gap-k the
    value is the option's skips (:data:`NO_KEY` for none; ``strong_bot`` as in
    :func:`_games`)."""
    if strong_bot and strategy == STRONG:
        return _strong_colour(t, f, w, pos, have, at, closed, table, dice)
    key, r, j = _gap_colour(t, f, pos, have, at, closed, table, dice)
    return float((key >> 14) - 1 if key != NO_KEY else NO_KEY), r, j


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
    dice (:func:`classic_build`), compiled with those counts as constants: its loops
    unrolled, as the C loop's are (1.2 times as fast)."""
    f = _facts(t)
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    f4 = (f[0], f[1], f[2], f[3], f[4], 4, 4)
    _games(t, f4, pos, have, crossed, seats, strategies, seed, first, out, True)


@_compiled
def play_classic_gap_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games
) -> None:
    """:func:`play_classic_games` when every seat plays a gap bot: without the strong bot's
    code, which halves the compile (the first ``simulate classic`` compiles this alone)."""
    f = _facts(t)
    pos, have, crossed, seats = _arrays(strategies.shape[0], 4)
    f4 = (f[0], f[1], f[2], f[3], f[4], 4, 4)
    _games(t, f4, pos, have, crossed, seats, strategies, seed, first, out, False)


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
    boxes, end_at = t.rules[PENALTY_BOXES], t.rules[END_AT]
    take, relief = t.weights[TAKE_ABOVE], -t.weights[PENALTY_RELIEF]
    w = (t.weights[SKIP_WEIGHT], t.weights[SKIP_BASE], t.weights[LOCK_LOST], t.weights[LOCK_VALUE])
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
            count += 1
            moved = False
            total = dice[0] + dice[1]
            known = False  # the active seat's white + colour options, evaluated
            cv, cr, cj = 0.0, -1, -2
            for p in range(players):
                at = p * rows
                closed = table | seats[2 * p + 1]
                strategy = strategies[p]
                r, j = -1, -2
                if strong_bot and strategy == STRONG:
                    v, br, bj = _strong_white(t, f, w, pos, have, at, closed, total)
                    if br >= 0 and v > take:
                        r, j = br, bj
                    elif br >= 0 and p == active:
                        cv, cr, cj = _strong_colour(t, f, w, pos, have, at, closed, table, dice)
                        known = True
                        if not (cr >= 0 and cv > take) and v > relief and (cr < 0 or v >= cv):
                            r, j = br, bj
                else:
                    key, br, bj = _gap_white(t, f, pos, have, at, closed, total)
                    if key != NO_KEY:
                        skips = (key >> 14) - 1
                        if skips <= strategy:
                            r, j = br, bj
                        elif p == active and skips <= strategy + 1:
                            cv, cr, cj = _colour(
                                t, f, w, pos, have, at, closed, table, dice, strategy, strong_bot
                            )
                            known = True
                            if cr < 0 or cv > strategy:
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
            if moved or not known or table != before:
                cv, cr, cj = _colour(
                    t, f, w, pos, have, at, closed, table, dice, strategy, strong_bot
                )
            strong = strong_bot and strategy == STRONG
            if strong:
                limit = take if moved else relief
            else:
                limit = float(strategy if moved else strategy + 1)
            if cr >= 0 and (cv > limit if strong else cv <= limit):
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
            out.scores[g, p] = total - seats[2 * p] * t.rules[PENALTY_POINTS]
            out.penalties[g, p] = seats[2 * p]
        out.rolls[g] = count
        out.ends[g] = end
        out.locked[g] = locked
