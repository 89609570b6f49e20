"""The play engine's Game: dice turns, the white and colour actions, penalties, locks closing
colours for everyone, the end of the game, and table play (RULES.md §1, RULES-more.md §5)."""

from __future__ import annotations

import random

import pytest

from qwixx_print import api
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move

CLASSIC = api.checked("classic")
COLOURS = {"red": 1, "yellow": 1, "green": 1, "blue": 1}


def cross(row: str, index: int) -> Move:
    return Move("cross", row, index)


def ready(game: Game, name: str, row: str, indexes: list[int]) -> None:
    """Put crosses on ``name``'s sheet directly (the setting of a scripted test)."""
    for i in indexes:
        game.sheets[name].cross(row, i)


def test_action_one_is_the_white_sum_for_everyone_and_action_two_the_active_players() -> None:
    game = Game(CLASSIC, ["Léa", "Sam"])
    game.roll(white=(3, 4), colours={"red": 2, "yellow": 6, "green": 5, "blue": 1})
    assert (
        game.can_white("Sam", cross("red", 6)).reason
        == "red: the field is 8, but the white sum is 7"
    )
    game.white({"Léa": cross("red", 5), "Sam": cross("green", 5)})
    # white + red is 5 or 6, left of Léa's red 7; white + yellow 9 or 10; green 8 or 9; blue 4, 5
    assert game.legal_colour() == [
        cross("yellow", 7), cross("yellow", 8), cross("green", 4), cross("green", 3),
        cross("blue", 8), cross("blue", 7),
    ]  # fmt: skip
    assert game.can_colour(cross("red", 4)).reason == "red: 6 is left of your last cross (7)"
    assert (
        game.can_colour(cross("green", 7)).reason
        == "green: the field is 5, but white + green is 8 or 9"
    )
    game.colour(cross("yellow", 8))
    assert game.sheets["Léa"].crossed("yellow") == (8,)
    assert (game.active, game.phase) == ("Sam", "roll")


def test_a_penalty_only_for_the_active_player_who_crossed_nothing_in_both_actions() -> None:
    game = Game(CLASSIC, ["Léa", "Sam"])
    game.roll(white=(1, 1), colours=COLOURS)
    game.white({"Sam": cross("red", 0)})
    game.colour(None)
    assert (game.sheets["Léa"].penalties, game.sheets["Sam"].penalties) == (1, 0)
    assert game.active == "Sam"
    game.roll(white=(1, 1), colours=COLOURS)
    game.white({"Sam": cross("yellow", 0)})  # the active player crossed in action 1
    game.colour(None)
    assert game.sheets["Sam"].penalties == 0
    assert game.active == "Léa"


def test_two_locks_in_one_white_action_end_the_game_before_action_two() -> None:
    game = Game(CLASSIC, ["Léa", "Sam", "Kim"])
    ready(game, "Léa", "red", [0, 1, 2, 3, 4])
    ready(game, "Sam", "yellow", [0, 1, 2, 3, 4])
    ready(game, "Kim", "red", [0, 1, 2, 3, 4])
    game.roll(white=(6, 6), colours=COLOURS)
    game.white({"Léa": cross("red", 10), "Sam": cross("yellow", 10), "Kim": cross("red", 10)})
    assert game.closed == {"red", "yellow"}
    assert game.over
    assert game.sheets["Léa"].score().rows["red"] == (7, True, 28)
    assert game.sheets["Kim"].score().rows["red"] == (7, True, 28)  # both locked red at once
    assert game.can_colour(None).reason == "the game is over (red and yellow are closed)"
    with pytest.raises(RuleViolation, match="the game is over"):
        game.colour(None)
    assert game.sheets["Léa"].penalties == 0  # no penalty: the turn never reached action 2


def test_a_lock_in_action_one_closes_the_colour_for_everyone_after_the_action() -> None:
    game = Game(CLASSIC, ["Léa", "Sam"])
    ready(game, "Sam", "red", [0, 1, 2, 3, 4])
    ready(game, "Léa", "red", [0, 1, 2, 3])
    game.roll(white=(6, 6), colours=COLOURS)
    assert game.sheets["Léa"].can_cross("red", 9)
    game.white({"Sam": cross("red", 10)})
    assert game.closed == {"red"}
    assert not game.over
    assert game.sheets["Léa"].can_cross("red", 10).reason == "red: red is closed"
    game.colour(None)
    game.roll(white=(2, 3), colours={"yellow": 1, "green": 1, "blue": 1})
    with pytest.raises(RuleViolation, match="a roll is two white dice"):
        Game(CLASSIC, ["x"]).roll(white=(2, 3), colours={"yellow": 1})


