"""The sizes of what is printed on a sheet, pt, that the PDF and the phone's SVG both set:
text sizes (largest; a label shrinks to fit its box, :func:`qwixx_print.scene.fonts.fitted`)
and stroke widths. The SVG's unit is the mm: :func:`mm` converts."""

from __future__ import annotations

TITLE_PT = 8.5
"""Size of the sheet's title (and of a player's name beside it), pt."""
SCORE_COUNT_PT = 5.5
"""The crosses' count in a score table cell ("3x"), pt."""
SCORE_POINTS_PT = 6.5
"""The points in a score table cell, pt."""
PENALTIES_PT = 5.5
"""The penalty label ("Penalties -5"), pt."""
PENALTY_BOX_PT = 5.0
"""The pale "-5" printed in each penalty box, pt."""
OPERATOR_PT = 8.0
"""The plus, minus and equals signs between the total line's boxes, pt."""
TOTAL_LABEL_PT = 5.0
"""The "Total" label, pt."""
BONUS_LABEL_PT = 5.5
"""The bonus bar's label, pt."""
ARROW_PT = 6.0
"""The arrow between the bonus bar's cells and between diamonds, pt."""
DOUBLE_TAB_PT = 5.5
"""The "x2" on a double field's tab, pt."""
SLIP_PT = 8.0
"""A Connected Chain slip's name, pt."""
LUCKY_PT = 6.5
"""A lucky number in its clover, pt."""
DIAMOND_PT = 5.5
"""The two numbers of an X-Change diamond, pt."""

FIELD_LINE = 0.4
"""A field's outline, pt."""
SMALL_BOX_LINE = 0.3
"""A small box's, a penalty box's and a score table cell's outline, pt."""
SQUARE_LINE = 0.45
"""A link square's outline, pt (Connect 15, RULES.md §7): a little bolder than a small box,
as it stands on the edge of two fields."""
SQUARE_RADIUS = 0.25
"""A link square's corner radius, mm."""
LOCK_LINE = 0.5
"""The round lock field's outline, pt."""
DOUBLE_LINE = 1.1
"""A double field's heavy frame, pt."""
DOUBLE_INNER_LINE = 0.45
"""A double field's inner frame, pt."""
BONUS_FRAME_LINE = 1.3
"""A boxed bonus field's frame, pt."""
BADGE_LINE = 0.35
"""A power badge's outline, pt."""
BAR_LINE = 0.8
"""A bonus bar cell's outline, pt."""
BONUS_CELL_LINE = 0.5
"""A Big Points bonus cell's outline, pt."""
FRAMED_LINE = 1.6
"""Connected Steps' dashed frame around a framed field, pt."""
FRAMED_DASH = (1.2, 0.8)
"""Its dashes: on, off, pt."""
DIAMOND_LINE = 0.6
"""An X-Change diamond's outline, pt."""
DIAMOND_RULE = 0.3
"""The rule between a diamond's two numbers, pt."""
LINK_LINE = 1.2
"""Stroke of a link's rings and of the bar joining them, pt."""
CLOVER_STEM = 0.5
"""A clover's stem, pt."""


def mm(points: float) -> float:
    """``points`` (pt) in mm."""
    return points * 25.4 / 72


NAME_PT = 8.5
"""Size of the player's name on the title line, pt (shrunk to fit its box)."""
WRITTEN_PT = 7.5
"""The points written into the total line's boxes, pt."""
CROSS_INSET = 0.18
"""Share of a box's side left free at each end of a cross's strokes."""
CROSS_LINE = 1.1
"""Stroke width of a player's cross, pt."""
