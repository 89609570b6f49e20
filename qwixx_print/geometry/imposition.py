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


class Guides(NamedTuple):
    """The cut guides of a page, mm: ``cut_lines`` along the edges of its sheets, ``cut_marks``
    extending them into the band outside the sheets."""

    cut_lines: tuple[Segment, ...]
    cut_marks: tuple[Segment, ...]


class Imposition(NamedTuple):
    """Sheets placed on one page, all in mm.

    ``origins``: lower-left corner of each placed sheet on the page, reading order (top
    row first, left to right). ``sheet_w`` x ``sheet_h`` is the placed size (after
    ``scale`` and, if ``rotated``, a quarter turn). ``cuts_x``: where the grid's vertical
    cuts run, left to right; ``cuts_y``: its horizontal ones, bottom to top.
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
    cuts_x: tuple[float, ...]
    cuts_y: tuple[float, ...]

    def guides(self, sheets: int | None = None) -> Guides:
        """The cut guides around the first ``sheets`` slots (all when None; a filled-in
        PDF's last page may hold fewer): a cut line along each grid line, as far as the
        sheets printed beside it reach, and a cut mark beyond each end of one that reaches
        the outside of the grid (the band between the sheets and the :data:`MARGIN`). An
        empty slot gets none: a cut line there would cut nothing out."""
        count = len(self.origins) if sheets is None else sheets
        taken = [divmod(k, self.cols) for k in range(count)]  # (row from the top, column)
        xs, ys, rows = self.cuts_x, self.cuts_y, self.rows
        verticals = []
        for c, x in enumerate(xs):
            beside = [r for r, col in taken if col in (c - 1, c)]
            if beside:
                verticals.append(Segment(x, ys[rows - 1 - max(beside)], x, ys[rows - min(beside)]))
        horizontals = []
        for j, y in enumerate(ys):  # the line under row rows - j - 1 and over row rows - j
            beside = [col for r, col in taken if r in (rows - j - 1, rows - j)]
            if beside:
                horizontals.append(Segment(xs[min(beside)], y, xs[max(beside) + 1], y))
        left, bottom, right, top = xs[0], ys[0], xs[-1], ys[-1]
        gap, reach = MARK_GAP, MARK_ZONE
        marks = [Segment(s.x0, top + gap, s.x0, top + reach) for s in verticals if s.y1 == top]
        marks += [
            Segment(s.x0, bottom - gap, s.x0, bottom - reach) for s in verticals if s.y0 == bottom
        ]
        marks += [
            Segment(left - gap, s.y0, left - reach, s.y0) for s in horizontals if s.x0 == left
        ]
        marks += [
            Segment(right + gap, s.y0, right + reach, s.y0) for s in horizontals if s.x1 == right
        ]
        return Guides((*verticals, *horizontals), tuple(marks))


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
    sheets and the :data:`MARGIN` (:meth:`Imposition.guides`). Raises ValueError for an
    unknown paper or count."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper}")
    page_w, page_h = PAPERS[paper]
    cols, rows, rotated, scale = best_grid(per_page)
    w, h = (SHEET_H, SHEET_W) if rotated else (SHEET_W, SHEET_H)
    w, h = w * scale, h * scale
    left = (page_w - cols * w) / 2
    bottom = (page_h - rows * h) / 2
    top = bottom + rows * h
    origins = tuple((left + c * w, top - (r + 1) * h) for r in range(rows) for c in range(cols))
    xs = tuple(left + c * w for c in range(cols + 1))
    ys = tuple(bottom + r * h for r in range(rows + 1))
    return Imposition(paper, page_w, page_h, cols, rows, scale, rotated, w, h, origins, xs, ys)
