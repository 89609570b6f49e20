"""The boxes of one sheet, in millimetres: rows, fields, locks, strips, score table,
penalties, the total line and the marks of RULES.md §4 and §7. Pure functions of a layout;
no drawing, no reportlab. The shapes inside cells are :mod:`.cells`; whether a layout fits
is :mod:`.fit`.

Coordinates are PDF-like: origin at the bottom left, x to the right, y up, all in mm.
"""

from __future__ import annotations

from typing import NamedTuple

from qwixx_print import rules
from qwixx_print.geometry.box import Box
from qwixx_print.geometry.cells import TRACK_GAP, square_box
from qwixx_print.layout import Layout

SHEET_W = 96.0
"""Width of one sheet at 8 per page, mm: two sheets fill A4's and Letter's printable width."""
SHEET_H = 65.0
"""Height of one sheet at 8 per page, mm: four sheets fit Letter's printable height."""

MARGIN = 5.0
"""Unprintable margin at every paper edge, mm: nothing is drawn there."""
MARK_ZONE = 4.0
"""Band between the sheets and the margin that holds the cut marks, mm."""
MARK_GAP = 1.0
"""Gap between a sheet's edge and the start of its cut mark, mm."""

MIN_FIELD = 6.0
"""Smallest field side, mm, for crosses made with a pencil at a game table (issue 2)."""
MIN_FIELD_W = 5.0
"""Narrowest field, mm, when a row of 14 or 15 fields (Longo's d8 rows, RULES.md §4) cannot
give 6 mm: its fields stay at least :data:`MIN_FIELD` tall (decision, RULES.md §6)."""
MIN_BAR_CELL = 4.0
"""Narrowest bonus bar cell, mm: its square is crossed with a pencil too (issue 3)."""

_PAD = 2.0
STRIP_W = SHEET_W - 2 * _PAD
"""Width of a strip across the sheet (the diamonds, the value track, the bars), mm."""
_HEADER_H = 4.5
_SCORE_H = 6.0
_PENALTY_X = _PAD + 0.5
"""Left edge of the first penalty box, mm."""
_PENALTY_SIDE = 4.2
"""Side of a penalty box, mm."""
_PENALTY_STEP = _PENALTY_SIDE + 1.0
"""From one penalty box to the next, mm: a 1 mm gap, kept also before the total line."""
_TOTAL_H = 7.0
_STRIP_H = 5.0
_ROW_GAP = 0.8
_BAND_PAD = 0.6
_AGAIN_H = 2.6
_AGAIN_W = 0.7
"""A small box's width as a share of its field's: wide enough to cross with a pencil."""
_FIELD_GAP = 0.4
MAX_FIELD = 16.0
"""Largest field slot (and field height), mm: short rows get wider fields and few rows
taller ones, up to this; a field of 16 mm is already twice the classic one."""
_FIELD_ASPECT = 1.4
"""Tallest field for its width: on a sheet of few rows fields grow taller, up to this."""
_BAND_PER_FIELD = 1.25
"""Tallest band for its field's height (before padding): the classic sheet's bands (1.21)
fit; the room rows cannot use goes to the gaps between them."""
_BONUS_LABEL_W = 10.0
BAR_W = STRIP_W - _BONUS_LABEL_W
"""Width the bonus bar's cells share beside its label, mm."""
_BONUS_ROW_H = 4.6
"""Height of a bonus row's strip between two rows (Big Points, RULES.md §4), mm."""
MIN_DIAMOND_CELL = 7.0
"""Narrowest cell of an X-Change diamond, mm: room for the diamond and its two numbers."""
_DIAMOND_H = 6.0
"""Height of the strip of X-Change diamonds, mm."""
_TRACK_H = 6.0
"""Height of the strip of a value track (Lucky 15, RULES-more.md §7), mm."""
_TRACK_CELL = 11.0
"""Widest cell of a value track, mm; a track of many values shares the sheet's width."""


