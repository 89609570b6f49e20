"""Sheets with fewer or shorter rows use the sheet (issue 12.7): fields grow wider when rows
are short, taller when rows are few (up to a sane size), the lock follows the last field,
and what the rows cannot use is spread between them; the nine shipped sheets are unchanged."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from qwixx_print import catalogue, geometry, layout
from tests.conftest import ROOT, Run

MM = 72 / 25.4
COLOURS = ("red", "yellow", "green", "blue", "purple")
UP = list(range(2, 13))


def sheet_of(rows: int, fields: int) -> layout.Layout:
    """A layout of ``rows`` rows of ``fields`` fields, each its own colour."""
    numbers = tuple(range(2, 2 + fields))
    return layout.Layout(
        name=f"r{rows}f{fields}",
        rows=tuple(
            layout.Row(c, tuple(layout.Field(n, c) for n in numbers)) for c in COLOURS[:rows]
        ),
        dice=COLOURS[:rows],
        colours={c: layout.PALETTE[c] for c in COLOURS[:rows]},
        lock_threshold=1,
        max_counted=fields + 1,
        number_range=(2, 1 + fields),
    )


def rows_area(sheet: geometry.SheetBoxes) -> tuple[float, float]:
    """Bottom and top (mm) of the room between the score table and the title."""
    return sheet.score_cells[0].top + 0.0, sheet.title.y


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("fields", [2, 3, 6, 8, 11, 13])
def test_rows_span_the_sheet_and_the_lock_follows_the_last_field(rows: int, fields: int) -> None:
    if rows == 5 and fields == 13:
        pytest.skip("fields below 6 mm: refused by validate")
    sheet = sheet_of(rows, fields)
    boxes = geometry.sheet_boxes(sheet)
    width, height = geometry.field_size(sheet)
    for row in boxes.rows:
        last = row.fields[-1]
        assert row.lock.x - last.right == pytest.approx(0.4)  # the field gap, no more
        # the row is centred in its band, which spans the sheet unless fields are at most size
        assert row.fields[0].x - row.band.x == pytest.approx(row.band.right - row.lock.right)
        if width < geometry.MAX_FIELD - 0.4 - 1e-9:
            assert (row.band.x, row.band.right) == (pytest.approx(2.0), pytest.approx(94.0))
    bottom, top = rows_area(boxes)
    used = sum(row.band.h for row in boxes.rows)
    gaps = [a.band.y - b.band.top for a, b in zip(boxes.rows, boxes.rows[1:], strict=False)]
    above, below = top - boxes.rows[0].band.top, boxes.rows[-1].band.y - bottom
    assert above == pytest.approx(below)  # what is left is spread evenly
    assert all(gap == pytest.approx(above + 0.8) for gap in gaps)
    if above > 1e-6:  # room left: the fields are as large as they may get
        assert height == pytest.approx(min(width * 1.4, geometry.MAX_FIELD))
    else:
        assert used + 0.8 * (rows - 1) == pytest.approx(top - bottom)  # bands fill the room


@pytest.mark.parametrize(("rows", "fields"), [(3, 11), (2, 11), (1, 6), (4, 6), (2, 6)])
def test_fewer_or_shorter_rows_get_larger_fields_than_the_classic(rows: int, fields: int) -> None:
    classic = geometry.field_size(catalogue.find("classic"))
    width, height = geometry.field_size(sheet_of(rows, fields))
    assert width >= classic[0] - 1e-9 and height >= classic[1] - 1e-9
    assert width * height >= classic[0] * classic[1] * 1.2


def test_the_nine_shipped_sheets_keep_their_rows() -> None:
    """Four rows of eleven fill the sheet as before: square fields of 7.17 mm, bands sharing
    the room (Nochmal's fields, lower for the small boxes, are 7.25 mm wide: its lock takes
    a slot as wide as it is tall)."""
    for name in catalogue.shipped_names():
        sheet = catalogue.find(name)
        if sheet.bonus_rows or sheet.number_range != (2, 12):
            continue  # Big Points and Longo (RULES.md §4): tests/draw/test_more_sheets.py
        width, height = geometry.field_size(sheet)
        expected = (7.252, 6.225) if name == "nochmal" else (7.167, 7.167)
        assert width == pytest.approx(expected[0], abs=0.001), name
        assert height == pytest.approx(expected[1], abs=0.001), name
        boxes = geometry.sheet_boxes(sheet)
        assert boxes.rows[0].band.top == pytest.approx(boxes.title.y), name
        assert boxes.rows[0].band.x == pytest.approx(2.0), name
        assert boxes.rows[0].lock.right == pytest.approx(93.2), name


def coloured_share(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """Share of the pixels in ``box`` that carry a strong colour (the rows' bands and fields)."""
    crop = image.crop(box).convert("RGB")
    pixels = crop.tobytes()
    strong = sum(
        1 for k in range(0, len(pixels), 3) if max(pixels[k : k + 3]) - min(pixels[k : k + 3]) > 60
    )
    return strong / (crop.width * crop.height)


def sheet_pixels(path: Path, paper: str, per_page: int) -> list[float]:
    """The coloured share of every placed sheet on page 1, at 4 pixels per mm."""
    imposition = geometry.impose(paper, per_page)
    document = pypdfium2.PdfDocument(path)
    try:
        image = document[0].render(scale=4 / MM).to_pil()
    finally:
        document.close()
    shares = []
    for x, y in imposition.origins:
        top = imposition.page_h - y - imposition.sheet_h
        box = (x * 4, top * 4, (x + imposition.sheet_w) * 4, (top + imposition.sheet_h) * 4)
        shares.append(coloured_share(image, tuple(round(v) for v in box)))  # type: ignore[arg-type]
    return shares


THREE_ROWS = """\
name: three
rows:
  - {id: red, colour: red, fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
  - {id: yellow, colour: yellow, fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
  - {id: green, colour: green, fields: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
"""


@pytest.mark.parametrize("per_page", ["1", "2", "4", "8"])
def test_three_rows_colour_the_sheet_about_as_much_as_four_at_every_count(
    per_page: str, tmp_path: Path, run: Run
) -> None:
    """Pixels: with a row fewer, the rows still cover the sheet (a third was blank before)."""
    three = tmp_path / "three.yaml"
    three.write_text(THREE_ROWS, encoding="utf-8")
    shares = {}
    for name in ("classic", str(three)):
        out = tmp_path / f"{Path(name).stem}.pdf"
        assert run(name, "--out", str(out), "--per-page", per_page).exit_code == 0
        shares[name] = sheet_pixels(out, "a4", int(per_page))
    assert len(shares["classic"]) == int(per_page)
    for classic, ours in zip(shares["classic"], shares[str(three)], strict=True):
        assert ours >= 0.9 * classic


SIX = """\
name: six
numbers: {from: 2, to: 7}
lock: {threshold: 3}
scoring: {max_counted: 7}
rows:
  - {id: red, colour: red, fields: [2, 3, 4, 5, 6, 7]}
  - {id: yellow, colour: yellow, fields: [2, 3, 4, 5, 6, 7]}
  - {id: green, colour: green, fields: [7, 6, 5, 4, 3, 2]}
  - {id: blue, colour: blue, fields: [7, 6, 5, 4, 3, 2]}
"""


def test_rows_of_six_fields_leave_no_band_gap_before_the_lock(tmp_path: Path, run: Run) -> None:
    """Pixels of the preview (12 px/mm), along the red row's middle: the band shows between
    the fields and the lock for no more than the gap between two fields."""
    path = tmp_path / "six.yaml"
    path.write_text(SIX, encoding="utf-8")
    png = tmp_path / "six.png"
    assert run(str(path), "--preview", str(png)).exit_code == 0
    red = geometry.sheet_boxes(layout.load(path)).rows[0]
    with Image.open(png) as image:
        y = round((65 - red.fields[0].cy) * 12)
        line = [image.getpixel((x, y)) for x in range(image.width)]
    band = [px == (226, 35, 26) for px in line]  # #e2231a, the band itself
    start, end = round(red.fields[-1].cx * 12), round(red.lock.cx * 12)
    longest = run_length = 0
    for is_band in band[start:end]:
        run_length = run_length + 1 if is_band else 0
        longest = max(longest, run_length)
    assert longest <= 0.6 * 12  # the 0.4 mm gap and the frames' anti-aliasing, not 6 mm


def with_powers(sheet: layout.Layout) -> layout.Layout:
    """``sheet`` with one power on two fields (the total line gets a power box)."""
    rows = list(sheet.rows)
    for k in (0, 1):
        fields = list(rows[k].fields)
        fields[0] = layout.Field(fields[0].number, fields[0].colour, power="plus-13")
        rows[k] = layout.Row(rows[k].id, tuple(fields))
    return dataclasses.replace(sheet, rows=tuple(rows))


@pytest.mark.parametrize(
    ("rows", "powers", "most"), [(4, False, 6), (3, False, 8), (5, False, 4), (4, True, 4)]
)
def test_the_documented_penalty_box_limits_are_the_geometrys(
    rows: int, powers: bool, most: int
) -> None:
    sheet = sheet_of(rows, 11)
    if powers:
        sheet = with_powers(sheet)
    assert geometry.max_penalty_boxes(sheet) == most
    assert min(10, geometry.max_penalty_boxes(sheet_of(2, 11))) == 10
    docs = " ".join((ROOT / "docs" / "layout-format.md").read_text(encoding="utf-8").split())
    assert (
        "Boxes: 1 to 10, and no more than fit beside the total line: 6 on a sheet of 4 rows, "
        "8 of 3 rows, 10 of 1 or 2 rows, 4 of 5 rows or of 4 rows with power fields" in docs
    )
