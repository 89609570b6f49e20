"""Drawing with reportlab: the ``draw`` package is the only one that imports it.

Each layout's sheet is drawn once as a Form XObject (at 8-up size) and placed on every page
as :func:`qwixx_print.geometry.impose` says, with cut lines and cut marks. All text is set in
the embedded DejaVu Sans shipped in ``qwixx_print/fonts``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels
from qwixx_print.draw import paint
from qwixx_print.draw.paint import CUT, FONT, MM
from qwixx_print.draw.sheet import draw_sheet
from qwixx_print.layout import Layout

__all__ = ["preview", "render"]

PREVIEW_PX_PER_MM = 12.0
"""Resolution of :func:`preview`, pixels per mm (about 300 dpi): 1152 x 780 px a sheet."""


def _cut_guides(c: Canvas, imposition: geometry.Imposition) -> None:
    c.setStrokeColor(CUT)
    c.setLineWidth(0.25)
    c.setDash(2, 2)
    for line in imposition.cut_lines:
        c.line(line.x0 * MM, line.y0 * MM, line.x1 * MM, line.y1 * MM)
    c.setDash()
    c.setLineWidth(0.4)
    for line in imposition.cut_marks:
        c.line(line.x0 * MM, line.y0 * MM, line.x1 * MM, line.y1 * MM)


def _place(
    c: Canvas, form: str, origin: tuple[float, float], imposition: geometry.Imposition
) -> None:
    c.saveState()
    c.translate(origin[0] * MM, origin[1] * MM)
    if imposition.rotated:
        c.translate(imposition.sheet_w * MM, 0)
        c.rotate(90)
    c.scale(imposition.scale, imposition.scale)
    c.doForm(form)
    c.restoreState()


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
    paint.register_fonts()
    imposition = geometry.impose(paper, per_page)
    c = Canvas(
        out,
        pagesize=(imposition.page_w * MM, imposition.page_h * MM),
        invariant=True,
        initialFontName=FONT,
        pageCompression=1,
    )
    names = ", ".join(layout.name for layout in layouts)
    c.setTitle(f"Qwixx score sheets: {names}")
    c.setAuthor("qwixx-print")
    c.setCreator("qwixx-print")
    c.setSubject(f"{per_page} sheets per {paper} page; print at 100 %")
    c.setViewerPreference("PrintScaling", "None")
    for index, layout in enumerate(layouts):
        form = f"sheet{index}"
        c.beginForm(form, 0, 0, geometry.SHEET_W * MM, geometry.SHEET_H * MM)
        draw_sheet(c, layout, lang)
        c.endForm()
        for _ in range(pages):
            for origin in imposition.origins:
                _place(c, form, origin, imposition)
            _cut_guides(c, imposition)
            c.showPage()
    c.save()


def preview(
    layout: Layout,
    out: BinaryIO,
    lang: str = labels.DEFAULT_LANG,
    px_per_mm: float = PREVIEW_PX_PER_MM,
) -> None:
    """Write one sheet of ``layout`` (at its 8-up size, :data:`geometry.SHEET_W` x
    :data:`geometry.SHEET_H` mm) as an RGB PNG of ``px_per_mm`` pixels per mm to ``out``.

    The sheet is drawn into a one-page PDF exactly as :func:`render` draws it and rasterised
    with pdfium. Raises LayoutError for bad labels.
    """
    import pypdfium2

    paint.register_fonts()
    pdf = io.BytesIO()
    c = Canvas(
        pdf,
        pagesize=(geometry.SHEET_W * MM, geometry.SHEET_H * MM),
        invariant=True,
        initialFontName=FONT,
    )
    draw_sheet(c, layout, lang)
    c.showPage()
    c.save()
    document = pypdfium2.PdfDocument(pdf.getvalue())
    try:
        page = document[0]
        # pdfium rounds the pixel size up, and the PDF rounds the page size: aim just below
        width_px = round(geometry.SHEET_W * px_per_mm)
        image = page.render(scale=(width_px - 0.01) / page.get_width()).to_pil()
        image.convert("RGB").save(out, format="PNG")
    finally:
        document.close()
