"""The simulator's compiled kernels as the cache and the user see them: their names, what
each plays, about how long each compiles, whether one was compiled into this version's cache
folder (:data:`qwixx_print.sim.jit.CACHE`), and the one line that says so when a command has
to compile it (issue 20: the first run used to be silent). :mod:`qwixx_print.sim.run` picks
the kernel and plays it."""

from __future__ import annotations

import sys
from pathlib import Path

CLASSIC_GAP, CLASSIC, PLAIN, LEAN, GENERAL = "classic-gap", "classic", "plain", "lean", "general"
DOUBLES, MIXED, CHAINS, SMALL_BOXES = "doubles", "mixed", "chains", "small-boxes"
SWAPS, BONUS_ROWS = "swaps", "bonus-rows"
"""The compiled kernels: :mod:`qwixx_print.sim.plain_games`'s entry points (classic's build
with gap bots only, classic's build, any plain layout, classic's build with doubles, with
rows of mixed colours, with crosses that set off others, with small boxes, with diamonds,
with bonus rows), :mod:`qwixx_print.sim.lean` and :mod:`qwixx_print.sim.kernel` (one variant
per set of mechanics, :func:`qwixx_print.sim.run.compiled_name`)."""

COMPILE_SECONDS = {
    CLASSIC_GAP: 10,
    CLASSIC: 10,
    PLAIN: 10,
    DOUBLES: 10,
    MIXED: 10,
    CHAINS: 10,
    SMALL_BOXES: 10,
    SWAPS: 10,
    BONUS_ROWS: 10,
    LEAN: 5,
    GENERAL: 30,
}
"""About how long each kernel takes to compile on an idle 2-core machine, rounded up
(measured 8-9 s for each of the plain kernel's entry points, 4 s for the lean kernel, 26 s
for the general kernel's first set of mechanics: docs/performance.md, issue 24's eighth
round)."""

GENERAL_MORE_SECONDS = 2
"""About how long a further set of mechanics of the general kernel takes to compile once a
first one has compiled the helpers they share (docs/performance.md)."""

KERNEL_PLAYS = {
    CLASSIC_GAP: "sheets built as classic, with gap bots (also every report's classic line)",
    CLASSIC: "sheets built as classic, with a strong bot",
    PLAIN: "sheets of classic's rules with other numbers",
    DOUBLES: "sheets with double fields",
    MIXED: "sheets with rows of mixed colours",
    CHAINS: "sheets with a bonus bar, powers or links",
    SMALL_BOXES: "sheets with small boxes",
    SWAPS: "sheets with diamonds",
    BONUS_ROWS: "sheets with bonus rows",
    LEAN: "sheets without special fields",
    GENERAL: "sheets with this sheet's set of special fields",
}
"""What each kernel plays, as :func:`announce` says it: one kind of sheet each (the general
kernel one per set of special fields), so a later run of another kind prepares its own."""

_ANNOUNCED: set[str] = set()
_QUIET = [False]


def quiet() -> None:
    """Say nothing of compiles from now on in this process (the web server compiles in the
    background; the page says it)."""
    _QUIET[0] = True


def _marker(variant: str) -> Path:
    """The file that says ``variant`` was compiled into this version's cache folder."""
    from qwixx_print.sim import jit

    return jit.CACHE / f"{variant}.compiled"


def compiled_before(variant: str) -> bool:
    """Whether kernel ``variant`` (:func:`qwixx_print.sim.run.compiled_name`) was compiled
    into the cache folder of this version of the simulator (so it only loads, in about a
    second)."""
    return _marker(variant).exists()


def announce(variant: str) -> None:
    """Say once per process on stderr that kernel ``variant``
    (:func:`qwixx_print.sim.run.compiled_name`) is being compiled: for which kind of sheet,
    how long it takes about, that it is kept, and where (issue 20: the first run used to be
    silent; a newcomer read a second kind's line as a broken cache)."""
    from qwixx_print.sim import jit

    if variant in _ANNOUNCED or _QUIET[0]:
        return
    _ANNOUNCED.add(variant)
    kind = variant if variant in KERNEL_PLAYS else GENERAL
    seconds = COMPILE_SECONDS[kind]
    if kind == GENERAL and any(jit.CACHE.glob(f"{GENERAL}-*.compiled")):
        seconds = GENERAL_MORE_SECONDS  # the helpers all its variants share are compiled
    print(
        f"qwixx-print: preparing the simulator for {KERNEL_PLAYS[kind]}: about {seconds} s "
        "(more on a busy machine), this first time only; each kind of sheet has a simulator "
        "of its own, prepared once "
        f"and kept in {jit.CACHE}",
        file=sys.stderr,
        flush=True,
    )
