"""The kernel's legal options at a given state, next to the engine's (issue 21 item 4).

The kernel never lists its options: its bots walk them while choosing. :func:`kernel_options`
is a small compiled entry point that calls the kernel's own option functions
(:func:`~qwixx_print.sim.matches._row_matches`, ``_bonus_cell``, ``_swap_of``,
``_lucky_fewest``, ``_lucky_next``) on a state rebuilt from an engine's game
(:func:`state_of`), so a test can compare, at every state the bots' games reach, what the
kernel may do with what :class:`qwixx_print.play.Sheet` allows (``legal_fields``,
``legal_again``, ``legal_bonus``, ``legal_swaps``, lucky crosses; RULES.md §7's link squares
by the dice's faces, :func:`square_differences`): :func:`compare`.

The kernel keeps, per row and die sum, only the first field after the last cross and the
first lock field (a bot never skips more than it must), and per bonus row the first cell;
:func:`reduced` gives the engine's options the same shape, so the comparison is exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from qwixx_print.compiled import Compiled
from qwixx_print.layout import Layout
from qwixx_print.play import Game, Sheet
from qwixx_print.play.game import Dice
from qwixx_print.sim import (
    bot_options,
    bots,
    dice,
    matches,
    plain,
    plain_choices,
    selfplay,
    square_moves,
)
from qwixx_print.sim.jit import njit
from qwixx_print.sim.state import Sheets
from qwixx_print.sim.tables import Ints, KernelTables, compile_layout, mechanics

RANK_KINDS = {0: "cross", matches.AGAIN: "again", matches.LUCKY: "lucky", matches.SWAP: "swap"}
"""Kernel rank -> the engine's kind of move (:data:`qwixx_print.sim.bot_options.TIE_ORDER`)."""
RANK_KINDS[matches.BONUS] = "bonus"

MOST = 1024
"""More than the options one die sum can have on any valid sheet."""

View = frozenset[tuple[str, int, int, int]]
"""Options as (kind, row, field, diamond): row a row place (a bonus row's index for a
``bonus`` cell), field its index (the field above for a small box), diamond -1 but for a
swap. Per (kind, row, diamond) at most a first field and a first lock field."""


@njit(cache=True)
def _options(t: KernelTables, s: Sheets, p: int, total: int, c: int, m: int, out: Ints) -> int:
    """Write player ``p``'s options for die sum ``total`` (``c``: the die's colour, -1 for
    the white sum; ``m``: the layout's mechanics, as its kernel is compiled for them) into the
    rows of ``out`` as (rank, row, field, diamond); their count."""
    n = 0
    rows = t.fields.shape[0]
    for k in range(rows):
        r, first, last, again = matches._row_matches(t, s, p, total, c, k, m)
        if r == matches.END:
            break
        for j in (first, last):
            if j >= 0:
                out[n, 0], out[n, 1], out[n, 2], out[n, 3] = 0, r, j, -1
                n += 1
        if again == 1:
            out[n, 0], out[n, 1], out[n, 2], out[n, 3] = matches.AGAIN, r, s.pos[p, r], -1
            n += 1
    for b in range(t.bonus_upper.shape[0]):
        j = matches._bonus_cell(t, s, p, b, total, c)
        if j >= 0:
            out[n, 0], out[n, 1], out[n, 2], out[n, 3] = matches.BONUS, b, j, -1
            n += 1
    if c >= 0:
        return n
    for d in range(t.diamonds.shape[0]):
        other = matches._swap_of(t, s, p, total, d)
        if other < 0:
            continue
        for k in range(rows):
            r, first, last, _ = matches._row_matches(t, s, p, other, -1, k, m)
            for j in (first, last):
                if j >= 0:
                    out[n, 0], out[n, 1], out[n, 2], out[n, 3] = matches.SWAP, r, j, d
                    n += 1
    fewest = matches._lucky_fewest(t, s, p, total)
    for r in range(rows if fewest >= 0 else 0):
        j = matches._lucky_next(t, s, p, r, fewest)
        if j >= 0:
            out[n, 0], out[n, 1], out[n, 2], out[n, 3] = matches.LUCKY, r, j, -1
            n += 1
    return n


@njit(cache=True)
def _track(t: KernelTables, s: Sheets, p: int, roll: Ints) -> bool:
    """Whether the kernel lets player ``p`` (the active one) cross the value track with
    ``roll`` (:func:`~qwixx_print.sim.matches._track_open`)."""
    return matches._track_open(t, s, p, roll)


