"""A layout compiled to arrays for the kernel (:mod:`qwixx_print.sim.kernel`).

Rows are padded to the longest row; field ``j`` of row ``r`` is ``[r, j]``. Colours are
indexes into ``layout.dice``; powers are indexes into :data:`qwixx_print.rules.POWERS`
(``-1``: none). Every rule the kernel applies reads these arrays (RULES.md §1-§4, RULES-more.md
§5), so any valid layout plays, not just the shipped ones.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from qwixx_print import rules
from qwixx_print.compiled import Compiled
from qwixx_print.layout import SQUARE_DICE, Layout
from qwixx_print.sim import strategy

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

POWER_INDEX = {name: k for k, name in enumerate(rules.POWERS)}
"""Power symbol id -> its index in the kernel (RULES.md §2 Kräfte order)."""


class KernelTables(NamedTuple):
    """The arrays of one layout, int64 but ``weights`` (float64).

    ``number``, ``colour``, ``double``, ``bonus``, ``power``: shape (rows, fields), padded
    with ``-1`` (number, colour, power) or 0. ``fields``: fields per row; ``again``: 1 for a
    row with small boxes; ``lock_colour``: the colour its lock closes; ``lock_start``: its
    first lock field (Longo: the last two lock); ``ways``: ways two of the layout's dice roll
    each field's number (0 for numbers they cannot make). ``points``: points for
    0..max counted crosses. ``bar``: bonus bar colours; ``bar_row``: per colour the row its bar
    field crosses (``Compiled.bar_row``: the first one-colour row of that colour; ``-1``:
    none). ``power_row``, ``power_field``: the two
    fields of each power symbol (``-1``: not on the sheet). ``rules``: lock threshold, max
    counted, penalty boxes, points per penalty, number of dice, closed colours that end the
    game (2, or 1 on a sheet whose rows all lock one colour; RULES.md §6), faces of a die
    (6, Longo 8). ``next_field[r, i, n]``:
    the first field at or after ``i`` in row ``r`` holding number ``n`` (``-1``: none);
    ``next_colour[r, i, n, c]`` the same among fields of colour ``c``. ``colour_rows[c]``:
    the rows holding a field of colour ``c``, top to bottom, padded with ``-1``.
    ``diamonds`` (D, 2): the X-Change diamonds' two numbers, left to right (RULES.md §4).
    Big Points' bonus rows (K of them, RULES.md §4): ``bonus_upper``, ``bonus_lower`` (K,),
    the rows above and below (a cell of column ``j`` holds ``number[bonus_upper, j]``);
    ``bonus_colours`` (K, 2), the dice whose white + colour sums reach it. Connected:
    ``framed`` (rows,), a bit mask per row of the Steps group's fields; ``link_row``,
    ``link_field`` (slips, rows, fields): the other end of the link at a field on each slip
    (-1: none; a layout without slips has one, its ``links``). Lucky 15 (RULES-more.md §7):
    ``track`` (N,), the value track's values left to right (empty: none); its trigger in
    ``rules`` (total, white dice, coloured dice).
    Connect 15 (RULES.md §7): ``square_mask`` (rows,), per row a bit mask of the fields a
    link square stands right of; ``square_rules`` (3,): the two trigger faces and the pairs
    of dice that may cross a square as bits (:data:`WHITE_WHITE`, :data:`WHITE_COLOUR`,
    :data:`COLOUR_COLOUR`).
    ``weights``: the strong bot's weights (:data:`WEIGHTS`, read from
    :mod:`qwixx_print.sim.strategy` when the tables are made: data, not compiled constants,
    so a changed weight reaches the cached kernel).
    """

    number: Ints
    colour: Ints
    double: Ints
    bonus: Ints
    power: Ints
    ways: Ints
    fields: Ints
    again: Ints
    lock_colour: Ints
    lock_start: Ints
    points: Ints
    bar: Ints
    bar_row: Ints
    power_row: Ints
    power_field: Ints
    rules: Ints
    next_field: Ints
    next_colour: Ints
    colour_rows: Ints
    diamonds: Ints
    bonus_upper: Ints
    bonus_lower: Ints
    bonus_colours: Ints
    framed: Ints
    link_row: Ints
    link_field: Ints
    track: Ints
    square_mask: Ints
    square_rules: Ints
    weights: Floats


class Games(NamedTuple):
    """Per-game results of a run of the kernel or the reference (G games, P seats, R rows):
    ``scores``, ``penalties`` (G, P); ``rolls``, ``ends`` (0 by locks, 1 by penalties),
    ``locked`` (bit mask of the rows some player locked) (G,); ``crossed``, ``again``
    (G, P, R): bit masks of the crossed fields and small boxes; ``bonus`` (G, P, K): bit
    masks of the crossed cells of the K bonus rows (Big Points)."""

    scores: Ints
    penalties: Ints
    rolls: Ints
    ends: Ints
    locked: Ints
    crossed: Ints
    again: Ints
    bonus: Ints

    @classmethod
    def zeros(cls, games: int, players: int, rows: int, bonus_rows: int = 0) -> Games:
        """Results of ``games`` games, all zero, to be filled in."""
        return cls(
            scores=np.zeros((games, players), dtype=np.int64),
            penalties=np.zeros((games, players), dtype=np.int64),
            rolls=np.zeros(games, dtype=np.int64),
            ends=np.zeros(games, dtype=np.int64),
            locked=np.zeros(games, dtype=np.int64),
            crossed=np.zeros((games, players, rows), dtype=np.int64),
            again=np.zeros((games, players, rows), dtype=np.int64),
            bonus=np.zeros((games, players, bonus_rows), dtype=np.int64),
        )


WHITE_WHITE, WHITE_COLOUR, COLOUR_COLOUR = 1, 2, 4
"""Bits of ``square_rules[2]``: the pairs of dice that may cross a link square (RULES.md §7;
:data:`qwixx_print.layout.SQUARE_DICE` in order)."""

THRESHOLD, MAX_COUNTED, PENALTY_BOXES, PENALTY_POINTS, DICE, END_AT, FACES = range(7)
"""Indexes into :attr:`KernelTables.rules`."""
TRACK_TOTAL, TRACK_WHITE, TRACK_COLOURED = range(7, 10)
"""Indexes into :attr:`KernelTables.rules` of the value track's trigger (Lucky 15)."""

