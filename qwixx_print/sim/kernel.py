"""The compiled game loop: whole games of any valid layout with the gap-k and strong bots,
compiled with numba (``@njit(cache=True)``: the compile is cached in the user's cache folder,
:mod:`qwixx_print.sim.jit`, never beside this file: the installed package stays
read-only).

This is the one allowed mirror of the rules (RULES.md §1-§4, RULES-more.md §5); the source of
truth is :mod:`qwixx_print.play`, and ``tests/sim/test_sim_kernel.py`` plays the same seeded games
through both and compares every cross and every score. The bots are specified in
:mod:`qwixx_print.sim.bots` (docs/simulate.md).

A turn: the active player rolls (:mod:`qwixx_print.sim.dice`); action 1, every player may
cross the white sum (decisions on the sheets as they were before the action); locks made in
it close their colours for everyone at its end (on the locking player's own sheet at once);
at the 2nd closed colour (RULES.md §6: the 1st on a one-colour sheet) the game ends before
action 2. Action 2, the active player may cross a white + colour sum in a field of that
colour; a penalty if the active player crossed nothing in either action; the game ends at
the 2nd closed colour or the last penalty box. Bonus bar chains (Bonuskette) and the
crossing powers (Kräfte) act at once, depth first, as :mod:`qwixx_print.play.sheet` does.
RULES.md §4: X-Change's diamond swaps and Longo's lucky crosses are options of the white sum;
Big Points' bonus cells are options of the white sum and of the white + colour sums of the
rows beside them, scored for both rows; a Connected link crosses its other end after
everything else the cross sets off, on each seat's own slip; the Steps group scores at the
end; 8-sided dice and several lock fields come from the tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar, cast

import numpy as np
import numpy.typing as npt

from qwixx_print.sim.jit import njit
from qwixx_print.sim.strategy import STRONG
from qwixx_print.sim.tables import (
    DIAMOND_COST,
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
    Games,
    Ints,
    KernelTables,
)

F = TypeVar("F", bound=Callable[..., Any])
Seeds = npt.NDArray[np.uint64]
Best = tuple[float, int, int, int, int]
"""The strong bot's best option so far: value, place, rank, diamond, field (:func:`_better`)."""

_FAST: dict[str, Any] = {"cache": True, "_nrt": False, "forceinline": True}


def _fast(function: F) -> F:
    """Compile ``function`` without reference counting (numba's ``_nrt=False``: with it,
    each call increments and decrements every array of the tuples below: 5 times slower) and
    inlined into its callers (``forceinline``: a call would copy the tuples of arrays, about
    2 kB: 3 times slower). Such a function allocates nothing."""
    return cast(F, njit(**_FAST)(function))


def _compiled(function: F) -> F:
    """Compile ``function`` (it may allocate arrays); the compile is cached on disk."""
    return cast(F, njit(cache=True)(function))


GAMMA = np.uint64(0x9E3779B97F4A7C15)
MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
MIX_2 = np.uint64(0x94D049BB133111EB)
SEED_MULTIPLIER = np.uint64(0xD1342543DE82EF95)
SIX, EIGHT = np.uint64(6), np.uint64(8)
S30, S27, S31 = np.uint64(30), np.uint64(27), np.uint64(31)

NONE = 1 << 40
"""Key of "no legal cross"."""

AGAIN, LUCKY, SWAP, BONUS = 1, 2, 3, 4
"""Ranks of a small box, a lucky cross, a diamond swap and a bonus cell among options of the
same skips, crosses and place (a plain cross 0; :data:`qwixx_print.sim.bots.KINDS`)."""
RANKS = 8
DIAMONDS = 32
"""More than the diamonds a layout may have: a gap key holds the swap's diamond."""
PLACES = 100
"""More than the places of rows on a sheet (colour row ``r`` at ``2r``, a bonus row below
row ``r`` at ``2r + 1``)."""
CROSSES = 128
"""More than the crosses a row may hold."""
SKIP_SPAN = CROSSES * PLACES * RANKS * DIAMONDS
"""Gap keys (:func:`_key`): ``((((skips + 1) * CROSSES + CROSSES - 1 - crosses) * PLACES +
place) * RANKS + rank) * DIAMONDS + diamond``; one skip more adds this."""

END = -1
"""No more rows (:func:`_row_matches`)."""

CROSS, BAR, FREE, POWER, LINK = 0, 1, 2, 3, 4
"""Kinds of pending work in a cross's chain (Bonuskette bar, Kräfte powers, Connected
links)."""

TWO_IN_WEAKEST, ONE_IN_EACH, WEAKEST_DOUBLE, PLUS_13, NO_PENALTIES = range(5)
PLUS_POINTS = 13

