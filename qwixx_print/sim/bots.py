"""The bots' choices, asked of the reference engine :class:`qwixx_print.play.Game`.

This is the specification the compiled kernel (:mod:`qwixx_print.sim.kernel`) mirrors; a test
plays the same seeded games through both and compares every cross and every score. The
engine decides what is legal (``legal_crosses``, ``legal_again``, ``legal_bonus``,
``legal_swaps``, ``lucky_rows``; gathered by :mod:`qwixx_print.sim.bot_options`); the bots
only choose; :mod:`qwixx_print.sim.selfplay` plays whole games with them.

**gap-k** (issue 13, exactly): ``skips`` of a legal cross = the fields it jumps over (a small
box jumps none; a double counts as one field). (1) A legal cross of a row's lock field is
always taken (skips -1). (2) White sum, every player: the legal cross with the fewest skips if
that is <= k; ties to the row with more crosses, then the upper row, then a field before a
small box; otherwise pass. (3) The active player: if (2) gives nothing and none of the white +
colour sums gives a cross with skips <= k, take the white cross if it has skips <= k+1.
(4) Action 2, after (2)'s cross: the best white + colour option in the same order with skips
<= k, or <= k+1 if nothing was crossed yet this turn. (5) The engine crosses a penalty when
both actions crossed nothing. RULES.md §4 moves (docs/simulate.md): a bonus cell skips the
cells of its bonus row it jumps over; a diamond swap skips the fields of its row and the
diamonds it jumps over; a lucky cross skips none; on a tie a plain cross comes before a small
box, a lucky cross and a swap, in that order. RULES.md §7 link squares (Connect 15): a square
skips the fields between the row's last cross and it (fields and squares are one order, so
a cross after a square counts from the square), and comes after every other kind on a tie.

**strong** (our design, docs/simulate.md): each legal cross gets a value, the points it adds
to its row (by the score table) less what it costs: every field it skips, weighted by how
often two dice make its number and by what a cross in that row is worth
(:data:`~qwixx_print.sim.strategy.SKIP_WEIGHT`), and a fixed cost when the row can no longer
reach its lock. A lock is always taken. The best cross is taken when worth more than
:data:`~qwixx_print.sim.strategy.TAKE_ABOVE`; the active player passes on the white sum when a
colour option is worth taking, and, facing a penalty, takes the better of both if worth more
than ``-PENALTY_RELIEF``. A bonus cell adds its points to both rows beside it and costs the
cells it skips; a swap is worth its field's cross less
:data:`~qwixx_print.sim.strategy.DIAMOND_COST` per diamond used or skipped; a lucky cross is
worth the cross of the row's next free field. A link square adds one counted cross to its
row (not toward the lock) and costs the fields up to it, and the lock cost when the fields
right of it can no longer reach the lock: a cross's value with nothing added to the lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import NamedTuple

from qwixx_print.compiled import KEEP, Compiled
from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play.game import Dice
from qwixx_print.sim import strategy
from qwixx_print.sim.bot_options import (
    _TIE,
    Option,
    _beside,
    _diamonds_skipped,
    _have,
    _last,
    colour_options,
    options,
    square_options,
)
from qwixx_print.sim.strategy import STRONG

Tie = tuple[int, int, int, int]
"""The gap-k order among options with the same skips: fewer crosses first (negated), place
on the sheet, kind, diamond."""


def skips(sheet: Sheet, o: Option) -> int:
    """The skips of an option, the first of the gap-k order: the fields it jumps over,
    a lock field -1, a small box 0, a lucky cross 0 (the next free field), a swap adds the
    diamonds it jumps over, a bonus cell counts the cells of its bonus row."""
    kind = o.kind
    if kind == "bonus":
        cells = sheet.state.bonus[o.row]
        return o.field - (cells[-1] if cells else -1) - 1
    if kind == "again":
        return 0
    if kind == "square":  # the fields up to the field left of it (RULES.md §7)
        return o.field - _last(sheet, o.row)
    if o.field >= sheet.board.lock_starts[o.row]:
        return -1
    jumped = o.field - _last(sheet, o.row) - 1
    if kind == "swap":
        jumped += _diamonds_skipped(sheet, o.diamond)
    return jumped


def tie_key(sheet: Sheet, o: Option) -> Tie:
    """The gap-k order of options with the same :func:`skips`, smaller first: more crosses
    in the row (a bonus cell: in its bonus row), the upper row, then the kind
    (:data:`~qwixx_print.sim.bot_options.TIE_ORDER`)."""
    have = len(sheet.state.bonus[o.row]) if o.kind == "bonus" else _have(sheet, o.row)
    return (-have, o.place(sheet), _TIE[o.kind], o.diamond)


def _fewest(sheet: Sheet, found: Sequence[Option]) -> tuple[int | None, list[Option]]:
    """The fewest skips of ``found`` (``None``: no option) and the options that have them."""
    fewest, tied = None, []
    for o in found:
        n = skips(sheet, o)
        if fewest is None or n < fewest:
            fewest, tied = n, [o]
        elif n == fewest:
            tied.append(o)
    return fewest, tied


def _first(sheet: Sheet, tied: list[Option]) -> Option:
    """Of options tied on skips, the first in the gap-k order (:func:`tie_key`)."""
    return tied[0] if len(tied) == 1 else min(tied, key=lambda o: (tie_key(sheet, o), o))


def _gain(sheet: Sheet, r: int, have: int, add: int) -> int:
    """The points ``add`` more counted crosses bring to open row ``r`` holding ``have``
    crosses (:func:`_have`) and those of the bonus rows beside it (by the score table)."""
    points = sheet.board.points
    top, counted = len(points) - 1, have + _beside(sheet, r)
    return points[min(counted + add, top)] - points[min(counted, top)]


def _skip_cost(sheet: Sheet, have: int, skipped: int) -> float:
    """The cost of skipping fields whose sums come ``skipped`` ways (of faces**2 rolls), in a
    row holding ``have`` crosses."""
    return strategy.SKIP_WEIGHT * (have + strategy.SKIP_BASE) * skipped / sheet.board.faces


class _Rows(NamedTuple):
    """Per row of a board, running totals for :func:`strong_value` (per-layout facts): in
    ``skipped[r][k]`` the fields before field ``k``, each weighted by the ways two dice make
    its number and by the crosses it could hold (a double 2, its small box 1 more); in
    ``room[r][k]`` the crosses the fields from ``k`` to the lock could still hold."""

    skipped: tuple[tuple[int, ...], ...]
    room: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, board: Compiled) -> _Rows:
        """The running totals of ``board``."""
        skipped, room = [], []
        for r, start in enumerate(board.lock_starts):
            holds = [1 + double + board.again[r] for double in board.doubles[r]]
            weighted = [w * h for w, h in zip(board.ways[r], holds, strict=True)]
            skipped.append((0, *accumulate(weighted)))
            to_lock = list(accumulate(reversed(holds[:start])))[::-1]
            room.append((*to_lock, 0))
        return cls(tuple(skipped), tuple(room))


_ROWS: dict[int, tuple[Compiled, _Rows]] = {}
"""The :class:`_Rows` of the boards played last, by ``id`` of the board (kept with it, so no
other board takes that ``id`` meanwhile)."""


def _rows(board: Compiled) -> _Rows:
    """The :class:`_Rows` of ``board``, built once."""
    kept = _ROWS.get(id(board))
    if kept is None:
        if len(_ROWS) >= KEEP:
            _ROWS.clear()
        kept = _ROWS[id(board)] = (board, _Rows.of(board))
    return kept[1]


def strong_value(sheet: Sheet, o: Option) -> float:
    """The strong bot's value of an option (see the module docstring)."""
    layout = sheet.layout
    if o.kind == "bonus":
        upper, lower = sheet.board.bonus_between[o.row]
        ways, cells = sheet.board.ways[upper], sheet.state.bonus[o.row]
        start = cells[-1] + 1 if cells else 0
        skipped = sum(ways[c] for c in range(start, o.field))
        gain = _gain(sheet, upper, _have(sheet, upper), 1)
        gain += _gain(sheet, lower, _have(sheet, lower), 1)
        return gain - _skip_cost(sheet, len(cells), skipped)
    b, r = sheet.board, o.row
    start = b.lock_starts[r]
    square = o.kind == "square"
    if o.field >= start and not o.again:
        return strategy.LOCK_VALUE
    doubles, have = b.doubles[r], _have(sheet, r)
    add = 1 if o.again or square else 1 + doubles[o.field]
    gain = _gain(sheet, r, have, add)
    skipped = 0
    lost_lock = 0
    if not o.again:
        rows, q = _rows(b), _last(sheet, r)
        if b.again[r] and q >= 0 and q not in sheet.state.again[r]:
            skipped += b.ways[r][q]
        end = o.field + square  # a square jumps its left field too
        skipped += rows.skipped[r][end] - rows.skipped[r][q + 1]  # fields q+1 .. end-1
        toward = 0 if square else add  # a square adds nothing toward the lock (RULES.md §7)
        if have + toward < layout.lock_threshold:  # fields field+1 .. start-1 could still hold:
            lost_lock = int(have + toward + rows.room[r][o.field + 1] < layout.lock_threshold)
    value = gain - (_skip_cost(sheet, have, skipped) + strategy.LOCK_LOST * lost_lock)
    if o.kind == "swap":
        value -= strategy.DIAMOND_COST * (_diamonds_skipped(sheet, o.diamond) + 1)
    return value


