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


@pytest.mark.parametrize("state", ["blank", "played"])
@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_the_pdf_and_the_phone_paint_the_same_sheet(
    browser: Any, name: str, state: str, tmp_path: Path
) -> None:
    sheet = Sheet(catalogue.checked(name))
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


def test_the_turned_phone_sheet_keeps_its_texts_and_padlocks_upright(
    browser: Any, tmp_path: Path
) -> None:
    """On a 360 px phone the sheet is turned a quarter: the score table, the operators and
    the padlocks stand upright (a text wider than tall, a shackle above its body), and the
    texts that run along the sheet (title, name, "Penalties -5", "Total") are left out
    rather than read sideways."""
    from tests.browser import phone

    sheet = Sheet(catalogue.checked("classic"))
    fonts = (PACKAGE / "fonts").as_uri()
    css = (PACKAGE / "web" / "static" / "style.css").read_text(encoding="utf-8")
    css = css.replace('url("/fonts/', f'url("{fonts}/')
    svg = sheet_svg(sheet.layout, sheet_view(sheet), "Ann", "/move")
    page = tmp_path / "turned.html"
    page.write_text(
        "<html><head><meta name='viewport' content='width=device-width'>"
        f"<style>{css}</style></head><body><div class='board mine'><div class='player own'>"
        f"<div class='sheet-wrap'>{svg}</div></div></div></body></html>",
        encoding="utf-8",
    )
    phone(browser, 360, 1400)
    try:
        browser.get(page.as_uri())
        browser.execute_async_script("document.fonts.ready.then(arguments[0])")
        texts = browser.execute_script(
            "return [...document.querySelectorAll('svg text')].map(t => {"
            " const r = t.getBoundingClientRect();"
            " return [t.textContent, r.width, r.height]; });"
        )
        locks = browser.execute_script(
            "return [...document.querySelectorAll('g.row > g.num')].map(g => {"
            " const s = g.querySelector('path').getBoundingClientRect();"
            " const b = g.querySelector('rect').getBoundingClientRect();"
            " return [s.top + s.height / 2, b.top + b.height / 2]; });"
        )
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    shown = {text: (w, h) for text, w, h in texts if w > 0}
    for label in ("12\u00d7", "78"):
        w, h = shown[label]
        assert w > h, (label, w, h)
    assert "QWIXX" not in shown and "Ann" not in shown and "Total" not in shown
    assert not any(text.startswith("Penalties") for text in shown)
    assert len(locks) == 4 and all(shackle < body for shackle, body in locks)


def test_the_turned_phone_sheet_keeps_badges_and_lock_symbols_upright_and_leaves_the_legend_out(
    browser: Any, tmp_path: Path
) -> None:
    """On a 360 px phone the Kräfte sheet's power badges stand upright (each in an upright
    group, as the scene says), the legend's words and the bonus bar's label, which have no
    room upright in their 5 mm strip, are left out rather than read sideways, and the
    yellow padlock's triangle points up (its base at the bottom), not sideways."""
    from tests.browser import phone

    fonts = (PACKAGE / "fonts").as_uri()
    css = (PACKAGE / "web" / "static" / "style.css").read_text(encoding="utf-8")
    css = css.replace('url("/fonts/', f'url("{fonts}/')
    found = {}
    phone(browser, 360, 1400)
    try:
        for name in ("kraefte", "bonuskette", "classic"):
            sheet = Sheet(catalogue.checked(name))
            svg = sheet_svg(sheet.layout, sheet_view(sheet), "Ann", "/move")
            page = tmp_path / f"{name}.html"
            page.write_text(
                "<html><head><meta name='viewport' content='width=device-width'>"
                f"<style>{css}</style></head><body><div class='board mine'><div class='player"
                f" own'><div class='sheet-wrap'>{svg}</div></div></div></body></html>",
                encoding="utf-8",
            )
            browser.get(page.as_uri())
            browser.execute_async_script("document.fonts.ready.then(arguments[0])")
            found[name] = browser.execute_script(
                "const shown = [...document.querySelectorAll('svg text')]"
                " .filter(t => t.getBoundingClientRect().width > 0).map(t => t.textContent);"
                "const badges = [...document.querySelectorAll('g.num > circle[fill=\"#ffffff\"]')]"
                " .length;"
                "const row = document.querySelector('g.row[data-row-id=\"yellow\"]');"
                "const poly = row && row.querySelector(':scope > g.num polygon');"
                "let base = null; if (poly) { const m = poly.getScreenCTM();"
                " const ys = [...poly.points].map(p => p.x * m.b + p.y * m.d + m.f)"
                "  .sort((a, b) => b - a); base = [ys[0] - ys[1], ys[1] - ys[2]]; }"
                "return [shown, badges, base];"
            )
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    shown, badges, _ = found["kraefte"]
    kraefte = catalogue.checked("kraefte")
    powered = sum(1 for row in kraefte.rows for f in row.fields if f.power)
    assert badges == powered + len(geometry.powers(kraefte)) == 15  # fields' and legend's
    assert not any("weakest" in text or "penalties" in text for text in shown), shown
    assert "Bonus" not in found["bonuskette"][0] and "\u203a" in found["bonuskette"][0]
    level, height = found["classic"][2]  # the yellow lock's triangle, in screen px
    assert level < 0.5 and height > 3, (level, height)  # two corners level at the bottom: ▲
