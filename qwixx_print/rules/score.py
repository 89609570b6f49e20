"""A sheet's score (RULES.md §1 Score, §2, §4, RULES-more.md §7): its rows, its penalties,
its powers and the parts beside its rows, from one record of its crosses
(:func:`score_crosses`, shared by ``qwixx-print score`` and the play engine) or of the
numbers a marks file names (:func:`score_sheet`). Its primitives are
:mod:`~qwixx_print.rules.primitives`, the powers :mod:`~qwixx_print.rules.powers`, the marks
beside the rows :mod:`~qwixx_print.rules.variants`. No drawing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout
from qwixx_print.rules.crosses import Crosses, Written, crosses_of
from qwixx_print.rules.ending import ORDINALS, end_at
from qwixx_print.rules.powers import PowerEffect, power_effects, power_fields, unlocked_powers_at
from qwixx_print.rules.primitives import (
    Positions,
    RowScore,
    RowViolation,
    penalty_points,
    score_fields,
)
from qwixx_print.rules.variants import PARTS, PartScore, bonus_crosses, check_links

NO_PART = PartScore(0, 0)
"""What a part scores on a sheet without it."""

POWER_PART = "power"
"""The total line's box for the powers' points (RULES.md §2 Kräfte), before the parts."""


class SheetScore(NamedTuple):
    """A scored sheet: ``rows`` by row id (layout order), ``penalties`` crossed, the points
    they cost (``penalty_points``, >= 0), the unlocked ``powers``, the ``total`` (rows -
    penalty points + power points + the parts' points; RULES.md §1 Score, §2 Kräfte), the
    crosses of each bonus row (``bonus``, Big Points) and the ``parts`` the layout scores
    beside its rows, by name (:data:`~qwixx_print.rules.variants.PARTS`: the framed group,
    RULES.md §4 Connected Steps; the value track, RULES-more.md §7 Lucky 15)."""

    rows: Mapping[str, RowScore]
    penalties: int
    penalty_points: int
    powers: tuple[PowerEffect, ...]
    total: int
    bonus: Mapping[str, int] = {}
    parts: Mapping[str, PartScore] = {}

    @property
    def locked(self) -> tuple[str, ...]:
        """Ids of the locked rows, top to bottom."""
        return tuple(row for row, score in self.rows.items() if score.locked)

    def part(self, name: str) -> PartScore:
        """What the part ``name`` of :data:`~qwixx_print.rules.variants.PARTS` scored: its
        crosses and points, (0, 0) on a sheet without it (``framed``: the framed group,
        Connected Steps; ``track``: the value track, Lucky 15)."""
        return self.parts.get(name, NO_PART)

    def part_points(self, part: str) -> int:
        """The points of one box of the total line beside the rows and penalties
        (:func:`total_parts`): the powers' (:data:`POWER_PART`) or a part's."""
        if part == POWER_PART:
            return sum(e.points for e in self.powers)
        return self.part(part).points


def total_parts(layout: Layout) -> tuple[str, ...]:
    """The boxes of a sheet's total line between the penalties and the total, in order: the
    powers' points (:data:`POWER_PART`) on a sheet with power fields (RULES.md §2 Kräfte: they
    count at the end), then each part of :data:`~qwixx_print.rules.variants.PARTS` the layout
    has. The sheet's boxes, the filled-in PDF and the phone read it
    (:meth:`SheetScore.part_points`)."""
    powers = (POWER_PART,) if power_fields(layout) else ()
    return powers + tuple(part.name for part in PARTS if part.has(layout))


def score_sheet(layout: Layout, written: Written) -> SheetScore:
    """Score one filled-in sheet from the numbers its marks file names (``written``; rows
    not named are empty): :func:`score_crosses` of their positions
    (:func:`~qwixx_print.rules.crosses.crosses_of`).

    Raises :class:`RowViolation` for an unknown row id, a number a row lacks or one given
    twice, a link square the row lacks, :class:`RuleViolation` for a value track field or
    diamond the sheet lacks, and whatever :func:`score_crosses` raises.
    """
    return score_crosses(layout, crosses_of(layout, written))


def score_crosses(layout: Layout, crosses: Crosses) -> SheetScore:
    """Score one sheet from the record of its ``crosses`` by position (fields, small boxes,
    bonus cells, link squares, value track, penalties). Mixed sheets score per row
    (RULES.md §2); a bonus cross counts for both rows beside it, not toward their lock; a
    link square is a cross of its row, not toward its lock (RULES.md §7); each part of
    :data:`~qwixx_print.rules.variants.PARTS` scores on top of the rows (the framed group
    with the score table, RULES.md §4; the value track its rightmost crossed value,
    RULES-more.md §7). The play engine scores its sheets here too, so both count alike.

    Raises :class:`RowViolation` for a row :func:`score_fields` refuses, a bonus cell beside
    no crossed field, a link crossed at one end only, and :class:`RuleViolation` for a
    value track not crossed left to right, more penalties than boxes or more locks than
    :func:`~qwixx_print.rules.ending.end_at` (2; 1 on a sheet of one lock colour: RULES.md §1
    End, §6), unless the ``one-in-each`` power is unlocked: it crosses several rows at once
    and may lock more (RULES.md §1 exception).
    """
    fields, again, squares = crosses.fields, crosses.again, crosses.squares
    gained = bonus_crosses(layout, fields, crosses.bonus) if layout.bonus_rows else {}
    if layout.links:
        check_links(layout, fields)
    rows = {}
    for row in layout.rows:
        try:
            rows[row.id] = score_fields(
                layout,
                row,
                fields.get(row.id, ()),
                again.get(row.id, ()),
                gained.get(row.id, 0),
                len(squares.get(row.id, ())),
            )
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc)) from None
    lost = penalty_points(layout, crosses.penalties)
    powers = unlocked_powers_at(layout, fields)
    locked = [row for row, score in rows.items() if score.locked]
    most = end_at(layout)  # the game ends at the locked colour that makes this many
    if len(locked) > most and "one-in-each" not in powers:
        raise RuleViolation(
            f"{len(locked)} rows are locked ({', '.join(locked)}); the game ends at the "
            f"{ORDINALS[most]} lock, so a sheet holds at most {most}"
        )
    effects = power_effects(powers, rows, lost)
    parts = {part.name: part.score(layout, crosses) for part in PARTS if part.has(layout)}
    total = sum(s.points for s in rows.values()) - lost + sum(e.points for e in effects)
    cells = {b.id: len(crosses.bonus.get(b.id, ())) for b in layout.bonus_rows}
    return SheetScore(
        rows,
        crosses.penalties,
        lost,
        effects,
        total + sum(part.points for part in parts.values()),
        cells,
        parts,
    )


def score_positions(
    layout: Layout,
    fields: Positions,
    penalties: int,
    again: Positions | None = None,
    bonus: Positions | None = None,
    squares: Positions | None = None,
    track: Collection[int] = (),
) -> SheetScore:
    """:func:`score_crosses` of the record these keywords make (``fields``, ``again``,
    ``bonus``, ``squares``, ``track``, ``penalties``: :class:`~qwixx_print.rules.Crosses`'
    fields), for callers written before the record; new code passes a ``Crosses``, which is
    where a new mechanic's crosses go."""
    record = Crosses(fields, again or {}, bonus or {}, squares or {}, track, (), penalties)
    return score_crosses(layout, record)
