"""The marks of the sheets of RULES.md §4 painted on a sheet from the scene
(:mod:`qwixx_print.scene.padmarks`): Big Points' bonus cells, Longo's lock fields and lucky
clovers, Connected's framed fields and linked pairs with the slip's name, X-Change's
diamonds.

A sheet's own values (its slip's links and name, its lucky numbers) are drawn by :func:`own`
over the blank sheet, so the imposition draws the blank once and each distinct sheet as a
small form on top of it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry
from qwixx_print.draw import paint
from qwixx_print.layout import Layout
from qwixx_print.scene import looks, padmarks


def blank(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """Everything of RULES.md §4 that every sheet of ``layout`` shares
    (:func:`qwixx_print.scene.padmarks.blank`)."""
    paint.items(c, padmarks.blank(layout, sheet))


def own(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes) -> None:
    """One sheet's own values over its blank (:func:`qwixx_print.scene.padmarks.own`); the
    links' stroke is set first, on every sheet, as the PDFs always have."""
    c.setStrokeColor(paint.colour(padmarks.LINK_INK))
    c.setLineWidth(looks.LINK_LINE)
    paint.items(c, padmarks.own(layout, sheet))
