"""Benchmark the web page's fresh sheet (issue 15, item 2): how long ``GET /generate``
takes a ``qwixx-print serve`` on loopback (its budget: 10 s a search).

Usage (from the repository, with the project installed in .venv):

    .venv/bin/python benchmarks/web_generate.py [--seeds 3] [--limit 300]

It starts the server on 127.0.0.1 on a free port with a fresh database (benchmarks/web.py's
helpers) and times each request from the client (``http.client``, loopback only):

1. **first**: the first fresh sheet the server makes (chaos, seed 1000): the simulator's
   compiled kernel is loaded into the server process (from numba's cache) then;
2. **search**: every family with seeds 1 to ``--seeds``, one after the other: each a new
   search (the twin played, candidates until one is balanced or 10 s pass);
3. **kept**: the same again: the server keeps the last 32 sheets.

Prints p50 and the maximum of each in ms, and how many searches found no balanced sheet in
their budget (a 422). Bounded by ``--limit`` seconds in all.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import Client, serving  # benchmarks/web.py

from qwixx_print.choices import GENERATE_FAMILIES


def timed(client: Client, path: str) -> tuple[float, int]:
    """Milliseconds of one request and its whole answer, and its status."""
    start = time.perf_counter()
    status, _ = client.request("GET", path)
    return (time.perf_counter() - start) * 1000, status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds in all")
    args = parser.parse_args()
    with serving() as port:
        return run(Client(port), args)


def run(client: Client, args: argparse.Namespace) -> int:
    end = time.monotonic() + args.limit
    urls = [
        f"/generate?family={f}&seed={s}"
        for f in GENERATE_FAMILIES
        for s in range(1, args.seeds + 1)
    ]
    phases = {"first": ["/generate?family=chaos&seed=1000"], "search": urls, "kept": urls}
    print("| request | n | p50 ms | max ms | no balanced sheet (422) |")
    print("| --- | --- | --- | --- | --- |")
    for name, paths in phases.items():
        spent, refused = [], 0
        for path in paths:
            if time.monotonic() > end:
                print(f"stopped: --limit {args.limit:g} s")
                return 1
            ms, status = timed(client, path)
            if status not in (200, 422):
                raise SystemExit(f"{path}: {status}")
            refused += status == 422
            spent.append(ms)
        print(
            f"| {name} | {len(spent)} | {statistics.median(spent):.0f} | {max(spent):.0f} "
            f"| {refused} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
