"""The imposition of sheets on a page, in millimetres: the grid that prints a count of
sheets largest, their origins, cut lines and cut marks. Pure; no drawing, no reportlab.

Coordinates are PDF-like: origin at the bottom left, x to the right, y up, all in mm.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from qwixx_print.choices import PAPERS, PER_PAGE
from qwixx_print.geometry.boxes import MARGIN, MARK_GAP, MARK_ZONE, SHEET_H, SHEET_W


class Segment(NamedTuple):
    """A straight line from (``x0``, ``y0``) to (``x1``, ``y1``), mm on the page."""

    x0: float
    y0: float
    x1: float
    y1: float


class Imposition(NamedTuple):
    """Sheets placed on one page, all in mm.

    ``origins``: lower-left corner of each placed sheet on the page, reading order (top
    row first, left to right). ``sheet_w`` x ``sheet_h`` is the placed size (after
    ``scale`` and, if ``rotated``, a quarter turn). ``cut_lines`` run along the sheet edges,
    ``cut_marks`` extend them into the band outside the sheets.
    """

    paper: str
    page_w: float
    page_h: float
    cols: int
    rows: int
    scale: float
    rotated: bool
    sheet_w: float
    sheet_h: float
    origins: tuple[tuple[float, float], ...]
    cut_lines: tuple[Segment, ...]
    cut_marks: tuple[Segment, ...]


def best_grid(per_page: int) -> tuple[int, int, bool, float]:
    """The grid that prints ``per_page`` sheets largest: (cols, rows, rotated, scale).

    The scale is the same on every paper in :data:`PAPERS` (their common printable area),
    so a sheet's size depends only on ``per_page``; 8 per page gives scale 1.0
    (96 x 65 mm). Raises ValueError for a count not in :data:`PER_PAGE`.
    """
    if per_page not in PER_PAGE:
        raise ValueError(f"per_page must be one of {PER_PAGE}, got {per_page}")
    avail_w = min(w for w, _ in PAPERS.values()) - 2 * (MARGIN + MARK_ZONE)
    avail_h = min(h for _, h in PAPERS.values()) - 2 * (MARGIN + MARK_ZONE)
    best: tuple[int, int, bool, float] | None = None
    for cols in range(1, per_page + 1):
        if per_page % cols:
            continue
        rows = per_page // cols
        for rotated in (False, True):
            w, h = (SHEET_H, SHEET_W) if rotated else (SHEET_W, SHEET_H)
            scale = math.floor(min(avail_w / (cols * w), avail_h / (rows * h)) * 1000) / 1000
            if best is None or scale > best[3]:
                best = (cols, rows, rotated, scale)
    assert best is not None
    return best


def impose(paper: str = "a4", per_page: int = 8) -> Imposition:
    """Place ``per_page`` sheets on a portrait page of ``paper`` (a key of :data:`PAPERS`),
    centred, with cut lines along every sheet edge and cut marks in the band between the
    sheets and the :data:`MARGIN`. Raises ValueError for an unknown paper or count."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper}")
    page_w, page_h = PAPERS[paper]
    cols, rows, rotated, scale = best_grid(per_page)
    w, h = (SHEET_H, SHEET_W) if rotated else (SHEET_W, SHEET_H)
    w, h = w * scale, h * scale
    left = (page_w - cols * w) / 2
    bottom = (page_h - rows * h) / 2
    right, top = left + cols * w, bottom + rows * h
    origins = tuple((left + c * w, top - (r + 1) * h) for r in range(rows) for c in range(cols))
    xs = [left + c * w for c in range(cols + 1)]
    ys = [bottom + r * h for r in range(rows + 1)]
    cut_lines = tuple(Segment(x, bottom, x, top) for x in xs) + tuple(
        Segment(left, y, right, y) for y in ys
    )
    reach = MARK_ZONE
    cut_marks = (
        tuple(Segment(x, top + MARK_GAP, x, top + reach) for x in xs)
        + tuple(Segment(x, bottom - MARK_GAP, x, bottom - reach) for x in xs)
        + tuple(Segment(left - MARK_GAP, y, left - reach, y) for y in ys)
        + tuple(Segment(right + MARK_GAP, y, right + reach, y) for y in ys)
    )
    return Imposition(
        paper, page_w, page_h, cols, rows, scale, rotated, w, h, origins, cut_lines, cut_marks
    )
