"""Running many games: fixed seeded chunks, spread over processes, added up exactly.

Games are cut into chunks of :data:`CHUNK` games (game numbers ``k * CHUNK ...``; the reference
engine's :data:`REFERENCE_CHUNK`); each chunk
is played by the compiled kernel (or, without numba, by the reference engine) and summed into
:class:`Totals` of whole numbers, so the result is the same for any ``jobs``: every game has
its own dice stream (:mod:`qwixx_print.sim.dice`), and sums of integers do not depend on the
order they are added in.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_all_start_methods, get_context
from typing import Any

import numpy as np
import numpy.typing as npt

from qwixx_print.compiled import Compiled
from qwixx_print.layout import Layout
from qwixx_print.sim import tables
from qwixx_print.sim.compiling import (
    BONUS_ROWS,
    CHAINS,
    CLASSIC,
    CLASSIC_GAP,
    DOUBLES,
    GENERAL,
    LEAN,
    MIXED,
    PLAIN,
    SMALL_BOXES,
    SWAPS,
    _marker,
    announce,
    compiled_before,
    quiet,
)
from qwixx_print.sim.tables import Games

CHUNK = 20_000
"""Games per chunk of the compiled kernel: the unit of work of a job and of the progress bar
(about a tenth of a second; the summing of a chunk then costs under 1 % of its games)."""
REFERENCE_CHUNK = 2000
"""Games per chunk of the reference engine (some 300 times slower)."""

PARALLEL_FROM = 100_000
"""Games (all layouts together) from which the kernel's work is spread over processes: a
process takes about a second to start and load the compiled kernel, fewer games take less
in one process. The reference engine, some 300 times slower, spreads from 2,000."""

TIE_SHARES = 60
"""A game's win is split among tied winners in 60ths (exact for 1 to 5 players)."""

Ints = npt.NDArray[np.int64]


@dataclass
class Totals:
    """Sums over played games, all whole numbers (so any split adds up to the same).

    ``scores``: score -> sheets with it; ``first_wins`` in 60ths of a game; ``locks`` per row
    the games in which some player locked it; ``crosses`` per row and field the sheets with
    it crossed, then per bonus row and cell (Big Points) the same; ``again`` per row and
    field the sheets with the small box under it crossed (Nochmal; 0 without small boxes).
    """

    games: int = 0
    sheets: int = 0
    score_sum: int = 0
    score_squares: int = 0
    scores: Counter[int] = field(default_factory=Counter)
    winner_sum: int = 0
    rolls: int = 0
    by_locks: int = 0
    penalties: int = 0
    first_wins: int = 0
    locks: list[int] = field(default_factory=list)
    crosses: list[list[int]] = field(default_factory=list)
    again: list[list[int]] = field(default_factory=list)

    def add(self, other: Totals) -> None:
        """Add ``other``'s games to these."""
        if not self.locks:
            self.locks = [0] * len(other.locks)
            self.crosses = [[0] * len(row) for row in other.crosses]
            self.again = [[0] * len(row) for row in other.again]
        self.games += other.games
        self.sheets += other.sheets
        self.score_sum += other.score_sum
        self.score_squares += other.score_squares
        self.scores.update(other.scores)
        self.winner_sum += other.winner_sum
        self.rolls += other.rolls
        self.by_locks += other.by_locks
        self.penalties += other.penalties
        self.first_wins += other.first_wins
        self.locks = [a + b for a, b in zip(self.locks, other.locks, strict=True)]
        self.crosses = _summed(self.crosses, other.crosses)
        self.again = _summed(self.again, other.again)


def _summed(mine: list[list[int]], theirs: list[list[int]]) -> list[list[int]]:
    """Two lists of counts per row and field added up."""
    return [[a + b for a, b in zip(m, t, strict=True)] for m, t in zip(mine, theirs, strict=True)]


