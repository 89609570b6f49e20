"""The compiled kernel's game state: every player's sheet and the table as arrays
(:class:`Sheets`), the dice stream, closing colours and the final score (RULES.md §1 Score,
§2 Kräfte end effects, §4 Big Points, Connected Steps), and the two ways the kernel's
functions are compiled (:func:`_fast`, :func:`_compiled`). Part of the one allowed mirror of
the rules (:mod:`qwixx_print.sim.kernel`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar, cast

import numpy as np
import numpy.typing as npt

from qwixx_print.sim.jit import njit
from qwixx_print.sim.tables import (
    PENALTY_POINTS,
    USES_BONUS_ROWS,
    USES_FRAMED,
    USES_POWERS,
    USES_SQUARES,
    USES_TRACK,
    Ints,
    KernelTables,
)

F = TypeVar("F", bound=Callable[..., Any])
Seeds = npt.NDArray[np.uint64]

_FAST: dict[str, Any] = {
    "cache": True,
    "_nrt": False,
    "forceinline": True,
    "no_cpython_wrapper": True,
    "no_cfunc_wrapper": True,
}


def _fast(function: F) -> F:
    """Compile ``function`` without reference counting (numba's ``_nrt=False``: with it,
    each call increments and decrements every array of the tuples :class:`Sheets` and
    :class:`~qwixx_print.sim.tables.KernelTables`: 5 times slower) and inlined into its
    callers (``forceinline``: a call would copy the tuples of arrays, about 2 kB: 3 times
    slower). Such a function allocates nothing, and only compiled code calls it: it has no
    wrapper to be called from Python (``no_cpython_wrapper``, ``no_cfunc_wrapper``; building
    and optimising the wrappers of some 80 such functions, which box the tuples of arrays,
    was half of a kernel's first compile: issue 24). Called from Python it crashes the
    process; call it from a function compiled with :func:`_compiled` or ``njit``."""
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
    (P, R): the bonus crosses each row scores (Big Points) and its link squares (Connect
    15: crosses that score, not toward the lock); ``track_next`` (P,): the value track's
    next field, so its crossed fields (Lucky 15); ``squares`` (P, R): a bit mask of the
    crossed link squares, each by the field left of it (a square sets ``pos`` to that field:
    fields and squares are one left-to-right order, RULES.md §7).
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
    track_next: Ints
    squares: Ints


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
        np.zeros(players, dtype=np.int64),
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
    s.track_next[:] = 0
    s.squares[:] = 0


@_fast
def _die(state: Seeds, faces: np.uint64) -> int:
    """The next die of the stream with ``faces`` faces (a constant: a fast modulo)."""
    state[0] += GAMMA
    z = state[0]
    z = (z ^ (z >> S30)) * MIX_1
    z = (z ^ (z >> S27)) * MIX_2
    z = z ^ (z >> S31)
    return 1 + int(z % faces)


LUCKY_SALT = np.uint64(0x6A09E667F3BCC908)


@_compiled
def deal_lucky(start: np.uint64, count: int, players: int, pool: Ints) -> Ints:
    """Per game and seat, the bit mask of the seat's lucky numbers (Longo, RULES.md §4), for
    ``count`` games whose dice streams start at ``start``, ``start + 1``, ...
    (:func:`qwixx_print.sim.dice.start`): ``pool`` holds the bit mask of each set the layout
    may deal (:func:`qwixx_print.dealing.lucky_pool`), the sets drawn as
    :func:`qwixx_print.sim.dice.lucky_draws` draws them (its twin: the same stream, the
    same redraws). Shape ``(count, players)``, int64."""
    masks = np.zeros((count, players), dtype=np.int64)
    sets = np.uint64(pool.shape[0])
    picked = np.zeros(players, dtype=np.int64)
    for g in range(count):
        z0 = (start + np.uint64(g)) ^ LUCKY_SALT
        n = 0
        while n < players:
            z0 += GAMMA
            z = z0
            z = (z ^ (z >> S30)) * MIX_1
            z = (z ^ (z >> S27)) * MIX_2
            j = int((z ^ (z >> S31)) % sets)
            fresh = True
            for k in range(n - n % pool.shape[0], n):
                if picked[k] == j:
                    fresh = False
            if fresh:
                picked[n] = j
                masks[g, n] = pool[j]
                n += 1
    return masks


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
def _bits(mask: int) -> int:
    """How many bits of ``mask`` are set (crossed fields, cells)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


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
def _score(t: KernelTables, s: Sheets, p: int, m: int) -> int:
    """Player ``p``'s total: rows by the score table (capped) with their bonus crosses, the
    framed group, penalties, and the Kräfte end effects (RULES.md §1 Score, §2 Kräfte: weakest
    row: fewest points, the upper on ties; §4 Big Points, Connected Steps), and the value
    of the rightmost crossed value track field (RULES-more.md §7 Lucky 15); ``m``: the
    layout's mechanics (:data:`~qwixx_print.sim.tables.ALL_MECHANICS`)."""
    top = t.points.shape[0] - 1
    total = 0
    weakest = -1
    framed = 0
    for r in range(t.fields.shape[0]):
        counted = s.crosses[p, r]
        if m & (USES_BONUS_ROWS | USES_SQUARES):
            counted += s.bonus_count[p, r]
        pts = t.points[min(counted, top)]
        total += pts
        if weakest < 0 or pts < weakest:
            weakest = pts
        if m & USES_FRAMED:
            framed += _bits(s.crossed[p, r] & t.framed[r])
    total += t.points[min(framed, top)]
    lost = s.penalties[p] * t.rules[PENALTY_POINTS]
    total -= lost
    if m & USES_POWERS:
        if (s.powers[p] >> WEAKEST_DOUBLE) & 1:
            total += weakest
        if (s.powers[p] >> PLUS_13) & 1:
            total += PLUS_POINTS
        if (s.powers[p] >> NO_PENALTIES) & 1:
            total += lost
    if m & USES_TRACK and s.track_next[p] > 0:
        total += t.track[s.track_next[p] - 1]
    return int(total)
