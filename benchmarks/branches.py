"""Count a plain kernel's instructions and mispredicted branches per game, branch by branch
(issue 24, docs/performance.md "Ninth round"): the kernel's code has no symbols, so
cachegrind puts it all in ``???``; callgrind counts per instruction address, this script
writes the entry point's address and machine code, and ``objdump`` of those bytes joined
with the counts names each branch.

Usage: ``.venv/bin/python benchmarks/branches.py [LAYOUT] [--seats 2,2,2,2] [--games
20000] [--top 20]``. Needs valgrind and objdump (binutils). The kernel is compiled for
``NUMBA_CPU_NAME=haswell`` (valgrind runs no AVX-512) into a cache folder of its own, once
outside valgrind and once inside (numba sees another processor there). Valgrind's branch
predictor is a simple model without history: a loop's exit counts as a miss each time,
which a real processor predicts; the figures point at branches, the speed is measured by
``benchmarks/simulate.py``.
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

EVENTS = 5  # callgrind's events with --branch-sim=yes: Ir Bc Bcm Bi Bim


def play(layout: str, seats: str, games: int, out: Path) -> None:
    """Play ``games`` games and write the entry point's address and code beside ``out``."""
    from qwixx_print import api
    from qwixx_print.sim import run

    codes = tuple(int(c) for c in seats.split(","))
    sheet = api.checked(layout)
    run.kernel_chunk(sheet, codes, 2026, 0, games)
    variant = run.variant_of(sheet, codes)
    entry = run.plain_entry(variant)
    if entry is None:
        sys.exit(f"branches: {layout} is played by the {variant} kernel, not a plain one")
    result = entry.overloads[entry.signatures[0]]
    address = result.library.get_pointer_to_function(result.fndesc.llvm_func_name)
    size = 0
    with open("/proc/self/maps") as maps:
        for line in maps:
            low, high = (int(x, 16) for x in line.split()[0].split("-"))
            if low <= address < high:
                size = min(high - address, 1 << 16)
    out.with_suffix(".bin").write_bytes(ctypes.string_at(address, size))
    out.with_suffix(".addr").write_text(hex(address))


def counts(profile: Path, address: int) -> dict[int, list[int]]:
    """Self counts per instruction address of the function at ``address`` in a callgrind
    profile written with ``--dump-instr=yes``."""
    text = profile.read_text()
    found = re.search(rf"^c?fn=\((\d+)\) 0x0*{address:x}\b", text, re.M)
    if found is None:
        sys.exit("branches: the entry point is not in the profile")
    name = f"fn=({found.group(1)})"
    costs: dict[int, list[int]] = collections.defaultdict(lambda: [0] * EVENTS)
    inside, at, skip = False, 0, False
    for line in text.splitlines():
        if line.startswith("fn="):
            inside = line.split()[0] == name
            continue
        if not inside or not line:
            continue
        if line.startswith("calls="):
            skip = True  # the next line is the call's inclusive cost
            continue
        if line[0] not in "+-*0123456789":
            continue
        parts = line.split()
        place = parts[0]
        if place.startswith(("+", "-")):
            at += int(place, 0)
        elif place != "*":
            at = int(place, 16)
        if skip:
            skip = False
            continue
        values = [int(x) for x in parts[2:]]
        cost = costs[at]
        for i, value in enumerate(values[:EVENTS]):
            cost[i] += value
    return costs


def child_run(command: list[str], env: dict[str, str], seconds: int) -> None:
    """Run ``command``; if it fails, exit with its last line of stderr (say, a layout the
    plain kernel does not play)."""
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=seconds)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        sys.exit(lines[-1] if lines else f"branches: {command[0]} failed")


def main() -> None:
    """Run the games under callgrind and print the totals and the most mispredicted
    branches per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("layout", nargs="?", default="classic")
    parser.add_argument("--seats", default="2,2,2,2", help="strategy codes (0 strong, k gap-k)")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the child under valgrind
    args = parser.parse_args()
    if args.play:
        play(args.layout, args.seats, args.games, Path(args.play))
        return
    with tempfile.TemporaryDirectory(prefix="qwixx-branches-") as scratch:
        folder = Path(scratch)
        env = {**os.environ, "NUMBA_CPU_NAME": "haswell", "QWIXX_PRINT_CACHE": str(folder)}
        child = [sys.executable, __file__, args.layout, "--seats", args.seats]
        out = folder / "entry"
        for wrapper in ([], ["valgrind", "--tool=none"]):  # compile outside and inside
            command = [*wrapper, *child, "--games", "10", "--play", str(out)]
            child_run(command, env, 1800)
        profile = folder / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", "--dump-instr=yes", "--branch-sim=yes",
            f"--callgrind-out-file={profile}", *child, "--games", str(args.games),
            "--play", str(out),
        ]  # fmt: skip
        child_run(command, env, 3600)
        address = int(out.with_suffix(".addr").read_text(), 16)
        costs = counts(profile, address)
        code = subprocess.run(
            ["objdump", "-D", "-b", "binary", "-mi386:x86-64", f"--adjust-vma={address}",
             str(out.with_suffix(".bin"))],
            capture_output=True, text=True, check=True, timeout=120,
        ).stdout  # fmt: skip
    games = args.games
    total = [sum(c[i] for c in costs.values()) / games for i in range(EVENTS)]
    print(
        f"{args.layout}, seats {args.seats}, per game: {total[0]:,.0f} instructions, "
        f"{total[1]:,.0f} conditional branches, {total[2]:,.1f} mispredicted"
    )
    listing = {}
    for line in code.splitlines():
        found = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)", line)
        if found:
            listing[int(found.group(1), 16)] = found.group(2)
    ranked = sorted(costs.items(), key=lambda item: -item[1][2])[: args.top]
    print("offset  executed  mispredicted  instruction")
    for at, cost in ranked:
        where = listing.get(at, "?")
        print(f"{at - address:6x} {cost[0] / games:9.1f} {cost[2] / games:12.2f}  {where}")


if __name__ == "__main__":
    main()
