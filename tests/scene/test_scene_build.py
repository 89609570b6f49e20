"""The scene as plain items (issue 22): every shipped sheet is a list of immutable items in mm,
each named by what it is, with the colours, sizes and places both painters draw; the
marks of a played sheet are items of their own; the scene builds without reportlab."""

from __future__ import annotations

from collections import Counter

import pytest

from qwixx_print import catalogue, geometry, labels
from qwixx_print.scene import build, fonts, header, looks, padmarks, palette, shapes
from qwixx_print.scene.items import Group, Item, Line, Polygon, Rect, Text


def walk(found: list[Item]) -> list[Item]:
    """Every item of ``found``, those in groups too."""
    out: list[Item] = []
    for it in found:
        out.append(it)
        if isinstance(it, Group):
            out += walk(list(it.items))
    return out


def sheet_items(name: str) -> list[Item]:
    """The blank sheet's items of shipped layout ``name``, in the PDF's order."""
    layout = catalogue.checked(name)
    sheet = geometry.sheet_boxes(layout)
    text = labels.for_layout(layout, labels.DEFAULT_LANG)
    found = header.header(layout, sheet, text, rules_hint=True)
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        found += build.row(layout, row, boxes)
    found += build.strips(layout, sheet, text) + build.footer(layout, sheet, text)
    return found + padmarks.blank(layout, sheet) + padmarks.own(layout, sheet)


@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_every_shipped_sheet_is_immutable_items_named_by_what_they_are(name: str) -> None:
    layout = catalogue.checked(name)
    found = walk(sheet_items(name))
    with pytest.raises(AttributeError):
        found[0].id = "x"  # type: ignore[misc]
    ids = Counter(it.id for it in found)
    for row in layout.rows:
        for i in range(len(row.fields)):
            parts = {it.part for it in found if it.id == f"row {row.id} field {i}"}
            assert {"paper", "number", "symbol", "veil"} <= parts, (row.id, i, parts)
        assert ids[f"row {row.id} lock"] >= 4  # ring, shackle, body, symbol (and the group)
    boxes = geometry.sheet_boxes(layout)
    assert all(ids[f"penalty {k}"] == 2 for k in range(len(boxes.penalties)))  # box and -5
    assert all(ids[f"total {k}"] >= 1 for k in range(len(boxes.totals)))
    assert all(ids[f"score {n}"] >= 2 for n in range(1, len(boxes.score_cells) + 1))
    assert ids["title"] == 1
    assert all(" " not in row.id for row in layout.rows)  # an id's words stay apart


def test_a_field_is_its_colour_tinted_and_its_number_in_the_colours_print_ink() -> None:
    layout = catalogue.checked("classic")
    boxes = geometry.sheet_boxes(layout)
    row = layout.rows[0]
    found = build.row(layout, row, boxes.rows[0])
    red = palette.hex_rgb(layout.colours[row.colour or ""])
    paper = next(it for it in found if it.id == f"row {row.id} field 3" and it.part == "paper")
    number = next(it for it in found if it.id == f"row {row.id} field 3" and it.part == "number")
    assert isinstance(paper, Rect) and isinstance(number, Text)
    assert paper.fill == palette.paper(red) and paper.stroke == palette.edge(red)
    assert paper.box == boxes.rows[0].fields[3] and paper.width == looks.FIELD_LINE
    assert number.text == str(row.fields[3].number) and number.fill == palette.print_ink(red)
    assert number.font == fonts.FONT_BOLD and number.size == fonts.number_size(paper.box)
    assert number.upright and number.x == paper.box.cx


