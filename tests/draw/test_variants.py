"""The nine shipped sheets (issue 3; RULES.md §2): each valid, each one A4 page of 8 sheets
whose rows read back as RULES.md gives them, with the variant's marks where the rules put
them; aliases; the crosses a row can hold."""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path

import pdfplumber
import pytest

from qwixx_print import api, catalogue, geometry, labels, layout, rules
from qwixx_print.scene import fonts, hints, palette
from tests.conftest import ROOT, Run
from tests.draw.test_more_sheets import ROW_FROM_RULES as MORE_ROWS
from tests.pdfcheck import (
    MM,
    assert_row_reads_back,
    colours_at,
    form_placements,
    page_sizes,
    row_sequences,
)

UP = "2 3 4 5 6 7 8 9 10 11 12"
DOWN = "12 11 10 9 8 7 6 5 4 3 2"

ROW_FROM_RULES = {
    "classic": (2, DOWN),
    "doppelt": (0, UP),
    "nochmal": (3, DOWN),
    "bonuskette": (1, UP),
    "kraefte": (2, DOWN),
    "farbbloecke": (2, DOWN),
    "durcheinander": (0, "10 6 2 8 3 4 12 5 9 7 11"),
    "regenbogen": (1, UP),
    "wirrwarr": (0, "7 3 11 5 9 2 8 4 10 6 12"),
}
"""One row per shipped layout and its numbers as RULES.md §1, §2 give them (Wirrwarr: our
design, docs/variants.md)."""

ALIASES = {
    "kräfte": "kraefte",
    "double-a": "nochmal",
    "double-b": "doppelt",
    "bonus-a": "bonuskette",
    "bonus-b": "kraefte",
    "mixx-colours": "farbbloecke",
    "mixx-numbers": "durcheinander",
    "farbblöcke": "farbbloecke",
}
"""The seed's German names and the official English pad names (issue 3; RULES.md §2 table)."""


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("variants")
    out = {}
    for name in catalogue.shipped_names():
        out[name] = folder / f"{name}.pdf"
        api.print_sheets([api.checked(name)], out[name], 1)
    return out


def sheet_origin() -> tuple[float, float]:
    """Lower-left corner of the first (top-left) sheet on an A4 page of 8, mm."""
    return geometry.impose("a4", 8).origins[0]


def test_nine_sheets_are_shipped_and_listed_with_their_aliases(run: Run) -> None:
    assert set(ROW_FROM_RULES) <= set(catalogue.shipped_names())
    result = run("list")
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == catalogue.shipped_names()
    kraefte = next(line for line in lines if line.startswith("kraefte "))
    assert kraefte.endswith("(also: kräfte, bonus-b)")
    for alias in ALIASES:
        assert alias in result.output


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_alias_finds_its_sheet(alias: str) -> None:
    assert catalogue.find(alias).name == ALIASES[alias]
    assert catalogue.find(alias.upper()).name == ALIASES[alias]


def test_alias_typed_decomposed_still_finds_kraefte() -> None:
    typed = unicodedata.normalize("NFD", "Kräfte")
    assert len(typed) == 7
    assert catalogue.find(typed) == catalogue.find("kraefte")


def test_aliases_are_unique_and_never_a_layout_name() -> None:
    aliases = [a for name in catalogue.shipped_names() for a in catalogue.find(name).aliases]
    assert len(aliases) == len(set(aliases)) == 15  # connect15 and lucky15 the 14th and 15th
    assert set(aliases).isdisjoint(catalogue.shipped_names())
    assert catalogue.shipped_aliases()["mixx-numbers"] == "durcheinander"


def test_unknown_name_is_not_taken_for_an_alias() -> None:
    with pytest.raises(
        layout.LayoutError,
        match=r"^bonus-c: no such layout \(did you mean 'bonus-b'\?\) \(shipped: ",
    ):
        catalogue.find("bonus-c")


@pytest.mark.parametrize("name", sorted(ROW_FROM_RULES))
def test_shipped_sheet_is_valid_and_prints_one_a4_page_of_eight(
    name: str, pdfs: dict[str, Path]
) -> None:
    assert api.problems(catalogue.find(name)) == []
    (width, height), *more = page_sizes(pdfs[name])
    assert more == []
    assert (width, height) == (pytest.approx(595.28, abs=0.5), pytest.approx(841.89, abs=0.5))
    assert form_placements(pdfs[name]) == {
        "/FormXob.page0": 1,
        "/FormXob.sheet0": 8,
        "/FormXob.guides": 1,
    }


