"""Benchmark the simulator (issues 13, 24): the compiled kernel beside a reference loop in
plain C (``benchmarks/gap2.c``, built with ``cc -O2`` here and checked game by game against
the kernel), the strong bot, the reference engine with the bots, the CLI's chunking and
``--jobs``, the whole ``simulate`` command and the kernel's compile.

Usage: ``.venv/bin/python benchmarks/simulate.py [--runs 5] [--quick] [--before DIR ...]
[--layouts NAME,... | --first]``

``--before DIR``: a source tree of an older commit (``git archive COMMIT | tar -x -C DIR``);
each kernel figure is then measured for it too, in a child process, interleaved round by
round with this tree's and the C loop's and reported beside them; the speed-up targets are
taken against the figures of docs/performance.md before issue 24 (the issue's). Given more
than once (say the tree before issue 24 and main's), each tree is measured in every round.
``--layouts NAME,...``: only the kernel's figures (classic beside the C loop, and these
layouts with 2 and 4 players), not the command, the jobs, the reference engine, the
strong bot's quality or the compile. ``--first``: only the first ``simulate classic`` on an
empty cache, of this tree and each ``--before`` tree in turn (``--runs`` rounds).

Speeds are games per second of CPU time on one core (``time.process_time``: the host is
shared, wall time of one process varies by 2x), the median of ``--runs`` runs after the
compile. The command is timed by the wall clock (two processes on two cores), compile
excluded (the cache is warm). The strong bot's quality: mean score in 2-player self-play on
classic and its share of wins against gap-2 over 20,000 2-player games (10,000 with each seat;
a tie counts half), on seed 2026 (its weights were tuned on seed 1). Exit status 1 if a
target fails.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import c_loop  # benchmarks/c_loop.py, beside this file

from qwixx_print import api, catalogue
from qwixx_print.sim import run, selfplay

GAP_2, STRONG = 2, 0
SEED = 2026


def per_second(games: int, play: Callable[[], object], runs: int) -> float:
    """Median games per CPU second of ``runs`` runs of ``play`` (``games`` games each)."""
    speeds = []
    for _ in range(runs):
        start = time.process_time()
        play()
        speeds.append(games / (time.process_time() - start))
    return statistics.median(speeds)


def kernel_speed(name: str, codes: Sequence[int], games: int, runs: int) -> float:
    """Median games per CPU second of this tree's kernel."""
    sheet = api.checked(name)
    run.kernel_chunk(sheet, codes, SEED, 0, 1)  # compile or load
    return per_second(games, lambda: run.kernel_chunk(sheet, codes, SEED, 0, games), runs)


MEASURE = """
import sys, time
from qwixx_print import api
from qwixx_print.sim import run
name, codes, games = sys.argv[1], tuple(map(int, sys.argv[2].split(","))), int(sys.argv[3])
sheet = api.checked(name)
run.kernel_chunk(sheet, codes, 1, 0, 1)
start = time.process_time()
run.kernel_chunk(sheet, codes, 2026, 0, games)
print(games / (time.process_time() - start))
"""


def tree_speed(tree: Path, name: str, codes: Sequence[int], games: int) -> float:
    """Games per CPU second of the kernel of the source tree ``tree``, in a child process
    with its own cache (compiled there on first use); NaN when that tree has no layout
    ``name`` (a sheet added since)."""
    if (
        not (tree / "qwixx_print" / "layouts" / f"{name}.yaml").exists()
        and not (tree / "layouts" / f"{name}.yaml").exists()
    ):
        return math.nan
    env = {**os.environ, "PYTHONPATH": str(tree), "QWIXX_PRINT_CACHE": str(tree / ".cache")}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, name, ",".join(map(str, codes)), str(games)],
        env=env, capture_output=True, text=True, check=True, timeout=900, cwd=tree,
    )  # fmt: skip
    return float(done.stdout.split()[-1])


