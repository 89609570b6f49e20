"""Whole games of the bots (:mod:`qwixx_print.sim.bots`) through the reference engine
:class:`qwixx_print.play.Game`, each seat on its own sheet and with the dice of
:mod:`qwixx_print.sim.dice`: the games the compiled kernel (:mod:`qwixx_print.sim.kernel`)
must play alike, cross for cross (``tests/sim/test_sim_kernel.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from qwixx_print import dealing
from qwixx_print.compiled import Compiled
from qwixx_print.layout import Layout
from qwixx_print.play import Game, Move
from qwixx_print.play.game import Dice
from qwixx_print.sim import dice
from qwixx_print.sim.bots import colour_choice, track_choice, white_choice


class Played(NamedTuple):
    """One finished game, per seat: ``scores``, ``penalties``, ``crossed`` and ``again``
    (per row a bit mask of field indexes), ``bonus`` (per bonus row a bit mask of its crossed
    cells); ``rolls``, ``by_locks`` (else by penalties), ``locked`` (bit mask of the rows
    some player locked)."""

    scores: tuple[int, ...]
    penalties: tuple[int, ...]
    crossed: tuple[tuple[int, ...], ...]
    again: tuple[tuple[int, ...], ...]
    bonus: tuple[tuple[int, ...], ...]
    rolls: int
    by_locks: bool
    locked: int


def _mask(indexes: Sequence[int]) -> int:
    return sum(1 << i for i in indexes)


def seats(players: int) -> list[str]:
    """The names of the simulated players: ``seat1``, ``seat2``, ..."""
    return [f"seat{k + 1}" for k in range(players)]


def play(
    g: Game,
    codes: Sequence[int],
    rolls: Iterator[Sequence[int]],
    watch: Callable[[Game, Dice, str], None] | None = None,
) -> Game:
    """Play ``g`` on with one strategy code per seat until it is over or ``rolls`` (faces:
    white, white, then one per colour of ``layout.dice``, closed ones included) run out.
    Each turn: a roll, action 1 for every player, and unless that ended the game, action 2
    of the active player (the engine adds the penalty). ``watch`` sees the game and the roll
    before each action (``white``, ``colour``: :mod:`qwixx_print.sim.probe`)."""
    layout = g.layout
    while not g.over:
        faces = next(rolls, None)
        if faces is None:
            break
        in_play = set(g.dice_in_play())
        colours = {c: faces[2 + k] for k, c in enumerate(layout.dice) if c in in_play}
        roll = g.roll(white=(faces[0], faces[1]), colours=colours)
        if watch is not None:
            watch(g, roll, "white")
        moves: dict[str, Move | None] = {}
        track = track_choice(g)
        for name, code in zip(g.names, codes, strict=True):
            if track is not None and name == g.active:
                moves[name] = track
                continue
            sheet = g.sheets[name]
            choice = white_choice(sheet, roll, name == g.active, code)
            moves[name] = None if choice is None else choice.move(sheet)
        g.white(moves)
        if g.over:
            break
        if watch is not None:
            watch(g, roll, "colour")
        sheet = g.sheets[g.active]
        if track is not None:  # the track took the place of both actions
            g.colour(None)
            continue
        choice = colour_choice(sheet, roll, codes[g.active_index], moves[g.active] is not None)
        g.colour(None if choice is None else choice.move(sheet))
    return g


def played(g: Game) -> Played:
    """The record of a finished game."""
    sheets = [g.sheets[name] for name in g.names]
    locked = 0
    for sheet in sheets:
        for row in sheet.locked:
            locked |= 1 << sheet.board.row_of[row]
    return Played(
        scores=tuple(sheet.score().total for sheet in sheets),
        penalties=tuple(sheet.penalties for sheet in sheets),
        crossed=tuple(tuple(_mask(c) for c in sheet.state.crossed) for sheet in sheets),
        again=tuple(tuple(_mask(a) for a in sheet.state.again) for sheet in sheets),
        bonus=tuple(tuple(_mask(b) for b in sheet.state.bonus) for sheet in sheets),
        rolls=g.rolls,
        by_locks=len(g.closed) >= sheets[0].board.end_at,
        locked=locked,
    )


def sheets(layout: Layout, players: int, seed: int, game: int) -> dict[str, Layout]:
    """The seats' own sheets in game ``game`` of a run seeded ``seed``, when the sheets of
    ``layout`` differ (RULES.md §4): dealt as a page of ``players`` sheets, page number
    ``game`` (:func:`qwixx_print.dealing.deal`: Connected slips in turn), Longo's lucky
    numbers from the game's lucky stream (:func:`qwixx_print.sim.dice.lucky_draws`); empty
    for a layout whose sheets are all alike."""
    if not dealing.has_own(layout):
        return {}
    pool = dealing.lucky_pool(layout)
    lucky = [pool[j] for j in dice.lucky_draws(seed, game, players, len(pool))] if pool else None
    dealt = dealing.deal(layout, players, seed, game, lucky)
    return dict(zip(seats(players), dealt, strict=True))


def play_game(layout: Layout, codes: Sequence[int], seed: int, game: int) -> Played:
    """Play game number ``game`` of the run seeded ``seed`` through :class:`Game`, one
    strategy code per seat (seat 0 starts), each seat on its own sheet (:func:`sheets`), with
    the dice of :mod:`qwixx_print.sim.dice`."""
    own = sheets(layout, len(codes), seed, game)
    g = Game(layout, seats(len(codes)), own=own)
    board = Compiled.of(layout)
    return played(play(g, codes, dice.rolls(seed, game, len(board.dice), board.faces)))
