"""The table: players' sheets, the active player, the dice, the two actions of a turn, locks
closing colours for everyone, and the end (RULES.md §1, RULES-more.md §5 The turn).

Two ways to drive a :class:`Game`:

- **turns** (simulator, tests, a shared screen): :meth:`Game.roll`, then :meth:`Game.white`
  (action 1, every player), then :meth:`Game.colour` (action 2, the active player), which
  ends the turn. The engine checks every cross against the dice.
- **table** (``Game(..., table=True)``, a counter for a table that rolls its own dice):
  :meth:`Game.play` applies one player's move as it is tapped, :meth:`Game.undo` and
  :meth:`Game.redo` act on that player's sheet, :meth:`Game.end_turn` passes the dice on.
  The engine cannot see the dice there, so it checks each sheet's own rules only.

In both, a lock closes its colour for the other players at the end of the action (turns) or
of the turn (table), so several players may lock the same colour at once; the game ends when
the closed colours reach two (one on a one-colour sheet) or a player crosses the last penalty
box, even before action 2.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from qwixx_print.compiled import Compiled
from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout
from qwixx_print.play.link_squares import allowed_squares, square_verdict
from qwixx_print.play.moves import LEGAL, Move, Verdict
from qwixx_print.play.sheet import Sheet

MAX_PLAYERS = 20
"""Most players at one table: as many sheets as a marks file holds (``marks.MAX_PLAYERS``; a
test keeps them equal); the web counter takes fewer, the players a Qwixx box serves."""


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


class _TurnEnd(NamedTuple):
    """What an end of a turn changed (table play), kept so the host can take it back: the
    player who was active, their dice, whether they had crossed, the closed colours and each
    sheet's end."""

    active_index: int
    dice: Dice | None
    crossed: bool
    closed: frozenset[str]
    table_over: dict[str, str | None]


