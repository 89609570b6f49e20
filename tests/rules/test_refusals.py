"""One refusal per mechanic (qwixx_print.rules.refusals): scoring a filled-in sheet and
playing a move refuse the same broken rule in the same words (RULES.md §1, §2 Nochmal,
RULES-more.md §4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from qwixx_print import api, rules
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Move, Sheet

NOCHMAL = api.checked("nochmal")
BIG_POINTS = api.checked("big-points")


def refused_by_score(call: Callable[[], object]) -> str:
    """The message a scoring call raises (``call`` a zero-argument callable)."""
    with pytest.raises(RuleViolation) as caught:
        call()
    return str(caught.value)


def test_a_small_box_under_the_last_field_is_refused_in_the_same_words_by_score_and_play() -> None:
    red = NOCHMAL.rows[0]
    last = len(red.fields) - 1
    sheet = Sheet(NOCHMAL)
    played = sheet.can_again("red", last).reason
    scored = refused_by_score(
        lambda: rules.score_fields(NOCHMAL, red, [0, 1, 2, 3, 4, last], [last])
    )
    assert played == f"red: {scored}"
    assert scored == f"the last field ({red.fields[last].number}) has no small box"


def test_a_small_box_on_a_row_without_them_says_the_rule_and_what_score_was_given() -> None:
    classic = api.checked("classic")
    played = Sheet(classic).can_again("red", 0).reason
    scored = refused_by_score(lambda: rules.score_row(classic, classic.rows[0], [2], [2]))
    assert played == "red: this row has no small boxes"
    assert scored == "this row has no small boxes, but one under 2 is given"


def test_a_small_box_under_an_uncrossed_field_is_refused_by_score_and_play() -> None:
    red = NOCHMAL.rows[0]
    n = red.fields[3].number
    played = Sheet(NOCHMAL).can_again("red", 3).reason
    scored = refused_by_score(lambda: rules.score_fields(NOCHMAL, red, [0], [3]))
    assert played == f"red: the small box under {n} needs the {n} crossed, and it is not"
    assert scored == f"the small box under {n} is crossed, but the {n} is not"


def test_a_bonus_cell_beside_nothing_is_refused_in_the_same_words_by_score_and_play() -> None:
    sheet = Sheet(BIG_POINTS)
    played = sheet.can(Move("bonus", "red-yellow", 3)).reason
    with pytest.raises(rules.RowViolation) as caught:
        rules.score_sheet(BIG_POINTS, rules.Written(bonus={"red-yellow": (5,)}))
    number = BIG_POINTS.rows[0].fields[3].number
    assert (
        played
        == f"red-yellow: the bonus cell {number} needs the {number} crossed in red or in yellow"
    )
    assert caught.value.row == "red-yellow"
    assert played == f"red-yellow: {caught.value}"


def test_a_diamond_with_a_field_of_another_number_is_refused_by_play() -> None:
    xchange = api.checked("x-change")
    a, b = xchange.diamonds[0]
    other = next(n for n in range(2, 13) if n not in (a, b))
    red = xchange.rows[0]
    i = next(k for k, f in enumerate(red.fields) if f.number == other)
    reason = Sheet(xchange).can(Move("swap", "red", i, 0)).reason
    assert reason == f"red: the diamond {a}/{b} swaps {a} and {b}, not the {other}"
