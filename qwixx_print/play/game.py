"""The table: players' sheets, the active player, the dice, the two actions of a turn, locks
closing colours for everyone, and the end (RULES.md §1, RULES-more.md §5 The turn).

Two ways to drive a :class:`Game`:

- **turns** (simulator, tests, a shared screen): :meth:`Game.roll`, then :meth:`Game.white`
  (action 1, every player), then :meth:`Game.colour` (action 2, the active player), which
  ends the turn. The engine checks every cross against the dice.
- **table** (``Game(..., table=True)``, a counter for a table that rolls its own dice):
  :meth:`Game.play` applies one player's move as it is tapped, :meth:`Game.undo` and
  :meth:`Game.redo` act on that player's sheet, :meth:`Game.end_turn` passes the dice on.
  The engine cannot see the dice there, so it checks each sheet's own rules only.

In both, a lock closes its colour for the other players at the end of the action (turns) or
of the turn (table), so several players may lock the same colour at once; the game ends when
the closed colours reach two (one on a one-colour sheet) or a player crosses the last penalty
box, even before action 2.
"""

from __future__ import annotations

from qwixx_print.play.game_state import MAX_PLAYERS, Dice
from qwixx_print.play.table_play import TablePlay
from qwixx_print.play.turns import Turns

__all__ = ["MAX_PLAYERS", "Dice", "Game"]


class Game(Turns, TablePlay):
    """A game of ``layout`` for the players ``names`` (1 to :data:`MAX_PLAYERS`, unique),
    the first one active. ``table=True`` plays moves as tapped (:meth:`play`) instead of
    dice turns. ``own`` gives a player their own sheet of the layout (a slip, lucky
    numbers: :meth:`Layout.sheet`, RULES-more.md §4). Raises RuleViolation for bad names or
    an own sheet of another layout or for no player of the game."""
