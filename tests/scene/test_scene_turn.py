"""The phone's turned sheet as the scene lays it out (:mod:`qwixx_print.scene.turn`): every
place turned a quarter clockwise, the upright items moved, not turned, their middles where
the turn puts them; the labels turned; nothing off the turned sheet."""

from __future__ import annotations

import pytest

from qwixx_print import catalogue, geometry
from qwixx_print.geometry import Box
from qwixx_print.scene import fonts
from qwixx_print.scene.items import Arch, Badge, Group, HalfDisc, Item, Polygon, Rect, Text
from qwixx_print.scene.turn import Turn, bounds
from qwixx_print.web.drawing import blank_items
from tests.scene.test_scene_build import walk

W, H = geometry.SHEET_W, geometry.SHEET_H
TURN = Turn(W, H)


def test_the_sheets_left_edge_is_the_turned_sheets_top_and_its_top_edge_the_right() -> None:
    assert TURN.size == (H, W)
    assert TURN.point(0, 0) == (0, W)  # the lower-left corner: top left
    assert TURN.point(W, H) == (H, 0)  # the upper-right corner: bottom right
    assert TURN.point(0, H) == (H, W)  # the upper-left corner: top right
    assert TURN.box(Box(10, 20, 7, 9)) == Box(20, W - 17, 9, 7)


def middle(it: Item) -> tuple[float, float]:
    x0, y0, x1, y1 = bounds(it)
    return (x0 + x1) / 2, (y0 + y1) / 2


def field_items(name: str) -> dict[str, list[Item]]:
    """The blank scene's items of ``name`` by id, those in groups too."""
    found: dict[str, list[Item]] = {}
    for part in blank_items(catalogue.checked(name), "en"):
        for it in walk(part):
            found.setdefault(it.id, []).append(it)
    return found


@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_every_item_of_the_turned_sheet_is_on_it_and_each_number_stands_in_its_turned_field(
    name: str,
) -> None:
    layout = catalogue.checked(name)
    boxes = geometry.sheet_boxes(layout)
    parts = blank_items(layout, "en")
    for it in (t for part in parts for t in walk(TURN.items(part)) if not isinstance(t, Group)):
        x0, y0, x1, y1 = bounds(it)
        assert x0 >= -0.01 and x1 <= H + 0.01 and y0 >= -0.01 and y1 <= W + 0.01, it
    for row, row_boxes in zip(layout.rows, boxes.rows, strict=True):
        for i, box in enumerate(row_boxes.fields):
            number = next(
                it
                for it in walk(TURN.items(parts[2]))
                if it.id == f"row {row.id} field {i}" and it.part == "number"
            )
            assert isinstance(number, Text) and number.angle == 0 and number.align == "c"
            at = TURN.box(box)
            assert middle(number) == pytest.approx((at.cx, at.cy), abs=1e-9)


def test_an_upright_item_keeps_its_shape_and_a_label_turns_about_its_anchor() -> None:
    found = field_items("classic")
    triangle = next(it for it in found["row yellow field 0"] if isinstance(it, Polygon))
    turned = TURN.item(triangle)
    assert isinstance(turned, Polygon)
    (ax, ay), (bx, by) = triangle.points[0], turned.points[0]
    before = [d for x, y in triangle.points for d in (x - ax, y - ay)]
    after = [d for x, y in turned.points for d in (x - bx, y - by)]
    assert before == pytest.approx(after)  # the same triangle, pointing up, only moved
    title = next(it for it in found["title"] if isinstance(it, Text))
    turned_title = TURN.item(title)
    assert isinstance(turned_title, Text)
    assert turned_title.angle == 90 and (turned_title.x, turned_title.y) == TURN.point(
        title.x, title.y
    )
    band = next(it for it in found["row red"] if isinstance(it, Rect) and it.part == "band")
    assert TURN.item(band) == band._replace(box=TURN.box(band.box))


def test_a_padlock_stands_as_one_its_shackle_above_its_body() -> None:
    found = field_items("classic")
    padlock = next(it for it in found["row yellow lock"] if isinstance(it, Group) and it.upright)
    turned = TURN.item(padlock)
    assert isinstance(turned, Group)
    shackle, body = (next(it for it in turned.items if isinstance(it, k)) for k in (Arch, Rect))
    assert isinstance(shackle, Arch) and isinstance(body, Rect)
    assert shackle.bottom == pytest.approx(body.box.top) and shackle.top > body.box.top
    ring = next(it for it in found["row yellow lock"] if it.part == "field")
    assert middle(turned) == pytest.approx(middle(TURN.item(ring)), abs=0.01)  # in its ring


def test_a_bonus_cells_halves_turn_to_the_sides_of_their_rows() -> None:
    """Big Points: the upper half (the row above, red) is the right half on the turned
    sheet, where the red row runs; the lower half (yellow) the left."""
    found = field_items("big-points")
    upper, lower = (it for it in found["bonus red-yellow 0"] if isinstance(it, HalfDisc))
    assert (upper.start, lower.start) == (0, 180)
    turned = [TURN.item(it) for it in (upper, lower)]
    assert [it.start for it in turned if isinstance(it, HalfDisc)] == [270, 90]
    red, yellow = (
        next(it for it in found[f"row {r}"] if isinstance(it, Rect) and it.part == "band")
        for r in ("red", "yellow")
    )
    assert TURN.box(red.box).x > TURN.box(yellow.box).x  # red runs right of yellow


DOUBLES = ("doppelt", "tests/data/layouts/mixed-doubles-again.yaml", "tests/data/sim/five.yaml")
"""Sheets with double fields: Doppelt's 4 rows, a designer's rows of small boxes and mixed
colours, a 5-row sheet (its bands the narrowest)."""


