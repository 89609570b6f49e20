"""rules.score_sheet and friends called from Python (RULES.md §1, §2 Kräfte)."""

from __future__ import annotations

import pytest

from qwixx_print import layout, rules
from qwixx_print.errors import RuleViolation
from tests.conftest import ROOT

CLASSIC = layout.find("classic")
KRAEFTE = layout.load(ROOT / "tests" / "data" / "layouts" / "kraefte.yaml")


def test_row_violation_names_the_row() -> None:
    with pytest.raises(rules.RowViolation, match="only after 5 crosses; there are 3") as caught:
        rules.score_sheet(CLASSIC, {"red": [2, 3], "green": [12, 11, 10, 2]}, 0)
    assert caught.value.row == "green"


def test_a_sheet_error_is_not_a_row_error() -> None:
    with pytest.raises(RuleViolation, match="4 penalty boxes") as caught:
        rules.score_sheet(CLASSIC, {}, 5)
    assert not isinstance(caught.value, rules.RowViolation)


def test_unlocked_powers_need_both_fields_of_the_symbol() -> None:
    assert rules.unlocked_powers(KRAEFTE, {"red": [7]}) == ()
    assert rules.unlocked_powers(KRAEFTE, {"red": [7], "yellow": [9]}) == ("plus-13",)
    assert rules.unlocked_powers(CLASSIC, {"red": [7], "yellow": [9]}) == ()


def test_three_locked_colours_pass_four_are_refused() -> None:
    full = {"red": [2, 3, 4, 5, 6, 12], "yellow": [2, 3, 4, 5, 6, 12]}
    sheets = {
        "Léa": rules.score_sheet(CLASSIC, full, 0),
        "Sam": rules.score_sheet(CLASSIC, {"green": [12, 11, 10, 9, 8, 2]}, 0),
    }
    rules.check_locked_colours(CLASSIC, sheets)  # seed 001: the 2nd and 3rd close at once
    sheets["Kim"] = rules.score_sheet(CLASSIC, {"blue": [12, 11, 10, 9, 8, 2]}, 0)
    with pytest.raises(RuleViolation, match=r"^4 colours are locked: red \(Léa\), yellow"):
        rules.check_locked_colours(CLASSIC, sheets)


def test_ranking_shares_places_on_ties() -> None:
    assert rules.ranking({"A": 10, "B": 30, "C": 10, "D": 5}) == [
        (1, "B", 30),
        (2, "A", 10),
        (2, "C", 10),
        (4, "D", 5),
    ]
