"""Rows stay apart without colour: the printed page rendered in greyscale (pdfium), each row's
symbol telling it from the others where the numbers and the greys do not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from qwixx_print import catalogue, geometry, layout
from qwixx_print.scene import shapes
from tests.conftest import CLASSIC_YAML, Run

Write = Callable[..., Path]
PX_PER_MM = 12.0
MM = 72 / 25.4


def greyscale_page(pdf: Path) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[0].render(scale=PX_PER_MM / MM, grayscale=True).to_pil()
    finally:
        document.close()


def crop(image: Image.Image, origin: tuple[float, float], box: geometry.Box) -> Image.Image:
    """``box`` (sheet mm) of the sheet placed at ``origin`` (page mm) on an A4 page image."""
    left = round((origin[0] + box.x) * PX_PER_MM)
    top = round((297.0 - origin[1] - box.top) * PX_PER_MM)
    return image.crop((left, top, left + round(box.w * PX_PER_MM), top + round(box.h * PX_PER_MM)))


def ink(image: Image.Image) -> list[bool]:
    """Pixels darker than the middle of the crop's lightest and darkest grey."""
    low, high = image.getextrema()
    middle = (low + high) / 2
    return [p < middle for p in image.tobytes()]


def differing(a: Image.Image, b: Image.Image) -> float:
    """Share of pixels where one crop has ink and the other has not."""
    return sum(x != y for x, y in zip(ink(a), ink(b), strict=True)) / (a.width * a.height)


@pytest.fixture(scope="module")
def grey_classic(tmp_path_factory: pytest.TempPathFactory) -> Image.Image:
    from click.testing import CliRunner

    from qwixx_print.cli import cli

    out = tmp_path_factory.mktemp("grey") / "classic.pdf"
    assert CliRunner().invoke(cli, ["classic", "--out", str(out)]).exit_code == 0
    return greyscale_page(out)


def test_the_four_padlocks_carry_different_symbols_in_greyscale(grey_classic: Image.Image) -> None:
    rows = geometry.sheet_boxes(catalogue.find("classic")).rows
    origin = geometry.impose("a4", 8).origins[0]
    marks = [crop(grey_classic, origin, shapes.lock_mark(row.lock)) for row in rows]
    for i in range(4):
        for j in range(i + 1, 4):
            assert differing(marks[i], marks[j]) > 0.1, (i, j)


def test_rows_with_the_same_numbers_differ_only_by_their_symbols(
    grey_classic: Image.Image,
) -> None:
    rows = geometry.sheet_boxes(catalogue.find("classic")).rows
    origin = geometry.impose("a4", 8).origins[0]
    for upper, lower in ((0, 1), (2, 3)):  # red and yellow both 2..12; green and blue 12..2
        for k in (0, 5, 10):
            a = rows[upper].fields[k]
            b = rows[lower].fields[k]
            corner_a, corner_b = shapes.field_corner(a), shapes.field_corner(b)
            assert (
                differing(
                    crop(grey_classic, origin, corner_a), crop(grey_classic, origin, corner_b)
                )
                > 0.1
            )
            below_a = geometry.Box(a.x, a.y, a.w, corner_a.y - a.y - 0.2)  # the number, no symbol
            below_b = geometry.Box(b.x, b.y, b.w, corner_b.y - b.y - 0.2)
            assert (
                differing(crop(grey_classic, origin, below_a), crop(grey_classic, origin, below_b))
                < 0.03
            )


def test_every_colour_of_a_mixed_sheet_has_its_own_symbol(
    tmp_path: Path, write_layout: Write, run: Run
) -> None:
    mixed = CLASSIC_YAML.replace(
        "  - id: red\n    colour: red\n    fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
        "  - id: mixed\n    fields: [{number: 2, colour: blue}, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
    ).replace("  - id: mixed\n", "  - id: mixed\n    colour: red\n")
    path = write_layout(mixed)
    sheet = layout.load(path)
    assert sheet.rows[0].colour is None  # a mixed row: the first field is blue
    assert shapes.shapes(sheet) == {
        "red": "circle",
        "yellow": "triangle",
        "green": "square",
        "blue": "diamond",
    }
    out = tmp_path / "mixed.pdf"
    from qwixx_print import api

    with out.open("wb") as stream:  # not a valid layout (blue owns 12 fields): drawn only
        api.render([sheet], 1, stream)
    image = greyscale_page(out)
    rows = geometry.sheet_boxes(sheet).rows
    origin = geometry.impose("a4", 8).origins[0]
    corner = [crop(image, origin, shapes.field_corner(f)) for f in rows[0].fields[:2]]
    blue = crop(image, origin, shapes.field_corner(rows[3].fields[0]))
    assert differing(corner[0], corner[1]) > 0.1  # blue 2 beside red 3
    assert differing(corner[0], blue) < 0.05  # the same diamond as the blue row's


def test_a_colour_outside_the_palette_takes_a_free_symbol(write_layout: Write) -> None:
    text = CLASSIC_YAML.replace("colour: blue", 'colour: "#123456"').replace(
        "dice: [red, yellow, green, blue]", 'dice: [red, yellow, green, "#123456"]'
    )
    found = shapes.shapes(layout.load(write_layout(text)))
    assert found == {"red": "circle", "yellow": "triangle", "green": "square", "#123456": "diamond"}
