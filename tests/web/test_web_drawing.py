"""The counter's SVG sheet: drawn from the layout and geometry for every shipped layout, with
the engine's marks and the stable hooks (data-row, data-index, data-crossed, points, total);
a sheet that takes taps comes flat and turned (the scene turned), with the same hooks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from qwixx_print import api, catalogue, geometry, labels
from qwixx_print.play import Move, Sheet
from qwixx_print.scene import palette, shapes
from qwixx_print.scene.turn import Turn
from qwixx_print.web.drawing import drawing, sheet_svg, sheet_view

SVG = "{http://www.w3.org/2000/svg}"


def drawn(sheet: Sheet, url: str | None = "/tap", turned: bool = False) -> ET.Element:
    return ET.fromstring(str(drawing(sheet.layout, sheet_view(sheet), "Léa", url, turned=turned)))


def hooks(svg: ET.Element) -> list[dict[str, str]]:
    """Every group's hooks and classes (``data-*``, ``class``, ``hx-*``, ``role``) in order."""
    keep = ("data-", "hx-", "class", "role", "tabindex", "aria-")
    return [
        {k: v for k, v in g.attrib.items() if k.startswith(keep)}
        for g in svg.iter(f"{SVG}g")
        if any(k.startswith(keep) for k in g.attrib)
    ]


@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_a_tappable_sheet_comes_flat_and_turned_by_the_scene_with_the_same_hooks(
    name: str,
) -> None:
    """The page's markup of the own sheet: the flat SVG, then the turned one in a template;
    the turned one has every group and hook of the flat one, in the same order, no
    transform on any group (nothing is rotated by the page), its fields where the scene's
    turn puts them, each number upright (no ``transform``) in its field's middle, and the
    texts that run along the sheet turned with it (``rotate(90 ...)``)."""
    sheet = Sheet(api.checked(name))
    sheet.cross(sheet.layout.rows[0].id, 1)
    page = str(sheet_svg(sheet.layout, sheet_view(sheet), "Léa", "/tap"))
    flat_text, rest = page.split('<template data-view="turned">')
    assert rest.endswith("</template>")
    flat, turned = ET.fromstring(flat_text), ET.fromstring(rest.removesuffix("</template>"))
    assert (flat.get("data-view"), turned.get("data-view")) == ("flat", "turned")
    w, h = geometry.SHEET_W, geometry.SHEET_H
    assert turned.get("viewBox") == f"0 0 {h:g} {w:g}"
    assert hooks(flat) == hooks(turned) and len(hooks(flat)) > 40
    assert not [g for g in turned.iter(f"{SVG}g") if g.get("transform")]
    turn, boxes = Turn(w, h), geometry.sheet_boxes(sheet.layout)
    for row, row_boxes in zip(sheet.layout.rows, boxes.rows, strict=True):
        fields = turned.findall(f".//{SVG}g[@data-row='{row.id}'][@data-number]")
        for field, box in zip(fields, row_boxes.fields, strict=True):
            at = turn.box(box)
            rect = field.findall(f"{SVG}rect")[1 if row.colour is None else 0]
            place = [float(rect.get(k, "")) for k in ("x", "y", "width", "height")]
            assert place == pytest.approx([at.x, w - at.top, at.w, at.h], abs=0.01)
            number = field.find(f"{SVG}text")
            assert number is not None and number.text == field.get("data-number")
            assert number.get("transform") is None
            assert float(number.get("x", "")) == pytest.approx(at.cx, abs=0.01)
    title = labels.for_layout(sheet.layout, labels.DEFAULT_LANG)["title"]
    texts = {t.text: t for t in turned.iter(f"{SVG}text")}
    for along in (title, "Léa"):  # they read along the turned sheet's right edge
        assert (texts[along].get("transform") or "").startswith("rotate(90 "), along


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


@pytest.mark.parametrize("name", ["classic", "nochmal", "big-points", "x-change", "lucky-15"])
def test_a_drawn_sheet_depends_only_on_what_its_cache_key_holds(name: str) -> None:
    """The counter keeps each drawn sheet under a key (``web.counter.sheet_svg``: the
    sheet's marks, the closed colours, the end and the hints, whose ``turn`` holds what the
    rules of the turn read, ``Game.turn_of``). Over a seeded random table game of crosses,
    penalties, undos, redos, rolls and passes, whenever a key comes back the sheet drawn
    afresh is the one drawn the first time: nothing a sheet offers (a field after a penalty,
    the track) hangs on anything the key leaves out, so no board shows stale taps."""
    import random

    from qwixx_print.play import Game
    from qwixx_print.web import mechanic_views

    layout = api.checked(name)
    game = Game(layout, ["Ann", "Ben", "Cid"], table=True)
    rng = random.Random(11)
    seen: dict[object, str] = {}
    repeats = 0
    for step in range(400):
        if game.over:
            break
        hints = mechanic_views.table_hints(game)
        for player in game.names:
            sheet = game.sheets[player]
            key = (player, sheet.state, sheet.table_closed, sheet.table_over, hints[player])
            view = hints[player].view(game, player)
            svg = str(sheet_svg(layout, view, player, "/tap", view="flat"))
            repeats += key in seen
            assert seen.setdefault(key, svg) == svg, (step, player)
        player, pick = rng.choice(game.names), rng.random()
        if game.dice is None or pick < 0.15:
            game.roll(rng)
        elif pick < 0.25:
            game.end_turn()
        elif pick < 0.4 and game.sheets[player].can_undo():
            game.undo(player)
        elif pick < 0.45 and game.sheets[player].can_redo():
            game.redo(player)
        elif pick < 0.55 and game.can_play(game.active, Move("penalty")):
            game.play(game.active, Move("penalty"))
        else:
            offered = sorted(hints[player].allowed)
            if offered:
                row, index = rng.choice(offered)
                kind = "bonus" if row in {b.id for b in layout.bonus_rows} else "cross"
                if game.can_play(player, Move(kind, row, index)):
                    game.play(player, Move(kind, row, index))
    assert repeats > 20  # keys did come back (undos, passes): the check had work
