"""``qwixx-print simulate``: play many games of layouts and report on them (issue 13).

A layout other than classic is compared with classic played with the same seed, so with
the same dice (common random numbers: a roll draws every die, closed or not, so two layouts
with the same number of dice roll the same faces).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from qwixx_print import catalogue
from qwixx_print.choices import SIM_GAMES, SIM_PLAYERS
from qwixx_print.compiled import Compiled
from qwixx_print.layout import Layout
from qwixx_print.sim import report, run
from qwixx_print.sim.strategy import STRATEGIES

CLASSIC = "classic"


class Result(NamedTuple):
    """What a simulation found: one report per layout (the classic comparison last, when
    added), the name of that comparison line (or ``None``), the totals behind each report,
    whether the compiled kernel played (else the reference engine) and the names of the
    layouts that did not roll the dice the comparison rolls (as many, with as many faces:
    the others saw the same rolls; Longo's 8-sided dice or a fifth colour do not)."""

    reports: list[dict[str, Any]]
    compared: str | None
    totals: list[run.Totals]
    compiled: bool
    other_dice: tuple[str, ...] = ()


def simulate(
    layouts: Sequence[Layout],
    players: int = 4,
    games: int = 10_000,
    seed: int = 1,
    strategy: str = "gap-2",
    jobs: int = 1,
    quiet: bool = True,
    warn: Callable[[str], None] = lambda message: None,
) -> Result:
    """Play ``games`` games of each layout (checked, distinct names) with ``players``
    seats all playing ``strategy``, seeded ``seed``, over ``jobs`` processes; a progress bar
    on stderr unless ``quiet``. ``warn`` hears once when the kernel cannot run (numba
    missing or failing) and the reference engine plays instead. Raises ValueError for
    options out of range (the CLI refuses them first)."""
    if not 1 <= players <= SIM_PLAYERS or not 1 <= games <= SIM_GAMES:
        raise ValueError(f"players 1..{SIM_PLAYERS}, games 1..{SIM_GAMES}")
    codes = (STRATEGIES[strategy],) * players
    runs = list(layouts)
    compared = None
    if any(lay.name != CLASSIC for lay in runs) and all(lay.name != CLASSIC for lay in runs):
        runs.append(catalogue.checked(CLASSIC))
        compared = CLASSIC
    problem = run.kernel_problem()
    if problem is not None:
        warn(
            f"the compiled kernel is not available ({problem}); simulating with the "
            "reference engine, some 300 times slower"
        )
    progress = run.Progress(games * len(runs), quiet)
    try:
        found = run.run(
            [(lay, codes) for lay in runs], seed, games, jobs, problem is None, progress.step
        )
    finally:
        progress.close()
    reports = [
        report.report(lay, totals, players, seed, strategy)
        for lay, totals in zip(runs, found, strict=True)
    ]
    shape = _dice_shape(runs[-1])
    other = tuple(lay.name for lay in runs if compared and _dice_shape(lay) != shape)
    return Result(reports, compared, found, problem is None, other)


def _dice_shape(sheet: Layout) -> tuple[int, int]:
    """What decides the rolls a seed gives: the number of coloured dice and their faces."""
    compiled = Compiled.of(sheet)
    return len(compiled.dice), compiled.faces
