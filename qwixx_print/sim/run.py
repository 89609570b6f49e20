"""Running many games: fixed seeded chunks, spread over processes, added up exactly.

Games are cut into chunks of :data:`CHUNK` games (game numbers ``k * CHUNK ...``); each chunk
is played by the compiled kernel (or, without numba, by the reference engine) and summed into
:class:`Totals` of whole numbers, so the result is the same for any ``jobs``: every game has
its own dice stream (:mod:`qwixx_print.sim.dice`), and sums of integers do not depend on the
order they are added in.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

import numpy as np
import numpy.typing as npt

from qwixx_print.compiled import Compiled
from qwixx_print.layout import Layout
from qwixx_print.sim import tables
from qwixx_print.sim.tables import Games

CHUNK = 2000
"""Games per chunk: the unit of work of a job and of the progress bar."""

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
    it crossed, then per bonus row and cell (Big Points) the same.
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

    def add(self, other: Totals) -> None:
        """Add ``other``'s games to these."""
        if not self.locks:
            self.locks = [0] * len(other.locks)
            self.crosses = [[0] * len(row) for row in other.crosses]
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
        self.crosses = [
            [a + b for a, b in zip(mine, theirs, strict=True)]
            for mine, theirs in zip(self.crosses, other.crosses, strict=True)
        ]


def totals(layout: Layout, games: Games) -> Totals:
    """Sum a chunk's :class:`Games` into :class:`Totals`."""
    scores = games.scores
    best = scores.max(axis=1)
    top = scores == best[:, None]
    shares = np.where(top[:, 0], TIE_SHARES // top.sum(axis=1), 0)
    values, counts = np.unique(scores, return_counts=True)
    crosses = []
    c = Compiled.of(layout)
    for r, last in enumerate(c.lasts):
        masks = games.crossed[:, :, r]
        crosses.append([int(((masks >> j) & 1).sum()) for j in range(last + 1)])
    for k, (upper, _) in enumerate(c.bonus_between):  # a cell per field of the row above
        masks = games.bonus[:, :, k]
        crosses.append([int(((masks >> j) & 1).sum()) for j in range(c.lasts[upper] + 1)])
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
    )


def kernel_chunk(layout: Layout, codes: Sequence[int], seed: int, first: int, count: int) -> Games:
    """Games ``first .. first + count - 1`` played by the compiled kernel."""
    from qwixx_print.sim import kernel

    games = Games.zeros(count, len(codes), len(layout.rows), len(layout.bonus_rows))
    strategies = np.array(codes, dtype=np.int64)
    lucky = lucky_masks(layout, len(codes), seed, first, count)
    slips = slip_indexes(layout, len(codes), first, count)
    t = tables.compile_layout(layout)
    kernel.play_games(t, strategies, seed, first, games, lucky, slips)
    return games


def lucky_masks(layout: Layout, players: int, seed: int, first: int, count: int) -> Ints:
    """Per game and seat, the bit mask of the seat's lucky numbers (Longo, RULES.md §4): the
    numbers of the sheets :func:`qwixx_print.sim.bots.sheets` deals, so the kernel's seats
    hold the reference's; 0 on a sheet without them."""
    from qwixx_print import dealing

    masks = np.zeros((count, players), dtype=np.int64)
    if layout.lucky_draw is None:
        masks[:] = sum(1 << n for n in layout.lucky)
        return masks
    for g in range(count):
        for k, numbers in enumerate(dealing.lucky_sets(layout, players, seed, first + g)):
            masks[g, k] = sum(1 << n for n in numbers)
    return masks


def slip_indexes(layout: Layout, players: int, first: int, count: int) -> Ints:
    """Per game and seat, the index of the seat's slip in ``layout.slips`` (Connected Chain,
    RULES.md §4): the slips :func:`qwixx_print.sim.bots.sheets` deals; 0 without slips."""
    from qwixx_print import dealing

    if not layout.slips:
        return np.zeros((count, players), dtype=np.int64)
    return np.array(
        [dealing.slip_order(layout, players, first + g) for g in range(count)], dtype=np.int64
    ).reshape(count, players)


def reference_chunk(
    layout: Layout, codes: Sequence[int], seed: int, first: int, count: int
) -> Games:
    """The same games played by the reference engine (:func:`qwixx_print.sim.bots.play_game`)."""
    from qwixx_print.sim import bots

    games = Games.zeros(count, len(codes), len(layout.rows), len(layout.bonus_rows))
    for g in range(count):
        played = bots.play_game(layout, codes, seed, first + g)
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


def _chunk(task: tuple[Layout, tuple[int, ...], int, int, int, bool]) -> Totals:
    layout, codes, seed, first, count, compiled = task
    play = kernel_chunk if compiled else reference_chunk
    return totals(layout, play(layout, codes, seed, first, count))


def _tasks(
    layout: Layout, codes: tuple[int, ...], seed: int, games: int, compiled: bool
) -> list[tuple[Layout, tuple[int, ...], int, int, int, bool]]:
    return [
        (layout, codes, seed, first, min(CHUNK, games - first), compiled)
        for first in range(0, games, CHUNK)
    ]


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
    tasks = [
        (k, task)
        for k, (lay, codes) in enumerate(runs)
        for task in _tasks(lay, codes, seed, games, compiled)
    ]
    results = [Totals() for _ in runs]
    done: Iterator[Totals]
    worth = PARALLEL_FROM if compiled else PARALLEL_FROM // 50
    if jobs <= 1 or len(tasks) == 1 or games * len(runs) < worth:
        done = (_chunk(task) for _, task in tasks)
        pool = None
    else:
        workers = min(jobs, len(tasks))
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
        done = pool.map(_chunk, [task for _, task in tasks])
    try:
        for (k, task), part in zip(tasks, done, strict=True):
            results[k].add(part)
            on_games(task[4])
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return results
