"""The bots, played through the reference engine :class:`qwixx_print.play.Game`.

This is the specification the compiled kernel (:mod:`qwixx_print.sim.kernel`) mirrors; a test
plays the same seeded games through both and compares every cross and every score. The
engine decides what is legal (``legal_crosses``, ``legal_again``); the bots only choose.

**gap-k** (issue 13, exactly): ``skips`` of a legal cross = the fields it jumps over (a small
box jumps none; a double counts as one field). (1) A legal cross of a row's last field is
always taken (skips -1). (2) White sum, every player: the legal cross with the fewest skips if
that is <= k; ties to the row with more crosses, then the upper row, then a field before a
small box; otherwise pass. (3) The active player: if (2) gives nothing and none of the white +
colour sums gives a cross with skips <= k, take the white cross if it has skips <= k+1.
(4) Action 2, after (2)'s cross: the best white + colour option in the same order with skips
<= k, or <= k+1 if nothing was crossed yet this turn. (5) The engine crosses a penalty when
both actions crossed nothing.

**strong** (our design, docs/simulate.md): each legal cross gets a value, the points it adds
to its row (by the score table) less what it costs: every field it skips, weighted by how
often two dice make its number and by what a cross in that row is worth
(:data:`~qwixx_print.sim.strategy.SKIP_WEIGHT`), and a fixed cost when the row can no longer
reach its lock. A lock is always taken. The best cross is taken when worth more than
:data:`~qwixx_print.sim.strategy.TAKE_ABOVE`; the active player passes on the white sum when a
colour option is worth taking, and, facing a penalty, takes the better of both if worth more
than ``-PENALTY_RELIEF``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from qwixx_print import rules
from qwixx_print.layout import Layout
from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play.game import Dice
from qwixx_print.sim import dice, strategy
from qwixx_print.sim.strategy import STRONG

NONE = 1 << 40
"""Key of "no legal cross" (as in the kernel)."""


class Option(NamedTuple):
    """A legal cross: row place (0-based), ``field`` index, and whether it is the small box
    under that field."""

    row: int
    field: int
    again: bool

    def move(self, sheet: Sheet) -> Move:
        """The engine's move for this option."""
        return Move("again" if self.again else "cross", sheet.board.ids[self.row], self.field)


def options(sheet: Sheet, number: int, colour: str | None = None) -> list[Option]:
    """Every legal cross of die sum ``number`` (``colour``: white + that die) on ``sheet``."""
    row_of = sheet.board.row_of
    found = [Option(row_of[r], i, False) for r, i in sheet.legal_crosses(number, colour)]
    if sheet.board.has_again:
        found += [Option(row_of[r], i, True) for r, i in sheet.legal_again(number, colour)]
    return found


def colour_options(sheet: Sheet, roll: Dice) -> list[Option]:
    """Every legal white + colour cross of ``roll`` on ``sheet`` (dice in play)."""
    return [o for c in roll.colours for n in roll.sums(c) for o in options(sheet, n, c)]


def _last(sheet: Sheet, r: int) -> int:
    crossed = sheet.state.crossed[r]
    return crossed[-1] if crossed else -1


def _have(sheet: Sheet, r: int) -> int:
    """Crosses in open row ``r`` (its last field not crossed): doubles count 2, small boxes 1
    (as :func:`qwixx_print.rules.crosses_before_lock` counts them)."""
    s, doubles = sheet.state, sheet.board.doubles[r]
    return len(s.crossed[r]) + sum(doubles[i] for i in s.crossed[r]) + len(s.again[r])


def gap_key(sheet: Sheet, o: Option) -> int:
    """The gap-k order of an option, smaller first: fewest skips (a last field -1, a small
    box 0), more crosses in the row, the upper row, a field before a small box."""
    if o.again:
        skips = 0
    elif o.field == sheet.board.lasts[o.row]:
        skips = -1
    else:
        skips = o.field - _last(sheet, o.row) - 1
    return ((skips + 1) * 10000 + (100 - _have(sheet, o.row)) * 10 + o.row) * 2 + int(o.again)


def skips(key: int) -> int:
    """The skips of a :func:`gap_key`."""
    return key // 20000 - 1


def _gap_best(sheet: Sheet, found: Sequence[Option]) -> tuple[int, Option | None]:
    if not found:
        return NONE, None
    return min((gap_key(sheet, o), o) for o in found)


def strong_value(sheet: Sheet, o: Option) -> float:
    """The strong bot's value of an option (see the module docstring)."""
    layout, r = sheet.layout, o.row
    row = layout.rows[r]
    n, q, have = len(row.fields), _last(sheet, r), _have(sheet, r)
    if o.field == n - 1 and not o.again:
        return strategy.LOCK_VALUE
    points = (0, *rules.score_table(layout))
    top = len(points) - 1
    add = 1 if o.again else 1 + int(row.fields[o.field].double)
    gain = points[min(have + add, top)] - points[min(have, top)]
    skipped = 0
    lost_lock = 0
    if not o.again:
        again = int(row.again)
        if row.again and q >= 0 and q not in sheet.state.again[r]:
            skipped += strategy.ways(row.fields[q].number)
        for i in range(q + 1, o.field):
            f = row.fields[i]
            skipped += strategy.ways(f.number) * (1 + int(f.double) + again)
        reach = have + add
        for i in range(o.field + 1, n - 1):
            reach += 1 + int(row.fields[i].double) + again
        if have + add < layout.lock_threshold and reach < layout.lock_threshold:
            lost_lock = 1
    cost = (
        strategy.SKIP_WEIGHT * (have + strategy.SKIP_BASE) * skipped / 6.0
        + strategy.LOCK_LOST * lost_lock
    )
    return gain - cost


