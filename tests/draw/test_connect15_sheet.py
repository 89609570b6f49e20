"""Connect 15 on paper (RULES.md §7): the sheet prints in every language at every count a
page, says its rule in the header, draws each link square white between its two fields
where ``geometry`` puts it, and a filled-in sheet crosses the squares a marks file names."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from qwixx_print import api, catalogue, geometry, labels
from qwixx_print.generate import candidates, family_recipe
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import build, fonts, palette
from qwixx_print.scene.items import Rect, Text
from tests.conftest import Run
from tests.pdfcheck import colours_at, form_placements, page_sizes, row_sequences


def rgb255(rgb: palette.RGB) -> tuple[int, ...]:
    return tuple(round(v * 255) for v in rgb)


def near(found: tuple[int, ...], wanted: tuple[int, ...], by: int = 12) -> bool:
    return max(abs(a - b) for a, b in zip(found, wanted, strict=True)) <= by


@pytest.mark.parametrize("lang", labels.LANGUAGES)
@pytest.mark.parametrize("per_page", [1, 2, 4, 8])
def test_connect_15_prints_in_each_language_at_each_count_a_page(
    lang: str, per_page: int, tmp_path: Path
) -> None:
    out = tmp_path / "sheets.pdf"
    api.print_sheets([api.checked("connect-15")], out, 1, per_page=per_page, lang=lang)
    assert page_sizes(out) == [(pytest.approx(595.28, abs=0.5), pytest.approx(841.89, abs=0.5))]
    assert form_placements(out)["/FormXob.sheet0"] == per_page


def test_header_tells_the_link_squares_rule_in_each_language(tmp_path: Path) -> None:
    said = {}
    for lang in labels.LANGUAGES:
        out = tmp_path / f"{lang}.pdf"
        api.print_sheets([api.checked("connect-15")], out, 1, lang=lang)
        said[lang] = " ".join(row_sequences(out)[0][0])
    assert said == {
        "de": "Verbindungsfeld: zwei Würfel 1 + 5",
        "en": "link square: two dice 1 + 5",
        "fr": "case de liaison : deux dés 1 + 5",
        "nl": "verbindingsvakje: twee dobbelstenen 1 + 5",
        "pl": "kratka łącząca: dwie kostki 1 + 5",
    }


def test_each_link_square_is_white_on_the_gap_between_its_two_fields(tmp_path: Path) -> None:
    sheet = catalogue.find("connect-15")
    out = tmp_path / "c15.pdf"
    api.print_sheets([api.checked("connect-15")], out, 1)
    ox, oy = geometry.impose("a4", 8).origins[0]
    boxes = geometry.sheet_boxes(sheet)
    points, gaps = [], []
    for row, row_boxes in zip(sheet.rows, boxes.rows, strict=True):
        assert len(row_boxes.squares) == 3
        for (a, b), box in zip(row.squares, row_boxes.squares, strict=True):
            left, right = row_boxes.fields[a], row_boxes.fields[b]
            assert box.cx == pytest.approx((left.right + right.x) / 2)
            assert box.w == box.h == pytest.approx(0.36 * 7.2, abs=0.05)
            points.append((ox + box.cx, oy + box.cy))
        # a gap between two fields without a square shows the row's band
        k = next(k for k in range(len(row.fields) - 1) if (k, k + 1) not in row.squares)
        f = row_boxes.fields[k]
        gaps.append((ox + f.right + 0.2, oy + f.y + 0.3))
    assert all(near(c, rgb255(palette.SQUARE_FILL)) for c in colours_at(out, points))
    bands = [rgb255(palette.hex_rgb(sheet.colours[row.colour or ""])) for row in sheet.rows]
    assert [near(c, band, 40) for c, band in zip(colours_at(out, gaps), bands, strict=True)] == [
        True
    ] * 4


def test_filled_in_sheet_crosses_the_squares_the_marks_name(tmp_path: Path, run: Run) -> None:
    marks = tmp_path / "game.yaml"
    marks.write_text(
        "layout: connect-15\nplayers:\n  - name: Léa\n    crosses: {red: [2, 3, 4]}\n"
        "    squares: {red: [3-4], green: [10-9]}\n",
        encoding="utf-8",
    )
    out = tmp_path / "filled.pdf"
    result = run("score", str(marks), "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = [line.split() for line in result.output.splitlines()]
    assert ["red", "4", "10"] in lines and ["green", "1", "1"] in lines  # 3 numbers + 1 square
    sheet = catalogue.find("connect-15")
    boxes = geometry.sheet_boxes(sheet).rows
    ox, oy = geometry.impose("a4", 8).origins[0]
    red, yellow, green = boxes[0].squares, boxes[1].squares, boxes[2].squares
    centres = [(ox + b.cx, oy + b.cy) for b in (red[0], green[0], red[1], yellow[0])]
    found = colours_at(out, centres)
    pen, white = rgb255(palette.PEN), rgb255(palette.SQUARE_FILL)
    assert [near(c, pen, 60) for c in found[:2]] == [True, True]  # crossed in the pen's ink
    assert [near(c, white) for c in found[2:]] == [True, True]  # left white


def number_ink(text: Text) -> Box:
    """The box (mm) of a field number's ink: its advance width across, its glyphs' lowest to
    highest ink up."""
    width = fonts.string_width(text.text, text.font, text.size) / fonts.MM
    low, high = fonts.ink_extent(text.text, text.font)
    em = text.size / fonts.MM
    return Box(text.x - width / 2, text.y + low * em, width, (high - low) * em)


def square_clearances(sheet: Layout) -> list[tuple[str, float]]:
    """Per link square of ``sheet`` and field number whose ink overlaps it across: the room
    (mm) between the number's lowest ink and the square's outline."""
    boxes = geometry.sheet_boxes(sheet)
    found = []
    for row, row_boxes in zip(sheet.rows, boxes.rows, strict=True):
        items = build.row(sheet, row, row_boxes)
        numbers = [i for i in items if isinstance(i, Text) and i.part == "number"]
        for square in (i for i in items if isinstance(i, Rect) and " square " in i.id):
            outline = square.width / fonts.MM / 2
            assert square.box.y - outline >= row_boxes.band.y + 0.2, square.id  # in its band
            for number in numbers:
                ink = number_ink(number)
                if ink.x < square.box.right + outline and ink.right > square.box.x - outline:
                    room = ink.y - (square.box.top + outline)
                    found.append((f"{square.id} / {number.id} {number.text}", room))
    return found


def test_no_link_square_comes_near_the_numbers_of_a_shipped_or_generated_sheet() -> None:
    # The newcomer's print: the square under "10" of green touched its "0" (0.05 mm above
    # the square's top, less its outline). The geometry is the sheet's, whatever the
    # language or the count a page (the page scales it), so one check covers them all.
    sheets = [catalogue.find(name) for name in catalogue.shipped_names()]
    sheets += list(itertools.islice(candidates(family_recipe("link-squares"), 4), 12))
    found = [c for sheet in sheets for c in square_clearances(sheet)]
    assert len(found) >= 12 * 3  # connect-15: beside "10" and "11" in every row, ...
    worst = min(found, key=lambda c: c[1])
    assert worst[1] >= 0.25, worst
    classic = dict(square_clearances(catalogue.find("connect-15")))
    assert classic["row green square 2 / row green field 2 10"] == pytest.approx(0.34, abs=0.01)


@pytest.mark.parametrize("per_page", [2, 8])  # sheets upright on the page
def test_the_paper_shows_between_each_link_square_and_the_number_above_it(
    per_page: int, tmp_path: Path
) -> None:
    sheet = catalogue.find("connect-15")
    out = tmp_path / "c15.pdf"
    api.print_sheets([api.checked("connect-15")], out, 1, per_page=per_page)
    imposition = geometry.impose("a4", per_page)
    (ox, oy), scale = imposition.origins[0], imposition.scale
    assert not imposition.rotated
    points, papers = [], []
    for row, row_boxes in zip(sheet.rows, geometry.sheet_boxes(sheet).rows, strict=True):
        paper = rgb255(palette.paper(palette.hex_rgb(sheet.colours[row.colour or ""])))
        for (a, b), box in zip(row.squares, row_boxes.squares, strict=True):
            if max(row.fields[a].number, row.fields[b].number) < 10:
                continue  # a two-digit number comes nearest the square
            y = box.top + 0.2  # between the square's outline and the digits above it
            for x in (box.x + 0.3, box.right - 0.3):  # on the fields, not the gap
                points.append((ox + x * scale, oy + y * scale))
                papers.append(paper)
    assert len(points) == 8  # beside "10" or "11": 2 in red, 1 in green, 1 in blue
    found = colours_at(out, points)
    assert [near(c, p, 30) for c, p in zip(found, papers, strict=True)] == [True] * len(points)