class RowBoxes(NamedTuple):
    """One row: its coloured ``band``, a box per field, the small boxes under all fields but
    the last (empty unless the row has them), the ``lock`` circle's square and a box per link
    square (``squares``, in the order of :attr:`~qwixx_print.layout.Row.squares`; Connect 15,
    RULES.md §7: :func:`square_box`)."""

    band: Box
    fields: tuple[Box, ...]
    again: tuple[Box, ...]
    lock: Box
    squares: tuple[Box, ...] = ()


class SheetBoxes(NamedTuple):
    """All boxes of one sheet of ``width`` x ``height`` mm.

    ``totals`` holds one box per row, then the penalty total, on a sheet with power fields
    the power points, then the grand total; ``operators`` the ``+``, ``-`` and ``=`` between
    them (text, box). ``penalty_label`` and ``total_label`` are the boxes the penalties and
    total labels must stay in.
    ``bonus_label`` is the room left of the bonus bar for its label; ``legend_cells`` one
    cell per power of the layout inside ``legend`` (RULES.md §2 Bonuskette, Kräfte).
    RULES.md §4: ``bonus_rows`` one square per cell of each bonus row, in the layout's
    order (its round cell's bounds); ``diamonds`` one square per X-Change diamond; ``lucky``
    a square per lucky number, beside the penalties; ``slip`` the box of the slip's name,
    right in the header; ``track`` one cell per field of the value track, left to right
    (RULES-more.md §7).
    On a sheet with a framed group, ``totals`` holds a box for its points before the total.
    """

    width: float
    height: float
    title: Box
    rows: tuple[RowBoxes, ...]
    bonus_bar: tuple[Box, ...]
    legend: Box | None
    score_cells: tuple[Box, ...]
    penalty_label: Box
    penalties: tuple[Box, ...]
    totals: tuple[Box, ...]
    operators: tuple[tuple[str, Box], ...]
    total_label: Box
    bonus_label: Box | None = None
    legend_cells: tuple[Box, ...] = ()
    bonus_rows: tuple[tuple[Box, ...], ...] = ()
    diamonds: tuple[Box, ...] = ()
    lucky: tuple[Box, ...] = ()
    slip: Box | None = None
    track: tuple[Box, ...] = ()


def _slots(layout: Layout) -> int:
    """Field slots across the sheet: the widest row's fields and its lock."""
    return max(len(row.fields) for row in layout.rows) + 1


_INNER_W = SHEET_W - 2 * _PAD - 2 * _BAND_PAD
"""Width inside a band, mm: what the fields and the lock of the widest row share."""


def _field_width(layout: Layout) -> float:
    """Width of one field, mm: the widest row's fields and its lock share the band, each
    slot at most :data:`MAX_FIELD` wide. Where the fields are lower than wide, the lock (a
    circle as tall as they are) takes a narrower slot and the fields the rest."""
    equal = min(MAX_FIELD, _INNER_W / _slots(layout)) - _FIELD_GAP
    lock = _field_height(layout, equal)
    if lock >= equal:
        return equal
    return min(MAX_FIELD, (_INNER_W - lock - _FIELD_GAP) / (_slots(layout) - 1)) - _FIELD_GAP


def _again_height(layout: Layout) -> float:
    """Room under the fields for small re-cross boxes, mm (0 without them)."""
    return _AGAIN_H if any(row.again for row in layout.rows) else 0.0


def _shared_band(layout: Layout) -> float:
    """Height of a band if the rows shared their whole area, mm."""
    bottom, top = _rows_area(layout)
    n = len(layout.rows)
    return (top - bottom - _bonus_strips(layout) - _ROW_GAP * (n - 1)) / n


def _field_height(layout: Layout, field_w: float) -> float:
    """Height of a field ``field_w`` mm wide: square on a sheet of four full rows; taller,
    up to :data:`_FIELD_ASPECT` times the width (and :data:`MAX_FIELD`), where fewer rows
    leave the room; lower where the rows' share of the sheet is less."""
    room = _shared_band(layout) - 2 * _BAND_PAD - _again_height(layout)
    tallest = min(field_w * _FIELD_ASPECT, MAX_FIELD)
    return min(max(field_w, room / _BAND_PER_FIELD), tallest, room)