def interleaved(
    name: str,
    codes: Sequence[int],
    games: int,
    runs: int,
    before: Sequence[Path],
    program: Path | None,
) -> tuple[float, list[float], float | None]:
    """Median games per CPU second of this kernel, each ``before`` tree's and the C loop's
    (classic gap-2 only), measured round by round in turn: ``(now, before, c)``."""
    sheet = api.checked(name)
    run.kernel_chunk(sheet, codes, SEED, 0, 1)
    now: list[float] = []
    old: list[list[float]] = [[] for _ in before]
    c: list[float] = []
    for _ in range(runs):
        start = time.process_time()
        run.kernel_chunk(sheet, codes, SEED, 0, games)
        now.append(games / (time.process_time() - start))
        for speeds, tree in zip(old, before, strict=True):
            speeds.append(tree_speed(tree, name, codes, games))
        if program is not None:
            c.append(games / c_loop.cpu_seconds(program, SEED, games, len(codes)))
    median = statistics.median
    return median(now), [median(speeds) for speeds in old], median(c) if c else None


def was_text(now: float, old: Sequence[float], before: Sequence[Path]) -> str:
    """The ``before`` trees' figures beside ``now``: ``before NAME 1,234: 1.50x; ...``."""
    return "".join(
        f"{t.name} -: no such sheet; " if math.isnan(o) else f"{t.name} {o:,.0f}: {now / o:.2f}x; "
        for t, o in zip(before, old, strict=True)
    )


TODAY = {
    "bonuskette": (308_500, 159_300), "classic": (246_800, 139_700), "doppelt": (178_400, 113_100),
    "durcheinander": (216_300, 135_100), "farbbloecke": (105_400, 89_300),
    "kraefte": (210_800, 129_400), "nochmal": (131_200, 102_500), "regenbogen": (139_400, 104_000),
    "wirrwarr": (158_300, 109_500), "big-points": (79_300, 53_900),
    "connected-chain": (169_800, 115_100), "connected-steps": (202_800, 125_500),
    "x-change": (131_600, 74_600), "longo": (56_200, 39_200),
}  # fmt: skip
"""Games per CPU second, 2 / 4 players, gap-2, before issue 24 (docs/performance.md)."""
STRONG_TODAY = 84_200
"""The strong bot on classic, 2 players, before issue 24 (docs/performance.md)."""


def reference_speed(name: str, codes: Sequence[int], games: int, runs: int) -> float:
    sheet = api.checked(name)

    def play() -> None:
        for g in range(games):
            selfplay.play_game(sheet, codes, SEED, g)

    return per_second(games, play, runs)


def strong_quality(games: int) -> tuple[float, float]:
    """Mean score of strong in 2-player self-play, and its share of wins against gap-2."""
    sheet = api.checked("classic")
    self_play = run.kernel_chunk(sheet, (STRONG, STRONG), SEED, 0, games)
    wins = 0.0
    for seats, strong in (((STRONG, GAP_2), 0), ((GAP_2, STRONG), 1)):
        scores = run.kernel_chunk(sheet, seats, SEED, 0, games // 2).scores
        mine, theirs = scores[:, strong], scores[:, 1 - strong]
        wins += float((mine > theirs).sum()) + 0.5 * float((mine == theirs).sum())
    return float(self_play.scores.mean()), wins / games


MORE = ["big-points", "connected-chain", "connected-steps", "x-change", "longo"]
"""The sheets of RULES.md §4."""
NINE = [n for n in catalogue.shipped_names() if n not in MORE]
"""The nine sheets of RULES.md §1-§2 (issue 13's "all nine layouts")."""


def command_seconds(names: Sequence[str]) -> float:
    """Wall seconds of ``simulate`` of ``names``, 10,000 games each, 4 players, two jobs
    (the kernel's cache warm)."""
    command = [sys.executable, "-m", "qwixx_print", "simulate", *names, "--jobs", "2", "-q"]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def first_simulate(tree: Path | None = None) -> tuple[float, float, float]:
    """``simulate classic`` (10,000 games) on an empty cache: CPU seconds of the whole
    command, of the same command with the cache warm (so the compile is the difference),
    and the wall seconds of the first; of the source tree ``tree`` (``None``: this one)."""
    command = [sys.executable, "-m", "qwixx_print", "simulate", "classic", "-q"]
    figures = []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "QWIXX_PRINT_CACHE": cache}
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        for _ in range(2):
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, env=env, capture_output=True, timeout=900, cwd=tree)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
            figures.append((cpu, wall))
    return figures[0][0], figures[1][0], figures[0][1]


