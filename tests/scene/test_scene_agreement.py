"""The PDF and the phone's SVG paint the same sheet: for every shipped layout, blank and
after a played game, the filled-in PDF sheet (rasterised by pdfium) and the player's SVG
(headless chromium, one session for all) at 12 px/mm agree

- field by field: the dominant colour of each field (its paper) within 6 of 255 in every
  channel, and each field's number ink at the same place;
- mark by mark: the centre of every cross (fields, small boxes, link squares, bonus
  cells, diamonds, penalties, locks) is the pen's colour in both, within 40 (a cross's centre lies on two
  antialiased 1.1 pt strokes);
- as a whole: the mean absolute difference of all pixels' channels is at most
  :data:`WHOLE_MEAN` (0..255), measured 1.5-2.3 on today's sheets: text antialiasing and
  the phone's card edge; a wrong colour on one row, a missing mark or a moved box lifts it.

The phone's turned sheet (the scene turned, :mod:`qwixx_print.scene.turn`) agrees with the
PDF sheet turned a quarter clockwise (the picture rotated) in the same way: fields and
crosses where the turn puts them, and the whole picture outside the upright items within
:data:`TURNED_MEAN`; each upright item (a number, a symbol, a badge, a padlock, a score
cell's numbers) is compared with the same item on the PDF sheet as printed, not turned:
the median of their differences is at most :data:`UPRIGHT_MEAN` (measured 4.3-8.8; the
same crops of the PDF turned, the items turned with the sheet, measure 42-53). A power's
badge and a double's "x2" tab stand above their number on the phone, not where the turn
takes them: both places are left out of the whole picture's comparison.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy
import pytest
from PIL import Image, ImageChops, ImageStat

from qwixx_print import catalogue, geometry
from qwixx_print.draw import picture
from qwixx_print.draw.filled import draw_filled
from qwixx_print.geometry import Box
from qwixx_print.play import Move, Sheet, log
from qwixx_print.scene import palette
from qwixx_print.scene.items import Arch, Badge, Group, Item
from qwixx_print.scene.turn import Turn, bounds
from qwixx_print.web.drawing import blank_items, drawing, mark_items, sheet_svg, sheet_view
from tests.browser import chromium, fonts_loaded

PX = 12
"""Pixels per mm of both pictures."""
WHOLE_MEAN = 3.0
"""Largest mean absolute difference of the two pictures, per channel, 0..255."""
FIELD_OFF = 6
"""Largest difference of a field's dominant colour, per channel."""
MARK_OFF = 40
"""Largest distance of a cross's centre from the pen's colour, per channel."""
TURNED_MEAN = 3.5
"""Largest mean absolute difference of the turned SVG and the PDF turned outside the
upright items, per channel (measured 1.9-2.9: the turned labels' antialiasing)."""
UPRIGHT_MEAN = 12.0
"""Largest median, over a sheet's upright items, of an item's mean absolute difference
between the turned SVG and the PDF as printed (measured 4.3-8.8)."""

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "qwixx_print"
PEN = tuple(round(v * 255) for v in palette.PEN)


def played(sheet: Sheet) -> Sheet:
    """``sheet`` after a game's worth of moves: every third field the engine allows in each
    row, the first small box and bonus cell allowed, a diamond swap, one penalty; on
    Connect 15 first each row's first link square (RULES.md §7)."""
    for row in sheet.layout.rows:
        first = Move("square", row.id, row.squares[0][0]) if row.squares else None
        if first is not None and sheet.can(first):
            sheet.play(first)
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
    """One headless chromium for the whole module, tall enough for a whole turned sheet."""
    with chromium(1400, 1300) as driver:  # the turned sheet (1152 px high) on the screen
        yield driver


def svg_picture(browser: Any, svg: str, width: float, height: float, folder: Path) -> Image.Image:
    """The SVG sheet ``svg`` (``width`` x ``height`` mm) as the phone page styles it (the
    shipped stylesheet and fonts), drawn by chromium at :data:`PX`: the picture once two
    taken in a row agree (on a loaded machine one taken at once showed a sheet half painted:
    a mean difference of 3.5 where 1.8 is usual)."""
    fonts = (PACKAGE / "fonts").as_uri()
    css = (PACKAGE / "web" / "static" / "style.css").read_text(encoding="utf-8")
    css = css.replace('url("/fonts/', f'url("{fonts}/')
    size = f"width: {width * PX:g}px !important; height: {height * PX:g}px"
    page = folder / "sheet.html"
    page.write_text(
        f"<html><head><style>{css}\nbody {{ margin: 0; background: #fff }}"
        f" .sheet-svg {{ {size} }}</style></head>"
        f"<body><div class='player own'>{svg}</div></body></html>",
        encoding="utf-8",
    )
    browser.get(page.as_uri())
    shot = b""
    for _ in range(5):  # until two pictures in a row agree: painted whole, in its fonts
        fonts_loaded(browser)
        again = browser.find_element("css selector", "svg").screenshot_as_png
        if again == shot:
            break
        shot = again
    return Image.open(io.BytesIO(shot)).convert("RGB")


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    """The colour at (x, y) mm, y up from the picture's bottom edge."""
    return tuple(image.getpixel((int(x * PX), int(image.height - y * PX))))


