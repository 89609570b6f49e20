"""One player's sheet, played move by move: the one source of truth for a move's legality.

Every move has a ``can_*`` twin returning a :class:`~qwixx_print.play.moves.Verdict`; a move
that is not legal raises :class:`~qwixx_print.errors.RuleViolation` with the same reason and
changes nothing. The state is immutable (:class:`State`), so undo restores the state before
a move with all it caused (forced crosses, bar fields, powers, locks). Scoring is
:func:`qwixx_print.rules.score_positions`, the same as ``qwixx-print score``.
Rules: RULES.md §1-§3, RULES-more.md §5 (docs/RULES.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import NamedTuple

from qwixx_print import rules
from qwixx_print.compiled import Compiled
from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout
from qwixx_print.play.moves import LEGAL, Move, Verdict


class State(NamedTuple):
    """A sheet's marks: per row (layout order) the ``crossed`` field indexes in the order
    crossed and the fields whose small box is crossed (``again``); the ``conceded`` rows
    (their colour closed by another player), ``penalties`` crossed, ``finished`` by hand and
    the ``bar`` fields earned (Bonuskette), by index; ``locks``, the lock colours of the rows
    locked (derived from ``crossed``, kept for speed); per bonus row the columns of its
    crossed cells (``bonus``, Big Points) and the X-Change ``diamonds`` crossed, in order.
    A row's crosses are kept left to right (a forced link cross may land left of others)."""

    crossed: tuple[tuple[int, ...], ...]
    again: tuple[tuple[int, ...], ...]
    conceded: frozenset[int] = frozenset()
    penalties: int = 0
    finished: bool = False
    bar: tuple[int, ...] = ()
    locks: frozenset[str] = frozenset()
    bonus: tuple[tuple[int, ...], ...] = ()
    diamonds: tuple[int, ...] = ()


def _with(rows: tuple[tuple[int, ...], ...], r: int, index: int) -> tuple[tuple[int, ...], ...]:
    return (*rows[:r], (*rows[r], index), *rows[r + 1 :])


