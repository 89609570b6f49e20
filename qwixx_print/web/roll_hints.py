"""What the dice on a web table allow, for the page to outline: per player the fields and
bonus cells, the ones only the active player's coloured dice allow, the diamonds, the value
track's next field and the link squares, each as the engine says (the sheets' ``legal_*``,
:mod:`qwixx_print.play.link_squares`, :meth:`qwixx_print.play.Game.can_play`). The page
outlines them; the engine's table play does not check a tap against them (RULES.md §6).
"""

from __future__ import annotations

from typing import NamedTuple

from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play.link_squares import allowed_squares
from qwixx_print.web import drawing


class SheetHints(NamedTuple):
    """What the dice on the table allow on one player's sheet, for the drawing
    (:func:`qwixx_print.web.drawing.sheet_view`): the fields and bonus cells (``allowed``),
    those only the active player's coloured dice allow (``by_colour``), the ``diamonds``,
    the value ``track``'s verdicts (legal now, allowed by the dice) and the link
    ``squares``. Hashable: part of the key of a drawn sheet."""

    allowed: frozenset[tuple[str, int]]
    diamonds: frozenset[int]
    by_colour: frozenset[tuple[str, int]]
    track: tuple[bool, bool]
    squares: frozenset[tuple[str, int]]

    def view(self, sheet: Sheet) -> drawing.SheetView:
        """The engine's view of ``sheet`` with these hints, for the drawing."""
        return drawing.sheet_view(
            sheet,
            self.allowed,
            self.diamonds,
            self.by_colour,
            track=self.track,
            hinted_squares=self.squares,
        )


def table_hints(game: Game) -> dict[str, SheetHints]:
    """Per player, what the dice on the table allow on their sheet (:class:`SheetHints`)."""
    allowed, diamonds = hints(game), diamond_hints(game)
    by_colour, track, squares = frozenset(colour_hints(game)), track_hints(game), square_hints(game)
    return {
        name: SheetHints(
            frozenset(allowed[name]),
            diamonds[name],
            by_colour if name == game.active else frozenset(),
            track[name],
            squares[name],
        )
        for name in game.names
    }


def hints(game: Game) -> dict[str, set[tuple[str, int]]]:
    """Per player, the fields (and Big Points bonus cells, as (bonus row, column)) the dice
    on the table allow, as the engine says: the white sum for everyone, the active player's
    white + coloured sums too (``legal_crosses``, ``legal_bonus``)."""
    dice = game.dice
    if dice is None:
        return {name: set() for name in game.names}
    found = {
        name: {*sheet.legal_crosses(dice.white_sum), *sheet.legal_bonus(dice.white_sum)}
        for name, sheet in game.sheets.items()
    }
    found[game.active].update(colour_hints(game))
    return found


def colour_hints(game: Game) -> set[tuple[str, int]]:
    """The fields (and bonus cells) only the active player's white + coloured sums allow,
    not the white sum: outlined otherwise than the white sum's (docs/web.md)."""
    dice = game.dice
    if dice is None:
        return set()
    active = game.sheets[game.active]
    found = set()
    for colour in dice.colours:
        for number in dice.sums(colour):
            found.update(active.legal_crosses(number, colour))
            found.update(active.legal_bonus(number, colour))
    return found - {*active.legal_crosses(dice.white_sum), *active.legal_bonus(dice.white_sum)}


def track_hints(game: Game) -> dict[str, tuple[bool, bool]]:
    """Per player, the game's verdict on their value track's next field (Lucky 15,
    RULES-more.md §7): whether they may cross it now, and whether the dice on the table
    allow it (so it is outlined); (False, False) on a sheet without a track."""
    found = {}
    for name, sheet in game.sheets.items():
        legal = bool(sheet.board.track) and bool(
            game.can_play(name, Move("track", None, sheet.state.track))
        )
        found[name] = (legal, legal and game.dice is not None)
    return found


def diamond_hints(game: Game) -> dict[str, frozenset[int]]:
    """Per player, the X-Change diamonds the white sum on the table allows a swap with now,
    as the engine says (``legal_swaps``; RULES.md §4: the white sum is everyone's)."""
    dice = game.dice
    if dice is None or not game.layout.diamonds:
        return {name: frozenset() for name in game.names}
    return {
        name: frozenset(
            m.diamond for m in sheet.legal_swaps(dice.white_sum) if m.diamond is not None
        )
        for name, sheet in game.sheets.items()
    }


def square_hints(game: Game) -> dict[str, frozenset[tuple[str, int]]]:
    """Per player, the link squares the dice on the table allow now, as (row, index of the
    field left of it): two white dice for everyone, the active player's coloured dice too
    (Connect 15, RULES.md §7; the rule is :mod:`qwixx_print.play.link_squares`)."""
    dice = game.dice
    if dice is None or not any(row.squares for row in game.layout.rows):
        return {name: frozenset() for name in game.names}
    found = {}
    for name, sheet in game.sheets.items():
        legal = sheet.legal_squares()
        moves = allowed_squares(sheet.board, legal, dice.white, None)
        if name == game.active:
            in_play = {c: f for c, f in dice.colours.items() if c in game.dice_in_play()}
            moves += allowed_squares(sheet.board, legal, dice.white, in_play)
        found[name] = frozenset((m.row or "", m.index or 0) for m in moves)
    return found
