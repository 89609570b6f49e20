"""One sheet drawn in mm from :func:`qwixx_print.geometry.sheet_boxes`: the title and the
sheet's own rules, then the scene's rows, bonus bar, power legend, score table, penalties and
total line (:mod:`qwixx_print.scene.build`) and the marks of RULES.md §4 (:mod:`.pads`)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels
from qwixx_print.draw import pads, paint
from qwixx_print.draw.paint import INK
from qwixx_print.layout import Layout
from qwixx_print.scene import build, header


def draw_sheet(
    c: Canvas,
    layout: Layout,
    lang: str = labels.DEFAULT_LANG,
    rules_hint: bool = True,
    own: bool = True,
) -> None:
    """Draw one sheet of ``layout`` with its lower-left corner at the current origin,
    :data:`geometry.SHEET_W` x :data:`geometry.SHEET_H` mm; ``rules_hint``: the variant's
    own rules in the header (the filled-in sheets leave that room to the player's name);
    ``own``: the sheet's own values too (its slip, lucky numbers: :func:`pads.own`), else
    the blank that all sheets of the layout share."""
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    paint.items(c, header.header(layout, sheet, text, rules_hint))
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        paint.items(c, build.row(layout, row, boxes))
    paint.items(c, build.strips(layout, sheet, text))
    paint.items(c, build.footer(layout, sheet, text))
    pads.blank(c, layout, sheet)
    if own:
        pads.own(c, layout, sheet)
