"""Which moves a sheet allows now, and why the others are refused (RULES.md §1-§2,
RULES-more.md §4-§5): the one place of a move's legality.

:class:`Legality` answers with the reason of the rule's words in :mod:`qwixx_print.rules`
(``lock_refusal``, ``small_box_refusal``, ``bonus_cell_refusal``, ``diamond_refusal``,
``lucky_refusal``, ``square_refusal``), the same words as ``qwixx-print score``; and lists
the legal options (fields, small boxes, bonus cells, swaps, lucky crosses, link squares) that
the bots and the web page offer.
"""

from __future__ import annotations

from collections.abc import Collection

from qwixx_print import rules
from qwixx_print.play.moves import Move
from qwixx_print.play.sheet_state import SheetBase, State


class Legality(SheetBase):
    """The legal options and the refusals of one player's sheet (a part of
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

    # ----- legality

    def _refusal(self, move: Move) -> str | None:
        over = self._why_over
        if over is not None:
            return f"the game is over ({over})"
        kind = move.kind
        if kind == "penalty" or kind == "finish":
            return None
        if kind == "bonus" and move.row in self.board.bonus_ids:
            reason = self._bonus_refusal(self.board.bonus_ids.index(move.row), move.index)
            return None if reason is None else f"{move.row}: {reason}"
        if move.row not in self.board.row_of:
            rows = ", ".join(self.board.ids)
            return f"the layout {self.layout.name} has no row '{move.row}' (rows: {rows})"
        r = self.board.row_of[move.row]
        if kind == "concede":
            colour = self.board.lock_colours[r]
            return f"{move.row}: {colour} is closed already" if colour in self._closed else None
        if kind == "lucky":
            return self._lucky_refusal(r)
        if kind == "square":
            reason = self._square_refusal(r, move.index)
            return None if reason is None else f"{move.row}: {reason}"
        if kind == "swap":
            reason = self._swap_refusal(move.diamond, r, move.index)
            if reason is not None:
                return f"{move.row}: {reason}"
        index = move.index if move.index is not None else -1
        if not 0 <= index < len(self.board.numbers[r]):
            return f"{move.row}: no field {index} (the row has fields 0 to {self.board.lasts[r]})"
        if kind == "bonus":
            ids = ", ".join(self.board.bonus_ids) or "none"
            return f"{move.row}: is not a bonus row (bonus rows: {ids})"
        reason = self._again_refusal(r, index) if kind == "again" else self._cross_refusal(r, index)
        return None if reason is None else f"{move.row}: {reason}"

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
            return f"the {numbers[i]} is crossed already"
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

    def _square_refusal(self, r: int, left: int | None) -> str | None:
        """Why the link square right of field ``left`` of row ``r`` may not be crossed
        (Connect 15, RULES.md §7), without the row; the dice are the table's."""
        row = self.layout.rows[r]
        if not row.squares:
            return "this row has no link squares"
        if left is None or not 0 <= left < len(row.fields) - 1:
            places = ", ".join(str(i) for i in self.board.squares[r])
            return f"no link square right of field {left} (the row has them right of {places})"
        s = self._state
        return rules.square_refusal(
            row, left, None, s.crossed[r], s.squares[r], self._closed_reason(r)
        )

    def legal_squares(self) -> list[tuple[str, int]]:
        """The link squares this sheet allows now, whatever the dice, as (row id, index of
        the field left of the square), top to bottom, left to right (Connect 15, RULES.md
        §7); which dice allow one is the table's (:class:`~qwixx_print.play.Game`)."""
        b = self.board
        if self._why_over is not None or not any(b.squares):
            return []
        return [
            (b.ids[r], left)
            for r in b.all_rows
            for left in b.squares[r]
            if self._square_refusal(r, left) is None
        ]

    def _again_refusal(self, r: int, i: int) -> str | None:
        """Why the small box under field ``i`` of row ``r`` may not be crossed (RULES.md §2
        Nochmal), without the row."""
        s = self._state
        return rules.small_box_refusal(
            self.layout.rows[r], i, s.crossed[r], s.again[r], self._closed_reason(r), self._last(r)
        )

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
