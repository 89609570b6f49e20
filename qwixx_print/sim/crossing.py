"""A cross and everything it sets off, in the compiled kernel: bonus bar and forced crosses
(RULES-more.md §5 Bonuskette), crossing powers (§5 Kräfte), links (RULES.md §4 Connected),
depth first, as :mod:`qwixx_print.play.sheet` does; small boxes (RULES.md §4 Nochmal) and
bonus cells (§4 Big Points). Part of the one allowed mirror of the rules
(:mod:`qwixx_print.sim.kernel`)."""

from __future__ import annotations

from qwixx_print.sim.state import ONE_IN_EACH, TWO_IN_WEAKEST, Sheets, _closed, _fast, _open
from qwixx_print.sim.tables import (
    THRESHOLD,
    USES_BAR,
    USES_BONUS_ROWS,
    USES_DOUBLES,
    USES_LINKS,
    USES_POWERS,
    USES_SMALL_BOXES,
    USES_SQUARES,
    KernelTables,
)

CROSS, BAR_FIELD, FREE, POWER, LINK = 0, 1, 2, 3, 4
"""Kinds of pending work in a cross's chain (Bonuskette bar, Kräfte powers, Connected
links)."""


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
def _cross_field(t: KernelTables, s: Sheets, p: int, r: int, j: int, top: int, m: int) -> int:
    """Cross field ``j`` of row ``r`` and queue what it triggers (a link's other end last,
    as the engine crosses it); returns the stack top. A forced link cross left of the row's
    last cross does not move it (RULES.md §4 Connected). ``m``: the layout's mechanics
    (:data:`~qwixx_print.sim.tables.ALL_MECHANICS`): a kernel compiled without one has
    none of its code."""
    s.crossed[p, r] |= 1 << j
    if j > s.pos[p, r]:
        s.pos[p, r] = j
    if m & USES_LINKS and t.link_row[s.slip[p], r, j] >= 0:
        top = _push(s, top, LINK, r, j)
    if j >= t.lock_start[r]:  # a lock field: the lock's cross too; closes at action end
        s.crosses[p, r] += 2
        s.closing[t.lock_colour[r]] = 1
        s.mine[p] |= 1 << t.lock_colour[r]
        s.locked_rows[0] |= 1 << r
        return top
    s.crosses[p, r] += 1 + t.double[r, j] if m & USES_DOUBLES else 1
    if m & USES_BAR and t.bonus[r, j]:
        top = _push(s, top, BAR_FIELD, 0, 0)
    if m & USES_POWERS:
        k = t.power[r, j]
        if k >= 0 and (s.powers[p] >> k) & 1 == 0 and _power_complete(t, s, p, k):
            s.powers[p] |= 1 << k
            top = _push(s, top, POWER, k, 0)
    return top


@_fast
def _apply(t: KernelTables, s: Sheets, p: int, r: int, j: int, m: int) -> None:
    """Player ``p`` crosses field ``j`` of row ``r`` (``j == -1``: the small box under the
    row's last crossed field; ``j <= -2``: the link square right of field ``-2 - j``; ``r``
    past the last row: cell ``j`` of bonus row ``r - rows``)
    with everything it sets off: bonus bar and forced crosses (RULES-more.md §5 Bonuskette),
    crossing powers (§5 Kräfte), links (RULES.md §4 Connected), depth first; ``m`` as in
    :func:`_cross_field`."""
    rows = t.fields.shape[0]
    # a bonus cell counts for both rows beside it (RULES.md §4 Big Points)
    if m & USES_BONUS_ROWS and r >= rows:
        b = r - rows
        s.bonus_pos[p, b] = j
        s.bonus_cells[p, b] |= 1 << j
        s.bonus_count[p, t.bonus_upper[b]] += 1
        s.bonus_count[p, t.bonus_lower[b]] += 1
        return
    # the link square right of field -2 - j: scores, not toward the lock (§7)
    if m & USES_SQUARES and j <= -2:
        left = -2 - j
        s.squares[p, r] |= 1 << left
        s.pos[p, r] = left
        s.bonus_count[p, r] += 1
        return
    if m & USES_SMALL_BOXES and j < 0:
        s.again[p, r] |= 1 << s.pos[p, r]
        s.crosses[p, r] += 1
        return
    thresh = t.rules[THRESHOLD]
    top = _cross_field(t, s, p, r, j, 0, m)
    while m & (USES_BAR | USES_POWERS | USES_LINKS) and top > 0:
        top -= 1
        kind, a = s.stack[0, top], s.stack[1, top]
        if kind == CROSS:
            top = _cross_field(t, s, p, a, s.stack[2, top], top, m)
        elif kind == BAR_FIELD:
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
                top = _cross_field(t, s, p, r2, j2, top, m)
        elif kind == POWER:
            if a == TWO_IN_WEAKEST:
                w = _weakest(t, s, p)
                if w >= 0:
                    top = _push(s, top, FREE, w, 0)
                    top = _push(s, top, FREE, w, 0)
            elif a == ONE_IN_EACH:  # every row, top first: FREE skips closed ones
                for r2 in range(t.fields.shape[0] - 1, -1, -1):
                    top = _push(s, top, FREE, r2, 0)
