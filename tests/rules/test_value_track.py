"""The value track (Lucky 15, RULES-more.md §7) as a layout key: loaded, validated, refused
and scored by the rules package, with the words of its refusal written once
(``rules.track_refusal``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from qwixx_print import api, catalogue, rules
from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout, ValueTrack, load

TRACK = ValueTrack(values=(5, 11, 18, 25), colour="orange", total=15)


def lucky() -> Layout:
    return catalogue.find("lucky-15")


def test_lucky_15_loads_its_track_as_section_7_gives_it() -> None:
    sheet = lucky()
    assert sheet.value_track == TRACK
    assert [row.id for row in sheet.rows] == ["red", "yellow", "green", "blue"]
    assert sheet.max_counted == 12 and rules.validate(sheet) == []


@pytest.mark.parametrize(
    ("crossed", "points"), [((), 0), ((0,), 5), ((0, 1), 11), ((0, 1, 2), 18), ((0, 1, 2, 3), 25)]
)
def test_the_track_scores_its_rightmost_crossed_value(
    crossed: tuple[int, ...], points: int
) -> None:
    score = rules.score_sheet(
        lucky(),
        rules.Written(
            crosses={"red": (2, 3, 4)}, penalties=1, track=tuple(TRACK.values[k] for k in crossed)
        ),
    )
    assert score.part("track") == (len(crossed), points)
    assert score.total == 6 - 5 + points


def test_a_track_crossed_out_of_order_is_refused_by_scoring() -> None:
    with pytest.raises(RuleViolation) as caught:
        rules.score_sheet(lucky(), rules.Written(track=(5, 18)))
    assert str(caught.value) == (
        "the track field 18 is crossed, but 11 left of it is not "
        "(a value track is crossed left to right)"
    )


def test_the_refusal_of_a_move_names_the_next_field_the_full_track_and_the_roll() -> None:
    refuse = rules.track_refusal
    assert refuse(TRACK, [], 0, (15,)) is None
    assert refuse(TRACK, [0], 1, None) is None  # dice unknown (table play): order only
    assert refuse(TRACK, [0], 0, (15,)) == "the track field 5 is crossed already"
    assert refuse(TRACK, [0], 2, (15,)) == (
        "the track field 18 is not the next one (11): a value track is crossed left to right"
    )
    assert refuse(TRACK, [0, 1, 2, 3], 3, (15,)) == "the track field 25 is crossed already"
    assert refuse(TRACK, [], 0, (9, 12)) == (
        "the value track takes a total of 15 of 2 white dice and 1 coloured die of an open "
        "colour; this roll makes 9 or 12"
    )


def test_trigger_totals_add_both_white_dice_to_each_open_colour() -> None:
    assert rules.trigger_totals(TRACK, (4, 6), (5, 1, 6)) == (11, 15, 16)
    one_white = dataclasses.replace(TRACK, white=1, coloured=1, total=7)
    assert rules.trigger_totals(one_white, (2, 6), (1,)) == (3, 7)
    whites_only = dataclasses.replace(TRACK, coloured=0, total=7)
    assert rules.trigger_totals(whites_only, (3, 4), (6, 6)) == (7,)


def test_validate_refuses_falling_values_and_a_total_the_dice_cannot_throw() -> None:
    falling = dataclasses.replace(
        lucky(), value_track=dataclasses.replace(TRACK, values=(5, 18, 11))
    )
    assert rules.validate(falling) == [
        rules.Problem(
            ("value_track", "values", 2),
            "a value track's values rise left to right: 11 follows 18",
        )
    ]
    high = dataclasses.replace(lucky(), value_track=dataclasses.replace(TRACK, total=19))
    assert [p.message for p in rules.validate(high)] == [
        "the trigger's total is a sum its dice can throw: 2 white and 1 coloured dice of 6 "
        "faces throw 3 to 18, not 19"
    ]
    edges = [dataclasses.replace(TRACK, total=t) for t in (3, 18)]
    assert all(rules.validate(dataclasses.replace(lucky(), value_track=e)) == [] for e in edges)


def test_a_track_of_a_hex_colour_and_its_defaults_load_and_print(tmp_path: Path) -> None:
    """A designer's track: its own colour as a hex code (a colour of the layout, drawn),
    white and coloured left to their defaults (2, 1), eight values of three digits."""
    path = tmp_path / "eight.yaml"
    path.write_text(
        "rows:\n  - {id: red, colour: red, fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}\n"
        "value_track:\n  values: [1, 20, 300, 444, 555, 666, 777, 999]\n"
        '  colour: "#7f00ff"\n  trigger: {total: 12}\n',
        encoding="utf-8",
    )
    sheet = load(path)
    assert sheet.value_track == ValueTrack((1, 20, 300, 444, 555, 666, 777, 999), "#7f00ff", 12)
    assert sheet.colours["#7f00ff"] == "#7f00ff"
    assert api.problems(sheet) == []
    api.print_sheets([sheet], tmp_path / "eight.pdf", 1)
    assert (tmp_path / "eight.pdf").stat().st_size > 0
