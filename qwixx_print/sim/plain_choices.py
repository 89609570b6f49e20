"""The plain kernel's options and the bots' choices among them (issue 24,
:mod:`qwixx_print.sim.plain`): the option a die sum has in a row, the gap bot's key and the
strong bot's value of it, and the best option of the white sum and of the white + colour
sums by either bot.

A gap option is one integer (:func:`_key`: skips, crosses, row) and the strong bot's value
two prefix sums (:attr:`qwixx_print.sim.plain.PlainTables.skipped`); both bots walk the same
options (:func:`_best`) and keep the best by their own order
(:func:`_weigh`).
"""

from __future__ import annotations

from qwixx_print.sim.lean import _better
from qwixx_print.sim.plain import Facts, PlainTables
from qwixx_print.sim.state import _bits, _fast
from qwixx_print.sim.tables import Ints

SPAN = 1 << 14
"""A gap key (:func:`_key`) is ``(skips + 1) * SPAN + (127 - crosses) * 128 + row``: smaller
is better (fewest skips, a lock -1; then more crosses; then the upper row)."""
NO_KEY = 1 << 40
"""The key of no option."""

Weights = tuple[float, float, float, float, float]
"""The strong bot's weights the loop keeps in registers: skip weight, skip base, lock lost,
lock value, diamond cost (:data:`qwixx_print.sim.tables.WEIGHTS`)."""
PackedRoll = tuple[int, int, int]
"""A roll as the loop keeps it: the two white dice, then the coloured dice packed in one
integer, 4 bits each (die ``c`` at bit ``4c``)."""
Best = tuple[int, float, int, int]
"""The best option so far (:func:`_weigh`): its gap key (:data:`NO_KEY`: none), its strong
value (-1e300: none), its row (-1: none) and field."""
NOTHING: Best = (NO_KEY, -1e300, -1, -2)
"""No option yet."""


@_fast
def _key(skips: int, have: int, r: int) -> int:
    """A gap option as one integer (:data:`SPAN`)."""
    return (skips + 1) * SPAN + (127 - have) * 128 + r


@_fast
def _option(
    t: PlainTables,
    f: Facts,
    pos: Ints,
    have: Ints,
    at: int,
    r: int,
    total: int,
    small: bool,
    spare: int,
) -> tuple[int, int]:
    """Row ``r``'s option for sum ``total`` of the seat whose rows start at ``at`` in ``pos``
    and ``have`` (the row open): ``(skips, field)``; skips -1: the lock field, -2: none;
    field -1: the small box under the row's last cross, when the layout has small boxes
    (``small``) and it is not crossed (``spare``: the row's crossed small boxes, a bit mask;
    RULES.md §2 Nochmal: a number once a row, so the sum is that field's)."""
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
    if small and j == q and t.boxes[r] and not (spare >> q) & 1:
        return 0, -1
    return -2, -1


@_fast
def _reach(
    t: PlainTables, f: Facts, pos: Ints, have: Ints, at: int, r: int, total: int
) -> tuple[int, int, int, bool, bool]:
    """Row ``r``'s field for sum ``total`` of the seat whose rows start at ``at``, as the
    select-only options read it (:func:`_gap_option`, :func:`_box_key`,
    :func:`_strong_option`): ``(j, q, n, lock, ok)``, the field (-1: none), the row's last
    cross, its crosses, whether the field is the lock field and whether it may be crossed
    (right of the last cross; the lock field after the threshold, RULES.md §1)."""
    j = t.field[r * f[0] + total]
    q, n = pos[at + r], have[at + r]
    lock = j == (f[3] >> (8 * r)) & 255
    return j, q, n, lock, (j > q) & ((not lock) | (n >= f[1]))


