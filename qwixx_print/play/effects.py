"""What a cross of a field causes: the lock, the bonus bar and its forced crosses
(Bonuskette), powers (Kräfte), linked fields (Connected). RULES.md §1-§2, RULES-more.md §4-§5.

:class:`Effects` gives the :class:`~qwixx_print.play.sheet_state.State` after a field is
crossed, by any kind of move that crosses one (a field, a diamond swap, a lucky cross);
each kind's own effect is its :meth:`~qwixx_print.play.move_kind.MoveKind.apply`.
"""

from __future__ import annotations

from qwixx_print import rules
from qwixx_print.play.legality import Legality
from qwixx_print.play.sheet_state import State, appended, inserted


class Effects(Legality):
    """What a cross causes on one player's sheet (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def _add_cross(self, s: State, r: int, i: int) -> State:
        """``s`` with field ``i`` of row ``r`` crossed and what that causes: the bonus bar
        (RULES-more.md §5 Bonuskette) and completed power pairs (§5 Kräfte)."""
        row = s.crossed[r]
        placed = inserted if row and i < row[-1] else appended
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
