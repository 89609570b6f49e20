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
end; 8-sided dice and several lock fields come from the tables. RULES-more.md §7: when the
roll lets the active player cross the value track (Lucky 15), every bot does, instead of
both actions (:func:`qwixx_print.sim.bots.track_choice`).

The parts: :mod:`~qwixx_print.sim.state` (the sheets as arrays, dice, score),
:mod:`~qwixx_print.sim.crossing` (a cross and its chain), :mod:`~qwixx_print.sim.matches`
(where a sum may go), :mod:`~qwixx_print.sim.gap` and :mod:`~qwixx_print.sim.strong` (the
bots); this module: each player's choice per action and the game loop.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from typing import cast

import numpy as np

from qwixx_print.sim import jit
from qwixx_print.sim.crossing import _apply
from qwixx_print.sim.gap import _gap_colour, _gap_white
from qwixx_print.sim.matches import NONE, _skips, _track_open
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
    _die,
    _fast,
    _reset,
    _score,
)
from qwixx_print.sim.strategy import STRONG
from qwixx_print.sim.strong import _strong_colour, _strong_white
from qwixx_print.sim.tables import (
    ALL_MECHANICS,
    DICE,
    END_AT,
    FACES,
    PENALTY_BOXES,
    PENALTY_RELIEF,
    TAKE_ABOVE,
    USES_SQUARES,
    USES_TRACK,
    Games,
    Ints,
    KernelTables,
)

Colour = tuple[int, float, int, int, bool]
"""The active player's best white + colour option as asked before action 1: the gap key
(gap-k) or value (strong), row, field, and whether it was asked (:func:`_white_choice`)."""


@_fast
def _white_choice(
    t: KernelTables, s: Sheets, p: int, active: bool, roll: Ints, strategy: int, m: int
) -> tuple[int, int, int, Colour]:
    """Player ``p``'s action-1 move for the white sum: ``(row, field, diamond, colour)``,
    row -1 to pass, diamond -1 for a plain cross; a field ``-2 - left`` is a link square
    (RULES.md §7: the white dice's faces); ``colour``: the best white + colour option, when
    the choice asked for it (:data:`Colour`; action 2 reuses it while it holds); ``m``: the
    layout's mechanics (:data:`~qwixx_print.sim.tables.ALL_MECHANICS`)."""
    total = roll[0] + roll[1]
    unasked: Colour = (NONE, 0.0, -1, -2, False)
    if strategy == STRONG:
        v, r, j, d = _strong_white(t, s, p, total, roll, m)
        if r < 0 or v > t.weights[TAKE_ABOVE] or not active:
            if r >= 0 and v > t.weights[TAKE_ABOVE]:
                return r, j, d, unasked
            return -1, -2, -1, unasked
        cv, cr, cj = _strong_colour(t, s, p, roll, m)
        asked: Colour = (NONE, cv, cr, cj, True)
        if cr >= 0 and cv > t.weights[TAKE_ABOVE]:
            return -1, -2, -1, asked
        if v > -t.weights[PENALTY_RELIEF] and (cr < 0 or v >= cv):
            return r, j, d, asked
        return -1, -2, -1, asked
    key, r, j, d = _gap_white(t, s, p, total, m)
    if m & USES_SQUARES:
        square_key, square_row, square = _gap_square(t, s, p, roll, False)  # RULES.md §7
        if square_key < key:
            key, r, j, d = square_key, square_row, square, -1
    if key == NONE:
        return -1, -2, -1, unasked
    skips = _skips(key)
    if skips <= strategy:
        return r, j, d, unasked
    if active and skips <= strategy + 1:
        ckey, cr, cj = _gap_colour(t, s, p, roll, m)
        asked = (ckey, 0.0, cr, cj, True)
        if ckey == NONE or _skips(ckey) > strategy:
            return r, j, d, asked
        return -1, -2, -1, asked
    return -1, -2, -1, unasked


@_fast
def _colour_choice(
    t: KernelTables,
    s: Sheets,
    p: int,
    roll: Ints,
    strategy: int,
    crossed: bool,
    m: int,
    known: Colour,
) -> tuple[int, int]:
    """The active player's action-2 cross: ``(row, field)``, row -1 to pass; ``known``: the
    best white + colour option of :func:`_white_choice` if it still holds (the player's
    sheet and the closed colours as they were), else not asked."""
    key, v, r, j, asked = known
    if strategy == STRONG:
        if not asked:
            v, r, j = _strong_colour(t, s, p, roll, m)
        limit = t.weights[TAKE_ABOVE] if crossed else -t.weights[PENALTY_RELIEF]
        return (r, j) if r >= 0 and v > limit else (-1, -2)
    if not asked:
        key, r, j = _gap_colour(t, s, p, roll, m)
    limit = strategy if crossed else strategy + 1
    if key != NONE and _skips(key) <= limit:
        return r, j
    return -1, -2


