"""X-Change's diamond swaps in play (RULES-more.md §4): ``swap DIAMOND ROW INDEX`` crosses
the diamond (left to right, once each) with a field of its other number, when the white sum
shows one of its two numbers, in action 1 only. A swap is a cross for the penalty rule. The
rule's words are :func:`qwixx_print.rules.diamond_refusal`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qwixx_print import rules
from qwixx_print.play.legality import Legality
from qwixx_print.play.move_kind import LEGAL, Move, Verdict, WhiteSumKind

if TYPE_CHECKING:
    from qwixx_print.play.game_state import GameState
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


class DiamondSwaps(Legality):
    """A sheet's diamonds (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def legal_swaps(self, white_sum: int) -> list[Move]:
        """The X-Change moves a white sum allows now: a diamond showing it, with a field of
        its other number (RULES-more.md §4)."""
        found: list[Move] = []
        if self._why_over is not None:
            return found
        for d, (a, b) in enumerate(self.layout.diamonds):
            if white_sum not in (a, b):
                continue
            other = b if white_sum == a else a
            for row, i in self.legal_crosses(other):
                move = Move("swap", row, i, d)
                if self._refusal(move) is None:
                    found.append(move)
        return found

    def _swap_refusal(self, d: int | None, r: int, i: int | None) -> str | None:
        """Why diamond ``d`` may not be crossed with field ``i`` of row ``r`` (X-Change,
        RULES-more.md §4): left to right, once each, with a field of one of its numbers."""
        diamonds = self.layout.diamonds
        if not diamonds:
            return "this sheet has no diamonds"
        if d is None or not 0 <= d < len(diamonds):
            return f"no diamond {d} (the sheet has diamonds 0 to {len(diamonds) - 1})"
        numbers = self.board.numbers[r]
        number = numbers[i] if i is not None and 0 <= i < len(numbers) else None
        return rules.diamond_refusal(diamonds, d, number, self._state.diamonds)


class Swap(WhiteSumKind):
    """``swap DIAMOND ROW INDEX``: a diamond with a field of its other number (X-Change)."""

    __slots__ = ()
    name = "swap"
    args = ("diamond", "row", "index")
    what = "a diamond swap"

    def on(self, sheet: Sheet) -> bool:
        return bool(sheet.layout.diamonds)

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        row = move.row
        reason = sheet._row_refusal(row)
        if reason is not None:
            return reason
        assert row is not None
        r = sheet.board.row_of[row]
        reason = sheet._swap_refusal(move.diamond, r, move.index)
        if reason is not None:
            return f"{row}: {reason}"
        reason = sheet._index_refusal(row, r, move.index)
        if reason is not None:
            return reason
        assert move.index is not None
        reason = sheet._cross_refusal(r, move.index)
        return None if reason is None else f"{row}: {reason}"

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None and move.index is not None and move.diamond is not None
        s = s._replace(diamonds=(*s.diamonds, move.diamond))
        return sheet._add_cross(s, sheet.board.row_of[move.row], move.index)

    def white_options(self, game: GameState, name: str, sheet: Sheet, found: list[Move]) -> None:
        assert game.dice is not None
        found += sheet.legal_swaps(game.dice.white_sum)

    def white_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        """The white sum on a number of the diamond, the field its other number."""
        assert game.dice is not None
        assert move.diamond is not None and move.row is not None and move.index is not None
        white = game.dice.white_sum
        a, b = sheet.layout.diamonds[move.diamond]
        number = sheet.board.numbers[sheet.board.row_of[move.row]][move.index]
        if white in (a, b) and number == (b if white == a else a):
            return LEGAL
        return Verdict(
            f"{move.row}: the diamond {a}/{b} turns a white {a} into {b} or a {b} into {a}; "
            f"the white sum is {white} and the field {number}"
        )
