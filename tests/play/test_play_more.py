"""The play engine on the sheets of RULES.md §4, move by move, each new mechanic undone:
Big Points' bonus cells, Connected's forced partners and framed group, X-Change's diamond
swaps, Longo's d8 dice, lock fields and lucky numbers (RULES-more.md §4, §5)."""

from __future__ import annotations

import pytest

from qwixx_print import api, yamldoc
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play import log as playlog

ONES = {"red": 1, "yellow": 1, "green": 1, "blue": 1}


def cross(row: str, index: int) -> Move:
    return Move("cross", row, index)


def replayed(game: Game) -> Game:
    """``game`` written as a log and replayed from its text."""
    text = playlog.dumps(game)
    return playlog.from_doc(
        yamldoc.parse(text.encode(), "log.yaml", playlog.GameLogError), api.checked
    )


def test_big_points_bonus_cell_by_white_sum_and_by_a_neighbours_colour_then_undone() -> None:
    game = Game(api.checked("big-points"), ["Léa", "Sam"])
    lea = game.sheets["Léa"]
    game.roll(white=(2, 3), colours={"red": 1, "yellow": 4, "green": 1, "blue": 1})
    assert game.can_white("Léa", Move("bonus", "red-yellow", 3)).reason == (
        "red-yellow: the bonus cell 5 needs the 5 crossed in red or in yellow"
    )
    game.white({"Léa": cross("red", 3), "Sam": None})  # the red 5
    # action 2: white 3 + yellow 4 = 7 is no bonus cell yet; white 2 + red 1 = 3 neither
    assert Move("bonus", "red-yellow", 3) not in game.legal_colour()
    game.colour(None)
    assert lea.penalties == 0  # she crossed in action 1
    game.roll(white=(1, 4), colours={"red": 1, "yellow": 1, "green": 1, "blue": 1})
    assert Move("bonus", "red-yellow", 3) in game.legal_white("Léa")
    game.white({"Léa": Move("bonus", "red-yellow", 3)})  # the white 5: the bonus cell 5
    assert lea.state.bonus == ((3,), ())
    assert lea.score().rows["red"].crosses == 2 and lea.score().rows["yellow"].crosses == 1
    assert lea.can(Move("bonus", "red-yellow", 2)).reason == (
        "red-yellow: the bonus cell 4 is left of your last bonus cross (5)"
    )
    assert replayed(game).sheets["Léa"].state == lea.state
    lea.undo()
    assert lea.state.bonus == ((), ()) and lea.score().total == 1


def test_big_points_bonus_cell_by_action_two_with_the_lower_neighbours_colour() -> None:
    game = Game(api.checked("big-points"), ["Léa"])
    game.sheets["Léa"].cross("yellow", 5)  # the yellow 7
    game.roll(white=(2, 6), colours={"red": 6, "yellow": 5, "green": 1, "blue": 1})
    game.white({"Léa": None})
    assert game.legal_colour().count(Move("bonus", "red-yellow", 5)) == 1  # 2 + 5 yellow
    game.colour(Move("bonus", "red-yellow", 5))
    assert game.sheets["Léa"].penalties == 0  # a bonus cross is a cross: no penalty


def test_big_points_bonus_cells_beside_a_closed_row_still_go() -> None:
    sheet = Sheet(api.checked("big-points"))
    sheet.cross("red", 2)
    sheet.concede("red")
    assert sheet.can(Move("bonus", "red-yellow", 2))


def test_big_points_bonus_cell_takes_no_die_of_a_colour_locked_in_action_one() -> None:
    """Found by the kernel comparison: a colour locked in action 1 takes its die out of the
    game, so action 2 cannot use it, not even for a bonus cell beside its row."""
    game = Game(api.checked("big-points"), ["Léa"])
    lea = game.sheets["Léa"]
    for i in (0, 3, 4, 5, 6):  # red 2 5 6 7 8
        lea.cross("red", i)
    game.roll(white=(6, 6), colours={"red": 2, "yellow": 6, "green": 1, "blue": 1})
    game.white({"Léa": cross("red", 10)})  # the white 12 locks red
    assert game.dice_in_play() == ("yellow", "green", "blue")
    assert lea.legal_bonus(8, "red") == []  # 6 + red 2 = 8: red's die is out
    assert Move("bonus", "red-yellow", 6) not in game.legal_colour()
    assert lea.legal_bonus(8) == [("red-yellow", 6)]  # a white 8 would still take it


