"""The lean kernel: whole games of a layout without the mechanics that need searching (issue
24), the same games as :mod:`qwixx_print.sim.kernel`, 1.3 to 1.7 times as fast (gap-2; the
strong bot 2.4 times: docs/performance.md).

A layout *fits* (:func:`fits`) when it has none of: small boxes, bonus bar, powers, bonus
rows, links, diamonds, lucky numbers. What is left (any rows of any colours and numbers,
doubles, several lock fields, the framed group's score, 6- or 8-sided dice, any score table,
threshold and penalties) is plain arithmetic on a compact state: per seat and row the last
cross and the counted crosses, closed colours as bit masks, and one table from (row, last
cross + 1, sum, colour) to the field a cross takes, so the skips it costs are one subtraction.
A seat's white + colour options are evaluated once a turn and reused for action 2 when the
sheet and the closed colours did not change in between (the penalty relief of both bots looks
at them in action 1).

Which kernel plays is chosen per layout when a chunk is played
(:func:`qwixx_print.sim.run.kernel_chunk`), and each is compiled on first use only: a layout
that fits never compiles the general kernel; one built as classic is played by the plain
kernel instead (:mod:`qwixx_print.sim.plain`). The rules and bots are the general kernel's
(RULES.md §1-§4, docs/simulate.md), restricted to these layouts; ``tests/sim/test_sim_kernel.py``
proves both equal to the play engine and to each other.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from qwixx_print.sim.matches import NONE, _key, _skips
from qwixx_print.sim.state import (
    EIGHT,
    END_LOCKS,
    END_PENALTIES,
    SEED_MULTIPLIER,
    SIX,
    Seeds,
    _bits,
    _compiled,
    _die,
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

Small = npt.NDArray[np.int8]

ANY = 0
"""The colour index of the white sum in :attr:`LeanTables.first` (colour ``c`` is ``c + 1``)."""


class LeanTables(NamedTuple):
    """A fitting layout's arrays for the lean kernel (R rows, W fields in the longest, N sums,
    C dice), a view of :class:`qwixx_print.sim.tables.KernelTables`.

    ``first`` (R, W + 1, N, C + 1), flat (``sizes``: the strides of a row, a last cross and a
    sum, then N), in bytes: the field a sum ``n`` takes in row ``r``
    after its last cross ``q`` (index ``q + 1``), of colour ``c`` (index ``c + 1``;
    :data:`ANY` for the white sum), its lock fields excluded, or -1; ``lock`` (R, N, C + 1),
    flat too: the lock field the sum takes once the row has its threshold, or -1.
    ``colour_rows``, ``lock_colour``, ``lock_start``, ``double``, ``points``, ``framed``,
    ``rules``, ``weights``: the kernel tables'. The strong bot's sums, per row: ``skipped``
    (R, W + 1): the weighted ways of the fields left of index ``i`` (a skipped field costs
    its ways times the crosses it could hold); ``reach`` (R, W + 1): the crosses the fields
    left of ``i`` can hold.
    """

    first: Small
    lock: Small
    sizes: Ints
    colour_rows: Ints
    lock_colour: Ints
    lock_start: Ints
    double: Ints
    points: Ints
    framed: Ints
    skipped: Ints
    reach: Ints
    rules: Ints
    weights: Floats


def fits(t: KernelTables, lucky: bool) -> bool:
    """Whether the lean kernel plays the layout of ``t`` (``lucky``: it has lucky numbers):
    none of small boxes, bonus fields, powers, bonus rows, links, diamonds, a value track
    and link squares (RULES.md §7), and rows of
    fewer than 127 fields (a field's index is a byte)."""
    return not (
        lucky
        or t.fields.max() >= 127
        or t.again.any()
        or t.bonus.any()
        or (t.power >= 0).any()
        or t.bar.size
        or t.bonus_upper.size
        or (t.link_row >= 0).any()
        or t.diamonds.size
        or t.track.size
        or t.square_mask.any()
    )


def prefix_sums(t: KernelTables, held: Ints) -> tuple[Ints, Ints]:
    """The strong bot's prefix sums of the tables ``t`` (R rows, W fields in the longest),
    each (R, W + 1), at ``[r, j]`` for the fields left of field ``j`` of row ``r``: ``skipped``
    the ways to roll their numbers (:attr:`KernelTables.ways`), each field's as many times as
    the crosses it holds, ``reach`` those crosses; ``held`` (R, W): the crosses a field holds
    (2 for a double, one more for a small box under it;
    :func:`qwixx_print.sim.strong._strong_value`)."""
    valid = t.number >= 0
    skipped = np.zeros((t.number.shape[0], t.number.shape[1] + 1), dtype=np.int64)
    skipped[:, 1:] = np.cumsum(np.where(valid, t.ways * held, 0), axis=1)
    reach = np.zeros_like(skipped)
    reach[:, 1:] = np.cumsum(np.where(valid, held, 0), axis=1)
    return skipped, reach


def lean_tables(t: KernelTables) -> LeanTables:
    """The lean kernel's view of the (fitting) tables ``t``."""
    rows, slots, sums = t.next_field.shape
    dice = t.next_colour.shape[3]
    first = np.full((rows, slots, sums, dice + 1), -1, dtype=np.int64)
    first[:, :, :, ANY] = t.next_field
    first[:, :, :, 1:] = t.next_colour
    lock = first[np.arange(rows), t.lock_start].copy()
    first[first >= t.lock_start[:, None, None, None]] = -1
    skipped, reach = prefix_sums(t, 1 + t.double)
    return LeanTables(
        first=first.astype(np.int8).ravel(),
        lock=lock.astype(np.int8).ravel(),
        sizes=np.array([slots * sums * (dice + 1), sums * (dice + 1), dice + 1, sums]),
        colour_rows=t.colour_rows,
        lock_colour=t.lock_colour,
        lock_start=t.lock_start,
        double=t.double,
        points=t.points,
        framed=t.framed,
        skipped=skipped,
        reach=reach,
        rules=t.rules,
        weights=t.weights,
    )


class Seats(NamedTuple):
    """The compact state of one game (P seats, R rows): ``pos`` (P, R) the last crossed
    field (-1: none); ``crosses`` (P, R) counted crosses; ``crossed`` (P, R) bit masks of the
    crossed fields; ``penalties``, ``mine`` (P,) penalties and the colours the seat locked
    (closed on its own sheet at once); ``table`` (3,): the colours closed at the table, the
    colours closing at the end of this action, the rows locked by anyone (bit masks)."""

    pos: Ints
    crosses: Ints
    crossed: Ints
    penalties: Ints
    mine: Ints
    table: Ints


CLOSED, CLOSING, LOCKED = 0, 1, 2
"""Indexes into :attr:`Seats.table`."""


@_fast
def _value(t: LeanTables, s: Seats, p: int, r: int, j: int) -> float:
    """The strong bot's value of crossing field ``j`` (not a lock field) of row ``r``
    (:func:`qwixx_print.sim.strong._strong_value` on a fitting layout)."""
    ls, q, have = t.lock_start[r], s.pos[p, r], s.crosses[p, r]
    add = 1 + t.double[r, j]
    top = t.points.shape[0] - 1
    gain = t.points[min(have + add, top)] - t.points[min(have, top)]
    skipped = t.skipped[r, j] - t.skipped[r, q + 1]
    thresh = t.rules[THRESHOLD]
    reach = have + add + t.reach[r, ls] - t.reach[r, j + 1]
    lost_lock = 1 if have + add < thresh and reach < thresh else 0
    w = t.weights
    cost = (
        w[SKIP_WEIGHT] * (have + w[SKIP_BASE]) * skipped / t.rules[FACES] + w[LOCK_LOST] * lost_lock
    )
    return float(gain - cost)


@_fast
def _better(v: float, r: int, j: int, bv: float, br: int, bj: int) -> bool:
    """The strong bot's order: a higher value, then the upper row, then the field left."""
    if br < 0 or v > bv:
        return True
    if v < bv:
        return False
    return r < br or (r == br and j < bj)


Best = tuple[int, float, int, int]
"""The best option so far (:func:`_best`): its gap key (:data:`qwixx_print.sim.matches.NONE`:
none), its strong value (-1e300: none), its row (-1: none) and field."""


@_fast
def _best(t: LeanTables, s: Seats, p: int, total: int, cc: int, strong: bool, best: Best) -> Best:
    """``best`` or the better of the crosses for sum ``total`` of colour ``cc`` (:data:`ANY`
    or colour + 1): by the strong bot's value (``strong``; :func:`_better`), else by the gap
    key (the general kernel's key and order: fewest skips, a lock -1, more crosses, the upper
    row; equal keys, two lock fields of a row: the left)."""
    if total >= t.sizes[3]:
        return best
    key, value, br, bj = best
    at = total * t.sizes[2] + cc
    closed = s.table[CLOSED] | s.mine[p]
    thresh = t.rules[THRESHOLD]
    for k in range(t.lock_colour.shape[0]):
        r = k if cc == ANY else t.colour_rows[cc - 1, k]
        if r < 0:
            break
        if (closed >> t.lock_colour[r]) & 1:
            continue
        have = s.crosses[p, r]
        j = int(t.lock[r * t.sizes[1] + at]) if have >= thresh else -1
        skips = -1
        if j < 0:
            q = s.pos[p, r]
            j = int(t.first[r * t.sizes[0] + (q + 1) * t.sizes[1] + at])
            if j < 0:
                continue
            skips = j - q - 1
        if strong:
            v = t.weights[LOCK_VALUE] if skips < 0 else _value(t, s, p, r, j)
            if _better(v, r, j, value, br, bj):
                value, br, bj = v, r, j
        else:
            kk = _key(skips, have, 2 * r, 0, 0)
            if kk < key or (kk == key and j < bj):
                key, br, bj = kk, r, j
    return key, value, br, bj


NOTHING: Best = (NONE, -1e300, -1, -2)
"""No option yet."""


@_fast
def _colour_best(t: LeanTables, s: Seats, p: int, roll: Ints, strong: bool) -> Best:
    """The best white + colour option by the strong bot (``strong``) or gap-k."""
    best = NOTHING
    for c in range(t.rules[DICE]):
        if (s.table[CLOSED] >> c) & 1:
            continue
        for w in range(2):
            best = _best(t, s, p, roll[w] + roll[2 + c], c + 1, strong, best)
    return best


@_fast
def _colour_options(
    t: LeanTables, s: Seats, p: int, roll: Ints, strategy: int
) -> tuple[float, int, int]:
    """Seat ``p``'s best white + colour option by its bot: ``(value, row, field)``; for
    gap-k the value is the option's skips (:data:`NONE` when there is none)."""
    strong = strategy == STRONG
    key, value, r, j = _colour_best(t, s, p, roll, strong)
    if strong:
        return value, r, j
    return float(_skips(key) if key != NONE else NONE), r, j


TAKE, ASK, PASS = 0, 1, 2
"""What a seat does with its best white-sum cross (:func:`_white_verdict`): cross it, weigh it
against its white + colour options first (only the active seat), or not."""


@_fast
def _white_verdict(
    strong: bool, r: int, v: float, skips: int, strategy: int, take: float, active: bool
) -> int:
    """:data:`TAKE`, :data:`ASK` or :data:`PASS` for a seat's best white-sum cross in row
    ``r`` (-1: none), of strong value ``v`` (``strong``) or gap-k ``skips``; ``active``: the
    seat rolled (both kernels' rule, docs/simulate.md)."""
    if r < 0:
        return PASS
    if strong:
        if v > take:
            return TAKE
        return ASK if active else PASS
    if skips <= strategy:
        return TAKE
    return ASK if active and skips <= strategy + 1 else PASS


@_fast
def _white_choice(
    verdict: int,
    strong: bool,
    v: float,
    cv: float,
    cr: int,
    strategy: int,
    take: float,
    relief: float,
) -> bool:
    """Whether a seat crosses its best white-sum cross (:func:`_white_verdict`); after
    :data:`ASK`, against its best white + colour option ``(cv, cr)`` of action 2 (cr -1:
    none; gap-k: ``cv`` its skips), ``relief`` the strong bot's value below which it rather
    takes a penalty."""
    if verdict != ASK:
        return verdict == TAKE
    if strong:
        return not (cr >= 0 and cv > take) and v > relief and (cr < 0 or v >= cv)
    return cr < 0 or cv > strategy


@_fast
def _colour_taken(
    strong: bool, moved: bool, cv: float, cr: int, strategy: int, take: float, relief: float
) -> bool:
    """Whether the active seat crosses its best white + colour option ``(cv, cr)`` in action
    2 (``moved``: it crossed in action 1)."""
    if strong:
        return cr >= 0 and cv > (take if moved else relief)
    return cr >= 0 and cv <= float(strategy if moved else strategy + 1)


@_fast
def _cross(t: LeanTables, s: Seats, p: int, r: int, j: int) -> None:
    """Seat ``p`` crosses field ``j`` of row ``r``: a lock field counts the lock's cross too,
    closes its colour on the seat's sheet at once and at the table at the action's end."""
    s.crossed[p, r] |= 1 << j
    s.pos[p, r] = j
    if j >= t.lock_start[r]:
        s.crosses[p, r] += 2
        bit = 1 << t.lock_colour[r]
        s.table[CLOSING] |= bit
        s.mine[p] |= bit
        s.table[LOCKED] |= 1 << r
    else:
        s.crosses[p, r] += 1 + t.double[r, j]


@_fast
def _close(s: Seats) -> int:
    """Close the colours locked in the action just ended; the number of closed colours."""
    s.table[CLOSED] |= s.table[CLOSING]
    s.table[CLOSING] = 0
    return _bits(s.table[CLOSED])


@_fast
def _score(t: LeanTables, s: Seats, p: int) -> int:
    """Seat ``p``'s total: rows by the score table (capped), the framed group, penalties."""
    top = t.points.shape[0] - 1
    total = 0
    framed = 0
    for r in range(t.lock_colour.shape[0]):
        total += t.points[min(s.crosses[p, r], top)]
        framed += _bits(s.crossed[p, r] & t.framed[r])
    total += t.points[min(framed, top)]
    return int(total - s.penalties[p] * t.rules[PENALTY_POINTS])


@_compiled
def play_lean_games(t: LeanTables, strategies: Ints, seed: int, first: int, out: Games) -> None:
    """:func:`qwixx_print.sim.kernel.play_games` for a fitting layout: games ``first ..
    first + len(out.rolls) - 1`` of the run seeded ``seed``, one strategy per seat."""
    players, rows = strategies.shape[0], t.lock_colour.shape[0]
    s = Seats(
        np.zeros((players, rows), dtype=np.int64),
        np.zeros((players, rows), dtype=np.int64),
        np.zeros((players, rows), dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(3, dtype=np.int64),
    )
    state = np.zeros(1, dtype=np.uint64)
    roll = np.zeros(2 + t.rules[DICE], dtype=np.int64)
    _play(t, s, state, roll, strategies, seed, first, out)


@_fast
def _play(
    t: LeanTables,
    s: Seats,
    state: Seeds,
    roll: Ints,
    strategies: Ints,
    seed: int,
    first: int,
    out: Games,
) -> None:
    """The loop of :func:`play_lean_games` (no reference counting: see ``state._fast``)."""
    players, rows = strategies.shape[0], t.lock_colour.shape[0]
    dice, boxes = t.rules[DICE], t.rules[PENALTY_BOXES]
    faces, end_at = t.rules[FACES], t.rules[END_AT]
    take, relief = t.weights[TAKE_ABOVE], -t.weights[PENALTY_RELIEF]
    for g in range(out.rolls.shape[0]):
        s.pos[:] = -1
        s.crosses[:] = 0
        s.crossed[:] = 0
        s.penalties[:] = 0
        s.mine[:] = 0
        s.table[:] = 0
        state[0] = np.uint64(seed) * SEED_MULTIPLIER + np.uint64(first + g)
        active, count, end = 0, 0, -1
        while end < 0:
            if faces == 6:
                for d in range(2 + dice):
                    roll[d] = _die(state, SIX)
            else:
                for d in range(2 + dice):
                    roll[d] = _die(state, EIGHT)
            count += 1
            moved = False
            total = roll[0] + roll[1]
            known = False  # the active seat's white + colour options, evaluated
            cv, cr, cj = 0.0, -1, -2
            for p in range(players):
                strategy = strategies[p]
                r, j = -1, -2
                strong = strategy == STRONG
                key, v, br, bj = _best(t, s, p, total, ANY, strong, NOTHING)
                verdict = _white_verdict(strong, br, v, _skips(key), strategy, take, p == active)
                if verdict == ASK:
                    cv, cr, cj = _colour_options(t, s, p, roll, strategy)
                    known = True
                if _white_choice(verdict, strong, v, cv, cr, strategy, take, relief):
                    r, j = br, bj
                if r >= 0:
                    _cross(t, s, p, r, j)
                    if p == active:
                        moved = True
            before = s.table[CLOSED]
            if _close(s) >= end_at:
                end = END_LOCKS
                break
            if moved or not known or s.table[CLOSED] != before:
                cv, cr, cj = _colour_options(t, s, active, roll, strategies[active])
            strategy = strategies[active]
            strong = strategy == STRONG
            if _colour_taken(strong, moved, cv, cr, strategy, take, relief):
                _cross(t, s, active, cr, cj)
            elif not moved:
                s.penalties[active] += 1
            if _close(s) >= end_at:
                end = END_LOCKS
            elif s.penalties[active] >= boxes:
                end = END_PENALTIES
            active = (active + 1) % players
        for p in range(players):
            out.scores[g, p] = _score(t, s, p)
            out.penalties[g, p] = s.penalties[p]
            for r in range(rows):
                out.crossed[g, p, r] = s.crossed[p, r]
        out.rolls[g] = count
        out.ends[g] = end
        out.locked[g] = s.table[LOCKED]
