"""Connect 15's link squares in the compiled kernel (RULES.md §7): which squares a roll
allows a player (two dice showing the trigger's faces: the white pair for everyone in action
1; in action 2 the active player's white + the square's colour, or that colour + another
coloured die), the gap-k bot's key and the strong bot's value of a square, as
:mod:`qwixx_print.sim.bots` specifies them. A square is returned as the field ``-2 - left``
(``left``: the field left of it; -1 is a small box). Part of the one allowed mirror of the
rules (:mod:`qwixx_print.sim.kernel`)."""

from __future__ import annotations

from qwixx_print.sim.matches import NONE, SQUARE, _key
from qwixx_print.sim.state import Sheets, _fast, _open
from qwixx_print.sim.tables import (
    COLOUR_COLOUR,
    DICE,
    FACES,
    LOCK_LOST,
    SKIP_BASE,
    SKIP_WEIGHT,
    THRESHOLD,
    WHITE_COLOUR,
    WHITE_WHITE,
    Ints,
    KernelTables,
)


@_fast
def _shows(t: KernelTables, a: int, b: int) -> bool:
    """Two dice showing ``a`` and ``b`` are the trigger's two faces, in either order."""
    x, y = t.square_rules[0], t.square_rules[1]
    return bool((a == x and b == y) or (a == y and b == x))


@_fast
def _square_free(t: KernelTables, s: Sheets, p: int, r: int, left: int) -> bool:
    """Player ``p`` may cross the square right of field ``left`` of row ``r`` as far as the
    sheet goes: the row open, a square there, nothing right of it crossed, not crossed."""
    if (t.square_mask[r] >> left) & 1 == 0 or not _open(t, s, p, r):
        return False
    q = s.pos[p, r]
    return bool(left > q or (left == q and (s.squares[p, r] >> left) & 1 == 0))


@_fast
def _square_colours(t: KernelTables, s: Sheets, roll: Ints, colour: bool) -> int:
    """The colours (bit ``c``: die ``c``) whose link squares the dice of ``roll`` allow: the
    white pair (action 1: every colour, -1, or none), or, ``colour``, the active player's
    white + the square's colour or that colour + another coloured die in play (action 2; a
    square's colour is its left field's). Asked once a choice: most rolls allow none, and
    then no square is looked at."""
    flags = t.square_rules[2]
    if not colour:
        return -1 if flags & WHITE_WHITE != 0 and _shows(t, roll[0], roll[1]) else 0
    allowed = 0
    for c in range(t.rules[DICE]):
        if s.closed[c] == 1:
            continue
        face = roll[2 + c]
        if flags & WHITE_COLOUR and (_shows(t, roll[0], face) or _shows(t, roll[1], face)):
            allowed |= 1 << c
            continue
        if flags & COLOUR_COLOUR:
            for other in range(t.rules[DICE]):
                if other != c and s.closed[other] == 0 and _shows(t, face, roll[2 + other]):
                    allowed |= 1 << c
                    break
    return allowed


@_fast
def _square_dice(t: KernelTables, s: Sheets, r: int, left: int, roll: Ints, colour: bool) -> bool:
    """The dice of ``roll`` allow the square right of field ``left`` of row ``r``
    (:func:`_square_colours`)."""
    return bool((_square_colours(t, s, roll, colour) >> t.colour[r, left]) & 1)


@_fast
def _gap_square(
    t: KernelTables, s: Sheets, p: int, roll: Ints, colour: bool
) -> tuple[int, int, int]:
    """The gap-k best link square of ``roll``: ``(key, row, -2 - left)``; the key skips the
    fields between the last cross and the square (:func:`qwixx_print.sim.matches._key`)."""
    best, br, bj = NONE, -1, -2
    allowed = _square_colours(t, s, roll, colour)
    for r in range(t.fields.shape[0] if allowed else 0):
        mask = t.square_mask[r]
        for left in range(t.fields[r] if mask else 0):
            if (mask >> left) & 1 == 0 or not _square_free(t, s, p, r, left):
                continue
            if (allowed >> t.colour[r, left]) & 1 == 0:
                continue
            key = _key(left - s.pos[p, r], s.crosses[p, r], 2 * r, SQUARE, 0)
            if key < best:
                best, br, bj = key, r, -2 - left
    return best, br, bj


@_fast
def _square_value(t: KernelTables, s: Sheets, p: int, r: int, left: int) -> float:
    """The strong bot's value of the square right of field ``left`` of row ``r``: one more
    counted cross (with the bonus and square crosses, by the score table), less the fields
    up to it weighted as a cross's skips, less the lock cost when the fields right of it
    cannot reach the lock (a square counts nothing toward it)."""
    ls, q, have = t.lock_start[r], s.pos[p, r], s.crosses[p, r]
    top = t.points.shape[0] - 1
    counted = s.crosses[p, r] + s.bonus_count[p, r]
    gain = t.points[min(counted + 1, top)] - t.points[min(counted, top)]
    skipped = 0
    if t.again[r] == 1 and q >= 0 and (s.again[p, r] >> q) & 1 == 0:
        skipped += t.ways[r, q]
    for i in range(q + 1, left + 1):
        skipped += t.ways[r, i] * (1 + t.double[r, i] + t.again[r])
    lost_lock = 0
    reach = have
    for i in range(left + 1, ls):
        reach += 1 + t.double[r, i] + t.again[r]
    if have < t.rules[THRESHOLD] and reach < t.rules[THRESHOLD]:
        lost_lock = 1
    w = t.weights
    cost = (
        w[SKIP_WEIGHT] * (have + w[SKIP_BASE]) * skipped / t.rules[FACES] + w[LOCK_LOST] * lost_lock
    )
    return float(gain - cost)
