"""The PDF and the phone's SVG paint the same sheet: for every shipped layout, blank and
after a played game, the filled-in PDF sheet (rasterised by pdfium) and the player's SVG
(headless chromium, one session for all) at 12 px/mm agree

- field by field: the dominant colour of each field (its paper) within 6 of 255 in every
  channel, and each field's number ink at the same place;
- mark by mark: the centre of every cross (fields, small boxes, bonus cells, diamonds,
  penalties, locks) is the pen's colour in both, within 40 (a cross's centre lies on two
  antialiased 1.1 pt strokes);
- as a whole: the mean absolute difference of all pixels' channels is at most
  :data:`WHOLE_MEAN` (0..255), measured 1.5-2.3 on today's sheets: text antialiasing and
  the phone's card edge; a wrong colour on one row, a missing mark or a moved box lifts it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy
import pytest
from PIL import Image, ImageChops, ImageStat

from qwixx_print import api, geometry, layout
from qwixx_print.draw import picture
from qwixx_print.draw.filled import draw_filled
from qwixx_print.geometry import Box
from qwixx_print.play import Move, Sheet, log
from qwixx_print.scene import palette
from qwixx_print.web.drawing import sheet_svg, sheet_view
from tests.browser import chromium

PX = 12
"""Pixels per mm of both pictures."""
WHOLE_MEAN = 3.0
"""Largest mean absolute difference of the two pictures, per channel, 0..255."""
FIELD_OFF = 6
"""Largest difference of a field's dominant colour, per channel."""
MARK_OFF = 40
"""Largest distance of a cross's centre from the pen's colour, per channel."""

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "qwixx_print"
PEN = tuple(round(v * 255) for v in palette.PEN)


def played(sheet: Sheet) -> Sheet:
    """``sheet`` after a game's worth of moves: every third field the engine allows in each
    row, the first small box and bonus cell allowed, a diamond swap, one penalty."""
    for row in sheet.layout.rows:
        for i in range(len(row.fields)):
            if i % 3 == 0 and sheet.can_cross(row.id, i):
                sheet.play(Move("cross", row.id, i))
    for move in (
        *(Move("again", r.id, i) for r in sheet.layout.rows for i in range(len(r.fields) - 1)),
        *(Move("bonus", b.id, k) for b in sheet.layout.bonus_rows for k in range(12)),
        *(
            Move("swap", r.id, i, d)
            for d in range(len(sheet.layout.diamonds))
            for r in sheet.layout.rows
            for i in range(len(r.fields))
        ),
    ):
        if sheet.can(move):
            sheet.play(move)
            break
    sheet.play(Move("penalty"))
    return sheet


def pdf_picture(sheet: Sheet) -> Image.Image:
    """The filled-in PDF sheet of ``sheet``'s state (the player Ann), at :data:`PX`."""
    game = log.sheet_game(sheet, "Ann")
    scored = log.scored(game, log.doc_of(log.to_data(game), "game.json"))
    out = io.BytesIO()
    size = (geometry.SHEET_W, geometry.SHEET_H)
    picture(
        lambda c: draw_filled(c, sheet.layout, scored.marks.players[0], scored.sheets["Ann"]),
        size,
        out,
        PX,
    )
    return Image.open(io.BytesIO(out.getvalue())).convert("RGB")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless chromium for the whole module."""
    with chromium(1400, 1000) as driver:
        yield driver


def svg_picture(browser: Any, sheet: Sheet, folder: Path) -> Image.Image:
    """Ann's SVG sheet of ``sheet``'s state as the phone page styles it (the shipped
    stylesheet and fonts), drawn by chromium at :data:`PX`."""
    fonts = (PACKAGE / "fonts").as_uri()
    css = (PACKAGE / "web" / "static" / "style.css").read_text(encoding="utf-8")
    css = css.replace('url("/fonts/', f'url("{fonts}/')
    size = f"width: {geometry.SHEET_W * PX:g}px !important; height: {geometry.SHEET_H * PX:g}px"
    svg = sheet_svg(sheet.layout, sheet_view(sheet), "Ann", None)
    page = folder / "sheet.html"
    page.write_text(
        f"<html><head><style>{css}\nbody {{ margin: 0; background: #fff }}"
        f" .sheet-svg {{ {size} }}</style></head>"
        f"<body><div class='player own'>{svg}</div></body></html>",
        encoding="utf-8",
    )
    browser.get(page.as_uri())
    browser.execute_async_script("document.fonts.ready.then(arguments[0])")
    shot = browser.find_element("css selector", "svg").screenshot_as_png
    return Image.open(io.BytesIO(shot)).convert("RGB")


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    """The colour at (x, y) mm, y up from the sheet's bottom edge."""
    return tuple(image.getpixel((int(x * PX), int((geometry.SHEET_H - y) * PX))))


