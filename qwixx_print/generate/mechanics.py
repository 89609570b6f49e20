"""The families of the sheets of RULES.md §4 and §7 and of Nochmal's small boxes (issue 25
item 6): fresh Big Points, Connected Chain, Connected Steps, X-Change, Longo, Connect 15,
Lucky 15 and Nochmal sheets, each a small function from a seeded
:class:`random.Random` and its shipped twin to a new layout, valid by construction
(docs/generate.md; RULES.md §4 "Invariants `validate` adds", §6 "The sheets of §4"):

- :func:`bonus_rows`: the two rows beside a bonus row keep one order of numbers between them
  (a bonus cell carries the number of both); the order is dealt within thirds of the row.
- :func:`chain`: every slip's pairs join two rows next to each other in one column, none on
  a lock field, pairs disjoint; the slips together use every allowed pair once.
- :func:`steps`: the framed fields form one staircase down and to the right, none on a lock
  field, as many as the twin's.
- :func:`diamonds`: the twin's diamond numbers paired anew, each diamond two different
  numbers, no pair twice.
- :func:`lucky_numbers`: each row's numbers before its lock fields permuted within thirds of
  them; the lock fields and the lucky draw stay.
- :func:`link_squares` (Connect 15, RULES.md §7): each row's link squares between new
  neighbouring fields before the lock field, never two side by side.
- :func:`value_track` (Lucky 15, RULES.md §7): a new trigger (its dice and total, about as
  likely a roll as the twin's) and a new track of rising values, scaled to the trigger.
- :func:`small_boxes` (Nochmal, RULES.md §2): the small boxes stay on every row; each row's
  numbers are dealt anew by swapping neighbours.

The layout's other settings (lock, scoring, penalties, dice, lucky draw) are the twin's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations, pairwise, product

from qwixx_print import rules
from qwixx_print.layout import Layout, Link, Row, Slip, ValueTrack

THIRDS = 3
"""Parts of a row whose numbers are shuffled among themselves (:func:`within_thirds`)."""

STEP_FIELDS = (1, 5)
"""Fewest and most framed fields of one row in a dealt staircase (:func:`steps`)."""


def within_thirds(rng: random.Random, numbers: Sequence[int], kept: int) -> list[int]:
    """``numbers`` with the last ``kept`` in place and the others cut into three parts as
    even as possible, each part shuffled among itself: every number stays in its third of
    the row. Reason (docs/generate.md): on Big Points and Longo a row shuffled throughout
    scores 20 % and 13 % more than the twin (4 gap-2 bots, 2,000 games), far beyond (a)'s
    5 %; within thirds, a third (Big Points) and all (Longo) of the candidates pass."""
    inner, tail = list(numbers[: len(numbers) - kept]), list(numbers[len(numbers) - kept :])
    n = len(inner)
    out: list[int] = []
    for part in range(THIRDS):
        chunk = inner[part * n // THIRDS : (part + 1) * n // THIRDS]
        out += rng.sample(chunk, len(chunk))
    return out + tail


def renumbered(row: Row, numbers: Sequence[int]) -> Row:
    """``row`` with its fields' numbers ``numbers`` (as many), colours and marks in place."""
    fields = tuple(replace(f, number=n) for f, n in zip(row.fields, numbers, strict=True))
    return replace(row, fields=fields)


def bonus_rows(rng: random.Random, twin: Layout) -> Layout:
    """Big Points: each pair of rows beside a bonus row holds one new order of numbers (the
    same in both rows, dealt :func:`within_thirds`, the last number kept); a row beside no
    bonus row gets an order of its own."""
    places = rules.bonus_places(twin)
    rows = list(twin.rows)
    done: set[int] = set()
    for bonus in twin.bonus_rows:
        pair = list(places[bonus.id])
        numbers = within_thirds(rng, [f.number for f in rows[pair[0]].fields], 1)
        for r in pair:
            rows[r] = renumbered(rows[r], numbers)
        done.update(pair)
    for r, row in enumerate(rows):
        if r not in done:
            rows[r] = renumbered(row, within_thirds(rng, [f.number for f in row.fields], 1))
    return replace(twin, rows=tuple(rows), doc=None)