END_LOCKS, END_PENALTIES = 0, 1


class Sheets(NamedTuple):
    """Every player's sheet and the table, as arrays (P players, R rows, D dice).

    ``pos`` (P, R): index of the last crossed field (-1: none); ``crosses`` (P, R) crosses
    counted as the rules count them; ``crossed``/``again`` (P, R): bit masks of crossed
    fields and small boxes; ``penalties``, ``bar_next`` (next bonus bar field), ``powers``
    (bit mask of unlocked powers), ``mine`` (colours the player locked, closed on their own
    sheet at once): (P,); ``closed``/``closing`` (D,): colours closed at the
    table / closed at the end of this action; ``stack`` (3, 512): a chain's pending work;
    ``locked_rows`` (1,): bit mask of rows locked by anyone in this game; ``diamond_next``
    (P,): the first diamond still usable (X-Change: after the last one crossed); ``lucky``
    (P,): bit mask of each player's lucky numbers in this game (Longo); ``slip`` (P,): each
    player's slip (Connected Chain); ``bonus_pos``, ``bonus_cells`` (P, K): the last crossed
    cell of each bonus row (-1: none) and a bit mask of its crossed cells; ``bonus_count``
    (P, R): the bonus crosses each row scores (Big Points).
    """

    pos: Ints
    crosses: Ints
    crossed: Ints
    again: Ints
    penalties: Ints
    bar_next: Ints
    powers: Ints
    mine: Ints
    closed: Ints
    closing: Ints
    stack: Ints
    locked_rows: Ints
    diamond_next: Ints
    lucky: Ints
    slip: Ints
    bonus_pos: Ints
    bonus_cells: Ints
    bonus_count: Ints