def test_connected_chain_forced_partner_also_into_a_locked_row_and_undone_with_it() -> None:
    sheet = Sheet(api.checked("connected-chain").sheet("A"))  # R6-Y6, R11-Y11, ...
    for i in (0, 1, 2, 3, 5, 6):  # red 2 3 4 5 7 8, skipping the linked red 6
        sheet.cross("red", i)
    sheet.cross("red", 10)  # red locked
    assert sheet.locked == ("red",)
    sheet.cross("yellow", 4)  # the yellow 6: its partner red 6 is crossed at once
    assert sheet.crossed("red") == (0, 1, 2, 3, 4, 5, 6, 10)
    assert sheet.score().rows["red"].crosses == 9
    sheet.undo()
    assert sheet.crossed("red") == (0, 1, 2, 3, 5, 6, 10) and sheet.crossed("yellow") == ()
    sheet.redo()
    sheet.cross("green", 3)  # green 9: forces blue 9, right of nothing: blue's first cross
    assert sheet.crossed("blue") == (3,)
    assert sheet.can_cross("blue", 2).reason == "blue: 10 is left of your last cross (9)"


def test_connected_chain_slips_play_as_their_own_sheet_in_one_game() -> None:
    chain = api.checked("connected-chain")
    game = Game(chain, ["Léa", "Sam"], own={"Sam": chain.sheet("B")})
    game.roll(white=(1, 1), colours=ONES)
    game.white({"Léa": cross("red", 0), "Sam": cross("red", 0)})  # red 2: linked on B only
    assert game.sheets["Léa"].crossed("yellow") == ()
    assert game.sheets["Sam"].crossed("yellow") == (0,)
    again = replayed(game)
    assert again.sheets["Sam"].layout.slip == "B" and again.sheets["Sam"].state.crossed[1] == (0,)


def test_connected_steps_framed_crosses_score_as_a_fifth_group_and_undo() -> None:
    sheet = Sheet(api.checked("connected-steps"))
    for i in (1, 2, 3):
        sheet.cross("red", i)
    sheet.cross("yellow", 3)
    assert sheet.score().part("framed") == (4, 10)
    assert sheet.score().total == 6 + 1 + 10
    sheet.undo()
    assert sheet.score().part("framed").points == 6


def test_x_change_swap_turns_the_white_sum_in_action_one_only() -> None:
    game = Game(api.checked("x-change"), ["Léa"])
    lea = game.sheets["Léa"]
    game.roll(white=(4, 4), colours={"red": 1, "yellow": 1, "green": 1, "blue": 1})
    swap = Move("swap", "red", 3, 0)  # the diamond 8/5: a white 8 crosses the red 5
    assert str(swap) == "swap 0 red 3"
    assert swap in game.legal_white("Léa")
    assert game.can_white("Léa", Move("swap", "red", 4, 0)).reason == (
        "red: the diamond 8/5 swaps 8 and 5, not the 6"
    )
    game.white({"Léa": swap})
    assert lea.state.diamonds == (0,) and lea.crossed("red") == (3,)
    assert lea.score().total == 1  # the diamond scores nothing
    assert game.can_colour(Move("swap", "yellow", 3, 6)).reason == (
        "yellow: a diamond swap takes the white sum only (action 1)"
    )
    game.colour(None)
    assert lea.can(Move("swap", "red", 9, 0)).reason == "red: the diamond 8/5 is crossed already"
    assert lea.can(Move("swap", "yellow", 7, 1)).reason is not None  # 9/7: the yellow 9
    assert replayed(game).sheets["Léa"].state == lea.state


def test_x_change_skipped_diamonds_are_lost_and_undo_gives_them_back() -> None:
    sheet = Sheet(api.checked("x-change"))
    sheet.play(Move("swap", "green", 1, 2))  # 11/3: the green 11
    assert sheet.can(Move("swap", "red", 3, 0)).reason == (
        "red: the diamond 8/5 is left of your last diamond (11/3)"
    )
    sheet.undo()
    assert sheet.can(Move("swap", "red", 3, 0))


def test_longo_d8_dice_lock_fields_after_six_numbers() -> None:
    game = Game(api.checked("longo"), ["Léa"])
    assert game.faces == 8
    dice = game.roll(white=(8, 7), colours={"red": 8, "yellow": 1, "green": 1, "blue": 1})
    assert dice.white_sum == 15
    lea = game.sheets["Léa"]
    for i in range(5):
        lea.cross("red", i)
    assert game.can_white("Léa", cross("red", 13)).reason == (
        "red: the 15 locks the row only after 6 crosses; there are 5"
    )
    lea.cross("red", 5)
    game.white({"Léa": cross("red", 13)})  # the 15 locks red
    assert lea.locked == ("red",) and lea.score().rows["red"] == (8, True, 36)
    assert "red" in game.closed
    lea.undo()
    assert lea.locked == ()
    alone = Sheet(api.checked("longo"))
    for i in range(6):
        alone.cross("red", i)
    alone.cross("red", 14)  # the 16 locks as well, the 15 is then gone
    assert alone.locked == ("red",)
    assert alone.can_cross("red", 13).reason == "red: the row is locked"