def _inserted(rows: tuple[tuple[int, ...], ...], r: int, index: int) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``index`` put into row ``r`` in order (a forced cross left of others)."""
    return (*rows[:r], tuple(sorted((*rows[r], index))), *rows[r + 1 :])


class Sheet:
    """One player's sheet of ``layout`` (RULES.md §1-§3, RULES-more.md §5).

    Moves: :meth:`cross`, :meth:`again`, :meth:`penalty`, :meth:`concede`, :meth:`finish`,
    :meth:`undo`, :meth:`redo`, each with its ``can_*`` twin. Rows are named by id and fields
    by 0-based index in the row. ``board``, the compiled layout
    (:class:`qwixx_print.compiled.Compiled`), is shared between the sheets of a game; by
    default it is ``Compiled.of(layout)``; ``on_change`` is called after every change.
    """

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

    def __init__(
        self,
        layout: Layout,
        board: Compiled | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.board = board or Compiled.of(layout)
        self.layout = layout
        self.on_change = on_change
        """Called after every change of the sheet (a :class:`~qwixx_print.play.Game` keeps
        its own view of the table fresh so)."""
        empty = tuple(() for _ in layout.rows)
        self._state = State(empty, empty, bonus=tuple(() for _ in layout.bonus_rows))
        self._table_closed: frozenset[str] = frozenset()
        self._table_over: str | None = None
        self._closed: frozenset[str] = frozenset()  # derived, refreshed on every change
        self._why_over: str | None = None
        self._refresh()
        self.history: list[tuple[Move, State]] = []
        """Applied moves with the state before each, oldest first."""
        self.redoable: list[Move] = []
        """Undone moves, the next to redo last."""

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

    # ----- what the sheet shows

    def crossed(self, row: str) -> tuple[int, ...]:
        """Indexes of the crossed fields of ``row``, in the order crossed."""
        return self.state.crossed[self._row(row)]

    def bonus_crossed(self, bonus_row: str) -> tuple[int, ...]:
        """Columns of the crossed cells of the bonus row ``bonus_row`` (Big Points), left to
        right; raises RuleViolation for a layout without that bonus row."""
        if bonus_row not in self.board.bonus_ids:
            raise RuleViolation(f"the layout {self.layout.name} has no bonus row '{bonus_row}'")
        return self._state.bonus[self.board.bonus_ids.index(bonus_row)]

    def again_crossed(self, row: str) -> tuple[int, ...]:
        """Indexes of the fields of ``row`` whose small box is crossed (Nochmal)."""
        return self.state.again[self._row(row)]

    @property
    def penalties(self) -> int:
        """Penalty boxes crossed."""
        return self.state.penalties

    @property
    def lock_colours(self) -> frozenset[str]:
        """The colours of the rows this sheet locked."""
        return self._state.locks

    @property
    def locked(self) -> tuple[str, ...]:
        """Ids of the rows this player locked, top to bottom."""
        b = self.board
        return tuple(b.ids[r] for r in range(len(b.ids)) if self._locked(r))

    @property
    def closed(self) -> frozenset[str]:
        """Colours closed on this sheet: by its locks, by concede, or by the table."""
        return self._closed

    @property
    def bar_earned(self) -> tuple[int, ...]:
        """Indexes of the bonus bar fields earned, in order (Bonuskette, RULES.md §2)."""
        return self.state.bar

    @property
    def bar_struck(self) -> tuple[int, ...]:
        """Indexes of the bonus bar fields struck: not earned, their colour closed
        (RULES-more.md §5 Bonuskette)."""
        closed, earned = self.closed, set(self.state.bar)
        bar = self.layout.bonus_bar
        return tuple(k for k in range(len(bar)) if k not in earned and bar[k] in closed)

    @property
    def over(self) -> bool:
        """Whether the game is over for this sheet: finished by hand, the last penalty box
        crossed, or 2 colours closed (RULES.md §1 End; RULES-more.md §5 concede counts)."""
        return self._why_over is not None

    @property
    def why_over(self) -> str | None:
        """Why the game is over for this sheet (``4 penalties, the last penalty box``,
        ``red, yellow closed``, ``finished by hand``), or ``None`` while it goes on."""
        return self._why_over

    def score(self) -> rules.SheetScore:
        """The sheet's score now (rows, penalties, powers, total), computed by
        :func:`qwixx_print.rules.score_positions` as ``qwixx-print score`` does."""
        s, ids = self.state, self.board.ids
        crossed = {ids[r]: s.crossed[r] for r in range(len(ids))}
        again = {ids[r]: s.again[r] for r in range(len(ids))}
        bonus = dict(zip(self.board.bonus_ids, s.bonus, strict=True)) or None
        return rules.score_positions(self.layout, crossed, s.penalties, again, bonus)

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
        for number in numbers:
            for r, i in b.fields.get((colour, number), ()):
                if b.lock_colours[r] in closed or (crossed[r] and i <= crossed[r][-1]):
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

    # ----- moves

    def can_cross(self, row: str, index: int) -> Verdict:
        """May field ``index`` of ``row`` be crossed now? Left to right, skipped fields are
        gone, the last field only after the lock threshold (RULES.md §1 Crossing, Locking)."""
        return self.can(Move("cross", row, index))

    def cross(self, row: str, index: int) -> None:
        """Cross field ``index`` of ``row``, with what it causes: the lock (last field), the
        bonus bar and its forced crosses (Bonuskette), powers (Kräfte). RULES.md §1, §2;
        RULES-more.md §5. Raises RuleViolation when not legal."""
        self.play(Move("cross", row, index))

    def can_again(self, row: str, index: int) -> Verdict:
        """May the small box under field ``index`` of ``row`` be crossed (Nochmal: only under
        the row's most recent cross, not under the last field; RULES.md §2 Nochmal)?"""
        return self.can(Move("again", row, index))

    def again(self, row: str, index: int) -> None:
        """Cross the small box under field ``index`` of ``row``; raises RuleViolation when not
        legal."""
        self.play(Move("again", row, index))

    def can_penalty(self) -> Verdict:
        """May a penalty box be crossed (while the game goes on; RULES.md §1 Penalties)?"""
        return self.can(Move("penalty"))

    def penalty(self) -> None:
        """Cross the next penalty box; the last one ends the game. Raises RuleViolation."""
        self.play(Move("penalty"))

    def can_concede(self, row: str) -> Verdict:
        """May ``row``'s colour be entered as closed by another player (RULES-more.md §5)?"""
        return self.can(Move("concede", row))

    def concede(self, row: str) -> None:
        """Enter ``row``'s colour as closed by another player: no more crosses there, it
        counts toward the end, no lock cross. Raises RuleViolation when already closed."""
        self.play(Move("concede", row))

    def can_finish(self) -> Verdict:
        """May the game be ended by hand (e.g. another player's last penalty)?"""
        return self.can(Move("finish"))

    def finish(self) -> None:
        """End the game by hand; after it only undo. Raises RuleViolation when over."""
        self.play(Move("finish"))

    def can_undo(self) -> Verdict:
        """Is there a move to undo?"""
        return LEGAL if self.history else Verdict("there is no move to undo")

    def undo(self) -> Move:
        """Undo the last applied move with all it caused; returns it. Raises RuleViolation
        when there is none."""
        self._raise(self.can_undo())
        move, before = self.history.pop()
        self.state = before
        self.redoable.append(move)
        return move

    def can_redo(self) -> Verdict:
        """Is there an undone move to redo, and is it legal now?"""
        if not self.redoable:
            return Verdict("there is no undone move to redo")
        return self.can(self.redoable[-1])

    def redo(self) -> Move:
        """Apply the last undone move again; returns it. Raises RuleViolation."""
        self._raise(self.can_redo())
        move = self.redoable.pop()
        self._apply(move)
        return move

    def can(self, move: Move) -> Verdict:
        """The verdict on ``move`` (any kind of :data:`~qwixx_print.play.moves.KINDS`)."""
        reason = self._refusal(move)
        return LEGAL if reason is None else Verdict(reason)

    def play(self, move: Move) -> None:
        """Apply ``move`` if legal, clearing what could be redone; raises RuleViolation with
        the reason otherwise, changing nothing."""
        self._raise(self.can(move))
        self._play_legal(move)

    def _play_legal(self, move: Move) -> None:
        """Apply ``move``, which :meth:`can` judged legal just now; clears redo."""
        self.redoable.clear()
        self._apply(move)

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
        if kind == "swap":
            reason = self._swap_refusal(move.diamond, r, move.index)
            if reason is not None:
                return f"{move.row}: {reason}"
        index = move.index if move.index is not None else -1
        if not 0 <= index < len(self.board.numbers[r]):
            return f"{move.row}: no field {index} (the row has fields 0 to {self.board.lasts[r]})"
        if kind == "bonus":
            bonus_rows = ", ".join(self.board.bonus_ids) or "none"
            return f"{move.row}: is not a bonus row (bonus rows: {bonus_rows})"
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
        numbers, cells = self.board.numbers[upper], self._state.bonus[k]
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
            and (nxt := self._last(r) + 1) <= b.lasts[r]
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
        return [(self.board.ids[r], self._last(r) + 1) for r in self.lucky_rows()]

    def _lucky_refusal(self, r: int) -> str | None:
        row = self.board.ids[r]
        if not self.layout.lucky:
            return f"{row}: this sheet has no lucky numbers"
        return rules.lucky_refusal(row, [self.board.ids[q] for q in self.lucky_rows()])

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
            return f"{', '.join(sorted(closed))} closed"
        return None

    # ----- effects

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
            s = self._add_cross(s, r, self._last(r) + 1)
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
        bar = self.layout.bonus_bar
        closed = self._closed_in(s)
        start = s.bar[-1] + 1 if s.bar else 0
        k = next((k for k in range(start, len(bar)) if bar[k] not in closed), None)
        if k is None:
            return s
        s = s._replace(bar=(*s.bar, k))
        return self._forced(s, self.board.bar_row[bar[k]])

    def _forced(self, s: State, r: int) -> State:
        """A forced cross on the next free field of row ``r``, if it may be crossed."""
        i = (s.crossed[r][-1] if s.crossed[r] else -1) + 1
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
