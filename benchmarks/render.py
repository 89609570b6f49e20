#!/usr/bin/env python3
"""In-process time of the three page paths (issue 21 item 6: one page plan, one writer):
copies of a layout (``api.render``), assorted generated-style sheets
(``draw.render_sheets``) and filled-in sheets (``draw.filled.render``).

    .venv/bin/python benchmarks/render.py [--runs 7]

Each case runs once to warm up (fonts, caches), then ``--runs`` times; the table gives the
fastest run in CPU time of this process (``time.process_time``), which a busy machine
disturbs least. To compare two versions back to back, run
this file with each version's Python in turn (it uses only names both have).
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable
from pathlib import Path

from qwixx_print import api, draw, layout
from qwixx_print.draw import filled

ROOT = Path(__file__).resolve().parent.parent


def fastest(work: Callable[[], object], runs: int) -> float:
    """CPU seconds of the fastest of ``runs`` calls of ``work``, after one warm-up call."""
    work()
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def cases() -> dict[str, Callable[[], object]]:
    """Each case's name and the work it times (writing a PDF to memory)."""
    classic, longo, chain = (api.checked(n) for n in ("classic", "longo", "connected-chain"))
    game = api.score(str(ROOT / "tests" / "data" / "marks" / "lea.yaml"))
    assorted = [(api.checked(n), f"seed {k}") for k, n in enumerate(layout.shipped_names())]

    def copies(sheet: layout.Layout, pages: int) -> Callable[[], object]:
        return lambda: api.render([sheet], pages, io.BytesIO(), seed=1)

    return {
        "classic, 100 pages": copies(classic, 100),
        "longo, 100 pages": copies(longo, 100),
        "connected-chain, 100 pages": copies(chain, 100),
        "14 assorted sheets, 10 times": lambda: draw.render_sheets(
            assorted, io.BytesIO(), pages=10
        ),
        "filled-in, 2 players": lambda: filled.render(game, io.BytesIO()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    print("| case | fastest run (CPU) |")
    print("| --- | --- |")
    for name, work in cases().items():
        print(f"| {name} | {fastest(work, runs) * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
