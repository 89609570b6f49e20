"""A layout compiled once: every fact the play engine, the simulator's kernel and its bots
derive from a layout, worked out in one place (issue 21 item 1).

:class:`Compiled` holds them as plain tuples and dicts (the engine and the bots read them on
every move); :func:`qwixx_print.sim.tables.compile_layout` only pads and packs the same
facts into the kernel's arrays, so the two engines cannot derive a fact differently. Pure:
no numpy, no numba, no drawing.
"""

from __future__ import annotations

from typing import NamedTuple

from qwixx_print import rules
from qwixx_print.layout import BonusRow, Field, Layout, Link

KEEP = 64
"""How many compiled layouts :meth:`Compiled.of` keeps (a Longo game deals a layout per
sheet)."""

FieldRef = tuple[int, int]
"""A field as (row place, 0-based index in the row)."""


def throws(number: int, faces: int = 6) -> int:
    """Of the ``faces**2`` rolls of two dice with ``faces`` faces, how many make ``number``
    (d6: 1 for a 2 or a 12, 6 for a 7; d8, RULES.md §4 Longo: 1 for a 2 or a 16, 8 for a 9;
    0 for a number two dice cannot make)."""
    if not 2 <= number <= 2 * faces:
        return 0
    return faces - abs(number - faces - 1)


class Compiled(NamedTuple):
    """What play and simulation need of a ``layout`` (one sheet of it: its slip and lucky
    numbers), derived once.

    Per row, in layout order: its ``ids``, field ``numbers`` and ``colours``, ``doubles``,
    ``bonus`` fields, ``powers`` (symbol or ``None``), ``framed`` fields (the Connected Steps
    group, RULES.md §4), whether it has small boxes (``again``;
    ``has_again``: any row), its ``lock_colours``, the index of its last field (``lasts``),
    ``where`` each number stands in it and ``ways``, per field the rolls of two dice (of
    ``faces**2``) that make its number (:func:`throws`). ``fields`` maps (colour, number) to
    the fields of that colour holding that number, as (row place, index) top to bottom, and
    (``None``, number) to those of any colour. ``all_rows`` are the rows' places; ``row_of``
    maps a row id to its place.

    The dice (RULES.md §1, RULES-more.md §4): ``dice`` the coloured dice in layout order,
    ``die_of`` a colour to its index among them, ``faces`` the faces of every die (the
    highest sum halved: 6, Longo 8; :func:`qwixx_print.rules.faces`). ``end_at`` is the
    number of closed colours that ends the game (RULES.md §1 End: 2; 1 on a one-colour
    sheet, RULES.md §6; :func:`qwixx_print.rules.end_at`).

    Mechanics: ``bar``, the bonus bar's field colours, left to right (Bonuskette, RULES.md
    §2); ``bar_row`` maps a colour to the row the Bonuskette bar's field of that colour
    crosses: the first one-colour row of that colour from the top (RULES.md §6;
    :func:`qwixx_print.rules.bar_rows`); ``power_fields`` a power symbol to its (row, index)
    pairs in reading order (Kräfte; :func:`qwixx_print.rules.power_fields`).
    RULES-more.md §4: ``lock_starts``, per row the first field that locks it (Longo: the last
    two); ``bonus_ids``, ``bonus_between`` (the places of the rows above and below) and
    ``bonus_colours`` (the colours of those rows' first fields: the dice whose white + colour
    sum reaches a cell) and ``bonus_numbers`` (the numbers of its cells, column by column:
    those of the rows beside it) of the bonus rows (Big Points); ``partner`` maps a linked
    field to the other end of its link on this sheet, ``slip_partners`` the same per slip of
    the layout (one, ``partner``, on a layout without slips; Connected Chain). RULES-more.md
    §7 (Lucky 15): ``track`` the value track's values left to right (empty: no track),
    ``track_total`` the total of its trigger and ``track_dice`` the (white, coloured) dice it
    sums. RULES.md §7 Connect 15: ``squares``, per row its link squares, each as the index of
    the field left of it (in the layout's order); ``square_colours``, per row the colour of
    each square, that of the field left of it (the die a white + colour or two colours must
    include: RULES.md §6); ``square_faces``, the two faces that cross a square (sorted), and
    ``square_dice``, the pairs of dice that may (:data:`qwixx_print.layout.SQUARE_DICE`).

    For scoring at a glance: ``weights``, per row the crosses each field counts when crossed
    (a double 2, a lock field 2 with its lock, else 1: :func:`qwixx_print.rules.row_weights`),
    and ``points``, the points of 0, 1, 2, ... counted crosses
    (:func:`qwixx_print.rules.score_table`, RULES.md §2).
    """

    layout: Layout
    ids: tuple[str, ...]
    numbers: tuple[tuple[int, ...], ...]
    colours: tuple[tuple[str, ...], ...]
    doubles: tuple[tuple[bool, ...], ...]
    bonus: tuple[tuple[bool, ...], ...]
    powers: tuple[tuple[str | None, ...], ...]
    framed: tuple[tuple[bool, ...], ...]
    again: tuple[bool, ...]
    has_again: bool
    lock_colours: tuple[str, ...]
    lasts: tuple[int, ...]
    where: tuple[dict[int, tuple[int, ...]], ...]
    ways: tuple[tuple[int, ...], ...]
    fields: dict[tuple[str | None, int], tuple[FieldRef, ...]]
    all_rows: tuple[int, ...]
    row_of: dict[str, int]
    dice: tuple[str, ...]
    die_of: dict[str, int]
    faces: int
    end_at: int
    bar: tuple[str, ...]
    bar_row: dict[str, int]
    power_fields: dict[str, tuple[FieldRef, ...]]
    lock_starts: tuple[int, ...]
    bonus_ids: tuple[str, ...]
    bonus_between: tuple[tuple[int, int], ...]
    bonus_colours: tuple[tuple[str, str], ...]
    bonus_numbers: tuple[tuple[int, ...], ...]
    partner: dict[FieldRef, FieldRef]
    slip_partners: tuple[dict[FieldRef, FieldRef], ...]
    squares: tuple[tuple[int, ...], ...]
    square_colours: tuple[tuple[str, ...], ...]
    square_faces: tuple[int, int]
    square_dice: frozenset[str]
    weights: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    track: tuple[int, ...] = ()
    track_total: int = 0
    track_dice: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, layout: Layout) -> Compiled:
        """The compiled ``layout`` (a layout that passed ``rules.validate``), built once and
        kept for the next use of the same layout object (layouts are frozen; a kept one
        holds its layout, so no other layout can take its ``id``)."""
        found = _COMPILED.get(id(layout))
        if found is None:
            if len(_COMPILED) >= KEEP:
                _COMPILED.clear()
            found = _COMPILED[id(layout)] = cls._build(layout)
        return found

    @classmethod
    def _build(cls, layout: Layout) -> Compiled:
        rows = layout.rows
        ids = tuple(row.id for row in rows)
        row_of = rules.row_places(layout)
        lock_starts = tuple(layout.lock_start(row) for row in rows)
        faces = rules.faces(layout)
        places = rules.bonus_places(layout)
        bonus_between = tuple(places[b.id] for b in layout.bonus_rows)
        partner = _partners(layout.links, row_of)
        track = layout.value_track
        return cls(
            layout=layout,
            ids=ids,
            numbers=tuple(tuple(f.number for f in row.fields) for row in rows),
            colours=tuple(tuple(f.colour for f in row.fields) for row in rows),
            doubles=tuple(tuple(f.double for f in row.fields) for row in rows),
            bonus=tuple(tuple(f.bonus for f in row.fields) for row in rows),
            powers=tuple(tuple(f.power for f in row.fields) for row in rows),
            framed=tuple(tuple(f.framed for f in row.fields) for row in rows),
            again=tuple(row.again for row in rows),
            has_again=any(row.again for row in rows),
            lock_colours=tuple(row.lock_colour for row in rows),
            lasts=tuple(len(row.fields) - 1 for row in rows),
            where=tuple(_where(row.fields) for row in rows),
            ways=tuple(tuple(throws(f.number, faces) for f in row.fields) for row in rows),
            fields=_fields(layout),
            all_rows=tuple(range(len(rows))),
            row_of=row_of,
            dice=layout.dice,
            die_of={colour: k for k, colour in enumerate(layout.dice)},
            faces=faces,
            end_at=rules.end_at(layout),
            bar=layout.bonus_bar,
            bar_row=rules.bar_rows(layout),
            power_fields=rules.power_fields(layout),
            lock_starts=lock_starts,
            bonus_ids=tuple(b.id for b in layout.bonus_rows),
            bonus_between=bonus_between,
            bonus_colours=tuple(
                (rows[upper].fields[0].colour, rows[lower].fields[0].colour)
                for upper, lower in bonus_between
            ),
            bonus_numbers=tuple(_bonus_numbers(layout, b) for b in layout.bonus_rows),
            partner=partner,
            slip_partners=tuple(_partners(s.links, row_of) for s in layout.slips) or (partner,),
            squares=tuple(tuple(left for left, _ in row.squares) for row in rows),
            square_colours=tuple(
                tuple(row.fields[left].colour for left, _ in row.squares) for row in rows
            ),
            square_faces=(min(layout.square_faces), max(layout.square_faces)),
            square_dice=frozenset(layout.square_dice),
            weights=tuple(
                rules.row_weights(row, start) for row, start in zip(rows, lock_starts, strict=True)
            ),
            points=(0, *rules.score_table(layout)),
            track=track.values if track else (),
            track_total=track.total if track else 0,
            track_dice=(track.white, track.coloured) if track else (0, 0),
        )


