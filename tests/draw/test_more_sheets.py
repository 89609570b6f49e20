"""The five sheets of RULES.md §4 (issue 16): Big Points, Connected Chain and Steps, X-Change
and Longo. Each validates, prints in every language and count per page, reads back at its
field centres, shows its own marks where the layout says (pixels), deals its differing sheets
across a page, and scores as RULES.md §4 says."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from qwixx_print import api, catalogue, dealing, geometry, labels, layout, rules
from qwixx_print.errors import RuleViolation
from qwixx_print.scene import fonts, hints, looks, palette, shapes
from tests.conftest import ROOT, Run
from tests.draw.test_sheet_fill import THREE_ROWS
from tests.pdfcheck import (
    MM,
    colours_at,
    form_placements,
    forms,
    page_sizes,
    row_sequences,
)

UP = "2 3 4 5 6 7 8 9 10 11 12"
DOWN = "12 11 10 9 8 7 6 5 4 3 2"
ROW_FROM_RULES = {
    "big-points": (1, UP),
    "connected-chain": (2, DOWN),
    "connected-steps": (3, DOWN),
    "x-change": (0, UP),
    "longo": (2, "16 15 14 13 12 11 10 9 8 7 6 5 4 3 2"),
}
"""One row per new sheet and its numbers as RULES.md §4 gives them (read back from the PDF
by tests/draw/test_variants.py with the other sheets)."""

ALIASES = {
    "bigpoints": "big-points",
    "connected": "connected-chain",
    "chain": "connected-chain",
    "steps": "connected-steps",
    "xchange": "x-change",
}
"""The names users say (issue 16)."""

SEED = 7


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("more")
    out = {}
    for name in ROW_FROM_RULES:
        out[name] = folder / f"{name}.pdf"
        api.print_sheets([api.checked(name)], out[name], 1, seed=SEED)
    return out


def origin(k: int = 0, per_page: int = 8) -> tuple[float, float]:
    """Lower-left corner of sheet ``k`` (reading order) on an A4 page, mm."""
    return geometry.impose("a4", per_page).origins[k]


def tint(sheet: layout.Layout, colour: str, share: float) -> tuple[int, ...]:
    rgb = palette.mix(palette.hex_rgb(sheet.colours[colour]), palette.WHITE, share)
    return tuple(round(v * 255) for v in rgb)


def off(rgb: tuple[int, ...], other: tuple[int, ...]) -> int:
    return max(abs(a - b) for a, b in zip(rgb, other, strict=True))


INK = tuple(round(v * 255) for v in palette.INK)


@pytest.mark.parametrize("name", sorted(ROW_FROM_RULES))
def test_new_sheet_is_valid_in_every_language(name: str) -> None:
    assert api.problems(catalogue.find(name), labels.LANGUAGES) == []


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_alias_as_users_say_it_finds_the_sheet(alias: str, run: Run) -> None:
    assert catalogue.find(alias).name == ALIASES[alias]
    assert f"{ALIASES[alias]} " in run("list").output


@pytest.mark.parametrize("name", sorted(ROW_FROM_RULES))
@pytest.mark.parametrize("per_page", [1, 2, 4, 8])
def test_new_sheet_prints_in_each_count_per_page_and_language(
    name: str, per_page: int, tmp_path: Path
) -> None:
    lang = labels.LANGUAGES[(per_page + len(name)) % len(labels.LANGUAGES)]
    out = tmp_path / "sheets.pdf"
    api.print_sheets([api.checked(name)], out, 1, per_page=per_page, lang=lang, seed=1)
    assert page_sizes(out) == [(pytest.approx(595.28, abs=0.5), pytest.approx(841.89, abs=0.5))]
    placed = form_placements(out)
    assert placed["/FormXob.sheet0"] == per_page  # the blank under every sheet
    assert placed["/FormXob.guides"] == 1


def test_header_tells_each_sheets_own_rule(pdfs: dict[str, Path]) -> None:
    def header(name: str) -> str:
        return " ".join(row_sequences(pdfs[name])[0][0])

    assert header("big-points").endswith("round cell: a cross for both rows")
    assert header("connected-steps").endswith("framed fields score again")
    assert header("x-change").endswith("diamond: white sum = its other number")
    assert header("longo") == (
        "lock after 6 crosses · lucky sum: next field, emptiest row · last 2 fields: each locks"
    )  # the lucky rule before the lock fields, which the padlocks show too
    assert "linked: cross one, cross both" in header("connected-chain")


def test_big_points_bonus_cells_sit_under_their_columns_in_both_colours(
    pdfs: dict[str, Path],
) -> None:
    sheet = catalogue.find("big-points")
    boxes = geometry.sheet_boxes(sheet)
    assert [len(cells) for cells in boxes.bonus_rows] == [11, 11]
    ox, oy = origin()
    for (upper, lower), cells, above, below in (
        (("red", "yellow"), boxes.bonus_rows[0], boxes.rows[0], boxes.rows[1]),
        (("green", "blue"), boxes.bonus_rows[1], boxes.rows[2], boxes.rows[3]),
    ):
        for cell, field in zip(cells, above.fields, strict=True):
            assert cell.cx == pytest.approx(field.cx)
            assert above.band.y > cell.top and cell.y > below.band.top
        probes = [(ox + c.x + 0.3 * c.w, oy + c.cy + 0.33 * c.h) for c in cells]
        probes += [(ox + c.x + 0.3 * c.w, oy + c.cy - 0.33 * c.h) for c in cells]
        found = colours_at(pdfs["big-points"], probes)
        for rgb in found[:11]:
            assert off(rgb, tint(sheet, upper, 0.55)) <= 3
        for rgb in found[11:]:
            assert off(rgb, tint(sheet, lower, 0.55)) <= 3


def test_bonus_rows_listed_bottom_first_are_each_drawn_between_their_own_rows(
    tmp_path: Path,
) -> None:
    """A designer's Big Points listing green-blue before red-yellow: each bonus row is
    drawn between its own two rows, with their numbers and tints (the sheet's boxes took
    the strips top down and the drawing the bonus rows in the file's order, so green-blue's
    12 ... 2 stood between red and yellow, in green and blue)."""
    text = (ROOT / "qwixx_print" / "layouts" / "big-points.yaml").read_text(encoding="utf-8")
    red_yellow = "  - {id: red-yellow, between: [red, yellow]}\n"
    green_blue = "  - {id: green-blue, between: [green, blue]}\n"
    assert red_yellow + green_blue in text
    path = tmp_path / "turned-about.yaml"
    path.write_text(text.replace(red_yellow + green_blue, green_blue + red_yellow), "utf-8")
    sheet = api.checked(str(path))
    assert [b.id for b in sheet.bonus_rows] == ["green-blue", "red-yellow"]
    out = tmp_path / "turned-about.pdf"
    api.print_sheets([sheet], out, 1)
    boxes = geometry.sheet_boxes(sheet)
    ox, oy = origin()
    lines = row_sequences(out)
    for (upper, lower), numbers, above, below in (
        (("red", "yellow"), UP, boxes.rows[0], boxes.rows[1]),
        (("green", "blue"), DOWN, boxes.rows[2], boxes.rows[3]),
    ):
        between = [
            " ".join(texts)
            for texts, centres in lines
            if centres[0][0] < ox + geometry.SHEET_W
            and oy + below.band.top < centres[0][1] < oy + above.band.y
        ]
        assert between == [numbers], (upper, lower)
        cells = [c for c in sum(boxes.bonus_rows, ()) if below.band.top < c.cy < above.band.y]
        probes = [(ox + c.x + 0.3 * c.w, oy + c.cy + 0.33 * c.h) for c in cells]
        probes += [(ox + c.x + 0.3 * c.w, oy + c.cy - 0.33 * c.h) for c in cells]
        found = colours_at(out, probes)
        assert len(found) == 22
        assert all(off(rgb, tint(sheet, upper, 0.55)) <= 3 for rgb in found[:11]), upper
        assert all(off(rgb, tint(sheet, lower, 0.55)) <= 3 for rgb in found[11:]), lower


def test_big_points_bonus_cell_halves_carry_their_colours_symbols(pdfs: dict[str, Path]) -> None:
    """Every field carries its colour's symbol (README, colour-blind players): a bonus cell's
    upper half the upper row's (red: circle), its lower half the lower row's (yellow:
    triangle), in the fields' symbol ink; beside a symbol, the half's tint."""
    sheet = catalogue.find("big-points")
    cells = geometry.sheet_boxes(sheet).bonus_rows[0]
    ox, oy = origin()
    probes = []
    for cell in cells:
        up, down = shapes.bonus_half(cell, 1), shapes.bonus_half(cell, -1)
        probes += [(ox + up.cx, oy + up.cy), (ox + down.cx, oy + down.y + 0.15 * down.h)]
        probes += [(ox + up.right + 0.25, oy + up.cy)]
    found = colours_at(pdfs["big-points"], probes)
    ink = {
        c: tuple(round(v * 255) for v in palette.print_ink(palette.hex_rgb(sheet.colours[c])))
        for c in ("red", "yellow")
    }
    for k in range(11):
        upper, lower, beside = found[3 * k : 3 * k + 3]
        assert off(upper, ink["red"]) <= 12, (k, upper)
        assert off(lower, ink["yellow"]) <= 12, (k, lower)
        assert off(beside, tint(sheet, "red", 0.55)) <= 12, (k, beside)


def test_connected_chain_links_join_their_two_fields_with_a_bar(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("connected-chain")
    assert sheet.slip == "A" and len(sheet.links) == 6
    boxes = geometry.sheet_boxes(sheet)
    ox, oy = origin()
    index = {row.id: k for k, row in enumerate(sheet.rows)}
    probes, gaps = [], []
    for (ra, ia), (rb, ib) in sheet.links:
        a, b = boxes.rows[index[ra]].fields[ia], boxes.rows[index[rb]].fields[ib]
        assert a.cx == pytest.approx(b.cx)  # shipped: same column
        middle = (a.y + b.top) / 2  # between the two rows: the bar
        probes.append((ox + a.cx, oy + middle))
        gaps.append((ox + a.cx + a.w / 2 + 0.2, oy + middle))  # beside it: no bar
    found = colours_at(pdfs["connected-chain"], probes + gaps)
    assert all(off(rgb, INK) <= 40 for rgb in found[:6])
    assert all(off(rgb, INK) > 100 for rgb in found[6:])


def test_connected_steps_frames_eleven_fields_in_a_staircase(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("connected-steps")
    framed = [[f.number for f in row.fields if f.framed] for row in sheet.rows]
    assert framed == [[3, 4, 5], [5, 6, 7], [7, 6, 5], [5, 4]]  # RULES.md §4
    columns = [[i for i, f in enumerate(row.fields) if f.framed] for row in sheet.rows]
    assert columns == [[1, 2, 3], [3, 4, 5], [5, 6, 7], [7, 8]]
    boxes = geometry.sheet_boxes(sheet)
    ox, oy = origin()
    corner = [  # the steps mark in the top-right corner of each framed field
        (ox + box.right - 1.3, oy + box.top - 1.3)
        for row, rb in zip(sheet.rows, boxes.rows, strict=True)
        for f, box in zip(row.fields, rb.fields, strict=True)
        if f.framed
    ]
    assert all(off(rgb, INK) <= 40 for rgb in colours_at(pdfs["connected-steps"], corner))
    assert len(boxes.totals) == 7  # four rows, penalties, the framed group, the total


def test_x_change_diamonds_show_their_two_numbers_in_order(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("x-change")
    boxes = geometry.sheet_boxes(sheet)
    assert len(boxes.diamonds) == 9 and boxes.diamonds[0].top < boxes.rows[-1].band.y
    ox, oy = origin()
    words = []
    with pdfplumber.open(pdfs["x-change"]) as pdf:
        page = pdf.pages[0]
        for w in page.extract_words():
            x, y = (w["x0"] + w["x1"]) / 2 / MM, (page.height - w["bottom"]) / MM
            if ox + 2 < x < ox + 94 and oy + boxes.diamonds[0].y < y < oy + boxes.diamonds[0].top:
                words.append((x, y, w["text"]))
    pairs = []
    for cell in boxes.diamonds:
        inside = [(y, t) for x, y, t in words if abs(x - (ox + cell.cx)) < 2]
        pairs.append("/".join(t for _, t in sorted(inside, reverse=True)))
    assert pairs == ["8/5", "9/7", "11/3", "7/4", "10/3", "8/6", "10/5", "11/9", "6/4"]


def test_longo_lock_fields_carry_a_padlock_and_lucky_numbers_a_clover(
    pdfs: dict[str, Path],
) -> None:
    sheet = catalogue.find("longo")
    boxes = geometry.sheet_boxes(sheet)
    width, height = geometry.field_size(sheet)
    assert width >= geometry.MIN_FIELD_W and height >= geometry.MIN_FIELD
    ox, oy = origin()
    side = 1.0  # the padlock's body: the lower 58 % of a 1 x 1.25 mm box in the corner
    body = [
        (ox + box.right - 0.3 - side / 2, oy + box.top - 0.3 - side * 1.25 + 0.35)
        for box in boxes.rows[0].fields[-3:]
    ]
    clover = boxes.lucky[0]
    reach = 0.27 * clover.w * 0.75  # a leaf's centre
    found = colours_at(pdfs["longo"], [*body, (ox + clover.cx - reach, oy + clover.cy + reach)])
    ink = palette.print_ink(palette.hex_rgb(sheet.colours["red"]))
    assert off(found[0], tint(sheet, "red", 0.82)) <= 3  # the 14 does not lock
    assert all(off(rgb, tuple(round(v * 255) for v in ink)) <= 3 for rgb in found[1:3])
    assert off(found[3], tuple(round(v * 255) for v in palette.CLOVER)) <= 3


def _sheet_of(x: float, y: float, per_page: int = 8) -> int:
    imposition = geometry.impose("a4", per_page)
    for k, (sx, sy) in enumerate(imposition.origins):
        if sx <= x < sx + imposition.sheet_w and sy <= y < sy + imposition.sheet_h:
            return k
    return -1


def _words_in(path: Path, box_of: geometry.Box, page: int = 0) -> list[list[str]]:
    """The words inside ``box_of`` (mm, on the 8-up sheet) of each of the 8 sheets."""
    found: list[list[str]] = [[] for _ in range(8)]
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        for w in p.extract_words():
            x, y = (w["x0"] + w["x1"]) / 2 / MM, (p.height - (w["top"] + w["bottom"]) / 2) / MM
            k = _sheet_of(x, y)
            ox, oy = origin(k)
            if box_of.x <= x - ox <= box_of.right and box_of.y <= y - oy <= box_of.top:
                found[k].append(w["text"])
    return found


def test_connected_page_holds_slips_a_to_e_then_a_to_c(pdfs: dict[str, Path]) -> None:
    slip = geometry.sheet_boxes(catalogue.find("connected-chain")).slip
    assert slip is not None
    assert _words_in(pdfs["connected-chain"], slip) == [[s] for s in "ABCDEABC"]
    names = forms(pdfs["connected-chain"])
    assert len([n for n in names if n.startswith("/FormXob.sheet0.")]) == 5  # one per slip


@pytest.mark.parametrize(
    ("per_page", "pages"),
    [(1, ["A", "B", "C", "D", "E", "A"]), (2, ["AB", "CD", "EA"]), (4, ["ABCD", "EABC"])],
)
def test_fewer_sheets_a_page_deal_the_slips_on_from_page_to_page(
    per_page: int, pages: list[str]
) -> None:
    chain = catalogue.find("connected-chain")
    dealt = [
        "".join(s.slip for s in dealing.deal(chain, per_page, 0, p)) for p in range(len(pages))
    ]
    assert dealt == pages


def test_each_slip_draws_its_own_links(tmp_path: Path) -> None:
    sheet = catalogue.find("connected-chain")
    all_links = [link for slip in sheet.slips for link in slip.links]
    assert len(all_links) == len(set(all_links)) == 30  # each allowed pair once (RULES.md §4)
    for slip in sheet.slips:
        assert sheet.sheet(slip.name).links == slip.links


def test_longo_page_holds_eight_different_lucky_pairs(pdfs: dict[str, Path]) -> None:
    boxes = geometry.sheet_boxes(catalogue.find("longo")).lucky
    box = geometry.Box(boxes[0].x, boxes[0].y, boxes[-1].right - boxes[0].x, boxes[0].h)
    pairs = [tuple(int(t) for t in words) for words in _words_in(pdfs["longo"], box)]
    assert len(set(pairs)) == 8
    assert all(len(p) == 2 and p[0] != p[1] and all(3 <= n <= 15 for n in p) for p in pairs)
    assert pairs == dealing.lucky_sets(catalogue.find("longo"), 8, SEED, 0)


def test_seed_reproduces_a_longo_print_byte_for_byte(run: Run, tmp_path: Path) -> None:
    outs = []
    for k, seed in enumerate(("5", "5", "6")):
        out = tmp_path / f"longo{k}.pdf"
        result = run("longo", "--out", str(out), "--pages", "2", "--seed", seed)
        assert result.exit_code == 0
        assert f"lucky numbers of --seed {seed}" in result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert outs[0] != outs[2]


def test_pages_of_a_longo_print_differ_and_cost_under_4_kb_each() -> None:
    sheet = api.checked("longo")
    pages = [dealing.lucky_sets(sheet, 8, 3, p) for p in range(3)]
    assert pages[0] != pages[1] != pages[2]

    def size(name: str, count: int) -> int:
        out = io.BytesIO()
        api.render([api.checked(name)], count, out, seed=3)
        return len(out.getvalue())

    assert (size("longo", 11) - size("longo", 1)) / 10 < 4096
    assert (size("classic", 11) - size("classic", 1)) / 10 < 1024
    assert (size("connected-chain", 11) - size("connected-chain", 1)) / 10 < 1024


# ----- scoring (RULES.md §4)

BIG = catalogue.find("big-points")
ALL = list(range(2, 12))


def test_big_points_bonus_crosses_count_for_both_rows_and_cap_at_15() -> None:
    score = rules.score_sheet(
        BIG,
        rules.Written(
            crosses={"red": [*ALL, 12], "yellow": [2, 3, 5]}, bonus={"red-yellow": [2, 3, 5]}
        ),
    )
    assert score.rows["red"] == rules.RowScore(15, True, 120)  # 11 + lock + 3 bonus
    assert score.rows["yellow"] == rules.RowScore(6, False, 21)  # 3 + 3 bonus
    assert score.bonus == {"red-yellow": 3, "green-blue": 0}
    capped = rules.score_sheet(
        BIG, rules.Written(crosses={"red": [*ALL, 12]}, bonus={"red-yellow": [2, 3, 5, 6, 7]})
    )
    assert capped.rows["red"] == rules.RowScore(15, True, 120)  # 17 crosses, 15 count
    assert capped.rows["yellow"].crosses == 5


def test_big_points_bonus_crosses_do_not_count_toward_the_lock() -> None:
    with pytest.raises(
        RuleViolation, match="the 12 locks the row only after 5 crosses; there are 4"
    ):
        rules.score_sheet(
            BIG, rules.Written(crosses={"red": [2, 3, 4, 5, 12]}, bonus={"red-yellow": [2, 3]})
        )


def test_connected_chain_cross_forced_into_a_locked_row_counts() -> None:
    chain = catalogue.find("connected-chain").sheet("A")
    # red was locked first; then yellow 6 forced red 6, left of red's last cross
    score = rules.score_sheet(
        chain, rules.Written(crosses={"red": [2, 3, 4, 5, 6, 7, 12], "yellow": [6]})
    )
    assert score.rows["red"] == rules.RowScore(8, True, 36)
    with pytest.raises(RuleViolation, match="the 6 is linked to red 6, which is not crossed"):
        rules.score_sheet(chain, rules.Written(crosses={"red": [2, 3, 4, 5, 7, 12], "yellow": [6]}))


def test_connected_steps_five_framed_crosses_score_15_on_top_of_the_rows() -> None:
    steps = catalogue.find("connected-steps")
    score = rules.score_sheet(
        steps, rules.Written(crosses={"red": [3, 4, 5], "yellow": [5, 6]}, penalties=1)
    )
    assert score.part("framed") == (5, 15)
    assert score.total == 6 + 3 + 15 - 5
    full = {"red": [3, 4, 5], "yellow": [5, 6, 7], "green": [7, 6, 5], "blue": [5, 4]}
    assert rules.score_sheet(steps, rules.Written(crosses=full)).part("framed").points == 66


def test_x_change_diamonds_add_nothing(tmp_path: Path, run: Run) -> None:
    marks = """layout: x-change
