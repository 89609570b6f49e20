"""The bots' legal options of a sheet, asked of the reference engine
(:class:`qwixx_print.play.Sheet`): crosses, small boxes, bonus cells, swaps, lucky crosses and
link squares, each an :class:`Option`, and the counts the bots weigh them by (the row's last
cross, its crosses, the bonus crosses beside it). The bots (:mod:`qwixx_print.sim.bots`) only
choose among them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from qwixx_print.play import Move, Sheet
from qwixx_print.play.game import Dice
from qwixx_print.play.link_squares import allowed_squares

TIE_ORDER = ("cross", "again", "lucky", "swap", "bonus", "square")
"""Kinds of option, in the order a tie between them goes (same skips, row and crosses)."""

_TIE = {kind: n for n, kind in enumerate(TIE_ORDER)}
"""A kind's place in :data:`TIE_ORDER`."""


class Option(NamedTuple):
    """A legal move of a die sum: row place (0-based; for a ``bonus`` cell the bonus row's
    index), ``field`` index (a bonus cell's column), the ``kind`` of move (:data:`TIE_ORDER`:
    ``again`` is the small box under that field) and the ``diamond`` of a swap (-1: none)."""

    row: int
    field: int
    kind: str = "cross"
    diamond: int = -1

    @property
    def again(self) -> bool:
        """Whether it is the small box under the field (Nochmal)."""
        return self.kind == "again"

    def move(self, sheet: Sheet) -> Move:
        """The engine's move for this option."""
        ids = sheet.board.bonus_ids if self.kind == "bonus" else sheet.board.ids
        if self.kind == "lucky":
            return Move("lucky", ids[self.row])
        diamond = None if self.diamond < 0 else self.diamond
        return Move(self.kind, ids[self.row], self.field, diamond)

    def place(self, sheet: Sheet) -> int:
        """Its row's place top to bottom on the printed sheet: colour row ``r`` at ``2r``,
        a bonus row at ``2 * (row above) + 1``."""
        if self.kind == "bonus":
            return 2 * sheet.board.bonus_between[self.row][0] + 1
        return 2 * self.row


def options(sheet: Sheet, numbers: Sequence[int], colour: str | None = None) -> list[Option]:
    """Every legal move of the die sums ``numbers`` (``colour``: white + that die) on
    ``sheet``: crosses, small boxes, bonus cells; with the white sum also swaps and lucky
    crosses."""
    b = sheet.board
    found = [Option(r, i) for r, i in sheet.legal_fields(numbers, colour)]
    if b.has_again or b.bonus_ids:
        found += [o for number in numbers for o in _boxes_and_cells(sheet, number, colour)]
    if colour is None and (sheet.layout.diamonds or sheet.layout.lucky):
        found += _white_only(sheet, numbers[0])
    return found


def _boxes_and_cells(sheet: Sheet, number: int, colour: str | None) -> list[Option]:
    """The small boxes (Nochmal) and bonus cells (Big Points) of die sum ``number``."""
    b = sheet.board
    found = [Option(b.row_of[r], i, "again") for r, i in sheet.legal_again(number, colour)]
    found += [
        Option(b.bonus_ids.index(k), c, "bonus") for k, c in sheet.legal_bonus(number, colour)
    ]
    return found


def _white_only(sheet: Sheet, number: int) -> list[Option]:
    """The swaps and lucky crosses of the white sum ``number`` (RULES.md §4)."""
    found = []
    if sheet.layout.diamonds:
        found += [
            Option(sheet.board.row_of[m.row], m.index, "swap", m.diamond)
            for m in sheet.legal_swaps(number)
            if m.row is not None and m.index is not None and m.diamond is not None
        ]
    if number in sheet.layout.lucky:
        found += [Option(r, _last(sheet, r) + 1, "lucky") for r in sheet.lucky_rows()]
    return found


def colour_options(sheet: Sheet, roll: Dice) -> list[Option]:
    """Every legal white + colour move of ``roll`` on ``sheet`` (dice in play), link squares
    last (:func:`square_options`)."""
    found = [o for c in roll.colours for o in options(sheet, roll.sums(c), c)]
    return found + square_options(sheet, roll, True) if any(sheet.board.squares) else found


def square_options(sheet: Sheet, roll: Dice, colour: bool) -> list[Option]:
    """The link squares ``roll`` allows on ``sheet`` (Connect 15, RULES.md §7): with the
    white dice (action 1) or, ``colour``, the active player's coloured dice (action 2), as
    :mod:`qwixx_print.play.link_squares` says (a die closed at the table is out); each by
    its row and the field left of it."""
    b = sheet.board
    if not any(b.squares):
        return []
    in_play = {c: f for c, f in roll.colours.items() if c not in sheet.table_closed}
    moves = allowed_squares(b, sheet.legal_squares(), roll.white, in_play if colour else None)
    return [
        Option(b.row_of[m.row], m.index, "square") for m in moves if m.row and m.index is not None
    ]


def _last(sheet: Sheet, r: int) -> int:
    """The rightmost place crossed in row ``r`` as a field index: the last crossed field, or
    the field left of the last crossed link square (RULES.md §7); -1 for none."""
    s = sheet.state
    crossed, squares = s.crossed[r], s.squares[r]
    last = crossed[-1] if crossed else -1
    return max(last, squares[-1]) if squares else last


def _have(sheet: Sheet, r: int) -> int:
    """Crosses in row ``r`` as the score counts them, bonus rows left out: doubles count 2,
    small boxes 1, a lock field 2 with its lock (the board's ``weights``)."""
    s, weights = sheet.state, sheet.board.weights[r]
    return sum(weights[i] for i in s.crossed[r]) + len(s.again[r])


def _beside(sheet: Sheet, r: int) -> int:
    """Crosses of the bonus rows beside row ``r``, which score for it (Big Points, RULES.md
    §4)."""
    b, bonus = sheet.board, sheet.state.bonus
    squares = len(sheet.state.squares[r])  # RULES.md §7: they score, not toward the lock
    return squares + sum(len(bonus[k]) for k, pair in enumerate(b.bonus_between) if r in pair)


def _diamonds_skipped(sheet: Sheet, d: int) -> int:
    done = sheet.state.diamonds
    return d - (done[-1] if done else -1) - 1