WEIGHTS = ("SKIP_WEIGHT", "SKIP_BASE", "LOCK_LOST", "TAKE_ABOVE", "PENALTY_RELIEF", "DIAMOND_COST",
           "LOCK_VALUE")  # fmt: skip
"""The names in :mod:`qwixx_print.sim.strategy` of :attr:`KernelTables.weights`, in order."""
SKIP_WEIGHT, SKIP_BASE, LOCK_LOST, TAKE_ABOVE, PENALTY_RELIEF, DIAMOND_COST, LOCK_VALUE = range(7)
"""Indexes into :attr:`KernelTables.weights`."""


def weights() -> Floats:
    """The strong bot's weights as they are now in :mod:`qwixx_print.sim.strategy`
    (:data:`WEIGHTS`)."""
    return np.array([float(getattr(strategy, name)) for name in WEIGHTS], dtype=np.float64)


def compile_layout(layout: Layout) -> KernelTables:
    """The kernel's arrays for a (valid) ``layout``: the facts of
    :class:`qwixx_print.compiled.Compiled`, padded and packed, plus the kernel's own lookup
    tables (``next_field``, ``next_colour``, ``colour_rows``) built from them."""
    c = Compiled.of(layout)
    rows, dice = len(c.ids), len(c.dice)
    width = max(c.lasts) + 1
    shape = (rows, width)

    def padded(values: tuple[tuple[int, ...], ...], pad: int) -> Ints:
        grid = np.full(shape, pad, dtype=np.int64)
        for r, row in enumerate(values):
            grid[r, : len(row)] = row
        return grid

    number = padded(c.numbers, -1)
    colour = padded(tuple(tuple(c.die_of[k] for k in row) for row in c.colours), -1)
    power_index = tuple(tuple(-1 if p is None else POWER_INDEX[p] for p in row) for row in c.powers)
    power_row = np.full((len(rules.POWERS), 2), -1, dtype=np.int64)
    power_field = np.full((len(rules.POWERS), 2), -1, dtype=np.int64)
    for symbol, places in c.power_fields.items():
        for n, (r, j) in enumerate(places):
            power_row[POWER_INDEX[symbol], min(n, 1)] = r
            power_field[POWER_INDEX[symbol], min(n, 1)] = j
    bar_row = np.full(dice, -1, dtype=np.int64)
    for name, r in c.bar_row.items():
        bar_row[c.die_of[name]] = r
    top = int(number.max()) + 1
    next_field = np.full((rows, width + 1, top), -1, dtype=np.int64)
    next_colour = np.full((rows, width + 1, top, dice), -1, dtype=np.int64)
    for r in c.all_rows:
        for i in range(c.lasts[r], -1, -1):
            next_field[r, i] = next_field[r, i + 1]
            next_colour[r, i] = next_colour[r, i + 1]
            next_field[r, i, number[r, i]] = i
            next_colour[r, i, number[r, i], colour[r, i]] = i
    colour_rows = np.full((dice, rows), -1, dtype=np.int64)
    for k in range(dice):
        holding = [r for r in c.all_rows if k in colour[r]]
        colour_rows[k, : len(holding)] = holding
    slips = len(c.slip_partners)
    link_row = np.full((slips, rows, width), -1, dtype=np.int64)
    link_field = np.full((slips, rows, width), -1, dtype=np.int64)
    for k, partner in enumerate(c.slip_partners):
        for (r, j), (other_row, other_field) in partner.items():
            link_row[k, r, j], link_field[k, r, j] = other_row, other_field
    return KernelTables(
        number=number,
        colour=colour,
        double=padded(tuple(tuple(map(int, row)) for row in c.doubles), 0),
        bonus=padded(tuple(tuple(map(int, row)) for row in c.bonus), 0),
        power=padded(power_index, -1),
        ways=padded(c.ways, 0),
        fields=np.array([last + 1 for last in c.lasts], dtype=np.int64),
        again=np.array(c.again, dtype=np.int64),
        lock_colour=np.array([c.die_of[k] for k in c.lock_colours], dtype=np.int64),
        lock_start=np.array(c.lock_starts, dtype=np.int64),
        points=np.array(c.points, dtype=np.int64),
        bar=np.array([c.die_of[k] for k in c.bar], dtype=np.int64),
        bar_row=bar_row,
        power_row=power_row,
        power_field=power_field,
        rules=np.array(
            [
                layout.lock_threshold,
                layout.max_counted,
                layout.penalty_boxes,
                layout.penalty_points,
                dice,
                c.end_at,
                c.faces,
                c.track_total,
                *c.track_dice,
            ],
            dtype=np.int64,
        ),
        next_field=next_field,
        next_colour=next_colour,
        colour_rows=colour_rows,
        diamonds=np.array(layout.diamonds, dtype=np.int64).reshape(-1, 2),
        bonus_upper=np.array([upper for upper, _ in c.bonus_between], dtype=np.int64),
        bonus_lower=np.array([lower for _, lower in c.bonus_between], dtype=np.int64),
        bonus_colours=np.array(
            [[c.die_of[k] for k in pair] for pair in c.bonus_colours], dtype=np.int64
        ).reshape(-1, 2),
        framed=np.array(
            [sum(1 << j for j, framed in enumerate(row) if framed) for row in c.framed],
            dtype=np.int64,
        ),
        link_row=link_row,
        link_field=link_field,
        track=np.array(c.track, dtype=np.int64),
        square_mask=np.array([sum(1 << j for j in row) for row in c.squares], dtype=np.int64),
        square_rules=np.array(
            [
                *c.square_faces,
                sum(1 << k for k, pair in enumerate(SQUARE_DICE) if pair in c.square_dice),
            ],
            dtype=np.int64,
        ),
        weights=weights(),
    )


