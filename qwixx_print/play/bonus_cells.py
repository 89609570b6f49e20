"""Big Points' bonus cells in play (RULES-more.md §4): ``bonus ROW INDEX`` crosses column
``INDEX`` of the bonus row ``ROW``, left to right, once its column is crossed in a row beside
it, on the die sum of the cell's number (white + a coloured die: one of the two rows'
colours, while that die is in the game). A bonus row never closes. The rule's words are
:func:`qwixx_print.rules.bonus_cell_refusal`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qwixx_print import rules
from qwixx_print.errors import RuleViolation
from qwixx_print.play.legality import Legality
from qwixx_print.play.move_kind import Move, SumKind
from qwixx_print.play.sheet_state import appended

if TYPE_CHECKING:
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


class BonusCells(Legality):
    """A sheet's bonus rows (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def bonus_crossed(self, bonus_row: str) -> tuple[int, ...]:
        """Columns of the crossed cells of the bonus row ``bonus_row`` (Big Points), left to
        right; raises RuleViolation for a layout without that bonus row."""
        if bonus_row not in self.board.bonus_ids:
            raise RuleViolation(f"the layout {self.layout.name} has no bonus row '{bonus_row}'")
        return self._state.bonus[self.board.bonus_ids.index(bonus_row)]

    def legal_bonus(self, number: int, colour: str | None = None) -> list[tuple[str, int]]:
        """Bonus cells (Big Points) a die sum ``number`` may cross now, as (bonus row id,
        column): the white sum any, white + a colour only beside a row of that colour and
        while that colour is open (a closed colour's die is out of the game: RULES.md §1);
        the rules of :meth:`_bonus_refusal`, looked up by number."""
        b, found = self.board, list[tuple[str, int]]()
        if self._why_over is not None or (colour is not None and colour in self._closed):
            return found
        s = self._state
        for k, (upper, lower) in enumerate(b.bonus_between):
            if colour is not None and colour not in b.bonus_colours[k]:
                continue
            cells = s.bonus[k]
            start = cells[-1] + 1 if cells else 0
            for c in b.where[upper].get(number, ()):
                if c >= start and (c in s.crossed[upper] or c in s.crossed[lower]):
                    found.append((b.bonus_ids[k], c))
        return found

    def _bonus_refusal(self, k: int, c: int | None) -> str | None:
        """Why cell ``c`` of bonus row ``k`` may not be crossed (Big Points, RULES-more.md
        §4): left to right, its column crossed in a row beside it; a bonus row never closes."""
        upper, lower = self.board.bonus_between[k]
        numbers, cells = self.board.bonus_numbers[k], self._state.bonus[k]
        if c is None or not 0 <= c < len(numbers):
            return f"no cell {c} (the bonus row has cells 0 to {len(numbers) - 1})"
        crossed = self._state.crossed
        beside = c in crossed[upper] or c in crossed[lower]
        return rules.bonus_cell_refusal(self.layout.bonus_rows[k], numbers, c, beside, cells)


class Bonus(SumKind):
    """``bonus ROW INDEX``: a cell of a bonus row (Big Points)."""

    __slots__ = ()
    name = "bonus"

    def on(self, sheet: Sheet) -> bool:
        return bool(sheet.board.bonus_ids)

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        ids = sheet.board.bonus_ids
        if move.row in ids:
            reason = sheet._bonus_refusal(ids.index(move.row), move.index)
            return None if reason is None else f"{move.row}: {reason}"
        return super().refusal(sheet, move)  # a row's field is no bonus cell

    def field_refusal(self, sheet: Sheet, r: int, i: int) -> str | None:
        return f"is not a bonus row (bonus rows: {', '.join(sheet.board.bonus_ids) or 'none'})"

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None and move.index is not None
        k = sheet.board.bonus_ids.index(move.row)
        return s._replace(bonus=appended(s.bonus, k, move.index))

    def target(self, sheet: Sheet, move: Move) -> tuple[int, tuple[str, ...]]:
        assert move.row is not None and move.index is not None
        b = sheet.board
        k = b.bonus_ids.index(move.row)
        return b.bonus_numbers[k][move.index], b.bonus_colours[k]

    def sum_options(
        self, sheet: Sheet, numbers: tuple[int, ...], colour: str | None, found: list[Move]
    ) -> None:
        for number in numbers:  # a cell beside two colours: offered once
            found += [
                m
                for r, i in sheet.legal_bonus(number, colour)
                if (m := Move("bonus", r, i)) not in found
            ]
