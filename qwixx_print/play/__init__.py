"""Play a game move by move: one engine for every sheet (RULES.md §1-§3, RULES-more.md §5).

``Sheet`` is one player's sheet (legal moves with their reasons, undo, redo, score);
``Game`` is the table (active player, dice, the white and colour actions, locks closing
colours for everyone, the end); :mod:`qwixx_print.play.log` reads and writes game logs.
Each kind of move lives in a module of its own, listed once in :mod:`qwixx_print.play.kinds`.
No drawing, no files: docs/play.md.
"""

from qwixx_print.play.game import Dice, Game
from qwixx_print.play.moves import Move, Verdict
from qwixx_print.play.sheet import Sheet

__all__ = ["Dice", "Game", "Move", "Sheet", "Verdict"]