@pytest.mark.parametrize("name", sorted({**ROW_FROM_RULES, **MORE_ROWS}))
def test_row_reads_back_as_rules_give_it_at_the_field_centres(
    name: str, pdfs: dict[str, Path]
) -> None:
    index, numbers = {**ROW_FROM_RULES, **MORE_ROWS}[name]
    assert_row_reads_back(pdfs[name], catalogue.find(name), index, numbers, sheet_origin())


def test_every_durcheinander_row_reads_back_as_rules_give_it(pdfs: dict[str, Path]) -> None:
    rules_rows = [
        "10 6 2 8 3 4 12 5 9 7 11",
        "9 12 4 6 7 2 5 8 11 3 10",
        "8 2 10 12 6 9 7 4 5 11 3",
        "5 7 11 9 12 3 8 10 2 6 4",
    ]
    lines = [" ".join(texts) for texts, _ in row_sequences(pdfs["durcheinander"])]
    for row in rules_rows:
        assert lines.count(row) == 8


def tint(sheet: layout.Layout, colour: str, share: float = 0.82) -> tuple[int, ...]:
    """``colour`` moved ``share`` towards white, as drawn (a field's fill: 82 %), 0..255."""
    return tuple(
        round(v * 255)
        for v in palette.mix(palette.hex_rgb(sheet.colours[colour]), palette.WHITE, share)
    )


def off(rgb: tuple[int, ...], other: tuple[int, ...]) -> int:
    """The largest difference of two colours in one channel, 0..255."""
    return max(abs(a - b) for a, b in zip(rgb, other, strict=True))