def pixels(image: Image.Image, box: Box) -> tuple[int, int, int, int]:
    """``box`` (mm, y up) as the picture's pixel box (left, top, right, bottom)."""
    top = image.height / PX - box.top
    return int(box.x * PX), int(top * PX), round(box.right * PX), round((top + box.h) * PX)


def dominant(image: Image.Image, box: Box) -> tuple[int, ...]:
    """The most common colour inside ``box`` (mm, 0.5 mm in from its edges)."""
    inner = Box(box.x + 0.5, box.y + 0.5, box.w - 1.0, box.h - 1.0)
    rgb = numpy.asarray(image.crop(pixels(image, inner)), dtype=numpy.int64).reshape(-1, 3)
    packed = rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]
    values, counts = numpy.unique(packed, return_counts=True)
    top_colour = int(values[counts.argmax()])
    return top_colour >> 16, (top_colour >> 8) & 0xFF, top_colour & 0xFF


def off(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """The largest difference of two colours in one channel."""
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def crosses(sheet: Sheet, boxes: geometry.SheetBoxes) -> list[Box]:
    """The boxes the state of ``sheet`` crosses: fields, small boxes, link squares, locks,
    bonus cells, diamonds, penalties."""
    found = []
    for row, row_boxes in zip(sheet.layout.rows, boxes.rows, strict=True):
        found += [row_boxes.fields[i] for i in sheet.crossed(row.id)]
        found += [row_boxes.again[i] for i in sheet.again_crossed(row.id)]
        lefts = [a for a, _ in row.squares]
        found += [row_boxes.squares[lefts.index(i)] for i in sheet.squares_crossed(row.id)]
        if row.id in sheet.locked:
            found.append(row_boxes.lock)
    for bonus, cells in zip(sheet.layout.bonus_rows, boxes.bonus_rows, strict=True):
        found += [cells[k] for k in sheet.bonus_crossed(bonus.id)]
    found += [geometry.diamond_cross(boxes.diamonds[d]) for d in sheet.state.diamonds]
    return found + list(boxes.penalties[: sheet.penalties])


def assert_fields_and_marks_agree(
    sheet: Sheet, pdf: Image.Image, svg: Image.Image, state: str, turn: Turn | None = None
) -> None:
    """Each field's dominant colour and each cross's centre agree in ``pdf`` and ``svg``,
    at their boxes on the sheet, or on the turned sheet (``turn``)."""
    boxes = geometry.sheet_boxes(sheet.layout)

    def place(box: Box) -> Box:
        return box if turn is None else turn.box(box)

    name = sheet.layout.name
    for row_boxes in boxes.rows:
        for box in map(place, row_boxes.fields):
            assert off(dominant(pdf, box), dominant(svg, box)) <= FIELD_OFF, (name, box)
    marks = crosses(sheet, boxes)
    assert len(marks) > 10 if state == "played" else not marks
    for box in map(place, marks):
        assert off(pixel(pdf, box.cx, box.cy), PEN) <= MARK_OFF, (name, "pdf", box)
        assert off(pixel(svg, box.cx, box.cy), PEN) <= MARK_OFF, (name, "svg", box)


SHEETS = [(name, state) for name in catalogue.shipped_names() for state in ("blank", "played")]
"""Every shipped layout's sheet, blank and after :func:`played`."""


def sheet_of(name: str, state: str) -> Sheet:
    """A sheet of shipped layout ``name``, ``blank`` or ``played``."""
    sheet = Sheet(catalogue.checked(name))
    return played(sheet) if state == "played" else sheet


@pytest.mark.parametrize(("name", "state"), SHEETS)
def test_the_pdf_and_the_phone_paint_the_same_sheet(
    browser: Any, name: str, state: str, tmp_path: Path
) -> None:
    sheet = sheet_of(name, state)
    drawn = sheet_svg(sheet.layout, sheet_view(sheet), "Ann", None)
    w, h = geometry.SHEET_W, geometry.SHEET_H
    pdf, svg = pdf_picture(sheet), svg_picture(browser, drawn, w, h, tmp_path)
    assert svg.size == pdf.size
    assert_fields_and_marks_agree(sheet, pdf, svg, state)
    whole = ImageStat.Stat(ImageChops.difference(pdf, svg)).mean
    assert max(whole) <= WHOLE_MEAN, (name, whole)


def upright(found: list[Item]) -> list[Item]:
    """The items of a scene that stand upright on the turned sheet, each as one (a group
    that stands is one item)."""
    out: list[Item] = []
    for it in found:
        if isinstance(it, Group) and not it.upright:
            out += upright(list(it.items))
        elif isinstance(it, Badge | Arch) or getattr(it, "upright", False):
            out.append(it)
    return out


def at_its_middle(it: Item) -> Item:
    """``it`` standing, turned, where the turn puts its middle: where the PDF turned has it.
    A badge or an "x2" tab stands elsewhere on the phone (above its number: its
    ``stands``), so the picture differs at both places; both are left out of the
    comparison outside the upright items."""
    return it._replace(stands=None) if isinstance(it, Badge | Group) else it


@pytest.mark.parametrize(("name", "state"), SHEETS)
def test_the_turned_phone_sheet_is_the_pdf_sheet_turned_with_its_numbers_upright(
    browser: Any, name: str, state: str, tmp_path: Path
) -> None:
    sheet = sheet_of(name, state)
    view = sheet_view(sheet)
    w, h = geometry.SHEET_W, geometry.SHEET_H
    turn = Turn(w, h)
    flat = pdf_picture(sheet)
    pdf = flat.transpose(Image.Transpose.ROTATE_270)  # a quarter turn clockwise
    drawn = drawing(sheet.layout, view, "Ann", None, turned=True)
    svg = svg_picture(browser, drawn, h, w, tmp_path)
    assert svg.size == pdf.size == (round(h * PX), round(w * PX))
    assert_fields_and_marks_agree(sheet, pdf, svg, state, turn)
    boxes = geometry.sheet_boxes(sheet.layout)
    scene = [it for part in blank_items(sheet.layout, "en") for it in part]
    standing = upright(scene + mark_items(sheet.layout, boxes, view))
    turned, printed = numpy.asarray(svg, dtype=numpy.int64), numpy.asarray(flat, dtype=numpy.int64)
    outside = numpy.ones(turned.shape[:2], dtype=bool)
    differences = []
    for it in standing:
        x0, y0, x1, y1 = bounds(it)
        here = Box(x0, y0, x1 - x0, y1 - y0)
        for there in {turn.item(it), turn.item(at_its_middle(it))}:  # either way, not outside
            tx0, ty0, tx1, ty1 = bounds(there)
            left, top, right, bottom = pixels(svg, Box(tx0, ty0, tx1 - tx0, ty1 - ty0))
            outside[max(top - 1, 0) : bottom + 1, max(left - 1, 0) : right + 1] = False
        tx0, ty0, tx1, ty1 = bounds(turn.item(it))
        left, top, right, bottom = pixels(svg, Box(tx0, ty0, tx1 - tx0, ty1 - ty0))
        crop = turned[top:bottom, left:right]
        fl, ft, _, _ = pixels(flat, here)
        differences.append(  # the same item as printed, within a pixel
            min(
                numpy.abs(
                    printed[ft + dy : ft + dy + crop.shape[0], fl + dx : fl + dx + crop.shape[1]]
                    - crop
                ).mean()
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
            )
        )
    assert len(differences) > 100
    assert numpy.median(differences) <= UPRIGHT_MEAN, (name, numpy.median(differences))
    rest = numpy.abs(numpy.asarray(pdf, dtype=numpy.int64) - turned)[outside].mean()
    assert rest <= TURNED_MEAN, (name, rest)


def test_fields_of_the_white_sum_and_of_a_colour_sum_are_outlined_apart(
    browser: Any, tmp_path: Path
) -> None:
    """White 1 + 2 and red 6: the white sum 3 allows each row's 3, only red's 7 and 8 come
    from white + red; on the active player's board the two kinds get different outlines."""
    from qwixx_print.play import Game
    from qwixx_print.web import counter

    game = Game(catalogue.checked("classic"), ["Ann", "Bo"], table=True)
    game.roll(white=(1, 2), colours={"red": 6, "yellow": 1, "green": 1, "blue": 1})
    by_colour = counter.colour_hints(game)
    assert ("red", 5) in by_colour and ("red", 1) not in by_colour
    assert ("red", 1) in counter.hints(game)["Ann"]
    sheet = game.sheets["Ann"]
    svg = sheet_svg(
        sheet.layout, sheet_view(sheet, counter.hints(game)["Ann"], (), by_colour), "Ann", None
    )
    page = tmp_path / "board.html"
    css = (PACKAGE / "web" / "static" / "style.css").read_text(encoding="utf-8")
    page.write_text(
        f"<html><head><style>{css}</style></head><body>"
        f"<div class='board mine'><div class='player own'>{svg}</div></div></body></html>",
        encoding="utf-8",
    )
    browser.get(page.as_uri())

    def outline(row: str, index: int) -> str:
        script = (
            f'const g = document.querySelector(\'g.field[data-row="{row}"][data-index="{index}"]\');'
            "const r = g.querySelector('rect:not(.veil)'); const s = getComputedStyle(r);"
            "return [s.strokeDasharray, s.strokeLinecap].join(' / ');"
        )
        return str(browser.execute_script(script))

    white, coloured, plain = outline("red", 1), outline("red", 5), outline("red", 3)
    assert white != coloured and "none" not in white and "none" not in coloured
    assert plain.startswith("none")
