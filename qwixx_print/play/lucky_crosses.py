"""Longo's lucky crosses in play (RULES-more.md §4): ``lucky ROW`` crosses the next free
field of ``ROW``, one of the open rows with the fewest crosses, when the white sum is one of
the player's lucky numbers, in action 1 only. The rule's words are
:func:`qwixx_print.rules.lucky_refusal`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qwixx_print import rules
from qwixx_print.play.legality import Legality
from qwixx_print.play.move_kind import LEGAL, Move, Verdict, WhiteSumKind

if TYPE_CHECKING:
    from qwixx_print.play.game_state import GameState
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


class LuckyCrosses(Legality):
    """A sheet's lucky crosses (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def lucky_rows(self) -> tuple[int, ...]:
        """Places of the rows a lucky cross may go to now (Longo, RULES-more.md §4): the open
        rows whose next free field may be crossed, and of those the ones with the fewest
        crosses."""
        s, b = self._state, self.board
        open_rows = [
            r
            for r in b.all_rows
            if b.lock_colours[r] not in self._closed
            and (nxt := self._reach(r) + 1) <= b.lasts[r]
            and (nxt < b.lock_starts[r] or self._lock_refusal(s, r, nxt) is None)
        ]
        if not open_rows:
            return ()
        fewest = min(len(s.crossed[r]) for r in open_rows)
        return tuple(r for r in open_rows if len(s.crossed[r]) == fewest)

    def lucky_fields(self) -> list[tuple[str, int]]:
        """The fields a lucky cross may cross now, as (row id, index): the next free field
        of each row of :meth:`lucky_rows` (Longo, RULES-more.md §4); none on a sheet without
        lucky numbers or after the end."""
        if self._why_over is not None or not self.layout.lucky:
            return []
        return [(self.board.ids[r], self._reach(r) + 1) for r in self.lucky_rows()]

    def _lucky_refusal(self, r: int) -> str | None:
        row = self.board.ids[r]
        if not self.layout.lucky:
            return f"{row}: this sheet has no lucky numbers"
        return rules.lucky_refusal(row, [self.board.ids[q] for q in self.lucky_rows()])


class Lucky(WhiteSumKind):
    """``lucky ROW``: the next free field of a row with the fewest crosses (Longo)."""

    __slots__ = ()
    name = "lucky"
    args = ("row",)
    what = "a lucky cross"

    def on(self, sheet: Sheet) -> bool:
        return bool(sheet.layout.lucky)

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        reason = sheet._row_refusal(move.row)
        if reason is not None:
            return reason
        assert move.row is not None
        return sheet._lucky_refusal(sheet.board.row_of[move.row])

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None
        r = sheet.board.row_of[move.row]
        return sheet._add_cross(s, r, sheet._reach(r) + 1)

    def white_options(self, game: GameState, name: str, sheet: Sheet, found: list[Move]) -> None:
        assert game.dice is not None
        if game.dice.white_sum in sheet.layout.lucky:
            found += [Move("lucky", sheet.board.ids[r]) for r in sheet.lucky_rows()]

    def white_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        """The white sum one of the sheet's lucky numbers."""
        assert game.dice is not None
        white = game.dice.white_sum
        if white in sheet.layout.lucky:
            return LEGAL
        lucky = " or ".join(map(str, sheet.layout.lucky))
        return Verdict(f"{move.row}: the white sum is {white}, not a lucky number ({lucky})")
