"""RULES.md §1: the classic score table, locking and penalties, with the worked examples."""

from __future__ import annotations

import pytest

from qwixx_print import catalogue, rules
from qwixx_print.errors import RuleViolation

CLASSIC = catalogue.find("classic")
RED, YELLOW, GREEN, BLUE = CLASSIC.rows


def total(crossed: dict[str, list[int]], penalties: int) -> int:
    rows = {row.id: row for row in CLASSIC.rows}
    points = sum(rules.score_row(CLASSIC, rows[k], v).points for k, v in crossed.items())
    return points - rules.penalty_points(CLASSIC, penalties)


def test_score_table_is_triangular_up_to_78() -> None:
    assert rules.score_table(CLASSIC) == (1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78)


def test_seed_001_example_scores_74() -> None:
    crossed = {
        "red": [2, 3, 5, 6, 8, 9],
        "yellow": [4, 5, 7, 8],
        "green": [12, 11, 10, 9, 7, 5, 4, 2],  # 8 numbers with the 2: 9 crosses with the lock
        "blue": [12, 9],
    }
    assert total(crossed, penalties=1) == 21 + 10 + 45 + 3 - 5 == 74


def test_seed_003_lea_scores_68() -> None:
    crossed = {
        "red": [2, 3, 5, 6, 8, 9],
        "yellow": [4, 5, 7, 8],
        "green": [12, 10, 9, 7, 5, 4, 2],  # 7 numbers with the 2: 8 crosses with the lock
        "blue": [12, 9, 8],
    }
    assert total(crossed, penalties=1) == 68


def test_locked_row_with_six_numbers_scores_28_not_21() -> None:
    score = rules.score_row(CLASSIC, RED, [3, 5, 7, 9, 11, 12])
    assert (score.crosses, score.locked, score.points) == (7, True, 28)


def test_full_row_with_lock_scores_78() -> None:
    score = rules.score_row(CLASSIC, BLUE, list(range(2, 13)))
    assert (score.crosses, score.points) == (12, 78)


def test_lock_after_four_crosses_is_refused() -> None:
    with pytest.raises(
        RuleViolation, match="the 12 locks the row only after 5 crosses; there are 4"
    ):
        rules.score_row(CLASSIC, YELLOW, [2, 4, 6, 8, 12])


def test_row_ten_eleven_twelve_cannot_lock() -> None:
    with pytest.raises(RuleViolation, match="only after 5 crosses; there are 2"):
        rules.score_row(CLASSIC, RED, [10, 11, 12])


def test_lock_after_one_cross_says_there_is_1() -> None:
    with pytest.raises(RuleViolation, match=r"only after 5 crosses; there is 1$"):
        rules.score_row(CLASSIC, RED, [11, 12])


def test_descending_row_locks_with_the_2() -> None:
    assert rules.score_row(CLASSIC, GREEN, [12, 11, 10, 9, 8, 2]).locked is True
    assert rules.score_row(CLASSIC, GREEN, [12, 11, 10, 9, 8, 3]).locked is False


def test_number_outside_the_row_and_twice_are_refused() -> None:
    with pytest.raises(RuleViolation, match="13 is not a number of this row"):
        rules.score_row(CLASSIC, RED, [13])
    with pytest.raises(RuleViolation, match="5 is crossed 2 times"):
        rules.score_row(CLASSIC, RED, [5, 5])


def test_five_penalties_are_more_than_the_four_boxes() -> None:
    assert rules.penalty_points(CLASSIC, 4) == 20
    with pytest.raises(RuleViolation, match="5 penalties, but the sheet has 4 penalty boxes"):
        rules.penalty_points(CLASSIC, 5)


def test_classic_counts_at_most_12_crosses_per_row() -> None:
    assert [rules.max_counted(CLASSIC, row) for row in CLASSIC.rows] == [12, 12, 12, 12]
    assert rules.validate(CLASSIC) == []
