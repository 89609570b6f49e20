"""One player's sheet, played move by move: the one source of truth for a move's legality.

Every move has a ``can_*`` twin returning a :class:`~qwixx_print.play.moves.Verdict`; a move
that is not legal raises :class:`~qwixx_print.errors.RuleViolation` with the same reason and
changes nothing. The state is immutable (:class:`State`), so undo restores the state before
a move with all it caused (forced crosses, bar fields, powers, locks). Scoring is
:func:`qwixx_print.rules.score_crosses`, the same as ``qwixx-print score``.
Rules: RULES.md §1-§3, RULES-more.md §5 (docs/RULES.md).

The sheet stands on its marks and end (:mod:`qwixx_print.play.sheet_state`), the legality of
its fields (:mod:`qwixx_print.play.legality`), what a cross causes
(:mod:`qwixx_print.play.effects`) and each mechanic's part (:mod:`qwixx_print.play.kinds`);
a move is judged and applied by its kind (:data:`qwixx_print.play.kinds.KINDS`).
"""

from __future__ import annotations

from collections.abc import Callable

from qwixx_print import rules
from qwixx_print.compiled import Compiled
from qwixx_print.errors import did_you_mean
from qwixx_print.layout import Layout
from qwixx_print.play.effects import Effects
from qwixx_print.play.kinds import KINDS, Mechanics
from qwixx_print.play.move_kind import (
    LEGAL,
    ColourOptions,
    Move,
    MoveKind,
    SumOptions,
    Verdict,
    WhiteOptions,
)
from qwixx_print.play.sheet_state import State, empty_state

__all__ = ["Sheet", "State"]


class Sheet(Effects, Mechanics):
    """One player's sheet of ``layout`` (RULES.md §1-§3, RULES-more.md §5).

    Moves: :meth:`cross`, :meth:`again`, :meth:`square`, :meth:`penalty`, :meth:`concede`,
    :meth:`finish`, :meth:`undo`, :meth:`redo`, each with its ``can_*`` twin. Rows are named
    by id and fields by 0-based index in the row. ``board``, the compiled layout
    (:class:`qwixx_print.compiled.Compiled`), is shared between the sheets of a game; by
    default it is ``Compiled.of(layout)``; ``on_change`` is called after every change.
    """

    __slots__ = ("colour_options", "kinds", "sum_options", "table_kinds", "white_options")

    kinds: tuple[MoveKind, ...]
    """The kinds of move a roll offers on this sheet (its layout has their mechanic), in
    the order of :data:`~qwixx_print.play.kinds.KINDS`."""
    sum_options: tuple[SumOptions, ...]
    """:meth:`MoveKind.sum_options` of those crossed on one die sum, in that order (bound
    once: a roll asks them for every player)."""
    white_options: tuple[WhiteOptions, ...]
    """:meth:`MoveKind.white_options` of the others, in that order (after the sum kinds')."""
    colour_options: tuple[ColourOptions, ...]
    """:meth:`MoveKind.colour_options` of the others, in that order."""
    table_kinds: tuple[MoveKind, ...]
    """The kinds whose rule of the turn table play asks (:meth:`MoveKind.table_verdict`)."""

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
        self._state = empty_state(self.board)
        self._table_closed = frozenset()
        self._table_over = None
        self._closed = frozenset()  # derived, refreshed on every change
        self._why_over = None
        self._refresh()
        self.history = []
        """Applied moves with the state before each, oldest first."""
        self.redoable = []
        """Undone moves, the next to redo last."""
        mine = [kind for kind in KINDS.values() if kind.on(self)]
        self.kinds = tuple(kind for kind in mine if kind.rolled)
        others = [kind for kind in self.kinds if not kind.by_sum]
        self.sum_options = tuple(kind.sum_options for kind in self.kinds if kind.by_sum)
        self.white_options = tuple(kind.white_options for kind in others)
        self.colour_options = tuple(kind.colour_options for kind in others)
        self.table_kinds = tuple(kind for kind in mine if kind.has_table_rule)

    # ----- what the sheet shows

    def crossed(self, row: str) -> tuple[int, ...]:
        """Indexes of the crossed fields of ``row``, in the order crossed."""
        return self.state.crossed[self._row(row)]

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
        bar = self.board.bar
        return tuple(k for k in range(len(bar)) if k not in earned and bar[k] in closed)

    @property
    def over(self) -> bool:
        """Whether the game is over for this sheet: finished by hand, the last penalty box
        crossed, or 2 colours closed (RULES.md §1 End; RULES-more.md §5 concede counts)."""
        return self._why_over is not None

    @property
    def why_over(self) -> str | None:
        """Why the game is over for this sheet (``4 penalties, the last penalty box``,
        ``red and yellow are closed``, ``finished by hand``), or ``None`` while it goes on."""
        return self._why_over

    def crosses(self) -> rules.Crosses:
        """The sheet's marks as one record by position (:class:`qwixx_print.rules.Crosses`),
        what scoring counts and a log reports as a marks file."""
        s, ids = self.state, self.board.ids
        return rules.Crosses(
            fields={ids[r]: s.crossed[r] for r in range(len(ids))},
            again={ids[r]: s.again[r] for r in range(len(ids))},
            bonus=dict(zip(self.board.bonus_ids, s.bonus, strict=True)),
            squares={ids[r]: s.squares[r] for r in range(len(ids))},
            track=range(s.track),  # Lucky 15: the value track's crossed fields
            diamonds=s.diamonds,
            penalties=s.penalties,
        )

    def score(self) -> rules.SheetScore:
        """The sheet's score now (rows, penalties, powers, total), computed by
        :func:`qwixx_print.rules.score_crosses` as ``qwixx-print score`` does."""
        return rules.score_crosses(self.layout, self.crosses())

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

    def play(self, move: Move) -> None:
        """Apply ``move`` if legal, clearing what could be redone; raises RuleViolation with
        the reason otherwise, changing nothing."""
        self._raise(self.can(move))
        self._play_legal(move)

    def _play_legal(self, move: Move) -> None:
        """Apply ``move``, which :meth:`can` judged legal just now; clears redo."""
        self.redoable.clear()
        self._apply(move)

    def _refusal(self, move: Move) -> str | None:
        over = self._why_over
        if over is not None:
            return f"the game is over ({over})"
        kind = KINDS.get(move.kind)
        if kind is None:
            hint = did_you_mean(move.kind, KINDS)
            return f"'{move.kind}' is not a move ({hint}moves: {', '.join(KINDS)})"
        return kind.refusal(self, move)

    def _apply(self, move: Move) -> None:
        """Apply ``move`` by its kind and keep the state before it for undo."""
        before = self._state
        self.state = KINDS[move.kind].apply(self, before, move)
        self.history.append((move, before))
