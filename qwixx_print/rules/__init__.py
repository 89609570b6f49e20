"""The rules of Qwixx and its variants, by job: :mod:`~qwixx_print.rules.score` (points of
rows and sheets), :mod:`~qwixx_print.rules.validate` (layout invariants),
:mod:`~qwixx_print.rules.ending` (the end of a game, the ranking) and
:mod:`~qwixx_print.rules.refusals` (each mechanic's refusal, shared by scoring and play).
No drawing. The names below are the package's public face: ``rules.score_sheet``,
``rules.validate``, ``rules.Problem``, ...

Every rule cites its section of ``RULES.md`` (the project's rules specification) and, through
it, the seeds in ``shared/seeds/``: 000 (German rules), 001 (Dutch rules), 003 (German
scoring and variants), 004 (Polish quick reference).
"""

from __future__ import annotations

from qwixx_print.rules.ending import Lock, check_game_end, ranking
from qwixx_print.rules.refusals import (
    bonus_cell_refusal,
    diamond_refusal,
    link_refusal,
    lock_refusal,
    lucky_refusal,
    small_box_refusal,
    square_dice_refusal,
    square_name,
    square_refusal,
)
from qwixx_print.rules.score import (
    CROSSING_POWERS,
    MAX_LOCKS_PER_SHEET,
    PLUS_POINTS,
    POWERS,
    Positions,
    PowerEffect,
    RowScore,
    RowViolation,
    SheetScore,
    bonus_cells,
    check_links,
    crosses_before_lock,
    field_positions,
    framed_crossed,
    max_before_lock,
    max_counted,
    max_crosses,
    penalty_points,
    points,
    power_effects,
    power_fields,
    row_weights,
    score_fields,
    score_positions,
    score_row,
    score_sheet,
    score_table,
    triangular,
    unlocked_powers,
    unlocked_powers_at,
    weakest_row,
)
from qwixx_print.rules.validate import Problem, bar_rows, validate

__all__ = [
    "CROSSING_POWERS",
    "MAX_LOCKS_PER_SHEET",
    "PLUS_POINTS",
    "POWERS",
    "Lock",
    "Positions",
    "PowerEffect",
    "Problem",
    "RowScore",
    "RowViolation",
    "SheetScore",
    "bar_rows",
    "bonus_cell_refusal",
    "bonus_cells",
    "check_game_end",
    "check_links",
    "crosses_before_lock",
    "diamond_refusal",
    "field_positions",
    "framed_crossed",
    "link_refusal",
    "lock_refusal",
    "lucky_refusal",
    "max_before_lock",
    "max_counted",
    "max_crosses",
    "penalty_points",
    "points",
    "power_effects",
    "power_fields",
    "ranking",
    "row_weights",
    "score_fields",
    "score_positions",
    "score_row",
    "score_sheet",
    "score_table",
    "small_box_refusal",
    "square_dice_refusal",
    "square_name",
    "square_refusal",
    "triangular",
    "unlocked_powers",
    "unlocked_powers_at",
    "validate",
    "weakest_row",
]
