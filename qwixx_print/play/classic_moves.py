"""The classic moves (RULES.md §1): a field crossed on a die sum, a penalty box, a colour
closed by another player (RULES-more.md §5 concede) and the end by hand. The fields' legality
is the sheet's own (:class:`~qwixx_print.play.legality.Legality`), what a cross causes is
:class:`~qwixx_print.play.effects.Effects`'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qwixx_print.play.move_kind import Move, MoveKind, SumKind

if TYPE_CHECKING:
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


class Cross(SumKind):
    """``cross ROW INDEX``: a field of a row (RULES.md §1 Crossing, Locking)."""

    __slots__ = ()
    name = "cross"

    def field_refusal(self, sheet: Sheet, r: int, i: int) -> str | None:
        return sheet._cross_refusal(r, i)

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None and move.index is not None
        return sheet._add_cross(s, sheet.board.row_of[move.row], move.index)

    def sum_options(
        self, sheet: Sheet, numbers: tuple[int, ...], colour: str | None, found: list[Move]
    ) -> None:
        ids = sheet.board.ids
        found += [Move("cross", ids[r], i) for r, i in sheet.legal_fields(numbers, colour)]


class Penalty(MoveKind):
    """``penalty``: the next penalty box (RULES.md §1 Penalties); the last ends the game. In
    table play only the active player takes it, having crossed nothing this turn, once a
    turn, and crosses nothing after it in that turn: the table's rule for every move
    (:meth:`qwixx_print.play.Game.can_play`, :func:`qwixx_print.rules.penalty_refusal`;
    RULES.md §6 Table play)."""

    __slots__ = ()
    name = "penalty"

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        return s._replace(penalties=s.penalties + 1)


class Concede(MoveKind):
    """``concede ROW``: the row's colour closed by another player (RULES-more.md §5)."""

    __slots__ = ()
    name = "concede"
    args = ("row",)

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        reason = sheet._row_refusal(move.row)
        if reason is not None:
            return reason
        assert move.row is not None
        colour = sheet.board.lock_colours[sheet.board.row_of[move.row]]
        return f"{move.row}: {colour} is closed already" if colour in sheet.closed else None

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        assert move.row is not None
        return s._replace(conceded=s.conceded | {sheet.board.row_of[move.row]})


class Finish(MoveKind):
    """``finish``: the end by hand (e.g. another player's last penalty box)."""

    __slots__ = ()
    name = "finish"

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        return s._replace(finished=True)