def play_games(
    t: KernelTables,
    strategies: Ints,
    seed: int,
    first: int,
    out: Games,
    lucky: Ints,
    slips: Ints,
    mechanics: int = ALL_MECHANICS,
) -> None:
    """Play games ``first .. first + len(out.rolls) - 1`` of the run seeded ``seed`` with one
    strategy per seat (``strategies``, seat 0 starts) and write their results to ``out``;
    ``lucky`` (games, seats): bit masks of each seat's lucky numbers (Longo; else 0);
    ``slips`` (games, seats): each seat's slip, an index into the tables' links (Connected
    Chain; else 0). The kernel is the one compiled for ``mechanics`` (at least the layout's,
    :func:`qwixx_print.sim.tables.mechanics`; :func:`variant`)."""
    variant(mechanics)(t, strategies, seed, first, out, lucky, slips)


VARIANT = '''"""The general kernel compiled for the mechanics {mechanics:#05x} only: written by
:func:`qwixx_print.sim.kernel.variant` into the cache folder of this version of the simulator
(numba caches it beside it). Do not edit."""

import numpy as np

from qwixx_print.sim.kernel import _play
from qwixx_print.sim.state import _compiled, _sheets
from qwixx_print.sim.tables import DICE

MECHANICS = {mechanics}


@_compiled
def play_games(t, strategies, seed, first, out, lucky, slips):
    s = _sheets(strategies.shape[0], t.fields.shape[0], t.rules[DICE], t.bonus_upper.shape[0])
    state = np.zeros(1, dtype=np.uint64)
    roll = np.zeros(2 + t.rules[DICE], dtype=np.int64)
    _play(t, s, state, roll, strategies, seed, first, out, lucky, slips, np.int64(MECHANICS))
'''
"""The source of a variant of the general kernel (:func:`variant`). ``MECHANICS`` is a global,
a constant of the compiled code; as an ``int64`` (not a literal type) it leaves the helpers
compiled once for all variants (and cached), and once they are inlined into the variant
(``forceinline``), LLVM folds every ``m & ...`` and drops the code it guards for a mechanic the
layout lacks."""

_VARIANTS: dict[int, Callable[..., None]] = {}
"""The variants loaded in this process, by mechanics."""


def variant(mechanics: int) -> Callable[..., None]:
    """The compiled entry point of the general kernel for ``mechanics`` (bits,
    :data:`~qwixx_print.sim.tables.ALL_MECHANICS`): a module written from :data:`VARIANT`
    into the cache folder (:data:`qwixx_print.sim.jit.CACHE`, named by a digest of the
    simulator's sources) on first use, so each variant compiles once and numba's disk cache
    keeps it by that file."""
    known = _VARIANTS.get(mechanics)
    if known is not None:
        return known
    name = f"general_{mechanics:03x}"
    path = jit.CACHE / f"{name}.py"
    if not path.exists():  # written whole, once: numba's cache checks the file's time
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_text(VARIANT.format(mechanics=mechanics))
        os.replace(part, path)
    spec = importlib.util.spec_from_file_location(f"qwixx_print_sim_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    known = _VARIANTS[mechanics] = cast(Callable[..., None], module.play_games)
    return known


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
    m: int,
) -> None:
    """The loop of :func:`play_games`, without reference counting (``_nrt=False``): passing
    the table tuples to the helpers then costs nothing; ``m``: the mechanics it is compiled
    for (a constant of each :func:`variant`)."""
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
        active, count, end, shut = 0, 0, -1, 0
        while end < 0:
            if faces == 6:  # 6 and 8 as constants: a modulo by a variable is slow
                for d in range(2 + dice):
                    roll[d] = _die(state, SIX)
            else:
                for d in range(2 + dice):
                    roll[d] = _die(state, EIGHT)
            count += 1
            # Lucky 15 (RULES-more.md §7): every bot takes the value track when the roll
            # allows it, instead of both actions (sim.bots: the bots' rule)
            track = m & USES_TRACK != 0 and t.track.shape[0] > 0 and _track_open(t, s, active, roll)
            moved = track
            known: Colour = (NONE, 0.0, -1, -2, False)
            for p in range(players):
                if track and p == active:
                    continue
                r, j, d, colour = _white_choice(t, s, p, p == active, roll, strategies[p], m)
                if p == active:
                    known = colour
                if r >= 0:
                    if d >= 0:
                        s.diamond_next[p] = d + 1
                    _apply(t, s, p, r, j, m)
                    moved = moved or p == active
            if track:
                s.track_next[active] += 1
            closed = _close(s)
            if closed >= end_at:
                end = END_LOCKS
                break
            if moved or closed != shut:  # the active player's options are no longer those
                known = (NONE, 0.0, -1, -2, False)
            r, j = (
                (-1, -2)
                if track
                else _colour_choice(t, s, active, roll, strategies[active], moved, m, known)
            )
            if r >= 0:
                _apply(t, s, active, r, j, m)
            elif not moved:
                s.penalties[active] += 1
            shut = _close(s)
            if shut >= end_at:
                end = END_LOCKS
            elif s.penalties[active] >= boxes:
                end = END_PENALTIES
            active = (active + 1) % players
        for p in range(players):
            out.scores[g, p] = _score(t, s, p, m)
            out.penalties[g, p] = s.penalties[p]
            for r in range(rows):
                out.crossed[g, p, r] = s.crossed[p, r]
                out.again[g, p, r] = s.again[p, r]
            for b in range(t.bonus_upper.shape[0]):
                out.bonus[g, p, b] = s.bonus_cells[p, b]
        out.rolls[g] = count
        out.ends[g] = end
        out.locked[g] = s.locked_rows[0]
