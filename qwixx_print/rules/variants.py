"""The scoring of the marks beside the rows (RULES.md §4, RULES-more.md §7): bonus cells
counted in the rows beside them (Big Points), links crossed at both ends (Connected Chain),
and the parts a sheet scores on top of its rows, each one :class:`Scored` entry of
:data:`PARTS`: the framed group (Connected Steps) and the value track (Lucky 15). A new part
is one function and one entry here; the sheet's total, a marks file's report and the sheet's
total line take it from the table. No drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import NamedTuple

from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout
from qwixx_print.rules import refusals
from qwixx_print.rules.crosses import Crosses
from qwixx_print.rules.primitives import Positions, RowViolation, bonus_source, points


def bonus_crosses(layout: Layout, fields: Positions, bonus: Positions) -> dict[str, int]:
    """Crosses each colour row gains from the bonus rows beside it (Big Points, RULES.md §4:
    a bonus cross counts for both neighbours). Raises :class:`RowViolation` for a bonus cell
    whose column neither neighbour has crossed."""
    gained: dict[str, int] = {}
    for b in layout.bonus_rows:
        cells = bonus.get(b.id, ())
        upper, lower = b.between
        source = bonus_source(layout, b)
        numbers = [f.number for f in source.fields] if source is not None else []
        for c in cells:
            beside = c in fields.get(upper, ()) or c in fields.get(lower, ())
            refusal = refusals.bonus_cell_refusal(b, numbers, c, beside)
            if refusal is not None:
                raise RowViolation(b.id, refusal)
        for row_id in b.between:
            gained[row_id] = gained.get(row_id, 0) + len(cells)
    return gained


def check_links(layout: Layout, fields: Positions) -> None:
    """Both ends of every link of the sheet crossed, or neither (Connected Chain, RULES.md
    §4: crossing one end crosses the other at once, always). Raises :class:`RowViolation` at
    the crossed end's row."""
    rows = {row.id: row for row in layout.rows}
    for a, b in layout.links:
        crossed_a, crossed_b = a[1] in fields.get(a[0], ()), b[1] in fields.get(b[0], ())
        if crossed_a != crossed_b:
            (row, i), (other, j) = (a, b) if crossed_a else (b, a)
            n, m = rows[row].fields[i].number, rows[other].fields[j].number
            raise RowViolation(row, refusals.link_refusal(n, other, m))


def framed_fields(layout: Layout) -> tuple[tuple[int, int], ...]:
    """The fields of the framed group as (row place, 0-based index), top row first and left
    to right (Connected Steps, RULES.md §4); empty on a sheet without one. Validation, the
    sheet's header, its frames (``scene.padmarks.framed``) and ``generate`` read it."""
    return tuple(
        (r, i) for r, row in enumerate(layout.rows) for i, f in enumerate(row.fields) if f.framed
    )


def has_framed(layout: Layout) -> bool:
    """Whether ``layout`` has a framed group (Connected Steps, RULES.md §4): it then scores
    one more part (:data:`PARTS`) and its header says so."""
    return bool(framed_fields(layout))


def framed_crossed(layout: Layout, fields: Positions) -> int:
    """How many fields of the framed group are crossed (Connected Steps, RULES.md §4)."""
    return sum(1 for row in layout.rows for i in fields.get(row.id, ()) if row.fields[i].framed)


def track_points(layout: Layout, crossed: Collection[int]) -> int:
    """The value track's points: the value of its rightmost crossed field (0-based
    positions ``crossed``), 0 when none or when the layout has no track (RULES-more.md §7
    Lucky 15). Raises :class:`RuleViolation` for fields not crossed left to right."""
    track = layout.value_track
    if track is None or not crossed:
        return 0
    refusal = refusals.track_refusal(track, sorted(crossed))
    if refusal is not None:
        raise RuleViolation(refusal)
    return track.values[max(crossed)]


class PartScore(NamedTuple):
    """What one part of a sheet beside its rows scored: its ``crosses`` and ``points``."""

    crosses: int
    points: int


class Scored(NamedTuple):
    """A part of a sheet that scores on top of its rows: its ``name`` (the key of
    ``SheetScore.parts``, of a marks file's JSON report and of the web's
    ``data-NAME-points`` hook), its ``label`` in the report's table, whether a layout
    ``has`` it and how a sheet's crosses ``score`` it (raising :class:`RuleViolation` for
    crosses its rule refuses)."""

    name: str
    label: str
    has: Callable[[Layout], bool]
    score: Callable[[Layout, Crosses], PartScore]


def _framed(layout: Layout, crosses: Crosses) -> PartScore:
    """The framed group scores its crossed fields with the score table (Connected Steps,
    RULES.md §4)."""
    framed = framed_crossed(layout, crosses.fields)
    return PartScore(framed, points(layout, framed))


def _track(layout: Layout, crosses: Crosses) -> PartScore:
    """The value track scores its rightmost crossed value (Lucky 15, RULES-more.md §7)."""
    return PartScore(len(crosses.track), track_points(layout, crosses.track))


def _has_track(layout: Layout) -> bool:
    return layout.value_track is not None


PARTS: tuple[Scored, ...] = (
    Scored("framed", "framed", has_framed, _framed),
    Scored("track", "value track", _has_track, _track),
)
"""The parts a sheet scores on top of its rows, in the order of the sheet's total line."""
