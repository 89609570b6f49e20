"""`qwixx-print score --out`: the filled-in sheets, read back from the PDF. Every pen cross
sits on the field of its number (geometry + printed numbers), locks are struck, penalties
crossed and the totals written into the total line."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from qwixx_print import catalogue, geometry
from qwixx_print.scene.shapes import badge_boxes
from tests.conftest import ROOT, Run
from tests.pdfcheck import MM, page_sizes

LEA = ROOT / "tests" / "data" / "marks" / "lea.yaml"
PEN = (0.08, 0.16, 0.55)
Point = tuple[float, float]
Segment = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from qwixx_print.cli import cli

    out = tmp_path_factory.mktemp("filled") / "filled.pdf"
    result = CliRunner().invoke(cli, ["score", str(LEA), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def cross_centres(path: Path) -> list[Point]:
    """Centres (mm from the page's bottom left) of the pen crosses: pairs of pen strokes."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        strokes = [
            line for line in page.lines if tuple(round(v, 2) for v in line["stroking_color"]) == PEN
        ]
    centres = [
        (
            round((float(s["x0"]) + float(s["x1"])) / 2 / MM, 2),
            round((height - (float(s["top"]) + float(s["bottom"])) / 2) / MM, 2),
        )
        for s in strokes
    ]
    assert all(centres.count(c) == 2 for c in centres)  # two diagonals per cross
    return sorted(set(centres))


def words(path: Path) -> list[tuple[str, Point]]:
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        found = page.extract_words()
    return [
        (
            w["text"],
            (
                (float(w["x0"]) + float(w["x1"])) / 2 / MM,
                (height - (float(w["top"]) + float(w["bottom"])) / 2) / MM,
            ),
        )
        for w in found
    ]


def on_page(sheet: int, box: geometry.Box) -> Point:
    origin = geometry.impose("a4", 8).origins[sheet]
    return origin[0] + box.cx, origin[1] + box.cy


def near(point: Point, points: list[Point], tolerance: float = 0.05) -> bool:
    return any(abs(point[0] - x) <= tolerance and abs(point[1] - y) <= tolerance for x, y in points)


def test_crosses_lie_on_the_crossed_fields_locks_and_penalties(filled: Path) -> None:
    classic = catalogue.find("classic")
    boxes = geometry.sheet_boxes(classic)
    crossed = {  # lea.yaml
        0: {
            "red": [2, 3, 5, 6, 8, 9],
            "yellow": [4, 5, 7, 8],
            "green": [12, 10, 9, 7, 5, 4, 2],
            "blue": [12, 9, 8],
        },
        1: {"red": [3, 4]},
    }
    expected: list[Point] = []
    for sheet, rows in crossed.items():
        for row, row_boxes in zip(classic.rows, boxes.rows, strict=True):
            numbers = [f.number for f in row.fields]
            for number in rows.get(row.id, []):
                expected.append(on_page(sheet, row_boxes.fields[numbers.index(number)]))
    expected.append(on_page(0, boxes.rows[2].lock))  # Léa's green lock is struck
    expected.append(on_page(0, boxes.penalties[0]))  # and one penalty
    found = cross_centres(filled)
    assert len(found) == len(expected) == 20 + 1 + 1 + 2
    assert all(near(point, found) for point in expected)


def test_each_cross_covers_the_printed_number_it_stands_for(filled: Path) -> None:
    printed = words(filled)
    classic = catalogue.find("classic")
    boxes = geometry.sheet_boxes(classic)
    green = boxes.rows[2]
    for number in (12, 10, 9, 7, 5, 4, 2):  # Léa's green row, by the printed digits
        box = green.fields[[f.number for f in classic.rows[2].fields].index(number)]
        x, y = on_page(0, box)
        under = [t for t, (wx, wy) in printed if abs(wx - x) < 1.0 and abs(wy - y) < 1.5]
        assert under == [str(number)]
        assert near((x, y), cross_centres(filled))


def test_totals_and_name_are_written_on_each_sheet(filled: Path) -> None:
    printed = words(filled)
    boxes = geometry.sheet_boxes(catalogue.find("classic"))

    def written(sheet: int, box: geometry.Box) -> list[str]:
        x, y = on_page(sheet, box)
        return [t for t, (wx, wy) in printed if abs(wx - x) < box.w / 2 and abs(wy - y) < 2.0]

    assert [written(0, box) for box in boxes.totals] == [
        ["21"],
        ["10"],
        ["36"],
        ["6"],
        ["5"],
        ["68"],
    ]
    assert [written(1, box) for box in boxes.totals] == [["3"], ["0"], ["0"], ["0"], ["0"], ["3"]]
    title = boxes.title
    assert "Léa" in written(0, geometry.Box(title.right - 10, title.y, 10, title.h))
    assert page_sizes(filled) == [(pytest.approx(210 * MM), pytest.approx(297 * MM))]


