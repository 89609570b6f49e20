"""One sheet drawn in mm from :func:`qwixx_print.geometry.sheet_boxes`: the title and the
sheet's own rules, then the scene's rows, bonus bar, power legend, score table, penalties and
total line (:mod:`qwixx_print.scene.build`) and the marks of RULES.md §4 (:mod:`.pads`)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels
from qwixx_print.draw import pads, paint
from qwixx_print.draw.paint import INK
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import build, fonts, hints, looks
from qwixx_print.scene.fonts import FONT_BOLD, MM

HINT_PT = 5.5
"""Size of the sheet's own rules in the header, pt."""

MIN_HINT_PT = 5.0
"""Smallest size of the rules hint, pt: rather than set it smaller, rules are left out."""


def _rules_hint(c: Canvas, found: list[tuple[str, str]], box: Box) -> None:
    """The sheet's own rules (:func:`hints.header_hints`), right-aligned in ``box`` (mm): as
    many, in order, as fit at :data:`MIN_HINT_PT` or more. Generated text never makes a
    layout invalid; a label of the layout's own with a character the font lacks is reported
    (:func:`fonts.printable`)."""
    parts = [part for key, part in found if fonts.printable(key, part, box, "rules hint box")]
    while parts and fonts.fit_size(" \u00b7 ".join(parts), box, HINT_PT) < MIN_HINT_PT:
        parts.pop()
    if parts:
        paint.fitted_text(
            c, "header", " \u00b7 ".join(parts), box, "rules hint box", HINT_PT, align="r"
        )


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
    title = Box(sheet.title.x + 0.5, sheet.title.y, sheet.title.w - 1.0, sheet.title.h)
    found = hints.header_hints(layout, text) if rules_hint else []
    if found:  # the title keeps its width, at most 55 %; the sheet's own rules the rest
        width = fonts.string_width(text["title"], FONT_BOLD, looks.TITLE_PT) / MM
        title = Box(title.x, title.y, min(width + 0.5, title.w * 0.55), title.h)
        right = sheet.slip.x - 1.0 if sheet.slip is not None else sheet.title.right - 0.5
        hint_box = Box(title.right + 2.0, title.y, right - title.right - 2.0, title.h)
        _rules_hint(c, found, hint_box)
    paint.fitted_text(
        c, "title", text["title"], title, "title box", looks.TITLE_PT, FONT_BOLD, align="l"
    )
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        paint.items(c, build.row(layout, row, boxes))
    paint.items(c, build.strips(layout, sheet, text))
    paint.items(c, build.footer(layout, sheet, text))
    pads.blank(c, layout, sheet)
    if own:
        pads.own(c, layout, sheet)