class Game:
    """A game of ``layout`` for the players ``names`` (1 to :data:`MAX_PLAYERS`, unique),
    the first one active. ``table=True`` plays moves as tapped (:meth:`play`) instead of
    dice turns. ``own`` gives a player their own sheet of the layout (a slip, lucky
    numbers: :meth:`Layout.sheet`, RULES-more.md §4). Raises RuleViolation for bad names or
    an own sheet of another layout or for no player of the game."""

    def __init__(
        self,
        layout: Layout,
        names: Sequence[str],
        table: bool = False,
        own: Mapping[str, Layout] | None = None,
    ) -> None:
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise RuleViolation(f"a game has 1 to {MAX_PLAYERS} players, got {len(names)}")
        if len(set(names)) != len(names):
            twice = next(n for n in names if list(names).count(n) > 1)
            raise RuleViolation(f"the name '{twice}' is used twice: give every player their own")
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
        self._ended: list[_TurnEnd] = []  # table play: the state before each end of a turn
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

    # ----- turns

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

    def can_white(self, name: str, move: Move | None) -> Verdict:
        """May ``name`` make ``move`` (a cross or small box of the white sum; ``None``
        passes) in action 1 of this roll (RULES.md §1; RULES-more.md §5 The turn)?"""
        if self.over or self.table or self.phase != "white" or self.dice is None:
            return Verdict(self._not_now("white"))
        if name not in self.sheets:
            return Verdict(f"no player '{name}' (players: {', '.join(self.names)})")
        if move is None:
            return LEGAL
        return self._dice_verdict(name, move, (self.dice.white_sum,), None)

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
        self._crossed_this_turn = moves.get(self.active) is not None
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
        return self._dice_verdict(self.active, move, None, self.dice)

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
        """The moves ``name`` may make in action 1 of this roll (crosses, then small
        boxes)."""
        if self.table or self.phase != "white" or self.dice is None or self.over:
            return []
        sheet, number = self.sheets[name], self.dice.white_sum
        found = _crosses(sheet, (number,))
        if sheet.board.has_again:
            found += [Move("again", r, i) for r, i in sheet.legal_again(number)]
        if sheet.board.bonus_ids:
            found += [Move("bonus", r, i) for r, i in sheet.legal_bonus(number)]
        if sheet.layout.diamonds:
            found += sheet.legal_swaps(number)
        if number in sheet.layout.lucky:
            found += [Move("lucky", sheet.board.ids[r]) for r in sheet.lucky_rows()]
        if any(sheet.board.squares):  # RULES.md §7 Connect 15
            found += allowed_squares(sheet.board, sheet.legal_squares(), self.dice.white, None)
        return found

    def legal_colour(self) -> list[Move]:
        """The moves the active player may make in action 2 of this roll."""
        if self.table or self.phase != "colour" or self.dice is None or self.over:
            return []
        sheet, found = self.sheets[self.active], []
        again, bonus = sheet.board.has_again, sheet.board.bonus_ids
        for colour in self.dice.colours:  # a field has one colour: no move found twice
            sums = self.dice.sums(colour)
            if not (again or bonus):  # both sums at once: crosses only, in the same order
                found += _crosses(sheet, sums, colour)
                continue
            for number in sums:
                found += _crosses(sheet, (number,), colour)
                if again:
                    found += [Move("again", r, i) for r, i in sheet.legal_again(number, colour)]
                if bonus:
                    found += [
                        m
                        for r, i in sheet.legal_bonus(number, colour)
                        if (m := Move("bonus", r, i)) not in found
                    ]
        if any(sheet.board.squares):  # RULES.md §7 Connect 15
            white, in_play = self.dice.white, self._faces_in_play()
            found += allowed_squares(sheet.board, sheet.legal_squares(), white, in_play)
        return found

    def _faces_in_play(self) -> dict[str, int]:
        """The faces of the coloured dice still in the game: a colour closed in action 1
        takes its die out before action 2 (RULES.md §1, §6), also for a link square's pair."""
        assert self.dice is not None
        return {c: f for c, f in self.dice.colours.items() if c in self._in_play}

    def _dice_verdict(
        self, name: str, move: Move, sums: tuple[int, ...] | None, dice: Dice | None
    ) -> Verdict:
        """``move`` on ``name``'s sheet, checked against the white sum(s) ``sums`` or, for
        action 2, against the coloured ``dice``."""
        if move.kind not in ("cross", "again", "bonus", "swap", "lucky", "square"):
            return Verdict(f"a die sum crosses a field or a small box, not '{move}'")
        sheet = self.sheets[name]
        verdict = sheet.can(move)
        if not verdict:
            return verdict
        if move.kind == "square":  # two faces, not a sum (RULES.md §7)
            assert self.dice is not None
            faces = None if dice is None else self._faces_in_play()
            return square_verdict(sheet.board, move, self.dice.white, faces)
        if move.kind in ("swap", "lucky"):
            return _white_only(sheet, move, sums if dice is None else None)
        assert move.row is not None and move.index is not None
        b = sheet.board
        colours: tuple[str, ...]
        if move.kind == "bonus":
            k = b.bonus_ids.index(move.row)
            number, colours = b.bonus_numbers[k][move.index], b.bonus_colours[k]
        else:
            r = b.row_of[move.row]
            number, colours = b.numbers[r][move.index], (b.colours[r][move.index],)
        if dice is not None:
            sums = dice.sums(colours[0])
            if len(colours) > 1:
                sums += dice.sums(colours[1])
            if not sums:
                return Verdict(f"{move.row}: the {' and '.join(colours)} die is out of the game")
        assert sums is not None
        if number not in sums:
            shown = " or ".join(map(str, sums))
            what = "the white sum" if dice is None else f"white + {' or '.join(colours)}"
            return Verdict(f"{move.row}: the field is {number}, but {what} is {shown}")
        return LEGAL

    def _not_now(self, action: str) -> str:
        if self.over:
            return f"the game is over ({self.why_over})"
        if self.table:
            return "this game is played at the table: enter moves with play"
        if self.phase == "roll":
            return f"{self.active} rolls first"
        return f"it is time for the {self.phase} action, not the {action} action"

    # ----- table play

    def can_play(self, name: str, move: Move) -> Verdict:
        """May ``name`` make ``move`` on their own sheet now (table play)?"""
        if not self.table:
            return Verdict("this game is played in turns: use white and colour")
        if name not in self.sheets:
            return Verdict(f"no player '{name}' (players: {', '.join(self.names)})")
        return self.sheets[name].can(move)

    def play(self, name: str, move: Move) -> None:
        """Apply ``move`` to ``name``'s sheet (table play). A lock closes its colour for the
        others at the end of the turn. Raises RuleViolation ``name, reason``."""
        self._refuse(name, self.can_play(name, move))
        self.sheets[name]._play_legal(move)
        self.entries.append({"player": name, "move": move})

    def undo(self, name: str) -> Move:
        """Undo ``name``'s last move (table play); a colour it had closed reopens for all.
        Raises RuleViolation when there is none."""
        sheet = self._table_sheet(name)
        self._refuse(name, sheet.can_undo())
        move = sheet.undo()
        self.entries.append({"player": name, "move": "undo"})
        self._reopen()
        return move

    def redo(self, name: str) -> Move:
        """Redo ``name``'s last undone move (table play). Raises RuleViolation."""
        sheet = self._table_sheet(name)
        self._refuse(name, sheet.can_redo())
        move = sheet.redo()
        self.entries.append({"player": name, "move": "redo"})
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
        )
        self._close_locks()
        self._next_player()
        self._ended.append(before)

    def can_undo_turn(self) -> Verdict:
        """May the last :meth:`end_turn` be taken back (table play): only while the player
        it made active has not rolled (RULES.md §6, "An accidental Next player")?"""
        if not self.table:
            return Verdict("this game is played in turns: a turn is not taken back")
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
        self._set_closed(before.closed)
        for name, sheet in self.sheets.items():
            if sheet.table_over != before.table_over[name]:
                sheet.table_over = before.table_over[name]
        self._over = None
        self._changed = True  # the locks close again at the next end of the turn
        self.entries.append({"back": self.active})

    def _table_sheet(self, name: str) -> Sheet:
        if not self.table:
            raise RuleViolation("undo and redo are for table play")
        if name not in self.sheets:
            raise RuleViolation(f"no player '{name}' (players: {', '.join(self.names)})")
        return self.sheets[name]

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
        for sheet in self.sheets.values():
            if sheet.table_over != over:
                sheet.table_over = over

    def _reopen(self) -> None:
        """After an undo (table play): a closed colour nobody has locked any more reopens,
        and an end by a last penalty box that no sheet holds any more is taken back
        (RULES.md §6, "An undo after the end")."""
        self._set_closed(self.closed & self._locked_colours())
        boxes = self.layout.penalty_boxes
        if all(sheet.penalties < boxes for sheet in self.sheets.values()):
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

    @staticmethod
    def _refuse(name: str, verdict: Verdict) -> None:
        if not verdict:
            raise RuleViolation(f"{name}, {verdict.reason}")

    def _refuse_if_over(self) -> None:
        if self.over:
            raise RuleViolation(f"the game is over ({self.why_over})")