players:
  - name: Léa
    crosses: {red: [3, 5, 8]}
    diamonds: [8/5, 11/3]
  - name: Sam
    crosses: {red: [3, 5, 8]}
"""
    path = tmp_path / "game.yaml"
    path.write_text(marks, encoding="utf-8")
    result = run("score", str(path), "--json")
    import json

    totals = {p["name"]: p["total"] for p in json.loads(result.output)["players"]}
    assert totals == {"Léa": 6, "Sam": 6}


PEN = (20, 41, 140)
"""The filled-in sheet's pen colour (``draw.filled.PEN``) in 8-bit RGB."""


def test_a_crossed_diamond_is_crossed_within_the_diamond_when_few_are_wide(
    tmp_path: Path, run: Run
) -> None:
    """A newcomer's layout with 3 diamonds got a cross 3 fields wide: the cross covers the
    diamond drawn in its wide cell, not the cell."""
    sheet = tmp_path / "three.yaml"
    sheet.write_text(THREE_ROWS + "diamonds: [[8, 5], [9, 7], [11, 3]]\n", encoding="utf-8")
    marks = tmp_path / "game.yaml"
    marks.write_text(
        "layout: three.yaml\nplayers:\n  - name: Zoë\n    crosses: {red: [5]}\n"
        "    diamonds: [8/5]\n",
        encoding="utf-8",
    )
    out = tmp_path / "filled.pdf"
    assert run("score", str(marks), "--out", str(out)).exit_code == 0
    cell = geometry.sheet_boxes(api.checked(str(sheet))).diamonds[0]
    shape = geometry.diamond_shape(cell)
    assert cell.w > 2 * shape.w  # a wide cell
    ox, oy = origin()
    pen = geometry.diamond_cross(cell)
    ends = (looks.CROSS_INSET + 0.02, 1 - looks.CROSS_INSET - 0.02)  # the pen's strokes
    inside = [(ox + pen.x + t * pen.w, oy + pen.y + t * pen.h) for t in ends]
    for t in (looks.CROSS_INSET,):  # the PDF's and the web page's inset
        arm = (pen.w * (0.5 - t), pen.h * (0.5 - t))  # an arm's end from the centre
        assert arm[0] / (shape.w / 2) + arm[1] / (shape.h / 2) < 1  # within the sloped edges
    beside = [(ox + cell.x + 0.5 + k * (shape.x - cell.x - 1) / 6, oy + cell.cy) for k in range(7)]
    beside += [(ox + shape.right + 0.5 + k * (cell.right - shape.right - 1) / 6, oy + cell.cy)
               for k in range(7)]  # fmt: skip
    colours = colours_at(out, inside + beside)
    assert all(off(rgb, PEN) < 60 for rgb in colours[:2]), colours[:2]
    assert all(off(rgb, PEN) > 60 for rgb in colours[2:]), colours[2:]


