"""The refusals: one function per mechanic, the words of its rule written once, asked by
scoring (:mod:`qwixx_print.rules.score`, a filled-in sheet: the mark is *given*) and by play
(:mod:`qwixx_print.play.sheet`, a move: the mark is *asked for*). Each returns ``None`` when
the rule holds, else the rule it breaks as one line without player or row, for the caller to
raise or to show. Rules: RULES.md §1 Locking, §2 Nochmal, RULES-more.md §4 (Big Points,
Connected, X-Change, Longo), RULES.md §7 (Connect 15), RULES-more.md §7 (Lucky 15). No
drawing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from qwixx_print.errors import did_you_mean, named
from qwixx_print.layout import BonusRow, Layout, Row, ValueTrack


def lock_refusal(layout: Layout, row: Row, before: int, number: int | None = None) -> str | None:
    """``None`` when a lock field of ``row`` (its last field, or the one holding ``number``)
    may be crossed with ``before`` crosses before the lock fields, else the rule it breaks as
    one line (RULES.md §1 Locking: at least ``lock_threshold`` crosses before; seeds 000, 001,
    003; §4 Longo). Shared by scoring and play."""
    if before >= layout.lock_threshold:
        return None
    shown = row.last.number if number is None else number
    there = "there is 1" if before == 1 else f"there are {before}"
    return f"the {shown} locks the row only after {layout.lock_threshold} crosses; {there}"


def unknown_row_refusal(layout: Layout, row_id: str, ids: Sequence[str]) -> str:
    """The refusal of a row ``row_id`` that ``layout`` lacks, ``ids`` being the rows that
    may be named: the closest of them (:func:`qwixx_print.errors.did_you_mean`, as for an
    unknown key or layout) and all of them, and a letter outside the Latin script that
    looks like one. Asked by scoring (a marks file's row) and by play (a move's row)."""
    odd = next((c for c in row_id if not c.isascii()), None)
    why = f": {named(odd)} is not a Latin letter" if odd and odd.isalpha() else ""
    hint = did_you_mean(row_id, ids)
    return f"the layout {layout.name} has no row '{row_id}' ({hint}rows: {', '.join(ids)}){why}"


NOT_A_CROSS = ("penalty", "concede", "finish")
"""The moves that cross nothing for the penalty rule (a penalty box, a colour closed by
another player, the end by hand)."""


def penalty_refusal(
    name: str,
    active: str,
    made: Sequence[str],
    asked: str = "penalty",
    over: str | None = None,
) -> str | None:
    """``None`` when the penalty rule lets ``name`` make a move of the kind ``asked`` in
    table play, ``active`` being the active player, ``made`` the log lines of ``name``'s
    moves this turn (``cross red 5``) and ``over`` why the game is over (``None`` while it
    goes on), else the rule it breaks as one line. RULES.md §1 Penalties: the active player
    takes a penalty when they crossed nothing in either action of the turn, so a penalty
    and a cross of theirs never share a turn, whichever comes first (RULES.md §6 Table
    play): a penalty after a cross, a second penalty and a cross after a penalty are
    refused (an undone move no longer counts). RULES.md §1 End: the game ends at once, so
    no penalty is taken once it is over, even by a player whose sheet still takes this
    roll's crosses (§6 Table play: the others' sheets close when the dice pass on). A move
    that crosses nothing (:data:`NOT_A_CROSS`) and the crosses of the other players are
    not its business."""
    if asked == "penalty" and over is not None:
        return f"the game is over ({over}): no penalty is taken after the end"
    if asked != "penalty":
        if name == active and asked not in NOT_A_CROSS and "penalty" in made:
            return (
                "you took a penalty this turn: a penalty is only for a turn with nothing "
                "crossed, so you cross nothing more this turn (undo the penalty to cross)"
            )
        return None
    if name != active:
        return f"only the active player ({active}) takes a penalty, when they cross nothing"
    if "penalty" in made:
        return "a penalty box is crossed once a turn: you crossed one this turn already"
    crossed = [line for line in made if line.split(" ", 1)[0] not in NOT_A_CROSS]
    if crossed:
        return (
            f"you crossed something this turn ({crossed[0]}): a penalty is only for a turn "
            "with nothing crossed"
        )
    return None


def crossed_refusal(number: int, small_box: bool = False) -> str:
    """The rule a cross asked for on a crossed field breaks (RULES.md §1: a field is crossed
    once), ``number`` being the field's; with ``small_box`` the small box under it is
    crossed too (Nochmal, RULES.md §2), and the words name both: a second tap on a small box
    lands on its field (a crossed box takes no tap of its own), and a tap on either is
    refused alike. Asked by play for a field (:meth:`Legality._cross_refusal
    <qwixx_print.play.legality.Legality._cross_refusal>`) and for a small box
    (:func:`small_box_refusal`)."""
    if small_box:
        return f"the {number} and the small box under it are crossed already"
    return f"the {number} is crossed already"


def small_box_refusal(
    row: Row,
    index: int,
    crossed: Collection[int],
    again: Collection[int] = (),
    closed: str | None = None,
    latest: int | None = None,
) -> str | None:
    """``None`` when the small box under field ``index`` (0-based) of ``row`` may be crossed,
    ``crossed`` holding the row's crossed fields and ``again`` its crossed small boxes, else
    the rule it breaks (RULES.md §2 Nochmal): the row has small boxes, the last field has
    none, a small box goes under a crossed field. For a move (play), ``latest`` is the row's
    most recent cross (-1: none) and three more hold: the row is open (``closed``: why it is
    not), the box is free, and its field is the most recent cross. Scoring (``latest``
    ``None``) says the box is given; play says it is asked for."""
    move = latest is not None
    number = row.fields[index].number
    if not row.again:
        given = "" if move else f", but one under {number} is given"
        return f"this row has no small boxes{given}"
    if index == len(row.fields) - 1:
        return f"the last field ({number}) has no small box"
    if closed is not None:
        return closed
    if index not in crossed:
        if not move:
            return f"the small box under {number} is crossed, but the {number} is not"
        return f"the small box under {number} needs the {number} crossed, and it is not"
    if latest is None:
        return None
    if index in again:
        return crossed_refusal(number, small_box=True)
    if index != latest:
        return (
            f"the small box under {number} may be crossed only while the {number} is "
            f"your most recent cross in the row (it is the {row.fields[latest].number})"
        )
    return None


def bonus_cell_refusal(
    bonus: BonusRow,
    numbers: Sequence[int],
    column: int,
    beside: bool,
    cells: Sequence[int] | None = None,
) -> str | None:
    """``None`` when cell ``column`` of the bonus row ``bonus`` (``numbers``: its cells'
    numbers, those of the rows beside it) may be crossed, else the rule it breaks (Big
    Points, RULES-more.md §4): its column crossed in a row beside it (``beside``); for a move
    (``cells``: the bonus row's crossed columns, left to right) also free and right of the
    last bonus cross. Shared by scoring and play."""
    n = numbers[column]
    if cells is not None:
        if column in cells:
            return f"the bonus cell {n} is crossed already"
        if cells and column < cells[-1]:
            return f"the bonus cell {n} is left of your last bonus cross ({numbers[cells[-1]]})"
    if not beside:
        upper, lower = bonus.between
        return f"the bonus cell {n} needs the {n} crossed in {upper} or in {lower}"
    return None


def link_refusal(number: int, other_row: str, other_number: int) -> str:
    """The rule a link crossed at one end only breaks: the ``number`` crossed is linked to
    ``other_number`` of ``other_row``, which is not (Connected Chain, RULES-more.md §4:
    crossing one end crosses the other at once, always). Scoring refuses it; play never
    meets it, as it crosses the other end with the first (:meth:`Sheet._add_cross`)."""
    return (
        f"the {number} is linked to {other_row} {other_number}, which is not crossed: "
        "crossing one end crosses the other"
    )


def diamond_refusal(
    diamonds: Sequence[tuple[int, int]],
    d: int,
    number: int | None,
    done: Sequence[int] | None = None,
) -> str | None:
    """``None`` when diamond ``d`` of ``diamonds`` (their number pairs, left to right) may
    be crossed with a field of ``number``, else the rule it breaks (X-Change, RULES-more.md
    §4): a diamond is crossed together with a field of one of its two numbers. For a move
    (play), ``done`` holds the diamonds crossed so far, in order, and two more hold: each
    diamond once, left to right; ``number`` is the field's (``None``: not known yet). On a
    filled-in sheet (scoring, ``done`` ``None``), ``number`` is the crossed field left for
    the diamond, ``None`` when there is none."""
    pair = diamonds[d]
    a, b = pair
    if done is None:
        if number in pair:
            return None
        return (
            f"the diamond {a}/{b} is crossed, but no crossed {a} or {b} is left for it "
            "(a diamond is crossed with a field of its other number)"
        )
    if d in done:
        return f"the diamond {a}/{b} is crossed already"
    if done and d < done[-1]:
        c, e = diamonds[done[-1]]
        return f"the diamond {a}/{b} is left of your last diamond ({c}/{e})"
    if number is None or number in pair:
        return None
    return f"the diamond {a}/{b} swaps {a} and {b}, not the {number}"


def lucky_refusal(row: str, allowed: Sequence[str]) -> str | None:
    """``None`` when a lucky cross may go to ``row``, the rows it may go to now being
    ``allowed``, else the rule it breaks (Longo, RULES-more.md §4): a lucky cross goes to the
    next free field of an open row with the fewest crosses. Asked by play; on a filled-in
    sheet a lucky cross is a cross like any other."""
    if row in allowed:
        return None
    if not allowed:
        return f"{row}: no row can take a lucky cross"
    names = ", ".join(allowed)
    return (
        f"{row}: a lucky cross goes to the next free field of an open row with the "
        f"fewest crosses ({names})"
    )


def track_refusal(
    track: ValueTrack,
    crossed: Sequence[int],
    field: int | None = None,
    totals: Sequence[int] | None = None,
) -> str | None:
    """``None`` when the value track ``track`` may hold its crossed fields ``crossed``
    (0-based, left to right), else the rule it breaks (Lucky 15, RULES-more.md §7: the track
    is crossed left to right, a field once). For a move (play), ``field`` is the track
    field asked for and two more hold: it is the next free one, and the roll's ``totals``
    (the trigger's dice sums this roll shows; ``None``: the dice are not known, table
    play) hold the trigger's total. Asked by scoring and marks (``field`` ``None``) and by
    play."""
    values = track.values
    for k, f in enumerate(sorted(crossed)):
        if f != k:
            return (
                f"the track field {values[f]} is crossed, but {values[k]} left of it is not "
                "(a value track is crossed left to right)"
            )
    if field is None:
        return None
    if field in crossed:
        return f"the track field {values[field]} is crossed already"
    if len(crossed) >= len(values):
        return f"the value track is full ({values[-1]} crossed)"
    if field != len(crossed):
        return (
            f"the track field {values[field]} is not the next one ({values[len(crossed)]}): "
            "a value track is crossed left to right"
        )
    if totals is None or track.total in totals:
        return None
    shown = " or ".join(map(str, sorted(set(totals)))) or "nothing"
    return (
        f"the value track takes a total of {track.total} of {_trigger_dice(track)}; "
        f"this roll makes {shown}"
    )


def _trigger_dice(track: ValueTrack) -> str:
    """``2 white dice and 1 coloured die of an open colour``: the dice a track's total sums."""
    parts = []
    if track.white:
        parts.append(f"{track.white} white {'die' if track.white == 1 else 'dice'}")
    if track.coloured:
        parts.append("1 coloured die of an open colour")
    return " and ".join(parts)


def trigger_totals(
    track: ValueTrack, white: Sequence[int], colours: Sequence[int]
) -> tuple[int, ...]:
    """The totals a roll makes for ``track``'s trigger (RULES-more.md §7): the sum of its
    white dice (both faces of ``white`` when it takes two, either when it takes one) plus,
    when it takes a coloured die, each face of ``colours`` (the dice of open colours)."""
    whites = (sum(white),) if track.white == 2 else tuple(white) if track.white else (0,)
    if not track.coloured:
        return tuple(sorted(set(whites)))
    return tuple(sorted({w + c for w in whites for c in colours}))


def square_name(row: Row, left: int) -> str:
    """A link square as a player reads it: the numbers it stands between (``3-4``; RULES.md
    §7), ``left`` being the 0-based index of the field left of it."""
    right = row.fields[left + 1].number if left + 1 < len(row.fields) else "?"
    return f"{row.fields[left].number}-{right}"


def square_refusal(
    row: Row,
    left: int,
    right: int | None = None,
    crossed: Sequence[int] | None = None,
    squares: Collection[int] = (),
    closed: str | None = None,
) -> str | None:
    """``None`` when the link square between fields ``left`` and ``right`` (0-based; by
    default the field after ``left``) of ``row`` may be crossed, else the rule it breaks
    (Connect 15, RULES.md §7): the row has a link square there. For a move (play,
    ``crossed`` the row's crossed fields and ``squares`` its crossed squares, each by the
    field left of it) three more hold: the row is open (``closed``: why it is not), the
    square is free, and nothing right of it is crossed (fields and squares form one
    left-to-right order). On a filled-in sheet (scoring, ``crossed`` ``None``) the order
    cannot be told, so the square is only looked for."""
    right = left + 1 if right is None else right
    if (left, right) not in row.squares:
        a = row.fields[left].number
        b = row.fields[right].number if right < len(row.fields) else "?"
        if not row.squares:
            return f"this row has no link squares, but one between {a} and {b} is given"
        names = ", ".join(square_name(row, i) for i, _ in sorted(row.squares))
        return f"there is no link square between {a} and {b} (link squares: {names})"
    if crossed is None:
        return None
    if closed is not None:
        return closed
    name = square_name(row, left)
    if left in squares:
        return f"the link square {name} is crossed already"
    last = max(crossed, default=-1)
    beyond = max(squares, default=-1)
    if last > left or beyond > left:
        shown = (
            f"the link square {square_name(row, beyond)}"
            if beyond >= last
            else str(row.fields[last].number)
        )
        return f"the link square {name} is left of your last cross ({shown})"
    return None


def square_dice_refusal(
    faces: tuple[int, int], shown: Sequence[tuple[int, int]], dice: str
) -> str | None:
    """``None`` when one of the pairs of dice ``shown`` (the pairs the player may use) shows
    the faces ``faces`` that cross a link square (Connect 15, RULES.md §7: a 1 and a 5), else
    the rule it breaks; ``dice`` names the pairs (``the white dice``, ``white + red``).
    Asked by play: a filled-in sheet shows no dice."""
    if any(sorted(pair) == sorted(faces) for pair in shown):
        return None
    a, b = faces
    pairs = " or ".join(f"{x} and {y}" for x, y in shown)
    return f"a link square needs two dice showing {a} and {b}; {dice} show {pairs}"
