"""Connect 15's link squares in play (RULES.md §7): a square is crossed on two dice showing
a 1 and a 5, by the faces and not a sum; the two white dice for every player in any row, a
white and a coloured die or two coloured dice for the active player; one left-to-right
order with the fields; undo; the score is the rules'; a game log carries the move."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from qwixx_print import rules
from qwixx_print.api import checked
from qwixx_print.play import Game, Move, Sheet, log

DICE = {"red": 2, "yellow": 3, "green": 4, "blue": 6}


def game(white: tuple[int, int], **colours: int) -> Game:
    g = Game(checked("connect-15"), ["Léa", "Sam"])
    g.roll(white=white, colours={**DICE, **colours})
    return g


def squares(moves: list[Move]) -> list[str]:
    return [str(m) for m in moves if m.kind == "square"]


def test_white_one_and_five_offer_every_player_every_rows_squares() -> None:
    g = game((5, 1))
    every = [
        f"square {row} {i}"
        for row, places in (("red", (1, 4, 8)), ("yellow", (3, 5, 7)), ("green", (2, 6, 8)))
        for i in places
    ] + ["square blue 1", "square blue 4", "square blue 7"]
    assert squares(g.legal_white("Sam")) == every
    assert squares(g.legal_white("Léa")) == every
    assert g.can_white("Sam", Move("square", "green", 6))


def test_the_white_sum_of_six_without_a_one_and_a_five_crosses_no_square() -> None:
    g = game((2, 4))
    assert squares(g.legal_white("Sam")) == []
    assert g.can_white("Sam", Move("square", "red", 1)).reason == (
        "red: a link square needs two dice showing 1 and 5; the white dice show 2 and 4"
    )


def test_white_and_red_die_offer_the_active_player_reds_squares_only() -> None:
    g = game((1, 3), red=5)
    g.white({})
    assert squares(g.legal_colour()) == ["square red 1", "square red 4", "square red 8"]
    assert not g.can_colour(Move("square", "yellow", 3))


def test_two_coloured_dice_offer_either_colours_squares() -> None:
    g = game((3, 3), green=1, blue=5)
    g.white({})
    assert squares(g.legal_colour()) == [
        "square green 2",
        "square green 6",
        "square green 8",
        "square blue 1",
        "square blue 4",
        "square blue 7",
    ]
    g.colour(Move("square", "blue", 4))
    assert g.sheets["Léa"].squares_crossed("blue") == (4,)
    assert g.sheets["Léa"].penalties == 0  # a square is a cross: no penalty


def test_a_square_loses_what_lies_left_of_it_and_a_field_right_of_it_loses_it() -> None:
    sheet = Sheet(checked("connect-15"))
    sheet.cross("red", 0)
    sheet.square("red", 4)  # between the 6 and the 7
    assert sheet.can_cross("red", 4).reason == (
        "red: 6 is left of your last cross (the link square 6-7)"
    )
    assert sheet.can_square("red", 1).reason == (
        "red: the link square 3-4 is left of your last cross (the link square 6-7)"
    )
    assert sheet.can_cross("red", 5)
    sheet.cross("red", 6)
    assert sheet.can_square("red", 4).reason == "red: the link square 6-7 is crossed already"
    assert sheet.legal_squares() == [
        ("red", 8),
        ("yellow", 3),
        ("yellow", 5),
        ("yellow", 7),
        ("green", 2),
        ("green", 6),
        ("green", 8),
        ("blue", 1),
        ("blue", 4),
        ("blue", 7),
    ]
    assert sheet.score().rows["red"] == rules.RowScore(3, False, 6)


def test_squares_do_not_count_toward_the_lock_and_undo_takes_one_back() -> None:
    sheet = Sheet(checked("connect-15"))
    for i in (0, 1):
        sheet.cross("red", i)
    for left in (1, 4, 8):
        sheet.square("red", left)
    sheet.cross("red", 9)
    assert sheet.can_cross("red", 10).reason == (
        "red: the 12 locks the row only after 5 crosses; there are 3"
    )
    assert sheet.score().rows["red"].crosses == 6
    assert sheet.undo() == Move("cross", "red", 9)
    assert sheet.undo() == Move("square", "red", 8)
    assert sheet.squares_crossed("red") == (1, 4)
    assert sheet.can_square("red", 8)


def test_a_game_log_with_squares_scores_as_the_engine_and_refuses_a_tampered_one(
    tmp_path: Path,
) -> None:
    g = game((1, 5))
    g.white({"Sam": Move("square", "red", 1), "Léa": Move("cross", "red", 4)})
    g.colour(None)
    text = log.dumps(g)
    assert "square red 1" in text
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "score", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert '"crosses": 1' in done.stdout and g.sheets["Sam"].score().total == 1
    path.write_text(text.replace("square red 1", "square red 2"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "score", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().endswith(
        "Sam, red: there is no link square between 4 and 5 (link squares: 3-4, 6-7, 10-11)"
    )
