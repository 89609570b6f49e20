"""Drawing with reportlab: the only module that imports it.

Each layout's sheet is drawn once as a Form XObject (at 8-up size, from
:func:`qwixx_print.geometry.sheet_boxes`) and placed on every page as the imposition says.
All text is set in the embedded DejaVu Sans shipped in ``qwixx_print/fonts``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import BinaryIO

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels, rules
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row

MM = 72 / 25.4
"""Points per millimetre."""

FONT = "QwixxSans"
FONT_BOLD = "QwixxSans-Bold"
NUMBER_PT = 11.0
"""Size of the field numbers, pt (legible at arm's length: at least 9 pt)."""

INK = Color(0.13, 0.13, 0.13)
CUT = Color(0.55, 0.55, 0.55)


@cache
def register_fonts() -> None:
    """Register the shipped DejaVu Sans (regular, bold) with reportlab, once per process."""
    folder = resources.files("qwixx_print") / "fonts"
    for name, file in ((FONT, "DejaVuSans.ttf"), (FONT_BOLD, "DejaVuSans-Bold.ttf")):
        with resources.as_file(folder / file) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def _mix(colour: Color, other: Color, share: float) -> Color:
    """``colour`` moved ``share`` (0..1) of the way towards ``other``."""
    return Color(*(a + (b - a) * share for a, b in zip(colour.rgb(), other.rgb(), strict=True)))


def _rect(
    c: Canvas, box: Box, fill: Color | None, stroke: Color | None, radius: float = 0.0
) -> None:
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
    args = (box.x * MM, box.y * MM, box.w * MM, box.h * MM)
    if radius:
        c.roundRect(*args, radius * MM, fill=fill is not None, stroke=stroke is not None)
    else:
        c.rect(*args, fill=fill is not None, stroke=stroke is not None)


def _text(
    c: Canvas, text: str, x: float, y: float, size: float, font: str = FONT, align: str = "c"
) -> None:
    """Draw ``text`` at (x, y) mm, ``size`` pt, aligned left (``l``), centre or right."""
    c.setFont(font, size)
    draw = {"l": c.drawString, "c": c.drawCentredString, "r": c.drawRightString}[align]
    draw(x * MM, y * MM, text)


def _centred(c: Canvas, text: str, box: Box, size: float, font: str = FONT) -> None:
    """``text`` centred in ``box`` on the optical middle of its digits/capitals."""
    cap = pdfmetrics.getFont(font).face.capHeight / 1000 * size / MM
    _text(c, text, box.cx, box.cy - cap / 2, size, font)


def _padlock(c: Canvas, box: Box, ink: Color, paper: Color) -> None:
    """A round lock field with a padlock drawn in vector strokes."""
    r = box.w / 2
    c.setFillColor(paper)
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    c.circle(box.cx * MM, box.cy * MM, r * MM, fill=1, stroke=1)
    body = Box(box.cx - 0.42 * r, box.cy - 0.5 * r, 0.84 * r, 0.62 * r)
    c.setLineWidth(0.16 * r * MM)
    shackle = c.beginPath()
    sx, top = 0.26 * r, box.cy + 0.5 * r
    shackle.moveTo((box.cx - sx) * MM, body.top * MM)
    shackle.lineTo((box.cx - sx) * MM, (top - sx) * MM)
    shackle.arcTo((box.cx - sx) * MM, (top - 2 * sx) * MM, (box.cx + sx) * MM, top * MM, 180, -180)
    shackle.lineTo((box.cx + sx) * MM, body.top * MM)
    c.drawPath(shackle, stroke=1, fill=0)
    _rect(c, body, ink, None, radius=0.08 * r)


def _row(c: Canvas, layout: Layout, row: Row, boxes: geometry.RowBoxes) -> None:
    colours = {name: HexColor(code) for name, code in layout.colours.items()}
    band = colours[row.colour] if row.colour else Color(0.35, 0.35, 0.35)
    _rect(c, boxes.band, band, None, radius=1.2)
    for f, box in zip(row.fields, boxes.fields, strict=True):
        colour = colours[f.colour]
        if row.colour is None:
            _rect(c, Box(box.x - 0.2, box.y - 0.2, box.w + 0.4, box.h + 0.4), colour, None, 0.8)
        c.setLineWidth(0.4)
        _rect(c, box, _mix(colour, white, 0.82), _mix(colour, INK, 0.3), radius=0.7)
        c.setFillColor(_mix(colour, INK, 0.35))
        _centred(c, str(f.number), box, NUMBER_PT, FONT_BOLD)
    for box in boxes.again:
        c.setLineWidth(0.3)
        _rect(c, box, white, INK, radius=0.3)
    lock = colours[row.lock_colour]
    _padlock(c, boxes.lock, _mix(lock, INK, 0.35), _mix(lock, white, 0.82))


def _footer(c: Canvas, layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> None:
    table = rules.score_table(layout)
    c.setLineWidth(0.3)
    for n, cell in enumerate(sheet.score_cells, start=1):
        _rect(c, cell, Color(0.94, 0.94, 0.94), Color(0.6, 0.6, 0.6))
        c.setFillColor(INK)
        _text(c, f"{n}\u00d7", cell.cx, cell.y + cell.h * 0.6, 5.5)
        _text(c, str(table[n - 1]), cell.cx, cell.y + cell.h * 0.15, 6.5, FONT_BOLD)
    c.setFillColor(INK)
    label = sheet.penalty_label
    _text(
        c,
        f"{text['penalties']} \u2212{layout.penalty_points}",
        label.x,
        label.y + 0.4,
        5.5,
        align="l",
    )
    for box in sheet.penalties:
        _rect(c, box, white, INK, radius=0.3)
        c.setFillColor(Color(0.7, 0.7, 0.7))
        _centred(c, f"\u2212{layout.penalty_points}", box, 5.0)
    colours = {name: HexColor(code) for name, code in layout.colours.items()}
    for k, box in enumerate(sheet.totals):
        row_colour = layout.rows[k].colour if k < len(layout.rows) else None
        tint = colours[row_colour] if row_colour else Color(0.5, 0.5, 0.5)
        _rect(c, box, _mix(tint, white, 0.8), _mix(tint, INK, 0.3), radius=0.5)
        if k < len(layout.rows) and row_colour is None:
            c.setFillColor(Color(0.6, 0.6, 0.6))
            _centred(c, str(k + 1), box, 5.0)
    c.setFillColor(INK)
    for op, box in sheet.operators:
        _centred(c, op, box, 8.0, FONT_BOLD)
    total = sheet.totals[-1]
    _text(c, text["total"], total.cx, total.top + 0.5, 5.0)


def draw_sheet(c: Canvas, layout: Layout, lang: str = labels.DEFAULT_LANG) -> None:
    """Draw one sheet of ``layout`` with its lower-left corner at the current origin,
    :data:`geometry.SHEET_W` x :data:`geometry.SHEET_H` mm."""
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, lang)
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    title = sheet.title
    _text(c, text["title"], title.x + 0.5, title.y + 1.0, 8.5, FONT_BOLD, align="l")
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        _row(c, layout, row, boxes)
    _footer(c, layout, sheet, text)


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
    register_fonts()
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