def test_nine_players_fill_a_second_page(run: Run, tmp_path: Path) -> None:
    players = "".join(f"  - name: P{k}\n    crosses: {{red: [2]}}\n" for k in range(9))
    marks = tmp_path / "nine.yaml"
    marks.write_text(f"layout: classic\nplayers:\n{players}", encoding="utf-8")
    out = tmp_path / "nine.pdf"
    result = run("score", str(marks), "--out", str(out))
    assert result.exit_code == 0
    assert len(page_sizes(out)) == 2
    assert result.stderr == f"wrote {out}: 9 filled-in sheets\n"


def test_unwritable_out_fails_before_any_table_is_printed(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "missing" / "filled.pdf"
    result = run("score", str(LEA), "--out", str(out))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"qwixx-print: {out}: the folder {out.parent} does not exist\n"


def test_kraefte_sheet_shows_name_and_power_effects_and_refuses_an_unprintable_name(
    run: Run, tmp_path: Path
) -> None:
    marks = tmp_path / "game.yaml"
    lea = "{name: Léa, crosses: {red: [2, 3, 4, 5, 7, 8, 12], yellow: [10], green: [12, 8], blue: [11]}}"
    marks.write_text(f"layout: kraefte\nplayers:\n  - {lea}\n", encoding="utf-8")
    out = tmp_path / "filled.pdf"
    assert run("score", str(marks), "--out", str(out)).exit_code == 0
    text = " ".join(word for word, _ in words(out))
    assert "Léa" in text
    # the effects on one line between the title and the name
    assert "powers +14: weakest-double (yellow) +1," in text and "plus-13 +13" in text
    assert "cross both fields" not in text  # the rules hint leaves its room to the name
    marks.write_text(
        f'layout: kraefte\nplayers:\n  - {lea}\n  - {{name: "\U0001f3b2Ann"}}\n', encoding="utf-8"
    )
    out.unlink()
    result = run("score", str(marks), "--out", str(out))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"qwixx-print: {marks}:4: players[1].name: the name ('\U0001f3b2Ann'): "
        "the font has no glyph for '\U0001f3b2' (U+1F3B2)\n"
    )
    assert not out.exists()


def test_a_kraefte_sheet_writes_the_power_points_in_its_own_box_and_adds_up(
    run: Run, tmp_path: Path
) -> None:
    marks = tmp_path / "kim.yaml"
    marks.write_text(
        "layout: kraefte\n"
        "players:\n"
        "  - name: Kim\n"
        "    crosses: {red: [2, 3, 5, 7, 8], yellow: [2, 9], green: [12, 10, 8],"
        " blue: [12, 11, 10]}\n"  # red 7 and green 8: plus-13
        "    penalties: 2\n",
        encoding="utf-8",
    )
    out = tmp_path / "kim.pdf"
    assert run("score", str(marks), "--out", str(out)).exit_code == 0
    sheet = catalogue.find("kraefte")
    boxes = geometry.sheet_boxes(sheet)
    assert [op for op, _ in boxes.operators] == ["+", "+", "+", "\u2212", "+", "="]
    printed = words(out)

    def written(box: geometry.Box) -> str:
        x, y = on_page(0, box)
        (text,) = [t for t, (wx, wy) in printed if abs(wx - x) < box.w / 2 and abs(wy - y) < 2]
        return text

    red, yellow, green, blue, penalties, powers, total = map(int, map(written, boxes.totals))
    assert (red, yellow, green, blue, penalties, powers, total) == (15, 3, 6, 6, 10, 13, 33)
    assert red + yellow + green + blue - penalties + powers == total


def placed_centre(imposition: geometry.Imposition, sheet: int, box: geometry.Box) -> Point:
    """Where the centre of ``box`` (mm on a sheet at 8-up size) lands on the page."""
    (x, y), s = imposition.origins[sheet], imposition.scale
    if imposition.rotated:
        return x + imposition.sheet_w - s * box.cy, y + s * box.cx
    return x + s * box.cx, y + s * box.cy


