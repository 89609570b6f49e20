"""The rules of Qwixx and its variants, by job: :mod:`~qwixx_print.rules.primitives` (the
score table, what a field and a row count), :mod:`~qwixx_print.rules.powers` (Kräfte),
:mod:`~qwixx_print.rules.crosses` (a sheet's crosses as one record, by position and by
number), :mod:`~qwixx_print.rules.variants` (the marks scored beside the rows),
:mod:`~qwixx_print.rules.score` (a sheet's score), :mod:`~qwixx_print.rules.validate` (layout
invariants), :mod:`~qwixx_print.rules.ending` (the end of a game, the ranking) and
:mod:`~qwixx_print.rules.refusals` (each mechanic's refusal, shared by scoring and play).
No drawing. The names below are the package's public face: ``rules.score_sheet``,
``rules.validate``, ``rules.Problem``, ...

Every rule cites its section of ``RULES.md`` (the project's rules specification) and, through
it, the seeds in ``shared/seeds/``: 000 (German rules), 001 (Dutch rules), 003 (German
scoring and variants), 004 (Polish quick reference).
"""

from __future__ import annotations

from qwixx_print.rules.crosses import (
    Crosses,
    Written,
    crosses_of,
    diamond_positions,
    square_positions,
    track_positions,
    written_of,
)
from qwixx_print.rules.ending import END_LOCKS, Lock, check_game_end, end_at, ranking
from qwixx_print.rules.powers import (
    CROSSING_POWERS,
    PLUS_POINTS,
    POWERS,
    PowerEffect,
    power_effects,
    power_fields,
    unlocked_powers,
    unlocked_powers_at,
    weakest_row,
)
from qwixx_print.rules.primitives import (
    Positions,
    RowScore,
    RowViolation,
    bonus_cells,
    bonus_source,
    crosses_before_lock,
    faces,
    field_positions,
    max_before_lock,
    max_counted,
    max_crosses,
    penalty_points,
    points,
    row_weights,
    score_fields,
    score_row,
    score_table,
    triangular,
)
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
    track_refusal,
    trigger_totals,
)
from qwixx_print.rules.score import (
    POWER_PART,
    SheetScore,
    score_crosses,
    score_positions,
    score_sheet,
    total_parts,
)
from qwixx_print.rules.validate import Problem, bar_rows, validate
from qwixx_print.rules.variants import (
    PARTS,
    PartScore,
    Scored,
    bonus_crosses,
    check_links,
    framed_crossed,
    track_points,
)

__all__ = [
    "CROSSING_POWERS",
    "END_LOCKS",
    "PARTS",
    "PLUS_POINTS",
    "POWERS",
    "POWER_PART",
    "Crosses",
    "Lock",
    "PartScore",
    "Positions",
    "PowerEffect",
    "Problem",
    "RowScore",
    "RowViolation",
    "Scored",
    "SheetScore",
    "Written",
    "bar_rows",
    "bonus_cell_refusal",
    "bonus_cells",
    "bonus_crosses",
    "bonus_source",
    "check_game_end",
    "check_links",
    "crosses_before_lock",
    "crosses_of",
    "diamond_positions",
    "diamond_refusal",
    "end_at",
    "faces",
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
    "score_crosses",
    "score_fields",
    "score_positions",
    "score_row",
    "score_sheet",
    "score_table",
    "small_box_refusal",
    "square_dice_refusal",
    "square_name",
    "square_positions",
    "square_refusal",
    "total_parts",
    "track_points",
    "track_positions",
    "track_refusal",
    "triangular",
    "trigger_totals",
    "unlocked_powers",
    "unlocked_powers_at",
    "validate",
    "weakest_row",
    "written_of",
]