Offsets = tuple[tuple[int, int], ...]
"""Per two rows next to each other, top first: the columns of their left and right pair
on the first slip, counted from the start of each half of the fields before the lock."""


@cache
def chain_offsets(half: int, rows: int) -> tuple[Offsets, ...]:
    """Every :data:`Offsets` of rows of ``2 * half`` fields before the lock whose ``half``
    slips (slip ``k``: each column ``k`` further on within its half, going round) keep the
    rule of slips B-E (RULES.md §4 Connected): on every slip, each row's pair ends lie in
    columns never next to each other. In a fixed order, so a seed deals the same; for
    Connected's rows of 10 fields before the lock, 100 of the 15,625."""

    def fine(offsets: Offsets) -> bool:
        for k in range(half):
            for r in range(rows):
                ends = sorted(
                    c
                    for p in (r - 1, r)
                    if 0 <= p < rows - 1
                    for c in ((offsets[p][0] + k) % half, half + (offsets[p][1] + k) % half)
                )
                if any(b - a <= 1 for a, b in pairwise(ends)):
                    return False
        return True

    pairs = [(left, right) for left in range(half) for right in range(half)]
    return tuple(o for o in product(pairs, repeat=rows - 1) if fine(o))


def chain(rng: random.Random, twin: Layout) -> Layout:
    """Connected Chain: as many slips as the twin's (at most half the fields before the
    lock), under its names. For every two rows next to each other each slip has one pair in
    one column of the left half and one in the right, none on a lock field; slip by slip
    the columns move on by one within their half, so the slips use every allowed pair once
    as the twin's do, and each row's pair ends lie in columns never next to each other
    (:func:`chain_offsets`). Which slip moves how far is dealt too; the sheet is the first
    slip's."""
    rows = twin.rows
    half = min(twin.lock_start(row) for row in rows) // 2
    offsets = rng.choice(chain_offsets(half, len(rows)))
    names = [s.name for s in twin.slips] or ["A"]
    moves = rng.sample(range(half), len(names))
    slips = []
    for name, k in zip(names, moves, strict=True):
        links: list[Link] = []
        for p, (left, right) in enumerate(offsets):
            for column in ((left + k) % half, half + (right + k) % half):
                links.append(((rows[p].id, column), (rows[p + 1].id, column)))
        slips.append(Slip(name, tuple(links)))
    return replace(twin, slips=tuple(slips), slip=slips[0].name, links=slips[0].links, doc=None)


def _step_lengths(total: int, rows: int) -> list[tuple[int, ...]]:
    """Every way to cut ``total`` framed fields into ``rows`` steps of
    :data:`STEP_FIELDS` fields each, in a fixed order (so a seed deals the same)."""
    low, high = STEP_FIELDS
    return [p for p in product(range(low, high + 1), repeat=rows) if sum(p) == total]


def steps(rng: random.Random, twin: Layout) -> Layout:
    """Connected Steps: the twin's number of framed fields as a new staircase, one step in
    every row (1 to 5 fields), each step starting in the column where the one above ended,
    the first at a column from which the last step ends before the lock fields."""
    total = len(rules.framed_fields(twin))
    lengths = rng.choice(_step_lengths(total, len(twin.rows)))
    span = total - len(twin.rows) + 1  # columns the staircase covers
    room = min(twin.lock_start(row) for row in twin.rows)
    column = rng.randrange(room - span + 1)
    framed: set[tuple[int, int]] = set()
    for r, length in enumerate(lengths):
        framed.update((r, column + k) for k in range(length))
        column += length - 1
    rows = tuple(
        replace(
            row,
            fields=tuple(replace(f, framed=(r, i) in framed) for i, f in enumerate(row.fields)),
        )
        for r, row in enumerate(twin.rows)
    )
    return replace(twin, rows=rows, doc=None)