@pytest.mark.parametrize(("paper", "per_page"), [("letter", "2"), ("a4", "4"), ("letter", "1")])
def test_filled_sheets_take_paper_per_page_and_lang_like_printing(
    paper: str, per_page: str, run: Run, tmp_path: Path
) -> None:
    out = tmp_path / "filled.pdf"
    args = ["--paper", paper, "--per-page", per_page, "--lang", "de"]
    result = run("score", str(LEA), "--out", str(out), *args)
    assert result.exit_code == 0, result.stderr
    imposition = geometry.impose(paper, int(per_page))
    pages = 2 if per_page == "1" else 1  # Léa and Sam
    size = (pytest.approx(imposition.page_w * MM), pytest.approx(imposition.page_h * MM))
    assert page_sizes(out) == [size] * pages
    assert PdfReader(out).pages[0].extract_text().count("Fehlwürfe") == min(2, int(per_page))
    classic = catalogue.find("classic")
    red = geometry.sheet_boxes(classic).rows[0]
    numbers = [f.number for f in classic.rows[0].fields]
    expected = [placed_centre(imposition, 0, red.fields[numbers.index(n)]) for n in (2, 3, 5)]
    found = cross_centres(out)
    assert all(near(point, found, 0.1) for point in expected)


def test_score_out_dash_writes_the_filled_pdf_to_standard_output(run: Run, tmp_path: Path) -> None:
    result = run("score", str(LEA), "--out", "-")
    assert result.exit_code == 0
    pdf = tmp_path / "from-stdout.pdf"
    pdf.write_bytes(result.stdout_bytes)
    assert len(page_sizes(pdf)) == 1 and len(cross_centres(pdf)) == 24
    assert result.stderr.startswith("wrote standard output: 2 filled-in sheets\nLéa (classic)\n")
    assert "ranking" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "letter"], "--paper: only for the filled-in sheets: add --out FILE.pdf"),
        (
            ["--lang", "de", "--per-page", "2"],
            "--per-page, --lang: only for the filled-in sheets: add --out FILE.pdf",
        ),
        (
            ["--out", "-", "--json"],
            "--out - puts the PDF on standard output: --json cannot go there too",
        ),
    ],
)
def test_page_options_without_a_pdf_are_refused(args: list[str], message: str, run: Run) -> None:
    result = run("score", str(LEA), *args)
    assert (result.exit_code, result.stderr, result.stdout) == (2, f"qwixx-print: {message}\n", "")


KRAEFTE_LEA = (
    "{name: Léa, crosses: {red: [2, 3, 4, 5, 7, 8, 12], yellow: [10], green: [12, 8], blue: [11]}}"
)
"""Léa on the Kräfte sheet: two powers (weakest-double, plus-13) add points at the end."""


def title_strip(path: Path) -> Image.Image:
    """The first sheet's title line and the top 0.5 mm of its first band, as an RGB image of
    :data:`PX` pixels per mm (rows from the top)."""
    import pypdfium2

    boxes = geometry.sheet_boxes(catalogue.find("kraefte"))
    ox, oy = geometry.impose("a4", 8).origins[0]
    bottom = boxes.rows[0].band.top - 0.5
    document = pypdfium2.PdfDocument(path)
    try:
        page = document[0]
        width, height = page.get_width(), page.get_height()
        crop = (
            ox * MM,
            (oy + bottom) * MM,
            width - (ox + geometry.SHEET_W) * MM,
            height - (oy + boxes.title.top) * MM,
        )
        image: Image.Image = page.render(scale=PX / MM, crop=crop).to_pil().convert("RGB")
    finally:
        document.close()
    return image


PX = 24.0
"""Pixels per mm of :func:`title_strip`."""