def test_the_fourth_penalty_ends_the_game_before_another_action() -> None:
    game = Game(CLASSIC, ["Léa", "Sam"])
    for _ in range(3):
        game.sheets["Léa"].penalty()
    game.roll(white=(1, 1), colours=COLOURS)
    game.white({})
    game.colour(None)  # Léa's 4th penalty
    assert game.over
    assert game.sheets["Sam"].over  # the table ends for everyone
    assert (
        game.sheets["Sam"].can_cross("red", 0).reason
        == "the game is over (Léa crossed the last penalty box)"
    )
    with pytest.raises(RuleViolation, match="the game is over"):
        game.roll(white=(1, 1), colours=COLOURS)


def test_corpus_games_that_cannot_end_so_are_refused_by_the_engine() -> None:
    """four-locked-colours, two-final-locks-on-one-sheet, last-penalty-and-two-locks: after
    the second closed colour or a last penalty, no further lock can be made."""
    game = Game(CLASSIC, ["Léa", "Sam"])
    ready(game, "Léa", "red", [0, 1, 2, 3, 4])
    ready(game, "Léa", "yellow", [0, 1, 2, 3, 4])
    ready(game, "Sam", "green", [0, 1, 2, 3, 4])
    game.roll(white=(6, 6), colours=COLOURS)
    assert game.can_white("Léa", cross("red", 10))
    game.white({"Léa": cross("red", 10)})
    game.colour(None)
    game.roll(white=(6, 6), colours={"yellow": 1, "green": 1, "blue": 1})
    game.white({"Léa": cross("yellow", 10)})  # second closed colour: over
    assert game.over
    assert (
        game.can_white("Sam", cross("green", 10)).reason
        == "the game is over (red and yellow are closed)"
    )
    assert (
        game.sheets["Sam"].can_cross("green", 10).reason
        == "the game is over (red and yellow are closed)"
    )
    penalty = Game(CLASSIC, ["Kim", "Léa"])
    for _ in range(4):
        penalty.sheets["Kim"].penalty()
    assert penalty.over
    assert (
        penalty.can_white("Léa", None).reason
        == "the game is over (Kim: 4 penalties, the last penalty box)"
    )


def test_dice_come_from_a_seeded_random_and_closed_dice_leave_the_game() -> None:
    a, b = Game(CLASSIC, ["x"]), Game(CLASSIC, ["x"])
    assert a.roll(random.Random(7)) == b.roll(random.Random(7))
    c = Game(CLASSIC, ["x", "y"])
    ready(c, "x", "blue", [0, 1, 2, 3, 4])
    c.roll(white=(1, 1), colours=COLOURS)
    c.white({"x": cross("blue", 10)})
    c.colour(None)
    dice = c.roll(random.Random(1))
    assert set(dice.colours) == {"red", "yellow", "green"}
    assert all(1 <= face <= 6 for face in (*dice.white, *dice.colours.values()))


def test_table_play_closes_a_lock_for_others_at_the_end_of_the_turn_and_undo_reopens() -> None:
    game = Game(CLASSIC, ["Léa", "Sam"], table=True)
    for i in [0, 1, 2, 3, 4]:
        game.play("Léa", cross("red", i))
    game.play("Léa", cross("red", 10))
    assert game.sheets["Sam"].can_cross("red", 0)  # same turn: Sam may still cross red
    game.play("Sam", cross("red", 0))
    game.end_turn()
    assert game.active == "Sam"
    assert game.sheets["Sam"].can_cross("red", 1).reason == "red: red is closed"
    game.undo("Léa")
    assert game.closed == frozenset()
    assert game.sheets["Sam"].can_cross("red", 1)
    game.redo("Léa")
    assert game.sheets["Léa"].locked == ("red",)
    with pytest.raises(RuleViolation, match=r"^Sam, there is no undone move to redo$"):
        game.redo("Sam")
    with pytest.raises(RuleViolation, match=r"^no player 'Kim'"):
        game.play("Kim", cross("red", 0))


def test_a_game_holds_as_many_players_as_a_marks_file() -> None:
    from qwixx_print import marks
    from qwixx_print.play import game

    assert game.MAX_PLAYERS == marks.MAX_PLAYERS == 20
    names = [f"P{k}" for k in range(21)]
    Game(CLASSIC, names[:20])
    with pytest.raises(RuleViolation, match=r"^a game has 1 to 20 players, got 21$"):
        Game(CLASSIC, names)
