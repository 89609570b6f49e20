"""Every kind of move, in one table: the one place that lists the mechanics of play.

:data:`KINDS` maps a move's name to its :class:`~qwixx_print.play.move_kind.MoveKind` (its
rule, effect, log line, dice and turn rules), in the order a roll's moves are offered and the
log's words are listed; :class:`Mechanics` gathers each mechanic's part of a sheet (its legal
options and the getters of its marks). The sheet, the game, the log and the web counter ask
these and name no mechanic. A new kind of move is a module like
:mod:`qwixx_print.play.link_squares` and a line in each of the two below (docs/play.md).
"""

from __future__ import annotations

from qwixx_print.play.bonus_cells import Bonus, BonusCells
from qwixx_print.play.classic_moves import Concede, Cross, Finish, Penalty
from qwixx_print.play.diamond_swaps import DiamondSwaps, Swap
from qwixx_print.play.link_squares import LinkSquares, Square
from qwixx_print.play.lucky_crosses import Lucky, LuckyCrosses
from qwixx_print.play.move_kind import MoveKind
from qwixx_print.play.small_boxes import Again, SmallBoxes
from qwixx_print.play.track import Track, TrackField

KINDS: dict[str, MoveKind] = {
    kind.name: kind
    for kind in (
        Cross(),
        Again(),
        Bonus(),
        Swap(),
        Lucky(),
        Track(),
        Square(),
        Penalty(),
        Concede(),
        Finish(),
    )
}
"""The kinds of move by name (RULES-more.md §5): a field, a Nochmal small box, a bonus cell
(Big Points), a diamond with its field (X-Change), a lucky cross (Longo), a value track
field (Lucky 15, RULES-more.md §7), a link square (Connect 15, RULES.md §7), a penalty box,
a colour closed by another player, the end by hand. A roll offers them in this order."""


class Mechanics(SmallBoxes, BonusCells, DiamondSwaps, LuckyCrosses, TrackField, LinkSquares):
    """Each mechanic's part of :class:`~qwixx_print.play.Sheet`: its legal options and the
    getters of its marks."""

    __slots__ = ()
