"""Lucky 15 in the simulator (RULES-more.md §7): the general kernel plays the value track as
the engine does, game by game and state by state, the bots take it, and it changes the games
(the same dice, other crosses, more points)."""

from __future__ import annotations

import dataclasses

from qwixx_print import api
from qwixx_print.play import Game
from qwixx_print.play.game import Dice
from qwixx_print.sim import bots, dice, probe, run, selfplay, tables
from tests.sim.test_sim_kernel import SEATINGS, differences


def test_lucky_15_goes_to_the_general_kernel_with_its_track_in_the_tables() -> None:
    sheet = api.checked("lucky-15")
    assert run.variant_of(sheet) == run.GENERAL
    t = tables.compile_layout(sheet)
    assert t.track.tolist() == [5, 11, 18, 25]
    assert t.rules[[tables.TRACK_TOTAL, tables.TRACK_WHITE, tables.TRACK_COLOURED]].tolist() == [
        15,
        2,
        1,
    ]


def test_kernel_and_engine_play_the_same_lucky_15_games_for_every_seating() -> None:
    for codes in SEATINGS.values():
        assert differences("lucky-15", codes, 15, 60) == []


def test_kernel_offers_the_track_where_the_engine_does_and_the_track_is_reached() -> None:
    sheet = api.checked("lucky-15")
    t = tables.compile_layout(sheet)
    asked = offered = 0
    for game in range(6):
        g = Game(sheet, selfplay.seats(2))

        def watch(g: Game, roll: Dice, phase: str) -> None:
            nonlocal asked, offered
            if phase == "white":
                asked += 1
                offered += bots.track_choice(g) is not None
                assert probe.differences(g, t, roll, phase) == []

        selfplay.play(g, (2, 0), dice.rolls(15, game, 4, 6), watch)
    assert asked > 100
    assert offered >= 5  # 15 of two white dice and one of four coloured: about 1 roll in 9


def test_the_track_changes_the_games_and_adds_points() -> None:
    sheet = api.checked("lucky-15")
    plain = dataclasses.replace(sheet, value_track=None)
    for codes in ((2, 2, 2), (0, 0, 0)):
        lucky = run.kernel_chunk(sheet, codes, 4, 0, 200)
        without = run.kernel_chunk(plain, codes, 4, 0, 200)
        assert (lucky.crossed != without.crossed).any(axis=(1, 2)).sum() > 100
        assert lucky.scores.mean() > without.scores.mean()


def test_a_game_where_the_active_player_takes_the_track_scores_its_value() -> None:
    g = Game(api.checked("lucky-15"), selfplay.seats(2))
    # seat1 rolls 5 + 6 and a yellow 4: 15, and takes the track instead of both actions
    selfplay.play(g, (2, 2), iter([(5, 6, 1, 4, 1, 1)]))
    assert g.sheets["seat1"].state.track == 1 and g.sheets["seat1"].penalties == 0
    assert g.sheets["seat1"].score().total == 5
    assert sum(map(len, g.sheets["seat1"].state.crossed)) == 0
    white = {"seat1": bots.Move("track", None, 0), "seat2": bots.Move("cross", "green", 1)}
    assert g.entries[1] == {"white": white}  # seat2 still takes the white 11
    assert g.entries[2] == {"colour": None}
