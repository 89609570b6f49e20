"""A layout read once for play: the facts the engine asks on every move, as plain tuples.

A :class:`Board` is built once per layout (:meth:`Board.of` keeps the boards of the layouts
played last) and shared by every sheet of a game, so a move looks up positions and colours
instead of walking the layout's dataclasses.
"""

from __future__ import annotations

from typing import NamedTuple

from qwixx_print import rules
from qwixx_print.layout import Field, Layout

KEEP = 64
"""How many boards :meth:`Board.of` keeps (a Longo game deals a layout per sheet)."""


class Board(NamedTuple):
    """What play needs of a ``layout``.

    Per row, in layout order: its ``ids``, field ``numbers`` and ``colours``, ``doubles``,
    ``bonus`` fields, ``powers`` (symbol or ``None``), whether it has small boxes (``again``;
    ``has_again``: any row), its ``lock_colours``, the index of its last field (``lasts``) and
    ``where`` each number stands in it. ``fields`` maps (colour, number) to the fields of that
    colour holding that number, as (row place, index) top to bottom, and (``None``, number)
    to those of any colour. ``all_rows`` are the rows' places; ``row_of`` maps a row id to its
    place; ``colour_row`` a colour to its one-colour row (the Bonuskette bar's targets);
    ``power_fields`` a power symbol to its (row, index) pairs; ``end_at`` is the number of
    closed colours that ends the game (RULES.md §1 End: 2; 1 on a one-colour sheet).
    RULES-more.md §4: ``lock_starts``, per row the first field that locks it (Longo: the
    last two); ``bonus_ids`` and ``bonus_between`` (the places of the rows above and below)
    of the bonus rows (Big Points); ``partner`` maps a linked field (row, index) to the
    other end of its link (Connected Chain). For scoring at a glance: ``weights``, per row
    the crosses each field counts when crossed (a double 2, a lock field 2 with its lock,
    else 1: :func:`qwixx_print.rules.score_fields`), and ``points``, the points of 0, 1, 2,
    ... counted crosses (:func:`qwixx_print.rules.score_table`, RULES.md §2).
    """

    layout: Layout
    ids: tuple[str, ...]
    numbers: tuple[tuple[int, ...], ...]
    colours: tuple[tuple[str, ...], ...]
    doubles: tuple[tuple[bool, ...], ...]
    bonus: tuple[tuple[bool, ...], ...]
    powers: tuple[tuple[str | None, ...], ...]
    again: tuple[bool, ...]
    has_again: bool
    lock_colours: tuple[str, ...]
    lasts: tuple[int, ...]
    where: tuple[dict[int, tuple[int, ...]], ...]
    fields: dict[tuple[str | None, int], tuple[tuple[int, int], ...]]
    all_rows: tuple[int, ...]
    row_of: dict[str, int]
    colour_row: dict[str, int]
    power_fields: dict[str, tuple[tuple[int, int], ...]]
    end_at: int
    lock_starts: tuple[int, ...]
    bonus_ids: tuple[str, ...]
    bonus_between: tuple[tuple[int, int], ...]
    partner: dict[tuple[int, int], tuple[int, int]]
    weights: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]

    @classmethod
    def of(cls, layout: Layout) -> Board:
        """The board of ``layout`` (a layout that passed ``rules.validate``), built once and
        kept for the next game of the same layout object (layouts are frozen; a kept board
        holds its layout, so no other layout can take its ``id``)."""
        board = _BOARDS.get(id(layout))
        if board is None:
            if len(_BOARDS) >= KEEP:
                _BOARDS.clear()
            board = _BOARDS[id(layout)] = cls._build(layout)
        return board

    @classmethod
    def _build(cls, layout: Layout) -> Board:
        rows = layout.rows
        power_fields: dict[str, list[tuple[int, int]]] = {}
        for r, row in enumerate(rows):
            for i, f in enumerate(row.fields):
                if f.power is not None:
                    power_fields.setdefault(f.power, []).append((r, i))
        lock_colours = tuple(row.lock_colour for row in rows)
        ids = [row.id for row in rows]
        lock_starts = tuple(layout.lock_start(row) for row in rows)
        return cls(
            layout=layout,
            ids=tuple(row.id for row in rows),
            numbers=tuple(tuple(f.number for f in row.fields) for row in rows),
            colours=tuple(tuple(f.colour for f in row.fields) for row in rows),
            doubles=tuple(tuple(f.double for f in row.fields) for row in rows),
            bonus=tuple(tuple(f.bonus for f in row.fields) for row in rows),
            powers=tuple(tuple(f.power for f in row.fields) for row in rows),
            again=tuple(row.again for row in rows),
            has_again=any(row.again for row in rows),
            lock_colours=lock_colours,
            lasts=tuple(len(row.fields) - 1 for row in rows),
            where=tuple(_where(row.fields) for row in rows),
            fields=_fields(layout),
            all_rows=tuple(range(len(rows))),
            row_of={row.id: r for r, row in enumerate(rows)},
            colour_row={row.colour: r for r, row in enumerate(rows) if row.colour is not None},
            power_fields={p: tuple(places) for p, places in power_fields.items()},
            end_at=min(2, len(set(lock_colours))),
            lock_starts=lock_starts,
            bonus_ids=tuple(b.id for b in layout.bonus_rows),
            bonus_between=tuple(
                (ids.index(b.between[0]), ids.index(b.between[1])) for b in layout.bonus_rows
            ),
            partner=_partners(layout, ids),
            weights=tuple(
                tuple(2 if i >= start or f.double else 1 for i, f in enumerate(row.fields))
                for row, start in zip(rows, lock_starts, strict=True)
            ),
            points=(0, *rules.score_table(layout)),
        )


_BOARDS: dict[int, Board] = {}
"""The boards :meth:`Board.of` built last, by ``id`` of their layout."""


def _where(fields: tuple[Field, ...]) -> dict[int, tuple[int, ...]]:
    """Number -> the indexes of the fields holding it, left to right."""
    where: dict[int, list[int]] = {}
    for i, f in enumerate(fields):
        where.setdefault(f.number, []).append(i)
    return {number: tuple(places) for number, places in where.items()}


def _fields(layout: Layout) -> dict[tuple[str | None, int], tuple[tuple[int, int], ...]]:
    """(colour, number) and (``None``, number) -> the fields, as (row place, index)."""
    fields: dict[tuple[str | None, int], list[tuple[int, int]]] = {}
    for r, row in enumerate(layout.rows):
        for i, f in enumerate(row.fields):
            fields.setdefault((f.colour, f.number), []).append((r, i))
            fields.setdefault((None, f.number), []).append((r, i))
    return {key: tuple(places) for key, places in fields.items()}


def _partners(layout: Layout, ids: list[str]) -> dict[tuple[int, int], tuple[int, int]]:
    """(row place, index) -> the other end of its link, both ways (Connected Chain)."""
    partner = {}
    for (ra, ia), (rb, ib) in layout.links:
        a, b = (ids.index(ra), ia), (ids.index(rb), ib)
        partner[a], partner[b] = b, a
    return partner
