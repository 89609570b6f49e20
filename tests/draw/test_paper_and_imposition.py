"""Paper sizes and sheets per page as a printer gets them: page sizes, sheet sizes in mm,
nothing drawn in the 5 mm unprintable margin, true scale asked of the viewer, fonts embedded."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from qwixx_print import geometry
from tests.conftest import Run
from tests.pdfcheck import MM, fonts, page_sizes, row_sequences

PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
COMBINATIONS = [(paper, n) for paper in PAPER_PT for n in geometry.PER_PAGE]


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Path]:
    """One classic PDF for every paper and sheets-per-page count."""
    from click.testing import CliRunner

    from qwixx_print.cli import cli

    folder = tmp_path_factory.mktemp("papers")
    made = {}
    for paper, n in COMBINATIONS:
        out = folder / f"{paper}-{n}.pdf"
        args = ["classic", "--out", str(out), "--paper", paper, "--per-page", str(n)]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        made[(paper, n)] = out
    return made


@pytest.mark.parametrize(("paper", "per_page"), COMBINATIONS)
def test_page_size_matches_the_paper_within_half_a_point(
    pdfs: dict[tuple[str, int], Path], paper: str, per_page: int
) -> None:
    width, height = page_sizes(pdfs[(paper, per_page)])[0]
    assert width == pytest.approx(PAPER_PT[paper][0], abs=0.5)
    assert height == pytest.approx(PAPER_PT[paper][1], abs=0.5)


@pytest.mark.parametrize("per_page", geometry.PER_PAGE)
def test_sheet_size_in_mm_is_the_same_on_every_paper(per_page: int) -> None:
    a4, letter = geometry.impose("a4", per_page), geometry.impose("letter", per_page)
    assert (a4.sheet_w, a4.sheet_h) == (letter.sheet_w, letter.sheet_h)
    assert (a4.scale, a4.rotated) == (letter.scale, letter.rotated)


def test_eight_up_sheets_are_96_by_65_mm_on_both_papers() -> None:
    for paper in PAPER_PT:
        imposition = geometry.impose(paper, 8)
        assert (imposition.sheet_w, imposition.sheet_h, imposition.cols) == (96.0, 65.0, 2)


def test_fewer_sheets_per_page_are_printed_larger() -> None:
    sizes = [
        geometry.impose("a4", n).sheet_w * geometry.impose("a4", n).sheet_h for n in (8, 4, 2, 1)
    ]
    assert sizes == sorted(sizes) and len(set(sizes)) == 4
    one = geometry.impose("letter", 1)
    assert one.rotated and one.scale == 2.722
    assert (one.sheet_w, one.sheet_h) == pytest.approx((65.0 * 2.722, 96.0 * 2.722))


@pytest.mark.parametrize(("paper", "per_page"), COMBINATIONS)
def test_nothing_is_drawn_in_the_5_mm_margin(
    pdfs: dict[tuple[str, int], Path], paper: str, per_page: int
) -> None:
    with pdfplumber.open(pdfs[(paper, per_page)]) as pdf:
        page = pdf.pages[0]
        width, height = float(page.width), float(page.height)
        objects = [
            (kind, o)
            for kind in ("line", "rect", "char", "curve")
            for o in page.objects.get(kind, [])
        ]
    kinds = {kind for kind, _ in objects}
    assert {"line", "rect", "char", "curve"} <= kinds, kinds
    margin = 5 * MM
    for kind, o in objects:
        assert float(o["x0"]) >= margin - 0.01, (kind, o["x0"])
        assert float(o["x1"]) <= width - margin + 0.01, (kind, o["x1"])
        assert float(o["top"]) >= margin - 0.01, (kind, o["top"])
        assert float(o["bottom"]) <= height - margin + 0.01, (kind, o["bottom"])


@pytest.mark.parametrize(("paper", "per_page"), COMBINATIONS)
def test_every_sheet_fits_on_the_page_whole(
    pdfs: dict[tuple[str, int], Path], paper: str, per_page: int
) -> None:
    imposition = geometry.impose(paper, per_page)
    for x, y in imposition.origins:
        assert x >= geometry.MARGIN + geometry.MARK_ZONE - 1e-9
        assert y >= geometry.MARGIN + geometry.MARK_ZONE - 1e-9
        assert (
            x + imposition.sheet_w
            <= imposition.page_w - geometry.MARGIN - geometry.MARK_ZONE + 1e-9
        )
        assert (
            y + imposition.sheet_h
            <= imposition.page_h - geometry.MARGIN - geometry.MARK_ZONE + 1e-9
        )
    texts = [seq for seq, _ in row_sequences(pdfs[(paper, per_page)])]
    if not imposition.rotated:  # turned sheets read top to bottom: counted by title instead
        assert texts.count([str(n) for n in range(2, 13)]) == 2 * per_page
    with pdfplumber.open(pdfs[(paper, per_page)]) as pdf:
        letters = [c["text"] for c in pdf.pages[0].chars]
    assert letters.count("Q") == per_page  # one title per sheet, turned or not


def test_letter_eight_up_keeps_every_sheet_inside_the_printable_area(
    pdfs: dict[tuple[str, int], Path],
) -> None:
    imposition = geometry.impose("letter", 8)
    top = max(y for _, y in imposition.origins) + imposition.sheet_h
    bottom = min(y for _, y in imposition.origins)
    assert bottom == pytest.approx(9.7, abs=0.01)  # (279.4 - 4 x 65) / 2 mm
    assert 279.4 - top == pytest.approx(9.7, abs=0.01)
    titles = [seq for seq, _ in row_sequences(pdfs[("letter", 8)]) if seq == ["QWIXX"]]
    assert len(titles) == 8  # every sheet printed whole, title included


@pytest.mark.parametrize(("paper", "per_page"), COMBINATIONS)
def test_pdf_asks_viewers_not_to_scale(
    pdfs: dict[tuple[str, int], Path], paper: str, per_page: int
) -> None:
    reader = PdfReader(pdfs[(paper, per_page)])
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert b"/PrintScaling /None" in pdfs[(paper, per_page)].read_bytes()


@pytest.mark.parametrize(("paper", "per_page"), COMBINATIONS)
def test_every_font_is_embedded(
    pdfs: dict[tuple[str, int], Path], paper: str, per_page: int
) -> None:
    found = list(fonts(pdfs[(paper, per_page)]))
    assert {name.split("+")[-1] for name, _ in found} == {"DejaVuSans", "DejaVuSans-Bold"}
    assert all(embedded for _, embedded in found), found


def test_one_sheet_per_page_is_reported_as_one_sheet(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from qwixx_print.cli import cli

    out = tmp_path / "one.pdf"
    result = CliRunner().invoke(cli, ["classic", "--per-page", "1", "--out", str(out)])
    assert result.output == f"wrote {out}: 1 page, 1 sheet (classic)\n"


def test_paper_and_language_are_read_in_any_case(run: Run, tmp_path: Path) -> None:
    """``--paper A4 --lang DE`` as the web page writes them (newcomer): the same PDF."""
    upper, lower = tmp_path / "upper.pdf", tmp_path / "lower.pdf"
    assert run("classic", "--paper", "Letter", "--lang", "DE", "--out", str(upper)).exit_code == 0
    assert run("classic", "--paper", "letter", "--lang", "de", "--out", str(lower)).exit_code == 0
    assert upper.read_bytes() == lower.read_bytes()
