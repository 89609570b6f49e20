"""What every move is, and what every kind of move answers: :class:`Move`, :class:`Verdict`
and :class:`MoveKind`, the shared protocol of the kinds of :mod:`qwixx_print.play.kinds`.

A kind of move (a field, a small box, a diamond swap, a value track field, ...) lives in one
module: its rule on the sheet (:meth:`MoveKind.refusal`, the words of
:mod:`qwixx_print.rules.refusals`), its effect on the marks (:meth:`MoveKind.apply`; undo
restores the state before, for every kind alike), its log line (:attr:`MoveKind.args`), the
moves a roll offers (:meth:`MoveKind.white_options`, :meth:`MoveKind.colour_options`), the
check against the dice in turns (:meth:`MoveKind.white_verdict`,
:meth:`MoveKind.colour_verdict`) and its rule for the turn in table play
(:meth:`MoveKind.table_verdict`). The sheet, the game, the log and the web counter ask the
kind; none of them names it (docs/play.md "Adding a kind of move").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from qwixx_print.errors import escaped

if TYPE_CHECKING:
    from qwixx_print.play.game_state import GameState
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """One move on a sheet: ``kind`` (one of :data:`qwixx_print.play.moves.KINDS`), the
    ``row`` id it acts on (``cross``, ``again``, ``concede``) and the 0-based ``index`` of the
    field in that row (``cross``, ``again``: the field whose small box it is; ``bonus``: the
    cell's column); ``swap`` crosses the X-Change ``diamond`` (0-based, left to right) with
    field ``index`` of ``row``; ``lucky`` crosses the next free field of ``row``
    (RULES-more.md §4, §5); ``track`` crosses field ``index`` of the value track (no row;
    RULES-more.md §7); ``square`` the link square right of field ``index`` of ``row``
    (RULES.md §7)."""

    kind: str
    row: str | None = None
    index: int | None = None
    diamond: int | None = None

    def __repr__(self) -> str:
        extra = "" if self.diamond is None else f", diamond={self.diamond}"
        return f"Move(kind={self.kind!r}, row={self.row!r}, index={self.index!r}{extra})"

    def __str__(self) -> str:
        """The move as a log line: ``cross red 5``, ``swap 2 red 5``, ``concede green``."""
        parts = (self.kind, self.diamond, self.row, self.index)
        return " ".join(str(part) for part in parts if part is not None)


class Verdict:
    """The answer to ``can_*``: truthy when the move is legal; otherwise falsy, with
    ``reason``, one line a player understands naming the row and the rule
    (``red: 5 is left of your last cross (7)``), user text in it escaped as in every error."""

    __slots__ = ("reason",)

    def __init__(self, reason: str = "") -> None:
        self.reason = escaped(reason)

    def __bool__(self) -> bool:
        return not self.reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verdict) and other.reason == self.reason

    def __hash__(self) -> int:
        return hash(self.reason)

    def __repr__(self) -> str:
        return f"Verdict({self.reason!r})" if self.reason else "Verdict(legal)"


LEGAL = Verdict()
"""The verdict of every legal move."""

NOT_BY_DICE = "a die sum crosses a field or a small box, not '{}'"
"""Turns: the refusal of a move no roll makes in an action (a penalty box, a concede, the
end by hand), or of a kind in the action it has no part in."""


SumOptions = Callable[["Sheet", tuple[int, ...], "str | None", list["Move"]], None]
"""A kind's :meth:`MoveKind.sum_options`, bound."""
WhiteOptions = Callable[["GameState", str, "Sheet", list["Move"]], None]
"""A kind's :meth:`MoveKind.white_options`, bound."""
ColourOptions = Callable[["GameState", "Sheet", list["Move"]], None]
"""A kind's :meth:`MoveKind.colour_options`, bound."""


class MoveKind:
    """A kind of move: the one place of its rule, effect, log line and turn rules. The
    defaults are those of a move the dice do not make (a penalty box, the end by hand);
    :class:`SumKind` and the kinds of :mod:`qwixx_print.play.kinds` override them.

    Class attributes: ``name`` (the log's word), ``args`` (what the move names, in the log
    line's order: ``diamond``, ``row``, ``index``; also the keys a web request needs),
    ``rolled`` (offered by a roll: :meth:`white_options`, :meth:`colour_options`),
    ``by_sum`` (crossed on one die sum: offered per sum in each action), ``by_dice``
    (checked against the dice by :meth:`white_dice` and :meth:`colour_dice`) and ``alone``
    (a move that stands for both actions of the turn: the refusal of anything after it,
    RULES-more.md §7)."""

    __slots__ = ()

    name: ClassVar[str] = ""
    args: ClassVar[tuple[str, ...]] = ()
    rolled: ClassVar[bool] = False
    by_sum: ClassVar[bool] = False
    by_dice: ClassVar[bool] = False
    alone: ClassVar[str | None] = None

    def on(self, sheet: Sheet) -> bool:
        """Whether ``sheet``'s layout has this kind's mechanic (its moves are offered)."""
        return True

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        """Why ``sheet`` refuses ``move`` of this kind while the game goes on (the sheet's
        own rule, RULES.md; the words of :mod:`qwixx_print.rules.refusals`), or ``None``."""
        return None

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        """The marks ``s`` of ``sheet`` after the legal ``move``, with all it causes."""
        raise NotImplementedError(self.name)

    def sum_options(
        self, sheet: Sheet, numbers: tuple[int, ...], colour: str | None, found: list[Move]
    ) -> None:
        """Append to ``found`` the moves of this kind that the die sums ``numbers`` allow
        (``colour``: white + that die, RULES.md §2; ``None``: the white sum); by sum kinds
        only."""

    def white_options(self, game: GameState, name: str, sheet: Sheet, found: list[Move]) -> None:
        """Append to ``found`` the moves of this kind that ``name`` may make in action 1 of
        the roll on the table (``game.dice``)."""
        if self.by_sum:
            assert game.dice is not None
            self.sum_options(sheet, (game.dice.white_sum,), None, found)

    def colour_options(self, game: GameState, sheet: Sheet, found: list[Move]) -> None:
        """Append to ``found`` the moves of this kind, other than a die sum's
        (:meth:`sum_options`), the active player may make in action 2."""

    def white_verdict(self, game: GameState, name: str, move: Move) -> Verdict:
        """May ``name`` make ``move`` in action 1 of the roll (turns; the game checked the
        phase and the player)?"""
        return self._dice_verdict(game, name, move, True)

    def colour_verdict(self, game: GameState, move: Move) -> Verdict:
        """May the active player make ``move`` in action 2 of the roll (turns)?"""
        return self._dice_verdict(game, game.active, move, False)

    def _dice_verdict(self, game: GameState, name: str, move: Move, white: bool) -> Verdict:
        if not self.by_dice:
            return Verdict(NOT_BY_DICE.format(move))
        sheet = game.sheets[name]
        verdict = sheet.can(move)
        if not verdict:
            return verdict
        return self.white_dice(game, sheet, move) if white else self.colour_dice(game, sheet, move)

    def white_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        """Do the white dice on the table allow ``move``, which ``sheet`` allows (action 1)?"""
        return LEGAL

    def colour_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        """Do the active player's dice allow ``move``, which ``sheet`` allows (action 2)?"""
        return LEGAL

    # ----- table play (Game.play)

    def table_verdict(
        self, game: GameState, name: str, sheet: Sheet, move: Move, since: int
    ) -> Verdict | None:
        """A sheet with this mechanic in table play: the verdict on ``name``'s ``move`` (of any
        kind) by this mechanic's rule of the turn, whose moves on ``sheet`` so far are
        ``sheet.history[since:]``; ``None`` leaves it to the sheet (:meth:`Sheet.can`)."""
        return None

    has_table_rule: ClassVar[bool] = False
    """Whether :meth:`table_verdict` is asked in table play."""


class SumKind(MoveKind):
    """A move crossed on one die sum: a field, a small box, a bonus cell (RULES.md §1-§2):
    offered per sum, and checked against the white sum (action 1) or the active player's
    white + coloured sums of the place's colours (action 2)."""

    __slots__ = ()

    rolled = True
    by_sum = True
    by_dice = True
    args = ("row", "index")

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        """A place of a row: the row and the field named, then :meth:`field_refusal`."""
        row, index, b = move.row, move.index, sheet.board
        r = b.row_of.get(row) if row is not None else None
        if r is None or row is None:
            return sheet._row_refusal(row)
        if index is None or not 0 <= index < len(b.numbers[r]):
            return sheet._index_refusal(row, r, index)
        reason = self.field_refusal(sheet, r, index)
        return None if reason is None else f"{row}: {reason}"

    def field_refusal(self, sheet: Sheet, r: int, i: int) -> str | None:
        """Why this kind's move at field ``i`` of row ``r`` is refused, without the row."""
        raise NotImplementedError(self.name)

    def target(self, sheet: Sheet, move: Move) -> tuple[int, tuple[str, ...]]:
        """The number of the place ``move`` crosses and the colours whose dice reach it: by
        default its field's."""
        assert move.row is not None and move.index is not None
        b = sheet.board
        r = b.row_of[move.row]
        return b.numbers[r][move.index], (b.colours[r][move.index],)

    def white_verdict(self, game: GameState, name: str, move: Move) -> Verdict:
        sheet = game.sheets[name]  # MoveKind's, two calls less: asked for every move
        verdict = sheet.can(move)
        return self._sum_verdict(game, sheet, move, True) if verdict else verdict

    def colour_verdict(self, game: GameState, move: Move) -> Verdict:
        sheet = game.sheets[game.active]
        verdict = sheet.can(move)
        return self._sum_verdict(game, sheet, move, False) if verdict else verdict

    def white_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        return self._sum_verdict(game, sheet, move, True)

    def colour_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        return self._sum_verdict(game, sheet, move, False)

    def _sum_verdict(self, game: GameState, sheet: Sheet, move: Move, white: bool) -> Verdict:
        """The number of ``move``'s place among the white sum (``white``) or the active
        player's sums with the dice of its colours."""
        dice = game.dice
        assert dice is not None
        number, colours = self.target(sheet, move)
        if white:
            sums: tuple[int, ...] = (dice.white_sum,)
        else:
            sums = dice.sums(colours[0])
            if len(colours) > 1:
                sums += dice.sums(colours[1])
            if not sums:
                return Verdict(f"{move.row}: the {' and '.join(colours)} die is out of the game")
        if number not in sums:
            shown = " or ".join(map(str, sums))
            what = "the white sum" if white else f"white + {' or '.join(colours)}"
            return Verdict(f"{move.row}: the field is {number}, but {what} is {shown}")
        return LEGAL


class WhiteSumKind(MoveKind):
    """A move made with the white sum only, in action 1 (RULES-more.md §4: an X-Change
    swap, a Longo lucky cross); ``what`` names it in the refusal of action 2."""

    __slots__ = ()

    rolled = True
    by_dice = True
    what: ClassVar[str] = ""

    def colour_dice(self, game: GameState, sheet: Sheet, move: Move) -> Verdict:
        return Verdict(f"{move.row}: {self.what} takes the white sum only (action 1)")
