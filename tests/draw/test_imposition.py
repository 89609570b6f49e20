"""Imposition in mm and its placement matrices: where sheets land on the page."""

from __future__ import annotations

import pytest

from qwixx_print import geometry
from qwixx_print.draw import placement
from qwixx_print.draw.paint import MM


def apply(matrix: tuple[float, ...], x_mm: float, y_mm: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    x, y = x_mm * MM, y_mm * MM
    return (a * x + c * y + e) / MM, (b * x + d * y + f) / MM


def test_upright_sheet_corners_land_on_its_grid_cell() -> None:
    imposition = geometry.impose("a4", 8)
    matrix = placement(imposition.origins[0], imposition)
    assert apply(matrix, 0, 0) == pytest.approx((9.0, 213.5))
    assert apply(matrix, 96, 65) == pytest.approx((105.0, 278.5))


def test_turned_sheet_fills_its_cell_on_one_per_page() -> None:
    imposition = geometry.impose("a4", 1)
    assert imposition.rotated and imposition.scale == 2.722
    (ox, oy) = imposition.origins[0]
    matrix = placement(imposition.origins[0], imposition)
    corners = [apply(matrix, x, y) for x in (0, 96) for y in (0, 65)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    assert min(xs) == pytest.approx(ox) and max(xs) == pytest.approx(ox + 65 * 2.722)
    assert min(ys) == pytest.approx(oy) and max(ys) == pytest.approx(oy + 96 * 2.722)
    # the sheet's bottom edge (its score line) runs up the page's right side
    assert apply(matrix, 0, 0) == pytest.approx((ox + 65 * 2.722, oy))