def dominant(image: Image.Image, box: Box) -> tuple[int, ...]:
    """The most common colour inside ``box`` (mm, 0.5 mm in from its edges)."""
    left, top = int((box.x + 0.5) * PX), int((geometry.SHEET_H - box.top + 0.5) * PX)
    right, bottom = int((box.right - 0.5) * PX), int((geometry.SHEET_H - box.y - 0.5) * PX)
    rgb = numpy.asarray(image.crop((left, top, right, bottom)), dtype=numpy.int64).reshape(-1, 3)
    packed = rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]
    values, counts = numpy.unique(packed, return_counts=True)
    top_colour = int(values[counts.argmax()])
    return top_colour >> 16, (top_colour >> 8) & 0xFF, top_colour & 0xFF


def off(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """The largest difference of two colours in one channel."""
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def crosses(sheet: Sheet, boxes: geometry.SheetBoxes) -> list[Box]:
    """The boxes the state of ``sheet`` crosses: fields, small boxes, locks, bonus cells,
    diamonds, penalties."""
    found = []
    for row, row_boxes in zip(sheet.layout.rows, boxes.rows, strict=True):
        found += [row_boxes.fields[i] for i in sheet.crossed(row.id)]
        found += [row_boxes.again[i] for i in sheet.again_crossed(row.id)]
        if row.id in sheet.locked:
            found.append(row_boxes.lock)
    for bonus, cells in zip(sheet.layout.bonus_rows, boxes.bonus_rows, strict=True):
        found += [cells[k] for k in sheet.bonus_crossed(bonus.id)]
    found += [geometry.diamond_cross(boxes.diamonds[d]) for d in sheet.state.diamonds]
    return found + list(boxes.penalties[: sheet.penalties])


@pytest.mark.parametrize("state", ["blank", "played"])
@pytest.mark.parametrize("name", layout.shipped_names())
def test_the_pdf_and_the_phone_paint_the_same_sheet(
    browser: Any, name: str, state: str, tmp_path: Path
) -> None:
    sheet = Sheet(api.checked(name))
    if state == "played":
        played(sheet)
    pdf, svg = pdf_picture(sheet), svg_picture(browser, sheet, tmp_path)
    assert svg.size == pdf.size
    boxes = geometry.sheet_boxes(sheet.layout)
    for row_boxes in boxes.rows:
        for box in row_boxes.fields:
            assert off(dominant(pdf, box), dominant(svg, box)) <= FIELD_OFF, (name, box)
    marks = crosses(sheet, boxes)
    assert len(marks) > (10 if state == "played" else 0) or state == "blank"
    for box in marks:
        assert off(pixel(pdf, box.cx, box.cy), PEN) <= MARK_OFF, (name, "pdf", box)
        assert off(pixel(svg, box.cx, box.cy), PEN) <= MARK_OFF, (name, "svg", box)
    whole = ImageStat.Stat(ImageChops.difference(pdf, svg)).mean
    assert max(whole) <= WHOLE_MEAN, (name, whole)