@_fast
def _gap_option(
    t: PlainTables, f: Facts, pos: Ints, have: Ints, at: int, r: int, total: int, bonus: bool
) -> tuple[int, int]:
    """Row ``r``'s option for sum ``total`` as :func:`_option` finds it (no small boxes), as a
    gap key (:func:`_key`; :data:`NO_KEY`: none; ``bonus``: rows placed between bonus rows,
    :func:`_place`) and its field, by arithmetic and selects: the dice decide which branch
    :func:`_option` takes, so a processor often guesses it wrong. The key is reckoned whether
    or not the row has the option: computed in one arm of the choice, LLVM made the choice a
    branch again (docs/performance.md, seventh and ninth rounds). Two options of one key are
    in one row with the same skips, so the same field: :func:`_weigh`'s tie (the field left)
    never decides, and the smaller key alone is the better option."""
    j, q, n, lock, ok = _reach(t, f, pos, have, at, r, total)
    key = _key(-1 if lock else j - q - 1, n, 2 * r if bonus else r)  # taken or not
    return (key if ok else NO_KEY), j


@_fast
def _value(
    t: PlainTables,
    f: Facts,
    w: Weights,
    r: int,
    n: int,
    q: int,
    j: int,
    add: int,
    left: int,
    extra: int,
) -> float:
    """The strong bot's value of crossing field ``j`` (not the lock field, counting ``add``
    crosses; -1: the small box under the last cross) of row ``r`` with ``n`` crosses, the
    last at ``q`` (:func:`qwixx_print.sim.strong._strong_value`, the same operations in the
    same order); ``left``: the ways of the small box a field leaves behind (0: none);
    ``extra``: the row's bonus crosses (Big Points: they count for the score, not for the
    lock); ``w``: the weights in registers (:data:`Weights`: read from memory after every
    cross, they cost a quarter of the strong bot's time)."""
    top = t.points.shape[0] - 1
    gain = t.points[min(n + extra + add, top)] - t.points[min(n + extra, top)]
    skipped, lost_lock = 0, 0
    if j >= 0:
        skipped = left + t.skipped[r, j] - t.skipped[r, q + 1]
        thresh = f[1]
        reach = n + add + t.reach[r, (f[3] >> (8 * r)) & 255] - t.reach[r, j + 1]
        lost_lock = 1 if n + add < thresh and reach < thresh else 0
    cost = w[0] * (n + w[1]) * skipped / f[2] + w[2] * lost_lock
    return float(gain - cost)


Rows = tuple[Ints, Ints, Ints, Ints, Ints, Ints, Ints]
"""A game's rows as the bots read them (:data:`qwixx_print.sim.plain_games.State`): per
seat and row the last cross, the counted crosses, the crossed small boxes and the crossed
fields (bit masks), per seat and bonus row the last crossed cell and the crossed cells (a
bit mask), per seat and row its bonus crosses (Big Points; read only with bonus rows)."""

Build = tuple[bool, bool, bool, bool, bool, bool, bool]
"""What an entry point's loop is compiled for (constants once inlined): the strong bot's code,
doubles, rows of mixed colours, the chains of a cross, small boxes, diamonds, bonus rows
(:func:`qwixx_print.sim.plain.build`)."""