@njit(cache=True)
def _square_options(t: KernelTables, s: Sheets, p: int, roll: Ints, colour: bool, out: Ints) -> int:
    """Write the link squares ``roll`` allows player ``p`` (``colour``: action 2's coloured
    dice; RULES.md §7) into ``out`` as (row, field left of it); their count."""
    n = 0
    for r in range(t.fields.shape[0]):
        for left in range(t.fields[r]):
            if square_moves._square_free(t, s, p, r, left) and square_moves._square_dice(
                t, s, r, left, roll, colour
            ):
                out[n, 0], out[n, 1] = r, left
                n += 1
    return n


def square_differences(g: Game, t: KernelTables, roll: Dice, phase: str) -> list[str]:
    """Where the kernel's link squares (RULES.md §7) differ from the engine's in game ``g``
    before action ``phase``: every seat's with the white dice in action 1, the active
    seat's with the coloured dice (before both actions, as the bots ask)."""
    s, board = state_of(g, t), Compiled.of(g.layout)
    faces = [roll.white[0], roll.white[1], *(roll.colours.get(c, 0) for c in board.dice)]
    dice_faces = np.array(faces, dtype=np.int64)
    asked = [(p, False) for p in range(len(g.names))] if phase == "white" else []
    asked.append((g.active_index, True))
    out, found = np.zeros((MOST, 2), dtype=np.int64), []
    for p, colour in asked:
        sheet = g.sheets[g.names[p]]
        engine = {(o.row, o.field) for o in bot_options.square_options(sheet, roll, colour)}
        n = _square_options(t, s, p, dice_faces, colour, out)
        compiled = {(r, j) for r, j in out[:n].tolist()}
        if engine != compiled:
            found.append(
                f"roll {g.rolls} {phase} {g.names[p]} squares {'colour' if colour else 'white'}:"
                f" engine only {sorted(engine - compiled)}, kernel only {sorted(compiled - engine)}"
            )
    return found


def kernel_options(
    t: KernelTables, s: Sheets, p: int, totals: Iterable[int], colour: int = -1
) -> View:
    """The kernel's options for player ``p`` of state ``s`` and the die sums ``totals``
    (``colour``: the coloured die's index, -1 for the white sum), :func:`reduced`."""
    out = np.zeros((MOST, 4), dtype=np.int64)
    found = []
    m = mechanics(t, True)
    for total in totals:
        n = _options(t, s, p, total, colour, m, out)
        found += [(RANK_KINDS[k], r, j, d) for k, r, j, d in out[:n].tolist()]
    return reduced(found, t.lock_start.tolist())


@njit(cache=True)
def _plain_options(
    t: plain.PlainTables,
    pos: Ints,
    have: Ints,
    again: Ints,
    closed: int,
    total: int,
    c: int,
    mix: bool,
    out: Ints,
) -> int:
    """Write the plain kernel's options for die sum ``total`` (``c``: the die's colour, -1
    for the white sum) of a seat whose rows are ``pos``, ``have`` and ``again`` and whose
    sheet has the colours ``closed`` (a bit mask) closed, as (row, field; -1: the small box)
    into ``out``; their count. The
    rows are those :func:`qwixx_print.sim.plain_choices._best` walks (``mix``: the layout has
    rows of mixed colours, :func:`qwixx_print.sim.plain.mixed`)."""
    f = plain._facts(t)
    if c < 0:
        rows = plain_choices._open_rows(f, closed)
    else:
        rows = plain_choices._colour_rows(t, f, closed, c, total, mix)
    n = 0
    for r in range(f[6]):
        if (rows >> r) & 1:
            small = bool(t.boxes[r])
            skips, j = plain_choices._option(t, f, pos, have, 0, r, total, small, again[r])
            if skips > -2:
                out[n, 0], out[n, 1] = r, j
                n += 1
    return n


def plain_options(
    t: plain.PlainTables, s: Sheets, p: int, totals: Iterable[int], colour: int = -1
) -> View:
    """The plain kernel's options for player ``p`` of state ``s`` (:func:`state_of`) and the
    die sums ``totals`` (``colour`` as in :func:`kernel_options`), :func:`reduced`: one field
    per row and sum, the lock field only from the threshold on."""
    out = np.zeros((MOST, 2), dtype=np.int64)
    closed = sum(int(x) << c for c, x in enumerate(s.closed.tolist())) | int(s.mine[p])
    pos, have, again = s.pos[p].copy(), s.crosses[p].copy(), s.again[p].copy()
    sums = len(t.field) // len(t.lock)
    mix = any(  # a row's field of another colour than the row's lock
        (int(t.rows_of[c * sums + n]) >> r) & 1 and c != t.lock_colour[r]
        for c in range(len(t.colour_rows))
        for n in range(sums)
        for r in range(len(t.lock))
    )
    found = []
    for total in totals:
        n = _plain_options(t, pos, have, again, closed, total, colour, mix, out)
        found += [
            ("cross", r, j, -1) if j >= 0 else ("again", r, int(pos[r]), -1)
            for r, j in out[:n].tolist()
        ]
        for d in range(int(s.diamond_next[p]), len(t.diamonds) if colour < 0 else 0):
            pair = t.diamonds[d].tolist()  # X-Change: the white sum as the other number
            if total in pair:
                n = _plain_options(
                    t, pos, have, again, closed, pair[pair.index(total) - 1], colour, mix, out
                )
                found += [("swap", r, j, d) for r, j in out[:n].tolist()]
        if len(t.bonus_upper):  # Big Points: the plain kernel's bonus cells
            cells = (s.bonus_pos[p].copy(), s.bonus_cells[p].copy(), s.bonus_count[p].copy())
            seat = (pos, have, again, s.crossed[p].copy(), *cells)
            n = _plain_cells(t, seat, total, colour, out)
            found += [("bonus", b, j, -1) for b, j in out[:n].tolist()]
    return reduced(found, t.lock.tolist())


