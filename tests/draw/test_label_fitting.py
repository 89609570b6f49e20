"""A label too long for its box is shrunk, down to 4 pt, then refused by `validate` naming
the label and the box; in the PDF its letters never leave the box."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest

from qwixx_print import api, catalogue, geometry, layout
from qwixx_print.scene import fonts
from tests.conftest import CLASSIC_YAML, Run
from tests.pdfcheck import MM

Write = Callable[..., Path]
LONG = "Penalties of the active player only"  # at 5.5 pt 36.5 mm long: 4.5 pt fits 30 mm
TOO_LONG = "Penalties, crossed by the active player only when neither action crossed a field"


def label_chars(path: Path, box: geometry.Box) -> list[dict[str, float | str]]:
    """Characters of the top-left sheet on page 1 whose middle is within 0.5 mm of ``box``
    (sheet mm) in height, and left edge within 1 mm in width."""
    ox, oy = geometry.impose("a4", 8).origins[0]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        return [
            c
            for c in page.chars
            if ox + box.x - 1 < float(c["x0"]) / MM < ox + box.right + 1
            and oy + box.y - 0.5
            < (height - (float(c["top"]) + float(c["bottom"])) / 2) / MM
            < oy + box.top + 0.5
        ]


def assert_inside(chars: list[dict[str, float | str]], box: geometry.Box, height: float) -> None:
    ox, oy = geometry.impose("a4", 8).origins[0]
    for c in chars:
        assert float(c["x0"]) / MM >= ox + box.x - 0.01, c
        assert float(c["x1"]) / MM <= ox + box.right + 0.01, c
        assert (height - float(c["bottom"])) / MM >= oy + box.y - 0.01, c
        assert (height - float(c["top"])) / MM <= oy + box.top + 0.01, c


def test_fit_size_keeps_a_short_label_and_shrinks_a_long_one() -> None:
    box = geometry.Box(0, 0, 30.0, 2.3)
    assert fonts.fit_size("Penalties \u22125", box, 5.5) == 5.5
    shrunk = fonts.fit_size(LONG + " \u22125", box, 5.5)
    width = fonts.string_width(LONG + " \u22125", fonts.FONT, shrunk) / MM
    assert 4.0 < shrunk < 5.5
    assert width == pytest.approx(30.0, abs=0.01)  # the width limits it, exactly
    assert fonts.fit_size(TOO_LONG + " \u22125", box, 5.5) < fonts.MIN_LABEL_PT


def test_fit_size_keeps_accents_and_descenders_inside_a_low_box() -> None:
    box = geometry.Box(0, 0, 80.0, 2.0)
    size = fonts.fit_size("ŚĘpÉ", box, 12.0)
    low, high = fonts.ink_extent("ŚĘpÉ")
    assert low < -0.2 and high > 0.9  # p's descender, the accents above Ś and É
    face = fonts.face(fonts.FONT)
    baseline = box.cy * MM - (face.ascent + face.descent) / 2000 * size  # em box centred
    assert baseline + low * size >= -1e-9
    assert baseline + high * size <= box.h * MM + 1e-9
    assert min(baseline + low * size, box.h * MM - baseline - high * size) < 1e-6  # tight


def test_a_long_label_is_shrunk_and_stays_in_its_box(
    tmp_path: Path, run: Run, write_layout: Write
) -> None:
    path = write_layout(CLASSIC_YAML + f'labels:\n  penalties: "{LONG}"\n')
    out = tmp_path / "long.pdf"
    assert run("validate", str(path)).exit_code == 0
    assert run(str(path), "--out", str(out)).exit_code == 0
    box = geometry.sheet_boxes(catalogue.find("classic")).penalty_label
    chars = label_chars(out, box)
    assert "".join(str(c["text"]) for c in chars).replace(" ", "") == (LONG + "\u22125").replace(
        " ", ""
    )
    sizes = {round(float(c["size"]), 2) for c in chars}
    assert len(sizes) == 1 and 4.0 < sizes.pop() < 5.5
    with pdfplumber.open(out) as pdf:
        assert_inside(chars, box, float(pdf.pages[0].height))


def test_shipped_labels_stay_in_their_boxes_in_every_language(tmp_path: Path, run: Run) -> None:
    sheet = geometry.sheet_boxes(catalogue.find("classic"))
    for lang in ("de", "en", "fr", "nl", "pl"):
        out = tmp_path / f"{lang}.pdf"
        assert run("classic", "--lang", lang, "--out", str(out)).exit_code == 0
        with pdfplumber.open(out) as pdf:
            height = float(pdf.pages[0].height)
        for box in (sheet.penalty_label, sheet.total_label):
            chars = label_chars(out, box)
            assert len(chars) >= 4, lang
            assert_inside(chars, box, height)


def test_a_label_too_long_even_at_4_pt_is_refused_naming_label_and_box(
    tmp_path: Path, run: Run, write_layout: Write
) -> None:
    path = write_layout(CLASSIC_YAML + f'labels:\n  penalties: "{TOO_LONG}"\n')
    expected = (
        f"custom.yaml:27: labels.penalties: label 'penalties' ('{TOO_LONG} \u22125'): does not "
        "fit the penalty label box (30.0 x 2.3 mm) even at 4 pt: shorten it"
    )
    assert api.problems(layout.load(path, "custom.yaml")) == [expected]
    result = run("validate", str(path))
    assert result.exit_code == 2
    assert "labels.penalties: label 'penalties'" in result.output
    out = tmp_path / "refused.pdf"
    result = run(str(path), "--out", str(out))
    assert result.exit_code == 2 and not out.exists()
    assert "does not fit the penalty label box (30.0 x 2.3 mm) even at 4 pt" in result.output


def test_drawing_an_unchecked_layout_with_a_misfit_raises_instead_of_overflowing(
    tmp_path: Path, write_layout: Write
) -> None:
    from qwixx_print.errors import LayoutError

    path = write_layout(CLASSIC_YAML + f'labels:\n  total: "{TOO_LONG} {TOO_LONG}"\n')
    with pytest.raises(LayoutError, match=r"label 'total' .*does not fit the total label box"):
        api.render([layout.load(path)], 1, io.BytesIO())


BIG_TABLE = "  max_counted: 12\n  table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 100000]"


def test_a_long_score_table_entry_is_shrunk_inside_its_cell(
    tmp_path: Path, run: Run, write_layout: Write
) -> None:
    text = CLASSIC_YAML.replace(
        "  max_counted: 12   # the standard table n(n+1)/2: 1, 3, 6, ... 78", BIG_TABLE
    )
    path = write_layout(text)
    out = tmp_path / "table.pdf"
    assert run("validate", str(path)).exit_code == 0
    assert run(str(path), "--out", str(out)).exit_code == 0
    cell = geometry.sheet_boxes(layout.load(path)).score_cells[11]
    value = geometry.Box(cell.x, cell.y, cell.w, cell.h / 2)
    chars = label_chars(out, value)
    assert "".join(str(c["text"]) for c in chars) == "100000"
    sizes = {round(float(c["size"]), 2) for c in chars}
    assert len(sizes) == 1 and 4.0 <= sizes.pop() < 6.5  # shrunk from 6.5 pt, not below 4
    with pdfplumber.open(out) as pdf:
        assert_inside(chars, value, float(pdf.pages[0].height))


def test_a_score_table_entry_too_long_for_its_cell_is_refused_located(
    write_layout: Write, run: Run
) -> None:
    nochmal = (Path(__file__).parents[2] / "layouts" / "nochmal.yaml").read_text("utf-8")
    table = "[1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 100000]"
    path = write_layout(
        nochmal.replace("  max_counted: 16", f"  table: {table}\n  max_counted: 16")
    )
    result = run("validate", str(path))
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (
        f"qwixx-print: {path}:27: scoring.table[15]: score table entry for 16 crosses ('100000'): does not "
        "fit the score table cell (5.2 x 3.0 mm) even at 4 pt: shorten it"
    )


def test_two_digit_penalty_points_are_shrunk_inside_every_penalty_box(
    tmp_path: Path, run: Run, write_layout: Write
) -> None:
    path = write_layout(CLASSIC_YAML.replace("  points: 5", "  points: 99", 1))
    out = tmp_path / "penalties.pdf"
    assert run(str(path), "--out", str(out)).exit_code == 0
    with pdfplumber.open(out) as pdf:
        height = float(pdf.pages[0].height)
    for box in geometry.sheet_boxes(layout.load(path)).penalties:
        chars = label_chars(out, box)
        assert "".join(str(c["text"]) for c in chars) == "\u221299"
        assert {round(float(c["size"]), 1) for c in chars} == {4.6}  # from 5 pt, 0.4 mm inset
        assert_inside(chars, box, height)