@pytest.mark.parametrize("name", DOUBLES)
@pytest.mark.parametrize("turned", [False, True], ids=["printed", "turned"])
def test_a_double_fields_x2_tab_and_its_text_stay_inside_the_rows_band(
    name: str, turned: bool
) -> None:
    """A newcomer saw the "x2" of Doppelt's doubles stick out of the row's band on the
    phone: the tab turned with the sheet (2.3 mm across the band) while its text stood
    upright (3 mm wide), out of the tab and the band. The tab stands as one with its text,
    placed to fit the band either way."""
    layout = catalogue.checked(name)
    sheet = geometry.sheet_boxes(layout)
    turn = Turn(sheet.width, sheet.height) if turned else None
    tabs = 0
    for part in blank_items(layout, "en"):
        found = walk(turn.items(part) if turn else part)
        bands = {it.id: bounds(it) for it in found if isinstance(it, Rect) and it.part == "band"}
        texts = {it.id: it for it in found if isinstance(it, Text) and it.part == "double tab"}
        for tab in (it for it in found if isinstance(it, Rect) and it.part == "double tab"):
            text = texts[tab.id]
            assert text.text == "\u00d72"
            left, bottom, right, top = bands[" ".join(tab.id.split()[:2])]
            for x0, y0, x1, y1 in (bounds(tab), bounds(text)):  # to a millionth of a mm
                inside = left - 1e-6 <= x0 and x1 <= right + 1e-6
                assert inside and bottom - 1e-6 <= y0 and y1 <= top + 1e-6, (tab.id, turned)
            x0, _, x1, _ = bounds(text)
            assert tab.box.x < x0 and x1 < tab.box.right, (tab.id, turned)  # the x2 in its tab
            tabs += 1
    assert tabs == sum(f.double for r in layout.rows for f in r.fields) > 0


def ink(it: Text) -> tuple[float, float, float, float]:
    """The box (left, bottom, right, top, mm) of an upright text's digits and letters: its
    advance across, its glyphs' ink up and down."""
    width = fonts.string_width(it.text, it.font, it.size) / fonts.MM
    left = it.x - {"l": 0.0, "c": width / 2, "r": width}[it.align]
    low, high = fonts.ink_extent(it.text, it.font)
    return left, it.y + low * it.size / fonts.MM, left + width, it.y + high * it.size / fonts.MM


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (left, bottom, right, top) share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


ATTACHED = [
    name
    for name in catalogue.shipped_names()
    if any(f.double or f.power for r in catalogue.checked(name).rows for f in r.fields)
]
"""The shipped sheets whose fields carry a badge (Kräfte's powers) or an "x2" tab
(Doppelt's doubles)."""


@pytest.mark.parametrize("name", [*ATTACHED, *DOUBLES[1:]])
def test_a_badge_or_x2_tab_stands_above_its_number_on_the_turned_sheet_clear_of_every_digit(
    name: str,
) -> None:
    """A newcomer saw Kräfte's badges and Doppelt's "x2" tabs on the phone's turned sheet
    stand on the field's right edge, over the right digit of a 10, 11 or 12 and out of the
    row's band (they kept the place the turn gives the printed field's top edge). Now each
    stands on the turned field's top edge: centred over its number, wholly above its
    digits' ink, clear of every other text with digits and of its field's colour symbol,
    inside the band. (The printed
    sheet keeps its places: its PDFs are byte for byte as before.)"""
    assert ATTACHED == ["doppelt", "kraefte"]
    layout = catalogue.checked(name)
    sheet = geometry.sheet_boxes(layout)
    turn = Turn(sheet.width, sheet.height)
    turned = [it for part in blank_items(layout, "en") for it in walk(turn.items(part))]
    numbers = {it.id: it for it in turned if isinstance(it, Text) and it.part == "number"}
    bands = {it.id: bounds(it) for it in turned if isinstance(it, Rect) and it.part == "band"}
    symbols = {it.id: bounds(it) for it in turned if it.part == "symbol"}
    digits = [
        it
        for it in turned
        if isinstance(it, Text) and any(c.isdigit() for c in it.text) and it.part != "double tab"
    ]
    marks = [
        it
        for it in turned
        if (isinstance(it, Badge) and it.id.startswith("row "))
        or (isinstance(it, Group) and it.part == "double tab")
    ]
    assert len(marks) == sum(bool(f.double or f.power) for r in layout.rows for f in r.fields) > 0
    for mark in marks:
        x0, y0, x1, y1 = bounds(mark)
        if isinstance(mark, Badge):  # its outline's outer edge
            edge = mark.width / 2 / fonts.MM
            x0, y0, x1, y1 = x0 - edge, y0 - edge, x1 + edge, y1 + edge
        number = numbers[mark.id]
        top = ink(number)[3]
        assert (x0 + x1) / 2 == pytest.approx(number.x, abs=1e-9), mark.id  # over its number
        assert y0 > top + 0.3, (mark.id, y0 - top)  # above its digits, 0.3 mm clear at least
        band = bands[" ".join(mark.id.split()[:2])]
        assert band[0] <= x0 and x1 <= band[2] and band[1] <= y0 and y1 <= band[3] + 1e-9
        for text in digits:
            box = ink(text) if text.angle == 0 else bounds(text)
            assert not overlap((x0, y0, x1, y1), box), (mark.id, text.id, text.text)
        assert not overlap((x0, y0, x1, y1), symbols[mark.id]), mark.id
