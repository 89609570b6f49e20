"""Checks that need the font: every printed label fits its box and has a glyph for each of
its characters, in every language asked for. Found by drawing the sheet on a scratch canvas,
so whatever :func:`qwixx_print.draw.blank.draw_sheet` prints through
:func:`qwixx_print.scene.build.fitted` is checked, and nothing else needs to list it."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import labels, rules
from qwixx_print.draw import paint
from qwixx_print.draw.blank import draw_sheet
from qwixx_print.errors import LayoutError, first_of
from qwixx_print.layout import Layout
from qwixx_print.scene import fonts


def _as_problems(layout: Layout, lang: str, misfits: Sequence[fonts.Misfit]) -> list[rules.Problem]:
    """The misfits found while drawing ``layout`` in ``lang`` as problems: a layout's own
    label is placed at ``labels.KEY``; a language's label names the language; any other text
    is placed where the misfit says. Each problem once."""
    found = []
    for misfit in misfits:
        if misfit.place is not None:
            text = f"{misfit.key} ('{misfit.text}'): {misfit.reason}"
            problem = rules.Problem(misfit.place, text)
        else:
            own = misfit.key in layout.labels
            where = "" if own else f", language '{lang}'"
            problem = rules.Problem(
                ("labels", misfit.key) if own else ("labels",),
                f"label '{misfit.key}' ('{misfit.text}'{where}): {misfit.reason}",
            )
        if problem not in found:  # e.g. the same penalty text in every penalty box
            found.append(problem)
    return found


def label_problems(layout: Layout, langs: Sequence[str] = labels.LANGUAGES) -> list[rules.Problem]:
    """Every label of ``layout`` that cannot be printed in one of ``langs``: too long for its
    box even at :data:`~qwixx_print.scene.fonts.MIN_LABEL_PT`, or holding a character the
    font lacks, each reported once. Raises LayoutError for an unknown language code.
    """
    paint.register_fonts()
    found: list[rules.Problem] = []
    for lang in langs:
        with fonts.collecting_misfits() as misfits:
            draw_sheet(Canvas(io.BytesIO()), layout, lang)
        found += [p for p in _as_problems(layout, lang, misfits) if p not in found]
    return found


def draw_checked(
    c: Canvas, layout: Layout, lang: str, rules_hint: bool = True, own: bool = True
) -> None:
    """Draw one sheet of ``layout`` in ``lang`` (:func:`draw_sheet`; ``own``: with the
    sheet's own values); if a label does not fit or lacks a glyph, raise LayoutError located
    in the layout, naming the label, after the drawing (so every misfit is counted)."""
    with fonts.collecting_misfits() as misfits:
        draw_sheet(c, layout, lang, rules_hint, own)
    if misfits:
        found = _as_problems(layout, lang, misfits)
        raise LayoutError(first_of([layout.locate(p.place, p.message) for p in found]))