def _strong_best(sheet: Sheet, found: Sequence[Option]) -> tuple[float, Option | None]:
    if not found:
        return -1e300, None
    valued = [(strong_value(sheet, o), o) for o in found]
    value, best = min(
        valued,
        key=lambda vo: (
            -vo[0],
            vo[1].place(sheet),
            _TIE[vo[1].kind],
            vo[1].diamond,
            vo[1].field,
        ),
    )
    return value, best


_LAST_COLOUR: list[tuple[tuple[object, ...], tuple[float, Option | None]] | None] = [None]
"""The last answer of :func:`_strong_colour` with what it was asked of, by identity."""


def _strong_colour(sheet: Sheet, roll: Dice) -> tuple[float, Option | None]:
    """The strong bot's best white + colour option of ``roll`` and its value. The active
    player asks before action 1 and again for action 2; when action 1 left their sheet as
    it was (a move makes a new state, a closed colour new closed colours, the end a new
    reason), the answer kept from the first time is given again."""
    asked = (sheet, sheet.state, sheet.closed, sheet.why_over, roll)
    last = _LAST_COLOUR[0]
    if last is not None and all(a is b for a, b in zip(asked, last[0], strict=True)):
        return last[1]
    answer = _strong_best(sheet, colour_options(sheet, roll))
    _LAST_COLOUR[0] = (asked, answer)
    return answer


