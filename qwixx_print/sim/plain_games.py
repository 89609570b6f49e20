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
from qwixx_print.sim.plain_choices import Build, _best, _choice, _white_best
from qwixx_print.sim.state import (
    END_LOCKS,
    END_PENALTIES,
    GAMMA,
    MIX_1,
    MIX_2,
    NO_PENALTIES,
    ONE_IN_EACH,
    PLUS_13,
    PLUS_POINTS,
    S27,
    S30,
    S31,
    SEED_MULTIPLIER,
    TWO_IN_WEAKEST,
    WEAKEST_DOUBLE,
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


BAR_FIELD, FREE, POWER, LINK = 1, 2, 3, 4
"""Kinds of pending work in a cross's chain (:func:`_chain`), as the general kernel's
(:mod:`qwixx_print.sim.crossing`; its queued cross is taken at once here, :func:`_free`)."""


@_fast
def _push(stack: Ints, top: int, kind: int, a: int, b: int) -> int:
    """Queue work ``kind`` on row ``a`` (field or power ``b``) in one integer; the new top."""
    stack[top] = kind | (a << 3) | (b << 11)
    return top + 1


@_fast
def _follow(
    t: PlainTables,
    p: int,
    a: int,
    b: int,
    bit: int,
    slip: int,
    at: int,
    crossed: Ints,
    chain: Ints,
    stack: Ints,
    top: int,
) -> int:
    """Queue what seat ``p``'s cross of field ``b`` of row ``a`` sets off (``bit``: the
    colour it locked, else 0), in the order of :func:`qwixx_print.sim.crossing._cross_field`:
    the link's other end on the seat's ``slip`` (done last), then for a field that is no lock
    the bonus bar and a power it completes; ``at``: the seat's first row in ``crossed``.
    The new top of ``stack``."""
    if t.link_row[slip, a, b] >= 0:
        top = _push(stack, top, LINK, a, b)
    if bit:
        return top
    if (t.boxed[a] >> b) & 1:
        top = _push(stack, top, BAR_FIELD, 0, 0)
    k = t.power[a, b]
    if k >= 0 and (chain[3 * p + 1] >> k) & 1 == 0:
        for slot in range(2):
            pr = t.power_row[k, slot]
            if pr < 0 or (crossed[at + pr] >> t.power_field[k, slot]) & 1 == 0:
                return top
        chain[3 * p + 1] |= 1 << k
        top = _push(stack, top, POWER, 0, k)
    return top


@_fast
def _free(
    t: PlainTables,
    f: Facts,
    p: int,
    a: int,
    double: bool,
    state: State,
    table: int,
    slip: int,
    top: int,
) -> tuple[int, int]:
    """Seat ``p`` crosses the next free field of row ``a`` if it may (not the lock field
    before the threshold, not in a closed row) and queues what that sets off
    (:func:`_follow`): the colours it locks and their rows (:func:`_chain`'s bits) and the new
    top of the stack. Done at once where :func:`_chain` would queue the cross and take it
    next (the depth-first order is the same)."""
    pos, have, crossed, seats = state[0], state[1], state[2], state[3]
    at = p * f[6]
    nxt, lock = pos[at + a] + 1, (f[3] >> (8 * a)) & 255
    allowed = nxt < lock or (nxt == lock and have[at + a] >= f[1])
    closed = table | seats[2 * p + 1]
    if not allowed or (closed >> ((f[4] >> (4 * a)) & 15)) & 1:
        return 0, top
    bit = _cross(t, f, p, a, nxt, double, pos, have, crossed, seats)
    top = _follow(t, p, a, nxt, bit, slip, at, crossed, state[4], state[5], top)
    return (bit | (1 << (16 + a)) if bit else 0), top


@_fast
def _chain(
    t: PlainTables,
    f: Facts,
    p: int,
    r: int,
    j: int,
    double: bool,
    state: State,
    table: int,
    slip: int,
) -> int:
    """:func:`_cross` with everything the cross sets off, depth first, as
    :func:`qwixx_print.sim.crossing._apply` does: a boxed field crosses the next field of the
    seat's bonus bar (struck while its colour is closed for the seat) and then the next free
    field of the bar field's row (RULES.md §2 Bonuskette); the second field of a power
    unlocks it: two crosses in the weakest open row, or one in each row, top first (§2
    Kräfte); a linked field crosses the other end on the seat's ``slip``, after all else,
    also left of the row's last cross (which stays) or in a closed row (RULES.md §4
    Connected). ``state``: the game's (:data:`State`), its ``chain`` per seat the next bar
    field (``3p``) and the unlocked powers (``3p + 1``), its ``stack`` room for the pending
    work; ``table``: the colours closed at the table. The colours the crosses lock (bits
    0-15) and their rows (bits 16 up)."""
    pos, have, crossed, seats = state[0], state[1], state[2], state[3]
    chain, stack = state[4], state[5]
    bit = _cross(t, f, p, r, j, double, pos, have, crossed, seats)
    out = bit | (1 << (16 + r)) if bit else 0
    rows = f[6]
    if not (t.sets_off[slip * rows + r] >> j) & 1:  # most crosses set off nothing
        return out
    at = p * rows
    top = _follow(t, p, r, j, bit, slip, at, crossed, chain, stack, 0)
    while top > 0:
        top -= 1
        kind, a, b = stack[top] & 7, (stack[top] >> 3) & 255, stack[top] >> 11
        if kind == LINK:
            a2, b2 = t.link_row[slip, a, b], t.link_field[slip, a, b]
            if not (crossed[at + a2] >> b2) & 1:
                q = pos[at + a2]
                bit = _cross(t, f, p, a2, b2, double, pos, have, crossed, seats)
                pos[at + a2] = max(q, b2)
                out |= bit | (1 << (16 + a2)) if bit else 0
                top = _follow(t, p, a2, b2, bit, slip, at, crossed, chain, stack, top)
        elif kind in (BAR_FIELD, FREE):  # one call of _free: it is inlined
            if kind == BAR_FIELD:  # the bar field's row crosses its next free field
                closed = table | seats[2 * p + 1]
                n = chain[3 * p]
                while n < t.bar.shape[0] and (closed >> t.bar[n]) & 1:
                    n += 1  # struck: its colour closed before this seat earned it
                chain[3 * p] = min(n + 1, t.bar.shape[0])
                a = t.bar_row[t.bar[n]] if n < t.bar.shape[0] else -1
            if a >= 0:
                bits, top = _free(t, f, p, a, double, state, table, slip, top)
                out |= bits
        elif b == TWO_IN_WEAKEST:
            closed, weakest = table | seats[2 * p + 1], -1
            for row in range(rows):
                shut = (closed >> ((f[4] >> (4 * row)) & 15)) & 1
                if not shut and (weakest < 0 or have[at + row] < have[at + weakest]):
                    weakest = row
            if weakest >= 0:
                top = _push(stack, top, FREE, weakest, 0)
                top = _push(stack, top, FREE, weakest, 0)
        elif b == ONE_IN_EACH:  # every row, top first: FREE skips closed ones
            for row in range(rows - 1, -1, -1):
                top = _push(stack, top, FREE, row, 0)
    return out


@_fast
def _mark(
    t: PlainTables,
    f: Facts,
    p: int,
    r: int,
    j: int,
    built: Build,
    state: State,
    table: int,
    slips: Ints,
    g: int,
) -> int:
    """Seat ``p`` crosses field ``j`` of row ``r`` in game ``g`` (``slips``: the seats'
    slips), with what it sets off when the entry point has the chains' code (``built``,
    :func:`_chain`); ``j`` -1: the small box under the row's last cross (counts a cross,
    RULES.md §2 Nochmal); ``r`` past the last row: cell ``j`` of bonus row ``r - rows``
    (counts for both rows beside it, RULES.md §4 Big Points). The colours the crosses lock
    (bits 0-15) and their rows (bits 16 up)."""
    if built[6] and r >= f[6]:
        b = r - f[6]
        kept = p * t.bonus_upper.shape[0] + b
        state[7][kept] = j
        state[8][kept] |= 1 << j
        state[9][p * f[6] + t.bonus_upper[b]] += 1
        state[9][p * f[6] + t.bonus_lower[b]] += 1
        return 0
    if built[4] and j < 0:
        at = p * f[6] + r
        state[6][at] |= 1 << state[0][at]
        state[1][at] += 1
        return 0
    if built[3]:
        return _chain(t, f, p, r, j, built[1], state, table, slips[g, p])
    pos, have, crossed, seats = state[0], state[1], state[2], state[3]
    bit = _cross(t, f, p, r, j, built[1], pos, have, crossed, seats)
    return bit | (1 << (16 + r)) if bit else 0


_NO_SLIPS = np.zeros((1, 1), dtype=np.int64)
"""The slips of the entry points without the chains' code (never read)."""
STACK = 512
"""Room for a chain's pending work (:func:`_chain`), as the general kernel's."""
State = tuple[Ints, Ints, Ints, Ints, Ints, Ints, Ints, Ints, Ints, Ints]
"""A game's state (:func:`_arrays`): ``pos``, ``have``, ``crossed`` (P x R), ``seats`` (2 P),
``chain`` (3 P: per seat the next bonus bar field, the unlocked powers and the diamonds
used or jumped over), ``stack`` (:func:`_chain`), ``again`` (P x R: the crossed small boxes,
a bit mask per row), ``last_cell``, ``cells`` (P x K: per seat and bonus row the last crossed
cell and the crossed cells) and ``extra`` (P x R: the bonus crosses a row counts)."""


@_compiled
def _arrays(players: int, rows: int, bonus_rows: int) -> State:
    """A game's state (:data:`State`) for ``players`` seats of ``rows`` rows and
    ``bonus_rows`` bonus rows."""
    size, cells = players * rows, players * bonus_rows
    return (
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(2 * players, dtype=np.int64),
        np.zeros(3 * players, dtype=np.int64),
        np.zeros(STACK, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(cells, dtype=np.int64),
        np.zeros(cells, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
    )


ANY_BUILD: Build = (True, True, True, True, True, True, False)
"""The :data:`~qwixx_print.sim.plain_choices.Build` of :func:`play_plain_games`: all code but
bonus rows' (they come alone, on classic's counts: :func:`qwixx_print.sim.plain.fits`)."""
CLASSIC: Build = (True, False, False, False, False, False, False)
"""Of :func:`play_classic_games`: the strong bot's code, none of the mechanics."""
CLASSIC_GAP: Build = (False, False, False, False, False, False, False)
"""Of :func:`play_classic_gap_games`: gap bots only."""
DOUBLES: Build = (True, True, False, False, False, False, False)
"""Of :func:`play_doubles_games`."""
MIXED: Build = (True, False, True, False, False, False, False)
"""Of :func:`play_mixed_games`."""
CHAINS: Build = (True, False, False, True, False, False, False)
"""Of :func:`play_chain_games`."""
SMALL_BOXES: Build = (True, False, False, False, True, False, False)
"""Of :func:`play_small_box_games`."""
SWAPS: Build = (True, False, False, False, False, True, False)
"""Of :func:`play_swap_games`."""
BONUS_ROWS: Build = (True, False, False, False, False, False, True)
"""Of :func:`play_bonus_row_games`."""


@_compiled
def play_plain_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games, slips: Ints
) -> None:
    """:func:`qwixx_print.sim.kernel.play_games` for a plain layout: games ``first .. first +
    len(out.rolls) - 1`` of the run seeded ``seed``, one strategy per seat, ``slips`` (G, P)
    the seats' slips (any build: with doubles, mixed colours, the chains of a cross, small
    boxes and diamonds; bonus rows come alone, on their own entry point)."""
    state = _arrays(strategies.shape[0], t.lock.shape[0], t.bonus_upper.shape[0])
    _games(t, _facts(t), state, strategies, seed, first, out, slips, ANY_BUILD)


@_compiled
def play_classic_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_plain_games` for a plain layout of classic's build, 4 rows and 4 coloured
    dice, rows of one colour, no doubles (:func:`qwixx_print.sim.plain.build`), compiled with
    those counts as constants: its loops unrolled, as the C loop's are (1.2 times as fast)."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, CLASSIC)


@_compiled
def play_classic_gap_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games
) -> None:
    """:func:`play_classic_games` when every seat plays a gap bot: without the strong bot's
    code (the first ``simulate classic`` compiles this alone): 1-2 % faster; it compiled in half
    the time while numba built every helper's Python wrapper, now in the same 8 s."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, CLASSIC_GAP)


@_compiled
def play_doubles_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_classic_games` for a layout of classic's build with doubles (Doppelt)."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, DOUBLES)


@_compiled
def play_mixed_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_classic_games` for a layout of classic's build with rows of mixed colours
    (Farbblöcke, Regenbogen, Wirrwarr)."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, MIXED)


@_compiled
def play_chain_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games, slips: Ints
) -> None:
    """:func:`play_classic_games` for a layout of classic's build whose crosses set off
    others (Bonuskette, Kräfte, Connected Chain: :func:`qwixx_print.sim.plain.chains`);
    ``slips`` (G, P): the seats' slips."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, slips, CHAINS)


@_compiled
def play_small_box_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games
) -> None:
    """:func:`play_classic_games` for a layout of classic's build with small boxes
    (Nochmal)."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, SMALL_BOXES)


@_compiled
def play_swap_games(t: PlainTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`play_classic_games` for a layout of classic's build with diamonds (X-Change)."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, SWAPS)


@_compiled
def play_bonus_row_games(
    t: PlainTables, strategies: Ints, seed: int, first: int, out: Games
) -> None:
    """:func:`play_classic_games` for a layout of classic's build with bonus rows (Big
    Points)."""
    state = _arrays(strategies.shape[0], 4, t.bonus_upper.shape[0])
    _games(t, _facts4(t), state, strategies, seed, first, out, _NO_SLIPS, BONUS_ROWS)


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
    state: State,
    strategies: Ints,
    seed: int,
    first: int,
    out: Games,
    slips: Ints,
    built: Build,
) -> None:
    """The loop of the plain kernel's entry points (``f``: :func:`_facts`, some of them
    constants; no reference counting: see ``state._fast``): games ``first ..``, one strategy
    per seat in ``strategies``; ``built``: the strong bot's code (without it every seat plays
    a gap bot), doubles, mixed colours, the chains of a cross, small boxes, diamonds, bonus
    rows (:data:`~qwixx_print.sim.plain_choices.Build`); ``state``: :data:`State`, its ``seats``
    per seat its penalties (``2p``) and the colours it locked (``2p + 1``); ``slips`` (G,
    P): each seat's slip (Connected Chain; read only with the chains' code)."""
    pos, have, crossed, seats, chain, _, again, last_cell, cells, extra = state
    sheet = (pos, have, again, crossed, last_cell, cells, extra)
    players, rows = strategies.shape[0], f[6]
    boxes, end_at = t.rules[tables.PENALTY_BOXES], t.rules[tables.END_AT]
    weight = t.weights
    take, relief = weight[tables.TAKE_ABOVE], -weight[tables.PENALTY_RELIEF]
    w = (
        weight[tables.SKIP_WEIGHT],
        weight[tables.SKIP_BASE],
        weight[tables.LOCK_LOST],
        weight[tables.LOCK_VALUE],
        weight[tables.DIAMOND_COST],
    )
    eight = f[2] == 8
    for g in range(out.rolls.shape[0]):
        pos[:] = -1
        have[:] = 0
        crossed[:] = 0
        seats[:] = 0
        if built[3] or built[5]:
            chain[:] = 0
        if built[4]:
            again[:] = 0
        if built[6]:
            last_cell[:] = -1
            cells[:] = 0
            extra[:] = 0
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
                bd = -1
                if built[5]:  # the diamonds' swaps (RULES.md §4 X-Change)
                    passed = chain[3 * p + 2]
                    limit = strategy + (p == active)
                    best, bd = _white_best(
                        t, f, w, sheet, at, closed, dice, strong, built, passed, limit
                    )
                    key, v, br, bj = best
                else:
                    key, v, br, bj = _best(t, f, w, sheet, at, closed, 0, dice, strong, True, built)
                skips = (key >> 14) - 1
                verdict = _white_verdict(strong, br, v, skips, strategy, take, p == active)
                if verdict == ASK:
                    best = _best(t, f, w, sheet, at, closed, table, dice, strong, False, built)
                    cv, cr, cj = _choice(best, strong)
                    known = True
                if _white_choice(verdict, strong, v, cv, cr, strategy, take, relief):
                    r, j = br, bj
                if r >= 0:
                    if built[5] and bd >= 0:
                        chain[3 * p + 2] = bd + 1  # the diamonds left of it are lost
                    bits = _mark(t, f, p, r, j, built, state, table, slips, g)
                    closing |= bits & 0xFFFF
                    locked |= bits >> 16
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
                best = _best(t, f, w, sheet, at, closed, table, dice, strong, False, built)
                cv, cr, cj = _choice(best, strong)
            if _colour_taken(strong, moved, cv, cr, strategy, take, relief):
                bits = _mark(t, f, active, cr, cj, built, state, table, slips, g)
                table |= bits & 0xFFFF
                locked |= bits >> 16
            elif not moved:
                seats[2 * active] += 1
            if _bits(table) >= end_at:
                end = END_LOCKS
            elif seats[2 * active] >= boxes:
                end = END_PENALTIES
            active = (active + 1) % players
        top = t.points.shape[0] - 1
        for p in range(players):
            total, framed, weakest = 0, 0, -1
            for r in range(rows):
                counted = have[p * rows + r] + (extra[p * rows + r] if built[6] else 0)
                points = t.points[min(counted, top)]
                total += points
                if weakest < 0 or points < weakest:
                    weakest = points
                framed += _bits(crossed[p * rows + r] & t.framed[r])
                out.crossed[g, p, r] = crossed[p * rows + r]
                if built[4]:
                    out.again[g, p, r] = again[p * rows + r]
            for b in range(t.bonus_upper.shape[0] if built[6] else 0):
                out.bonus[g, p, b] = cells[p * t.bonus_upper.shape[0] + b]
            total += t.points[min(framed, top)]
            lost = seats[2 * p] * t.rules[tables.PENALTY_POINTS]
            if built[3]:  # the powers' end effects (RULES.md §2 Kräfte, as state._score)
                powers = chain[3 * p + 1]
                total += weakest if (powers >> WEAKEST_DOUBLE) & 1 else 0
                total += PLUS_POINTS if (powers >> PLUS_13) & 1 else 0
                lost = 0 if (powers >> NO_PENALTIES) & 1 else lost
            out.scores[g, p] = total - lost
            out.penalties[g, p] = seats[2 * p]
        out.rolls[g] = count
        out.ends[g] = end
        out.locked[g] = locked
