"""A game played in dice turns (simulator, tests, a shared screen; RULES.md §1,
RULES-more.md §5 The turn): :meth:`Turns.roll`, then :meth:`Turns.white` (action 1, every
player), then :meth:`Turns.colour` (action 2, the active player), which ends the turn. The
engine checks every move against the dice by its kind
(:meth:`~qwixx_print.play.move_kind.MoveKind.white_verdict`, ``colour_verdict``) and offers
the moves of a roll kind by kind (``white_options``, ``sum_options``, ``colour_options``).
"""

from __future__ import annotations

from collections.abc import Mapping

from qwixx_print.play.game_state import GameState
from qwixx_print.play.kinds import KINDS
from qwixx_print.play.move_kind import LEGAL, NOT_BY_DICE, Move, Verdict


class Turns(GameState):
    """The dice turns of a :class:`~qwixx_print.play.Game`."""

    def can_white(self, name: str, move: Move | None) -> Verdict:
        """May ``name`` make ``move`` (a cross or small box of the white sum; ``None``
        passes) in action 1 of this roll (RULES.md §1; RULES-more.md §5 The turn)?"""
        if self.over or self.table or self.phase != "white" or self.dice is None:
            return Verdict(self._not_now("white"))
        if name not in self.sheets:
            return Verdict(f"no player '{name}' (players: {', '.join(self.names)})")
        if move is None:
            return LEGAL
        kind = KINDS.get(move.kind)
        if kind is None:
            return Verdict(NOT_BY_DICE.format(move))
        return kind.white_verdict(self, name, move)

    def white(self, moves: Mapping[str, Move | None]) -> None:
        """Action 1: every player named in ``moves`` crosses a field or small box of the
        white sum (``None`` or not named: passes). All moves are checked before any is made;
        locks then close their colours for everyone, and the game may end before action 2.
        Raises RuleViolation naming the player and the reason, changing nothing."""
        self._refuse_if_over()
        for name, move in moves.items():
            self._refuse(name, self.can_white(name, move))
        for name, move in moves.items():
            if move is not None:
                self.sheets[name]._play_legal(move)
        active = moves.get(self.active)
        self._crossed_this_turn = active is not None
        self._alone = None if active is None else KINDS[active.kind].alone
        self.entries.append({"white": dict(moves)})
        self.phase = "colour"
        self._close_locks()

    def can_colour(self, move: Move | None) -> Verdict:
        """May the active player make ``move`` (``None`` passes) in action 2: a field of a
        colour whose die is in play, its number a white die plus that die?"""
        if self.over or self.table or self.phase != "colour" or self.dice is None:
            return Verdict(self._not_now("colour"))
        if move is None:
            return LEGAL
        if self._alone is not None:
            return Verdict(self._alone)
        kind = KINDS.get(move.kind)
        if kind is None:
            return Verdict(NOT_BY_DICE.format(move))
        return kind.colour_verdict(self, move)

    def colour(self, move: Move | None) -> None:
        """Action 2 of the active player (``None`` passes), then the end of the turn: a
        penalty if the active player crossed nothing in either action (RULES.md §1
        Penalties), locks close their colours, the next player becomes active. Raises
        RuleViolation, changing nothing."""
        self._refuse_if_over()
        self._refuse(self.active, self.can_colour(move))
        sheet = self.sheets[self.active]
        if move is not None:
            sheet._play_legal(move)
        elif not self._crossed_this_turn:
            sheet.penalty()
        self.entries.append({"colour": move})
        self._close_locks()
        self._next_player()

    def legal_white(self, name: str) -> list[Move]:
        """The moves ``name`` may make in action 1 of this roll, kind by kind in the order of
        :data:`~qwixx_print.play.kinds.KINDS` (crosses, small boxes, bonus cells, swaps,
        lucky crosses, the value track, link squares)."""
        if self.table or self.phase != "white" or self.dice is None or self.over:
            return []
        sheet, found, white = self.sheets[name], list[Move](), (self.dice.white_sum,)
        for sum_options in sheet.sum_options:  # the kinds crossed on a sum come first
            sum_options(sheet, white, None, found)
        for white_options in sheet.white_options:
            white_options(self, name, sheet, found)
        return found

    def legal_colour(self) -> list[Move]:
        """The moves the active player may make in action 2 of this roll: per coloured die
        and each of its sums, the moves of the kinds crossed on a sum; then the others'."""
        if self.table or self.phase != "colour" or self.dice is None or self.over:
            return []
        if self._alone is not None:
            return []
        sheet, found = self.sheets[self.active], list[Move]()
        by_sum = sheet.sum_options
        only = by_sum[0] if len(by_sum) == 1 else None  # both sums at once: same moves
        for colour in self.dice.colours:  # a field has one colour: no move found twice
            sums = self.dice.sums(colour)
            if only is not None:
                only(sheet, sums, colour, found)
                continue
            for number in sums:
                for sum_options in by_sum:
                    sum_options(sheet, (number,), colour, found)
        for colour_options in sheet.colour_options:
            colour_options(self, sheet, found)
        return found

    def _not_now(self, action: str) -> str:
        if self.over:
            return f"the game is over ({self.why_over})"
        if self.table:
            return "this game is played at the table: enter moves with play"
        if self.phase == "roll":
            return f"it is time for {self.active}'s roll, not the {action} action"
        return f"it is time for the {self.phase} action, not the {action} action"
