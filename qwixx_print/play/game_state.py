"""The table's state: the players' sheets, the active player, the dice, the colours closed
for everyone and the end (RULES.md §1, RULES-more.md §5 The turn); the roll, and what the end
of an action or a turn closes. :class:`GameState` is the common part of
:class:`~qwixx_print.play.Game`, which plays it in turns (:mod:`qwixx_print.play.turns`) or
at the table (:mod:`qwixx_print.play.table_play`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from qwixx_print.compiled import Compiled
from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout
from qwixx_print.play.move_kind import Verdict
from qwixx_print.play.sheet import Sheet

MAX_PLAYERS = 20
"""Most players at one table: as many sheets as a marks file holds (``marks.MAX_PLAYERS``; a
test keeps them equal); the web counter takes fewer, the players a Qwixx box serves."""


BY_HAND = "the game was ended by hand"
"""Why a table game is over after :meth:`~qwixx_print.play.Game.end` (the host's "End the
game")."""


class Dice(NamedTuple):
    """One roll: the two ``white`` dice and the coloured dice still in play (``colours``,
    colour -> face), RULES.md §1 Dice."""

    white: tuple[int, int]
    colours: Mapping[str, int]

    @property
    def white_sum(self) -> int:
        """The white sum, for every player (action 1)."""
        return self.white[0] + self.white[1]

    def sums(self, colour: str) -> tuple[int, ...]:
        """The active player's sums with the ``colour`` die: each white die plus it (action
        2); empty when that die is out of the game."""
        face = self.colours.get(colour)
        if face is None:
            return ()
        low, high = sorted(self.white)
        return (low + face,) if low == high else (low + face, high + face)


def repeated_names(names: Sequence[str]) -> list[str]:
    """The refusal of each name used more than once among ``names``, one line each, in the
    order of their first seat (every player needs a sheet of their own): a game refuses the
    first, the web page's new-game form shows them all."""
    seen: set[str] = set()
    twice: list[str] = []
    for name in names:
        if name in seen and name not in twice:
            twice.append(name)
        seen.add(name)
    return [f"the name '{name}' is used twice: give every player their own" for name in twice]


class _TurnEnd(NamedTuple):
    """What an end of a turn changed (table play), kept so the host can take it back: the
    player who was active, their dice, whether they had crossed, the closed colours, each
    sheet's end and where each sheet's moves of that turn began."""

    active_index: int
    dice: Dice | None
    crossed: bool
    closed: frozenset[str]
    table_over: dict[str, str | None]
    turn_start: dict[str, int]


class GameState:
    """The state of a game of ``layout`` for the players ``names`` (1 to
    :data:`MAX_PLAYERS`, unique), the first one active; see
    :class:`~qwixx_print.play.Game` (``table``, ``own``). Raises RuleViolation for bad
    names, an own sheet of another layout or for no player of the game."""

    def __init__(
        self,
        layout: Layout,
        names: Sequence[str],
        table: bool = False,
        own: Mapping[str, Layout] | None = None,
    ) -> None:
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise RuleViolation(f"a game has 1 to {MAX_PLAYERS} players, got {len(names)}")
        twice = repeated_names(names)
        if twice:
            raise RuleViolation(twice[0])
        own = own or {}
        for name, mine in own.items():
            if name not in names or mine.name != layout.name:
                raise RuleViolation(
                    f"{name}: a player's own sheet is one of the game's layout ({layout.name}), "
                    "for one of its players"
                )
        boards = {(layout.slip, layout.lucky): Compiled.of(layout)}
        for sheet_layout in own.values():
            key = (sheet_layout.slip, sheet_layout.lucky)
            boards.setdefault(key, Compiled.of(sheet_layout))
        self.layout = layout
        self.own = dict(own)
        """The players' own sheets of the layout (slips, lucky numbers), by name."""
        self.table = table
        self.names = tuple(names)
        self._over: bool | None = None  # derived from the sheets, None when to be found
        self._changed = False  # a sheet changed since the last end of an action
        self.sheets = {}
        for name in names:
            mine = own.get(name, layout)
            board = boards[(mine.slip, mine.lucky)]
            self.sheets[name] = Sheet(mine, board, self._sheet_changed)
        self.active_index = 0
        self.turn = 1
        self.rolls = 0
        self.dice: Dice | None = None
        self.phase = "roll"
        """Turns: ``roll``, ``white`` (action 1 next), ``colour`` (action 2 next)."""
        self.closed: frozenset[str] = frozenset()
        """Colours closed at the table (closed for every sheet)."""
        self._in_play = layout.dice
        self._crossed_this_turn = False
        self._alone: str | None = None
        """Turns: when the active player's move of action 1 stands for both actions, the
        refusal of action 2 (:attr:`MoveKind.alone`), else ``None``."""
        self._turn_start: dict[str, int] = {name: 0 for name in names}
        """Table play: each sheet's history length when this turn began (its moves since)."""
        self._ended: list[_TurnEnd] = []  # table play: the state before each end of a turn
        self.steps: dict[str, int] = {name: 0 for name in names}
        """Table play: each player's moves, undos and redos so far (a page names the step it
        saw, so a repeated Undo changes nothing; docs/web.md)."""
        self.by_hand = False
        """Table play: the game was ended by hand (:meth:`~qwixx_print.play.Game.end`)."""
        self.entries: list[dict[str, object]] = []
        """What happened, in order, as game-log entries (see :mod:`qwixx_print.play.log`);
        a move is a :class:`Move`, or ``None`` for a pass; a roll is its :class:`Dice`."""

    # ----- state

    @property
    def active(self) -> str:
        """The active player's name."""
        return self.names[self.active_index]

    @property
    def over(self) -> bool:
        """Whether the game has ended (RULES.md §1 End)."""
        if self._over is None:
            self._over = any(sheet.over for sheet in self.sheets.values())
        return self._over

    @property
    def closing(self) -> frozenset[str]:
        """Table play: the colours locked on a sheet this turn that close for everyone when
        the dice pass on (RULES.md §6 Table play), not yet in :attr:`closed`; empty between
        turns and in turn play after each action."""
        return self._locked_colours() - self.closed

    def _sheet_changed(self) -> None:
        self._over = None
        self._changed = True

    @property
    def why_over(self) -> str | None:
        """Why the game has ended (``Léa crossed the last penalty box``), or ``None``."""
        for name, sheet in self.sheets.items():
            reason = sheet.why_over
            if reason is not None:
                return reason if sheet.table_over or "closed" in reason else f"{name}: {reason}"
        return None

    @property
    def faces(self) -> int:
        """Faces of each die: the highest sum halved (6 for 2..12; :class:`Compiled`)."""
        return Compiled.of(self.layout).faces

    def dice_in_play(self) -> tuple[str, ...]:
        """The coloured dice not yet out of the game (a closed colour's die leaves)."""
        return self._in_play

    def roll(
        self,
        rng: random.Random | None = None,
        white: tuple[int, int] | None = None,
        colours: Mapping[str, int] | None = None,
    ) -> Dice:
        """Roll the dice: with ``rng`` (a ``random.Random``), or give the faces (``white``,
        ``colours`` for every die in play). In table play a roll after a roll of the same
        turn passes the dice on first (:meth:`end_turn`). Raises RuleViolation when the game
        is over, a roll is not due (turns), or given faces are not the dice in play.
        """
        self._refuse_if_over()
        if not self.table and self.phase != "roll":
            raise RuleViolation(f"{self.active} has rolled already: play the {self.phase} action")
        if self.table and self.dice is not None:
            self.end_turn()
        in_play = self.dice_in_play()
        if white is None:
            rng = rng or random.Random()
            faces = rng.choices(range(1, self.faces + 1), k=2 + len(in_play))
            white = (faces[0], faces[1])
            colours = dict(zip(in_play, faces[2:], strict=True))
        else:
            colours = dict(colours or {})
            self._check_faces(white, colours, in_play)
        self.dice = Dice((white[0], white[1]), colours)
        self.rolls += 1
        self.phase = "white"
        self.entries.append({"roll": self.dice})
        return self.dice

    def end_turn(self) -> None:
        """Pass the dice on (table play: :meth:`~qwixx_print.play.Game.end_turn`)."""
        raise NotImplementedError

    def _check_faces(
        self, white: Sequence[int], colours: Mapping[str, int], in_play: Sequence[str]
    ) -> None:
        if len(white) != 2 or set(colours) != set(in_play):
            raise RuleViolation(
                f"a roll is two white dice and the dice in play ({', '.join(in_play)}), "
                f"got {len(white)} white and {', '.join(colours) or 'none'}"
            )
        faces = self.faces
        for face in (*white, *colours.values()):
            if not 1 <= face <= faces:
                raise RuleViolation(f"a die shows 1 to {faces}, got {face}")

    def faces_in_play(self) -> dict[str, int]:
        """Turns: the faces of the coloured dice still in the game: a colour closed in action 1
        takes its die out before action 2 (RULES.md §1, §6), also for a link square's pair."""
        assert self.dice is not None
        return {c: f for c, f in self.dice.colours.items() if c in self._in_play}

    # ----- locks and turns

    def _locked_colours(self) -> frozenset[str]:
        return frozenset().union(*(sheet.lock_colours for sheet in self.sheets.values()))

    def _close_locks(self) -> None:
        """The end of an action: every colour locked on any sheet closes for all, and a
        player's last penalty box ends the game for all (RULES.md §1 End)."""
        if not self._changed:
            return
        self._changed = False
        self._set_closed(self.closed | self._locked_colours())
        boxes = self.layout.penalty_boxes
        full = next((n for n, s in self.sheets.items() if s.penalties >= boxes), None)
        over = None if full is None else f"{full} crossed the last penalty box"
        if self.by_hand:
            over = BY_HAND
        for sheet in self.sheets.values():
            if sheet.table_over != over:
                sheet.table_over = over

    def _reopen(self) -> None:
        """After an undo (table play): a closed colour nobody has locked any more reopens,
        and an end by a last penalty box that no sheet holds any more is taken back
        (RULES.md §6, "An undo after the end")."""
        self._set_closed(self.closed & self._locked_colours())
        boxes = self.layout.penalty_boxes
        if not self.by_hand and all(sheet.penalties < boxes for sheet in self.sheets.values()):
            for sheet in self.sheets.values():
                if sheet.table_over is not None:
                    sheet.table_over = None
        self._over = None

    def _set_closed(self, closed: frozenset[str]) -> None:
        if closed == self.closed:
            return
        self.closed = closed
        self._in_play = tuple(c for c in self.layout.dice if c not in closed)
        for sheet in self.sheets.values():
            sheet.table_closed = closed

    def _next_player(self) -> None:
        self.active_index = (self.active_index + 1) % len(self.names)
        self.turn += 1
        self.phase = "roll"
        self.dice = None
        self._crossed_this_turn = False
        self._alone = None
        self._turn_start = {name: len(sheet.history) for name, sheet in self.sheets.items()}

    def _refuse(self, name: str, verdict: Verdict) -> None:
        """Raise RuleViolation with ``verdict``'s reason when it refuses, said to ``name``
        (``Léa, the 5 is crossed already``) when ``name`` plays here, else as it stands
        (``no player 'Bob' (players: Léa, Sam)``)."""
        if not verdict:
            told = f"{name}, " if name in self.names else ""
            raise RuleViolation(f"{told}{verdict.reason}")

    def _refuse_if_over(self) -> None:
        if self.over:
            raise RuleViolation(f"the game is over ({self.why_over})")
