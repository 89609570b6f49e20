"""The plain kernel: whole games of a layout built as classic is (issue 24), the same games as
:mod:`qwixx_print.sim.lean` and :mod:`qwixx_print.sim.kernel`, at the speed of the C
reference loop (``benchmarks/gap2.c``; docs/performance.md).

A layout is *plain* (:func:`fits`, :func:`plain`) when it fits the lean kernel
(:func:`qwixx_print.sim.lean.fits`) but for crosses that set off others (:func:`chains`:
bonus bar, powers, links), small boxes (:func:`small_boxes`), diamonds (:func:`swaps`) and
bonus rows (:func:`bonus_rows`), and besides every row holds each number at most once and
has one lock field, its last, counted once: classic and any sheet of its build with other
numbers, orders, colours, scores and rules, also with doubles (Doppelt), rows of mixed
colours (Farbblöcke, Regenbogen, Wirrwarr), chains (Bonuskette, Kräfte, Connected Chain),
small boxes (Nochmal), diamonds (X-Change) or bonus rows (Big Points). Then a die sum has
one field per row (:attr:`PlainTables.field`), and a decision is arithmetic on a few
integers: per seat and row the last cross, the counted crosses and a bit mask of the
crossed fields in three flat arrays, the closed colours of the table in three local bit
masks, the dice in local variables. A gap option is one integer
(:func:`qwixx_print.sim.plain_choices._key`: skips, crosses, row) and the strong bot's
value two prefix sums (a field with a small box holding one cross more); the active seat's
white + colour options are evaluated once a turn and reused for the penalty relief and
action 2 when nothing changed in between (as the lean kernel does). What a layout has of
doubles, mixed colours, chains, small boxes, diamonds and bonus rows (:func:`build`) is
decided when its entry point is compiled: classic's entry points hold no code for any.

The kernel is three modules by job: this one, the layouts it plays and their tables;
:mod:`qwixx_print.sim.plain_choices`, the options of a die sum and the bots' choices among
them; :mod:`qwixx_print.sim.plain_games`, the crosses, the game loop and its entry points.
The rules and bots are the general kernel's (RULES.md §1-§3, docs/simulate.md), restricted
to these layouts; ``tests/sim/test_sim_kernel.py`` proves this kernel equal to the play
engine, the lean and the general kernel, and ``benchmarks/c_loop.py`` to the C loop.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from qwixx_print.sim import lean
from qwixx_print.sim.lean import LeanTables
from qwixx_print.sim.state import _fast
from qwixx_print.sim.tables import DICE, FACES, THRESHOLD, Floats, Ints, KernelTables


class PlainTables(NamedTuple):
    """A plain layout's arrays (R rows, W fields in the longest, N sums 0 .. 2 x faces, C
    dice). ``field`` (R x N, flat): the field of sum ``n`` in row ``r`` at ``r * N + n``, or
    -1; ``lock`` (R,): each row's lock field; ``rows_of`` (C x N, flat): at ``c * N + n`` a
    bit mask of the rows whose field of sum ``n`` has colour ``c`` (the rows a white +
    colour sum may go to in a row of mixed colours); ``held`` (R, W): the crosses a field
    counts (2 for a double); ``colour_rows`` (C, R), ``lock_colour`` (R,), ``points``,
    ``framed``, ``rules``, ``weights``: the kernel tables'; ``skipped``, ``reach`` (R, W +
    1): the strong bot's prefix sums (:class:`qwixx_print.sim.lean.LeanTables`); the chains
    of a cross (:func:`chains`, RULES.md §2 Bonuskette and Kräfte): ``boxed`` (R,): each
    row's boxed fields as a bit mask; ``bar``, ``bar_row``, ``power``, ``power_row``,
    ``power_field``, ``link_row``, ``link_field`` (RULES.md §4 Connected): the kernel
    tables'; ``sets_off`` (S x R, flat: slip ``k``'s row ``r`` at ``k * R + r``): the fields
    whose cross sets off another as a bit mask, each row's boxed, power and linked fields;
    ``ways`` (R, W): the kernel tables'; ``boxes`` (R,): 1 for a row with small boxes
    (RULES.md §2 Nochmal); ``diamonds`` (D, 2): the kernel tables' (RULES.md §4 X-Change);
    ``swaps`` (N,): per die sum the diamonds showing it, a bit mask; ``lock_rows`` (N,): per
    die sum the rows whose lock field holds it, a bit mask; ``bonus_upper``,
    ``bonus_lower``, ``bonus_colours``: the kernel tables' (RULES.md §4 Big Points)."""

    field: Ints
    lock: Ints
    rows_of: Ints
    held: Ints
    colour_rows: Ints
    lock_colour: Ints
    points: Ints
    framed: Ints
    skipped: Ints
    reach: Ints
    rules: Ints
    weights: Floats
    boxed: Ints
    bar: Ints
    bar_row: Ints
    power: Ints
    power_row: Ints
    power_field: Ints
    link_row: Ints
    link_field: Ints
    sets_off: Ints
    ways: Ints
    boxes: Ints
    diamonds: Ints
    swaps: Ints
    lock_rows: Ints
    bonus_upper: Ints
    bonus_lower: Ints
    bonus_colours: Ints


