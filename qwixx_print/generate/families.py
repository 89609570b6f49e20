"""The families of generated sheets: each a small function that turns a seeded
:class:`random.Random` and its family's shipped sheet (the *twin*) into a new, valid layout
(RULES.md §2 and §3; docs/generate.md).

Every family keeps what RULES.md §3 asks by construction: numbers each once per row (a row's
numbers are only ever permuted), each colour owning the same number of fields on a mixed
sheet (colours are dealt as a Latin square or column by column), no mark on a last field
(marks go to the fields before it), each power on exactly two fields, as many bonus fields
as bonus bar fields. The layout's other settings (lock threshold, scoring, penalties, dice)
are the twin's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple

from qwixx_print.generate import mechanics
from qwixx_print.layout import Field, Layout, Row

Build = Callable[[random.Random, Layout], Layout]


class Family(NamedTuple):
    """A family: its ``twin`` (the shipped layout it is balanced against and takes its
    settings from) and its ``build`` function; ``titled``: its sheets are titled ``QWIXX ·
    FAMILY`` (else the twin's title: value-track's, whose trigger the header must print, and
    beside the family's name it has no room in four of five languages)."""

    twin: str
    build: Build
    titled: bool = True


def _latin_square(rng: random.Random, n: int) -> list[list[int]]:
    """A random ``n`` x ``n`` Latin square (each symbol once per row and column): the
    cyclic square with shuffled rows, columns and symbols."""
    rows, cols, symbols = (rng.sample(range(n), n) for _ in range(3))
    return [[symbols[(rows[r] + cols[c]) % n] for c in range(n)] for r in range(n)]


BLOCK_SIZES = ((2, 3, 3, 3), (2, 2, 3, 4))
"""The ways to cut a row of 11 fields into 4 colour blocks of 2 to 4 fields (Farbblöcke's
blocks are 2 to 4 fields long)."""


def block_colours(
    rng: random.Random, lengths: Sequence[int], dice: Sequence[str]
) -> list[list[str]]:
    """The colours of rows of ``lengths`` fields cut into one block per colour of ``dice``
    (Farbblöcke, Wirrwarr): every row holds every colour once as a block, every colour owns
    the same number of fields (block sizes dealt by a Latin square), and the last blocks of
    the rows are different colours, so each colour locks one row. Rows must be as many as
    ``dice`` and as long as each other; block sizes come from :data:`BLOCK_SIZES` for rows
    of 11 fields and 4 colours, else as even as the length allows."""
    n = len(dice)
    sizes = list(rng.choice(BLOCK_SIZES)) if (lengths[0], n) == (11, 4) else _even(lengths[0], n)
    rng.shuffle(sizes)
    square = _latin_square(rng, n)
    last = rng.sample(range(n), n)
    rows = []
    for r in range(n):
        order = [c for c in rng.sample(range(n), n) if c != last[r]] + [last[r]]
        rows.append([dice[c] for c in order for _ in range(sizes[square[r][c]])])
    return rows


def _even(length: int, parts: int) -> list[int]:
    """``length`` cut into ``parts`` sizes differing by at most one."""
    return [length // parts + (k < length % parts) for k in range(parts)]


def column_colours(
    rng: random.Random, rows: int, length: int, dice: Sequence[str]
) -> list[list[str]]:
    """Colours changing every field (Regenbogen): each column of the sheet holds every colour
    once, and the next column is the previous one deranged, so no field has a neighbour of
    its own colour; every colour owns ``length`` fields and locks one row. Needs as many rows
    as ``dice`` (at least 2)."""
    n = len(dice)
    column = rng.sample(range(n), n)
    columns = [column]
    for _ in range(length - 1):
        moved = _derangement(rng, n)
        column = [column[moved[r]] for r in range(n)]
        columns.append(column)
    return [[dice[columns[j][r]] for j in range(length)] for r in range(rows)]


def _derangement(rng: random.Random, n: int) -> list[int]:
    """A random permutation of ``range(n)`` that moves every element (n >= 2)."""
    while True:  # ends: over a third of permutations are derangements
        order = rng.sample(range(n), n)
        if all(order[k] != k for k in range(n)):
            return order


def _recoloured(
    twin: Layout, colours: Sequence[Sequence[str]], numbers: Sequence[Sequence[int]]
) -> Layout:
    rows = tuple(
        Row(
            row.id,
            tuple(Field(n, c) for n, c in zip(nums, cols, strict=True)),
            row.again,
        )
        for row, cols, nums in zip(twin.rows, colours, numbers, strict=True)
    )
    return replace(twin, rows=rows, doc=None)


def _numbers(twin: Layout) -> list[list[int]]:
    return [[f.number for f in row.fields] for row in twin.rows]


def _shuffled_numbers(rng: random.Random, twin: Layout) -> list[list[int]]:
    """Each row's numbers in a new order: a row whose numbers run in order (rising or
    falling) keeps each number within its third of the row and its lock fields' numbers
    (:func:`~qwixx_print.generate.mechanics.within_thirds`), any other row is shuffled
    throughout; the second row beside a bonus row takes the first one's (a bonus cell carries
    the number of both, RULES.md §4 Big Points). Why (docs/generate.md): rows in order
    shuffled throughout end games a third sooner, and not one candidate in 100 of X-Change
    passed."""
    below = {b.between[1]: b.between[0] for b in twin.bonus_rows}
    dealt: dict[str, list[int]] = {}
    for row, nums in zip(twin.rows, _numbers(twin), strict=True):
        above = below.get(row.id)
        if above in dealt:
            dealt[row.id] = list(dealt[above])
        elif row.in_order:
            dealt[row.id] = mechanics.within_thirds(rng, nums, twin.lock_fields)
        else:
            dealt[row.id] = rng.sample(nums, len(nums))
    return [dealt[row.id] for row in twin.rows]


def _numbers_keeping_ends(rng: random.Random, twin: Layout) -> list[list[int]]:
    """Each row's numbers in a new order, ending in one of the twin's last numbers (dealt
    among the rows): how rare the lock's sum is shapes a mixed-numbers sheet most."""
    lasts = rng.sample([row.last.number for row in twin.rows], len(twin.rows))
    rows = []
    for nums, last in zip(_numbers(twin), lasts, strict=True):
        if last not in nums:  # a row of other numbers than the twin's: keep its own end
            last = nums[-1]
        inner = [n for n in nums if n != last]
        rows.append([*rng.sample(inner, len(inner)), last])
    return rows


def _lengths(twin: Layout) -> list[int]:
    return [len(row.fields) for row in twin.rows]


def mixed_colours(rng: random.Random, twin: Layout) -> Layout:
    """Farbblöcke's numbers (2..12 in the top rows, 12..2 below) in new colour blocks."""
    return _recoloured(twin, block_colours(rng, _lengths(twin), twin.dice), _numbers(twin))


def chaos(rng: random.Random, twin: Layout) -> Layout:
    """Wirrwarr: every row's numbers in a new order and colour blocks."""
    colours = block_colours(rng, _lengths(twin), twin.dice)
    return _recoloured(twin, colours, _numbers_keeping_ends(rng, twin))


def rainbow(rng: random.Random, twin: Layout) -> Layout:
    """Regenbogen's numbers, a colour per field changing every field."""
    colours = column_colours(rng, len(twin.rows), _lengths(twin)[0], twin.dice)
    return _recoloured(twin, colours, _numbers(twin))


def mixed_numbers(rng: random.Random, twin: Layout) -> Layout:
    """Durcheinander: one colour per row, every row's numbers in a new order."""
    return _renumbered(twin, _numbers_keeping_ends(rng, twin))


def shuffle_numbers(rng: random.Random, source: Layout) -> Layout:
    """``source`` with each row's numbers permuted; colours and marks stay on their places."""
    return _renumbered(source, _shuffled_numbers(rng, source))


def _renumbered(source: Layout, numbers: Sequence[Sequence[int]]) -> Layout:
    rows = tuple(
        mechanics.renumbered(row, nums) for row, nums in zip(source.rows, numbers, strict=True)
    )
    return replace(source, rows=rows, doc=None)


def shuffle_marks(rng: random.Random, source: Layout, powers_across: bool = False) -> Layout:
    """``source`` with each row's marked fields (double, bonus, power) moved to other fields
    before its last, the bonus bar in a new order; with ``powers_across`` every power's two
    fields go to two different rows chosen afresh (Kräfte)."""
    marks = [[_mark(f) for f in row.fields[:-1] if _mark(f) != _PLAIN] for row in source.rows]
    if powers_across:
        marks = [[m for m in row if m[2] is None] for row in marks]
        for power in dict.fromkeys(f.power for row in source.rows for f in row.fields if f.power):
            for r in rng.sample(_rows_with_room(source, marks), 2):
                marks[r].append((False, False, power))
    rows = []
    for row, row_marks in zip(source.rows, marks, strict=True):
        places = rng.sample(range(len(row.fields) - 1), len(row_marks))
        placed = dict(zip(places, row_marks, strict=True))
        fields = tuple(
            replace(f, double=m[0], bonus=m[1], power=m[2])
            for j, f in enumerate(row.fields)
            for m in [placed.get(j, _PLAIN)]
        )
        rows.append(replace(row, fields=fields))
    bar = tuple(rng.sample(source.bonus_bar, len(source.bonus_bar)))
    return replace(source, rows=tuple(rows), bonus_bar=bar, doc=None)


Mark = tuple[bool, bool, "str | None"]
_PLAIN: Mark = (False, False, None)


def _mark(f: Field) -> Mark:
    return (f.double, f.bonus, f.power)


def _rows_with_room(source: Layout, marks: Sequence[Sequence[Mark]]) -> list[int]:
    return [r for r, row in enumerate(source.rows) if len(marks[r]) < len(row.fields) - 1]


def shuffle_colours(rng: random.Random, source: Layout) -> Layout:
    """``source`` with the colours of the fields before the last dealt anew over the whole
    sheet, and the rows' last fields' colours dealt among the rows: each colour keeps its
    number of fields (and of locks). Callers check first that the result can be valid
    (:func:`colour_problem`)."""
    inner = [f.colour for row in source.rows for f in row.fields[:-1]]
    rng.shuffle(inner)
    last = rng.sample([row.last.colour for row in source.rows], len(source.rows))
    dealt = iter(inner)
    colours = [
        [next(dealt) for _ in row.fields[:-1]] + [last[r]] for r, row in enumerate(source.rows)
    ]
    rows = tuple(
        replace(
            row, fields=tuple(replace(f, colour=c) for f, c in zip(row.fields, cols, strict=True))
        )
        for row, cols in zip(source.rows, colours, strict=True)
    )
    return replace(source, rows=rows, doc=None)


def doubles(rng: random.Random, twin: Layout) -> Layout:
    """Doppelt: each row's double fields (as many as the twin's) on new fields."""
    return shuffle_marks(rng, twin)


def bonus(rng: random.Random, twin: Layout) -> Layout:
    """Bonuskette: each row's boxed fields on new fields, the bonus bar in a new order."""
    return shuffle_marks(rng, twin)


def powers(rng: random.Random, twin: Layout) -> Layout:
    """Kräfte: each of the five powers on two fields of two different rows, chosen afresh."""
    return shuffle_marks(rng, twin, powers_across=True)


FAMILIES: dict[str, Family] = {
    "mixed-colours": Family("farbbloecke", mixed_colours),
    "mixed-numbers": Family("durcheinander", mixed_numbers),
    "rainbow": Family("regenbogen", rainbow),
    "chaos": Family("wirrwarr", chaos),
    "doubles": Family("doppelt", doubles),
    "bonus": Family("bonuskette", bonus),
    "powers": Family("kraefte", powers),
    "bonus-rows": Family("big-points", mechanics.bonus_rows),
    "chain": Family("connected-chain", mechanics.chain),
    "steps": Family("connected-steps", mechanics.steps),
    "diamonds": Family("x-change", mechanics.diamonds),
    "lucky-numbers": Family("longo", mechanics.lucky_numbers),
    "link-squares": Family("connect-15", mechanics.link_squares),
    "value-track": Family("lucky-15", mechanics.value_track, titled=False),
    "small-boxes": Family("nochmal", mechanics.small_boxes),
}
"""Family name -> :class:`Family`: the seven of issue 14, then those of the sheets of
RULES.md §4 and §7 and of Nochmal's small boxes (issue 25 item 6,
:mod:`qwixx_print.generate.mechanics`)."""

SHUFFLES: dict[str, Build] = {
    "colours": shuffle_colours,
    "numbers": shuffle_numbers,
    "marks": shuffle_marks,
}
"""What ``--from LAYOUT --shuffle ASPECT`` deals anew."""
