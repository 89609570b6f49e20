"""rules.score_sheet and friends called from Python (RULES.md §1, §2 Kräfte)."""

from __future__ import annotations

import pytest

from qwixx_print import catalogue, layout, rules
from qwixx_print.errors import RuleViolation
from tests.conftest import ROOT

CLASSIC = catalogue.find("classic")
KRAEFTE = layout.load(ROOT / "tests" / "data" / "layouts" / "kraefte.yaml")


def test_row_violation_names_the_row() -> None:
    with pytest.raises(rules.RowViolation, match="only after 5 crosses; there are 3") as caught:
        rules.score_sheet(CLASSIC, rules.Written(crosses={"red": [2, 3], "green": [12, 11, 10, 2]}))
    assert caught.value.row == "green"


def test_a_sheet_error_is_not_a_row_error() -> None:
    with pytest.raises(RuleViolation, match="4 penalty boxes") as caught:
        rules.score_sheet(CLASSIC, rules.Written(penalties=5))
    assert not isinstance(caught.value, rules.RowViolation)


def test_unlocked_powers_need_both_fields_of_the_symbol() -> None:
    assert rules.unlocked_powers(KRAEFTE, {"red": [7]}) == ()
    assert rules.unlocked_powers(KRAEFTE, {"red": [7], "yellow": [9]}) == ("plus-13",)
    assert rules.unlocked_powers(CLASSIC, {"red": [7], "yellow": [9]}) == ()


RED = {"red": [2, 3, 4, 5, 6, 12]}
YELLOW = {"yellow": [2, 3, 4, 5, 6, 12]}
GREEN = {"green": [12, 11, 10, 9, 8, 2]}
BLUE = {"blue": [12, 11, 10, 9, 8, 2]}


def game(sheet: layout.Layout, **players: dict[str, list[int]]) -> dict[str, rules.SheetScore]:
    return {
        name: rules.score_sheet(sheet, rules.Written(crosses=crosses))
        for name, crosses in players.items()
    }


def test_seed_001_a_white_12_closes_the_second_and_third_colour_at_once() -> None:
    # green closed earlier; then one white 12: Léa locks red, Kim locks yellow
    rules.check_game_end(CLASSIC, game(CLASSIC, Sam=GREEN, Léa=RED, Kim=YELLOW))
    rules.check_game_end(CLASSIC, game(CLASSIC, Léa={**RED, **YELLOW}))  # 2 turns' actions


def test_one_player_cannot_lock_two_rows_in_the_final_action() -> None:
    with pytest.raises(RuleViolation) as refused:
        rules.check_game_end(CLASSIC, game(CLASSIC, Léa={**RED, **YELLOW}, Sam=GREEN))
    assert str(refused.value) == (
        "3 colours are locked: red (Léa), yellow (Léa), green (Sam); the game ends at the "
        "second locked colour, so all but one close in one action: one row per player, and "
        "several rows only with one white-dice sum that ends them all"
    )


def test_rows_ending_in_different_numbers_cannot_close_at_once() -> None:
    rules.check_game_end(CLASSIC, game(CLASSIC, Léa=RED, Sam=GREEN, Max=BLUE))  # a white 2
    mixed = catalogue.find("durcheinander")  # its rows end in 11, 10, 3 and 4
    lock = {row.id: [f.number for f in (*row.fields[:5], row.fields[-1])] for row in mixed.rows}
    two = game(mixed, A={"red": lock["red"]}, B={"yellow": lock["yellow"]})
    rules.check_game_end(mixed, two)
    three = {**two, **game(mixed, C={"green": lock["green"]})}
    with pytest.raises(RuleViolation, match=r"^3 colours are locked"):
        rules.check_game_end(mixed, three)


def test_four_colours_never_close_on_classic() -> None:
    with pytest.raises(RuleViolation, match=r"^4 colours are locked: red \(Léa\), yellow"):
        rules.check_game_end(CLASSIC, game(CLASSIC, Léa=RED, Kim=YELLOW, Sam=GREEN, Max=BLUE))


