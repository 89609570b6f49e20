"""Which link squares a roll allows, and to whom (Connect 15, RULES.md §7): the one place
of that rule in play. Two dice showing the trigger's faces (a 1 and a 5): the two white dice
for every player in any row (action 1, ``white-white``); a white and a coloured die for the
active player in that colour's row (action 2, ``white-colour``); two coloured dice for the
active player in either colour's row (action 2, ``colour-colour``). A square's colour is its
left field's (:attr:`qwixx_print.compiled.Compiled.square_colours`, RULES.md §6). The
square's own rules (open row, free, left to right) are the sheet's
(:meth:`qwixx_print.play.Sheet.can_square`).
"""

from __future__ import annotations

from collections.abc import Mapping

from qwixx_print import rules
from qwixx_print.compiled import Compiled
from qwixx_print.play.moves import LEGAL, Move, Verdict


def square_pairs(
    board: Compiled,
    colour: str,
    white: tuple[int, int],
    colours: Mapping[str, int] | None,
) -> list[tuple[int, int]]:
    """The pairs of faces a player may use for a link square of ``colour``: in action 1
    (``colours`` ``None``) the two ``white`` dice, if the layout lets them; in action 2 each
    white die with the ``colour`` die and the ``colour`` die with each other coloured die in
    play (``colours``, colour -> face), as the layout's ``square_dice`` allow. Empty when the
    ``colour`` die is out of the game in action 2."""
    if colours is None:
        return [white] if "white-white" in board.square_dice else []
    face = colours.get(colour)
    if face is None:
        return []
    pairs = []
    if "white-colour" in board.square_dice:
        pairs += [(w, face) for w in white]
    if "colour-colour" in board.square_dice:
        pairs += [(face, other) for c, other in colours.items() if c != colour]
    return pairs


def square_verdict(
    board: Compiled, move: Move, white: tuple[int, int], colours: Mapping[str, int] | None
) -> Verdict:
    """May the dice cross the link square of ``move`` (a ``square`` move the sheet allows)
    in action 1 (``colours`` ``None``: the ``white`` dice) or action 2 (the active player:
    ``white`` and the coloured dice in play, ``colours``)? The refusal names the row and the
    faces (:func:`~qwixx_print.rules.refusals.square_dice_refusal`)."""
    assert move.row is not None and move.index is not None
    r = board.row_of[move.row]
    colour = board.square_colours[r][board.squares[r].index(move.index)]
    pairs = square_pairs(board, colour, white, colours)
    if colours is None:
        dice = "the white dice"
    elif colour not in colours:
        return Verdict(f"{move.row}: the {colour} die is out of the game")
    else:
        dice = f"white + {colour}" if "colour-colour" not in board.square_dice else "your dice"
    if not pairs:
        return Verdict(f"{move.row}: a link square takes no {dice} on this sheet")
    reason = rules.square_dice_refusal(board.square_faces, pairs, dice)
    return LEGAL if reason is None else Verdict(f"{move.row}: {reason}")


def allowed_squares(
    board: Compiled,
    legal: list[tuple[str, int]],
    white: tuple[int, int],
    colours: Mapping[str, int] | None,
) -> list[Move]:
    """The ``square`` moves among the squares a sheet allows (``legal``: (row id, index),
    :meth:`qwixx_print.play.Sheet.legal_squares`) that the dice allow too (see
    :func:`square_verdict`)."""
    moves = [Move("square", row, left) for row, left in legal]
    return [m for m in moves if square_verdict(board, m, white, colours)]
