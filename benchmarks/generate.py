"""Benchmark ``qwixx-print generate`` (issue 14): per family, the candidates tried per
second, the median time to an accepted (balanced) layout, and how many candidates were
rejected by which criterion. Target: a balanced layout within the default budget (30 s)
for every family, the usual case much faster.

Usage: ``.venv/bin/python benchmarks/generate.py [--seeds 10] [--stability 0] [FAMILY ...]``

Each family searches seeds 1..N with 4 players and the default budget, after one warm-up
search (the kernel compiled), each search as one ``generate`` command makes it: the twin
played first (2,000 and 10,000 games), then the candidates. Candidates/s counts 20
candidates judged by a judge whose twin runs are done. Times are wall clock. With
``--stability K``, it also plays K candidates per family and counts how often the decision
(balanced or not) of the screen alone, and of the search (screen, then the longer run),
agrees with the decision at :data:`REFERENCE` games.
Exit status 1 if a family misses the budget.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections import Counter

from qwixx_print import api
from qwixx_print.errors import GenerateError
from qwixx_print.generate import DEFAULT_BUDGET, Recipe, balance, candidates, families, search

FROM = (("classic", "colours"), ("doppelt", "marks"), ("durcheinander", "numbers"))
"""``--from`` searches benchmarked beside the families."""

REFERENCE = 40_000
"""Games of the reference decision the stability check compares with."""


def recipe(name: str) -> Recipe:
    """A family by name, or ``LAYOUT:ASPECT`` for ``--from LAYOUT --shuffle ASPECT``."""
    if ":" in name:
        source, aspect = name.split(":")
        return api.recipe(None, source, aspect)
    return api.recipe(name)


def bench(made: Recipe, seeds: int) -> tuple[str, bool]:
    """One table line for ``made`` over seeds 1..``seeds``; whether every seed succeeded."""
    search(made, 0)  # warm-up: twin figures, kernel compiled
    times, tried, rejected, failed = [], 0, Counter[str](), 0
    start = time.perf_counter()
    for seed in range(1, seeds + 1):
        began = time.perf_counter()
        try:
            found = search(made, seed)
        except GenerateError:
            failed += 1
            continue
        times.append(time.perf_counter() - began)
        tried += found.tried
        rejected.update(found.rejected)
    total = time.perf_counter() - start
    per_second = rate(made)
    median = statistics.median(times) if times else float("nan")
    worst = max(times) if times else float("nan")
    counts = ", ".join(f"{c} {rejected[c]}" for c in balance.CRITERIA if rejected[c]) or "none"
    line = (
        f"| {made.words} | {per_second:.1f} | {median:.2f} s | {worst:.2f} s | "
        f"{tried}/{seeds - failed} | {counts} | {failed} |"
    )
    return line, failed == 0 and total < DEFAULT_BUDGET * seeds


def rate(made: Recipe, count: int = 20) -> float:
    """Candidates judged per second (dealt, checked and played: the screen, and the long
    run for those that pass it), the twin's runs made before the clock starts."""
    judge = balance.Judge(made.twin, 4)
    judge.full()
    start = time.perf_counter()
    for sheet in itertools.islice(candidates(made, 999), count):
        judge.judge(sheet)
    return count / (time.perf_counter() - start)


def stability(made: Recipe, count: int) -> str:
    """How often the screen's decision (SCREEN games) and the search's (screen, then GAMES)
    agree with the decision at REFERENCE games."""
    judge = balance.Judge(made.twin, 4)
    reference = balance.figures(made.twin, 4, REFERENCE)
    screen = both = accepted = 0
    for sheet in itertools.islice(candidates(made, 10_000), count):
        truth = not balance.misses(balance.figures(sheet, 4, REFERENCE), reference)
        screen += truth == (
            not balance.misses(balance.figures(sheet, 4, balance.SCREEN), judge.screen)
        )
        both += truth == (not judge.judge(sheet)[1])
        accepted += truth
    return f"| {made.words} | {screen}/{count} | {both}/{count} | {accepted}/{count} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="families, or LAYOUT:ASPECT for --from")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--stability", type=int, default=0)
    args = parser.parse_args()
    names = args.names or [*families.FAMILIES, *(f"{s}:{a}" for s, a in FROM)]
    print(
        f"{balance.SCREEN} games a candidate, {balance.GAMES} for one that passes, "
        f"4 players, seeds 1..{args.seeds}"
    )
    print(
        "| search | candidates/s | median to accept | slowest | tried/accepted | "
        "rejected by | failed |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    ok = True
    for name in names:
        line, met = bench(recipe(name), args.seeds)
        print(line, flush=True)
        ok = ok and met
    if args.stability:
        print(
            f"\n| search | screen ({balance.SCREEN} games) decides as {REFERENCE} | "
            f"screen + {balance.GAMES} decide as {REFERENCE} | balanced at {REFERENCE} |"
        )
        print("| --- | --- | --- | --- |")
        for name in names:
            print(stability(recipe(name), args.stability), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