def test_a_last_penalty_ends_the_game_before_a_second_lock() -> None:
    sheets = game(CLASSIC, Léa=RED, Sam=GREEN)
    sheets["Kim"] = rules.score_sheet(CLASSIC, rules.Written(penalties=4))
    with pytest.raises(RuleViolation) as refused:
        rules.check_game_end(CLASSIC, sheets)
    assert str(refused.value) == (
        "Kim crossed the last penalty box, which ends the game at once, but 2 colours are "
        "locked: red (Léa), green (Sam); the game ends at whichever comes first"
    )
    del sheets["Sam"]
    rules.check_game_end(CLASSIC, sheets)  # one colour locked, then the 4th penalty


def test_one_in_each_excuses_only_the_locks_of_its_own_player() -> None:
    kim = rules.score_sheet(
        KRAEFTE,
        rules.Written(
            crosses={
                "red": [2, 4, 5, 6, 7, 12],
                "yellow": [2, 3, 4, 5, 6, 12],  # the 3: one-in-each
                "green": [12, 11, 10, 9, 4, 2],  # the 4: one-in-each
            }
        ),
    )
    assert kim.locked == ("red", "yellow", "green")
    rules.check_game_end(KRAEFTE, {"Kim": kim})  # the power locked several rows at once
    unlocked_only = rules.score_sheet(KRAEFTE, rules.Written(crosses={"yellow": [3], "green": [4]}))
    assert [e.power for e in unlocked_only.powers] == ["one-in-each"]
    others = game(KRAEFTE, Léa={**RED, **YELLOW}, Sam={**GREEN, **BLUE})
    with pytest.raises(RuleViolation, match=r"^4 colours are locked"):
        rules.check_game_end(KRAEFTE, {"Kim": unlocked_only, **others})


def test_ranking_shares_places_on_ties() -> None:
    assert rules.ranking({"A": 10, "B": 30, "C": 10, "D": 5}) == [
        (1, "B", 30),
        (2, "A", 10),
        (2, "C", 10),
        (4, "D", 5),
    ]


RED_ONLY = layout.load(ROOT / "tests" / "data" / "layouts" / "red-only.yaml")
"""Two red rows and one red die: a one-colour sheet, whose game ends at its 1st lock
(RULES.md §6; ``rules.end_at`` is 1)."""
RED_2 = {"red-2": [12, 11, 10, 9, 8, 2]}


def test_a_one_colour_sheet_ends_at_its_first_lock() -> None:
    """The game-end check and the sheet's most locks read ``rules.end_at``, not the 2 of
    classic: before, a one-colour sheet's game was never checked."""
    assert rules.validate(RED_ONLY) == [] and rules.end_at(RED_ONLY) == 1
    rules.check_game_end(RED_ONLY, game(RED_ONLY, Léa=RED, Kim=RED))  # one white 12
    rules.check_game_end(RED_ONLY, game(RED_ONLY, Léa=RED_2, Kim=RED_2))  # one white 2
    with pytest.raises(RuleViolation) as refused:  # a 12 and a 2 in one action: no
        rules.check_game_end(RED_ONLY, game(RED_ONLY, Léa=RED, Kim=RED_2))
    assert str(refused.value) == (
        "1 colour is locked: red (Léa, Kim); the game ends at the first locked colour, so all "
        "close in one action: one row per player, and several rows only with one white-dice "
        "sum that ends them all"
    )
    sheets = game(RED_ONLY, Léa=RED)
    sheets["Kim"] = rules.score_sheet(RED_ONLY, rules.Written(penalties=4))
    with pytest.raises(RuleViolation) as refused:
        rules.check_game_end(RED_ONLY, sheets)
    assert str(refused.value) == (
        "Kim crossed the last penalty box, which ends the game at once, but 1 colour is "
        "locked: red (Léa); the game ends at whichever comes first"
    )
    with pytest.raises(RuleViolation) as refused:
        rules.score_sheet(RED_ONLY, rules.Written(crosses={**RED, **RED_2}))
    assert str(refused.value) == (
        "2 rows are locked (red, red-2); the game ends at the first lock, so a sheet holds at "
        "most 1"
    )
