"""The reference loop in plain C (``benchmarks/gap2.c``: classic, gap-2 self-play, written from
docs/simulate.md): built with ``cc -O2``, run, and compared game by game with the kernel
(issue 24). Used by ``benchmarks/simulate.py`` and ``tests/sim/test_sim_kernel.py``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from qwixx_print.sim.tables import Games

SOURCE = Path(__file__).with_name("gap2.c")


def compiler() -> str | None:
    """The C compiler (``cc``, else ``gcc`` or ``clang``) on PATH, or ``None``."""
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    return None


def build(folder: Path) -> Path:
    """Compile the loop into ``folder`` with ``-O2``; the program's path. Raises
    RuntimeError without a compiler or when the compile fails."""
    cc = compiler()
    if cc is None:
        raise RuntimeError("no C compiler (cc, gcc or clang) on PATH")
    program = folder / "gap2"
    subprocess.run([cc, "-O2", "-o", str(program), str(SOURCE)], check=True, timeout=120)
    return program


def games(program: Path, seed: int, first: int, count: int, players: int) -> list[list[int]]:
    """The C loop's games ``first .. first + count - 1`` of the run seeded ``seed``: per game
    rolls, end (0 by locks), locked rows, then per seat score, penalties and the crossed
    mask of each row."""
    done = subprocess.run(
        [str(program), str(seed), str(first), str(count), str(players), "games"],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return [[int(x) for x in line.split()] for line in done.stdout.splitlines()]


def as_rows(played: Games) -> list[list[int]]:
    """The kernel's ``played`` games in the C loop's form (:func:`games`)."""
    rows = []
    for g in range(len(played.rolls)):
        row = [int(played.rolls[g]), int(played.ends[g]), int(played.locked[g])]
        for p in range(played.scores.shape[1]):
            row += [int(played.scores[g, p]), int(played.penalties[g, p])]
            row += played.crossed[g, p].tolist()
        rows.append(row)
    return rows


def cpu_seconds(program: Path, seed: int, count: int, players: int) -> float:
    """CPU seconds of the C loop's ``count`` games (its own ``clock()`` around the loop)."""
    done = subprocess.run(
        [str(program), str(seed), "0", str(count), str(players)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return float(done.stdout.split()[0])
