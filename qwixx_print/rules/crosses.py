"""A sheet's crosses as one record, passed whole to scoring: :class:`Crosses` by 0-based
position (what the play engine keeps and scoring counts) and :class:`Written` by number (what
a marks file names), with the two conversions between them. A new mechanic that a player
crosses adds one field to each record and one line to each conversion, here; scoring
(:mod:`~qwixx_print.rules.score`), marks files and the engine pass the records on whole.
No drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from qwixx_print.errors import RuleViolation
from qwixx_print.layout import Layout, Row
from qwixx_print.rules import refusals
from qwixx_print.rules.primitives import Positions, RowViolation, bonus_source, field_positions

Numbers = Mapping[str, Collection[int]]
"""Row id (or bonus row id) -> numbers, as a marks file writes them."""

Pairs = Mapping[str, Collection[tuple[int, int]]]
"""Row id -> link squares, each as the two numbers it stands between (``(3, 4)``)."""


@dataclass(frozen=True)
class Crosses:
    """One sheet's marks by 0-based position, the record scoring counts
    (:func:`qwixx_print.rules.score_crosses`): per row id the crossed ``fields``, the fields
    whose small box is crossed (``again``, Nochmal) and the crossed link ``squares``, each by
    the field left of it (Connect 15, RULES.md §7); per bonus row id the columns of its
    crossed cells (``bonus``, Big Points); the crossed value ``track`` fields (Lucky 15,
    RULES-more.md §7) and X-Change ``diamonds`` (they score nothing, RULES.md §4); the
    ``penalties`` crossed. Rows not named are empty. Lucky crosses (Longo) are crosses of
    their rows."""

    fields: Positions = field(default_factory=dict)
    again: Positions = field(default_factory=dict)
    bonus: Positions = field(default_factory=dict)
    squares: Positions = field(default_factory=dict)
    track: Collection[int] = ()
    diamonds: Collection[int] = ()
    penalties: int = 0


@dataclass(frozen=True, kw_only=True)
class Written:
    """One sheet's marks as a marks file writes them (docs/scoring.md), each field named as
    its key: ``crosses`` and ``again`` (Nochmal small boxes) map row ids to numbers,
    ``bonus`` bonus row ids to the numbers of their crossed cells (Big Points),
    ``diamonds`` the crossed X-Change diamonds as printed (``8/5``), ``track`` the crossed
    value track fields by their values (Lucky 15, RULES-more.md §7), ``squares`` row ids to
    the crossed link squares, each as the two numbers it stands between (Connect 15,
    RULES.md §7); ``penalties`` the boxes crossed. :func:`crosses_of` turns it into
    :class:`Crosses`, :func:`written_of` back."""

    crosses: Numbers = field(default_factory=dict)
    again: Numbers = field(default_factory=dict)
    bonus: Numbers = field(default_factory=dict)
    diamonds: Collection[str] = ()
    track: Collection[int] = ()
    squares: Pairs = field(default_factory=dict)
    penalties: int = 0


def crosses_of(layout: Layout, written: Written) -> Crosses:
    """The positions of the marks ``written`` on a sheet of ``layout`` (each number of a row
    the one field holding it: a layout a marks file can score, ``marks.check_scorable``).

    Raises :class:`RowViolation` for an unknown row id, a number a row lacks or one given
    twice, a link square the row lacks; :class:`RuleViolation` for a value track field or a
    diamond the sheet lacks, or one given twice.
    """
    w = written
    _unknown_rows(layout, w.crosses, w.again, w.bonus, w.squares)
    fields, boxes, marked = {}, {}, {}
    for row in layout.rows:
        try:
            fields[row.id] = field_positions(row, w.crosses.get(row.id, ()))
            boxes[row.id] = field_positions(row, w.again.get(row.id, ()), "small box")
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc)) from None
        try:
            marked[row.id] = square_positions(row, w.squares.get(row.id, ()))
        except RuleViolation as exc:
            raise RowViolation(row.id, str(exc), "squares") from None
    cells = {}
    for b in layout.bonus_rows:
        source = bonus_source(layout, b)
        assert source is not None, "a valid layout's bonus row lies below a row"
        try:
            cells[b.id] = field_positions(source, w.bonus.get(b.id, ()), "bonus cells")
        except RuleViolation as exc:
            raise RowViolation(b.id, str(exc)) from None
    track = track_positions(layout, w.track)
    diamonds = diamond_positions(layout, w.diamonds)
    return Crosses(fields, boxes, cells, marked, track, diamonds, w.penalties)


def written_of(layout: Layout, crosses: Crosses) -> Written:
    """The marks ``crosses`` of a sheet of ``layout`` as a marks file writes them: the
    inverse of :func:`crosses_of` (the play engine's sheets reported as marks files)."""
    c, track = crosses, layout.value_track

    def numbers(row: Row, found: Positions, key: str) -> tuple[int, ...]:
        return tuple(row.fields[i].number for i in found.get(key, ()))

    bonus = {}
    for b in layout.bonus_rows:
        source = bonus_source(layout, b)
        assert source is not None, "a valid layout's bonus row lies below a row"
        bonus[b.id] = numbers(source, c.bonus, b.id)
    return Written(
        crosses={row.id: numbers(row, c.fields, row.id) for row in layout.rows},
        again={row.id: numbers(row, c.again, row.id) for row in layout.rows},
        bonus=bonus,
        diamonds=tuple("{}/{}".format(*layout.diamonds[d]) for d in c.diamonds),
        track=tuple(track.values[k] for k in c.track) if track is not None else (),
        squares={
            row.id: tuple(
                (row.fields[i].number, row.fields[i + 1].number) for i in c.squares.get(row.id, ())
            )
            for row in layout.rows
        },
        penalties=c.penalties,
    )


def _unknown_rows(layout: Layout, *given: Mapping[str, object]) -> None:
    ids = [row.id for row in layout.rows] + [b.id for b in layout.bonus_rows]
    for row_id in (k for mapping in given for k in mapping):
        if row_id not in ids:
            raise RowViolation(row_id, refusals.unknown_row_refusal(layout, row_id, ids))


def square_positions(row: Row, pairs: Collection[tuple[int, int]]) -> list[int]:
    """The link squares of ``row`` named by the numbers they stand between (``(3, 4)``), as
    the 0-based index of the field left of each (Connect 15, RULES.md §7). Raises
    :class:`RuleViolation` for a number the row lacks, a square it lacks
    (:func:`~qwixx_print.rules.refusals.square_refusal`) or one given twice."""
    found: list[int] = []
    for a, b in pairs:
        left, right = field_positions(row, (a, b), "link square") if a != b else (-1, -1)
        refusal = refusals.square_refusal(row, left, right) if left >= 0 else None
        if left < 0 or refusal is not None:
            raise RuleViolation(refusal or f"there is no link square between {a} and {b}")
        if left in found:
            raise RuleViolation(f"the link square {a}-{b} is given twice")
        found.append(left)
    return found


def track_positions(layout: Layout, values: Collection[int]) -> list[int]:
    """The 0-based positions of the value track fields written by their values (Lucky 15,
    RULES-more.md §7; the values rise, so each names one field). Raises
    :class:`RuleViolation` for a track the sheet lacks, a value it lacks or one given
    twice; the order left to right is :func:`qwixx_print.rules.track_refusal`'s."""
    track = layout.value_track
    if not values:
        return []
    if track is None:
        raise RuleViolation(f"the layout {layout.name} has no value track: leave 'track' out")
    for value in values:
        if value not in track.values:
            known = ", ".join(map(str, track.values))
            raise RuleViolation(f"the value track has no field {value} (fields: {known})")
        if list(values).count(value) > 1:
            raise RuleViolation(f"the track field {value} is given twice")
    return sorted(track.values.index(v) for v in values)


def diamond_positions(layout: Layout, names: Collection[str]) -> list[int]:
    """The 0-based positions of the X-Change diamonds written as printed (``8/5``). They
    score nothing (RULES.md §4); raises :class:`RuleViolation` for a diamond the sheet lacks
    or one given twice."""
    printed = {f"{a}/{b}": k for k, (a, b) in enumerate(layout.diamonds)}
    for name, count in Counter(names).items():
        if name not in printed:
            known = ", ".join(printed) or "none"
            raise RuleViolation(f"no diamond {name} on this sheet (diamonds: {known})")
        if count > 1:
            raise RuleViolation(f"the diamond {name} is given {count} times")
    return [printed[name] for name in names]