def test_longo_lucky_cross_goes_to_the_row_with_the_fewest_crosses_and_undo() -> None:
    longo = api.checked("longo")
    game = Game(longo, ["Léa"], own={"Léa": longo.sheet(lucky=(5, 11))})
    lea = game.sheets["Léa"]
    for row in ("red", "yellow", "blue"):
        lea.cross(row, 0)
    game.roll(white=(6, 5), colours=ONES)  # 11: a lucky number
    assert game.legal_white("Léa")[-1:] == [Move("lucky", "green")]
    assert game.can_white("Léa", Move("lucky", "red")).reason == (
        "red: a lucky cross goes to the next free field of an open row with the fewest "
        "crosses (green)"
    )
    game.white({"Léa": Move("lucky", "green")})
    assert lea.crossed("green") == (0,)  # the green 16, not an 11
    lea.undo()
    assert lea.crossed("green") == ()
    game2 = Game(longo, ["Sam"], own={"Sam": longo.sheet(lucky=(5, 11))})
    game2.roll(white=(3, 3), colours=ONES)
    assert game2.can_white("Sam", Move("lucky", "red")).reason == (
        "red: the white sum is 6, not a lucky number (5 or 11)"
    )
    text = playlog.dumps(game)
    assert "sheets:\n  Léa:\n    lucky: [5, 11]\n" in text
    assert replayed(game).sheets["Léa"].layout.lucky == (5, 11)


def test_longo_lucky_cross_leaves_out_rows_whose_next_field_may_not_be_crossed() -> None:
    sheet = Sheet(api.checked("longo").sheet(lucky=(4, 9)))
    assert sheet.can(Move("lucky", "blue"))
    for i in range(13):  # red up to the 14: its next free field, the 15, needs 6 before
        sheet.cross("red", i)
    for row in ("yellow", "green", "blue"):
        for i in range(13):
            sheet.cross(row, i)
    sheet.concede("blue")  # closed rows are left out too
    assert sheet.lucky_rows() == (0, 1, 2)
    with pytest.raises(RuleViolation, match=r"blue: a lucky cross goes .* \(red, yellow, green\)"):
        sheet.play(Move("lucky", "blue"))


def test_the_engine_refuses_what_the_marks_corpus_refuses_for_the_new_sheets() -> None:
    sheet = Sheet(api.checked("x-change"))
    assert sheet.can(Move("swap", "red", 3, 9)).reason == (
        "red: no diamond 9 (the sheet has diamonds 0 to 8)"
    )
    text = """game-log: 1
layout: longo
players: [Léa]
sheets: {Léa: {lucky: [7, 7]}}
moves: []
"""
    doc = yamldoc.parse(text.encode(), "log.yaml", playlog.GameLogError)
    with pytest.raises(playlog.GameLogError, match="lucky numbers are 2 different numbers"):
        playlog.from_doc(doc)


def test_an_own_sheet_belongs_to_the_games_layout_and_a_player() -> None:
    chain = api.checked("connected-chain")
    with pytest.raises(RuleViolation, match="Sam: a player's own sheet is one of the game's"):
        Game(chain, ["Léa", "Sam"], own={"Sam": api.checked("classic")})
    with pytest.raises(RuleViolation, match="Max: a player's own sheet"):
        Game(chain, ["Léa"], own={"Max": chain.sheet("B")})


def test_lucky_fields_are_the_next_free_fields_of_the_rows_a_lucky_cross_may_take() -> None:
    longo = Sheet(api.checked("longo").sheet(lucky=(5, 11)))
    longo.cross("red", 0)
    longo.cross("yellow", 2)
    assert longo.lucky_fields() == [("green", 0), ("blue", 0)]
    longo.play(Move("lucky", "green"))
    assert longo.lucky_fields() == [("blue", 0)]
    assert Sheet(api.checked("longo")).lucky_fields() == []  # no lucky numbers on this sheet
    longo.finish()
    assert longo.lucky_fields() == []


def test_bonus_crossed_names_the_columns_of_a_bonus_row() -> None:
    big = Sheet(api.checked("big-points"))
    big.cross("green", 3)
    big.play(Move("bonus", "green-blue", 3))
    assert big.bonus_crossed("green-blue") == (3,) and big.bonus_crossed("red-yellow") == ()
    with pytest.raises(RuleViolation, match="has no bonus row 'red'"):
        big.bonus_crossed("red")