def test_a_played_sheets_marks_are_pen_crosses_veils_and_written_points() -> None:
    layout = catalogue.checked("classic")
    boxes = geometry.sheet_boxes(layout)
    red, green = layout.rows[0].id, layout.rows[2].id
    marks = build.Marks(
        crossed={red: {0, 4}},
        locked={red},
        closed={layout.rows[2].lock_colour},
        penalties=2,
        written=["5", "0", "0", "0", "-10", "-5"],
    )
    found = build.pen_marks(layout, boxes, marks) + build.written(boxes, marks)
    crosses = Counter(it.id for it in found if isinstance(it, Line) and it.part == "cross")
    assert crosses == {
        f"row {red} field 0": 2,
        f"row {red} field 4": 2,
        f"row {red} lock": 2,
        "penalty 0": 2,
        "penalty 1": 2,
    }
    assert all(it.stroke == palette.PEN for it in found if isinstance(it, Line))
    veil = next(it for it in found if it.part == "closed-veil")
    assert isinstance(veil, Rect) and veil.id == f"row {green}" and veil.screen
    written = [it for it in found if isinstance(it, Text)]
    assert [t.text for t in written] == ["5", "0", "0", "0", "-10", "-5"]
    assert all(t.fill == palette.PEN and t.size == looks.WRITTEN_PT for t in written)


def test_link_squares_are_white_rects_on_the_gaps_and_a_crossed_one_gets_the_pens_cross() -> None:
    layout = catalogue.checked("connect-15")
    boxes = geometry.sheet_boxes(layout)
    row, row_boxes = layout.rows[0], boxes.rows[0]
    found = build.row(layout, row, row_boxes)
    squares = [it for it in found if " square " in it.id]
    assert [it.id for it in squares] == [f"row {row.id} square {a}" for a, _ in row.squares]
    assert [it.id for it in squares] == ["row red square 1", "row red square 4", "row red square 8"]
    for it, box in zip(squares, row_boxes.squares, strict=True):
        assert isinstance(it, Rect) and it.box == box and it.fill == palette.SQUARE_FILL
        assert it.stroke == palette.INK and it.width == looks.SQUARE_LINE
        assert it.radius == looks.SQUARE_RADIUS
    lock = next(k for k, it in enumerate(found) if it.id == f"row {row.id} lock")
    assert found.index(squares[-1]) < lock  # drawn before the lock, as the PDF always has
    marks = build.Marks(crossed={row.id: {2}}, squares={row.id: {4}})
    crosses = Counter(it.id for it in build.pen_marks(layout, boxes, marks))
    assert crosses == {f"row {row.id} field 2": 2, f"row {row.id} square 4": 2}


def test_symbols_badges_and_numbers_stand_upright_and_labels_and_arrows_turn_with_the_sheet() -> (
    None
):
    """What the turned phone sheet (:mod:`qwixx_print.scene.turn`) stands upright is said
    by the items: colour symbols, field numbers and score cells upright; the power legend's
    words, the bar's label and its arrows (also the value track's) turn with the sheet."""
    found = walk(sheet_items("kraefte"))
    assert all(it.upright for it in found if isinstance(it, Polygon) and it.part == "symbol")
    numbers = [it for it in found if isinstance(it, Text) and it.part == "number"]
    assert len(numbers) == 44 and all(it.upright for it in numbers)
    cells = [it for it in found if isinstance(it, Group) and it.id.startswith("score ")]
    assert len(cells) == 12 and all(it.upright for it in cells)
    legend = [it for it in found if it.id.startswith("legend ") and isinstance(it, Text)]
    assert legend and not any(it.upright for it in legend)
    bar = walk(sheet_items("bonuskette"))
    label = next(it for it in bar if it.id == "bar label")
    assert isinstance(label, Text) and not label.upright
    arrows = [it for it in [*bar, *walk(sheet_items("lucky-15"))] if it.part == "arrow"]
    assert len(arrows) == 11 + 3 and not any(isinstance(it, Text) and it.upright for it in arrows)