def white_choice(sheet: Sheet, roll: Dice, active: bool, code: int) -> Option | None:
    """A player's action-1 move for the white sum of ``roll`` (``None``: pass); ``code``
    as in :data:`~qwixx_print.sim.strategy.STRATEGIES`."""
    found = options(sheet, (roll.white_sum,))
    if any(sheet.board.squares):
        found += square_options(sheet, roll, False)
    if code == STRONG:
        value, best = _strong_best(sheet, found)
        if best is None or value > strategy.TAKE_ABOVE or not active:
            return best if best is not None and value > strategy.TAKE_ABOVE else None
        cvalue, cbest = _strong_colour(sheet, roll)
        if cbest is not None and cvalue > strategy.TAKE_ABOVE:
            return None
        if value > -strategy.PENALTY_RELIEF and (cbest is None or value >= cvalue):
            return best
        return None
    fewest, tied = _fewest(sheet, found)
    if fewest is None:
        return None
    if fewest <= code:
        return _first(sheet, tied)
    if active and fewest <= code + 1:
        cfewest, _ = _fewest(sheet, colour_options(sheet, roll))
        if cfewest is None or cfewest > code:
            return _first(sheet, tied)
    return None


def colour_choice(sheet: Sheet, roll: Dice, code: int, crossed: bool) -> Option | None:
    """The active player's action-2 move (``None``: pass); ``crossed``: whether they
    crossed in action 1."""
    if code == STRONG:
        value, best = _strong_colour(sheet, roll)
        limit = strategy.TAKE_ABOVE if crossed else -strategy.PENALTY_RELIEF
        return best if best is not None and value > limit else None
    fewest, tied = _fewest(sheet, colour_options(sheet, roll))
    limit = code if crossed else code + 1
    return _first(sheet, tied) if fewest is not None and fewest <= limit else None


def track_choice(g: Game) -> Move | None:
    """The active player's value track cross when the roll allows it (Lucky 15,
    RULES-more.md §7), which every bot takes, instead of both actions (our decision, one
    rule for gap-k and strong alike): its next field adds 5 to 7 points at once, as much as
    two crosses add to a row holding one or two, and it skips no field of any row; ``None``
    when the sheet has no track or the roll does not allow it."""
    sheet = g.sheets[g.active]
    if not sheet.board.track:
        return None
    move = Move("track", None, sheet.state.track)
    return move if g.can_white(g.active, move) else None