def test_power_effects_stay_in_their_own_box_clear_of_the_row_and_its_badges(
    run: Run, tmp_path: Path
) -> None:
    """Pixels: the effects line is drawn on white paper only, above the red row and its power
    badges, left of the name (issue 12.6)."""
    with_effects, without = tmp_path / "effects.pdf", tmp_path / "none.pdf"
    for out, player in ((with_effects, KRAEFTE_LEA), (without, "{name: Léa, crosses: {red: [2]}}")):
        marks = tmp_path / f"{out.stem}.yaml"
        marks.write_text(f"layout: kraefte\nplayers:\n  - {player}\n", encoding="utf-8")
        assert run("score", str(marks), "--out", str(out)).exit_code == 0
    shown, blank = title_strip(with_effects), title_strip(without)
    assert shown.size == blank.size
    width, height = shown.size
    diff = ImageChops.difference(shown, blank).convert("L").point(lambda v: 255 * (v > 10))
    text = [(i % width, i // width) for i, v in enumerate(diff.tobytes()) if v]
    assert len(text) > 500  # the effects line is there
    # every pixel of the line lies on white paper: it touches no printed ink, not 1 px away
    paper = blank.convert("L").point(lambda v: 255 * (v >= 250)).load()
    assert paper is not None
    touching = [
        (x, y)
        for x, y in text
        for dx, dy in ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
        if 0 <= x + dx < width and 0 <= y + dy < height and not paper[x + dx, y + dy]
    ]
    assert touching == []
    # above the red band and the badges that reach into the title line
    boxes = geometry.sheet_boxes(catalogue.find("kraefte"))
    lowest = boxes.title.top - (max(y for _, y in text) + 1) / PX
    left, right = min(x for x, _ in text) / PX, (max(x for x, _ in text) + 1) / PX
    badges = [b for b in badge_boxes(catalogue.find("kraefte"), boxes) if b.top > boxes.title.y]
    assert len(badges) == 3  # red 4, 7 and 10
    assert all(lowest >= b.top for b in badges if b.x < right and b.right > left)
    assert lowest > boxes.rows[0].band.top + 1.0
    # left of the name, which sits at the right end of the title line
    name_left = min(
        i % width
        for i, v in enumerate(blank.convert("L").tobytes())
        if v < 128 and i % width > width * 0.8 and i // width < height - 0.6 * PX
    )
    assert max(x for x, _ in text) < name_left - 1.0 * PX


CUT = (0.55, 0.55, 0.55)
"""The grey of the cut lines and marks."""


def cut_guides(path: Path, page: int = 0) -> tuple[list[Segment], list[Segment]]:
    """The cut lines (dashed) and cut marks (solid) on ``page``, each (x0, y0, x1, y1) in
    mm from the page's bottom left, rounded to 0.1 mm."""
    with pdfplumber.open(path) as pdf:
        found = pdf.pages[page].lines
        height = float(pdf.pages[page].height)
    lines: list[Segment] = []
    marks: list[Segment] = []
    for line in found:
        if tuple(round(v, 2) for v in line["stroking_color"]) != CUT:
            continue
        x0, x1 = (round(float(line[k]) / MM, 1) for k in ("x0", "x1"))
        y0, y1 = (round((height - float(line[k])) / MM, 1) for k in ("bottom", "top"))
        (lines if line["dash"][0] else marks).append((x0, y0, x1, y1))
    return sorted(lines), sorted(marks)


def sheet_edges(sheets: list[tuple[float, float, float, float]]) -> list[Segment]:
    """The edges of ``sheets`` (left, bottom, right, top, mm), those on one line joined where
    they meet: what the cut lines around them must be, rounded as :func:`cut_guides`."""
    runs: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for left, bottom, right, top in sheets:
        for x in (left, right):
            runs.setdefault(("x", round(x, 1)), []).append((bottom, top))
        for y in (bottom, top):
            runs.setdefault(("y", round(y, 1)), []).append((left, right))
    found: list[Segment] = []
    for (axis, at), spans in runs.items():
        spans.sort()
        joined = [list(spans[0])]
        for lo, hi in spans[1:]:
            if lo <= joined[-1][1] + 0.01:
                joined[-1][1] = max(joined[-1][1], hi)
            else:
                joined.append([lo, hi])
        for lo, hi in joined:
            lo, hi = round(lo, 1), round(hi, 1)
            found.append((at, lo, at, hi) if axis == "x" else (lo, at, hi, at))
    return sorted(found)


@pytest.mark.parametrize(("players", "marks"), [(2, 7), (3, 8), (8, 16)])
def test_cut_lines_are_drawn_only_around_the_sheets_printed(
    players: int, marks: int, run: Run, tmp_path: Path
) -> None:
    """A newcomer's 2-player game log came with cut lines around all 8 slots of the page.
    The cut lines run along the printed sheets' edges only (2 sheets side by side: 3 down,
    2 across; a third below the first: 3 down, 3 across), and a cut mark only beyond the
    end of one at the outside of the grid, on its line; a full page keeps all 8 lines and
    16 marks."""
    names = "".join(f"  - name: P{k}\n    crosses: {{red: [2]}}\n" for k in range(players))
    path = tmp_path / "game.yaml"
    path.write_text(f"layout: classic\nplayers:\n{names}", encoding="utf-8")
    out = tmp_path / "game.pdf"
    assert run("score", str(path), "--out", str(out)).exit_code == 0
    lines, found_marks = cut_guides(out)
    imposition = geometry.impose("a4", 8)
    w, h = imposition.sheet_w, imposition.sheet_h
    sheets = [(x, y, x + w, y + h) for x, y in imposition.origins[:players]]
    assert lines == sheet_edges(sheets)
    assert len(lines) == {2: 5, 3: 6, 8: 8}[players]
    assert len(found_marks) == marks
    for x0, y0, x1, y1 in found_marks:  # each a cut line's continuation, outside the sheets
        on = [ln for ln in lines if (x0 == x1 == ln[0] == ln[2]) or (y0 == y1 == ln[1] == ln[3])]
        assert on, (x0, y0, x1, y1)
        assert not any(
            left < (x0 + x1) / 2 < right and bottom < (y0 + y1) / 2 < top
            for left, bottom, right, top in sheets
        )