def diamonds(rng: random.Random, twin: Layout) -> Layout:
    """X-Change: the twin's diamond numbers (3..11, each twice) paired anew in a new order,
    each diamond two different numbers, no pair twice."""
    numbers = [n for pair in twin.diamonds for n in pair]
    while True:  # ends: 45 % of deals pair every number with another, no pair twice
        rng.shuffle(numbers)
        pairs = [(numbers[k], numbers[k + 1]) for k in range(0, len(numbers), 2)]
        if all(a != b for a, b in pairs) and len({frozenset(p) for p in pairs}) == len(pairs):
            return replace(twin, diamonds=tuple(pairs), doc=None)


def lucky_numbers(rng: random.Random, twin: Layout) -> Layout:
    """Longo: each row's numbers before its lock fields in a new order, each within its
    third of the row (:func:`within_thirds`); the lock fields, the d8 range and the lucky
    draw (two per sheet, from the print's seed) stay."""
    rows = tuple(
        renumbered(row, within_thirds(rng, [f.number for f in row.fields], twin.lock_fields))
        for row in twin.rows
    )
    return replace(twin, rows=rows, doc=None)


def square_places(count: int, gaps: int) -> list[tuple[int, ...]]:
    """Every way to put ``count`` link squares in the first ``gaps`` places between
    neighbouring fields of a row (place ``i``: between fields ``i`` and ``i + 1``), no two
    side by side (places 2 or more apart, as on Connect 15), in a fixed order."""
    return [
        places
        for places in combinations(range(gaps), count)
        if all(b - a >= 2 for a, b in pairwise(places))
    ]


def link_squares(rng: random.Random, twin: Layout) -> Layout:
    """Connect 15 (RULES.md §7): each row's link squares, as many as the twin's row has,
    between new pairs of neighbouring fields before the lock field (Connect 15's squares
    stand between fields 0..9 of 11), never two side by side; the trigger (a 1 and a 5, the
    dice that may) stays. 35 placements a row of 3 squares, 35^4 sheets."""
    rows = tuple(
        replace(
            row,
            squares=tuple(
                (i, i + 1)
                for i in rng.choice(square_places(len(row.squares), twin.lock_start(row) - 1))
            ),
        )
        for row in twin.rows
    )
    return replace(twin, rows=rows, doc=None)


Trigger = tuple[int, int, int]
"""A value track's trigger as (white dice, coloured dice, total) (RULES.md §7 Lucky 15)."""

TRIGGER_BAND = (0.5, 1.6)
"""The chances a dealt trigger may have of being rolled, as shares of the twin's trigger's
(:func:`triggers`): Lucky 15's white + white + colour = 15 comes on 14.4 % of rolls; the band
holds the triggers from 7.2 % to 23.0 % (docs/generate.md)."""

TRACK_FIELDS = (3, 4, 5, 6)
"""How many fields a dealt value track may have (Lucky 15's has 4)."""

FIRST_VALUES = (3, 8)
"""Fewest and most points of a dealt track's first field before it is scaled to the
trigger's chance (Lucky 15's: 5)."""


STEP_GROWTH = 3
"""The most a dealt track's step from one field to the next grows over the step before
(Lucky 15's steps: 6, 7, 7)."""


def trigger_chance(trigger: Trigger, faces: int, colours: int) -> float:
    """The chance that one roll lets the active player cross a value track of ``trigger``
    while every colour is open: the two white dice and ``colours`` coloured dice of
    ``faces`` faces each, the total made by both white dice, either one or none, plus one
    coloured die when the trigger takes one (:func:`qwixx_print.rules.trigger_totals`'s
    rule). Exact: every face of the white dice, and for the coloured dice the chance that
    at least one shows a face that completes the total."""
    white, coloured, total = trigger
    each: int = faces**colours  # the coloured dice's outcomes for one throw of the whites
    hit = 0
    for w1 in range(1, faces + 1):
        for w2 in range(1, faces + 1):
            bases = {w1 + w2} if white == 2 else {w1, w2} if white == 1 else {0}
            if not coloured:
                hit += each * (total in bases)
                continue
            need = {total - b for b in bases if 1 <= total - b <= faces}
            missed: int = (faces - len(need)) ** colours
            hit += each - missed
    return hit / (faces * faces * each)