LONGO = catalogue.find("longo")


def test_longo_locks_with_15_after_6_numbers_and_refuses_after_5() -> None:
    score = rules.score_sheet(LONGO, rules.Written(crosses={"red": [2, 3, 4, 5, 6, 7, 15]}))
    assert score.rows["red"] == rules.RowScore(8, True, 36)
    assert (
        rules.score_sheet(LONGO, rules.Written(crosses={"green": [16, 14, 12, 10, 8, 6, 2]}))
        .rows["green"]
        .locked
    )
    with pytest.raises(
        RuleViolation, match="the 16 locks the row only after 6 crosses; there are 5"
    ):
        rules.score_sheet(LONGO, rules.Written(crosses={"red": [2, 3, 4, 5, 6, 16]}))
    most = rules.score_sheet(LONGO, rules.Written(crosses={"red": range(2, 16)})).rows["red"]
    assert most == rules.RowScore(15, True, 120)  # 14 numbers + lock
    assert rules.max_counted(LONGO, LONGO.rows[0]) == 15


def test_marks_name_slip_and_lucky_numbers_and_the_filled_sheet_draws_them(
    tmp_path: Path, run: Run
) -> None:
    marks = """layout: connected
players:
  - name: Léa
    slip: C
    crosses: {red: [3, 8], yellow: [3, 8]}
"""
    path = tmp_path / "game.yaml"
    path.write_text(marks, encoding="utf-8")
    out = tmp_path / "filled.pdf"
    result = run("score", str(path), "--out", str(out))
    assert result.exit_code == 0 and "total" in result.output
    slip = geometry.sheet_boxes(catalogue.find("connected-chain")).slip
    assert slip is not None
    assert _words_in(out, slip)[0] == ["C"]
    import json

    (player,) = json.loads(run("score", str(path), "--json").output)["players"]
    assert player["slip"] == "C" and player["total"] == 3 + 3  # C links red 3, 8 to yellow


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("links: [[red 6, yellow 6], [red 6, yellow 7]]", "links[1]: red 6 is in two links"),
        ("links: [[red 6, green 6]]", "the ends of a link lie in rows next to each other"),
        ("links: [[red 13, yellow 6]]", "row red has no field 13"),
        ("links: [[red, yellow 6]]", "write a link end as 'ROW NUMBER'"),
        ("bonus_rows: [{id: mid, between: [yellow, green]}]", "hold different numbers"),
        ("bonus_rows: [{id: red, between: [red, yellow]}]", "row id 'red' is used twice"),
        ("diamonds: [[8, 5], [5, 8]]", "diamonds[1]: the diamond 5/8 is there twice"),
        ("lock: {fields: 3, threshold: 5}", ""),
        ("slips: [{name: A, links: []}, {name: A, links: []}]", "expected 1 to 30 links"),
        (
            "diamonds: [" + ", ".join(f"[2, {n}]" for n in range(3, 13)) + ", [3, 4], [3, 5], "
            "[3, 6], [3, 7]]",
            "14 diamonds would be narrower than 7 mm: use at most 13",
        ),
        ("penalties: {boxes: 6}\nlucky: {count: 4}", "lucky.count: 4 lucky numbers do not fit"),
    ],
)
def test_designer_keys_are_validated_with_located_messages(
    extra: str, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "designer.yaml"
    path.write_text(THREE_ROWS + extra + "\n", encoding="utf-8")
    try:
        found = api.problems(layout.load(path))
    except layout.LayoutError as exc:
        found = [str(exc)]
    if not message:
        assert found == []
        return
    assert len(found) == 1 and message in found[0] and found[0].startswith(f"{path}:")


def test_a_designer_sheet_combining_the_keys_validates_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(
        THREE_ROWS
        + "bonus_rows: [{id: mid, between: [red, yellow]}]\n"
        + "links: [[yellow 5, green 5]]\n"
        + "diamonds: [[8, 5]]\n"
        + "scoring: {max_counted: 14}\n",
        encoding="utf-8",
    )
    sheet = layout.load(path)
    assert api.problems(sheet) == []
    from qwixx_print.play import Move, Sheet

    played = Sheet(sheet)
    played.play(Move("swap", "yellow", 3, 0))  # the diamond 8/5 with the yellow 5...
    assert played.crossed("green") == (7,)  # ...whose partner, the green 5, follows
    played.play(Move("bonus", "mid", 3))
    assert played.score().rows["red"].crosses == 1  # the bonus cross counts for red too


@pytest.mark.parametrize("lang", labels.LANGUAGES)
def test_every_rule_of_the_new_sheets_fits_the_header_in_every_language(
    lang: str, tmp_path: Path
) -> None:

    for name in ("longo", "connected-chain"):  # the longest headers (3 rules; the slip box)
        sheet = api.checked(name)
        out = tmp_path / f"{name}.pdf"
        api.print_sheets([sheet], out, 1, per_page=2, lang=lang, seed=1)
        header = " ".join(row_sequences(out)[0][0])
        for key, hint in hints.header_hints(sheet, labels.for_layout(sheet, lang)):
            if key != "lock_fields_hint":  # last and may drop: Longo's padlocks show it
                assert " ".join(hint.split()) in header, (name, hint)


def test_longo_numbers_stay_at_9_pt_in_fields_of_5_3_mm(pdfs: dict[str, Path]) -> None:
    width, height = geometry.field_size(catalogue.find("longo"))
    assert width == pytest.approx(5.275, abs=0.01) and height >= fonts.NUMBER_FIELD_W
    with pdfplumber.open(pdfs["longo"]) as pdf:
        chars = pdf.pages[0].chars
    digits = [c for c in chars if str(c["text"]).isdigit() and "Bold" in str(c["fontname"])]
    sizes = {round(float(c["size"]), 1) for c in digits}
    assert sizes == {6.5, 9.0}  # the score table's and lucky numbers' 6.5 pt, the fields' 9
