"""Connect 15's link squares in play (RULES.md §7): ``square ROW INDEX`` crosses the link
square right of field ``INDEX`` of ``ROW``, a cross of the row not toward its lock.

Which squares a roll allows, and to whom, is decided here only: two dice showing the
trigger's faces (a 1 and a 5): the two white dice for every player in any row (action 1,
``white-white``); a white and a coloured die for the active player in that colour's row
(action 2, ``white-colour``); two coloured dice for the active player in either colour's row
(action 2, ``colour-colour``). A square's colour is its left field's
(:attr:`qwixx_print.compiled.Compiled.square_colours`, RULES.md §6). The square's own rules
(open row, free, left to right) are :class:`LinkSquares`', in the words of
:func:`qwixx_print.rules.square_refusal`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from qwixx_print import rules
from qwixx_print.compiled import Compiled
from qwixx_print.play.legality import Legality
from qwixx_print.play.move_kind import LEGAL, Move, MoveKind, Verdict
from qwixx_print.play.sheet_state import inserted

if TYPE_CHECKING:
    from qwixx_print.play.game_state import GameState
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


class LinkSquares(Legality):
    """A sheet's link squares (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def squares_crossed(self, row: str) -> tuple[int, ...]:
        """The crossed link squares of ``row``, each by the index of the field left of it,
        left to right (Connect 15, RULES.md §7)."""
        return self.state.squares[self._row(row)]

    def can_square(self, row: str, index: int) -> Verdict:
        """May the link square right of field ``index`` of ``row`` be crossed now (Connect
        15, RULES.md §7)? The row open, the square free, nothing right of it crossed; the
        dice that allow it are the table's (:class:`~qwixx_print.play.Game`)."""
        return self.can(Move("square", row, index))

    def square(self, row: str, index: int) -> None:
        """Cross the link square right of field ``index`` of ``row``: a cross of the row, not
        toward its lock (RULES.md §7). Raises RuleViolation when not legal."""
        self.play(Move("square", row, index))

    def legal_squares(self) -> list[tuple[str, int]]:
        """The link squares this sheet allows now, whatever the dice, as (row id, index of
        the field left of the square), top to bottom, left to right (Connect 15, RULES.md
        §7); which dice allow one is the table's (:class:`~qwixx_print.play.Game`)."""
        b = self.board
        if self._why_over is not None or not any(b.squares):
            return []
        return [
            (b.ids[r], left)
            for r in b.all_rows
            for left in b.squares[r]
            if self._square_refusal(r, left) is None
        ]

    def _square_refusal(self, r: int, left: int | None) -> str | None:
        """Why the link square right of field ``left`` of row ``r`` may not be crossed
        (Connect 15, RULES.md §7), without the row; the dice are the table's."""
        row = self.layout.rows[r]
        if not row.squares:
            return "this row has no link squares"
        if left is None or not 0 <= left < len(row.fields) - 1:
            places = ", ".join(str(i) for i in self.board.squares[r])
            return f"no link square right of field {left} (the row has them right of {places})"
        s = self._state
        return rules.square_refusal(
            row, left, None, s.crossed[r], s.squares[r], self._closed_reason(r)
        )


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


class Square(MoveKind):
    """``square ROW INDEX``: a link square, crossed on two dice faces (Connect 15)."""

    __slots__ = ()
    name = "square"
    args = ("row", "index")
    rolled = True
    by_dice = True

    def on(self, sheet: Sheet) -> bool:
        return any(sheet.board.squares)

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        reason = sheet._row_refusal(move.row)
        if reason is not None:
            return reason
        assert move.row is not None
        reason = sheet._square_refusal(sheet.board.row_of[move.row], move.index)
        return None if reason is None else f"{move.row}: {reason}"

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None and move.index is not None  # squares never lock a row
        return s._replace(squares=inserted(s.squares, sheet.board.row_of[move.row], move.index))

    def white_options(self, game: GameState, name: str, sheet: Sheet, found: list[Move]) -> None:
        assert game.dice is not None
        found += allowed_squares(sheet.board, sheet.legal_squares(), game.dice.white, None)

    def colour_options(self, game: GameState, sheet: Sheet, found: list[Move]) -> None:
        assert game.dice is not None
        white, in_play = game.dice.white, game.faces_in_play()
        found += allowed_squares(sheet.board, sheet.legal_squares(), white, in_play)

    def white_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        assert game.dice is not None
        return square_verdict(sheet.board, move, game.dice.white, None)

    def colour_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        assert game.dice is not None
        return square_verdict(sheet.board, move, game.dice.white, game.faces_in_play())