(
    USES_SMALL_BOXES,
    USES_BAR,
    USES_POWERS,
    USES_BONUS_ROWS,
    USES_LINKS,
    USES_FRAMED,
    USES_DIAMONDS,
    USES_LUCKY,
    USES_SQUARES,
    USES_TRACK,
    USES_DOUBLES,
) = (1 << k for k in range(11))
"""The mechanics a layout's general kernel is compiled with, as bits (:func:`mechanics`):
small boxes (Nochmal), a bonus bar or bonus fields (Bonuskette), powers (Kräfte), bonus rows
(Big Points), links (Connected Chain), a framed group (Connected Steps), diamonds
(X-Change), lucky numbers (Longo), link squares (Connect 15), a value track (Lucky 15) and
double fields. A kernel compiled without one contains none of its code."""
ALL_MECHANICS = (1 << 11) - 1
"""Every mechanic: the general kernel that plays any layout."""


def mechanics(t: KernelTables, lucky: bool) -> int:
    """The mechanics (bits, :data:`ALL_MECHANICS`) the layout of tables ``t`` uses;
    ``lucky``: whether its sheets have lucky numbers (drawn or fixed)."""
    found = {
        USES_SMALL_BOXES: bool(t.again.any()),
        USES_BAR: bool(t.bar.size or t.bonus.any()),
        USES_POWERS: bool((t.power >= 0).any()),
        USES_BONUS_ROWS: bool(t.bonus_upper.size),
        USES_LINKS: bool((t.link_row >= 0).any()),
        USES_FRAMED: bool(t.framed.any()),
        USES_DIAMONDS: bool(t.diamonds.size),
        USES_LUCKY: lucky,
        USES_SQUARES: bool(t.square_mask.any()),
        USES_TRACK: bool(t.track.size),
        USES_DOUBLES: bool(t.double.any()),
    }
    return sum(bit for bit, used in found.items() if used)