@_compiled
def _sheets(players: int, rows: int, dice: int, bonus_rows: int) -> Sheets:
    return Sheets(
        np.zeros((players, rows), dtype=np.int64),
        np.zeros((players, rows), dtype=np.int64),
        np.zeros((players, rows), dtype=np.int64),
        np.zeros((players, rows), dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(dice, dtype=np.int64),
        np.zeros(dice, dtype=np.int64),
        np.zeros((3, 512), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
        np.zeros((players, bonus_rows), dtype=np.int64),
        np.zeros((players, bonus_rows), dtype=np.int64),
        np.zeros((players, rows), dtype=np.int64),
    )


@_fast
def _reset(s: Sheets) -> None:
    s.pos[:] = -1
    s.crosses[:] = 0
    s.crossed[:] = 0
    s.again[:] = 0
    s.penalties[:] = 0
    s.bar_next[:] = 0
    s.powers[:] = 0
    s.mine[:] = 0
    s.closed[:] = 0
    s.closing[:] = 0
    s.locked_rows[0] = 0
    s.diamond_next[:] = 0
    s.bonus_pos[:] = -1
    s.bonus_cells[:] = 0
    s.bonus_count[:] = 0


@_fast
def _die(state: Seeds, faces: np.uint64) -> int:
    """The next die of the stream with ``faces`` faces (a constant: a fast modulo)."""
    state[0] += GAMMA
    z = state[0]
    z = (z ^ (z >> S30)) * MIX_1
    z = (z ^ (z >> S27)) * MIX_2
    z = z ^ (z >> S31)
    return 1 + int(z % faces)


@_fast
def _closed(s: Sheets, p: int, c: int) -> bool:
    """Colour ``c`` is closed on player ``p``'s sheet: at the table, or by the player's own
    lock (at once, not only at the end of the action)."""
    return bool(s.closed[c] == 1 or (s.mine[p] >> c) & 1 == 1)


@_fast
def _open(t: KernelTables, s: Sheets, p: int, r: int) -> bool:
    """Row ``r`` can still take a cross on player ``p``'s sheet: its lock colour is not
    closed there (a locked row's colour is closed)."""
    return not _closed(s, p, t.lock_colour[r])


@_fast
def _weakest(t: KernelTables, s: Sheets, p: int) -> int:
    """The open row with the fewest crosses, ties the upper (RULES.md §2 Kräfte); -1: none."""
    best = -1
    for r in range(t.fields.shape[0]):
        if _open(t, s, p, r) and (best < 0 or s.crosses[p, r] < s.crosses[p, best]):
            best = r
    return best


@_fast
def _push(s: Sheets, top: int, kind: int, a: int, b: int) -> int:
    s.stack[0, top] = kind
    s.stack[1, top] = a
    s.stack[2, top] = b
    return top + 1


@_fast
def _power_complete(t: KernelTables, s: Sheets, p: int, k: int) -> bool:
    for slot in range(2):
        r = t.power_row[k, slot]
        if r < 0 or (s.crossed[p, r] >> t.power_field[k, slot]) & 1 == 0:
            return False
    return True


@_fast
def _cross_field(t: KernelTables, s: Sheets, p: int, r: int, j: int, top: int) -> int:
    """Cross field ``j`` of row ``r`` and queue what it triggers (a link's other end last,
    as the engine crosses it); returns the stack top. A forced link cross left of the row's
    last cross does not move it (RULES.md §4 Connected)."""
    s.crossed[p, r] |= 1 << j
    if j > s.pos[p, r]:
        s.pos[p, r] = j
    if t.link_row[s.slip[p], r, j] >= 0:
        top = _push(s, top, LINK, r, j)
    if j >= t.lock_start[r]:  # a lock field: the lock's cross too; closes at action end
        s.crosses[p, r] += 2
        s.closing[t.lock_colour[r]] = 1
        s.mine[p] |= 1 << t.lock_colour[r]
        s.locked_rows[0] |= 1 << r
        return top
    s.crosses[p, r] += 1 + t.double[r, j]
    if t.bonus[r, j]:
        top = _push(s, top, BAR, 0, 0)
    k = t.power[r, j]
    if k >= 0 and (s.powers[p] >> k) & 1 == 0 and _power_complete(t, s, p, k):
        s.powers[p] |= 1 << k
        top = _push(s, top, POWER, k, 0)
    return top


@_fast
def _apply(t: KernelTables, s: Sheets, p: int, r: int, j: int) -> None:
    """Player ``p`` crosses field ``j`` of row ``r`` (``j == -1``: the small box under the
    row's last crossed field; ``r`` past the last row: cell ``j`` of bonus row ``r - rows``)
    with everything it sets off: bonus bar and forced crosses (RULES-more.md §5 Bonuskette),
    crossing powers (§5 Kräfte), links (RULES.md §4 Connected), depth first."""
    rows = t.fields.shape[0]
    if r >= rows:  # a bonus cell counts for both rows beside it (RULES.md §4 Big Points)
        b = r - rows
        s.bonus_pos[p, b] = j
        s.bonus_cells[p, b] |= 1 << j
        s.bonus_count[p, t.bonus_upper[b]] += 1
        s.bonus_count[p, t.bonus_lower[b]] += 1
        return
    if j < 0:
        s.again[p, r] |= 1 << s.pos[p, r]
        s.crosses[p, r] += 1
        return
    thresh = t.rules[THRESHOLD]
    top = _cross_field(t, s, p, r, j, 0)
    while top > 0:
        top -= 1
        kind, a = s.stack[0, top], s.stack[1, top]
        if kind == CROSS:
            top = _cross_field(t, s, p, a, s.stack[2, top], top)
        elif kind == BAR:
            b = s.bar_next[p]
            while b < t.bar.shape[0] and _closed(s, p, t.bar[b]):
                b += 1  # struck: its colour closed before this player earned it
            if b < t.bar.shape[0]:
                s.bar_next[p] = b + 1
                top = _push(s, top, FREE, t.bar_row[t.bar[b]], 0)
            else:
                s.bar_next[p] = b
        elif kind == FREE:
            n = t.fields[a]
            nxt = s.pos[p, a] + 1
            allowed = nxt < t.lock_start[a] or (nxt < n and s.crosses[p, a] >= thresh)
            if allowed and not _closed(s, p, t.lock_colour[a]):
                top = _push(s, top, CROSS, a, nxt)
        elif kind == LINK:  # always, also left of the last cross or in a closed row
            slip, b = s.slip[p], s.stack[2, top]
            r2, j2 = t.link_row[slip, a, b], t.link_field[slip, a, b]
            if (s.crossed[p, r2] >> j2) & 1 == 0:
                top = _cross_field(t, s, p, r2, j2, top)
        elif kind == POWER:
            if a == TWO_IN_WEAKEST:
                w = _weakest(t, s, p)
                if w >= 0:
                    top = _push(s, top, FREE, w, 0)
                    top = _push(s, top, FREE, w, 0)
            elif a == ONE_IN_EACH:  # every row, top first: FREE skips closed ones
                for r2 in range(t.fields.shape[0] - 1, -1, -1):
                    top = _push(s, top, FREE, r2, 0)


@_fast
def _matches(
    t: KernelTables, s: Sheets, p: int, r: int, total: int, c: int
) -> tuple[int, int, int]:
    """Where ``total`` may be crossed in row ``r`` (open) for player ``p``, ``c`` the colour
    the field must have (-1 any): ``(first, last, again)``: the first matching field after the
    last cross if it is not a lock field, the lock field if one matches and the lock is
    allowed, and whether the small box under the last crossed field matches (-1/0: none)."""
    q = s.pos[p, r]
    if c < 0:
        first = t.next_field[r, q + 1, total] if total < t.next_field.shape[2] else -1
    else:
        first = t.next_colour[r, q + 1, total, c] if total < t.next_field.shape[2] else -1
    if first >= t.lock_start[r]:
        first = -1
    last = -1
    if s.crosses[p, r] >= t.rules[THRESHOLD] and total < t.next_field.shape[2]:
        ls = t.lock_start[r]
        last = t.next_field[r, ls, total] if c < 0 else t.next_colour[r, ls, total, c]
    again = 0
    if (
        t.again[r] == 1
        and q >= 0
        and (s.again[p, r] >> q) & 1 == 0
        and t.number[r, q] == total
        and (c < 0 or t.colour[r, q] == c)
    ):
        again = 1
    return first, last, again


@_fast
def _row_matches(
    t: KernelTables, s: Sheets, p: int, total: int, c: int, k: int
) -> tuple[int, int, int, int]:
    """The ``k``-th row a sum may go to (``c``: its colour, -1 for the white sum: every
    row; else the rows holding that colour) and its :func:`_matches`: ``(row, first, last,
    again)``; row :data:`END` when there are no more rows, and no match in a closed row."""
    r = k if c < 0 else t.colour_rows[c, k]
    if r < 0:
        return END, -1, -1, 0
    if not _open(t, s, p, r):
        return r, -1, -1, 0
    first, last, again = _matches(t, s, p, r, total, c)
    return r, first, last, again


@_fast
def _key(skips: int, crosses: int, place: int, rank: int, d: int) -> int:
    """A gap-k order as one number, smaller first (:data:`SKIP_SPAN`)."""
    tail = ((skips + 1) * CROSSES + CROSSES - 1 - crosses) * PLACES + place
    return (tail * RANKS + rank) * DIAMONDS + d


@_fast
def _bits(mask: int) -> int:
    """How many bits of ``mask`` are set (crossed fields, cells)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@_fast
def _bonus_cell(t: KernelTables, s: Sheets, p: int, b: int, total: int, c: int) -> int:
    """The first cell of bonus row ``b`` a die sum ``total`` may cross for player ``p`` (``c``
    as in :func:`_gap_best`), or -1: right of the last bonus cross, its number, its column
    crossed in a row beside it; beside a closed row too (RULES.md §4 Big Points)."""
    if c >= 0 and c != t.bonus_colours[b, 0] and c != t.bonus_colours[b, 1]:
        return -1
    up, lo = t.bonus_upper[b], t.bonus_lower[b]
    either = s.crossed[p, up] | s.crossed[p, lo]
    for j in range(s.bonus_pos[p, b] + 1, t.fields[up]):
        if t.number[up, j] == total and (either >> j) & 1 == 1:
            return j
    return -1


@_fast
def _place(t: KernelTables, r: int, j: int) -> tuple[int, int]:
    """Where an option of row ``r`` (past the last row: a bonus row) and field ``j`` (-1: the
    small box) stands on the sheet and its rank: ``(place, rank)`` (:data:`PLACES`)."""
    rows = t.fields.shape[0]
    if r >= rows:
        return 2 * t.bonus_upper[r - rows] + 1, BONUS
    return 2 * r, AGAIN * (j < 0)


@_fast
def _gap_best(
    t: KernelTables, s: Sheets, p: int, total: int, c: int, fields_only: bool = False
) -> tuple[int, int, int]:
    """The gap-k choice for a die sum ``total`` (``c``: the colour it must be, -1 any;
    ``fields_only``: no small boxes nor bonus cells): ``(key, row, field)``, ``field`` -1 for
    a small box, ``row`` past the last row for a bonus row. Smaller keys are better
    (:func:`_key`), so the order is fewest skips (a last field -1, a small box 0), more
    crosses, upper place, a field before a small box and a bonus cell (docs/simulate.md)."""
    best, br, bj = NONE, -1, -2
    rows = t.fields.shape[0]
    for k in range(rows):
        r, first, last, again = _row_matches(t, s, p, total, c, k)
        if r == END:
            break
        if fields_only:
            again = 0
        have = s.crosses[p, r]
        box = _key(0, have, 2 * r, AGAIN, 0)
        if last >= 0:
            key, j = _key(-1, have, 2 * r, 0, 0), last
        elif first >= 0:
            key, j = _key(first - s.pos[p, r] - 1, have, 2 * r, 0, 0), first
            if again == 1 and box < key:
                key, j = box, -1
        elif again == 1:
            key, j = box, -1
        else:
            continue
        if key < best:
            best, br, bj = key, r, j
    for b in range(0 if fields_only else t.bonus_upper.shape[0]):
        j = _bonus_cell(t, s, p, b, total, c)
        if j < 0:
            continue
        place = 2 * t.bonus_upper[b] + 1
        key = _key(j - s.bonus_pos[p, b] - 1, _bits(s.bonus_cells[p, b]), place, BONUS, 0)
        if key < best:
            best, br, bj = key, rows + b, j
    return best, br, bj


@_fast
def _swap_of(t: KernelTables, s: Sheets, p: int, total: int, d: int) -> int:
    """The number diamond ``d`` turns the white sum ``total`` into, or -1 (X-Change: a
    diamond not yet passed, showing ``total``; RULES.md §4)."""
    if d < s.diamond_next[p]:
        return -1
    if t.diamonds[d, 0] == total:
        return int(t.diamonds[d, 1])
    if t.diamonds[d, 1] == total:
        return int(t.diamonds[d, 0])
    return -1


@_fast
def _gap_white(t: KernelTables, s: Sheets, p: int, total: int) -> tuple[int, int, int, int]:
    """The gap-k choice for the white sum: :func:`_gap_best` or a diamond swap, whose skips
    add the diamonds it jumps over (a lock: -1): ``(key, row, field, diamond)``."""
    best, br, bj = _gap_best(t, s, p, total, -1)
    bd = -1
    for d in range(t.diamonds.shape[0]):
        other = _swap_of(t, s, p, total, d)
        if other < 0:
            continue
        key, r, j = _gap_best(t, s, p, other, -1, True)
        if key == NONE:
            continue
        if key >= SKIP_SPAN:  # not a lock
            key += (d - s.diamond_next[p]) * SKIP_SPAN
        key += SWAP * DIAMONDS + d
        if key < best:
            best, br, bj, bd = key, r, j, d
    fewest = _lucky_fewest(t, s, p, total)
    for r in range(t.fields.shape[0] if fewest >= 0 else 0):
        j = _lucky_next(t, s, p, r, fewest)
        if j < 0:
            continue
        skips = -1 if j >= t.lock_start[r] else 0
        key = _key(skips, s.crosses[p, r], 2 * r, LUCKY, 0)
        if key < best:
            best, br, bj, bd = key, r, j, -1
    return best, br, bj, bd


@_fast
def _lucky_next(t: KernelTables, s: Sheets, p: int, r: int, fewest: int) -> int:
    """The field a lucky cross takes in row ``r`` (its next free field: open, crossable now,
    ``fewest`` crossed fields: RULES.md §4 Longo), or -1 (``fewest`` -1: any count)."""
    j = int(s.pos[p, r]) + 1
    if j >= t.fields[r] or not _open(t, s, p, r):
        return -1
    if j >= t.lock_start[r] and s.crosses[p, r] < t.rules[THRESHOLD]:
        return -1
    if fewest >= 0 and _bits(s.crossed[p, r]) != fewest:
        return -1
    return j


@_fast
def _lucky_fewest(t: KernelTables, s: Sheets, p: int, total: int) -> int:
    """The fewest crossed fields of the rows a lucky cross may go to, when the white sum
    ``total`` is one of player ``p``'s lucky numbers; -1: no lucky cross."""
    if total >= 63 or (s.lucky[p] >> total) & 1 == 0:
        return -1
    fewest = -1
    for r in range(t.fields.shape[0]):
        if _lucky_next(t, s, p, r, -1) >= 0:
            n = _bits(s.crossed[p, r])
            if fewest < 0 or n < fewest:
                fewest = n
    return fewest


@_fast
def _skips(key: int) -> int:
    """The skips of a :func:`_gap_best` key."""
    return key // SKIP_SPAN - 1


@_fast
def _strong_value(t: KernelTables, s: Sheets, p: int, r: int, j: int) -> float:
    """What the strong bot thinks crossing field ``j`` of row ``r`` (-1: the small box) is
    worth: the points the cross adds, less the skipped fields weighted by how often their
    sums come and what a cross in the row is worth, less a fixed cost when the cross makes
    the lock unreachable (docs/simulate.md)."""
    ls, q, have = t.lock_start[r], s.pos[p, r], s.crosses[p, r]
    if j < 0:
        add = 1
    elif j >= ls:
        add = 2
    else:
        add = 1 + t.double[r, j]
    gain = _gain(t, s, p, r, add)
    skipped = 0
    lost_lock = 0
    if j >= 0:
        if t.again[r] == 1 and q >= 0 and (s.again[p, r] >> q) & 1 == 0:
            skipped += t.ways[r, q]
        for i in range(q + 1, j):
            skipped += t.ways[r, i] * (1 + t.double[r, i] + t.again[r])
        if j < ls:
            reach = have + add
            for i in range(j + 1, ls):
                reach += 1 + t.double[r, i] + t.again[r]
            if have + add < t.rules[THRESHOLD] and reach < t.rules[THRESHOLD]:
                lost_lock = 1
    w = t.weights
    cost = (
        w[SKIP_WEIGHT] * (have + w[SKIP_BASE]) * skipped / t.rules[FACES] + w[LOCK_LOST] * lost_lock
    )
    return float(gain - cost)


@_fast
def _gain(t: KernelTables, s: Sheets, p: int, r: int, add: int) -> int:
    """The points ``add`` more crosses bring to row ``r``, its bonus crosses counted (Big
    Points), capped by the score table."""
    top = t.points.shape[0] - 1
    have = s.crosses[p, r] + s.bonus_count[p, r]
    return int(t.points[min(have + add, top)] - t.points[min(have, top)])


@_fast
def _bonus_value(t: KernelTables, s: Sheets, p: int, b: int, j: int) -> float:
    """What the strong bot thinks cell ``j`` of bonus row ``b`` is worth: a cross for both
    rows beside it, less the cells it skips weighted by how often their sums come."""
    up = t.bonus_upper[b]
    gain = _gain(t, s, p, up, 1) + _gain(t, s, p, t.bonus_lower[b], 1)
    skipped = 0
    for i in range(s.bonus_pos[p, b] + 1, j):
        skipped += t.ways[up, i]
    have = _bits(s.bonus_cells[p, b])
    w = t.weights
    return float(gain - w[SKIP_WEIGHT] * (have + w[SKIP_BASE]) * skipped / t.rules[FACES])


@_fast
def _better(v: float, place: int, rank: int, d: int, j: int, b: Best) -> bool:
    """The strong bot's order against the best so far ``b`` (value, place, rank, diamond,
    field; place -1: none yet): a higher value, then the upper place, then the lower rank (a
    field, a small box, a lucky cross, a swap, a bonus cell), then the earlier diamond, then
    the field further left."""
    bv, bplace, brank, bd, bj = b
    if bplace < 0 or v > bv:
        return True
    if v < bv:
        return False
    if place != bplace:
        return place < bplace
    if rank != brank:
        return rank < brank
    return d < bd or (d == bd and j < bj)


@_fast
def _strong_best(
    t: KernelTables, s: Sheets, p: int, total: int, c: int, fields_only: bool = False
) -> tuple[float, int, int]:
    """The strong bot's best cross for a sum (``c``, ``fields_only`` as in
    :func:`_gap_best`): ``(value, row, field)`` in the order of :func:`_better`, a lock
    first; ``row`` -1: none, past the last row: a bonus row."""
    best, br, bj = -1e300, -1, -2
    for k in range(t.fields.shape[0]):
        r, first, last, again = _row_matches(t, s, p, total, c, k)
        if r == END:
            break
        if fields_only:
            again = 0
        if last >= 0:
            v, j = t.weights[LOCK_VALUE], last
        elif first >= 0:
            v, j = _strong_value(t, s, p, r, first), first
            if again == 1:
                va = _strong_value(t, s, p, r, -1)
                if va > v:
                    v, j = va, -1
        elif again == 1:
            v, j = _strong_value(t, s, p, r, -1), -1
        else:
            continue
        if _better_option(t, v, r, j, best, br, bj):
            best, br, bj = v, r, j
    for b in range(0 if fields_only else t.bonus_upper.shape[0]):
        j = _bonus_cell(t, s, p, b, total, c)
        if j >= 0:
            v, r = _bonus_value(t, s, p, b, j), t.fields.shape[0] + b
            if _better_option(t, v, r, j, best, br, bj):
                best, br, bj = v, r, j
    return best, br, bj


@_fast
def _better_option(t: KernelTables, v: float, r: int, j: int, bv: float, br: int, bj: int) -> bool:
    """:func:`_better` for two options that are crosses, small boxes or bonus cells (row,
    field; ``br`` -1: none yet)."""
    if br < 0:
        return True
    place, rank = _place(t, r, j)
    bplace, brank = _place(t, br, bj)
    return _better(v, place, rank, 0, j, (bv, bplace, brank, 0, bj))


@_fast
def _strong_white(t: KernelTables, s: Sheets, p: int, total: int) -> tuple[float, int, int, int]:
    """The strong bot's best move of the white sum: :func:`_strong_best`, a diamond swap,
    worth its field's cross less :data:`DIAMOND_COST` per diamond used or jumped over, or a
    lucky cross, worth the cross of its field (a lock: :data:`LOCK_VALUE`): ``(value, row,
    field, diamond)``."""
    best, br, bj = _strong_best(t, s, p, total, -1)
    bd = -1
    bplace, brank = _place(t, br, bj) if br >= 0 else (-1, 0)
    for d in range(t.diamonds.shape[0]):
        other = _swap_of(t, s, p, total, d)
        if other < 0:
            continue
        v, r, j = _strong_best(t, s, p, other, -1, True)
        if r < 0:
            continue
        if v < t.weights[LOCK_VALUE]:
            v -= t.weights[DIAMOND_COST] * (d - s.diamond_next[p] + 1)
        if _better(v, 2 * r, SWAP, d, j, (best, bplace, brank, bd, bj)):
            best, br, bj, bd, bplace, brank = v, r, j, d, 2 * r, SWAP
    fewest = _lucky_fewest(t, s, p, total)
    for r in range(t.fields.shape[0] if fewest >= 0 else 0):
        j = _lucky_next(t, s, p, r, fewest)
        if j < 0:
            continue
        v = t.weights[LOCK_VALUE] if j >= t.lock_start[r] else _strong_value(t, s, p, r, j)
        if _better(v, 2 * r, LUCKY, -1, j, (best, bplace, brank, bd, bj)):
            best, br, bj, bd, bplace, brank = v, r, j, -1, 2 * r, LUCKY
    return best, br, bj, bd


@_fast
def _gap_colour(t: KernelTables, s: Sheets, p: int, roll: Ints) -> tuple[int, int, int]:
    """The best of the white + colour options for gap-k (same order as :func:`_gap_best`)."""
    best, br, bj = NONE, -1, -2
    for c in range(t.rules[DICE]):
        if s.closed[c] == 1:
            continue
        for w in range(2):
            key, r, j = _gap_best(t, s, p, roll[w] + roll[2 + c], c)
            if key < best or (key == best and j < bj):  # equal keys: two lock fields
                best, br, bj = key, r, j
    return best, br, bj


@_fast
def _strong_colour(t: KernelTables, s: Sheets, p: int, roll: Ints) -> tuple[float, int, int]:
    """The strong bot's best white + colour option: ``(value, row, field)``."""
    best, br, bj = -1e300, -1, -2
    for c in range(t.rules[DICE]):
        if s.closed[c] == 1:
            continue
        for w in range(2):
            v, r, j = _strong_best(t, s, p, roll[w] + roll[2 + c], c)
            if r >= 0 and _better_option(t, v, r, j, best, br, bj):
                best, br, bj = v, r, j
    return best, br, bj


@_fast
def _white_choice(
    t: KernelTables, s: Sheets, p: int, active: bool, roll: Ints, strategy: int
) -> tuple[int, int, int]:
    """Player ``p``'s action-1 move for the white sum: ``(row, field, diamond)``, row -1 to
    pass, diamond -1 for a plain cross."""
    total = roll[0] + roll[1]
    if strategy == STRONG:
        v, r, j, d = _strong_white(t, s, p, total)
        if r < 0 or v > t.weights[TAKE_ABOVE] or not active:
            return (r, j, d) if r >= 0 and v > t.weights[TAKE_ABOVE] else (-1, -2, -1)
        cv, cr, _ = _strong_colour(t, s, p, roll)
        if cr >= 0 and cv > t.weights[TAKE_ABOVE]:
            return -1, -2, -1
        if v > -t.weights[PENALTY_RELIEF] and (cr < 0 or v >= cv):
            return r, j, d
        return -1, -2, -1
    key, r, j, d = _gap_white(t, s, p, total)
    if key == NONE:
        return -1, -2, -1
    skips = _skips(key)
    if skips <= strategy:
        return r, j, d
    if active and skips <= strategy + 1:
        ckey, _, _ = _gap_colour(t, s, p, roll)
        if ckey == NONE or _skips(ckey) > strategy:
            return r, j, d
    return -1, -2, -1


@_fast
def _colour_choice(
    t: KernelTables, s: Sheets, p: int, roll: Ints, strategy: int, crossed: bool
) -> tuple[int, int]:
    """The active player's action-2 cross: ``(row, field)``, row -1 to pass."""
    if strategy == STRONG:
        v, r, j = _strong_colour(t, s, p, roll)
        limit = t.weights[TAKE_ABOVE] if crossed else -t.weights[PENALTY_RELIEF]
        return (r, j) if r >= 0 and v > limit else (-1, -2)
    key, r, j = _gap_colour(t, s, p, roll)
    limit = strategy if crossed else strategy + 1
    if key != NONE and _skips(key) <= limit:
        return r, j
    return -1, -2


@_fast
def _close(s: Sheets) -> int:
    """Close the colours locked in the action just ended; the number of closed colours."""
    closed = 0
    for c in range(s.closed.shape[0]):
        if s.closing[c] == 1:
            s.closed[c] = 1
            s.closing[c] = 0
        closed += s.closed[c]
    return closed


@_fast
def _score(t: KernelTables, s: Sheets, p: int) -> int:
    """Player ``p``'s total: rows by the score table (capped) with their bonus crosses, the
    framed group, penalties, and the Kräfte end effects (RULES.md §1 Score, §2 Kräfte: weakest
    row: fewest points, the upper on ties; §4 Big Points, Connected Steps)."""
    top = t.points.shape[0] - 1
    total = 0
    weakest = -1
    framed = 0
    for r in range(t.fields.shape[0]):
        pts = t.points[min(s.crosses[p, r] + s.bonus_count[p, r], top)]
        total += pts
        if weakest < 0 or pts < weakest:
            weakest = pts
        framed += _bits(s.crossed[p, r] & t.framed[r])
    total += t.points[min(framed, top)]
    lost = s.penalties[p] * t.rules[PENALTY_POINTS]
    total -= lost
    if (s.powers[p] >> WEAKEST_DOUBLE) & 1:
        total += weakest
    if (s.powers[p] >> PLUS_13) & 1:
        total += PLUS_POINTS
    if (s.powers[p] >> NO_PENALTIES) & 1:
        total += lost
    return int(total)


@_compiled
def play_games(
    t: KernelTables, strategies: Ints, seed: int, first: int, out: Games, lucky: Ints, slips: Ints
) -> None:
    """Play games ``first .. first + len(out.rolls) - 1`` of the run seeded ``seed`` with one
    strategy per seat (``strategies``, seat 0 starts) and write their results to ``out``;
    ``lucky`` (games, seats): bit masks of each seat's lucky numbers (Longo; else 0);
    ``slips`` (games, seats): each seat's slip, an index into the tables' links (Connected
    Chain; else 0)."""
    s = _sheets(strategies.shape[0], t.fields.shape[0], t.rules[DICE], t.bonus_upper.shape[0])
    state = np.zeros(1, dtype=np.uint64)
    roll = np.zeros(2 + t.rules[DICE], dtype=np.int64)
    _play(t, s, state, roll, strategies, seed, first, out, lucky, slips)


@_fast
def _play(
    t: KernelTables,
    s: Sheets,
    state: Seeds,
    roll: Ints,
    strategies: Ints,
    seed: int,
    first: int,
    out: Games,
    lucky: Ints,
    slips: Ints,
) -> None:
    """The loop of :func:`play_games`, without reference counting (``_nrt=False``): passing
    the table tuples to the helpers then costs nothing."""
    players = strategies.shape[0]
    rows = t.fields.shape[0]
    dice = t.rules[DICE]
    boxes = t.rules[PENALTY_BOXES]
    faces = t.rules[FACES]
    end_at = t.rules[END_AT]
    for g in range(out.rolls.shape[0]):
        _reset(s)
        for p in range(players):
            s.lucky[p] = lucky[g, p]
            s.slip[p] = slips[g, p]
        state[0] = np.uint64(seed) * SEED_MULTIPLIER + np.uint64(first + g)
        active, count, end = 0, 0, -1
        while end < 0:
            if faces == 6:  # 6 and 8 as constants: a modulo by a variable is slow
                for d in range(2 + dice):
                    roll[d] = _die(state, SIX)
            else:
                for d in range(2 + dice):
                    roll[d] = _die(state, EIGHT)
            count += 1
            moved = False
            for p in range(players):
                r, j, d = _white_choice(t, s, p, p == active, roll, strategies[p])
                if r >= 0:
                    if d >= 0:
                        s.diamond_next[p] = d + 1
                    _apply(t, s, p, r, j)
                    moved = moved or p == active
            if _close(s) >= end_at:
                end = END_LOCKS
                break
            r, j = _colour_choice(t, s, active, roll, strategies[active], moved)
            if r >= 0:
                _apply(t, s, active, r, j)
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
                out.again[g, p, r] = s.again[p, r]
            for b in range(t.bonus_upper.shape[0]):
                out.bonus[g, p, b] = s.bonus_cells[p, b]
        out.rolls[g] = count
        out.ends[g] = end
        out.locked[g] = s.locked_rows[0]
