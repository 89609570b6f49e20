"""Drawing with reportlab: the ``draw`` package is the only one that imports it.

Each layout's sheet is drawn once as a Form XObject (at 8-up size) and placed on every page
as :func:`qwixx_print.geometry.impose` says, with cut lines and cut marks. All text is set in
the embedded DejaVu Sans shipped in ``qwixx_print/fonts``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels
from qwixx_print.draw import paint
from qwixx_print.draw.paint import CUT, FONT, MM
from qwixx_print.draw.sheet import draw_sheet
from qwixx_print.layout import Layout

__all__ = ["cut_guides", "new_canvas", "placed", "render"]


def cut_guides(c: Canvas, imposition: geometry.Imposition) -> None:
    """Dashed cut lines along every sheet edge and solid cut marks outside the sheets."""
    c.setStrokeColor(CUT)
    c.setLineWidth(0.25)
    c.setDash(2, 2)
    for line in imposition.cut_lines:
        c.line(line.x0 * MM, line.y0 * MM, line.x1 * MM, line.y1 * MM)
    c.setDash()
    c.setLineWidth(0.4)
    for line in imposition.cut_marks:
        c.line(line.x0 * MM, line.y0 * MM, line.x1 * MM, line.y1 * MM)


@contextmanager
def placed(
    c: Canvas, origin: tuple[float, float], imposition: geometry.Imposition
) -> Iterator[None]:
    """Within the block, draw in the mm of one sheet at ``origin`` (mm on the page), moved,
    turned and scaled as ``imposition`` places it."""
    c.saveState()
    c.translate(origin[0] * MM, origin[1] * MM)
    if imposition.rotated:
        c.translate(imposition.sheet_w * MM, 0)
        c.rotate(90)
    c.scale(imposition.scale, imposition.scale)
    yield
    c.restoreState()


def _place(
    c: Canvas, form: str, origin: tuple[float, float], imposition: geometry.Imposition
) -> None:
    with placed(c, origin, imposition):
        c.doForm(form)


def new_canvas(out: BinaryIO, imposition: geometry.Imposition, title: str) -> Canvas:
    """A canvas of ``imposition``'s page size writing to ``out``, fonts registered, with
    metadata (``title``, author qwixx-print) and print scaling off."""
    paint.register_fonts()
    c = Canvas(
        out,
        pagesize=(imposition.page_w * MM, imposition.page_h * MM),
        invariant=True,
        initialFontName=FONT,
        pageCompression=1,
    )
    c.setTitle(title)
    c.setAuthor("qwixx-print")
    c.setCreator("qwixx-print")
    per_page = len(imposition.origins)
    c.setSubject(f"{per_page} sheets per {imposition.paper} page; print at 100 %")
    c.setViewerPreference("PrintScaling", "None")
    return c


def render(
    layouts: Sequence[Layout],
    pages: int,
    out: BinaryIO,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
) -> None:
    """Write a PDF of ``pages`` pages per layout to the binary stream ``out``.

    Each layout's sheet is one Form XObject, placed ``per_page`` times per page on ``paper``
    (see :func:`qwixx_print.geometry.impose`). Raises ValueError for an unknown paper or
    ``per_page`` and LayoutError for bad labels.
    """
    imposition = geometry.impose(paper, per_page)
    names = ", ".join(layout.name for layout in layouts)
    c = new_canvas(out, imposition, f"Qwixx score sheets: {names}")
    for index, layout in enumerate(layouts):
        form = f"sheet{index}"
        c.beginForm(form, 0, 0, geometry.SHEET_W * MM, geometry.SHEET_H * MM)
        draw_sheet(c, layout, lang)
        c.endForm()
        for _ in range(pages):
            for origin in imposition.origins:
                _place(c, form, origin, imposition)
            cut_guides(c, imposition)
            c.showPage()
    c.save()
