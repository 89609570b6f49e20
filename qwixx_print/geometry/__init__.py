"""Where everything goes, in millimetres: a :class:`Box` (:mod:`.box`), the boxes of one
sheet (:mod:`.boxes`), the shapes inside its cells (:mod:`.cells`), whether a layout fits
(:mod:`.fit`) and the imposition of sheets on a page (:mod:`.imposition`). Pure functions
of a layout and a paper; no drawing, no reportlab.

Coordinates are PDF-like: origin at the bottom left, x to the right, y up, all in mm.
"""

from __future__ import annotations

from qwixx_print.choices import PAPERS, PER_PAGE
from qwixx_print.geometry.box import Box
from qwixx_print.geometry.boxes import (
    MARGIN,
    MARK_GAP,
    MARK_ZONE,
    MAX_FIELD,
    MIN_BAR_CELL,
    MIN_DIAMOND_CELL,
    MIN_FIELD,
    MIN_FIELD_W,
    SHEET_H,
    SHEET_W,
    RowBoxes,
    SheetBoxes,
    field_size,
    max_penalty_boxes,
    powers,
    sheet_boxes,
)
from qwixx_print.geometry.cells import (
    DIAMOND_CROSS,
    SQUARE_SHARE,
    diamond_cross,
    diamond_shape,
    square_box,
    track_arrow,
    track_cross,
)
from qwixx_print.geometry.fit import fit_problems
from qwixx_print.geometry.imposition import Imposition, Segment, best_grid, impose

__all__ = [
    "DIAMOND_CROSS",
    "MARGIN",
    "MARK_GAP",
    "MARK_ZONE",
    "MAX_FIELD",
    "MIN_BAR_CELL",
    "MIN_DIAMOND_CELL",
    "MIN_FIELD",
    "MIN_FIELD_W",
    "PAPERS",
    "PER_PAGE",
    "SHEET_H",
    "SHEET_W",
    "SQUARE_SHARE",
    "Box",
    "Imposition",
    "RowBoxes",
    "Segment",
    "SheetBoxes",
    "best_grid",
    "diamond_cross",
    "diamond_shape",
    "field_size",
    "fit_problems",
    "impose",
    "max_penalty_boxes",
    "powers",
    "sheet_boxes",
    "square_box",
    "track_arrow",
    "track_cross",
]
