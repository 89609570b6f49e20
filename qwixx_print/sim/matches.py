"""Where a die sum may go on a sheet, in the compiled kernel: per row the first matching
field after the last cross, the lock field and the small box (RULES.md §1, §4 Nochmal), the
first bonus cell (§4 Big Points), a diamond's swap (§4 X-Change), lucky crosses (§4 Longo),
the value track (RULES-more.md §7 Lucky 15),
and the gap bots' order of options as one number (:func:`_key`). Part of the one allowed
mirror of the rules (:mod:`qwixx_print.sim.kernel`); :mod:`qwixx_print.sim.probe` compares
these options with the engine's."""

from __future__ import annotations

from qwixx_print.sim.state import Sheets, _bits, _fast, _open
from qwixx_print.sim.tables import (
    THRESHOLD,
    TRACK_COLOURED,
    TRACK_TOTAL,
    TRACK_WHITE,
    USES_SMALL_BOXES,
    Ints,
    KernelTables,
)

NONE = 1 << 40
"""Key of "no legal cross"."""

AGAIN, LUCKY, SWAP, BONUS, SQUARE = 1, 2, 3, 4, 5
"""Ranks of a small box, a lucky cross, a diamond swap, a bonus cell and a link square
(RULES.md §7) among options of the same skips, crosses and place (a plain cross 0;
:data:`qwixx_print.sim.bot_options.TIE_ORDER`)."""
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


@_fast
def _track_open(t: KernelTables, s: Sheets, p: int, roll: Ints) -> bool:
    """Whether player ``p`` may cross the value track's next field with ``roll`` (white,
    white, then a face per die): a field left and the trigger's total made by its white dice
    (both, either, or none) plus, when it takes one, the die of a colour still in the game
    (Lucky 15, RULES-more.md §7; :func:`qwixx_print.rules.trigger_totals`). The player must
    be the active one: the caller's."""
    if s.track_next[p] >= t.track.shape[0]:
        return False
    total, white = t.rules[TRACK_TOTAL], t.rules[TRACK_WHITE]
    for w in range(2 if white == 1 else 1):
        base = roll[0] + roll[1] if white == 2 else roll[w] if white == 1 else 0
        if t.rules[TRACK_COLOURED] == 0:
            if base == total:
                return True
            continue
        for c in range(s.closed.shape[0]):
            if s.closed[c] == 0 and base + roll[2 + c] == total:
                return True
    return False


@_fast
def _matches(
    t: KernelTables, s: Sheets, p: int, r: int, total: int, c: int, m: int
) -> tuple[int, int, int]:
    """Where ``total`` may be crossed in row ``r`` (open) for player ``p``, ``c`` the colour
    the field must have (-1 any): ``(first, last, again)``: the first matching field after the
    last cross if it is not a lock field, the lock field if one matches and the lock is
    allowed, and whether the small box under the last crossed field matches (-1/0: none);
    ``m``: the layout's mechanics (:data:`~qwixx_print.sim.tables.ALL_MECHANICS`)."""
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
        m & USES_SMALL_BOXES
        and t.again[r] == 1
        and q >= 0
        and (s.again[p, r] >> q) & 1 == 0
        and t.number[r, q] == total
        and (c < 0 or t.colour[r, q] == c)
    ):
        again = 1
    return first, last, again


@_fast
def _row_matches(
    t: KernelTables, s: Sheets, p: int, total: int, c: int, k: int, m: int
) -> tuple[int, int, int, int]:
    """The ``k``-th row a sum may go to (``c``: its colour, -1 for the white sum: every
    row; else the rows holding that colour) and its :func:`_matches`: ``(row, first, last,
    again)``; row :data:`END` when there are no more rows, and no match in a closed row."""
    r = k if c < 0 else t.colour_rows[c, k]
    if r < 0:
        return END, -1, -1, 0
    if not _open(t, s, p, r):
        return r, -1, -1, 0
    first, last, again = _matches(t, s, p, r, total, c, m)
    return r, first, last, again


@_fast
def _key(skips: int, crosses: int, place: int, rank: int, d: int) -> int:
    """A gap-k order as one number, smaller first (:data:`SKIP_SPAN`)."""
    tail = ((skips + 1) * CROSSES + CROSSES - 1 - crosses) * PLACES + place
    return (tail * RANKS + rank) * DIAMONDS + d


@_fast
def _bonus_cell(t: KernelTables, s: Sheets, p: int, b: int, total: int, c: int) -> int:
    """The first cell of bonus row ``b`` a die sum ``total`` may cross for player ``p`` (``c``
    as in :func:`_gap_best`), or -1: right of the last bonus cross, its number, its column
    crossed in a row beside it; beside a closed row too (RULES.md §4 Big Points)."""
    if c >= 0 and c != t.bonus_colours[b, 0] and c != t.bonus_colours[b, 1]:
        return -1
    up, lo = t.bonus_upper[b], t.bonus_lower[b]
    if total >= t.next_field.shape[2]:
        return -1
    either = s.crossed[p, up] | s.crossed[p, lo]
    j = t.next_field[up, s.bonus_pos[p, b] + 1, total]  # the cells of that number, in turn
    while j >= 0 and (either >> j) & 1 == 0:
        j = t.next_field[up, j + 1, total]
    return int(j)


@_fast
def _place(t: KernelTables, r: int, j: int) -> tuple[int, int]:
    """Where an option of row ``r`` (past the last row: a bonus row) and field ``j`` (-1: the
    small box; -2 and below: a link square) stands on the sheet and its rank: ``(place,
    rank)`` (:data:`PLACES`)."""
    rows = t.fields.shape[0]
    if r >= rows:
        return 2 * t.bonus_upper[r - rows] + 1, BONUS
    if j <= -2:
        return 2 * r, SQUARE
    return 2 * r, AGAIN * (j < 0)


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
