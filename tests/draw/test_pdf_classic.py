"""The artefact: the classic PDF as a printer gets it (pages, positions, fonts, structure)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from qwixx_print import catalogue, geometry
from tests.conftest import CLASSIC_YAML, ROOT, Run
from tests.pdfcheck import fonts, form_placements, forms, page_sizes, row_sequences

ASCENDING = [str(n) for n in range(2, 13)]
DESCENDING = ASCENDING[::-1]


@pytest.fixture(scope="module")
def classic_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from qwixx_print.cli import cli

    out = tmp_path_factory.mktemp("pdf") / "sheets.pdf"
    result = CliRunner().invoke(cli, ["classic", "--out", str(out), "--pages", "2"])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out}: 2 pages, 16 sheets (classic)\n"
    return out


def test_one_a4_page_per_requested_page(classic_pdf: Path) -> None:
    sizes = page_sizes(classic_pdf)
    assert len(sizes) == 2
    for width, height in sizes:
        assert width == pytest.approx(595.28, abs=0.5)
        assert height == pytest.approx(841.89, abs=0.5)


def test_each_row_sequence_appears_eight_times_per_page(classic_pdf: Path) -> None:
    for page in (0, 1):
        texts = [seq for seq, _ in row_sequences(classic_pdf, page)]
        assert texts.count(ASCENDING) == 16  # red and yellow on 8 sheets
        assert texts.count(DESCENDING) == 16  # green and blue on 8 sheets


def test_numbers_sit_in_their_fields_within_1_mm(classic_pdf: Path) -> None:
    sheet = geometry.sheet_boxes(catalogue.find("classic"))
    imposition = geometry.impose("a4", 8)
    found = [c for seq, c in row_sequences(classic_pdf) if seq in (ASCENDING, DESCENDING)]
    assert len(found) == 32
    for ox, oy in imposition.origins:
        for row in sheet.rows:
            expected = [(ox + f.cx, oy + f.cy) for f in row.fields]
            matches = [
                got
                for got in found
                if all(
                    abs(gx - ex) < 1.0 and abs(gy - ey) < 1.0
                    for (gx, gy), (ex, ey) in zip(got, expected, strict=True)
                )
            ]
            assert len(matches) == 1, (ox, oy, expected[0])


def test_sheets_are_96_by_65_mm_on_a_centred_grid() -> None:
    imposition = geometry.impose("a4", 8)
    assert (imposition.sheet_w, imposition.sheet_h) == (96.0, 65.0)
    assert imposition.origins[0] == pytest.approx((9.0, 213.5))
    assert imposition.origins[7] == pytest.approx((105.0, 18.5))


def test_first_red_2_is_at_its_absolute_place_on_the_page(classic_pdf: Path) -> None:
    first = next(c for seq, c in row_sequences(classic_pdf) if seq == ASCENDING)
    # sheet at x = 9 mm; field centre 2 + 0.6 + 0.2 + 3.55 mm further; top sheet's red row.
    assert first[0][0] == pytest.approx(15.35, abs=0.5)
    assert first[1][0] - first[0][0] == pytest.approx(7.5, abs=0.3)  # field pitch
    assert 265 < first[0][1] < 271


def test_every_font_is_embedded_and_none_is_helvetica(classic_pdf: Path) -> None:
    found = list(fonts(classic_pdf))
    assert found, "no fonts found"
    assert all(embedded for _, embedded in found), found
    assert not any("Helvetica" in name for name, _ in found)
    assert any("DejaVuSans-Bold" in name for name, _ in found)


def test_sheet_is_one_form_placed_eight_times_by_one_page_form_on_every_page(
    classic_pdf: Path,
) -> None:
    assert forms(classic_pdf) == ["/FormXob.guides", "/FormXob.page0", "/FormXob.sheet0"]
    for page in PdfReader(classic_pdf).pages:
        assert page.get_contents().get_data().count(b" Do") == 1
    for page in (0, 1):
        assert form_placements(classic_pdf, page) == {
            "/FormXob.page0": 1,
            "/FormXob.sheet0": 8,
            "/FormXob.guides": 1,
        }


def test_metadata_names_qwixx_print(classic_pdf: Path) -> None:
    info = PdfReader(classic_pdf).metadata
    assert info is not None
    assert info.author == "qwixx-print" and info.creator == "qwixx-print"
    assert info.title == "Qwixx score sheets: classic"


def test_default_output_goes_to_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("classic")
    assert result.output == "wrote output/classic.pdf: 1 page, 8 sheets (classic)\n"
    assert len(page_sizes(tmp_path / "output" / "classic.pdf")) == 1


def test_several_layouts_in_one_run_give_one_form_each_reused_on_their_pages(
    tmp_path: Path, run: Run
) -> None:
    out = tmp_path / "two.pdf"
    result = run("classic", "doppelt", "--pages", "2", "--out", str(out))
    assert result.output == f"wrote {out}: 4 pages, 32 sheets (classic, doppelt)\n"
    placements = [form_placements(out, page) for page in range(4)]
    first = {"/FormXob.page0": 1, "/FormXob.sheet0": 8, "/FormXob.guides": 1}
    second = {"/FormXob.page1": 1, "/FormXob.sheet1": 8, "/FormXob.guides": 1}
    assert placements == [first, first, second, second]
    assert forms(out) == [f"/FormXob.{n}" for n in ("guides", "page0", "page1", "sheet0", "sheet1")]


def test_the_readme_recipe_for_an_own_layout_writes_output_my_sheet_pdf(tmp_path: Path) -> None:
    """The README's "Write your own layout" commands, run as written: the PDF is named after
    the copied file, not after the ``name: classic`` inside it (issue 12.11)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    recipe = readme.split("Copy `layouts/classic.yaml`")[1].split("```sh\n")[1].split("```")[0]
    assert "cp layouts/classic.yaml my-sheet.yaml" in recipe
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "classic.yaml").write_text(CLASSIC_YAML, encoding="utf-8")
    bin_dir = Path(sys.executable).parent
    done = subprocess.run(
        ["sh", "-e", "-c", recipe],
        cwd=tmp_path,
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["my-sheet.pdf"]
    assert (
        done.stdout
        == "my-sheet.yaml: valid\nwrote output/my-sheet.pdf: 1 page, 8 sheets (classic)\n"
    )
    assert len(page_sizes(tmp_path / "output" / "my-sheet.pdf")) == 1
