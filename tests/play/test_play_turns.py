"""Taking an accidental end of a turn back in table play (issue 20 item 3; RULES.md §6, "An
accidental Next player"): ``Game.undo_turn`` restores the player, their dice and the colours
the pass closed, only while the new player has not rolled, and a game log replays it."""

from __future__ import annotations

import pytest

from qwixx_print import api
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move
from qwixx_print.play import log as playlog
from qwixx_print.yamldoc import parse

COLOURS = {"red": 1, "yellow": 2, "green": 3, "blue": 4}


def _game() -> Game:
    """Léa locks red after a roll; the turn passes to Sam (red closes for everyone)."""
    game = Game(api.checked("classic"), ["Léa", "Sam"], table=True)
    for index in (0, 1, 2, 3, 4):
        game.play("Léa", Move("cross", "red", index))
    game.roll(white=(5, 6), colours=COLOURS)
    game.play("Léa", Move("cross", "red", 10))
    game.end_turn()
    return game


def test_undo_turn_gives_the_dice_back_and_reopens_the_colours_the_pass_closed() -> None:
    game = _game()
    assert (game.active, game.turn, game.dice, game.closed) == ("Sam", 2, None, {"red"})
    assert not game.sheets["Sam"].can(Move("cross", "red", 0))
    game.undo_turn()
    assert (game.active, game.turn, game.phase) == ("Léa", 1, "white")
    assert game.dice is not None and game.dice.white == (5, 6)
    assert game.closed == frozenset() and game.sheets["Sam"].can(Move("cross", "red", 0))
    assert game.entries[-1] == {"back": "Léa"}
    game.end_turn()  # the lock closes red again when the turn ends again
    assert (game.active, game.closed) == ("Sam", {"red"})


def test_undo_turn_is_refused_once_the_new_player_rolled_or_before_any_pass() -> None:
    game = Game(api.checked("classic"), ["Léa", "Sam"], table=True)
    with pytest.raises(RuleViolation, match=r"^no turn has ended yet$"):
        game.undo_turn()
    game = _game()
    game.roll(white=(1, 1), colours={"yellow": 1, "green": 1, "blue": 1})  # red is out
    assert not game.can_undo_turn()
    with pytest.raises(RuleViolation, match=r"^Sam has rolled already: the turn cannot go back$"):
        game.undo_turn()
    turns = Game(api.checked("classic"), ["Léa"])
    assert turns.can_undo_turn().reason == "this game is played in turns: a turn is not taken back"


def test_a_log_with_a_turn_taken_back_replays_to_the_same_game() -> None:
    game = _game()
    game.undo_turn()
    text = playlog.dumps(game)
    assert "  - {back: Léa}\n" in text
    replayed = playlog.from_doc(
        parse(text.encode(), "game.yaml", playlog.GameLogError), api.checked
    )
    assert playlog.to_data(replayed) == playlog.to_data(game)
    assert (replayed.active, replayed.dice, replayed.closed) == (game.active, game.dice, set())


def test_a_back_entry_naming_the_wrong_player_is_refused_where_it_stands() -> None:
    game = _game()
    game.undo_turn()
    text = playlog.dumps(game).replace("{back: Léa}", "{back: Sam}")
    with pytest.raises(playlog.GameLogError) as refused:
        playlog.from_doc(parse(text.encode(), "game.yaml", playlog.GameLogError), api.checked)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "{back: Sam}" in row)
    assert (
        str(refused.value) == f"game.yaml:{line}: moves[8].back: the turn goes back to Léa, not Sam"
    )


def test_undoing_the_last_penalty_box_after_the_turn_passed_reopens_the_game() -> None:
    """The end by a last penalty box holds only while a sheet holds it (RULES.md §6, "An
    undo after the end"): found by a newcomer, whose undo of the 4th penalty changed the
    ranking while the page still said "Game over"."""
    game = Game(api.checked("classic"), ["Léa", "Sam", "Cem"], table=True)
    for turn in range(4):  # a penalty in each of Léa's turns, the only one allowed
        if turn:
            for _ in game.names:
                game.end_turn()
        game.play("Léa", Move("penalty"))
    game.end_turn()
    assert game.over and game.why_over == "Léa crossed the last penalty box"
    assert game.reopened is None
    game.undo("Léa")
    assert game.sheets["Léa"].penalties == 3
    assert not game.over and game.why_over is None
    # every page says who reopened the game, and why it had ended, until the next move
    assert game.reopened == ("Léa", "Léa crossed the last penalty box")
    assert playlog.from_data(playlog.to_data(game)).reopened == game.reopened  # a replay too
    assert game.can_play("Sam", Move("cross", "red", 0))
    game.redo("Léa")  # the 4th penalty again: the game ends again at the end of the turn
    assert game.reopened is None
    game.end_turn()
    assert game.over and game.why_over == "Léa crossed the last penalty box"


def test_an_undo_after_the_end_by_two_locks_that_keeps_both_locks_keeps_the_game_over() -> None:
    game = Game(api.checked("classic"), ["Léa", "Sam"], table=True)
    for row in ("red", "yellow"):
        for index in (0, 1, 2, 3, 4, 10):
            game.play("Léa", Move("cross", row, index))
    game.play("Sam", Move("cross", "green", 0))
    game.end_turn()
    assert game.over and game.closed == {"red", "yellow"}
    game.undo("Sam")  # a correction that leaves both locks: still over, Sam's sheet corrected
    assert game.over and game.sheets["Sam"].score().total == 0