def totals(layout: Layout, games: Games) -> Totals:
    """Sum a chunk's :class:`Games` into :class:`Totals`."""
    scores = games.scores
    best = scores.max(axis=1)
    top = scores == best[:, None]
    shares = np.where(top[:, 0], TIE_SHARES // top.sum(axis=1), 0)
    values, counts = np.unique(scores, return_counts=True)
    c = Compiled.of(layout)
    crosses = [_counts(games.crossed[:, :, r], last + 1) for r, last in enumerate(c.lasts)]
    for k, numbers in enumerate(c.bonus_numbers):
        crosses.append(_counts(games.bonus[:, :, k], len(numbers)))
    again = [  # only a row with small boxes has any to count (a chunk's sums stay cheap)
        _counts(games.again[:, :, r], last + 1) if has else [0] * (last + 1)
        for r, (has, last) in enumerate(zip(c.again, c.lasts, strict=True))
    ]
    return Totals(
        games=len(games.rolls),
        sheets=int(scores.size),
        score_sum=int(scores.sum()),
        score_squares=int((scores * scores).sum()),
        scores=Counter(dict(zip(values.tolist(), counts.tolist(), strict=True))),
        winner_sum=int(best.sum()),
        rolls=int(games.rolls.sum()),
        by_locks=int((games.ends == 0).sum()),
        penalties=int(games.penalties.sum()),
        first_wins=int(shares.sum()),
        locks=[int(((games.locked >> r) & 1).sum()) for r in range(len(layout.rows))],
        crosses=crosses,
        again=again,
    )


_BYTE_BITS = (np.arange(256, dtype=np.int64)[:, None] >> np.arange(8, dtype=np.int64)) & 1
"""Row ``v``: the 8 bits of byte value ``v``, lowest first (256 x 8)."""


def _counts(masks: Ints, fields: int) -> list[int]:
    """Per field ``0 .. fields - 1``, how many of the bit ``masks`` (any shape, not
    negative) have its bit set: eight fields at a time, how many masks show each value of
    that byte, times the value's bits (a tenth of the time of testing every bit of every
    mask, which cost 13-18 % of the kernel's time for classic: issue 24)."""
    flat = masks.ravel()
    found: list[int] = []
    for low in range(0, fields, 8):
        seen = np.bincount((flat >> low) & 255, minlength=256)
        found.extend((seen @ _BYTE_BITS).tolist())
    return found[:fields]


WITH_SLIPS = (PLAIN, CHAINS)
"""The plain kernel's variants whose entry points take the seats' slips."""


def plain_entry(variant: str) -> Callable[..., None] | None:
    """The plain kernel's entry point that plays ``variant`` (:func:`variant_of`), or
    ``None`` for the lean and the general kernel; those of :data:`WITH_SLIPS` take the
    seats' slips as a last argument."""
    from qwixx_print.sim import plain_games

    entries: dict[str, Callable[..., None]] = {
        CLASSIC_GAP: plain_games.play_classic_gap_games,
        CLASSIC: plain_games.play_classic_games,
        DOUBLES: plain_games.play_doubles_games,
        MIXED: plain_games.play_mixed_games,
        SMALL_BOXES: plain_games.play_small_box_games,
        SWAPS: plain_games.play_swap_games,
        BONUS_ROWS: plain_games.play_bonus_row_games,
        PLAIN: plain_games.play_plain_games,
        CHAINS: plain_games.play_chain_games,
    }
    return entries.get(variant)


def kernel_chunk(layout: Layout, codes: Sequence[int], seed: int, first: int, count: int) -> Games:
    """Games ``first .. first + count - 1`` played by the compiled kernel that plays the
    layout and bots (:func:`variant_of`): the plain one (:mod:`qwixx_print.sim.plain`), the
    lean one (:mod:`qwixx_print.sim.lean`) or the general one. A kernel not yet in the cache
    is announced first (:func:`announce`)."""
    from qwixx_print.sim import kernel, lean

    c = Compiled.of(layout)
    games = Games.zeros(count, len(codes), len(c.ids), len(c.bonus_ids))
    strategies = np.array(codes, dtype=np.int64)
    t, lean_view, plain_view = kernel_tables(layout)
    variant = variant_of(layout, codes)
    name = compiled_name(layout, codes)
    fresh = not compiled_before(name)
    if fresh:
        announce(name)
    play = plain_entry(variant)
    if play is not None and variant in WITH_SLIPS:
        slips = slip_indexes(layout, len(codes), first, count)
        play(plain_view, strategies, seed, first, games, slips)
    elif play is not None:
        play(plain_view, strategies, seed, first, games)
    elif variant == LEAN:
        lean.play_lean_games(lean_view, strategies, seed, first, games)
    else:
        lucky = lucky_masks(layout, len(codes), seed, first, count)
        slips = slip_indexes(layout, len(codes), first, count)
        kernel.play_games(t, strategies, seed, first, games, lucky, slips, mechanics(layout))
    if fresh:
        _marker(name).touch()
    return games


def mechanics(layout: Layout) -> int:
    """The mechanics of ``layout`` the general kernel is compiled for
    (:func:`qwixx_print.sim.tables.mechanics`)."""
    return tables.mechanics(kernel_tables(layout)[0], has_lucky(layout))


def has_lucky(layout: Layout) -> bool:
    """Whether the sheets of ``layout`` have lucky numbers (Longo, RULES.md §4: drawn or
    fixed)."""
    return layout.lucky_draw is not None or bool(layout.lucky)


def compiled_name(layout: Layout, codes: Sequence[int] = (2,)) -> str:
    """The name in the cache of the kernel that plays ``layout`` with ``codes``: its
    :func:`variant_of`, for the general kernel with the layout's :func:`mechanics` (each set
    of mechanics is a kernel of its own, :func:`qwixx_print.sim.kernel.variant`)."""
    variant = variant_of(layout, codes)
    return f"{GENERAL}-{mechanics(layout):03x}" if variant == GENERAL else variant


def variant_of(layout: Layout, codes: Sequence[int] = (2,)) -> str:
    """The kernel that plays ``layout`` with the bots ``codes`` (strategy codes per seat):
    :data:`CLASSIC_GAP` or :data:`CLASSIC` (with a strong seat) for a plain layout of
    classic's build, :data:`DOUBLES`, :data:`MIXED`, :data:`CHAINS`, :data:`SMALL_BOXES`,
    :data:`SWAPS` or :data:`BONUS_ROWS` for one of classic's counts with doubles, mixed
    colours, the chains of a cross, small boxes, diamonds or bonus rows, :data:`PLAIN` for
    another plain one (:func:`qwixx_print.sim.plain.build`), :data:`LEAN` for one that fits
    the lean kernel, else :data:`GENERAL`."""
    from qwixx_print.sim import plain
    from qwixx_print.sim.strategy import STRONG

    t, lean_view, plain_view = kernel_tables(layout)
    if plain_view is not None:
        built = plain.build(t)
        if built != plain.CLASSIC:
            builds = {
                plain.DOUBLES: DOUBLES,
                plain.MIXED: MIXED,
                plain.CHAINS: CHAINS,
                plain.SMALL_BOXES: SMALL_BOXES,
                plain.SWAPS: SWAPS,
                plain.BONUS_ROWS: BONUS_ROWS,
            }
            return builds.get(built, PLAIN)
        return CLASSIC if STRONG in codes else CLASSIC_GAP
    return LEAN if lean_view is not None else GENERAL


def prepare(announced: bool = True) -> None:
    """Compile (or load) every kernel a shipped layout needs now (the plain kernel's entry
    points of classic's build, with doubles, with mixed colours, with chains, with small
    boxes, with diamonds and with bonus rows, and the general kernel's helpers, with Longo's
    variant), announced as they are compiled unless not ``announced``: the web server calls
    it quietly in the background when it starts (its terminal stays quiet; the page says it),
    so a page never waits for the compile."""
    from qwixx_print import catalogue

    if not announced:
        quiet()

    shipped = (
        ("classic", (2, 2)),
        ("classic", (2, 0)),
        ("doppelt", (2, 0)),
        ("farbbloecke", (2, 0)),
        ("bonuskette", (2, 0)),
        ("nochmal", (2, 0)),
        ("x-change", (2, 0)),
        ("big-points", (2, 0)),
        ("longo", (2, 0)),
    )
    for name, codes in shipped:  # every kernel a shipped layout needs (not plain's general one)
        kernel_chunk(catalogue.find(name), codes, 1, 0, 1)


_TABLES: dict[int, tuple[Layout, tables.KernelTables, Any, Any]] = {}
"""The tables of the layouts played in this process, by ``id`` (the layout is kept, so the
``id`` stays its own)."""


def kernel_tables(layout: Layout) -> tuple[tables.KernelTables, Any, Any]:
    """The kernel's tables of ``layout``, the lean kernel's view of them (``None`` when the
    layout does not fit it, :func:`qwixx_print.sim.lean.fits`) and the plain kernel's
    (``None`` unless it is plain, :func:`qwixx_print.sim.plain.plain`), made once per layout
    and process; the strong bot's weights are read anew on each call."""
    from qwixx_print.sim import plain

    known = _TABLES.get(id(layout))
    if known is None or known[0] is not layout:
        t = tables.compile_layout(layout)
        lean_view, plain_view = plain.views(t, has_lucky(layout))
        known = (layout, t, lean_view, plain_view)
        _TABLES[id(layout)] = known
    weights = tables.weights()
    _, t, lean_view, plain_view = known
    if lean_view is not None:
        lean_view = lean_view._replace(weights=weights)
    if plain_view is not None:
        plain_view = plain_view._replace(weights=weights)
    return t._replace(weights=weights), lean_view, plain_view


def lucky_masks(layout: Layout, players: int, seed: int, first: int, count: int) -> Ints:
    """Per game and seat, the bit mask of the seat's lucky numbers (Longo, RULES.md §4): the
    numbers of the sheets :func:`qwixx_print.sim.selfplay.sheets` deals, so the kernel's seats
    hold the reference's (compiled: :func:`qwixx_print.sim.state.deal_lucky`); 0 on a sheet
    without them."""
    from qwixx_print import dealing

    pool = dealing.lucky_pool(layout)
    if not pool:
        masks = np.zeros((count, players), dtype=np.int64)
        masks[:] = sum(1 << n for n in layout.lucky)
        return masks
    bits = np.array([sum(1 << n for n in numbers) for numbers in pool], dtype=np.int64)
    return dealt_lucky(seed, first, count, players, bits)


def dealt_lucky(seed: int, first: int, count: int, players: int, pool: Ints) -> Ints:
    """The bit masks :func:`qwixx_print.sim.state.deal_lucky` deals games ``first .. first +
    count - 1`` of the run seeded ``seed`` from ``pool`` (one bit mask per set), shape
    ``(count, players)``."""
    from qwixx_print.sim import dice, state

    return state.deal_lucky(np.uint64(dice.start(seed, first)), count, players, pool)


def slip_indexes(layout: Layout, players: int, first: int, count: int) -> Ints:
    """Per game and seat, the index of the seat's slip in ``layout.slips`` (Connected Chain,
    RULES.md §4): the slips :func:`qwixx_print.sim.selfplay.sheets` deals; 0 without slips.
    A page's slips go round the slips (:func:`qwixx_print.dealing.slip_order`), so the
    orders of as many games as there are slips repeat: dealt once, not once a game (in
    Python that took a third of the time of the kernel's Connected Chain games)."""
    from qwixx_print import dealing

    if not layout.slips:
        return np.zeros((count, players), dtype=np.int64)
    period = min(len(layout.slips), count)
    orders = [dealing.slip_order(layout, players, first + g) for g in range(period)]
    return np.array(orders, dtype=np.int64).reshape(period, players)[np.arange(count) % period]


def reference_chunk(
    layout: Layout, codes: Sequence[int], seed: int, first: int, count: int
) -> Games:
    """The same games played by the reference engine
    (:func:`qwixx_print.sim.selfplay.play_game`)."""
    from qwixx_print.sim import selfplay

    c = Compiled.of(layout)
    games = Games.zeros(count, len(codes), len(c.ids), len(c.bonus_ids))
    for g in range(count):
        played = selfplay.play_game(layout, codes, seed, first + g)
        games.scores[g] = played.scores
        games.penalties[g] = played.penalties
        games.crossed[g] = played.crossed
        games.again[g] = played.again
        games.bonus[g] = played.bonus
        games.rolls[g] = played.rolls
        games.ends[g] = 0 if played.by_locks else 1
        games.locked[g] = played.locked
    return games


def kernel_problem() -> str | None:
    """Why the compiled kernel cannot run here (numba missing or failing), or ``None``."""
    try:
        from qwixx_print import catalogue

        kernel_chunk(catalogue.find("classic"), (2, 2), 1, 0, 1)
    except Exception as exc:  # any failure of the compiler means: use the reference
        return f"{type(exc).__name__}: {exc}".splitlines()[0]
    return None


Task = tuple[int, int, int, int]
"""A chunk of work: the index of its run, the seed, the first game and the number of games."""

_RUNS: list[tuple[Layout, tuple[int, ...]]] = []
"""The runs of :func:`run` in this process (a worker gets them once, when it starts)."""
_COMPILED = [True]


def _setup(runs: list[tuple[Layout, tuple[int, ...]]], compiled: bool) -> None:
    """Give this process (a worker, or the caller) the runs to play (:data:`_RUNS`)."""
    _RUNS[:] = runs
    _COMPILED[0] = compiled


def _chunk(task: Task) -> Totals:
    """A worker's chunk: :func:`_played` of the runs it was given (:func:`_setup`)."""
    return _played(_RUNS[task[0]], task, _COMPILED[0])


def _played(one: tuple[Layout, tuple[int, ...]], task: Task, compiled: bool) -> Totals:
    _, seed, first, count = task
    layout, codes = one
    play = kernel_chunk if compiled else reference_chunk
    return totals(layout, play(layout, codes, seed, first, count))


def _tasks(k: int, seed: int, games: int, compiled: bool) -> list[Task]:
    size = CHUNK if compiled else REFERENCE_CHUNK
    return [(k, seed, first, min(size, games - first)) for first in range(0, games, size)]


def start_method() -> str:
    """How workers start: forked where the system can and this process runs no other thread
    (a fork then inherits the loaded kernel and starts in milliseconds; a fork of a process
    with threads could inherit a lock held by one), else spawned (a fresh Python that loads
    the cached kernel, about a second)."""
    if "fork" in get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def default_jobs() -> int:
    """Processes by default: the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Progress:
    """A progress bar on stderr (click's), shown only on a terminal, not ``quiet``, and only
    once the run has taken more than a second."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.done = total, 0
        self.show = not quiet and sys.stderr.isatty()
        self.start = time.monotonic()
        self.bar: Any = None

    def step(self, games: int) -> None:
        """``games`` more games are played."""
        import click

        self.done += games
        if self.bar is None and self.show and time.monotonic() - self.start > 1.0:
            self.bar = click.progressbar(length=self.total, label="simulating", file=sys.stderr)
            self.bar.__enter__()
            self.bar.update(self.done - games)
        if self.bar is not None:
            self.bar.update(games)

    def close(self) -> None:
        """Finish the bar (if shown)."""
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def run(
    runs: Sequence[tuple[Layout, tuple[int, ...]]],
    seed: int,
    games: int,
    jobs: int,
    compiled: bool,
    on_games: Callable[[int], None] = lambda n: None,
) -> list[Totals]:
    """Play ``games`` games of each ``(layout, strategy codes per seat)`` in ``runs`` with
    ``seed``, over ``jobs`` processes, with the kernel (``compiled``) or the reference engine
    (in one process below :data:`PARALLEL_FROM` games, or a fiftieth of it for the
    reference); ``on_games`` is called as chunks finish. Returns one :class:`Totals` per run."""
    tasks = [task for k in range(len(runs)) for task in _tasks(k, seed, games, compiled)]
    results = [Totals() for _ in runs]
    done: Iterator[Totals]
    worth = PARALLEL_FROM if compiled else PARALLEL_FROM // 50
    if jobs <= 1 or len(tasks) == 1 or games * len(runs) < worth:
        done = (_played(runs[task[0]], task, compiled) for task in tasks)
        pool = None
    else:
        method = start_method()
        for lay, codes in runs:  # compile once here, not in each worker; a fork inherits it
            if compiled and (method == "fork" or not compiled_before(compiled_name(lay, codes))):
                kernel_chunk(lay, codes, seed, 0, 1)
        workers = min(jobs, len(tasks))
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=get_context(method),
            initializer=_setup,
            initargs=(list(runs), compiled),
        )
        done = pool.map(_chunk, tasks)
    try:
        for task, part in zip(tasks, done, strict=True):
            results[task[0]].add(part)
            on_games(task[3])
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return results