@_fast
def _weigh(
    t: PlainTables,
    f: Facts,
    w: Weights,
    r: int,
    n: int,
    q: int,
    option: tuple[int, int],
    strong: bool,
    double: bool,
    best: Best,
    small: bool,
    spare: int,
    bonus: bool,
    extra: int,
) -> Best:
    """``best`` or the ``option`` ``(skips, j)`` of row ``r`` (``n`` crosses, the last at
    ``q``) if it is better: by the strong bot's value (``strong``; a lock field its fixed
    value; :func:`qwixx_print.sim.lean._better`; ``double``: the layout has doubles), else
    by the gap key (equal keys, one row: the field left). With small boxes (``small``;
    ``spare``: the row's crossed small boxes) a small box (``j`` -1) comes after a field of
    the same key or value in its row (:func:`qwixx_print.sim.matches._place`: its rank).
    With bonus rows (``bonus``; ``extra``: the row's bonus crosses) rows and bonus rows are
    ordered by their places (:func:`_place`)."""
    skips, j = option
    key, value, br, bj = best
    if strong:
        add = (t.held[r, j] if j >= 0 else 1) if double else 1
        left = 0
        if small and t.boxes[r] and q >= 0 and not (spare >> q) & 1:
            left = t.ways[r, q]
        v = w[3] if skips < 0 else _value(t, f, w, r, n, q, j, add, left, extra)
        if small and v == value and r == br:
            return (key, v, r, j) if j >= 0 and (bj < 0 or j < bj) else best
        if bonus:
            return (key, v, r, j) if _better(v, 2 * r, j, value, _place(t, f, br), bj) else best
        if _better(v, r, j, value, br, bj):
            return key, v, r, j
        return best
    k = _key(skips, n, 2 * r if bonus else r)
    if small and k == key:
        return (k, value, r, j) if j >= 0 and (bj < 0 or j < bj) else best
    if k < key or (k == key and j < bj):
        return k, value, r, j
    return best


@_fast
def _place(t: PlainTables, f: Facts, r: int) -> int:
    """Where row ``r`` stands on a sheet with bonus rows: ``2r``, a bonus row past the last
    row ``2 x`` its upper row ``+ 1`` (:func:`qwixx_print.sim.matches._place`); -1 for -1."""
    if r < 0:
        return -1
    return 2 * r if r < f[6] else 2 * t.bonus_upper[r - f[6]] + 1


@_fast
def _cell(
    t: PlainTables,
    f: Facts,
    w: Weights,
    rows: Rows,
    p: int,
    b: int,
    total: int,
    strong: bool,
    best: Best,
) -> Best:
    """``best`` or the cell of bonus row ``b`` the die sum ``total`` may cross for seat ``p``
    if it is better (RULES.md §4 Big Points; :func:`qwixx_print.sim.matches._bonus_cell`):
    right of the last bonus cross, its column crossed in a row beside it, beside a closed row
    too; the gap key's skips are the cells it jumps over, its crosses the bonus row's
    (:func:`qwixx_print.sim.gap._bonus_key`); the strong value one cross more in both rows
    less the skipped cells (:func:`qwixx_print.sim.strong._bonus_value`)."""
    up, lo = t.bonus_upper[b], t.bonus_lower[b]
    j = t.field[up * f[0] + total]
    kept = p * t.bonus_upper.shape[0] + b
    last, cells = rows[4][kept], rows[5][kept]
    at = p * f[6]
    if j <= last or not ((rows[3][at + up] | rows[3][at + lo]) >> j) & 1:
        return best
    key, value, br, bj = best
    r = f[6] + b
    if strong:
        top = t.points.shape[0] - 1
        gain = 0
        for row in (up, lo):
            n = rows[1][at + row] + rows[6][at + row]
            gain += t.points[min(n + 1, top)] - t.points[min(n, top)]
        skipped = 0
        for i in range(last + 1, j):
            skipped += t.ways[up, i]
        have = _bits(cells)
        v = float(gain - w[0] * (have + w[1]) * skipped / f[2])
        return (key, v, r, j) if _better(v, 2 * up + 1, j, value, _place(t, f, br), bj) else best
    k = _key(j - last - 1, _bits(cells), 2 * up + 1)
    if k < key or (k == key and j < bj):
        return k, value, r, j
    return best


@_fast
def _open_rows(f: Facts, closed: int) -> int:
    """The rows whose lock colour is not in ``closed``, as a bit mask."""
    rows = 0
    for r in range(f[6]):
        if not (closed >> ((f[4] >> (4 * r)) & 15)) & 1:
            rows |= 1 << r
    return rows