def _crosses(sheet: Sheet, numbers: tuple[int, ...], colour: str | None = None) -> list[Move]:
    """The cross moves of :meth:`Sheet.legal_fields` (die sums ``numbers``, by number)."""
    ids = sheet.board.ids
    return [Move("cross", ids[r], i) for r, i in sheet.legal_fields(numbers, colour)]


def _white_only(sheet: Sheet, move: Move, sums: tuple[int, ...] | None) -> Verdict:
    """An X-Change swap or a Longo lucky cross: only with the white sum (action 1), which a
    diamond must show (its other number is the field's) or which must be a lucky number
    (RULES-more.md §4)."""
    what = "a diamond swap" if move.kind == "swap" else "a lucky cross"
    if sums is None:
        return Verdict(f"{move.row}: {what} takes the white sum only (action 1)")
    white = sums[0]
    if move.kind == "lucky":
        if white in sheet.layout.lucky:
            return LEGAL
        lucky = " or ".join(map(str, sheet.layout.lucky))
        return Verdict(f"{move.row}: the white sum is {white}, not a lucky number ({lucky})")
    assert move.diamond is not None and move.row is not None and move.index is not None
    a, b = sheet.layout.diamonds[move.diamond]
    number = sheet.board.numbers[sheet.board.row_of[move.row]][move.index]
    if white in (a, b) and number == (b if white == a else a):
        return LEGAL
    return Verdict(
        f"{move.row}: the diamond {a}/{b} turns a white {a} into {b} or a {b} into {a}; "
        f"the white sum is {white} and the field {number}"
    )