@njit(cache=True)
def _plain_cells(
    t: plain.PlainTables, seat: plain_choices.Rows, total: int, c: int, out: Ints
) -> int:
    """Write the bonus cells the plain kernel offers one seat (``seat``: its rows,
    :data:`~qwixx_print.sim.plain_choices.Rows`) for die sum ``total`` (``c``: the die's
    colour, -1 for the white sum) as (bonus row, cell) into ``out``; their count."""
    f = plain._facts(t)
    w = (0.0, 0.0, 0.0, 0.0, 0.0)
    n = 0
    for b in range(t.bonus_upper.shape[0]):
        if c < 0 or t.bonus_colours[b, 0] == c or t.bonus_colours[b, 1] == c:
            best = plain_choices._cell(t, f, w, seat, 0, b, total, False, plain_choices.NOTHING)
            if best[2] >= 0:
                out[n, 0], out[n, 1] = b, best[3]
                n += 1
    return n


def reduced(options: Iterable[tuple[str, int, int, int]], lock_starts: Sequence[int]) -> View:
    """``options`` as the kernel keeps them: per (kind, row, diamond) the first field and,
    for crosses and swaps, the first lock field (``lock_starts``: per row its first lock
    field)."""
    first: dict[tuple[str, int, int, bool], int] = {}
    for kind, r, j, d in options:
        lock = kind in ("cross", "swap") and j >= lock_starts[r]
        key = (kind, r, d, lock)
        first[key] = min(j, first.get(key, j))
    return frozenset((kind, r, j, d) for (kind, r, d, _), j in first.items())


def engine_options(sheet: Sheet, numbers: Sequence[int], colour: str | None = None) -> View:
    """The engine's options of the die sums ``numbers`` on ``sheet`` (``colour``: white +
    that die; ``None``: the white sum, with swaps and lucky crosses) as
    :func:`qwixx_print.sim.bot_options.options` lists them from ``Sheet.legal_*``,
    :func:`reduced`."""
    found = bot_options.options(sheet, numbers, colour)
    return reduced(((o.kind, o.row, o.field, o.diamond) for o in found), sheet.board.lock_starts)


def state_of(g: Game, t: KernelTables) -> Sheets:
    """The kernel's state of the game ``g`` (between actions: every lock closed at the
    table): per seat its fields, small boxes, counted crosses, own locks, the next usable
    diamond, lucky numbers, slip and bonus cells."""
    board = Compiled.of(g.layout)
    players, rows, k = len(g.names), len(board.ids), len(board.bonus_ids)
    grid = {name: np.zeros((players, rows), dtype=np.int64) for name in ("pos", "crosses")}
    crossed, again = np.zeros((players, rows), dtype=np.int64), np.zeros_like(grid["pos"])
    seat = {name: np.zeros(players, dtype=np.int64) for name in ("mine", "next", "lucky", "slip")}
    bonus_pos = np.full((players, k), -1, dtype=np.int64)
    bonus_cells = np.zeros((players, k), dtype=np.int64)
    squares, squares_count = np.zeros_like(crossed), np.zeros_like(crossed)
    slips = [s.name for s in g.layout.slips]
    for p, name in enumerate(g.names):
        sheet = g.sheets[name]
        state, mine = sheet.state, sheet.board
        for r in range(rows):
            grid["pos"][p, r] = state.crossed[r][-1] if state.crossed[r] else -1
            if state.squares[r]:  # RULES.md §7: the place right of the last square
                grid["pos"][p, r] = max(grid["pos"][p, r], state.squares[r][-1])
            squares[p, r] = sum(1 << i for i in state.squares[r])
            squares_count[p, r] = len(state.squares[r])
            grid["crosses"][p, r] = sum(mine.weights[r][i] for i in state.crossed[r])
            grid["crosses"][p, r] += len(state.again[r])
            crossed[p, r] = sum(1 << i for i in state.crossed[r])
            again[p, r] = sum(1 << i for i in state.again[r])
        for b in range(k):
            bonus_pos[p, b] = state.bonus[b][-1] if state.bonus[b] else -1
            bonus_cells[p, b] = sum(1 << j for j in state.bonus[b])
        seat["mine"][p] = sum(1 << board.die_of[c] for c in state.locks)
        seat["next"][p] = state.diamonds[-1] + 1 if state.diamonds else 0
        seat["lucky"][p] = sum(1 << n for n in sheet.layout.lucky)
        seat["slip"][p] = slips.index(sheet.layout.slip) if slips else 0
    closed = np.array([int(c in g.closed) for c in board.dice], dtype=np.int64)
    return Sheets(
        pos=grid["pos"],
        crosses=grid["crosses"],
        crossed=crossed,
        again=again,
        penalties=np.array([g.sheets[n].penalties for n in g.names], dtype=np.int64),
        bar_next=np.zeros(players, dtype=np.int64),
        powers=np.zeros(players, dtype=np.int64),
        mine=seat["mine"],
        closed=closed,
        closing=np.zeros(len(board.dice), dtype=np.int64),
        stack=np.zeros((3, 512), dtype=np.int64),
        locked_rows=np.zeros(1, dtype=np.int64),
        diamond_next=seat["next"],
        lucky=seat["lucky"],
        slip=seat["slip"],
        bonus_pos=bonus_pos,
        bonus_cells=bonus_cells,
        bonus_count=squares_count,
        squares=squares,
        track_next=np.array([g.sheets[n].state.track for n in g.names], dtype=np.int64),
    )


