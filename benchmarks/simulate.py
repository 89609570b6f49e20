"""Benchmark the simulator (issue 13): the compiled kernel, the strong bot, the reference
engine with the bots, the whole ``simulate`` command and the kernel's compile.

Usage: ``.venv/bin/python benchmarks/simulate.py [--runs 3] [--quick]``

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
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence

from qwixx_print import api, catalogue
from qwixx_print.sim import bots, run

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
    sheet = api.checked(name)
    return per_second(games, lambda: run.kernel_chunk(sheet, codes, SEED, 0, games), runs)


def reference_speed(name: str, codes: Sequence[int], games: int, runs: int) -> float:
    sheet = api.checked(name)

    def play() -> None:
        for g in range(games):
            bots.play_game(sheet, codes, SEED, g)

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


def compile_seconds() -> tuple[float, float]:
    """Seconds to compile the kernel into an empty cache, then to load it from the cache
    (each in a fresh process, one game of classic)."""
    code = "from qwixx_print.sim import run; print(run.kernel_problem())"
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for _ in range(2):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True)
            times.append(time.perf_counter() - start)
    return times[0], times[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="fewer games, rough figures")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    kernel_games, reference_games = 200_000 // scale, 1_000 // scale
    run.kernel_chunk(api.checked("classic"), (GAP_2,), 1, 0, 1)  # compile or load
    rows: list[tuple[str, str, str, bool]] = []

    def row(what: str, figure: str, target: str, met: bool) -> None:
        rows.append((what, figure, target, met))
        print(f"{what}: {figure} (target {target}: {'met' if met else 'NOT met'})", flush=True)

    speed = kernel_speed("classic", (GAP_2, GAP_2), kernel_games, args.runs)
    row("kernel, classic, 2 players, gap-2", f"{speed:,.0f} games/s", ">= 150,000", speed >= 150e3)
    for name in catalogue.shipped_names():
        for players in (2, 4):
            speed = kernel_speed(name, (GAP_2,) * players, kernel_games // 2, args.runs)
            row(
                f"kernel, {name}, {players} players, gap-2",
                f"{speed:,.0f} games/s",
                ">= 20,000",
                speed >= 20e3,
            )
    speed = kernel_speed("classic", (STRONG, STRONG), kernel_games // 2, args.runs)
    row("kernel, classic, 2 players, strong", f"{speed:,.0f} games/s", ">= 20,000", speed >= 20e3)
    for codes, label in (((GAP_2,) * 4, "gap-2"), ((STRONG,) * 4, "strong")):
        speed = reference_speed("classic", codes, reference_games, args.runs)
        row(
            f"reference engine + bots, classic, 4 players, {label}",
            f"{speed:,.0f} games/s",
            ">= 1,000",
            speed >= 1e3,
        )
    for name in MORE:
        for codes, label in (((GAP_2,) * 4, "gap-2"), ((STRONG,) * 4, "strong")):
            speed = reference_speed(name, codes, reference_games // 2, args.runs)
            row(f"reference engine + bots, {name}, 4 players, {label}", f"{speed:,.0f} games/s",
                "none", True)  # fmt: skip
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
    cold, warm = compile_seconds()
    row("kernel compile (empty cache) / load (cached)", f"{cold:.1f} s / {warm:.1f} s", "none",
        True)  # fmt: skip
    print()
    print("| measure | figure | target |")
    print("| --- | --- | --- |")
    for what, figure, target, met in rows:
        verdict = "" if target == "none" else (": met" if met else ": **not met**")
        print(f"| {what} | {figure} | {target}{verdict} |")
    return 0 if all(met for *_, met in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
