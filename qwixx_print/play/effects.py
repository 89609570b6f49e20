"""What a move does to a sheet's state, with all it causes: the lock, the bonus bar and its
forced crosses (Bonuskette), powers (Kräfte), linked fields (Connected). RULES.md §1-§2,
RULES-more.md §4-§5.

:class:`Effects` applies a move judged legal by :class:`~qwixx_print.play.legality.Legality`
to a new :class:`~qwixx_print.play.sheet_state.State` and records the state before it for undo.
"""

from __future__ import annotations

from qwixx_print import rules
from qwixx_print.play.legality import Legality
from qwixx_print.play.moves import Move
from qwixx_print.play.sheet_state import State


def _with(rows: tuple[tuple[int, ...], ...], r: int, index: int) -> tuple[tuple[int, ...], ...]:
    return (*rows[:r], (*rows[r], index), *rows[r + 1 :])


def _inserted(rows: tuple[tuple[int, ...], ...], r: int, index: int) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``index`` put into row ``r`` in order (a forced cross left of others)."""
    return (*rows[:r], tuple(sorted((*rows[r], index))), *rows[r + 1 :])


class Effects(Legality):
    """Applies moves to one player's sheet (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def _apply(self, move: Move) -> None:
        before = s = self._state
        if move.kind == "cross":
            assert move.row is not None and move.index is not None
            s = self._add_cross(s, self.board.row_of[move.row], move.index)
        elif move.kind == "bonus":
            assert move.row is not None and move.index is not None
            k = self.board.bonus_ids.index(move.row)
            s = s._replace(bonus=_with(s.bonus, k, move.index))
        elif move.kind == "swap":
            assert move.row is not None and move.index is not None and move.diamond is not None
            s = s._replace(diamonds=(*s.diamonds, move.diamond))
            s = self._add_cross(s, self.board.row_of[move.row], move.index)
        elif move.kind == "lucky":
            assert move.row is not None
            r = self.board.row_of[move.row]
            s = self._add_cross(s, r, self._reach(r) + 1)
        elif move.kind == "square":  # RULES.md §7 Connect 15: squares never lock a row
            assert move.row is not None and move.index is not None
            r = self.board.row_of[move.row]
            s = s._replace(squares=_inserted(s.squares, r, move.index))
        elif move.kind == "again":
            assert move.row is not None and move.index is not None
            s = s._replace(again=_with(s.again, self.board.row_of[move.row], move.index))
        elif move.kind == "penalty":
            s = s._replace(penalties=s.penalties + 1)
        elif move.kind == "concede":
            assert move.row is not None
            s = s._replace(conceded=s.conceded | {self.board.row_of[move.row]})
        else:
            s = s._replace(finished=True)
        self.state = s
        self.history.append((move, before))

    def _add_cross(self, s: State, r: int, i: int) -> State:
        """``s`` with field ``i`` of row ``r`` crossed and what that causes: the bonus bar
        (RULES-more.md §5 Bonuskette) and completed power pairs (§5 Kräfte)."""
        row = s.crossed[r]
        placed = _inserted if row and i < row[-1] else _with
        s = s._replace(crossed=placed(s.crossed, r, i))
        if i >= self.board.lock_starts[r]:
            s = s._replace(locks=s.locks | {self.board.lock_colours[r]})
        if self.board.bonus[r][i]:
            s = self._earn_bar(s)
        power = self.board.powers[r][i]
        if power is not None and all(j in s.crossed[q] for q, j in self.board.power_fields[power]):
            s = self._fire(s, power)
        if self.board.partner:
            other = self.board.partner.get((r, i))
            if other is not None and other[1] not in s.crossed[other[0]]:
                s = self._add_cross(s, *other)  # RULES-more.md §4 Connected: always, at once
        return s

    def _earn_bar(self, s: State) -> State:
        """The next free bar field (struck ones skipped) is earned, then the next free field
        of its colour's row is crossed if it may be; else it is lost (RULES-more.md §5)."""
        bar = self.board.bar
        closed = self._closed_in(s)
        start = s.bar[-1] + 1 if s.bar else 0
        k = next((k for k in range(start, len(bar)) if bar[k] not in closed), None)
        if k is None:
            return s
        s = s._replace(bar=(*s.bar, k))
        return self._forced(s, self.board.bar_row[bar[k]])

    def _forced(self, s: State, r: int) -> State:
        """A forced cross on the next free field of row ``r``, if it may be crossed."""
        i = max(s.crossed[r][-1] if s.crossed[r] else -1, *(s.squares[r] or (-1,))) + 1
        if i > self.board.lasts[r] or self.board.lock_colours[r] in self._closed_in(s):
            return s
        if i >= self.board.lock_starts[r] and self._lock_refusal(s, r, i) is not None:
            return s
        return self._add_cross(s, r, i)

    def _fire(self, s: State, power: str) -> State:
        """The immediate Kräfte powers (RULES.md §2, RULES-more.md §5): two crosses in the
        weakest open row, or one in each open row top to bottom; end powers act in the score."""
        if power == "two-in-weakest":
            weakest = self._weakest_open(s)
            targets = [] if weakest is None else [weakest, weakest]
        elif power == "one-in-each":
            targets = list(range(len(self.board.ids)))
        else:
            targets = []
        for r in targets:
            s = self._forced(s, r)
        return s

    def _weakest_open(self, s: State) -> int | None:
        """The open row with the fewest crosses, ties the first from the top (decision)."""
        closed = self._closed_in(s)
        rows = self.layout.rows
        open_rows = [r for r in range(len(rows)) if self.board.lock_colours[r] not in closed]
        if not open_rows:
            return None
        return min(
            open_rows, key=lambda r: rules.crosses_before_lock(rows[r], s.crossed[r], s.again[r])
        )
