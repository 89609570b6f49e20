"""Balance by simulation: a candidate sheet is played by the simulator (the compiled kernel
of :mod:`qwixx_print.sim`, every seat the ``gap-2`` bot, the same seed and so the same dice
for every candidate and for its twin) and judged by the four criteria of issue 14
(docs/generate.md explains each and why):

(a) its mean score is within 5 % of its twin's; (b) its mean game length (rolls per game)
within 10 %; (c) every row is locked in at least half as many games as the mean row; (d) the
first seat wins no more than 3 points above what the twin gives it (at least fair, 1/P) and
no less than 3 points below fair.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from qwixx_print.layout import Layout

SCREEN = 2000
"""Games every candidate (and its twin) plays first: a candidate missing a criterion here is
rejected (in a few hundredths of a second; most rejections are far from the limit)."""

GAMES = 10_000
"""Games a candidate that passed the screen plays again, beside its twin at as many, to be
accepted: near a limit the screen decides by chance (it agreed with 20,000 games for 94 % of
candidates of an earlier kernel, 99 % now: docs/performance.md), and the figures written in
the file are these, to about 0.15 points of mean score."""

SEED = 1
"""The simulation seed of every candidate and twin: the same dice for all (common random
numbers make the comparison sharper than the figures' own noise)."""

STRATEGY = "gap-2"

SCORE_WITHIN = 0.05
ROLLS_WITHIN = 0.10
LOCK_SHARE = 0.5
FIRST_SEAT_POINTS = 0.03

CRITERIA = ("score", "length", "locks", "first seat")
"""The criteria's short names, (a) to (d), as counted in the search's rejections."""

Report = dict[str, Any]


class Miss(NamedTuple):
    """A criterion a candidate missed: its short name (:data:`CRITERIA`), how far beyond
    its tolerance (in tolerances: 0.5 means half a tolerance too far) and a sentence."""

    criterion: str
    beyond: float
    text: str


def figures(sheet: Layout, players: int, games: int = GAMES) -> Report:
    """The simulator's report of ``sheet`` (``qwixx_print.sim.report.report`` keys) after
    ``games`` games of ``players`` gap-2 bots with seed :data:`SEED`, played by the
    compiled kernel (one process)."""
    from qwixx_print.sim import report, run

    codes = (2,) * players
    totals = run.run([(sheet, codes)], SEED, games, 1, _compiled())[0]
    return report.report(sheet, totals, players, SEED, STRATEGY)


@cache
def _compiled() -> bool:
    from qwixx_print.sim import run

    return run.kernel_problem() is None


class Judge:
    """Judges candidates beside ``twin`` with ``players`` seats: the screen at
    :data:`SCREEN` games, then :data:`GAMES` games for a candidate that passed it. The
    twin's figures are played once per judge (the long run only when first needed)."""

    def __init__(self, twin: Layout, players: int) -> None:
        self.twin, self.players = twin, players
        self.screen = figures(twin, players, SCREEN)
        self._full: Report | None = None

    def full(self) -> Report:
        """The twin's figures at :data:`GAMES` games."""
        if self._full is None:
            self._full = figures(self.twin, self.players, GAMES)
        return self._full

    def judge(self, sheet: Layout) -> tuple[Report, list[Miss]]:
        """``sheet``'s figures (at :data:`GAMES` games if it passed the screen, else at
        :data:`SCREEN`) and the criteria it misses; no misses: accepted."""
        found = figures(sheet, self.players, SCREEN)
        missed = misses(found, self.screen)
        if missed:
            return found, missed
        found = figures(sheet, self.players, GAMES)
        return found, misses(found, self.full())


def misses(found: Report, twin: Report) -> list[Miss]:
    """The criteria (a)-(d) that ``found`` (a candidate's :func:`figures`) misses beside
    ``twin`` (its twin's, same players and games); empty when it is balanced."""
    out = []
    name = twin["layout"]
    score, target = found["mean_score"], twin["mean_score"]
    off = abs(score - target) / target / SCORE_WITHIN - 1
    if off > 0:
        out.append(
            Miss("score", off, f"mean score {score:.1f}, not within 5 % of {name}'s {target:.1f}")
        )
    rolls, target = found["rolls"], twin["rolls"]
    off = abs(rolls - target) / target / ROLLS_WITHIN - 1
    if off > 0:
        out.append(
            Miss(
                "length", off, f"{rolls:.1f} rolls a game, not within 10 % of {name}'s {target:.1f}"
            )
        )
    rates: Mapping[str, float] = found["lock_rate"]
    mean = sum(rates.values()) / len(rates)
    row, lowest = min(rates.items(), key=lambda item: item[1])
    off = 1 - lowest / (LOCK_SHARE * mean) if mean > 0 else 1.0
    if off > 0:
        out.append(
            Miss(
                "locks",
                off,
                f"row {row} locked in {lowest:.0%} of games, below half the mean row's {mean:.0%}",
            )
        )
    fair = 1 / found["players"]
    first = found["first_seat_wins"]
    high = max(fair, twin["first_seat_wins"]) + FIRST_SEAT_POINTS
    low = fair - FIRST_SEAT_POINTS
    off = max(first - high, low - first) / FIRST_SEAT_POINTS
    if off > 0:
        out.append(
            Miss(
                "first seat",
                off,
                f"the first seat wins {first:.1%}, outside {low:.1%}..{high:.1%} "
                f"(fair {fair:.1%}, {name} {twin['first_seat_wins']:.1%})",
            )
        )
    return out
