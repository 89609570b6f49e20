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

The parts: :mod:`~qwixx_print.sim.state` (the sheets as arrays, dice, score),
:mod:`~qwixx_print.sim.crossing` (a cross and its chain), :mod:`~qwixx_print.sim.matches`
(where a sum may go), :mod:`~qwixx_print.sim.gap` and :mod:`~qwixx_print.sim.strong` (the
bots); this module: each player's choice per action and the game loop.
"""

from __future__ import annotations

import numpy as np

from qwixx_print.sim.crossing import _apply
from qwixx_print.sim.gap import _gap_colour, _gap_white
from qwixx_print.sim.matches import NONE, _skips
from qwixx_print.sim.square_moves import _gap_square
from qwixx_print.sim.state import (
    EIGHT,
    END_LOCKS,
    END_PENALTIES,
    SEED_MULTIPLIER,
    SIX,
    Seeds,
    Sheets,
    _close,
    _compiled,
    _die,
    _fast,
    _reset,
    _score,
    _sheets,
)
from qwixx_print.sim.strategy import STRONG
from qwixx_print.sim.strong import _strong_colour, _strong_white
from qwixx_print.sim.tables import (
    DICE,
    END_AT,
    FACES,
    PENALTY_BOXES,
    PENALTY_RELIEF,
    TAKE_ABOVE,
    Games,
    Ints,
    KernelTables,
)


@_fast
def _white_choice(
    t: KernelTables, s: Sheets, p: int, active: bool, roll: Ints, strategy: int
) -> tuple[int, int, int]:
    """Player ``p``'s action-1 move for the white sum: ``(row, field, diamond)``, row -1 to
    pass, diamond -1 for a plain cross; a field ``-2 - left`` is a link square (RULES.md
    §7: the white dice's faces)."""
    total = roll[0] + roll[1]
    if strategy == STRONG:
        v, r, j, d = _strong_white(t, s, p, total, roll)
        if r < 0 or v > t.weights[TAKE_ABOVE] or not active:
            return (r, j, d) if r >= 0 and v > t.weights[TAKE_ABOVE] else (-1, -2, -1)
        cv, cr, _ = _strong_colour(t, s, p, roll)
        if cr >= 0 and cv > t.weights[TAKE_ABOVE]:
            return -1, -2, -1
        if v > -t.weights[PENALTY_RELIEF] and (cr < 0 or v >= cv):
            return r, j, d
        return -1, -2, -1
    key, r, j, d = _gap_white(t, s, p, total)
    square_key, square_row, square = _gap_square(t, s, p, roll, False)  # RULES.md §7
    if square_key < key:
        key, r, j, d = square_key, square_row, square, -1
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