def field_size(layout: Layout) -> tuple[float, float]:
    """Width and height of one field, mm, as :func:`sheet_boxes` draws them."""
    field_w = _field_width(layout)
    return field_w, _field_height(layout, field_w)


def max_penalty_boxes(layout: Layout) -> int:
    """How many penalty boxes fit between the sheet's left edge and the total line, which
    grows with the rows (classic, 4 rows: 6; 5 rows: 4)."""
    totals, _ = _total_line(layout)
    return int((totals[0].x - _PENALTY_X) // _PENALTY_STEP)


def powers(layout: Layout) -> tuple[str, ...]:
    """The power symbols on ``layout``, in :data:`rules.POWERS` order, unknown ids last
    (RULES.md §2 Kräfte): one legend cell each."""
    used = set(rules.power_fields(layout))
    return tuple(p for p in rules.POWERS if p in used) + tuple(sorted(used - set(rules.POWERS)))


def _strips(layout: Layout) -> tuple[bool, bool]:
    has_bar = bool(layout.bonus_bar)
    has_legend = bool(rules.power_fields(layout))
    return has_bar, has_legend


def _rows_area(layout: Layout) -> tuple[float, float]:
    """Bottom and top y of the area the rows share, mm."""
    has_bar, has_legend = _strips(layout)
    bottom = _PAD + _SCORE_H + _TOTAL_H + 1.0 + _STRIP_H * (has_bar + has_legend)
    bottom += _DIAMOND_H if layout.diamonds else 0.0
    bottom += _TRACK_H if layout.value_track else 0.0
    return bottom, SHEET_H - _PAD - _HEADER_H


def _bonus_after(layout: Layout) -> dict[int, list[str]]:
    """Index of each row a bonus row follows -> the ids of the bonus rows after it, in the
    layout's order (Big Points, RULES.md §4: :func:`qwixx_print.rules.bonus_places`)."""
    after: dict[int, list[str]] = {}
    for bonus, (upper, _) in rules.bonus_places(layout).items():
        after.setdefault(upper, []).append(bonus)
    return after


def _bonus_strips(layout: Layout) -> float:
    """Height the bonus rows take from the rows' area, mm: a strip and a gap for each bonus
    row the sheet places (:func:`qwixx_print.rules.bonus_places`)."""
    return len(rules.bonus_places(layout)) * (_BONUS_ROW_H + _ROW_GAP)


def _band_height(layout: Layout) -> float:
    """Height of one row's band, mm: the rows share their area, but a band is at most
    :data:`_BAND_PER_FIELD` times its field's height (plus padding and small boxes), so a
    sheet of few or long rows does not get tall bands around small fields."""
    _, field_h = field_size(layout)
    most = field_h * _BAND_PER_FIELD + 2 * _BAND_PAD + _again_height(layout)
    return min(_shared_band(layout), most)


def _row_boxes(layout: Layout, index: int, band_y: float, band_h: float) -> RowBoxes:
    row = layout.rows[index]
    field_w, field_h = field_size(layout)
    slot, side = field_w + _FIELD_GAP, min(field_w, field_h)
    fields_w = (_slots(layout) - 1) * slot
    spare = max(0.0, _INNER_W - fields_w - side - _FIELD_GAP)  # > 0: capped slots, centred
    x0 = _PAD + _BAND_PAD + spare / 2 + _FIELD_GAP / 2
    if row.again:
        field_y = band_y + band_h - _BAND_PAD - field_h
    else:
        field_y = band_y + (band_h - field_h) / 2
    fields = tuple(Box(x0 + k * slot, field_y, field_w, field_h) for k in range(len(row.fields)))
    again: tuple[Box, ...] = ()
    if row.again:
        box_w, box_h = field_w * _AGAIN_W, _AGAIN_H - 0.4
        again = tuple(Box(f.cx - box_w / 2, field_y - _AGAIN_H, box_w, box_h) for f in fields[:-1])
    lock = Box(x0 + fields_w, field_y + (field_h - side) / 2, side, side)  # one column
    band = Box(_PAD + spare / 2, band_y, SHEET_W - 2 * _PAD - spare, band_h)
    squares = tuple(
        square_box(fields[a], fields[b], band) for a, b in row.squares if b < len(fields)
    )
    return RowBoxes(band, fields, again, lock, squares)


def _strip_cells(count: int, y: float, height: float, left: float = 0.0) -> tuple[Box, ...]:
    """``count`` equal cells side by side across the sheet, ``left`` mm kept free at the left."""
    width = (SHEET_W - 2 * _PAD - left) / count
    return tuple(Box(_PAD + left + k * width, y, width, height) for k in range(count))


def _total_line(layout: Layout) -> tuple[tuple[Box, ...], tuple[tuple[str, Box], ...]]:
    """The total line, right-aligned: a box per row, ``-`` the penalties, ``+`` each box of
    :func:`qwixx_print.rules.total_parts` (on a sheet with power fields the power points,
    RULES.md §2 Kräfte: they count at the end; the framed group's and the value track's
    points where the sheet has them), ``=`` the total. Boxes are 7 mm wide, 6 mm when there
    are more than six."""
    n = len(layout.rows)
    extra = ["+"] * len(rules.total_parts(layout))
    ops = ["+"] * (n - 1) + ["\u2212", *extra, "="]
    box_w, total_w, op_w, h = 7.0 if len(ops) <= 6 else 6.0, 9.0, 2.6, 5.2
    widths = [box_w] * len(ops) + [total_w]
    x = SHEET_W - _PAD - sum(widths) - op_w * len(ops)
    y = _PAD + 0.4
    boxes, operators = [], []
    for k, width in enumerate(widths):
        boxes.append(Box(x, y, width, h))
        x += width
        if k < len(ops):
            operators.append((ops[k], Box(x, y, op_w, h)))
            x += op_w
    return tuple(boxes), tuple(operators)


def sheet_boxes(layout: Layout) -> SheetBoxes:
    """Every box of one sheet of ``layout`` at the 8-up size (:data:`SHEET_W` x
    :data:`SHEET_H` mm), top to bottom: title, rows, bonus bar, legend, score table,
    penalties and total line. Fewer sheets per page scale this whole drawing up."""
    (bottom, top), band_h, n = _rows_area(layout), _band_height(layout), len(layout.rows)
    after = _bonus_after(layout)
    strips = _bonus_strips(layout)
    spare = max(0.0, top - bottom - strips - n * band_h - (n - 1) * _ROW_GAP)  # bands capped
    gap = _ROW_GAP + spare / (n + 1)  # the room bands cannot use, spread evenly
    rows, y = [], top - spare / (n + 1)  # from the top down
    bonus_ys: dict[str, tuple[int, float]] = {}
    for i in range(n):
        y -= band_h
        rows.append(_row_boxes(layout, i, y, band_h))
        y -= gap
        for bonus in after.get(i, ()):
            y -= _BONUS_ROW_H
            bonus_ys[bonus] = (i, y)
            y -= _ROW_GAP
    has_bar, has_legend = _strips(layout)
    strip_y = _PAD + _TOTAL_H + 1.0 + _SCORE_H
    diamonds: tuple[Box, ...] = ()
    if layout.diamonds:
        diamonds = _strip_cells(len(layout.diamonds), strip_y + 0.3, _DIAMOND_H - 0.6)
        strip_y += _DIAMOND_H
    track: tuple[Box, ...] = ()
    if layout.value_track is not None:
        track = _track_cells(len(layout.value_track.values), strip_y + 0.4)
        strip_y += _TRACK_H
    bonus_bar: tuple[Box, ...] = ()
    bonus_label = legend = None
    legend_cells: tuple[Box, ...] = ()
    if has_bar:
        cell_h = _STRIP_H - 1.0
        bonus_bar = _strip_cells(len(layout.bonus_bar), strip_y + 0.5, cell_h, _BONUS_LABEL_W)
        bonus_label = Box(_PAD, strip_y + 0.5, _BONUS_LABEL_W, cell_h)
        strip_y += _STRIP_H
    if has_legend:
        legend = Box(_PAD, strip_y + 0.5, SHEET_W - 2 * _PAD, _STRIP_H - 1.0)
        legend_cells = _strip_cells(len(powers(layout)), legend.y, legend.h)
    counted = max(rules.max_counted(layout, row) for row in layout.rows)
    score_cells = _strip_cells(counted, _PAD + _TOTAL_H + 1.0, _SCORE_H)
    penalties = tuple(
        Box(_PENALTY_X + k * _PENALTY_STEP, _PAD + 0.9, _PENALTY_SIDE, _PENALTY_SIDE)
        for k in range(layout.penalty_boxes)
    )
    totals, operators = _total_line(layout)
    title = Box(_PAD, SHEET_H - _PAD - _HEADER_H, SHEET_W - 2 * _PAD, _HEADER_H)
    placed = [bonus_ys[bonus] for bonus in rules.bonus_places(layout)]  # the layout's order
    return SheetBoxes(
        width=SHEET_W,
        height=SHEET_H,
        title=title,
        rows=tuple(rows),
        bonus_bar=bonus_bar,
        legend=legend,
        score_cells=score_cells,
        penalty_label=Box(_PAD + 0.5, _PAD + 5.65, 30.0, 2.3),
        penalties=penalties,
        totals=totals,
        operators=operators,
        # right-aligned over the total box, room to the left above the whole total line
        total_label=Box(totals[0].x, totals[-1].top + 0.05, totals[-1].right - totals[0].x, 2.3),
        bonus_label=bonus_label,
        legend_cells=legend_cells,
        bonus_rows=tuple(_bonus_cells(rows[i], y) for i, y in placed),
        diamonds=diamonds,
        lucky=_lucky_boxes(layout, penalties, totals[0]),
        track=track,
        slip=Box(title.right - 4.5, title.y + 0.2, 4.5, title.h - 0.4) if layout.slips else None,
    )


def _track_cells(count: int, y: float) -> tuple[Box, ...]:
    """``count`` cells of a value track at ``y``, centred across the sheet, at most
    :data:`_TRACK_CELL` mm wide with a gap for the arrow between them (RULES-more.md §7)."""
    gap = TRACK_GAP
    width = min(_TRACK_CELL, (SHEET_W - 2 * _PAD) / count - gap)
    x = (SHEET_W - count * width - (count - 1) * gap) / 2
    return tuple(Box(x + k * (width + gap), y, width, _TRACK_H - 0.8) for k in range(count))


def _bonus_cells(above: RowBoxes, y: float) -> tuple[Box, ...]:
    """The round cells of a bonus row in the strip at ``y``, one under each field of the
    row ``above`` (aligned by column, RULES.md §4 Big Points), as their squares."""
    side = _BONUS_ROW_H - 0.2
    return tuple(Box(f.cx - side / 2, y + 0.1, side, side) for f in above.fields)


def _lucky_boxes(layout: Layout, penalties: tuple[Box, ...], total: Box) -> tuple[Box, ...]:
    """Squares for the sheet's lucky numbers (Longo, RULES.md §4) between the penalty boxes
    and the total line, centred there."""
    draw = layout.lucky_draw
    if draw is None:
        return ()
    side, gap = 5.0, 1.0
    left = penalties[-1].right if penalties else _PAD
    width = draw.count * side + (draw.count - 1) * gap
    x = (left + total.x - width) / 2
    return tuple(Box(x + k * (side + gap), _PAD + 0.5, side, side) for k in range(draw.count))