def differences(g: Game, t: KernelTables, roll: Dice, phase: str) -> list[str]:
    """Where the kernel's options differ from the engine's in game ``g`` before action
    ``phase`` (``white``: every seat's white sum, and the active seat's white + colour sums;
    ``colour``: the active seat's white + colour sums), one line each."""
    s, board = state_of(g, t), Compiled.of(g.layout)
    lucky = g.layout.lucky_draw is not None or bool(g.layout.lucky)
    plain_view = plain.views(t, lucky)[1]
    asked: list[tuple[int, Sequence[int], str | None]] = []
    if phase == "white":
        asked += [(p, (roll.white_sum,), None) for p in range(len(g.names))]
    asked += [(g.active_index, roll.sums(c), c) for c in roll.colours]
    found = []
    if phase == "white" and board.track:  # Lucky 15: the active seat's value track
        engine_track = bots.track_choice(g) is not None
        faces = [roll.colours.get(c, 0) for c in board.dice]
        kernel_track = _track(t, s, g.active_index, np.array([*roll.white, *faces]))
        if engine_track != kernel_track:
            found.append(
                f"roll {g.rolls} white {g.active} track: engine {engine_track}, "
                f"kernel {kernel_track}"
            )
    for p, totals, colour in asked:
        sheet = g.sheets[g.names[p]]
        engine = engine_options(sheet, totals, colour)
        die = -1 if colour is None else board.die_of[colour]
        # the kernel's colour loop skips a die closed at the table (in action 1: RULES.md §1)
        compiled = View() if die >= 0 and s.closed[die] else kernel_options(t, s, p, totals, die)
        kernels = [("kernel", compiled)]
        if plain_view is not None:  # the plain kernel's own option function too
            closed = die >= 0 and s.closed[die]
            kernels.append(
                ("plain kernel", View() if closed else plain_options(plain_view, s, p, totals, die))
            )
        for name, options in kernels:
            if engine != options:
                found.append(
                    f"roll {g.rolls} {phase} {g.names[p]} sums {tuple(totals)} "
                    f"{colour or 'white'}: engine only {sorted(engine - options)}, {name} only "
                    f"{sorted(options - engine)}"
                )
    return found


def compare(layout: Layout, codes: Sequence[int], seed: int, games: int) -> tuple[int, list[str]]:
    """Play ``games`` seeded games of ``layout`` through the engine with the bots of
    ``codes`` (:func:`qwixx_print.sim.selfplay.play`) and compare the two engines' options at
    every state reached: (states compared, the differences found)."""
    t, board = compile_layout(layout), Compiled.of(layout)
    states, found = 0, []
    for game in range(games):
        own = selfplay.sheets(layout, len(codes), seed, game)
        g = Game(layout, selfplay.seats(len(codes)), own=own)

        def watch(g: Game, roll: Dice, phase: str) -> None:
            nonlocal states
            states += 1
            found.extend(differences(g, t, roll, phase))
            if any(board.squares):
                found.extend(square_differences(g, t, roll, phase))

        rolls = dice.rolls(seed, game, len(board.dice), board.faces)
        selfplay.play(g, codes, rolls, watch)
    return states, found
