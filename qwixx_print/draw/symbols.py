"""The colour symbols and other outlines of :mod:`qwixx_print.scene.shapes` filled on a
reportlab canvas."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from qwixx_print.geometry import Box
from qwixx_print.scene import shapes
from qwixx_print.scene.fonts import MM


def polygon(c: Canvas, points: list[tuple[float, float]]) -> None:
    """Fill the closed polygon through ``points`` (mm) with the current fill colour."""
    path = c.beginPath()
    path.moveTo(points[0][0] * MM, points[0][1] * MM)
    for x, y in points[1:]:
        path.lineTo(x * MM, y * MM)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def draw_symbol(c: Canvas, shape: str, box: Box, ink: Color) -> None:
    """Draw ``shape`` (one of :data:`qwixx_print.scene.shapes.SHAPES`) filled with ``ink``,
    filling the square ``box`` (mm)."""
    c.setFillColor(ink)
    if shape == "circle":
        c.circle(box.cx * MM, box.cy * MM, box.w * shapes.CIRCLE_R * MM, stroke=0, fill=1)
    else:
        polygon(c, shapes.outline(shape, box))
