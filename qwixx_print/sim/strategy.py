"""The bots' names and the strong bot's weights, shared by the kernel and the reference bots
(:mod:`qwixx_print.sim.bots`; the whole specification is in docs/simulate.md)."""

from __future__ import annotations

from collections.abc import Mapping

STRATEGIES: Mapping[str, int] = {"gap-1": 1, "gap-2": 2, "gap-3": 3, "strong": 0}
"""Strategy name -> its code in the kernel: k for gap-k, 0 for strong."""

STRONG = 0

SKIP_WEIGHT = 0.6
SKIP_BASE = 3.0
"""A skipped field costs ``SKIP_WEIGHT * (crosses in the row + SKIP_BASE) * ways / 6`` per
cross it could have held (``ways``: of 36 rolls of two dice, those that make its number)."""
LOCK_LOST = 3.0
"""The cost of a cross after which the row can no longer reach the lock threshold."""
TAKE_ABOVE = 0.0
"""A cross is taken when it is worth more than this."""
PENALTY_RELIEF = 5.0
"""The active player facing a penalty takes a cross worth more than ``-PENALTY_RELIEF``."""
DIAMOND_COST = 1.0
"""What an X-Change diamond is worth to keep: a swap costs this for the diamond it uses and
for each one it jumps over (RULES.md §4; not tuned)."""
LOCK_VALUE = 1e6
"""The value of a lock: the strong bot always takes a lock it may take."""
