"""Where everything goes, in millimetres: the boxes of one sheet (:mod:`.boxes`) and the
imposition of sheets on a page (:mod:`.imposition`). Pure functions of a layout and a paper;
no drawing, no reportlab.

Coordinates are PDF-like: origin at the bottom left, x to the right, y up, all in mm.
"""

from __future__ import annotations

from qwixx_print.choices import PAPERS, PER_PAGE
from qwixx_print.geometry.boxes import (
    DIAMOND_CROSS,
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
    Box,
    RowBoxes,
    SheetBoxes,
    diamond_cross,
    diamond_shape,
    field_size,
    fit_problems,
    max_penalty_boxes,
    powers,
    sheet_boxes,
    track_arrow,
    track_cross,
)
from qwixx_print.geometry.imposition import Imposition, Line, best_grid, impose

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
    "Box",
    "Imposition",
    "Line",
    "RowBoxes",
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
    "track_arrow",
    "track_cross",
]
