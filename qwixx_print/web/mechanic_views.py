"""What each mechanic adds to the web counter, in one place: what the dice on the table
allow (for the page to outline, :class:`SheetHints`), a sheet's marks and legal places in
the JSON API (:func:`marks_json`, :func:`legal_json`) and the page's buttons
(:func:`page_controls`). The rules are the engine's: the hints are its answers (the sheets'
``legal_*``, :mod:`qwixx_print.play.link_squares`, :meth:`qwixx_print.play.Game.can_play`),
and its table play checks a tap against the dice only where a mechanic's rule of the turn
says so (the value track; RULES.md §6). A new mechanic that the page outlines or the JSON
shows adds its part here; the counter's routes and the JSON API name none.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play.link_squares import allowed_squares
from qwixx_print.web import drawing


class SheetHints(NamedTuple):
    """What the dice on the table allow on one player's sheet, for the drawing
    (:func:`qwixx_print.web.drawing.sheet_view`): the fields and bonus cells (``allowed``),
    those only the active player's coloured dice allow (``by_colour``), the ``diamonds``,
    the value ``track``'s verdicts (legal now, allowed by the dice) and the link
    ``squares``, each a move the game allows the player now; and what the rules of the turn
    read for them besides their sheet (``turn``, :meth:`Game.turn_of
    <qwixx_print.play.Game.turn_of>`). Hashable: part of the key of a drawn sheet."""

    allowed: frozenset[tuple[str, int]]
    diamonds: frozenset[int]
    by_colour: frozenset[tuple[str, int]]
    track: tuple[bool, bool]
    squares: frozenset[tuple[str, int]]
    turn: Hashable

    def view(self, game: Game, name: str) -> drawing.SheetView:
        """The engine's view of ``name``'s sheet with these hints, for the drawing: every
        place tappable only where the game allows the move now (:meth:`Game.can_play
        <qwixx_print.play.Game.can_play>`, the rules of the turn included)."""
        return drawing.sheet_view(
            game.sheets[name],
            self.allowed,
            self.diamonds,
            self.by_colour,
            track=self.track,
            hinted_squares=self.squares,
            may=lambda move: game.can_play(name, move),
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
            game.turn_of(name),
        )
        for name in game.names
    }


def hints(game: Game) -> dict[str, set[tuple[str, int]]]:
    """Per player, the fields (and Big Points bonus cells, as (bonus row, column)) the dice
    on the table allow, as the engine says: the white sum for everyone, the active player's
    white + coloured sums too (``legal_crosses``, ``legal_bonus``), where the game allows
    the move now (:func:`allowed`)."""
    dice = game.dice
    if dice is None:
        return {name: set() for name in game.names}
    found = {
        name: allowed(
            game,
            name,
            sheet.legal_crosses(dice.white_sum),
            sheet.legal_bonus(dice.white_sum),
        )
        for name, sheet in game.sheets.items()
    }
    found[game.active].update(colour_hints(game))
    return found


def allowed(
    game: Game,
    name: str,
    fields: Sequence[tuple[str, int]],
    cells: Sequence[tuple[str, int]] = (),
) -> set[tuple[str, int]]:
    """Of the ``fields`` (row, index) and bonus ``cells`` (bonus row, column) that the
    dice allow on ``name``'s sheet, those the game allows now (:meth:`Game.can_play
    <qwixx_print.play.Game.can_play>`: e.g. nothing of the active player's after their
    penalty, RULES.md §6 Table play)."""
    return {
        at
        for kind, places in (("cross", fields), ("bonus", cells))
        for at in places
        if game.can_play(name, Move(kind, *at))
    }


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
            found.update(
                allowed(
                    game,
                    game.active,
                    active.legal_crosses(number, colour),
                    active.legal_bonus(number, colour),
                )
            )
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
            m.diamond
            for m in sheet.legal_swaps(dice.white_sum)
            if m.diamond is not None and game.can_play(name, m)
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
        found[name] = frozenset(
            (m.row or "", m.index or 0) for m in moves if game.can_play(name, m)
        )
    return found


def marks_json(sheet: Sheet, hinted: SheetHints) -> dict[str, Any]:
    """What each mechanic adds to a player's entry of the JSON API, where the layout has it
    (docs/web.md): ``again`` (small boxes crossed per row, always), ``bonus`` (columns
    crossed per bonus row), ``diamonds`` (crossed, 0-based), ``slip``, ``lucky`` (the
    player's lucky numbers), ``NAME_points`` for each part scored beside the rows
    (:data:`qwixx_print.rules.PARTS`: ``framed_points``, Steps); RULES-more.md §7: ``track``
    (the value track's crossed fields), ``track_points`` and ``dice_allow_track`` (the dice on
    the table make the track's total: the next field is outlined) (Lucky 15); RULES.md §7:
    ``squares`` (the crossed link squares per row, each by the field left of it) and
    ``dice_allow_squares`` (those the dice on the table allow, ``[row, index]``)."""
    layout = sheet.layout
    more: dict[str, Any] = {
        "again": {row.id: sorted(sheet.again_crossed(row.id)) for row in layout.rows}
    }
    if sheet.board.bonus_ids:
        more["bonus"] = {b: list(sheet.bonus_crossed(b)) for b in sheet.board.bonus_ids}
    if layout.diamonds:
        more["diamonds"] = list(sheet.state.diamonds)
    if layout.slip:
        more["slip"] = layout.slip
    if layout.lucky:
        more["lucky"] = list(layout.lucky)
    for name, part in sheet.score().parts.items():  # rules.PARTS the layout has
        if name == "track":
            more["track"] = part.crosses
        more[f"{name}_points"] = part.points
    if layout.value_track is not None:
        more["dice_allow_track"] = hinted.track[1]
    if any(sheet.board.squares):
        more["squares"] = {row.id: list(sheet.squares_crossed(row.id)) for row in layout.rows}
        more["dice_allow_squares"] = sorted([row, i] for row, i in hinted.squares)
    return more


def legal_json(sheet: Sheet, view: drawing.SheetView, hinted: SheetHints) -> dict[str, Any]:
    """What each mechanic adds to the own player's entry of the JSON API, where the layout
    has it: the places the engine allows now (``view``, the drawing's view of the sheet):
    ``legal_bonus`` (``[bonus row, column]``), ``legal_swaps`` (``[diamond, row, index]``),
    ``lucky_fields`` (``[row, index]``), ``legal_track`` (whether the value track's next
    field may be crossed now: the game's verdict, the SVG's ``data-legal``) and
    ``legal_squares`` (``[row, index]``)."""
    found: dict[str, Any] = {}
    if sheet.board.bonus_ids:
        found["legal_bonus"] = sorted([row, i] for row, i in view.legal_bonus)
    if sheet.layout.diamonds:
        found["legal_swaps"] = sorted(
            [d, row, i] for (row, i), swaps in view.swaps.items() for d in swaps
        )
    if sheet.layout.lucky:
        found["lucky_fields"] = sorted([row, i] for row, i in view.lucky)
    if sheet.layout.value_track is not None:
        found["legal_track"] = hinted.track[0]
    if any(sheet.board.squares):
        found["legal_squares"] = sorted([row, i] for row, i in view.legal_squares)
    return found


def page_controls(game: Game, own: str | None) -> dict[str, bool]:
    """The page's controls a mechanic adds for the player ``own`` (None: none): the
    "Lucky cross" button (``lucky``, enabled: ``can_lucky``, where the game allows a lucky
    cross now) and the swap help (``diamonds``)."""
    if own is None:
        return {"lucky": False, "can_lucky": False, "diamonds": False}
    sheet = game.sheets[own]
    return {
        "lucky": bool(sheet.layout.lucky),
        "can_lucky": any(game.can_play(own, Move("lucky", row)) for row, _ in sheet.lucky_fields()),
        "diamonds": bool(sheet.layout.diamonds),
    }