_COMPILED: dict[int, Compiled] = {}
"""The layouts :meth:`Compiled.of` compiled last, by ``id`` of their layout."""


def _bonus_numbers(layout: Layout, bonus: BonusRow) -> tuple[int, ...]:
    """The numbers of the cells of the bonus row ``bonus``, column by column
    (:func:`qwixx_print.rules.bonus_source`; Big Points)."""
    source = rules.bonus_source(layout, bonus)
    assert source is not None, "a valid layout's bonus row lies below a row"
    return tuple(f.number for f in source.fields)


def _where(fields: tuple[Field, ...]) -> dict[int, tuple[int, ...]]:
    """Number -> the indexes of the fields holding it, left to right."""
    where: dict[int, list[int]] = {}
    for i, f in enumerate(fields):
        where.setdefault(f.number, []).append(i)
    return {number: tuple(places) for number, places in where.items()}


def _fields(layout: Layout) -> dict[tuple[str | None, int], tuple[FieldRef, ...]]:
    """(colour, number) and (``None``, number) -> the fields, as (row place, index)."""
    fields: dict[tuple[str | None, int], list[FieldRef]] = {}
    for r, row in enumerate(layout.rows):
        for i, f in enumerate(row.fields):
            fields.setdefault((f.colour, f.number), []).append((r, i))
            fields.setdefault((None, f.number), []).append((r, i))
    return {key: tuple(places) for key, places in fields.items()}


def _partners(links: tuple[Link, ...], row_of: dict[str, int]) -> dict[FieldRef, FieldRef]:
    """(row place, index) -> the other end of its link, both ways (Connected Chain)."""
    partner = {}
    for (ra, ia), (rb, ib) in links:
        a, b = (row_of[ra], ia), (row_of[rb], ib)
        partner[a], partner[b] = b, a
    return partner