def test_the_value_track_is_rounded_fields_in_its_colour_with_values_and_arrows_and_its_crosses() -> (
    None
):
    layout = catalogue.checked("lucky-15")
    boxes = geometry.sheet_boxes(layout)
    track = layout.value_track
    assert track is not None
    found = padmarks.track(layout, boxes)
    tint = palette.hex_rgb(layout.colours[track.colour])
    fields = [it for it in found if it.part == "field"]
    assert [it.id for it in fields] == ["track 0", "track 1", "track 2", "track 3"]
    for it, box in zip(fields, boxes.track, strict=True):
        assert isinstance(it, Rect) and it.box == box and it.radius == shapes.TRACK_RADIUS
        assert it.fill == palette.paper(tint) and it.stroke == palette.edge(tint)
        assert it.width == looks.TRACK_LINE
    assert [f.sets for f in fields] == ["wfs", "fs", "fs", "fs"]  # the width once, as the PDF
    values = [it for it in found if it.part == "value"]
    assert [t.text for t in values if isinstance(t, Text)] == ["5", "11", "18", "25"]
    assert all(isinstance(t, Text) and t.fill == palette.print_ink(tint) for t in values)
    arrows = [it for it in found if it.part == "arrow"]
    assert [it.id for it in arrows] == ["track 1", "track 2", "track 3"]
    assert all(isinstance(a, Text) and a.text == "\u203a" for a in arrows)
    assert [it.id for it in found if it.part == "symbol"] == [f"track {k}" for k in range(4)]
    assert found == [it for it in padmarks.blank(layout, boxes) if it.id.startswith("track ")]
    marks = build.Marks(crossed={}, track={0, 1})
    crosses = [it for it in build.pen_marks(layout, boxes, marks) if isinstance(it, Line)]
    assert Counter(it.id for it in crosses) == {"track 0": 2, "track 1": 2}
    cross = geometry.track_cross(boxes.track[1])
    assert crosses[2].x0 == cross.x + cross.w * looks.CROSS_INSET
    assert build.track_crosses(boxes, marks) == crosses  # the last of the pen's marks
    assert padmarks.track(catalogue.checked("classic"), geometry.sheet_boxes(layout)) == []


def test_the_value_tracks_box_in_the_total_line_is_in_the_tracks_colour_with_its_symbol() -> None:
    """Lucky 15's total line: the box of the track's points (before the total) has the
    track's colour and symbol, as a row's box has its row's, so it says whose it is."""
    layout = catalogue.checked("lucky-15")
    boxes = geometry.sheet_boxes(layout)
    track = layout.value_track
    assert track is not None
    text = labels.for_layout(layout, labels.DEFAULT_LANG)
    found = build.footer(layout, boxes, text)
    tint = palette.hex_rgb(layout.colours[track.colour])
    box = next(it for it in found if it.id == f"total {len(boxes.totals) - 2}" and it.part == "box")
    assert isinstance(box, Rect) and box.fill == palette.total_paper(tint)
    assert box.stroke == palette.edge(tint)
    mark = next(it for it in found if it.id == box.id and it.part == "symbol")
    field_mark = next(it for it in padmarks.track(layout, boxes) if it.part == "symbol")
    assert type(mark) is type(field_mark) and mark.fill == palette.edge(tint)
    penalty_box = next(it for it in found if it.id == f"total {len(layout.rows)}")
    assert isinstance(penalty_box, Rect) and penalty_box.fill == palette.total_paper(
        palette.TOTAL_GREY
    )  # the penalties' and the total's stay grey


def test_a_lucky_numbers_clover_is_green_all_over_its_middle() -> None:
    """The four leaves alone left a speck of paper at the clover's centre, under the lucky
    number's digits (a newcomer's finding): every point near the centre is in a circle."""
    box = geometry.sheet_boxes(catalogue.checked("longo")).lucky[0]
    circles = [it for it in padmarks.clover("lucky 0", box) if hasattr(it, "r")]
    leaf = box.w * 0.27
    assert [c.part for c in circles] == ["leaf"] * 4 + ["heart"]
    points = [
        (box.cx + leaf * dx / 10, box.cy + leaf * dy / 10)
        for dx in range(-3, 4)
        for dy in range(-3, 4)
    ]
    uncovered = [
        (x, y)
        for x, y in points
        if not any((x - c.cx) ** 2 + (y - c.cy) ** 2 <= c.r**2 for c in circles)
    ]
    assert uncovered == []