@_fast
def _best(
    t: PlainTables,
    f: Facts,
    w: Weights,
    rows: Rows,
    at: int,
    closed: int,
    table: int,
    dice: PackedRoll,
    strong: bool,
    white: bool,
    built: Build,
) -> Best:
    """The best option of the white sum (``white``) or of the white + colour sums, by the
    strong bot (``strong``) or gap-k, of the seat whose rows start at ``at`` in ``rows``
    (:data:`Rows`; ``closed``: the colours closed on its sheet; ``table``: at the table,
    whose dice are not rolled); ``built``: the layout's :data:`Build`."""
    if white:
        return _white_sum(t, f, w, rows, at, closed, dice[0] + dice[1], strong, built)
    best = NOTHING
    mix = built[2]
    open_rows = _open_rows(f, closed) if mix else 0
    for c in range(f[5]):
        if (table >> c) & 1:
            continue
        colour = (dice[2] >> (4 * c)) & 15
        if mix:  # the rows whose field of the sum has the die's colour
            for white_die in range(2):
                total = dice[white_die] + colour
                held = t.rows_of[c * f[0] + total] & open_rows
                for r in range(f[6]):
                    if _keyed(strong, built):  # every row's key, kept if the row is held
                        k = _consider(t, f, w, rows, at, r, total, strong, built, NOTHING)[0]
                        best = min(best[0], k if (held >> r) & 1 else NO_KEY), best[1], -1, -2
                    elif (held >> r) & 1:
                        best = _consider(t, f, w, rows, at, r, total, strong, built, best)
            continue
        for k in range(t.colour_rows.shape[1]):
            r = t.colour_rows[c, k]
            if r < 0:
                break
            if (closed >> c) & 1:
                continue
            for white_die in range(2):
                total = dice[white_die] + colour
                best = _consider(t, f, w, rows, at, r, total, strong, built, best)
        for b in range(t.bonus_upper.shape[0] if built[6] else 0):
            if t.bonus_colours[b, 0] == c or t.bonus_colours[b, 1] == c:
                for white_die in range(2):
                    total = dice[white_die] + colour
                    best = _cell(t, f, w, rows, at // f[6], b, total, strong, best)
    return _found(f, rows[0], at, best, strong, built)


@_fast
def _white_sum(
    t: PlainTables,
    f: Facts,
    w: Weights,
    rows: Rows,
    at: int,
    closed: int,
    total: int,
    strong: bool,
    built: Build,
) -> Best:
    """The best option of the white sum ``total`` in the rows of the seat (as :func:`_best`),
    without a diamond's swap."""
    best = NOTHING
    for r in range(f[6]):
        if not (closed >> ((f[4] >> (4 * r)) & 15)) & 1:
            best = _consider(t, f, w, rows, at, r, total, strong, built, best)
    for b in range(t.bonus_upper.shape[0] if built[6] else 0):
        best = _cell(t, f, w, rows, at // f[6], b, total, strong, best)
    return _found(f, rows[0], at, best, strong, built)


@_fast
def _keyed(strong: bool, built: Build) -> bool:
    """Whether the options of a seat are weighed by their gap keys alone, the best found
    from its key at the end (:func:`_found`): for a gap bot on a layout without bonus rows
    (with small boxes the key is :func:`_box_key`'s)."""
    return not strong and not built[6]


@_fast
def _found(f: Facts, pos: Ints, at: int, best: Best, strong: bool, built: Build) -> Best:
    """``best`` whole: when the options were weighed by their keys alone (:func:`_keyed`:
    ``best`` holds the smallest key), its row and field from the key (:func:`_key`): the
    row its last 7 bits, the field the row's lock field for skips -1, else the field
    ``skips + 1`` right of the row's last cross (``pos``, the seat's rows from ``at``). A
    key alone is a minimum the processor takes without a branch: with the row and field
    kept beside it, a branch the dice decide chose them (docs/performance.md, ninth round).
    With small boxes (``built``) the key is :func:`_box_key`'s: its last bit says the small
    box under the row's last cross (field -1)."""
    key = best[0]
    if not _keyed(strong, built) or key == NO_KEY:
        return best
    box = key & 1 if built[4] else 0
    key = key >> 1 if built[4] else key
    r = key & 127
    skips = (key >> 14) - 1
    j = (f[3] >> (8 * r)) & 255 if skips < 0 else pos[at + r] + skips + 1
    return key, best[1], r, -1 if box else j


@_fast
def _box_key(
    t: PlainTables, f: Facts, pos: Ints, have: Ints, again: Ints, at: int, r: int, total: int
) -> int:
    """Row ``r``'s option for sum ``total`` on a layout with small boxes (RULES.md §2
    Nochmal), as :func:`_option` finds it and :func:`_weigh` orders it for a gap bot, as one
    integer: its gap key (:func:`_key`) times 2, plus 1 for the small box under the row's
    last cross (``again``: the crossed small boxes; skips 0), so that of one key a field
    comes before the small box; :data:`NO_KEY` for none. By selects, as
    :func:`_gap_option`."""
    j, q, n, lock, ok = _reach(t, f, pos, have, at, r, total)
    spare = (again[at + r] >> max(q, 0)) & 1 == 0
    box = (j >= 0) & (j == q) & (t.boxes[r] != 0) & spare
    skips = -1 if lock else (0 if box else j - q - 1)
    key = 2 * _key(skips, n, r) + (1 if box else 0)  # taken or not
    return key if ok | box else NO_KEY


@_fast
def _consider(
    t: PlainTables,
    f: Facts,
    w: Weights,
    rows: Rows,
    at: int,
    r: int,
    total: int,
    strong: bool,
    built: Build,
    best: Best,
) -> Best:
    """``best`` or row ``r``'s option for the die sum ``total`` (:func:`_option`) if it is
    better (:func:`_weigh`), for the seat whose rows start at ``at`` in ``rows``. A gap bot's
    by its key alone where it may (:func:`_keyed`; :func:`_box_key` with small boxes, else
    :func:`_gap_option`: the row and field found at the end, :func:`_found`), else without
    small boxes by :func:`_gap_option`; the strong bot's without small boxes and bonus rows
    by :func:`_strong_option`."""
    pos, have, again = rows[0], rows[1], rows[2]
    small, bonus = built[4], built[6]
    if _keyed(strong, built):  # the row and field found from the best key (_found)
        if small:
            k = _box_key(t, f, pos, have, again, at, r, total)
        else:
            k = _gap_option(t, f, pos, have, at, r, total, False)[0]
        return min(k, best[0]), best[1], -1, -2
    if not strong and not small:
        k, j = _gap_option(t, f, pos, have, at, r, total, bonus)
        return (k, best[1], r, j) if k < best[0] else best
    if not small and not bonus:
        return _strong_option(t, f, w, pos, have, at, r, total, built[1], best)
    spare = again[at + r] if small else 0
    o = _option(t, f, pos, have, at, r, total, small, spare)
    if o[0] > -2:
        n, q = have[at + r], pos[at + r]
        extra = rows[6][at + r] if bonus else 0
        return _weigh(t, f, w, r, n, q, o, strong, built[1], best, small, spare, bonus, extra)
    return best


@_fast
def _strong_option(
    t: PlainTables,
    f: Facts,
    w: Weights,
    pos: Ints,
    have: Ints,
    at: int,
    r: int,
    total: int,
    double: bool,
    best: Best,
) -> Best:
    """``best`` or row ``r``'s option for the die sum ``total`` by the strong bot if it is
    better, as :func:`_option` and :func:`_weigh` find it on a layout without small boxes
    and bonus rows (``double``: with doubles), by selects: the option's value is reckoned
    whether or not the row has it (a field left of the last cross is read, never taken),
    so no branch the dice decide is taken (docs/performance.md, ninth round)."""
    j, q, n, lock, ok = _reach(t, f, pos, have, at, r, total)
    add = t.held[r, j] if double else 1
    v = _value(t, f, w, r, n, q, j, add, 0, 0)
    v = w[3] if lock else v
    key, value, br, bj = best
    tie = (v == value) & ((r < br) | ((r == br) & (j < bj)))
    better = ok & ((br < 0) | (v > value) | tie)  # lean._better, as one expression
    return (key, v, r, j) if better else best


@_fast
def _white_best(
    t: PlainTables,
    f: Facts,
    w: Weights,
    rows: Rows,
    at: int,
    closed: int,
    dice: PackedRoll,
    strong: bool,
    built: Build,
    passed: int,
    limit: int,
) -> tuple[Best, int]:
    """The best option of the white sum with the diamonds' swaps (RULES.md §4 X-Change;
    :func:`qwixx_print.sim.gap._gap_white`, :func:`qwixx_print.sim.strong._strong_white`):
    ``(best, diamond)``, diamond -1 for no swap; ``passed``: the seat's diamonds used or
    jumped over. A swap of diamond ``d`` is the best field of its other number, its skips
    grown by the diamonds it jumps over (not for a lock field), its strong value less the
    diamond cost for it and each it jumps over; it comes after a plain cross of the same key
    or value in its row, and after a swap of a diamond further left. ``limit``: the most
    skips a gap bot's seat may take with the white sum (its k, k + 1 for the active seat,
    :func:`qwixx_print.sim.lean._white_verdict`): a swap that must skip more is not looked
    at (the seat would pass either way, so the result is the same)."""
    total = dice[0] + dice[1]
    best = _white_sum(t, f, w, rows, at, closed, total, strong, built)
    bd = -1
    swaps = t.swaps[total] >> passed
    cap = (limit + 2) * SPAN  # a gap bot's swap takes a key under it
    while swaps:  # the diamonds showing the sum, left to right
        low = swaps & -swaps
        swaps ^= low
        d = passed + _bits(low - 1)
        other = t.diamonds[d, 0] + t.diamonds[d, 1] - total
        if not strong and not t.lock_rows[other] and min(best[0], cap) < (d - passed + 1) * SPAN:
            continue  # it jumps over too many diamonds, and no lock: it cannot be taken
        key, v, r, j = _white_sum(t, f, w, rows, at, closed, other, strong, built)
        if r < 0:
            continue
        if strong:
            if v < w[3]:
                v -= w[4] * (d - passed + 1)
            if best[2] < 0 or v > best[1] or (v == best[1] and r < best[2]):
                best, bd = (key, v, r, j), d
            continue
        if key >= SPAN:  # not a lock
            key += (d - passed) * SPAN
        if key < best[0]:
            best, bd = (key, v, r, j), d
    return best, bd


@_fast
def _colour_rows(t: PlainTables, f: Facts, closed: int, c: int, total: int, mix: bool) -> int:
    """The rows (a bit mask) :func:`_best` offers the white + colour sum ``total`` of die
    ``c`` on a sheet with the colours ``closed`` closed: for the probe
    (:func:`qwixx_print.sim.probe.plain_options`)."""
    if mix:
        return int(t.rows_of[c * f[0] + total]) & _open_rows(f, closed)
    rows = 0
    for k in range(t.colour_rows.shape[1]):
        r = t.colour_rows[c, k]
        if r < 0:
            break
        if not (closed >> c) & 1:
            rows |= 1 << r
    return rows


@_fast
def _choice(best: Best, strong: bool) -> tuple[float, int, int]:
    """A best option (:func:`_best`) as the loop weighs it: ``(value,
    row, field)``; for gap-k (not ``strong``) the value is the option's skips (:data:`NO_KEY`
    for none)."""
    key, value, r, j = best
    if strong:
        return value, r, j
    return float((key >> 14) - 1 if key != NO_KEY else NO_KEY), r, j
