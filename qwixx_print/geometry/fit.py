"""Whether a layout fits on a sheet: fields large enough for a pencil, bonus bar cells and
X-Change diamonds wide enough, the penalty boxes and lucky numbers beside the total line
(:func:`fit_problems`, checked with ``rules.validate`` before a layout is printed or played).
Pure; no drawing.
"""

from __future__ import annotations

from qwixx_print import rules
from qwixx_print.geometry.boxes import (
    BAR_W,
    MIN_BAR_CELL,
    MIN_DIAMOND_CELL,
    MIN_FIELD,
    MIN_FIELD_W,
    STRIP_W,
    field_size,
    max_penalty_boxes,
    sheet_boxes,
)
from qwixx_print.layout import Layout


def fit_problems(layout: Layout) -> list[rules.Problem]:
    """Problems of fitting ``layout`` on a sheet: a field smaller than :data:`MIN_FIELD`,
    a bonus bar cell narrower than :data:`MIN_BAR_CELL`, more penalty boxes than fit beside
    the total line (:func:`max_penalty_boxes`)."""
    problems = []
    most = max_penalty_boxes(layout)
    if layout.penalty_boxes > most:
        problems.append(
            rules.Problem(
                ("penalties", "boxes"),
                f"{layout.penalty_boxes} penalty boxes run into the total line: "
                f"at most {most} fit beside it on a sheet of {len(layout.rows)} rows",
            )
        )
    field_w, field_h = field_size(layout)
    if field_h < MIN_FIELD or field_w < MIN_FIELD_W:
        problems.append(
            rules.Problem(
                ("rows",),
                f"fields would be {field_w:.1f} x {field_h:.1f} mm, below {MIN_FIELD:g} mm "
                f"tall and {MIN_FIELD_W:g} mm wide: use fewer rows or fields",
            )
        )
    if layout.lucky_draw is not None:
        problems += _lucky_room(layout)
    most_diamonds = int(STRIP_W // MIN_DIAMOND_CELL)
    if len(layout.diamonds) > most_diamonds:
        problems.append(
            rules.Problem(
                ("diamonds",),
                f"{len(layout.diamonds)} diamonds would be narrower than "
                f"{MIN_DIAMOND_CELL:g} mm: use at most {most_diamonds}",
            )
        )
    if layout.bonus_bar:
        cell_w = BAR_W / len(layout.bonus_bar)
        if cell_w < MIN_BAR_CELL:
            problems.append(
                rules.Problem(
                    ("bonus_bar",),
                    f"{len(layout.bonus_bar)} bonus bar fields would be {cell_w:.1f} mm wide, "
                    f"below {MIN_BAR_CELL:g} mm: use at most "
                    f"{int(BAR_W // MIN_BAR_CELL)}",
                )
            )
    return problems


def _lucky_room(layout: Layout) -> list[rules.Problem]:
    """The lucky clovers (Longo, RULES.md §4) fit between the penalty boxes and the total
    line, or a problem saying how many fit."""
    boxes = sheet_boxes(layout)
    left = boxes.penalties[-1].right + 0.5
    if boxes.lucky[0].x >= left:
        return []
    return [
        rules.Problem(
            ("lucky", "count"),
            f"{len(boxes.lucky)} lucky numbers do not fit between the penalty boxes and the "
            "total line: use fewer lucky numbers or penalty boxes",
        )
    ]
