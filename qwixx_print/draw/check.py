"""Checks that need the font: every printed label fits its box and has a glyph for each of
its characters, in every language asked for. Found by drawing the sheet on a scratch canvas,
so whatever :func:`qwixx_print.draw.sheet.draw_sheet` prints through
:func:`qwixx_print.draw.paint.fitted_text` is checked, and nothing else needs to list it."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import labels, rules
from qwixx_print.draw import paint
from qwixx_print.draw.sheet import draw_sheet
from qwixx_print.layout import Layout


def label_problems(layout: Layout, langs: Sequence[str] = labels.LANGUAGES) -> list[rules.Problem]:
    """Every label of ``layout`` that cannot be printed in one of ``langs``: too long for its
    box even at :data:`~qwixx_print.draw.paint.MIN_LABEL_PT`, or holding a character the
    font lacks. A layout's own label is placed at ``labels.KEY`` and reported once; a
    language's label names the language. Raises LayoutError for an unknown language code.
    """
    paint.register_fonts()
    found: list[rules.Problem] = []
    for lang in langs:
        with paint.collecting_misfits() as misfits:
            draw_sheet(Canvas(io.BytesIO()), layout, lang)
        for misfit in misfits:
            own = misfit.key in layout.labels
            where = "" if own else f", language '{lang}'"
            problem = rules.Problem(
                ("labels", misfit.key) if own else ("labels",),
                f"label '{misfit.key}' ('{misfit.text}'{where}): {misfit.reason}",
            )
            if problem not in found:
                found.append(problem)
    return found