def fits(t: KernelTables, lucky: bool) -> bool:
    """Whether the layout of ``t`` has none of the mechanics the plain kernel does not play
    (``lucky``: it has lucky numbers): it may have the lean kernel's
    (:func:`qwixx_print.sim.lean.fits`), the chains of a cross (:func:`chains`), where
    each bonus bar colour has a row to cross, small boxes (:func:`small_boxes`) and diamonds
    (:func:`swaps`), not both (a swap crosses a field only, never a small box), and bonus
    rows (:func:`bonus_rows`) on a sheet of classic's counts with none of the others."""
    without = t._replace(
        bonus=np.zeros_like(t.bonus),
        power=np.full_like(t.power, -1),
        bar=t.bar[:0],
        link_row=np.full_like(t.link_row, -1),
        again=np.zeros_like(t.again),
        diamonds=t.diamonds[:0],
        bonus_upper=t.bonus_upper[:0],
    )
    has_bar_rows = all(t.bar_row[c] >= 0 for c in t.bar.tolist())
    others = doubles(t) or mixed(t) or chains(t) or small_boxes(t) or swaps(t)
    alone = not bonus_rows(t) or (classic_build(t) and not others)
    return (
        lean.fits(without, lucky) and has_bar_rows and not (swaps(t) and small_boxes(t)) and alone
    )


def views(t: KernelTables, lucky: bool) -> tuple[LeanTables | None, PlainTables | None]:
    """The lean kernel's view of the tables ``t`` (``None`` unless the layout fits it,
    :func:`qwixx_print.sim.lean.fits`) and the plain kernel's (``None`` unless it is plain:
    :func:`fits` and :func:`plain`); ``lucky``: the layout has lucky numbers."""
    lean_view = lean.lean_tables(t) if lean.fits(t, lucky) else None
    return lean_view, (plain_tables(t) if fits(t, lucky) and plain(t) else None)


def small_boxes(t: KernelTables) -> bool:
    """Whether a row of the layout of ``t`` has small boxes (RULES.md §2 Nochmal)."""
    return bool(t.again.any())


def bonus_rows(t: KernelTables) -> bool:
    """Whether the layout of ``t`` has bonus rows between its rows (RULES.md §4 Big
    Points)."""
    return bool(t.bonus_upper.size)


def swaps(t: KernelTables) -> bool:
    """Whether the layout of ``t`` has diamonds that swap the white sum (RULES.md §4
    X-Change)."""
    return bool(t.diamonds.size)


def chains(t: KernelTables) -> bool:
    """Whether a cross on the layout of ``t`` may set off more crosses: boxed fields and a
    bonus bar (RULES.md §2 Bonuskette), power fields (§2 Kräfte) or links (§4 Connected)."""
    return bool(t.bar.size or t.bonus.any() or (t.power >= 0).any() or (t.link_row >= 0).any())


def plain(t: KernelTables) -> bool:
    """Whether the plain kernel plays the (lean-fitting) layout of ``t``: each number at
    most once in a row; one lock field, the row's last, counted once (a double elsewhere is
    fine: :func:`doubles`; so are rows of mixed colours: :func:`mixed`); at most 8 rows;
    6- or 8-sided dice."""
    for r in range(t.fields.shape[0]):
        n = int(t.fields[r])
        numbers = t.number[r, :n]
        if (
            len(set(numbers.tolist())) != n
            or t.lock_start[r] != n - 1
            or t.double[r, n - 1]
            or (t.colour[r, :n] < 0).any()
        ):
            return False
    small = t.fields.shape[0] <= 8 and t.rules[DICE] <= 13 and t.fields.max() < 128
    return small and int(t.rules[FACES]) in (6, 8)


def doubles(t: KernelTables) -> bool:
    """Whether a field of the layout of ``t`` counts two crosses (Doppelt)."""
    return bool(t.double.any())


def mixed(t: KernelTables) -> bool:
    """Whether a row of the layout of ``t`` holds a field of another colour than its lock's
    (Farbblöcke, Regenbogen, Wirrwarr)."""
    return any(
        (t.colour[r, : int(t.fields[r])] != t.lock_colour[r]).any()
        for r in range(t.fields.shape[0])
    )


CLASSIC, DOUBLES, MIXED, CHAINS, ANY = "classic", "doubles", "mixed", "chains", "any"
SMALL_BOXES, SWAPS, BONUS_ROWS = "small-boxes", "swaps", "bonus-rows"
"""The builds of plain layouts (:func:`build`), each played by its own entry points of
:mod:`qwixx_print.sim.plain_games`."""


