"""A game played at the table (``Game(..., table=True)``, a counter for a table that rolls
its own dice): :meth:`TablePlay.play` applies one player's move as it is tapped,
:meth:`TablePlay.undo` and :meth:`TablePlay.redo` act on that player's sheet,
:meth:`TablePlay.end_turn` passes the dice on. The engine cannot see the dice there, so it
checks each sheet's own rules, and a mechanic's rule of the turn where it has one
(:meth:`~qwixx_print.play.move_kind.MoveKind.table_verdict`; RULES.md §6).
"""

from __future__ import annotations

from collections.abc import Hashable

from qwixx_print import rules
from qwixx_print.errors import RuleViolation
from qwixx_print.play.game_state import BY_HAND, GameState, _TurnEnd
from qwixx_print.play.move_kind import LEGAL, Move, Verdict
from qwixx_print.play.sheet import Sheet


class TablePlay(GameState):
    """The table play of a :class:`~qwixx_print.play.Game`."""

    def can_play(self, name: str, move: Move) -> Verdict:
        """May ``name`` make ``move`` on their own sheet now (table play)? The rules of the
        turn first (:meth:`turn_verdict`), then the sheet's."""
        if not self.table:
            return Verdict("this game is played in turns: use white and colour")
        if name not in self.sheets:
            return Verdict(f"no player '{name}' (players: {', '.join(self.names)})")
        verdict = self.turn_verdict(name, move)
        return self.sheets[name].can(move) if verdict is None else verdict

    def turn_verdict(self, name: str, move: Move) -> Verdict | None:
        """The table's rules of the turn on ``move`` of the player ``name`` (table play),
        ``None`` where they leave it to the sheet's: the penalty rule first, for every kind
        of move (:func:`qwixx_print.rules.penalty_refusal`: the active player's penalty and
        crosses never share a turn, and no penalty once the game is over), then each
        mechanic's rule of the turn (the value track's cross stands for the turn). They read
        the sheet's moves of this turn (:meth:`moves_this_turn`), whether ``name`` is active
        and the dice: what a cache of a sheet's tappable places must be keyed on beside the
        sheet (:meth:`turn_of`); the end, read for the penalty only, taps no place."""
        made = [str(done) for done in self.moves_this_turn(name)]
        over = self.why_over if move.kind == "penalty" and self.over else None
        reason = rules.penalty_refusal(name, self.active, made, move.kind, over)
        if reason is not None:
            return Verdict(reason)
        sheet = self.sheets[name]
        for kind in sheet.table_kinds:  # e.g. the value track's cross stands for the turn
            verdict = kind.table_verdict(self, name, sheet, move, self._turn_start[name])
            if verdict is not None:
                return verdict
        return None

    def turn_of(self, name: str) -> Hashable:
        """What :meth:`turn_verdict` reads of the table for ``name`` beside their sheet:
        whether they are active, their moves this turn and the dice (a key of what their
        sheet offers now, with the sheet's state)."""
        dice = self.dice
        faces = None if dice is None else (dice.white, tuple(sorted(dice.colours.items())))
        return name == self.active, tuple(self.moves_this_turn(name)), faces

    def play(self, name: str, move: Move, acknowledged: bool = False) -> None:
        """Apply ``move`` to ``name``'s sheet (table play). A lock closes its colour for the
        others at the end of the turn. Raises RuleViolation ``name, reason``.
        ``acknowledged``: a move the table took in before, replayed (a web game's stored
        log, RULES.md §6 "Stored moves"): only the sheet's rules are asked, not the rules
        of the turn (:meth:`turn_verdict`), which may be newer than the move; the sheet's
        keep its marks whole."""
        if acknowledged and self.table and name in self.sheets:
            self._refuse(name, self.sheets[name].can(move))
        else:
            self._refuse(name, self.can_play(name, move))
        self.sheets[name]._play_legal(move)
        self.entries.append({"player": name, "move": move})
        self.steps[name] += 1

    def moves_this_turn(self, name: str) -> list[Move]:
        """``name``'s moves on their sheet since this turn began (table play), as they
        stand: an undone one is not among them."""
        sheet = self.sheets[name]
        return [move for move, _ in sheet.history[self._turn_start[name] :]]

    def undo(self, name: str) -> Move:
        """Undo ``name``'s last move (table play); a colour it had closed reopens for all.
        Raises RuleViolation when there is none."""
        sheet = self._table_sheet(name)
        self._refuse(name, sheet.can_undo())
        why = self.why_over if self.over else None
        move = sheet.undo()
        self.entries.append({"player": name, "move": "undo"})
        self.steps[name] += 1
        self._reopen()
        if why is not None and not self.over:
            self._reopened_at = (len(self.entries), name, why)
        return move

    _reopened_at: tuple[int, str, str] | None = None

    @property
    def reopened(self) -> tuple[str, str] | None:
        """Table play: ``(name, why)`` when the game's last entry is ``name``'s undo that took
        back the end (``why``: why the game had ended), so every page can say the game goes
        on and who reopened it (RULES.md §6 "An undo after the end"); ``None`` otherwise,
        from the next entry on. A replayed log says it alike (its undo runs here)."""
        at = self._reopened_at
        return None if at is None or at[0] != len(self.entries) else (at[1], at[2])

    def redo(self, name: str) -> Move:
        """Redo ``name``'s last undone move (table play). Raises RuleViolation."""
        sheet = self._table_sheet(name)
        self._refuse(name, sheet.can_redo())
        move = sheet.redo()
        self.entries.append({"player": name, "move": "redo"})
        self.steps[name] += 1
        return move

    def end_turn(self) -> None:
        """Pass the dice to the next player (table play): the locks of this turn close their
        colours for everyone. Raises RuleViolation in turn play."""
        if not self.table:
            raise RuleViolation("this game is played in turns: colour ends the turn")
        self.entries.append({"next": self.names[(self.active_index + 1) % len(self.names)]})
        before = _TurnEnd(
            self.active_index,
            self.dice,
            self._crossed_this_turn,
            self.closed,
            {name: sheet.table_over for name, sheet in self.sheets.items()},
            dict(self._turn_start),
        )
        self._close_locks()
        self._next_player()
        self._ended.append(before)

    def can_undo_turn(self) -> Verdict:
        """May the last :meth:`end_turn` be taken back (table play): only while the player
        it made active has not rolled (RULES.md §6, "An accidental Next player")?"""
        if not self.table:
            return Verdict("this game is played in turns: a turn is not taken back")
        if self.by_hand:
            return Verdict(f"{BY_HAND}: the turn cannot go back")
        if not self._ended:
            return Verdict("no turn has ended yet")
        if self.dice is not None:
            return Verdict(f"{self.active} has rolled already: the turn cannot go back")
        return LEGAL

    def undo_turn(self) -> None:
        """Take back the last :meth:`end_turn` (table play): the player before is active
        again with the dice they rolled, and the colours that turn's locks closed reopen
        until the turn ends again. Raises RuleViolation (see :meth:`can_undo_turn`)."""
        verdict = self.can_undo_turn()
        if not verdict:
            raise RuleViolation(verdict.reason)
        before = self._ended.pop()
        self.active_index = before.active_index
        self.turn -= 1
        self.dice = before.dice
        self.phase = "roll" if before.dice is None else "white"
        self._crossed_this_turn = before.crossed
        self._turn_start = dict(before.turn_start)
        self._set_closed(before.closed)
        for name, sheet in self.sheets.items():
            if sheet.table_over != before.table_over[name]:
                sheet.table_over = before.table_over[name]
        self._over = None
        self._changed = True  # the locks close again at the next end of the turn
        self.entries.append({"back": self.active})

    def end(self) -> None:
        """End the game by hand for everyone (table play: the host's "End the game", log
        entry ``{end: by hand}``; RULES.md §6): every sheet is over, undo and redo still
        correct a sheet, and the end stays. Raises RuleViolation in turn play or when the
        game is over already."""
        if not self.table:
            raise RuleViolation("this game is played in turns: it ends by its rules")
        self._refuse_if_over()
        self.by_hand = True
        self.entries.append({"end": "by hand"})
        for sheet in self.sheets.values():
            sheet.table_over = BY_HAND
        self._over = None

    def _table_sheet(self, name: str) -> Sheet:
        if not self.table:
            raise RuleViolation("undo and redo are for table play")
        if name not in self.sheets:
            raise RuleViolation(f"no player '{name}' (players: {', '.join(self.names)})")
        return self.sheets[name]
