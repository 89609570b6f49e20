"""A sheet's marks and what they settle by themselves: the closed colours and the end.

:class:`State` is the immutable record of one player's marks (undo restores an earlier one);
:class:`SheetBase` holds it with the table's facts (colours closed by others, another sheet's
end) and derives, on every change, the colours closed and why the game is over (RULES.md §1
Locking, End; RULES-more.md §5 concede). :class:`~qwixx_print.play.sheet.Sheet` stands on it,
with the legality of :mod:`qwixx_print.play.legality` and the effects of
:mod:`qwixx_print.play.effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import NamedTuple

from qwixx_print.compiled import Compiled
from qwixx_print.errors import RuleViolation, listed
from qwixx_print.layout import Layout
from qwixx_print.play.move_kind import Move, Verdict


class State(NamedTuple):
    """A sheet's marks: per row (layout order) the ``crossed`` field indexes in the order
    crossed and the fields whose small box is crossed (``again``); the ``conceded`` rows
    (their colour closed by another player), ``penalties`` crossed, ``finished`` by hand and
    the ``bar`` fields earned (Bonuskette), by index; ``locks``, the lock colours of the rows
    locked (derived from ``crossed``, kept for speed); per bonus row the columns of its
    crossed cells (``bonus``, Big Points) and the X-Change ``diamonds`` crossed, in order;
    ``track``, how many value track fields are crossed (from the left; Lucky 15).
    A row's crosses are kept left to right (a forced link cross may land left of others).
    RULES.md §7: per row its crossed link ``squares``, each by the field left of it, left to
    right (Connect 15)."""

    crossed: tuple[tuple[int, ...], ...]
    again: tuple[tuple[int, ...], ...]
    conceded: frozenset[int] = frozenset()
    penalties: int = 0
    finished: bool = False
    bar: tuple[int, ...] = ()
    locks: frozenset[str] = frozenset()
    bonus: tuple[tuple[int, ...], ...] = ()
    diamonds: tuple[int, ...] = ()
    track: int = 0
    squares: tuple[tuple[int, ...], ...] = ()


def empty_state(board: Compiled) -> State:
    """The marks of a new sheet of ``board``'s layout: nothing crossed. A mechanic's marks
    are one field of :class:`State` (with its default here when it has one per row)."""
    empty = tuple(() for _ in board.ids)
    return State(empty, empty, bonus=tuple(() for _ in board.bonus_ids), squares=empty)


def colour_order(layout: Layout, colours: Collection[str]) -> list[str]:
    """``colours`` in the order of ``layout``'s dice (red, yellow, green, blue on classic),
    as a sheet and the web page name closed colours (``red and green are closed``)."""
    order = layout.dice
    return sorted(colours, key=lambda c: (order.index(c) if c in order else len(order), c))


def appended(rows: tuple[tuple[int, ...], ...], r: int, index: int) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``index`` added at the end of row ``r`` (a state's per-row marks)."""
    return (*rows[:r], (*rows[r], index), *rows[r + 1 :])


def inserted(rows: tuple[tuple[int, ...], ...], r: int, index: int) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``index`` put into row ``r`` in order (a forced cross left of others)."""
    return (*rows[:r], tuple(sorted((*rows[r], index))), *rows[r + 1 :])


class SheetBase:
    """The state of one player's sheet of ``layout`` and what it derives by itself (the
    closed colours, the end: RULES.md §1 End). Not used alone: :class:`~qwixx_print.play.Sheet`
    builds it; ``board`` is the compiled layout (:class:`qwixx_print.compiled.Compiled`)."""

    __slots__ = (
        "_closed",
        "_state",
        "_table_closed",
        "_table_over",
        "_why_over",
        "board",
        "history",
        "layout",
        "on_change",
        "redoable",
    )

    board: Compiled
    layout: Layout
    on_change: Callable[[], None] | None
    history: list[tuple[Move, State]]
    redoable: list[Move]
    _state: State
    _table_closed: frozenset[str]
    _table_over: str | None
    _closed: frozenset[str]
    _why_over: str | None

    @property
    def state(self) -> State:
        """The sheet's marks now."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state
        self._refresh()

    @property
    def table_closed(self) -> frozenset[str]:
        """Colours closed by other players' locks, set by a :class:`~qwixx_print.play.Game`
        at the end of an action; not a move of this sheet, so not undone by :meth:`undo`."""
        return self._table_closed

    @table_closed.setter
    def table_closed(self, colours: frozenset[str]) -> None:
        self._table_closed = colours
        self._refresh()

    @property
    def table_over(self) -> str | None:
        """Why another player's sheet ended the game (their last penalty box), set by a
        :class:`~qwixx_print.play.Game`; ``None`` while it goes on."""
        return self._table_over

    @table_over.setter
    def table_over(self, reason: str | None) -> None:
        self._table_over = reason
        self._refresh()

    def _refresh(self) -> None:
        """Derive the closed colours and the end from the state and the table (every change
        goes through here, so reading them costs nothing)."""
        self._closed = self._closed_in(self._state)
        self._why_over = self._find_over_reason()
        if self.on_change is not None:
            self.on_change()

    def _find_over_reason(self) -> str | None:
        s, layout = self._state, self.layout
        if self._table_over is not None:
            return self._table_over
        if s.finished:
            return "finished by hand"
        if s.penalties >= layout.penalty_boxes:
            return f"{s.penalties} penalties, the last penalty box"
        closed = self._closed
        if len(closed) >= self.board.end_at:
            return f"{listed(colour_order(layout, closed))} are closed"
        return None

    def _closed_in(self, s: State) -> frozenset[str]:
        """The colours closed in state ``s``: by the table, by locks and by concede."""
        if not s.conceded:
            return self._table_closed | s.locks if s.locks else self._table_closed
        conceded = {self.board.lock_colours[r] for r in s.conceded}
        return self._table_closed | s.locks | conceded

    # ----- helpers

    def _last(self, r: int) -> int:
        crossed = self._state.crossed[r]
        return crossed[-1] if crossed else -1

    def _reach(self, r: int) -> int:
        """The rightmost place crossed in row ``r`` as a field index: its last crossed field,
        or the field left of its rightmost crossed link square where that is further right
        (fields and squares form one left-to-right order, RULES.md §7); -1 for none."""
        last = self._last(r)
        squares = self._state.squares[r] if self._state.squares else ()
        return max(last, squares[-1]) if squares else last

    def _locked(self, r: int) -> bool:
        crossed = self._state.crossed[r]
        return bool(crossed) and crossed[-1] >= self.board.lock_starts[r]

    def _row(self, row: str) -> int:
        if row not in self.board.row_of:
            raise RuleViolation(f"the layout {self.layout.name} has no row '{row}'")
        return self.board.row_of[row]

    @staticmethod
    def _raise(verdict: Verdict) -> None:
        if not verdict:
            raise RuleViolation(verdict.reason)
