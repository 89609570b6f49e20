"""The strong bot in the compiled kernel: each option valued by the points it adds, less
the skipped fields weighted by how often their sums come, less a cost when the lock gets out
of reach (docs/simulate.md; specified in :mod:`qwixx_print.sim.bots`, weights in
:attr:`qwixx_print.sim.tables.KernelTables.weights`). Part of the one allowed mirror of the
rules (:mod:`qwixx_print.sim.kernel`)."""

from __future__ import annotations

from qwixx_print.sim.matches import (
    END,
    LUCKY,
    SQUARE,
    SWAP,
    _bonus_cell,
    _lucky_fewest,
    _lucky_next,
    _place,
    _row_matches,
    _swap_of,
)
from qwixx_print.sim.square_moves import _square_colours, _square_free, _square_value
from qwixx_print.sim.state import Sheets, _bits, _fast
from qwixx_print.sim.tables import (
    DIAMOND_COST,
    DICE,
    FACES,
    LOCK_LOST,
    LOCK_VALUE,
    SKIP_BASE,
    SKIP_WEIGHT,
    THRESHOLD,
    USES_BONUS_ROWS,
    USES_DIAMONDS,
    USES_DOUBLES,
    USES_LUCKY,
    USES_SMALL_BOXES,
    USES_SQUARES,
    Ints,
    KernelTables,
)

Best = tuple[float, int, int, int, int]
"""The strong bot's best option so far: value, place, rank, diamond, field (:func:`_better`)."""


@_fast
def _strong_value(t: KernelTables, s: Sheets, p: int, r: int, j: int, m: int) -> float:
    """What the strong bot thinks crossing field ``j`` of row ``r`` (-1: the small box) is
    worth: the points the cross adds, less the skipped fields weighted by how often their
    sums come and what a cross in the row is worth, less a fixed cost when the cross makes
    the lock unreachable (docs/simulate.md); ``m``: the layout's mechanics
    (:data:`~qwixx_print.sim.tables.ALL_MECHANICS`)."""
    ls, q, have = t.lock_start[r], s.pos[p, r], s.crosses[p, r]
    if j < 0:
        add = 1
    elif j >= ls:
        add = 2
    else:
        add = 1 + t.double[r, j] if m & USES_DOUBLES else 1
    gain = _gain(t, s, p, r, add, m)
    skipped = 0
    lost_lock = 0
    if j >= 0:
        boxes = t.again[r] if m & USES_SMALL_BOXES else 0
        if boxes == 1 and q >= 0 and (s.again[p, r] >> q) & 1 == 0:
            skipped += t.ways[r, q]
        for i in range(q + 1, j):
            skipped += t.ways[r, i] * (1 + (t.double[r, i] if m & USES_DOUBLES else 0) + boxes)
        if j < ls:
            reach = have + add
            for i in range(j + 1, ls):
                reach += 1 + (t.double[r, i] if m & USES_DOUBLES else 0) + boxes
            if have + add < t.rules[THRESHOLD] and reach < t.rules[THRESHOLD]:
                lost_lock = 1
    w = t.weights
    cost = (
        w[SKIP_WEIGHT] * (have + w[SKIP_BASE]) * skipped / t.rules[FACES] + w[LOCK_LOST] * lost_lock
    )
    return float(gain - cost)


@_fast
def _gain(t: KernelTables, s: Sheets, p: int, r: int, add: int, m: int) -> int:
    """The points ``add`` more crosses bring to row ``r``, its bonus crosses counted (Big
    Points, link squares), capped by the score table."""
    top = t.points.shape[0] - 1
    have = s.crosses[p, r]
    if m & (USES_BONUS_ROWS | USES_SQUARES):
        have += s.bonus_count[p, r]
    return int(t.points[min(have + add, top)] - t.points[min(have, top)])


