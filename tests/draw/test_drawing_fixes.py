"""Drawing faults a new user found (issue 20 item 7), each pinned by the picture: a double
field's x2 tab on a 3-row sheet with small boxes stays inside its row's band, the heat map's
tint stands apart from a purple row, and a lock's rate leaves its padlock visible."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from PIL import Image

from qwixx_print import catalogue, geometry
from qwixx_print.draw import heat
from qwixx_print.play import Sheet
from qwixx_print.scene import heatmap, palette, shapes
from qwixx_print.web.drawing import sheet_svg, sheet_view
from tests.conftest import ROOT, Run

THREE_ROWS_DOUBLE = """\
name: three
dice: [red, yellow, green]
rows:
  - {id: red, colour: red, again: true, fields: [2, 3, {number: 4, double: true}, 5, 6, 7, 8, 9, 10, 11, 12]}
  - {id: yellow, colour: yellow, again: true, fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
  - {id: green, colour: green, again: true, fields: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
"""
PX = 12
SVG = "{http://www.w3.org/2000/svg}"


def at(image: Image.Image, x: float, y: float, height: float) -> tuple[int, ...]:
    """The colour at (x, y) mm, y up from the bottom of a picture ``height`` mm tall."""
    return tuple(image.getpixel((int(x * PX), int((height - y) * PX))))


def test_a_double_fields_x2_tab_stays_inside_its_band_on_a_three_row_sheet(
    tmp_path: Path, run: Run
) -> None:
    path = tmp_path / "three.yaml"
    path.write_text(THREE_ROWS_DOUBLE, encoding="utf-8")
    sheet = catalogue.checked(str(path))
    row = geometry.sheet_boxes(sheet).rows[0]
    field = row.fields[2]
    assert field.top + 1.15 > row.band.top  # the tab's usual place would poke out
    out = tmp_path / "three.png"
    assert run(str(path), "--preview", str(out)).exit_code == 0
    image = Image.open(out).convert("RGB")
    assert at(image, field.cx, row.band.top + 0.3, geometry.SHEET_H) == (255, 255, 255)
    tab_ink = tuple(round(v * 255) for v in palette.double_ink(palette.hex_rgb("#e2231a")))
    inside = at(image, field.cx - 1.2, row.band.top - 1.0, geometry.SHEET_H)
    assert max(abs(a - b) for a, b in zip(inside, tab_ink, strict=True)) <= 3
    svg = ET.fromstring(str(sheet_svg(sheet, sheet_view(Sheet(sheet)), "Ann", None)))
    tabs = [
        r for r in svg.iter(f"{SVG}rect") if r.get("width") == "3.4" and r.get("height") == "2.3"
    ]
    assert len(tabs) == 1
    assert float(tabs[0].get("y", "")) >= geometry.SHEET_H - row.band.top - 0.01


def heat_picture(
    layout: Any,
    rates: dict[str, list[float]],
    locks: dict[str, float],
    again: dict[str, list[float]] | None = None,
) -> Image.Image:
    report: dict[str, Any] = {
        "cross_rate": rates,
        "lock_rate": locks,
        "games": 100,
        "players": 2,
        "strategy": "gap-2",
        "seed": 1,
    }
    if again is not None:
        report["again_rate"] = again
    out = io.BytesIO()
    heat.heat_map(layout, report, out)
    return Image.open(io.BytesIO(out.getvalue())).convert("RGB")


def test_the_heat_tint_stands_apart_from_every_row_colour_purple_too(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "classic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "purple.yaml"
    path.write_text(text.replace("blue", "purple").replace("name: classic", "name: purple"))
    sheet = catalogue.checked(str(path))
    rates = {row.id: [1.0] + [0.0] * (len(row.fields) - 1) for row in sheet.rows}
    image = heat_picture(sheet, rates, {row.id: 0.5 for row in sheet.rows})
    height = geometry.SHEET_H + heatmap.LEGEND_H
    boxes = geometry.sheet_boxes(sheet)
    for row, row_boxes in zip(sheet.rows, boxes.rows, strict=True):
        hottest = row_boxes.fields[0]
        tinted = at(image, hottest.right - 0.8, hottest.cy + heatmap.LEGEND_H, height)
        band = tuple(round(v * 255) for v in palette.hex_rgb(sheet.colours[row.colour or ""]))
        assert max(abs(a - b) for a, b in zip(tinted, band, strict=True)) >= 60, row.id


def test_a_small_box_is_tinted_by_its_rate_on_the_heat_map() -> None:
    """Nochmal's heat map tints each small box by the share of sheets with it crossed, on
    the fields' scale: the box at the peak rate is as dark as the darkest field, one at 0
    stays white paper, and the legend says what a small box's rate is."""
    sheet = catalogue.checked("nochmal")
    rates = {row.id: [0.5] * len(row.fields) for row in sheet.rows}
    again = {row.id: [0.0] * (len(row.fields) - 2) + [0.5] for row in sheet.rows}
    image = heat_picture(sheet, rates, {row.id: 0.5 for row in sheet.rows}, again)
    height = geometry.SHEET_H + heatmap.LEGEND_H
    hot = palette.mix((1.0, 1.0, 1.0), palette.HEAT, heatmap.MAX_ALPHA)
    want = tuple(round(v * 255) for v in hot)
    for row_boxes in geometry.sheet_boxes(sheet).rows:
        cold, warm = row_boxes.again[0], row_boxes.again[-1]
        assert at(image, cold.x + 0.5, cold.y + 0.4 + heatmap.LEGEND_H, height) == (255,) * 3
        seen = at(image, warm.x + 0.5, warm.y + 0.4 + heatmap.LEGEND_H, height)
        assert max(abs(a - b) for a, b in zip(seen, want, strict=True)) <= 3
    without = heat_picture(sheet, rates, {row.id: 0.5 for row in sheet.rows})
    warm = geometry.sheet_boxes(sheet).rows[0].again[-1]
    assert at(without, warm.x + 0.5, warm.y + 0.4 + heatmap.LEGEND_H, height) == (255,) * 3


def test_a_locks_rate_leaves_its_padlock_visible() -> None:
    sheet = catalogue.checked("classic")
    rates = {row.id: [0.0] * len(row.fields) for row in sheet.rows}
    image = heat_picture(sheet, rates, {row.id: 0.5 for row in sheet.rows})
    height = geometry.SHEET_H + heatmap.LEGEND_H
    for row_boxes, row in zip(geometry.sheet_boxes(sheet).rows, sheet.rows, strict=True):
        body = shapes.padlock_body(row_boxes.lock)
        ink = tuple(
            round(v * 255)
            for v in palette.print_ink(palette.hex_rgb(sheet.colours[row.lock_colour]))
        )
        found = at(image, body.x + 0.12 * body.w, body.cy + heatmap.LEGEND_H, height)
        assert max(abs(a - b) for a, b in zip(found, ink, strict=True)) <= 12, row.id
        tag = heatmap.lock_tag(row_boxes.lock)
        assert tag.top <= body.y and tag.h >= 1.6


def contrast(a: palette.RGB, b: palette.RGB) -> float:
    """The WCAG contrast ratio of two colours (1: none, 21: black on white)."""

    def lum(c: palette.RGB) -> float:
        r, g, b = (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_hottest_fields_number_stays_legible_on_its_tint_on_every_shipped_colour() -> None:
    """The heat map's darkest tint is light enough that a field's number still stands out
    on it, for every row colour of the shipped layouts: a luminance contrast of at least
    1.3 (blue's 10 on its 58 % field had 1.04 with the old ceiling of 0.78; now 3.4, the
    weakest yellow 1.36). The tint in the picture is the one computed here."""
    colours = {c for n in catalogue.shipped_names() for c in catalogue.checked(n).colours.values()}
    for code in colours:
        tint = palette.hex_rgb(code)
        hottest = palette.mix(palette.paper(tint), palette.HEAT, heatmap.MAX_ALPHA)
        assert contrast(palette.print_ink(tint), hottest) >= 1.3, code
    sheet = catalogue.checked("classic")
    rates = {row.id: [1.0] + [0.0] * (len(row.fields) - 1) for row in sheet.rows}
    image = heat_picture(sheet, rates, {row.id: 0.5 for row in sheet.rows})
    height = geometry.SHEET_H + heatmap.LEGEND_H
    for row, row_boxes in zip(sheet.rows, geometry.sheet_boxes(sheet).rows, strict=True):
        field = row_boxes.fields[0]
        seen = at(image, field.right - 0.8, field.cy + heatmap.LEGEND_H, height)
        tint = palette.hex_rgb(sheet.colours[row.colour or ""])
        want = palette.mix(palette.paper(tint), palette.HEAT, heatmap.MAX_ALPHA)
        assert max(abs(a - round(b * 255)) for a, b in zip(seen, want, strict=True)) <= 3, row.id
