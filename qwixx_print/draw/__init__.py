"""Drawing with reportlab: the ``draw`` package is the only one that imports it.

Each layout's sheet is drawn once as a Form XObject (at 8-up size) and placed as
:func:`qwixx_print.geometry.impose` says, with cut lines and cut marks, in a second Form
XObject holding the whole page, which every page of that layout places once: a page costs one
``Do``. All text is set in the embedded DejaVu Sans shipped in ``qwixx_print/fonts``.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import BinaryIO

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import dealing, geometry, labels, plan
from qwixx_print.draw import check, pads, paint
from qwixx_print.draw.paint import CUT
from qwixx_print.layout import Layout
from qwixx_print.scene import fonts
from qwixx_print.scene.fonts import FONT, MM

__all__ = [
    "DrawnSheets",
    "pdf_canvas",
    "picture",
    "placed",
    "placement",
    "preview",
    "render",
    "render_sheets",
    "write",
]

PDFIUM = threading.Lock()
"""Held around all pdfium work: pdfium is not thread-safe, not even for different documents
(pypdfium2's documentation: calls from two threads at once crash the process), and the web
server renders pictures in several threads at once."""

PREVIEW_PX_PER_MM = 12.0
"""Resolution of :func:`preview`, pixels per mm (about 300 dpi): 1152 x 780 px a sheet."""


def _cut_guides(c: Canvas, imposition: geometry.Imposition, sheets: int | None = None) -> str:
    """Cut lines (dashed, along the sheets' edges) and cut marks (solid, in the band outside
    the sheets) around the first ``sheets`` slots of a page (all when None:
    :meth:`qwixx_print.geometry.Imposition.guides`), as one Form XObject that every page
    holding as many sheets places once: ``guides`` for a full page, ``guidesN`` for one of
    N sheets (a filled-in PDF's last). Its name."""
    name = "guides" if sheets is None else f"guides{sheets}"
    guides = imposition.guides(sheets)
    c.beginForm(name, 0, 0, imposition.page_w * MM, imposition.page_h * MM)
    c.setStrokeColor(CUT)
    c.setLineWidth(0.25)
    c.setDash(2, 2)
    c.lines([(ln.x0 * MM, ln.y0 * MM, ln.x1 * MM, ln.y1 * MM) for ln in guides.cut_lines])
    c.setDash()
    c.setLineWidth(0.4)
    c.lines([(ln.x0 * MM, ln.y0 * MM, ln.x1 * MM, ln.y1 * MM) for ln in guides.cut_marks])
    c.endForm()
    return name


def placement(origin: tuple[float, float], imposition: geometry.Imposition) -> tuple[float, ...]:
    """The PDF matrix (a, b, c, d, e, f), in pt, that puts a sheet drawn at 8-up size with
    its lower-left corner at the origin onto the page at ``origin`` (mm), scaled and, if the
    imposition says so, turned a quarter anticlockwise."""
    s = imposition.scale
    x, y = origin[0] * MM, origin[1] * MM
    if imposition.rotated:
        return (0.0, s, -s, 0.0, x + imposition.sheet_w * MM, y)
    return (s, 0.0, 0.0, s, x, y)


@contextmanager
def placed(
    c: Canvas, origin: tuple[float, float], imposition: geometry.Imposition
) -> Iterator[None]:
    """Within the block, draw in the mm of one sheet placed at ``origin`` (mm on the page),
    moved, turned and scaled as ``imposition`` places it (see :func:`placement`)."""
    c.saveState()
    c.transform(*placement(origin, imposition))
    yield
    c.restoreState()


@contextmanager
def pdf_canvas(out: BinaryIO, imposition: geometry.Imposition, title: str) -> Iterator[Canvas]:
    """A canvas of ``imposition``'s page size writing a PDF to ``out``, saved when the block
    ends: fonts registered, metadata (``title``, author qwixx-print), print scaling off, and
    the ``guides`` form (cut lines and marks) defined, for each page form to place once.

    Streams are Flate-compressed only: reportlab's default ASCII85 layer adds 25 % to a
    binary-safe file, so it is switched off while the PDF is built.
    """
    paint.register_fonts()
    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
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
        _cut_guides(c, imposition)
        yield c
        c.save()
    finally:
        rl_config.useA85 = saved


def render(
    layouts: Sequence[Layout],
    pages: int,
    out: BinaryIO,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    seed: int = 0,
) -> None:
    """Write a PDF of ``pages`` pages per layout to the binary stream ``out``: the plan of
    :func:`qwixx_print.plan.copies` drawn by :func:`write`.

    Each layout's sheet is one Form XObject (``sheetN``), placed ``per_page`` times on
    ``paper`` (see :func:`qwixx_print.geometry.impose`) with the cut guides in a page form
    (``pageN``), which each of the layout's pages places once. Where a layout's sheets
    differ (slips, lucky numbers from ``seed``; RULES.md §4), ``sheetN`` is their common
    blank and each distinct sheet one small form over it.
    Raises ValueError for an unknown paper or ``per_page`` and LayoutError for bad labels.
    """
    write(plan.copies(layouts, pages, per_page, seed), out, paper, lang)


class DrawnSheets:
    """The one cache of drawn sheets of a PDF on canvas ``c`` (labels in ``lang``): each
    blank of a plan is one Form XObject under its name, each distinct own sheet over a blank
    (a slip, a set of lucky numbers) one small form ``NAME.k`` placing the blank and adding
    the own values, each drawn the first time it is asked for."""

    def __init__(self, c: Canvas, lang: str) -> None:
        self.c = c
        self.lang = lang
        self._blanks: dict[str, plan.Blank] = {}
        self._own: dict[tuple[str, str | None, tuple[int, ...] | None], str] = {}
        self._counts: dict[str, int] = {}
        self._boxes: dict[str, geometry.SheetBoxes] = {}

    def blank(self, blank: plan.Blank) -> str:
        """The form name of ``blank``, drawn now if it is not yet (raises LayoutError for a
        label that does not fit)."""
        if blank.name not in self._blanks:
            c = self.c
            c.beginForm(blank.name, 0, 0, geometry.SHEET_W * MM, geometry.SHEET_H * MM)
            check.draw_checked(c, blank.layout, self.lang, blank.rules_hint, blank.own)
            if blank.note is not None:
                _note(c, blank.layout, blank.note)
            c.endForm()
            self._blanks[blank.name] = blank
            self._counts[blank.name] = 0
        return blank.name

    def boxes(self, blank: plan.Blank) -> geometry.SheetBoxes:
        """The boxes of ``blank``'s layout (mm of a sheet), worked out once."""
        if blank.name not in self._boxes:
            self._boxes[blank.name] = geometry.sheet_boxes(blank.layout)
        return self._boxes[blank.name]

    def slot(self, slot: plan.Slot) -> str:
        """The form name that ``slot`` places: its blank, or the form of its own sheet over
        the blank, drawn now if it is not yet."""
        name = self.blank(slot.blank)
        if slot.own is None:
            return name
        key = (name, slot.own.slip, slot.own.lucky)
        if key not in self._own:
            form = self._own[key] = f"{name}.{self._counts[name]}"
            self._counts[name] += 1
            c = self.c
            c.beginForm(form, 0, 0, geometry.SHEET_W * MM, geometry.SHEET_H * MM)
            c.doForm(name)
            pads.own(c, slot.own, self.boxes(slot.blank))
            c.endForm()
        return self._own[key]


def write(
    layout_plan: plan.Plan, out: BinaryIO, paper: str = "a4", lang: str = labels.DEFAULT_LANG
) -> None:
    """Write the PDF of ``layout_plan`` (:mod:`qwixx_print.plan`) to the binary stream
    ``out``: ``paper`` pages imposed by :func:`qwixx_print.geometry.impose`, labels in
    ``lang``, every sheet drawn once (:class:`DrawnSheets`) and placed in its slots, with the
    cut guides; a part whose pages are all the same is one page form (``pageN``) placed on
    each. Each part's blanks are drawn before its first page, the own sheets over them as
    they first appear, filled-in marks in their slot
    (:func:`qwixx_print.draw.filled.draw_marks`); a page of fewer sheets than the paper holds
    has cut guides around those sheets only. Raises ValueError for an unknown paper or
    count, LayoutError for bad labels."""
    imposition = geometry.impose(paper, layout_plan.per_page)
    with pdf_canvas(out, imposition, layout_plan.title) as c:
        drawn = DrawnSheets(c, lang)
        guides = {len(imposition.origins): "guides"}  # drawn by pdf_canvas
        for index, part in enumerate(layout_plan.parts):
            for blank in part.blanks:
                drawn.blank(blank)
            page_form: str | None = None
            for page in part.pages:
                if page_form is not None:
                    c.doForm(page_form)
                    c.showPage()
                    continue
                names = [drawn.slot(slot) for slot in page]
                if len(page) not in guides:  # a last page not full: guides of its own
                    guides[len(page)] = _cut_guides(c, imposition, len(page))
                if part.same:
                    page_form = f"page{index}"
                    c.beginForm(page_form, 0, 0, imposition.page_w * MM, imposition.page_h * MM)
                origins = imposition.origins[: len(page)]
                for origin, slot, name in zip(origins, page, names, strict=True):
                    with placed(c, origin, imposition):
                        c.doForm(name)
                        if slot.marks is not None:
                            _draw_marks(c, drawn, slot.blank, slot.marks)
                c.doForm(guides[len(page)])
                if page_form is not None:
                    c.endForm()
                    c.doForm(page_form)
                c.showPage()


def _draw_marks(c: Canvas, drawn: DrawnSheets, blank: plan.Blank, marks: plan.FilledIn) -> None:
    from qwixx_print.draw import filled  # filled draws on this package's canvas helpers

    filled.draw_marks(c, blank.layout, marks, drawn.boxes(blank), drawn.lang)


NOTE_PT = 4.5
"""Size of the small note (a generated sheet's seed) under a sheet's footer line, pt."""

NOTE_MM = 24.0
"""Width the note may take, mm: it sits left in the total line's label box, "Total" right."""


def _note(c: Canvas, layout: Layout, note: str) -> None:
    """``note`` small and grey at the left of the sheet's total label line (mm of a sheet)."""
    box = geometry.sheet_boxes(layout).total_label
    c.setFillColor(CUT)
    c.setFont(FONT, min(NOTE_PT, fonts.fit_size(note, box._replace(w=NOTE_MM), NOTE_PT)))
    c.drawString(box.x * MM, (box.y + 0.5) * MM, note)


def render_sheets(
    sheets: Sequence[tuple[Layout, str]],
    out: BinaryIO,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    pages: int = 1,
    seed: int = 0,
) -> None:
    """Write a PDF whose pages hold different sheets: ``sheets`` are ``(layout, note)``
    pairs, each drawn once as its own Form XObject (``sheetN``) with ``note`` printed small
    on it (a generated sheet's seed), placed as :func:`qwixx_print.plan.assorted` plans
    (one sheet: a page of copies; slips dealt and lucky numbers drawn from ``seed``),
    ``pages`` times over, by :func:`write`. Raises ValueError for an unknown paper or
    ``per_page`` and LayoutError for bad labels."""
    write(plan.assorted(sheets, per_page, pages, seed), out, paper, lang)


def preview(
    layout: Layout,
    out: BinaryIO,
    lang: str = labels.DEFAULT_LANG,
    px_per_mm: float = PREVIEW_PX_PER_MM,
) -> None:
    """Write one sheet of ``layout`` (at its 8-up size, :data:`geometry.SHEET_W` x
    :data:`geometry.SHEET_H` mm) as an RGB PNG of ``px_per_mm`` pixels per mm to ``out``.

    The sheet is drawn into a one-page PDF exactly as :func:`render` draws it and rasterised
    with pdfium; the PNG says its resolution (12 px/mm: 304.8 dpi) so that an image viewer
    prints it at its true size. Raises LayoutError for bad labels.
    """
    if dealing.has_own(layout):  # the first sheet of a page (slip A, lucky numbers of seed 0)
        layout = dealing.deal(layout, 1, 0, 0)[0]
    sheet = layout
    picture(
        lambda c: check.draw_checked(c, sheet, lang),
        (geometry.SHEET_W, geometry.SHEET_H),
        out,
        px_per_mm,
    )


def picture(
    draw: Callable[[Canvas], None],
    size: tuple[float, float],
    out: BinaryIO,
    px_per_mm: float = PREVIEW_PX_PER_MM,
) -> None:
    """Write what ``draw`` draws on a page of ``size`` (width, height in mm) as an RGB PNG
    of ``px_per_mm`` pixels per mm to ``out``: a one-page PDF rasterised with pdfium."""
    import pypdfium2

    paint.register_fonts()
    pdf = io.BytesIO()
    c = Canvas(pdf, pagesize=(size[0] * MM, size[1] * MM), invariant=True, initialFontName=FONT)
    draw(c)
    c.showPage()
    c.save()
    with PDFIUM:  # every pdfium object made here is closed here, none left to a finalizer
        document = pypdfium2.PdfDocument(pdf.getvalue())
        try:
            page = document[0]
            # pdfium rounds the pixel size up, and the PDF rounds the page size: aim below
            width_px = round(size[0] * px_per_mm)
            bitmap = page.render(scale=(width_px - 0.01) / page.get_width())
            image = bitmap.to_pil().convert("RGB")  # a copy: the bitmap's memory goes
            bitmap.close()
            page.close()
        finally:
            document.close()
    dpi = px_per_mm * 25.4  # in the PNG's pHYs chunk: viewers print it to scale
    image.save(out, format="PNG", dpi=(dpi, dpi))