@_fast
def _bonus_value(t: KernelTables, s: Sheets, p: int, b: int, j: int, m: int) -> float:
    """What the strong bot thinks cell ``j`` of bonus row ``b`` is worth: a cross for both
    rows beside it, less the cells it skips weighted by how often their sums come."""
    up = t.bonus_upper[b]
    gain = _gain(t, s, p, up, 1, m) + _gain(t, s, p, t.bonus_lower[b], 1, m)
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
    t: KernelTables, s: Sheets, p: int, total: int, c: int, m: int, fields_only: bool = False
) -> tuple[float, int, int]:
    """The strong bot's best cross for a sum (``c``, ``m``, ``fields_only`` as in
    :func:`_gap_best`): ``(value, row, field)`` in the order of :func:`_better`, a lock
    first; ``row`` -1: none, past the last row: a bonus row."""
    best, br, bj = -1e300, -1, -2
    for k in range(t.fields.shape[0]):
        r, first, last, again = _row_matches(t, s, p, total, c, k, m)
        if r == END:
            break
        if fields_only:
            again = 0
        if last >= 0:
            v, j = t.weights[LOCK_VALUE], last
        elif first >= 0:
            v, j = _strong_value(t, s, p, r, first, m), first
            if again == 1:
                va = _strong_value(t, s, p, r, -1, m)
                if va > v:
                    v, j = va, -1
        elif again == 1:
            v, j = _strong_value(t, s, p, r, -1, m), -1
        else:
            continue
        if _better_option(t, v, r, j, best, br, bj):
            best, br, bj = v, r, j
    for b in range(t.bonus_upper.shape[0] if m & USES_BONUS_ROWS and not fields_only else 0):
        j = _bonus_cell(t, s, p, b, total, c)
        if j >= 0:
            v, r = _bonus_value(t, s, p, b, j, m), t.fields.shape[0] + b
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
def _strong_white(
    t: KernelTables, s: Sheets, p: int, total: int, roll: Ints, m: int
) -> tuple[float, int, int, int]:
    """The strong bot's best move of the white sum: :func:`_strong_best`, a diamond swap,
    worth its field's cross less :data:`DIAMOND_COST` per diamond used or jumped over, a
    lucky cross, worth the cross of its field (a lock: :data:`LOCK_VALUE`), or a link square
    of the white dice (field ``-2 - left``, :func:`_strong_squares`): ``(value, row, field,
    diamond)``."""
    best, br, bj = _strong_best(t, s, p, total, -1, m)
    bd = -1
    bplace, brank = _place(t, br, bj) if br >= 0 else (-1, 0)
    for d in range(t.diamonds.shape[0] if m & USES_DIAMONDS else 0):
        other = _swap_of(t, s, p, total, d)
        if other < 0:
            continue
        v, r, j = _strong_best(t, s, p, other, -1, m, True)
        if r < 0:
            continue
        if v < t.weights[LOCK_VALUE]:
            v -= t.weights[DIAMOND_COST] * (d - s.diamond_next[p] + 1)
        if _better(v, 2 * r, SWAP, d, j, (best, bplace, brank, bd, bj)):
            best, br, bj, bd, bplace, brank = v, r, j, d, 2 * r, SWAP
    fewest = _lucky_fewest(t, s, p, total) if m & USES_LUCKY else -1
    for r in range(t.fields.shape[0] if fewest >= 0 else 0):
        j = _lucky_next(t, s, p, r, fewest)
        if j < 0:
            continue
        v = t.weights[LOCK_VALUE] if j >= t.lock_start[r] else _strong_value(t, s, p, r, j, m)
        if _better(v, 2 * r, LUCKY, -1, j, (best, bplace, brank, bd, bj)):
            best, br, bj, bd, bplace, brank = v, r, j, -1, 2 * r, LUCKY
    if m & USES_SQUARES:
        b = (best, bplace, brank, bd, bj)
        best, br, bj, bd = _strong_squares(t, s, p, roll, False, b, br)
    return best, br, bj, bd


@_fast
def _strong_squares(
    t: KernelTables, s: Sheets, p: int, roll: Ints, colour: bool, b: Best, br: int
) -> tuple[float, int, int, int]:
    """The best of ``b`` (in row ``br``, -1: none) and the link squares ``roll`` allows
    (RULES.md §7; ``colour``: action 2's coloured dice), in :func:`_better`'s order, a square
    ranked last among options of its place: ``(value, row, field, diamond)``, a square's
    field ``-2 - left``."""
    best, bplace, brank, bd, bj = b
    allowed = _square_colours(t, s, roll, colour)
    for r in range(t.fields.shape[0] if allowed else 0):
        mask = t.square_mask[r]
        for left in range(t.fields[r] if mask else 0):
            if not _square_free(t, s, p, r, left) or (allowed >> t.colour[r, left]) & 1 == 0:
                continue
            v = _square_value(t, s, p, r, left)
            field = -2 - bj if bj <= -2 else bj
            if br < 0 or _better(v, 2 * r, SQUARE, -1, left, (best, bplace, brank, bd, field)):
                best, br, bj, bd, bplace, brank = v, r, -2 - left, -1, 2 * r, SQUARE
    return best, br, bj, bd


@_fast
def _strong_colour(
    t: KernelTables, s: Sheets, p: int, roll: Ints, m: int
) -> tuple[float, int, int]:
    """The strong bot's best white + colour option: ``(value, row, field)``."""
    best, br, bj = -1e300, -1, -2
    for c in range(t.rules[DICE]):
        if s.closed[c] == 1:
            continue
        for w in range(2 if roll[0] != roll[1] else 1):  # equal white dice: one sum
            v, r, j = _strong_best(t, s, p, roll[w] + roll[2 + c], c, m)
            if r >= 0 and _better_option(t, v, r, j, best, br, bj):
                best, br, bj = v, r, j
    if m & USES_SQUARES:
        bplace, brank = _place(t, br, bj) if br >= 0 else (-1, 0)
        best, br, bj, _ = _strong_squares(t, s, p, roll, True, (best, bplace, brank, 0, bj), br)
    return best, br, bj