def build(t: KernelTables) -> str:
    """The build of the plain layout of ``t``: of classic's counts (4 rows, 4 coloured dice)
    and rows of one colour without doubles (:data:`CLASSIC`), with doubles (:data:`DOUBLES`),
    with rows of mixed colours (:data:`MIXED`), with the chains of a cross (:data:`CHAINS`,
    :func:`chains`), with small boxes (:data:`SMALL_BOXES`), with diamonds (:data:`SWAPS`) or
    with bonus rows (:data:`BONUS_ROWS`); else (more than one of these, or other counts)
    :data:`ANY`."""
    if not classic_build(t):
        return ANY
    kinds = (
        (DOUBLES, doubles(t)),
        (MIXED, mixed(t)),
        (CHAINS, chains(t)),
        (SMALL_BOXES, small_boxes(t)),
        (SWAPS, swaps(t)),
        (BONUS_ROWS, bonus_rows(t)),
    )
    found = [b for b, has in kinds if has]
    return ANY if len(found) > 1 else found[0] if found else CLASSIC


def classic_build(t: KernelTables) -> bool:
    """Whether the plain layout of ``t`` has classic's counts, 4 rows and 4 coloured dice
    (:func:`play_classic_games` plays it)."""
    return t.fields.shape[0] == 4 and int(t.rules[DICE]) == 4


def plain_tables(t: KernelTables) -> PlainTables:
    """The plain kernel's view of the (plain) tables ``t``."""
    rows, dice = t.fields.shape[0], t.colour_rows.shape[0]
    skipped, reach = lean.prefix_sums(t, 1 + t.double + t.again[:, None])
    slips = t.link_row.shape[0]
    boxed, sets_off = np.zeros(rows, dtype=np.int64), np.zeros((slips, rows), dtype=np.int64)
    for r in range(rows):
        for j in range(int(t.fields[r])):
            boxed[r] |= int(t.bonus[r, j] != 0) << j
            for k in range(slips):
                chained = t.bonus[r, j] != 0 or t.power[r, j] >= 0 or t.link_row[k, r, j] >= 0
                sets_off[k, r] |= int(chained) << j
    sums = 2 * int(t.rules[FACES]) + 1
    lock_rows = np.zeros(sums, dtype=np.int64)
    for r in range(rows):
        if 0 <= t.number[r, t.lock_start[r]] < sums:
            lock_rows[t.number[r, t.lock_start[r]]] |= 1 << r
    swaps_of = np.zeros(sums, dtype=np.int64)
    for d, pair in enumerate(t.diamonds.tolist()):
        for n in pair:
            if n < sums:
                swaps_of[n] |= 1 << d
    field = np.full((rows, sums), -1, dtype=np.int64)
    rows_of = np.zeros((dice, sums), dtype=np.int64)
    for r in range(rows):
        for j in range(int(t.fields[r])):
            n = t.number[r, j]
            if n < sums:
                field[r, n] = j
                rows_of[t.colour[r, j], n] |= 1 << r
    return PlainTables(
        field=field.ravel(),
        lock=t.lock_start.copy(),
        rows_of=rows_of.ravel(),
        held=np.where(t.number >= 0, 1 + t.double, 0),
        colour_rows=t.colour_rows,
        lock_colour=t.lock_colour,
        points=t.points,
        framed=t.framed,
        skipped=skipped,
        reach=reach,
        rules=t.rules,
        weights=t.weights,
        boxed=boxed,
        bar=t.bar,
        bar_row=t.bar_row,
        power=t.power,
        power_row=t.power_row,
        power_field=t.power_field,
        link_row=t.link_row,
        link_field=t.link_field,
        sets_off=sets_off.ravel(),
        ways=t.ways,
        boxes=t.again,
        diamonds=t.diamonds,
        swaps=swaps_of,
        lock_rows=lock_rows,
        bonus_upper=t.bonus_upper,
        bonus_lower=t.bonus_lower,
        bonus_colours=t.bonus_colours,
    )


Facts = tuple[int, int, int, int, int, int, int]
"""A plain layout's facts the loop keeps in registers (:func:`_facts`): the stride of a row
in :attr:`PlainTables.field`, the lock threshold, the faces of a die, each row's lock field
(8 bits a row), its lock colour (4 bits a row), the number of coloured dice, of rows."""


@_fast
def _facts(t: PlainTables) -> Facts:
    """The :data:`Facts` of ``t`` (at most 8 rows, 16 dice)."""
    locks, colours = 0, 0
    for r in range(t.lock.shape[0]):
        locks |= t.lock[r] << (8 * r)
        colours |= t.lock_colour[r] << (4 * r)
    faces = t.rules[FACES]
    rows = t.lock.shape[0]
    return 2 * faces + 1, t.rules[THRESHOLD], faces, locks, colours, t.rules[DICE], rows
