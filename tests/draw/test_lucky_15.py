"""Lucky 15 printed (RULES-more.md §7, issue 25): the shipped sheet validates and prints in
every language at every count per page, its header says the track's rule, the track's
values read back from the PDF in their cells left to right, in the track's colour, and a
filled-in sheet crosses the track fields its marks give."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from qwixx_print import api, catalogue, geometry, labels
from qwixx_print.scene import hints, looks, palette
from tests.conftest import Run
from tests.pdfcheck import MM, colours_at, form_placements, page_sizes, row_sequences

HINTS = {
    "en": "white + white + colour = 15: next track field, not both actions",
    "de": "Weiß + Weiß + Farbe = 15: nächstes Leistenfeld statt beider Aktionen",
}


def rgb255(rgb: palette.RGB) -> tuple[int, ...]:
    return tuple(round(v * 255) for v in rgb)


def off(rgb: tuple[int, ...], other: tuple[int, ...]) -> int:
    return max(abs(a - b) for a, b in zip(rgb, other, strict=True))


def test_lucky_15_is_valid_in_every_language_and_found_by_its_alias(run: Run) -> None:
    assert api.problems(catalogue.find("lucky-15"), labels.LANGUAGES) == []
    assert catalogue.find("lucky15").name == "lucky-15"
    listed = run("list").output
    assert "lucky-15 " in listed and "(also: lucky15)" in listed


@pytest.mark.parametrize("lang", labels.LANGUAGES)
@pytest.mark.parametrize("per_page", [1, 2, 4, 8])
def test_lucky_15_prints_in_every_language_and_count_per_page(
    lang: str, per_page: int, tmp_path: Path
) -> None:
    out = tmp_path / "sheets.pdf"
    api.print_sheets([api.checked("lucky-15")], out, 1, per_page=per_page, lang=lang)
    assert page_sizes(out) == [(pytest.approx(595.28, abs=0.5), pytest.approx(841.89, abs=0.5))]
    assert form_placements(out)["/FormXob.sheet0"] == per_page
    text = " ".join(" ".join(PdfReader(out).pages[0].extract_text().split()).split())
    hint = labels.for_layout(catalogue.find("lucky-15"), lang)["track_hint"].replace("{n}", "15")
    assert hint in text
    assert HINTS.get(lang, hint) == hint


def test_the_track_prints_its_values_in_order_in_its_colour(tmp_path: Path) -> None:
    sheet = catalogue.find("lucky-15")
    out = tmp_path / "lucky.pdf"
    api.print_sheets([sheet], out, 1)
    boxes = geometry.sheet_boxes(sheet)
    assert len(boxes.track) == 4
    assert boxes.track[0].top < boxes.rows[-1].band.y  # under the rows
    assert boxes.track[0].y > boxes.score_cells[0].top  # above the score table
    ox, oy = geometry.impose("a4", 8).origins[0]
    found = []
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        for w in page.extract_words():
            x, y = (w["x0"] + w["x1"]) / 2 / MM, (page.height - w["bottom"]) / MM
            for k, cell in enumerate(boxes.track):
                if ox + cell.x < x < ox + cell.right and oy + cell.y < y < oy + cell.top:
                    found.append((k, w["text"]))
    assert found == [(0, "5"), (1, "11"), (2, "18"), (3, "25")]
    orange = palette.hex_rgb(sheet.colours["orange"])
    paper = colours_at(out, [(ox + c.x + 0.8, oy + c.y + 0.8) for c in boxes.track])
    assert all(off(rgb, rgb255(palette.paper(orange))) <= 3 for rgb in paper)


def test_a_filled_in_sheet_crosses_the_track_and_writes_its_points(
    tmp_path: Path, run: Run
) -> None:
    marks = tmp_path / "game.yaml"
    marks.write_text(
        "layout: lucky-15\nplayers:\n  - name: Léa\n    crosses:\n      red: [2, 3]\n"
        "    track: [5, 11]\n",
        encoding="utf-8",
    )
    out = tmp_path / "filled.pdf"
    result = run("score", str(marks), "--json")
    assert result.exit_code == 0, result.stderr
    assert '"track": {\n        "crosses": 2,\n        "points": 11\n      }' in result.output
    assert run("score", str(marks), "--out", str(out)).exit_code == 0
    sheet = catalogue.find("lucky-15")
    boxes = geometry.sheet_boxes(sheet)
    ox, oy = geometry.impose("a4", 8).origins[0]
    pen = rgb255(palette.PEN)
    crossed = [geometry.track_cross(c) for c in boxes.track]
    # a tenth along a cross's lower-left arm, clear of the value: pen on 5 and 11 only
    inset = looks.CROSS_INSET + 0.1 * (1 - 2 * looks.CROSS_INSET)
    hits = colours_at(out, [(ox + b.x + inset * b.w, oy + b.y + inset * b.h) for b in crossed])
    assert [off(rgb, pen) <= 60 for rgb in hits] == [True, True, False, False]
    words = [" ".join(t) for t, _ in row_sequences(out)]
    assert any(w.endswith("14") for w in words)  # 3 + 11: the total line's total


def test_a_designers_layout_mixing_the_track_with_doubles_and_diamonds_prints(
    tmp_path: Path,
) -> None:
    sheet = api.checked("tests/data/sim/track-with-todays-keys.yaml")
    out = tmp_path / "mixed.pdf"
    api.print_sheets([sheet], out, 1, per_page=2)
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    # the header names the trigger's dice (white + colour), after the diamonds' rule and
    # before the doubles'; all three print, wrapped on two lines between two rules, the dot
    # left out (the sheet printed only the first: the three do not fit one line at 5 pt)
    rules = [part for _, part in hints.header_hints(sheet, labels.for_layout(sheet))]
    assert rules == [
        "diamond: white sum = its other number",
        "white + colour = 9: next track field, not both actions",
        "\u00d72 = two crosses",
    ]
    assert (
        "diamond: white sum = its other number white + colour = 9: next track field, "
        "not both actions \u00b7 \u00d72 = two crosses QWIXX" in text
    )
    boxes = geometry.sheet_boxes(sheet)
    assert len(boxes.track) == 5 and len(boxes.diamonds) == 3
    assert boxes.diamonds[0].top < boxes.track[0].y  # the track above the diamonds' strip
    assert len(boxes.totals) == 3 + 1 + 1 + 1  # rows, penalties, the track's points, total
