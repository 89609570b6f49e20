"""Connect 15's link squares in simulation (RULES.md §7): the bots take squares (the
engine's games, specified in :mod:`qwixx_print.sim.bots`), the kernel offers the engine's
squares at a state (:mod:`qwixx_print.sim.probe`) and scores their games alike (the
agreement tests of ``test_sim_kernel.py`` and ``test_sim_probe.py`` play connect-15 with
every shipped sheet)."""

from __future__ import annotations

import numpy as np

from qwixx_print import api
from qwixx_print.compiled import Compiled
from qwixx_print.play import Game, Move
from qwixx_print.sim import bot_options, dice, probe, selfplay, tables
from qwixx_print.sim.strategy import STRONG


def squares_taken(codes: tuple[int, ...], games: int) -> int:
    layout = api.checked("connect-15")
    board = Compiled.of(layout)
    taken = 0
    for game in range(games):
        g = Game(layout, selfplay.seats(len(codes)))
        selfplay.play(g, codes, dice.rolls(3, game, len(board.dice), board.faces))
        taken += sum(len(row) for sheet in g.sheets.values() for row in sheet.state.squares)
    return taken


def test_gap_and_strong_bots_take_link_squares() -> None:
    assert squares_taken((2, 2), 30) > 10
    assert squares_taken((STRONG, STRONG), 30) > 10


def test_kernel_and_engine_offer_the_same_squares_for_white_and_coloured_dice() -> None:
    layout = api.checked("connect-15")
    t = tables.compile_layout(layout)
    g = Game(layout, ["A", "B"])
    g.roll(white=(1, 5), colours={"red": 5, "yellow": 1, "green": 3, "blue": 3})
    g.white({"A": Move("cross", "red", 4), "B": Move("square", "yellow", 5)})
    s = probe.state_of(g, t)
    roll = np.array([1, 5, 5, 1, 3, 3], dtype=np.int64)
    out = np.zeros((probe.MOST, 2), dtype=np.int64)
    n = probe._square_options(t, s, 1, roll, False, out)
    white = [tuple(row) for row in out[:n].tolist()]
    # B crossed yellow's 7-8 square: of yellow's, only the 9-10 square is right of it
    assert white == [(0, 1), (0, 4), (0, 8), (1, 7), (2, 2), (2, 6), (2, 8), (3, 1), (3, 4), (3, 7)]
    # A, active: a white 1 with red 5, and red 5 with yellow 1; A has crossed the red 6
    n = probe._square_options(t, s, 0, roll, True, out)
    kernel = {tuple(row) for row in out[:n].tolist()}
    engine = {(o.row, o.field) for o in bot_options.square_options(g.sheets["A"], g.dice, True)}
    assert kernel == engine == {(0, 4), (0, 8), (1, 3), (1, 5), (1, 7)}
    assert probe.square_differences(g, t, g.dice, "colour") == []
