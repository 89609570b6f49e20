"""The value track's move in play (Lucky 15, RULES-more.md §7): ``track INDEX`` crosses the
track's next field. The active player may cross it when both white dice and one open
colour's die add up to its total, instead of both actions of the turn, decided before
crossing anything. The words of the refusal are :func:`qwixx_print.rules.track_refusal`'s;
this module says who and when, for turns (:meth:`qwixx_print.play.Game.can_white`) and table
play (:meth:`qwixx_print.play.Game.can_play`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qwixx_print import rules
from qwixx_print.play.legality import Legality
from qwixx_print.play.move_kind import LEGAL, Move, MoveKind, Verdict

if TYPE_CHECKING:
    from qwixx_print.play.game_state import Dice, GameState
    from qwixx_print.play.sheet import Sheet
    from qwixx_print.play.sheet_state import State

DONE = "the value track took the place of both actions this turn: pass"
"""The refusal of a cross after a value track cross in the same turn."""

FREE = ("concede", "finish")
"""Table play: moves a player makes whatever the turn (another player's lock closing a row,
the end by hand)."""


class TrackField(Legality):
    """A sheet's value track (a part of :class:`~qwixx_print.play.Sheet`)."""

    __slots__ = ()

    def _track_refusal(self, index: int | None) -> str | None:
        """Why the value track field ``index`` may not be crossed on this sheet (Lucky 15,
        RULES-more.md §7: the next field, left to right); who and when, with which dice, is
        the game's (:func:`verdict`)."""
        track = self.layout.value_track
        if track is None:
            return "this sheet has no value track"
        if index is None or not 0 <= index < len(track.values):
            return f"no track field {index} (the track has fields 0 to {len(track.values) - 1})"
        return rules.track_refusal(track, range(self._state.track), index)


def verdict(
    sheet: Sheet, name: str, active: str, dice: Dice | None, move: Move, earlier: bool = False
) -> Verdict:
    """May ``name`` (``active`` is the active player) cross the value track field
    ``move.index`` of ``sheet`` now: the active player only, before any other cross of the
    turn (``earlier``: they made one); the sheet's order (:meth:`Sheet.can`) and, when the
    roll ``dice`` is known, its total among the roll's
    (:func:`qwixx_print.rules.trigger_totals`)."""
    found = sheet.can(move)
    if not found:
        return found
    if name != active:
        return Verdict(f"only the active player ({active}) may cross the value track")
    if earlier:
        return Verdict(
            "the value track takes the place of both actions: it is crossed before anything "
            "else in the turn"
        )
    track = sheet.layout.value_track
    assert track is not None and move.index is not None
    totals = None
    if dice is not None:
        totals = rules.trigger_totals(track, dice.white, list(dice.colours.values()))
    reason = rules.track_refusal(track, range(sheet.state.track), move.index, totals)
    return LEGAL if reason is None else Verdict(reason)


def table_verdict(
    sheet: Sheet, name: str, active: str, dice: Dice | None, move: Move, since: int
) -> Verdict | None:
    """Table play on a sheet with a value track: ``move`` of ``name``, whose moves of this
    turn are ``sheet.history[since:]``. The active player's track cross comes first in the
    turn and stands alone: after it, only :data:`FREE` moves (after a penalty box, no track
    cross either: :func:`qwixx_print.rules.penalty_refusal`, asked before); the dice
    are checked when the host entered the roll (``dice``). ``None``: the track has no say
    (the other kinds' table rules and the sheet's decide)."""
    this_turn = [m.kind for m, _ in sheet.history[since:]]
    if move.kind == "track":
        earlier = name == active and any(kind != "penalty" for kind in this_turn)
        return verdict(sheet, name, active, dice, move, earlier)
    if name == active and "track" in this_turn and move.kind not in FREE:
        return Verdict(DONE)
    return None


class Track(MoveKind):
    """``track INDEX``: the value track's next field (Lucky 15), the active player's move of
    action 1 standing for both actions."""

    __slots__ = ()
    name = "track"
    args = ("index",)
    rolled = True
    alone = DONE
    has_table_rule = True

    def on(self, sheet: Sheet) -> bool:
        return bool(sheet.board.track)

    def refusal(self, sheet: Sheet, move: Move) -> str | None:
        return sheet._track_refusal(move.index)

    def apply(self, sheet: Sheet, s: State, move: Move) -> State:
        return s._replace(track=s.track + 1)  # the next field, RULES-more.md §7

    def white_options(self, game: GameState, name: str, sheet: Sheet, found: list[Move]) -> None:
        if name == game.active:
            move = Move("track", None, sheet.state.track)
            if verdict(sheet, name, game.active, game.dice, move):
                found.append(move)

    def white_verdict(self, game: GameState, name: str, move: Move) -> Verdict:
        return verdict(game.sheets[name], name, game.active, game.dice, move)

    def table_verdict(
        self, game: GameState, name: str, sheet: Sheet, move: Move, since: int
    ) -> Verdict | None:
        return table_verdict(sheet, name, game.active, game.dice, move, since)