def _strong_best(sheet: Sheet, found: Sequence[Option]) -> tuple[float, Option | None]:
    if not found:
        return -1e300, None
    valued = [(strong_value(sheet, o), o) for o in found]
    value, best = min(valued, key=lambda vo: (-vo[0], vo[1].row, vo[1].again))
    return value, best


def white_choice(sheet: Sheet, roll: Dice, active: bool, code: int) -> Option | None:
    """A player's action-1 cross for the white sum of ``roll`` (``None``: pass); ``code``
    as in :data:`~qwixx_print.sim.strategy.STRATEGIES`."""
    found = options(sheet, roll.white_sum)
    if code == STRONG:
        value, best = _strong_best(sheet, found)
        if best is None or value > strategy.TAKE_ABOVE or not active:
            return best if best is not None and value > strategy.TAKE_ABOVE else None
        cvalue, cbest = _strong_best(sheet, colour_options(sheet, roll))
        if cbest is not None and cvalue > strategy.TAKE_ABOVE:
            return None
        if value > -strategy.PENALTY_RELIEF and (cbest is None or value >= cvalue):
            return best
        return None
    key, choice = _gap_best(sheet, found)
    if choice is None:
        return None
    if skips(key) <= code:
        return choice
    if active and skips(key) <= code + 1:
        ckey, _ = _gap_best(sheet, colour_options(sheet, roll))
        if ckey == NONE or skips(ckey) > code:
            return choice
    return None


def colour_choice(sheet: Sheet, roll: Dice, code: int, crossed: bool) -> Option | None:
    """The active player's action-2 cross (``None``: pass); ``crossed``: whether they
    crossed in action 1."""
    found = colour_options(sheet, roll)
    if code == STRONG:
        value, best = _strong_best(sheet, found)
        limit = strategy.TAKE_ABOVE if crossed else -strategy.PENALTY_RELIEF
        return best if best is not None and value > limit else None
    key, choice = _gap_best(sheet, found)
    limit = code if crossed else code + 1
    return choice if choice is not None and skips(key) <= limit else None


class Played(NamedTuple):
    """One finished game, per seat: ``scores``, ``penalties``, ``crossed`` and ``again``
    (per row a bit mask of field indexes); ``rolls``, ``by_locks`` (else by penalties),
    ``locked`` (bit mask of the rows some player locked)."""

    scores: tuple[int, ...]
    penalties: tuple[int, ...]
    crossed: tuple[tuple[int, ...], ...]
    again: tuple[tuple[int, ...], ...]
    rolls: int
    by_locks: bool
    locked: int


def _mask(indexes: Sequence[int]) -> int:
    return sum(1 << i for i in indexes)


def seats(players: int) -> list[str]:
    """The names of the simulated players: ``seat1``, ``seat2``, ..."""
    return [f"seat{k + 1}" for k in range(players)]


def play(g: Game, codes: Sequence[int], rolls: Iterator[Sequence[int]]) -> Game:
    """Play ``g`` on with one strategy code per seat until it is over or ``rolls`` (faces:
    white, white, then one per colour of ``layout.dice``, closed ones included) run out.
    Each turn: a roll, action 1 for every player, and unless that ended the game, action 2
    of the active player (the engine adds the penalty)."""
    layout = g.layout
    while not g.over:
        faces = next(rolls, None)
        if faces is None:
            break
        in_play = set(g.dice_in_play())
        colours = {c: faces[2 + k] for k, c in enumerate(layout.dice) if c in in_play}
        roll = g.roll(white=(faces[0], faces[1]), colours=colours)
        moves: dict[str, Move | None] = {}
        for name, code in zip(g.names, codes, strict=True):
            sheet = g.sheets[name]
            choice = white_choice(sheet, roll, name == g.active, code)
            moves[name] = None if choice is None else choice.move(sheet)
        g.white(moves)
        if g.over:
            break
        sheet = g.sheets[g.active]
        choice = colour_choice(sheet, roll, codes[g.active_index], moves[g.active] is not None)
        g.colour(None if choice is None else choice.move(sheet))
    return g


def played(g: Game) -> Played:
    """The record of a finished game."""
    sheets = [g.sheets[name] for name in g.names]
    locked = 0
    for sheet in sheets:
        for row in sheet.locked:
            locked |= 1 << sheet.board.row_of[row]
    return Played(
        scores=tuple(sheet.score().total for sheet in sheets),
        penalties=tuple(sheet.penalties for sheet in sheets),
        crossed=tuple(tuple(_mask(c) for c in sheet.state.crossed) for sheet in sheets),
        again=tuple(tuple(_mask(a) for a in sheet.state.again) for sheet in sheets),
        rolls=g.rolls,
        by_locks=len(g.closed) >= sheets[0].board.end_at,
        locked=locked,
    )


def play_game(layout: Layout, codes: Sequence[int], seed: int, game: int) -> Played:
    """Play game number ``game`` of the run seeded ``seed`` through :class:`Game`, one
    strategy code per seat (seat 0 starts), with the dice of :mod:`qwixx_print.sim.dice`."""
    g = Game(layout, seats(len(codes)))
    return played(play(g, codes, dice.rolls(seed, game, len(layout.dice))))
