"""The gap-k bots follow issue 13's spec exactly, on hand-made dice: ties, penalty relief,
the lock rule, the order of the actions and the end before action 2 (RULES.md §1,
RULES-more.md §5). They play through the reference engine, :class:`qwixx_print.play.Game`;
``test_sim_kernel.py`` proves the compiled kernel makes the same choices."""

from __future__ import annotations

from collections.abc import Sequence

from qwixx_print import api
from qwixx_print.play import Game
from qwixx_print.play.game import Dice
from qwixx_print.sim import bots, selfplay

CLASSIC = api.checked("classic")
GAP_1, GAP_2 = 1, 2


def game(players: int = 2, **crossed: Sequence[int]) -> Game:
    """A classic game whose first seat has ``crossed`` (row -> field indexes) already."""
    g = Game(CLASSIC, selfplay.seats(players))
    for row, fields in crossed.items():
        for i in fields:
            g.sheets["seat1"].cross(row, i)
    return g


def roll(w1: int, w2: int, red: int = 1, yellow: int = 1, green: int = 1, blue: int = 1) -> Dice:
    return Dice((w1, w2), {"red": red, "yellow": yellow, "green": green, "blue": blue})


def white(g: Game, dice: Dice, code: int = GAP_2, active: bool = False) -> tuple[str, int] | None:
    sheet = g.sheets["seat1"]
    choice = bots.white_choice(sheet, dice, active, code)
    return None if choice is None else (sheet.board.ids[choice.row], choice.field)


def crossed(g: Game, seat: str = "seat1") -> dict[str, tuple[int, ...]]:
    sheet = g.sheets[seat]
    return {row: sheet.crossed(row) for row in sheet.board.ids if sheet.crossed(row)}


def test_white_sum_takes_the_fewest_skips() -> None:
    # red holds 2, 3; yellow 2: a white 5 skips 1 field in red (4), 2 in yellow (3, 4)
    g = game(red=[0, 1], yellow=[0])
    assert white(g, roll(2, 3)) == ("red", 3)


def test_tie_goes_to_the_row_with_more_crosses() -> None:
    # red holds only 3, yellow 2 and 3: a white 4 skips nothing in either
    assert white(game(red=[1], yellow=[0, 1]), roll(2, 2)) == ("yellow", 2)
    assert white(game(red=[0, 1], yellow=[1]), roll(2, 2)) == ("red", 2)


def test_tie_with_as_many_crosses_goes_to_the_upper_row() -> None:
    assert white(game(red=[1], yellow=[1]), roll(2, 2)) == ("red", 2)
    # an empty sheet: the white 12 skips 10 in red and yellow, none in green and blue
    assert white(game(), roll(6, 6)) == ("green", 0)


def test_white_sum_passes_beyond_k_skips() -> None:
    g = game()
    assert white(g, roll(2, 3), GAP_2) is None  # the 5: 3 skips everywhere
    assert white(g, roll(1, 3), GAP_2) == ("red", 2)  # the 4: 2 skips
    assert white(g, roll(1, 3), GAP_1) is None


def test_penalty_relief_takes_a_white_cross_of_k_plus_1_skips() -> None:
    # active, a white 5 (3 skips); white + colour: 8 or 9, at least 3 skips: no option <= 2
    g = game()
    dice = roll(2, 3, red=6, yellow=6, green=6, blue=6)
    assert white(g, dice, GAP_2, active=True) == ("red", 3)
    assert white(g, dice, GAP_2, active=False) is None


def test_penalty_relief_waits_for_a_colour_option_within_k() -> None:
    # white 2 + red 1 = 3 skips 1 in red: the active player passes the white 5 for it
    g = game()
    assert white(g, roll(2, 3, red=1, yellow=6, green=6, blue=6), GAP_2, active=True) is None


def test_a_legal_lock_is_always_taken() -> None:
    # red holds 2..6 (5 crosses): the 12 skips 5 fields but locks; gap-1, not active
    g = game(red=[0, 1, 2, 3, 4])
    assert white(g, roll(6, 6), GAP_1) == ("red", 10)
    # with 4 crosses the 12 is not legal: the green 12 (no skips) instead
    assert white(game(red=[0, 1, 2, 3]), roll(6, 6), GAP_1) == ("green", 0)


def test_turn_white_then_colour_right_of_it() -> None:
    # the active player crosses red 5 (relief, 3 skips), then the best colour option right
    # of it: white 2 + red 6 = red 8, 2 skips after the 5, within k
    g = game()
    selfplay.play(g, (GAP_2, GAP_2), iter([(2, 3, 6, 6, 6, 6)]))
    assert crossed(g) == {"red": (3, 6)}
    assert crossed(g, "seat2") == {}
    assert (g.sheets["seat1"].penalties, g.active) == (0, "seat2")


def test_colour_action_allows_k_plus_1_when_nothing_was_crossed() -> None:
    # a white 7 (5 skips) passes; white 1 + green 1 = 2 is not legal (lock), white 6 +
    # blue 3 = 9 skips 3 in blue: k + 1 for an active player who crossed nothing yet
    g = game()
    selfplay.play(g, (GAP_2, GAP_2), iter([(1, 6, 6, 6, 1, 3)]))
    assert crossed(g) == {"blue": (3,)}
    assert g.sheets["seat1"].penalties == 0


def test_penalty_when_both_actions_cross_nothing() -> None:
    # white 7 (5 skips); colour sums 6 and 7 with every die 3: at least 4 skips, beyond
    # k + 1 = 2 for gap-1
    g = game()
    selfplay.play(g, (GAP_1, GAP_1), iter([(3, 4, 3, 3, 3, 3)]))
    assert crossed(g) == {}
    assert g.sheets["seat1"].penalties == 1
    assert g.sheets["seat2"].penalties == 0


def test_locks_of_action_1_close_for_all_and_end_the_game_before_action_2() -> None:
    g = Game(CLASSIC, selfplay.seats(3))
    for i in range(5):
        g.sheets["seat1"].cross("red", i)
        g.sheets["seat2"].cross("yellow", i)
        g.sheets["seat3"].cross("red", i)
    selfplay.play(g, (GAP_2,) * 3, iter([(6, 6, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1)]))
    # seats 1 and 3 both lock red, seat 2 yellow, in the same action: two colours closed,
    # the game ends before seat 1's action 2 (no penalty, no second roll)
    assert g.over and g.rolls == 1
    assert g.closed == {"red", "yellow"}
    assert [g.sheets[s].locked for s in selfplay.seats(3)] == [("red",), ("yellow",), ("red",)]
    assert [g.sheets[s].penalties for s in selfplay.seats(3)] == [0, 0, 0]


def test_one_lock_in_action_1_closes_its_die_for_action_2() -> None:
    g = Game(CLASSIC, selfplay.seats(2))
    for i in range(5):
        g.sheets["seat2"].cross("red", i)
    for i in range(4):
        g.sheets["seat1"].cross("red", i)
    # the white 12: seat 2 locks red; seat 1 (4 red crosses, no lock) takes the green 12.
    # Action 2: white 6 + red 1 = 7 would skip 1 in red, but red is closed now
    selfplay.play(g, (GAP_2, GAP_2), iter([(6, 6, 1, 1, 1, 1)]))
    assert not g.over and g.closed == {"red"}
    assert crossed(g) == {"red": (0, 1, 2, 3), "green": (0,)}
    assert (g.sheets["seat1"].penalties, g.active) == (0, "seat2")
