"""Which moves a sheet allows now, and why the others are refused (RULES.md §1-§2,
RULES-more.md §4-§5): the fields of a row, and the asking of every other kind of move.

:class:`Legality` answers a move with its kind's refusal (:meth:`MoveKind.refusal
<qwixx_print.play.move_kind.MoveKind.refusal>`, found in :data:`qwixx_print.play.kinds.KINDS`),
in the rule's words of :mod:`qwixx_print.rules` (``lock_refusal``, ``small_box_refusal``, ...),
the same words as ``qwixx-print score``; and lists the fields a die sum may cross. The legal
options of the other kinds (small boxes, bonus cells, swaps, lucky crosses, link squares) are
their modules' (:mod:`qwixx_print.play.kinds`).
"""

from __future__ import annotations

from collections.abc import Collection

from qwixx_print import rules
from qwixx_print.play.move_kind import LEGAL, Move, Verdict
from qwixx_print.play.sheet_state import SheetBase, State


class Legality(SheetBase):
    """The legal fields and the refusals of one player's sheet (a part of
    :class:`~qwixx_print.play.Sheet`); rows by place, fields by 0-based index."""

    __slots__ = ()

    def legal_crosses(self, number: int, colour: str | None = None) -> list[tuple[str, int]]:
        """Fields where a die sum ``number`` may be crossed now, as (row id, index): the white
        sum anywhere (``colour`` None), white + a coloured die only on fields of that
        ``colour`` (RULES.md §2 mixed sheets). Small boxes: :meth:`legal_again`."""
        ids = self.board.ids
        return [(ids[r], i) for r, i in self.legal_fields((number,), colour)]

    def legal_fields(
        self, numbers: Collection[int], colour: str | None = None
    ) -> list[tuple[int, int]]:
        """:meth:`legal_crosses` of any of the die sums ``numbers`` at once (a coloured die
        with each white die), as (row place, index): by ``numbers``, then top to bottom."""
        closed = self._closed
        if self._why_over is not None or (colour is not None and colour in closed):
            return []
        b, crossed, found = self.board, self._state.crossed, []
        squares = self._state.squares if any(b.squares) else ()
        for number in numbers:
            for r, i in b.fields.get((colour, number), ()):
                if b.lock_colours[r] in closed or (crossed[r] and i <= crossed[r][-1]):
                    continue
                if squares and squares[r] and i <= squares[r][-1]:  # RULES.md §7
                    continue
                if i >= b.lock_starts[r] and self._lock_refusal(self._state, r, i) is not None:
                    continue
                found.append((r, i))
        return found

    # ----- legality

    def can(self, move: Move) -> Verdict:
        """The verdict on ``move`` (any kind of :data:`~qwixx_print.play.moves.KINDS`)."""
        reason = self._refusal(move)
        return LEGAL if reason is None else Verdict(reason)

    def play(self, move: Move) -> None:
        """Apply ``move`` if legal (:class:`~qwixx_print.play.Sheet`, which applies every
        kind)."""
        raise NotImplementedError

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` is refused now, or ``None``: the kind's rule, asked by
        :class:`~qwixx_print.play.Sheet`, which knows every kind."""
        raise NotImplementedError

    def _row_refusal(self, row: str | None) -> str | None:
        """Why a move may not name ``row``: the layout has no such row (its rows listed)."""
        if row in self.board.row_of:
            return None
        return rules.unknown_row_refusal(self.layout, str(row), self.board.ids)

    def _index_refusal(self, row: str, r: int, index: int | None) -> str | None:
        """Why a move may not name field ``index`` of ``row`` (place ``r``): out of range."""
        if index is not None and 0 <= index < len(self.board.numbers[r]):
            return None
        shown = -1 if index is None else index
        return f"{row}: no field {shown} (the row has fields 0 to {self.board.lasts[r]})"

    def _closed_reason(self, r: int) -> str | None:
        if self._locked(r):
            return "the row is locked"
        colour = self.board.lock_colours[r]
        if colour in self._closed:
            return f"{colour} is closed"
        return None

    def _cross_refusal(self, r: int, i: int) -> str | None:
        """Why field ``i`` of row ``r`` may not be crossed (RULES.md §1), without the row."""
        closed = self._closed_reason(r)
        if closed is not None:
            return closed
        last, numbers = self._last(r), self.board.numbers[r]
        if i in self._state.crossed[r]:
            return rules.crossed_refusal(numbers[i], i in self._state.again[r])
        if i < last:
            return f"{numbers[i]} is left of your last cross ({numbers[last]})"
        if i <= self._reach(r):  # a link square right of it is crossed (RULES.md §7)
            square = rules.square_name(self.layout.rows[r], self._reach(r))
            return f"{numbers[i]} is left of your last cross (the link square {square})"
        if i >= self.board.lock_starts[r]:
            return self._lock_refusal(self._state, r, i)
        return None

    def _lock_refusal(self, s: State, r: int, i: int | None = None) -> str | None:
        """Why lock field ``i`` (default the last) of row ``r`` may not be crossed in state
        ``s`` (the lock threshold, RULES.md §1 Locking, §4 Longo), or ``None``."""
        row, start = self.layout.rows[r], self.board.lock_starts[r]
        before = rules.crosses_before_lock(row, s.crossed[r], s.again[r], start)
        number = None if i is None else row.fields[i].number
        return rules.lock_refusal(self.layout, row, before, number)
