"""Connect 15's link squares (RULES.md §7) in the rules: the shipped sheet's squares as §7
lists them, their scoring (crosses of the row, at most 15 counted, not toward the lock) and
the one refusal that scoring and play share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from qwixx_print import api, catalogue, layout, rules
from tests.conftest import ROOT

Write = Callable[..., Path]

SQUARES_FROM_RULES = {
    "red": ["3-4", "6-7", "10-11"],
    "yellow": ["5-6", "7-8", "9-10"],
    "green": ["10-9", "6-5", "4-3"],
    "blue": ["11-10", "8-7", "5-4"],
}
"""RULES.md §7 Connect 15: the squares of each row, as the numbers they stand between."""


def test_connect_15_has_the_squares_rules_more_lists() -> None:
    sheet = catalogue.find("connect-15")
    assert {
        row.id: [rules.square_name(row, left) for left, _ in row.squares] for row in sheet.rows
    } == SQUARES_FROM_RULES
    assert sheet.square_faces == (1, 5) and sheet.max_counted == 15
    assert catalogue.find("connect15").name == "connect-15"
    assert api.problems(sheet) == []


def test_full_row_with_its_three_squares_counts_15_crosses_for_120() -> None:
    sheet = catalogue.find("connect-15")
    red = list(range(2, 13))
    score = rules.score_sheet(
        sheet, rules.Written(crosses={"red": red}, squares={"red": ((3, 4), (6, 7), (10, 11))})
    )
    assert score.rows["red"] == rules.RowScore(15, True, 120)
    assert score.total == 120


def test_squares_are_crosses_of_their_row_but_not_toward_the_lock() -> None:
    sheet = catalogue.find("connect-15")
    score = rules.score_sheet(
        sheet, rules.Written(crosses={"green": (12, 11)}, squares={"green": ((10, 9),)})
    )
    assert score.rows["green"] == rules.RowScore(3, False, 6)
    try:
        rules.score_sheet(
            sheet,
            rules.Written(
                crosses={"red": (2, 3, 5, 6, 12)}, squares={"red": ((3, 4), (6, 7), (10, 11))}
            ),
        )
    except rules.RowViolation as exc:
        assert (exc.row, exc.key, str(exc)) == (
            "red",
            None,
            "the 12 locks the row only after 5 crosses; there are 4",
        )
    else:
        raise AssertionError("a lock after 4 crossed numbers and 3 squares was scored")


def test_a_square_the_row_lacks_is_refused_naming_the_rows_squares() -> None:
    sheet = catalogue.find("connect-15")
    try:
        rules.score_sheet(sheet, rules.Written(squares={"yellow": ((4, 5),)}))
    except rules.RowViolation as exc:
        assert (exc.row, exc.key, str(exc)) == (
            "yellow",
            "squares",
            "there is no link square between 4 and 5 (link squares: 5-6, 7-8, 9-10)",
        )
    else:
        raise AssertionError("a square yellow lacks was scored")


def test_square_refusal_for_a_move_keeps_one_order_of_fields_and_squares() -> None:
    red = catalogue.find("connect-15").rows[0]  # squares after the 3, the 6 and the 10
    assert rules.square_refusal(red, 1, crossed=[0, 1], squares=()) is None
    assert rules.square_refusal(red, 1, crossed=[2], squares=()) == (
        "the link square 3-4 is left of your last cross (4)"
    )
    assert rules.square_refusal(red, 1, crossed=[0], squares=[4]) == (
        "the link square 3-4 is left of your last cross (the link square 6-7)"
    )
    assert rules.square_refusal(red, 4, crossed=[0], squares=[4]) == (
        "the link square 6-7 is crossed already"
    )
    assert rules.square_refusal(red, 4, crossed=[], closed="red is closed") == "red is closed"
    assert rules.square_refusal(red, 2, crossed=[]) == (
        "there is no link square between 4 and 5 (link squares: 3-4, 6-7, 10-11)"
    )


def test_square_dice_refusal_asks_for_the_two_faces_in_either_order() -> None:
    assert rules.square_dice_refusal((1, 5), [(5, 1)], "the white dice") is None
    assert rules.square_dice_refusal((1, 5), [(1, 4)], "the white dice") == (
        "a link square needs two dice showing 1 and 5; the white dice show 1 and 4"
    )


def test_a_square_counts_in_the_score_table_validate_demands(write_layout: Write) -> None:
    text = (ROOT / "layouts" / "connect-15.yaml").read_text("utf-8")
    path = write_layout(text.replace("max_counted: 15", "max_counted: 12"), "short")
    assert api.problems(layout.load(path, path.name)) == []  # 12 counted at most: valid
    table = "max_counted: 15\n  table: [" + ", ".join(str(n * n) for n in range(1, 15)) + "]"
    path = write_layout(text.replace("max_counted: 15", table), "table")
    assert api.problems(layout.load(path, path.name)) == [  # 11 fields, the lock, 3 squares
        "table.yaml:35: scoring.table: the score table has 14 entries; a row can count 15 crosses"
    ]
