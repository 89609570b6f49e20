"""The counter's SVG sheet: drawn from the layout and geometry for every shipped layout, with
the engine's marks and the stable hooks (data-row, data-index, data-crossed, points, total)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from qwixx_print import api, catalogue, geometry
from qwixx_print.play import Move, Sheet
from qwixx_print.scene import palette, shapes
from qwixx_print.web.drawing import sheet_svg, sheet_view

SVG = "{http://www.w3.org/2000/svg}"


def drawn(sheet: Sheet, url: str | None = "/tap") -> ET.Element:
    return ET.fromstring(str(sheet_svg(sheet.layout, sheet_view(sheet), "Léa", url)))


@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_every_field_of_every_shipped_layout_is_drawn_where_the_pdf_puts_it(name: str) -> None:
    sheet = Sheet(api.checked(name))
    svg = drawn(sheet)
    assert svg.get("viewBox") == f"0 0 {geometry.SHEET_W:g} {geometry.SHEET_H:g}"
    boxes = geometry.sheet_boxes(sheet.layout)
    for row, row_boxes in zip(sheet.layout.rows, boxes.rows, strict=True):
        fields = svg.findall(f".//{SVG}g[@class][@data-row='{row.id}'][@data-number]")
        assert [int(f.get("data-number", "")) for f in fields] == [f.number for f in row.fields]
        for field, box in zip(fields, row_boxes.fields, strict=True):
            rect = field.findall(f"{SVG}rect")[
                1 if row.colour is None else 0
            ]  # mixed: a frame first
            assert float(rect.get("x", "")) == pytest.approx(box.x, abs=0.01)
            assert float(rect.get("y", "")) == pytest.approx(geometry.SHEET_H - box.top, abs=0.01)
            assert float(rect.get("width", "")) == pytest.approx(box.w, abs=0.01)
            code = sheet.layout.colours[row.fields[int(field.get("data-index", ""))].colour]
            assert rect.get("fill") == palette.hex_code(palette.paper(palette.hex_rgb(code)))
        small = svg.findall(f".//{SVG}g[@class='again'][@data-row='{row.id}']")
        assert len(small) == (len(row.fields) - 1 if row.again else 0)
    doubles = sum(f.double for row in sheet.layout.rows for f in row.fields)
    assert sum(1 for t in svg.iter(f"{SVG}text") if t.text == "\u00d72") == doubles
    assert len(svg.findall(f".//{SVG}g[@data-bar]")) == len(sheet.layout.bonus_bar)


def test_the_engines_marks_and_points_are_drawn() -> None:
    sheet = Sheet(api.checked("classic"))
    for index in (0, 1, 2, 3, 4, 10):
        sheet.cross("red", index)
    sheet.penalty()
    svg = drawn(sheet)
    red = svg.findall(f".//{SVG}g[@data-row='red'][@data-number]")
    assert [f.get("data-crossed") for f in red] == ["true"] * 5 + ["false"] * 5 + ["true"]
    assert [f.get("data-legal") for f in red] == ["false"] * 11  # the row is locked
    assert svg.find(f".//{SVG}g[@data-row-id='red']").get("data-closed") == "true"
    points = {
        g.get("data-row-points"): g.find(f"{SVG}text").text
        for g in svg.iter(f"{SVG}g")
        if g.get("data-row-points")
    }
    assert points == {"red": "28", "yellow": "0", "green": "0", "blue": "0"}
    total = next(g for g in svg.iter(f"{SVG}g") if g.get("data-total"))
    assert total.get("data-total") == "23" and total.find(f"{SVG}text").text == "23"
    boxes = [g.get("data-crossed") for g in svg.iter(f"{SVG}g") if g.get("class") == "penalty-box"]
    assert boxes == ["true", "false", "false", "false"]


def test_only_a_players_own_sheet_posts_taps() -> None:
    sheet = Sheet(api.checked("nochmal"))
    own, other = drawn(sheet, "/games/g/t/move"), drawn(sheet, None)
    taps = [g for g in own.iter(f"{SVG}g") if g.get("hx-post")]
    assert {g.get("hx-post") for g in taps} == {"/games/g/t/move"}
    fields = sum(len(row.fields) for row in sheet.layout.rows)
    assert len([g for g in taps if g.get("class", "").startswith("field")]) == fields
    assert not [g for g in other.iter(f"{SVG}g") if g.get("hx-post")]


def test_the_marks_of_the_new_sheets_are_drawn_where_the_pdf_puts_them() -> None:
    big = Sheet(api.checked("big-points"))
    big.cross("red", 0)
    big.play(Move("bonus", "red-yellow", 0))
    svg = drawn(big)
    boxes = geometry.sheet_boxes(big.layout)
    cells = svg.findall(f".//{SVG}g[@data-bonus-row]")
    assert len(cells) == 22
    for g, box in zip(cells, [*boxes.bonus_rows[0], *boxes.bonus_rows[1]], strict=True):
        ring = g.find(f"{SVG}circle")
        assert ring is not None
        assert float(ring.get("cx", "")) == pytest.approx(box.cx, abs=0.01)
        assert float(ring.get("cy", "")) == pytest.approx(geometry.SHEET_H - box.cy, abs=0.01)
    for g, box in zip(cells[:11], boxes.bonus_rows[0], strict=True):  # red over yellow
        dot = shapes.bonus_half(box, 1)  # red's circle in the upper half, as the PDF
        assert [
            c for c in g.findall(f".//{SVG}circle")
            if float(c.get("cy", "")) == pytest.approx(geometry.SHEET_H - dot.cy, abs=0.01)
        ]  # fmt: skip
        assert len(g.findall(f".//{SVG}polygon")) == 1  # yellow's triangle in the lower half
    assert [g.get("data-crossed") for g in cells[:2]] == ["true", "false"]
    xchange = drawn(Sheet(api.checked("x-change")))
    numbers = [g.get("data-numbers") for g in xchange.findall(f".//{SVG}g[@data-diamond]")]
    assert numbers == ["8/5", "9/7", "11/3", "7/4", "10/3", "8/6", "10/5", "11/9", "6/4"]
    longo = Sheet(api.checked("longo").sheet(lucky=(5, 11)))
    clovers = drawn(longo).findall(f".//{SVG}g[@data-lucky-number]")
    assert [g.get("data-lucky-number") for g in clovers] == ["5", "11"]
    for g, box in zip(clovers, geometry.sheet_boxes(longo.layout).lucky, strict=True):
        label = g.find(f"{SVG}text")
        assert label is not None and label.text == g.get("data-lucky-number")
        assert float(label.get("x", "")) == pytest.approx(box.cx, abs=0.01)
    chain = drawn(Sheet(api.checked("connected").sheet("B")))
    links = [g.get("data-link") for g in chain.iter(f"{SVG}g") if g.get("data-link")]
    assert links[:2] == ["red 0 yellow 0", "red 5 yellow 5"] and len(links) == 6
    slip = next(g for g in chain.iter(f"{SVG}g") if g.get("data-slip"))
    assert slip.get("data-slip") == "B"
    steps = drawn(Sheet(api.checked("connected-steps")))
    frames = [
        r for r in steps.iter(f"{SVG}rect") if r.get("stroke-dasharray") == "0.42 0.28"
    ]  # 1.2 0.8 pt
    assert len(frames) == 11