def test_farbbloecke_field_fill_matches_its_block(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("farbbloecke")
    ox, oy = sheet_origin()
    rows = geometry.sheet_boxes(sheet).rows
    boxes = [box for row in rows for box in row.fields]
    fields = [f for row in sheet.rows for f in row.fields]
    # 0.9 mm in from a field's lower-left corner: inside the fill, clear of frame and digits
    found = colours_at(pdfs["farbbloecke"], [(ox + b.x + 0.9, oy + b.y + 0.9) for b in boxes])
    tints = {c: tint(sheet, c) for c in ("red", "yellow", "green", "blue")}
    for f, rgb in zip(fields, found, strict=True):
        assert min(tints, key=lambda c: off(tints[c], rgb)) == f.colour
        assert off(tints[f.colour], rgb) <= 3
    assert [f.colour for f in sheet.rows[0].fields[:4]] == ["yellow"] * 3 + ["blue"]
    assert [f.colour for f in sheet.rows[3].fields[-4:]] == ["yellow", "blue", "blue", "blue"]


def test_bonus_bar_cells_carry_the_rules_colours_in_order(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("bonuskette")
    expected = ["red", "yellow", "green", "blue", "green", "red"]
    expected += ["blue", "yellow", "red", "yellow", "blue", "green"]
    assert list(sheet.bonus_bar) == expected
    ox, oy = sheet_origin()
    cells = geometry.sheet_boxes(sheet).bonus_bar
    # the cell's fill, left of its colour symbol, and the symbol in its centre
    left = [(ox + c.cx - 0.4 * min(c.w - 1.4, c.h), oy + c.cy) for c in cells]
    fills = colours_at(pdfs["bonuskette"], left)
    marks = colours_at(pdfs["bonuskette"], [(ox + c.cx, oy + c.cy) for c in cells])
    for colour, fill, mark in zip(expected, fills, marks, strict=True):
        assert off(tint(sheet, colour, 0.55), fill) <= 3
        ink = palette.print_ink(palette.hex_rgb(sheet.colours[colour]))
        assert off(tuple(round(v * 255) for v in ink), mark) <= 3


def test_double_fields_carry_an_x2_tab_at_the_rules_positions(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("doppelt")
    doubles = [[f.number for f in row.fields if f.double] for row in sheet.rows]
    assert doubles == [[3, 5, 9, 11], [3, 5, 9, 11], [10, 8, 6, 4], [10, 8, 6, 4]]
    ox, oy = sheet_origin()
    rows = geometry.sheet_boxes(sheet).rows
    title = geometry.sheet_boxes(sheet).title  # the header's "x2" is not a tab
    want = sorted(
        (round(ox + box.cx, 1), round(oy + box.top, 1))
        for row, boxes in zip(sheet.rows, rows, strict=True)
        for f, box in zip(row.fields, boxes.fields, strict=True)
        if f.double
    )
    tabs = [
        (x, y)
        for texts, centres in row_sequences(pdfs["doppelt"])
        for text, (x, y) in zip(texts, centres, strict=True)
        if text == "\u00d72" and x < ox + geometry.SHEET_W and oy < y < oy + title.y
    ]
    assert len(tabs) == 16
    for (x, y), (wx, wy) in zip(sorted(tabs), want, strict=True):
        assert x == pytest.approx(wx, abs=0.2)
        assert y == pytest.approx(wy, abs=0.6)


def test_power_legend_names_the_five_powers(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("kraefte")
    assert geometry.powers(sheet) == tuple(rules.POWERS)
    words = " ".join(" ".join(texts) for texts, _ in row_sequences(pdfs["kraefte"]))
    for phrase in ("+13 points", "penalties = 0"):  # the one-line legends
        assert words.count(phrase) == 8  # once on each sheet
    cells = geometry.sheet_boxes(sheet).legend_cells
    assert len(cells) == 5
    assert cells[0].x == pytest.approx(2.0) and cells[-1].right == pytest.approx(94.0)


def test_power_placement_spreads_each_symbol_over_two_rows(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("kraefte")
    rows_of: dict[str, list[int]] = {}
    for i, row in enumerate(sheet.rows):
        assert row.last.power is None
        for f in row.fields:
            if f.power:
                rows_of.setdefault(f.power, []).append(i)
    assert sorted(rows_of) == sorted(rules.POWERS)
    assert all(len(set(rows)) == 2 for rows in rows_of.values())
    # a badge is drawn on the top edge of each power field: its white disc under the symbol
    ox, oy = sheet_origin()
    boxes = geometry.sheet_boxes(sheet).rows[0].fields
    plus_13 = boxes[5]  # red 7
    assert sheet.rows[0].fields[5].power == "plus-13"
    (corner,) = colours_at(pdfs["kraefte"], [(ox + plus_13.cx + 0.6, oy + plus_13.top - 0.7)])
    assert corner == (255, 255, 255)


def test_header_line_tells_the_sheets_own_rules(pdfs: dict[str, Path]) -> None:
    def header(name: str) -> str:
        first = row_sequences(pdfs[name])[0][0]
        return " ".join(first)

    assert header("doppelt").endswith("lock after 7 crosses · \u00d72 = two crosses")
    assert header("nochmal").endswith("lock after 7 crosses · small box: same number again")
    assert header("farbbloecke").endswith("scored per row · the last field locks")
    assert header("durcheinander") == "the last field locks"
    assert header("classic") == "QWIXX"


def test_mixed_sheet_locks_take_the_colour_of_the_last_field(pdfs: dict[str, Path]) -> None:
    sheet = catalogue.find("regenbogen")
    assert [row.lock_colour for row in sheet.rows] == ["green", "blue", "red", "yellow"]
    assert [row.colour for row in sheet.rows] == [None] * 4
    ox, oy = sheet_origin()
    locks = [row.lock for row in geometry.sheet_boxes(sheet).rows]
    # above the padlock's shackle, inside the round lock field: its paper tint
    found = colours_at(pdfs["regenbogen"], [(ox + b.cx, oy + b.cy + 0.4 * b.h) for b in locks])
    for colour, rgb in zip(["green", "blue", "red", "yellow"], found, strict=True):
        assert off(tint(sheet, colour), rgb) <= 3


@pytest.mark.parametrize(
    ("name", "crosses", "counted"),
    [("classic", 12, 12), ("doppelt", 16, 16), ("nochmal", 22, 16), ("kraefte", 12, 12)],
)
def test_max_crosses_per_row_follow_from_the_layout(name: str, crosses: int, counted: int) -> None:
    sheet = catalogue.find(name)
    assert {rules.max_crosses(row) for row in sheet.rows} == {crosses}
    assert {rules.max_counted(sheet, row) for row in sheet.rows} == {counted}
    assert rules.points(sheet, crosses) == rules.triangular(counted)
    assert len(geometry.sheet_boxes(sheet).score_cells) == counted


@pytest.mark.parametrize("name", sorted(ROW_FROM_RULES))
def test_fields_and_numbers_stay_large_enough(name: str) -> None:
    width, height = geometry.field_size(catalogue.find(name))
    assert min(width, height) >= geometry.MIN_FIELD
    assert fonts.number_size(geometry.Box(0, 0, width, height)) == fonts.NUMBER_PT == 11


def test_numbers_in_narrow_fields_are_set_smaller_but_never_below_9_pt() -> None:
    smallest = geometry.Box(0, 0, geometry.MIN_FIELD, geometry.MIN_FIELD)
    assert 9 <= fonts.number_size(smallest) < fonts.NUMBER_PT


THIRTEEN = """\
name: thirteen
numbers: {from: 1, to: 13}
rows:
  - {id: red, colour: red, fields: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]}
  - {id: blue, colour: blue, fields: [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}
dice: [red, blue]
scoring: {max_counted: 14}
"""


def test_two_rows_of_thirteen_get_bands_close_to_their_fields_and_smaller_numbers(
    tmp_path: Path, run: Run
) -> None:
    path = tmp_path / "thirteen.yaml"
    path.write_text(THIRTEEN, encoding="utf-8")
    sheet = layout.load(path)
    width, height = geometry.field_size(sheet)
    assert width == pytest.approx(6.1, abs=0.05)
    assert height == pytest.approx(width * 1.4)  # two rows: taller fields (issue 12.7)
    for row in geometry.sheet_boxes(sheet).rows:
        assert row.band.h == pytest.approx(height * 1.25 + 1.2)  # not half the sheet
        assert row.fields[0].y - row.band.y == pytest.approx(row.band.top - row.fields[0].top)
    out = tmp_path / "thirteen.pdf"
    assert run(str(path), "--out", str(out)).exit_code == 0
    with pdfplumber.open(out) as pdf:
        chars = pdf.pages[0].chars
    bold_digits = [c for c in chars if str(c["text"]).isdigit() and "Bold" in str(c["fontname"])]
    field_sizes = {round(float(c["size"]), 1) for c in bold_digits if float(c["size"]) > 8}
    assert field_sizes == {round(11 * width / 7.0, 1)}  # 9.6 pt, not 11


def test_classic_bands_share_the_rows_area_as_before() -> None:
    sheet = geometry.sheet_boxes(catalogue.find("classic"))
    assert [row.band.h for row in sheet.rows] == pytest.approx([10.025] * 4)  # (42.5 - 3 x 0.8) / 4


def test_each_colour_owns_eleven_fields_on_every_d6_sheet() -> None:
    for name in catalogue.shipped_names():
        sheet = catalogue.find(name)
        if sheet.number_range != (2, 12):
            continue
        owned = [f.colour for row in sheet.rows for f in row.fields]
        assert {c: owned.count(c) for c in sheet.dice} == dict.fromkeys(sheet.dice, 11), name


def test_nochmal_small_boxes_sit_under_every_field_but_the_last() -> None:
    sheet = geometry.sheet_boxes(catalogue.find("nochmal"))
    for row in sheet.rows:
        assert len(row.again) == len(row.fields) - 1 == 10
        for box, field in zip(row.again, row.fields[:-1], strict=True):
            assert box.cx == pytest.approx(field.cx)
            assert box.top <= field.y
            assert box.y >= row.band.y
            # 0.7 of a field 7.25 mm wide: its lock is as tall as the fields (6.2 mm), the
            # fields share the rest of the row (issue 12.7)
            assert (box.w, box.h) == (pytest.approx(5.077, abs=0.001), pytest.approx(2.2))


def test_variants_doc_shows_every_shipped_sheet_as_a_one_sheet_picture() -> None:
    from PIL import Image

    doc = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    for name in catalogue.shipped_names():
        assert f"](sheets/{name}.png)" in doc
        with Image.open(ROOT / "docs" / "sheets" / f"{name}.png") as picture:
            # one 96 x 65 mm sheet at the preview's 12 pixels per mm
            assert picture.size == (1152, 780)
    for alias in ALIASES:
        assert f"`{alias}`" in doc


def test_printing_by_alias_writes_the_sheet_under_its_name(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "powers.pdf"
    result = run("Kräfte", "--out", str(out))
    assert result.exit_code == 0
    assert result.output == f"wrote {out}: 1 page, 8 sheets (kraefte)\n"
    texts = [" ".join(t) for t, _ in row_sequences(out)]
    assert texts.count(UP) == 16 and texts.count(DOWN) == 16


def test_power_legend_text_wraps_or_is_refused_with_its_cell_named(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "kraefte.yaml").read_text(encoding="utf-8")
    fits = tmp_path / "fits.yaml"
    fits.write_text(
        text.replace("labels:\n", 'labels:\n  power-plus-13: "plus thirteen points, end"\n')
    )
    assert api.problems(layout.load(fits, "fits.yaml")) == []
    long = tmp_path / "long.yaml"
    long.write_text(text.replace("labels:\n", f'labels:\n  power-plus-13: "{"thirteen " * 12}"\n'))
    found = api.problems(layout.load(long, "long.yaml"))
    assert len(found) == 1
    assert found[0].startswith("long.yaml:")
    assert ": labels.power-plus-13: label 'power-plus-13' ('thirteen thirteen" in found[0]
    assert "does not fit the power legend cell (13.7 x 4.0 mm) even at 4 pt" in found[0]


def test_a_long_title_leaves_room_for_the_sheets_own_rules(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "doppelt.yaml").read_text(encoding="utf-8")
    path = tmp_path / "long-title.yaml"
    long = 'title: "Our very own family Qwixx sheet for Sundays!"'
    path.write_text(text.replace('title: "QWIXX · DOPPELT"', long))
    sheet = layout.load(path)
    assert sheet.labels["title"] == "Our very own family Qwixx sheet for Sundays!"
    assert api.problems(sheet) == []


def test_rows_of_fewer_fields_get_wider_fields() -> None:
    classic = geometry.field_size(catalogue.find("classic"))
    short = layout.Layout(
        name="short",
        rows=(layout.Row("red", tuple(layout.Field(n, "red") for n in range(2, 8))),),
        dice=("red",),
        colours={"red": "#e2231a"},
    )
    wide, _ = geometry.field_size(short)
    assert classic[0] == pytest.approx(7.167, abs=0.001)
    assert wide == pytest.approx(90.8 / 7 - 0.4, abs=0.001)  # 7 slots share the row


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "lock after 1 cross"),
        ("de", "abschließen nach 1 Kreuz"),
        ("nl", "sluiten na 1 kruisje"),
        ("pl", "zamek po 1 krzyżyku"),
    ],
)
def test_a_lock_after_one_cross_is_said_in_the_singular(lang: str, hint: str) -> None:
    one = dataclasses.replace(catalogue.find("classic"), lock_threshold=1)
    assert hints.header_hints(one, labels.for_layout(one, lang)) == [("lock_after_one", hint)]


def test_rules_hints_too_long_for_one_header_line_are_wrapped_not_left_out(
    tmp_path: Path, run: Run
) -> None:
    path = ROOT / "tests" / "data" / "layouts" / "mixed-doubles-again.yaml"
    assert run("validate", str(path)).exit_code == 0
    out = tmp_path / "de.pdf"
    assert run(str(path), "--lang", "de", "--out", str(out)).exit_code == 0
    sheet = layout.load(path)
    full = [text for _, text in hints.header_hints(sheet, labels.for_layout(sheet, "de"))]
    assert len(full) == 5
    ox, oy = sheet_origin()
    title = geometry.sheet_boxes(sheet).title
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        line = page.within_bbox(
            (
                (ox + title.x) * MM,
                height - (oy + title.top) * MM,
                (ox + title.right) * MM,
                height - (oy + title.y) * MM,
            )
        ).chars
    hint = [c for c in line if float(c["size"]) < 8]  # the title is 8.5 pt
    lines: dict[int, list[dict[str, object]]] = {}
    for c in hint:
        lines.setdefault(round(float(c["top"])), []).append(c)
    assert len(lines) == 2  # too long for one line: wrapped on two, none left out
    printed = "".join(
        "".join(str(c["text"]) for c in sorted(chars, key=lambda c: float(str(c["x0"]))))
        for _, chars in sorted(lines.items())
    )
    assert printed.replace(" ", "").replace("\u00b7", "") == "".join(full).replace(" ", "")
    assert min(float(c["size"]) for c in hint) >= 5.0


def test_every_variant_but_classic_prints_its_rules_and_the_docs_say_so() -> None:
    hinted = {
        name
        for name in catalogue.shipped_names()
        if hints.header_hints(catalogue.find(name), labels.for_layout(catalogue.find(name)))
    }
    assert hinted == set(catalogue.shipped_names()) - {"classic"}
    docs = " ".join((ROOT / "docs" / "variants.md").read_text(encoding="utf-8").split())
    assert "Each variant prints its own rules" in docs
    assert "the classic sheet, whose rules every player knows, prints none" in docs
