"""The shapes inside a sheet's cells, in millimetres: a link square between two fields
(Connect 15, RULES.md §7), the diamond of an X-Change cell (RULES.md §4) and the cross and
arrow of a value track cell (Lucky 15, RULES-more.md §7). Pure; no drawing.
"""

from __future__ import annotations

from qwixx_print.geometry.box import Box

SQUARE_SHARE = 0.36
"""A link square's side as a share of its fields' smaller side (Connect 15, RULES.md §7):
2.6 mm on classic fields, large enough for a pencil's cross, small enough to leave the
numbers beside it free."""
DIGITS_HALF = 1.6
"""Half the height of a field's digits, mm, at most, for fields up to 8 mm (their number is
set at 11 pt bold at most, :mod:`qwixx_print.scene.fonts`: 1.48 mm of half cap height and
0.11 mm of a round digit's overshoot below the baseline)."""
DIGITS_SHARE = 0.2
"""Half the height of a larger field's digits as a share of its smaller side, at most (its
number grows with that side)."""
SQUARE_GAP = 0.35
"""Room between a link square's top and the lowest ink of the numbers beside it, mm (its
outline's half width, 0.08 mm, included)."""
SQUARE_MARGIN = 0.3
"""Room between a link square's bottom and the lower edge of its row's band, mm."""
TRACK_GAP = 2.0
"""The gap between two value track cells, room for an arrow, mm."""


def square_box(left: Box, right: Box, band: Box) -> Box:
    """The link square between the fields ``left`` and ``right`` of a row on ``band`` (mm;
    Connect 15, RULES.md §7), centred on the gap between them, below their numbers: its top
    :data:`SQUARE_GAP` under their digits (:data:`DIGITS_HALF`, :data:`DIGITS_SHARE` below
    the fields' middle), its side :data:`SQUARE_SHARE` of the fields' smaller side, less
    where the band's lower edge (:data:`SQUARE_MARGIN` above it) leaves less room."""
    low = min(left.w, left.h)
    top = left.cy - max(DIGITS_HALF, DIGITS_SHARE * low) - SQUARE_GAP
    side = min(SQUARE_SHARE * low, top - band.y - SQUARE_MARGIN)
    cx = (left.right + right.x) / 2
    return Box(cx - side / 2, top - side, side, side)


def diamond_shape(cell: Box) -> Box:
    """The box of the diamond drawn in an X-Change diamond ``cell`` (mm, RULES.md §4): as tall
    as the cell, as wide as the cell less 1.6 mm but at most 1.5 times as wide as tall."""
    width = min(cell.w - 1.6, cell.h * 1.5)
    return Box(cell.cx - width / 2, cell.y, width, cell.h)


DIAMOND_CROSS = 0.62
"""A crossed diamond's cross covers this share of the diamond's box, centred: its arms (the
box's diagonals, inset by at least 12 %) then end inside the diamond's sloped edges."""


def diamond_cross(cell: Box) -> Box:
    """The box (mm) whose diagonals cross out the diamond of ``cell``
    (:func:`diamond_shape`, :data:`DIAMOND_CROSS`)."""
    shape = diamond_shape(cell)
    w, h = shape.w * DIAMOND_CROSS, shape.h * DIAMOND_CROSS
    return Box(shape.cx - w / 2, shape.cy - h / 2, w, h)


def track_cross(cell: Box) -> Box:
    """The square box (mm) whose diagonals cross out a value track ``cell``, centred on it."""
    return Box(cell.cx - cell.h / 2, cell.y, cell.h, cell.h)


def track_arrow(cell: Box) -> Box:
    """The box (mm) of the arrow in the gap left of a value track ``cell``."""
    return Box(cell.x - TRACK_GAP, cell.y, TRACK_GAP, cell.h)
