"""The gap-k bot in the compiled kernel: the option that skips fewest fields, a lock first,
then more crosses, the upper row (docs/simulate.md; specified in
:mod:`qwixx_print.sim.bots`). Part of the one allowed mirror of the rules
(:mod:`qwixx_print.sim.kernel`)."""

from __future__ import annotations

from qwixx_print.sim.matches import (
    AGAIN,
    BONUS,
    DIAMONDS,
    END,
    LUCKY,
    NONE,
    SKIP_SPAN,
    SWAP,
    _bonus_cell,
    _key,
    _lucky_fewest,
    _lucky_next,
    _matches,
    _row_matches,
    _swap_of,
)
from qwixx_print.sim.square_moves import _gap_square
from qwixx_print.sim.state import Sheets, _bits, _fast, _open
from qwixx_print.sim.tables import (
    DICE,
    USES_BONUS_ROWS,
    USES_DIAMONDS,
    USES_LUCKY,
    USES_SQUARES,
    Ints,
    KernelTables,
)


@_fast
def _row_key(
    t: KernelTables, s: Sheets, p: int, r: int, first: int, last: int, again: int
) -> tuple[int, int]:
    """The gap-k option of row ``r`` for player ``p`` given its :func:`_matches`
    (``first``, ``last``, ``again``): ``(key, field)``, field -1 for the small box;
    :data:`NONE` when there is none. The order of :func:`_gap_best`."""
    have = s.crosses[p, r]
    box = _key(0, have, 2 * r, AGAIN, 0)
    if last >= 0:
        return _key(-1, have, 2 * r, 0, 0), last
    if first >= 0:
        key = _key(first - s.pos[p, r] - 1, have, 2 * r, 0, 0)
        if again == 1 and box < key:
            return box, -1
        return key, first
    if again == 1:
        return box, -1
    return NONE, -2


@_fast
def _bonus_key(t: KernelTables, s: Sheets, p: int, b: int, total: int, c: int) -> tuple[int, int]:
    """The gap-k option of bonus row ``b`` for the sum ``total`` (``c`` as in
    :func:`_gap_best`): ``(key, cell)``, :data:`NONE` when there is none (RULES.md §4 Big
    Points)."""
    j = _bonus_cell(t, s, p, b, total, c)
    if j < 0:
        return NONE, -2
    place = 2 * t.bonus_upper[b] + 1
    return _key(j - s.bonus_pos[p, b] - 1, _bits(s.bonus_cells[p, b]), place, BONUS, 0), j


@_fast
def _gap_best(
    t: KernelTables, s: Sheets, p: int, total: int, c: int, m: int, fields_only: bool = False
) -> tuple[int, int, int]:
    """The gap-k choice for a die sum ``total`` (``c``: the colour it must be, -1 any; ``m``:
    the layout's mechanics; ``fields_only``: no small boxes nor bonus cells): ``(key, row,
    field)``, ``field`` -1 for a small box, ``row`` past the last row for a bonus row. Smaller
    keys are better (:func:`_key`), so the order is fewest skips (a last field -1, a small box
    0), more crosses, upper place, a field before a small box and a bonus cell
    (docs/simulate.md). Keys of different options of one sum differ (a key holds the place)."""
    best, br, bj = NONE, -1, -2
    rows = t.fields.shape[0]
    for k in range(rows):
        r, first, last, again = _row_matches(t, s, p, total, c, k, m)
        if r == END:
            break
        key, j = _row_key(t, s, p, r, first, last, 0 if fields_only else again)
        if key < best:
            best, br, bj = key, r, j
    for b in range(t.bonus_upper.shape[0] if m & USES_BONUS_ROWS and not fields_only else 0):
        key, j = _bonus_key(t, s, p, b, total, c)
        if key < best:
            best, br, bj = key, rows + b, j
    return best, br, bj


@_fast
def _gap_white(t: KernelTables, s: Sheets, p: int, total: int, m: int) -> tuple[int, int, int, int]:
    """The gap-k choice for the white sum: :func:`_gap_best`, a diamond swap, whose skips
    add the diamonds it jumps over (a lock: -1), or a lucky cross: ``(key, row, field,
    diamond)``."""
    best, br, bj = _gap_best(t, s, p, total, -1, m)
    bd = -1
    for d in range(t.diamonds.shape[0] if m & USES_DIAMONDS else 0):
        other = _swap_of(t, s, p, total, d)
        if other < 0:
            continue
        key, r, j = _gap_best(t, s, p, other, -1, m, True)
        if key == NONE:
            continue
        if key >= SKIP_SPAN:  # not a lock
            key += (d - s.diamond_next[p]) * SKIP_SPAN
        key += SWAP * DIAMONDS + d
        if key < best:
            best, br, bj, bd = key, r, j, d
    fewest = _lucky_fewest(t, s, p, total) if m & USES_LUCKY else -1
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
def _gap_colour(t: KernelTables, s: Sheets, p: int, roll: Ints, m: int) -> tuple[int, int, int]:
    """The best of the white + colour options for gap-k (same order as :func:`_gap_best`;
    of options with equal keys, two lock fields of one row, the field left), link squares of
    the coloured dice last (Connect 15). Each row of a colour is looked at once for both
    white dice (one sum when they are equal): the result is the smallest (key, field) of all
    options, in whatever order they are met."""
    best, br, bj = NONE, -1, -2
    rows = t.fields.shape[0]
    sums = 2 if roll[0] != roll[1] else 1
    for c in range(t.rules[DICE]):
        if s.closed[c] == 1:
            continue
        for k in range(rows):
            r = t.colour_rows[c, k]
            if r < 0:
                break
            if not _open(t, s, p, r):
                continue
            for w in range(sums):
                first, last, again = _matches(t, s, p, r, roll[w] + roll[2 + c], c, m)
                key, j = _row_key(t, s, p, r, first, last, again)
                if key < best or (key == best and j < bj):
                    best, br, bj = key, r, j
        for b in range(t.bonus_upper.shape[0] if m & USES_BONUS_ROWS else 0):
            for w in range(sums):
                key, j = _bonus_key(t, s, p, b, roll[w] + roll[2 + c], c)
                if key < best or (key == best and j < bj):
                    best, br, bj = key, rows + b, j
    if m & USES_SQUARES:
        key, r, j = _gap_square(t, s, p, roll, True)  # RULES.md §7: by the faces, not a sum
        if key < best:
            best, br, bj = key, r, j
    return best, br, bj