@cache
def triggers(twin: Trigger, faces: int, colours: int) -> tuple[tuple[Trigger, float], ...]:
    """Every trigger of two, one or no white dice and one or no coloured die (at least two
    dice in all) whose chance (:func:`trigger_chance`) is within :data:`TRIGGER_BAND` of
    ``twin``'s, with its chance, in a fixed order (so a seed deals the same). Each total is
    one the dice can throw, as ``validate`` asks (RULES.md §7 Invariants)."""
    low, high = (share * trigger_chance(twin, faces, colours) for share in TRIGGER_BAND)
    found = []
    for white, coloured in ((2, 1), (1, 1), (2, 0)):
        dice = white + coloured
        for total in range(dice, dice * faces + 1):
            chance = trigger_chance((white, coloured, total), faces, colours)
            if low <= chance <= high:
                found.append(((white, coloured, total), chance))
    return tuple(found)


def value_track(rng: random.Random, twin: Layout) -> Layout:
    """Lucky 15 (RULES.md §7): a new value track beside the twin's rows. Its trigger is
    dealt among :func:`triggers` (white + white + colour, white + colour or white + white,
    a total about as likely a roll as the twin's); its fields, :data:`TRACK_FIELDS` of them,
    rise as Lucky 15's do (a first value of :data:`FIRST_VALUES`, each step at least the one
    before and at most :data:`STEP_GROWTH` more), all scaled by how much rarer the trigger is
    than the twin's, so a rarer trigger pays more. The rows, the track's colour and the rest
    stay."""
    track = twin.value_track
    assert track is not None, "the value-track family's twin has a value track"
    faces, colours = twin.number_range[1] // 2, len(twin.dice)
    own = (track.white, track.coloured, track.total)
    (white, coloured, total), chance = rng.choice(triggers(own, faces, colours))
    scale = trigger_chance(own, faces, colours) / chance
    step = value = rng.randint(*FIRST_VALUES)
    raw = [value]
    for _ in range(rng.choice(TRACK_FIELDS) - 1):
        step += rng.randint(0, STEP_GROWTH)
        value += step
        raw.append(value)
    values: list[int] = []
    for v in raw:
        values.append(max(round(v * scale), values[-1] + 1 if values else 1))
    new = ValueTrack(tuple(values), track.colour, total, white, coloured)
    return replace(twin, value_track=new, doc=None)


def small_boxes(rng: random.Random, twin: Layout) -> Layout:
    """Nochmal (RULES.md §2): the twin's rows, each keeping its small boxes (Nochmal's: every
    row), with its numbers before the last dealt anew by neighbours swapped or not (fields 1
    and 2, 3 and 4, ... 9 and 10: 32 orders a row); the last number, the lock's, stays. The
    mechanic has nothing to place (a row has small boxes or not, and every row of the twin
    has them); numbers moved further, within thirds, score 3 to 11 % more than Nochmal and
    2 candidates in 40 passed (docs/generate.md)."""
    rows = []
    for row in twin.rows:
        numbers = [f.number for f in row.fields]
        for k in range(0, len(numbers) - 2, 2):
            if rng.random() < SWAP_CHANCE:
                numbers[k], numbers[k + 1] = numbers[k + 1], numbers[k]
        rows.append(renumbered(row, numbers))
    return replace(twin, rows=tuple(rows), doc=None)


SWAP_CHANCE = 0.5
"""The chance that :func:`small_boxes` swaps two neighbouring numbers."""