def overhead(games: int) -> float:
    """How much more CPU time ``run.run`` (the CLI's chunks and sums, one job) takes than
    the kernel alone for ``games`` classic 2-player gap-2 games, as a fraction."""
    sheet = api.checked("classic")
    run.kernel_chunk(sheet, (GAP_2, GAP_2), SEED, 0, 1)
    start = time.process_time()
    run.kernel_chunk(sheet, (GAP_2, GAP_2), SEED, 0, games)
    alone = time.process_time() - start
    start = time.process_time()
    run.run([(sheet, (GAP_2, GAP_2))], SEED, games, 1, True)
    return (time.process_time() - start) / alone - 1


def jobs_speedup(games: int) -> float:
    """Wall time of ``run.run`` with one job over that with two, ``games`` classic games."""
    sheet = api.checked("classic")
    seconds = []
    for jobs in (1, 2):
        start = time.perf_counter()
        run.run([(sheet, (GAP_2, GAP_2))], SEED, games, jobs, True)
        seconds.append(time.perf_counter() - start)
    return seconds[0] / seconds[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="fewer games, rough figures")
    parser.add_argument(
        "--before", type=Path, action="append", default=[], help="an older source tree"
    )
    parser.add_argument("--layouts", help="only the kernel's figures, of these layouts")
    parser.add_argument(
        "--first", action="store_true", help="only the first simulate on an empty cache"
    )
    args = parser.parse_args()
    if args.first:
        return first_runs(args.runs, [tree.resolve() for tree in args.before])
    scale = 10 if args.quick else 1
    kernel_games, reference_games = 200_000 // scale, 1_000 // scale
    run.kernel_chunk(api.checked("classic"), (GAP_2,), 1, 0, 1)  # compile or load
    rows: list[tuple[str, str, str, bool]] = []

    def row(what: str, figure: str, target: str, met: bool) -> None:
        rows.append((what, figure, target, met))
        print(f"{what}: {figure} (target {target}: {'met' if met else 'NOT met'})", flush=True)

    before = [tree.resolve() for tree in args.before]
    names = args.layouts.split(",") if args.layouts else catalogue.shipped_names()
    with tempfile.TemporaryDirectory() as folder:
        program = c_loop.build(Path(folder)) if c_loop.compiler() else None
        if program is None:
            row("C reference loop", "no C compiler", "built", False)
        else:
            sheet = api.checked("classic")
            for players in (2, 4):
                played = run.kernel_chunk(sheet, (GAP_2,) * players, SEED, 0, kernel_games)
                same = c_loop.games(program, SEED, 0, kernel_games, players)
                row(f"C loop plays the kernel's games, classic, {players} players, gap-2",
                    f"{kernel_games:,} games compared", "every game the same",
                    same == c_loop.as_rows(played))  # fmt: skip
        for players in (2, 4):
            codes = (GAP_2,) * players
            now, old, c = interleaved("classic", codes, kernel_games, args.runs, before, program)
            was = "".join(f", {t.name} {o:,.0f}" for t, o in zip(before, old, strict=True))
            ratio = now / c if c else 0.0
            c_text = f"C loop {c:,.0f}, ratio {ratio:.2f}" if c else "no C loop"
            figure = f"{now:,.0f} games/s{was} ({c_text})"
            row(f"kernel, classic, {players} players, gap-2", figure, ">= 0.9 x the C loop",
                ratio >= 0.9)  # fmt: skip
        codes = (STRONG, STRONG)
        now, old, _ = interleaved("classic", codes, kernel_games // 2, args.runs, before, None)
        was = was_text(now, old, before)
        row("kernel, classic, 2 players, strong",
            f"{now:,.0f} games/s ({was}{now / STRONG_TODAY:.2f}x of {STRONG_TODAY:,} before "
            "issue 24)", ">= 3x before issue 24", now >= 3 * STRONG_TODAY)  # fmt: skip
        for name in names:
            for k, players in enumerate((2, 4)):
                codes = (GAP_2,) * players
                games = kernel_games // 2
                now, old, _ = interleaved(name, codes, games, args.runs, before, None)
                was = was_text(now, old, before)
                if name not in TODAY:  # a sheet added since (Connect 15, Lucky 15)
                    row(f"kernel, {name}, {players} players, gap-2",
                        f"{now:,.0f} games/s ({was}no figure before issue 24)",
                        "none: no figure before issue 24", True)  # fmt: skip
                    continue
                base = TODAY[name][k]
                row(f"kernel, {name}, {players} players, gap-2",
                    f"{now:,.0f} games/s ({was}{now / base:.2f}x of {base:,} before issue 24)",
                    ">= 2x before issue 24", now >= 2 * base)  # fmt: skip
    if args.layouts:
        return table(rows)
    lost = overhead(1_000_000 // scale)
    row("simulate's chunks and sums (run.run, 1 job) over the kernel alone, 1,000,000 games",
        f"{lost:+.1%} CPU", "<= 3 %", lost <= 0.03)  # fmt: skip
    speedup = jobs_speedup(1_000_000 // scale)
    row("--jobs 2 over --jobs 1, 1,000,000 classic games, wall clock", f"{speedup:.2f}x",
        ">= 1.7x on an idle 2-core machine", speedup >= 1.7)  # fmt: skip
    for codes, label in (((GAP_2,) * 4, "gap-2"), ((STRONG,) * 4, "strong")):
        speed = reference_speed("classic", codes, reference_games, args.runs)
        row(
            f"reference engine + bots, classic, 4 players, {label}",
            f"{speed:,.0f} games/s",
            ">= 1,000",
            speed >= 1e3,
        )
    seconds = command_seconds(NINE)
    row(f"simulate, the {len(NINE)} RULES.md §2 layouts x 10,000 games, 4 players, 2 jobs",
        f"{seconds:.1f} s", "< 10 s", seconds < 10)  # fmt: skip
    shipped = catalogue.shipped_names()
    seconds = command_seconds(shipped)
    row(f"simulate, all {len(shipped)} shipped layouts x 10,000 games, 4 players, "
        "2 jobs", f"{seconds:.1f} s", "none", True)  # fmt: skip
    mean, wins = strong_quality(20_000 // scale)
    row("strong, 2-player self-play, classic, mean score", f"{mean:.1f}", ">= 70", mean >= 70)
    row("strong vs gap-2, 2 players, share of wins", f"{wins:.1%}", ">= 60 %", wins >= 0.6)
    cold, warm, wall = first_simulate()
    row("first simulate classic on an empty cache: compile (CPU, less a warm run) / in all "
        "(wall)", f"{cold - warm:.1f} s / {wall:.1f} s", "<= 10 s / <= 20 s",
        cold - warm <= 10 and wall <= 20)  # fmt: skip
    return table(rows)


def first_runs(runs: int, before: Sequence[Path]) -> int:
    """Print :func:`first_simulate`'s figures of this tree and each ``before`` tree, in turn
    round by round (``runs`` rounds), and their medians; exit status 1 if this tree's median
    misses the target (10 s of compile, 20 s in all)."""
    trees: list[Path | None] = [None, *before]
    figures: list[list[tuple[float, float, float]]] = [[] for _ in trees]
    for k in range(runs):
        for tree, mine in zip(trees, figures, strict=True):
            mine.append(first_simulate(tree))
            cold, warm, wall = mine[-1]
            name = "this tree" if tree is None else tree.name
            print(f"round {k + 1}, {name}: compile {cold - warm:.1f} s, in all {wall:.1f} s")
    medians = [
        (statistics.median(c - w for c, w, _ in mine), statistics.median(a for _, _, a in mine))
        for mine in figures
    ]
    for tree, (compile_s, wall) in zip(trees, medians, strict=True):
        name = "this tree" if tree is None else tree.name
        print(f"median, {name}: compile {compile_s:.1f} s, in all {wall:.1f} s")
    return 0 if medians[0][0] <= 10 and medians[0][1] <= 20 else 1


def table(rows: Sequence[tuple[str, str, str, bool]]) -> int:
    """Print ``rows`` (measure, figure, target, met) as a Markdown table; 1 if a target
    failed, else 0."""
    print()
    print("| measure | figure | target |")
    print("| --- | --- | --- |")
    for what, figure, target, met in rows:
        verdict = "" if target == "none" else (": met" if met else ": **not met**")
        print(f"| {what} | {figure} | {target}{verdict} |")
    return 0 if all(met for *_, met in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
