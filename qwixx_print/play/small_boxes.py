"""Nochmal's small boxes in play (RULES.md §2 Nochmal): ``again ROW INDEX`` crosses the
small box under field ``INDEX`` of ``ROW``, only under the row's most recent cross and not
under its last field, on the die sum of that field. The rule's words are
:func:`qwixx_print.rules.small_box_refusal`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qwixx_print import rules
from qwixx_print.play.legality import Legality
from qwixx_print.play.move_kind import Move, SumKind, Verdict
from qwixx_print.play.sheet_state import appended

if TYPE_CHECKING:
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


class SmallBoxes(Legality):
    """A sheet's small boxes (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def again_crossed(self, row: str) -> tuple[int, ...]:
        """Indexes of the fields of ``row`` whose small box is crossed (Nochmal)."""
        return self.state.again[self._row(row)]

    def can_again(self, row: str, index: int) -> Verdict:
        """May the small box under field ``index`` of ``row`` be crossed (Nochmal: only under
        the row's most recent cross, not under the last field; RULES.md §2 Nochmal)?"""
        return self.can(Move("again", row, index))

    def again(self, row: str, index: int) -> None:
        """Cross the small box under field ``index`` of ``row``; raises RuleViolation when not
        legal."""
        self.play(Move("again", row, index))

    def legal_again(self, number: int, colour: str | None = None) -> list[tuple[str, int]]:
        """Small boxes (Nochmal) that a die sum ``number`` may cross now, as (row id, index
        of the field above), with the colour rule of :meth:`legal_crosses`."""
        b = self.board
        if (
            self._why_over is not None
            or not b.has_again
            or (colour is not None and colour in self._closed)
        ):
            return []
        found = []
        for r in range(len(b.ids)):
            i = self._last(r)  # a small box only under the row's most recent cross
            if i < 0 or b.numbers[r][i] != number:
                continue
            if (colour is None or b.colours[r][i] == colour) and self._again_refusal(r, i) is None:
                found.append((b.ids[r], i))
        return found

    def _again_refusal(self, r: int, i: int) -> str | None:
        """Why the small box under field ``i`` of row ``r`` may not be crossed (RULES.md §2
        Nochmal), without the row."""
        s = self._state
        return rules.small_box_refusal(
            self.layout.rows[r], i, s.crossed[r], s.again[r], self._closed_reason(r), self._last(r)
        )


class Again(SumKind):
    """``again ROW INDEX``: the small box under a field (Nochmal)."""

    __slots__ = ()
    name = "again"

    def on(self, sheet: Sheet) -> bool:
        return sheet.board.has_again

    def field_refusal(self, sheet: Sheet, r: int, i: int) -> str | None:
        return sheet._again_refusal(r, i)

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None and move.index is not None
        return s._replace(again=appended(s.again, sheet.board.row_of[move.row], move.index))

    def sum_options(
        self, sheet: Sheet, numbers: tuple[int, ...], colour: str | None, found: list[Move]
    ) -> None:
        for number in numbers:
            found += [Move("again", r, i) for r, i in sheet.legal_again(number, colour)]
