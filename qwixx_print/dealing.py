"""Who gets which own sheet when a layout's sheets differ (RULES.md §4): Connected Chain's
slips dealt in order (a page of 8: A-E, A-C), Longo's lucky numbers drawn per sheet from the
seed (a page of 8 holds 8 different pairs). The seating of a game at the web counter and the
sheets of a printed page (:func:`qwixx_print.plan.copies`) both take them from here, so a
game's players hold the sheets a printed page shows; the simulator seats its games here too,
with lucky numbers of its own stream (:func:`qwixx_print.sim.dice.lucky_draws`: a printed
page's take longer to draw than a game to play). Pure data: no drawing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations

from qwixx_print.layout import Layout


def lucky_sets(layout: Layout, count: int, seed: int, page: int) -> list[tuple[int, ...]]:
    """``count`` sets of lucky numbers for page ``page`` (0-based) of ``layout`` printed with
    ``seed``: each set ``lucky_draw.count`` different numbers of its range, in rising order,
    the sets different from each other while the range allows (RULES.md §4 Longo, decision:
    3..15, never equal, 8 different pairs a page). The same arguments give the same sets."""
    draw = layout.lucky_draw
    if draw is None:
        return [()] * count
    rng = random.Random(f"{seed}/{layout.name}/{page}")
    pool = lucky_pool(layout)
    picked: list[tuple[int, ...]] = []
    while len(picked) < count:
        picked += rng.sample(pool, min(count - len(picked), len(pool)))
    return picked


def lucky_pool(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Every set of lucky numbers a sheet of ``layout`` may hold (``lucky_draw.count``
    different numbers of its range, rising), in the order :func:`lucky_sets` and the
    simulator (:func:`qwixx_print.sim.dice.lucky_draws`) index them; empty without a draw."""
    draw = layout.lucky_draw
    return () if draw is None else _sets(draw.low, draw.high, draw.count)


@cache
def _sets(low: int, high: int, count: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``count`` different numbers from ``low`` to ``high`` (made once)."""
    return tuple(combinations(range(low, high + 1), count))


def deal(
    layout: Layout,
    per_page: int,
    seed: int,
    page: int,
    lucky: Sequence[tuple[int, ...]] | None = None,
) -> list[Layout]:
    """The sheets of page ``page`` (0-based) of ``layout``, in reading order: the slips in
    turn (RULES.md §4 Connected, decision: A-E, A-C on a page of 8), from the first on every
    page that holds them all, else going on from page to page (4 a page: A-D, E-C, ...), so
    every slip is printed; with the lucky numbers of :func:`lucky_sets`, or ``lucky`` (a set
    per sheet: the simulator's)."""
    if lucky is None:
        lucky = lucky_sets(layout, per_page, seed, page)
    slips: list[str | None] = [s.name for s in layout.slips] or [None]
    return [
        layout.sheet(slips[k], lucky[n] if layout.lucky_draw else None)
        for n, k in enumerate(slip_order(layout, per_page, page))
    ]


def slip_order(layout: Layout, per_page: int, page: int) -> list[int]:
    """The slips of page ``page``'s sheets as indexes into ``layout.slips``, in reading order
    (all 0 for a layout without slips): see :func:`deal`."""
    count = max(len(layout.slips), 1)
    first = 0 if per_page >= count else page * per_page
    return [(first + k) % count for k in range(per_page)]


def has_own(layout: Layout) -> bool:
    """Whether sheets of ``layout`` differ from each other (slips, lucky numbers)."""
    return bool(layout.slips) or layout.lucky_draw is not None
