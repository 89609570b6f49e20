"""A sheet's crosses as one record (qwixx_print.rules.crosses): by position for scoring and
play, by number as a marks file writes them, the two conversions each other's inverse; the
parts a sheet scores beside its rows and the boxes of its total line, from one table."""

from __future__ import annotations

import pytest

from qwixx_print import catalogue, rules
from qwixx_print.errors import RuleViolation

WRITTEN = {
    "big-points": rules.Written(
        crosses={"red": (2, 3, 4), "yellow": (2, 5)}, bonus={"red-yellow": (3, 5)}, penalties=1
    ),
    "connect-15": rules.Written(
        crosses={"red": (2, 3, 4, 5)}, squares={"red": ((3, 4),)}, penalties=2
    ),
    "lucky-15": rules.Written(crosses={"green": (12, 11)}, track=(5, 11)),
    "x-change": rules.Written(crosses={"red": (2, 5), "blue": (8,)}, diamonds=("8/5",)),
    "nochmal": rules.Written(crosses={"red": (2, 3)}, again={"red": (3,)}),
}


def test_big_points_written_by_number_are_these_positions() -> None:
    crosses = rules.crosses_of(catalogue.find("big-points"), WRITTEN["big-points"])
    assert crosses.fields["red"] == [0, 1, 2] and crosses.fields["yellow"] == [0, 3]
    assert crosses.bonus == {"red-yellow": [1, 3], "green-blue": []}
    assert crosses.penalties == 1


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_positions_written_back_as_numbers_are_the_marks_written(name: str) -> None:
    sheet = catalogue.find(name)
    written = WRITTEN[name]
    back = rules.written_of(sheet, rules.crosses_of(sheet, written))
    assert {k: v for k, v in back.crosses.items() if v} == written.crosses
    assert {k: v for k, v in back.again.items() if v} == written.again
    assert {k: v for k, v in back.bonus.items() if v} == written.bonus
    assert {k: v for k, v in back.squares.items() if v} == written.squares
    assert (back.track, back.diamonds, back.penalties) == (
        written.track,
        written.diamonds,
        written.penalties,
    )


def test_scoring_by_number_is_scoring_the_positions() -> None:
    sheet = catalogue.find("big-points")
    by_number = rules.score_sheet(sheet, WRITTEN["big-points"])
    by_position = rules.score_crosses(sheet, rules.crosses_of(sheet, WRITTEN["big-points"]))
    assert by_number == by_position
    assert by_number.bonus == {"red-yellow": 2, "green-blue": 0}
    assert by_number.total == 15 + 10 - 5  # red 3 + 2 bonus, yellow 2 + 2 bonus


def test_a_diamond_the_sheet_lacks_is_refused_when_read() -> None:
    with pytest.raises(RuleViolation, match="no diamond 9/9 on this sheet"):
        rules.crosses_of(catalogue.find("x-change"), rules.Written(diamonds=("9/9",)))


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("classic", ()),
        ("kraefte", ("power",)),
        ("connected-steps", ("framed",)),
        ("lucky-15", ("track",)),
    ],
)
def test_the_total_line_holds_a_box_for_each_part_the_layout_scores(
    name: str, parts: tuple[str, ...]
) -> None:
    sheet = catalogue.find(name)
    assert rules.total_parts(sheet) == parts
    score = rules.score_sheet(sheet, rules.Written())
    assert set(score.parts) == set(parts) - {rules.POWER_PART}


def test_the_value_track_scores_as_a_part_of_the_sheet() -> None:
    score = rules.score_sheet(catalogue.find("lucky-15"), WRITTEN["lucky-15"])
    assert score.parts == {"track": rules.PartScore(2, 11)}
    assert score.part_points("track") == score.part("track").points == 11
    assert score.total == 3 + 11
    assert score.part("framed") == (0, 0)  # a part the sheet does not have scores nothing


def test_scoring_positions_by_keyword_is_scoring_their_record() -> None:
    sheet = catalogue.find("big-points")
    crosses = rules.crosses_of(sheet, WRITTEN["big-points"])
    by_keyword = rules.score_positions(sheet, crosses.fields, 1, bonus=crosses.bonus)
    assert by_keyword == rules.score_crosses(sheet, crosses)
    assert by_keyword.total == 20
