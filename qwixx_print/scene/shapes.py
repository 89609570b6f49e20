"""A small vector symbol per colour, so rows stay apart without colour: printed in greyscale
by a laser printer, or read by a colour-blind player (README, "Colour-blind and black-and-white
safe"). Every field carries its own colour's symbol in its top-left corner (mixed sheets:
field by field, RULES.md §2 Farbblöcke), every lock its colour's symbol on the padlock, every
row total box its row's symbol. Also where the other marks of a sheet sit. Outlines in mm,
y up, as :mod:`qwixx_print.geometry`; both painters fill them."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from qwixx_print import geometry, labels, rules
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import fonts, looks
from qwixx_print.scene.items import Point

SHAPES = ("circle", "triangle", "square", "diamond", "star", "cross", "hexagon", "bar")
"""The symbols, in the order colours without a fixed symbol take them."""

PALETTE_SHAPES = {
    "red": "circle",
    "yellow": "triangle",
    "green": "square",
    "blue": "diamond",
    "purple": "star",
    "orange": "cross",
    "grey": "hexagon",
    "black": "bar",
}
"""Fixed symbol of each palette colour, the same on every layout."""

_INSET = 0.4
"""Gap between a field's edges and its symbol, mm."""
_CLEAR = 0.35
"""Gap between the symbol and the top of the field's number, mm."""
_LARGEST = 1.3
"""Largest symbol side in a field, mm."""

BADGE_R = 1.6
"""Radius of the round badge carrying a power symbol, mm; it sits on the field's top edge,
above the digits (11 pt digits leave 2.1 mm free at the top of a 7.1 mm field)."""

LEGEND_PT = 4.6
"""Size of the power legend's text, pt."""
LEGEND_GAP = 0.9
"""Room kept free at the end of a power legend's cell, mm: its text, however long, ends at
least this far from the next cell's badge (0.2 mm into its own cell: 1.1 mm in all; 0.3 mm was
too little: French "rangée la" touched it)."""

DOUBLE_INSET = 0.45
"""Gap between a double field's frame and its second, inner frame, mm."""

BONUS_PT = 5.5
"""Size of a bonus cell's number, pt (small enough to leave room for both symbols)."""

CIRCLE_R = 0.45
"""The circle's radius as a share of its square's side."""


def shapes(layout: Layout) -> dict[str, str]:
    """Colour name -> symbol for every colour of ``layout`` (dice and fields): a palette
    colour its fixed symbol (:data:`PALETTE_SHAPES`), any other colour the next symbol no
    colour of the layout has yet. The value track's colour (Lucky 15) is one of them."""
    track = [layout.value_track.colour] if layout.value_track else []
    used = dict.fromkeys(
        [*layout.dice, *(f.colour for row in layout.rows for f in row.fields), *track]
    )
    taken = {PALETTE_SHAPES[c] for c in used if c in PALETTE_SHAPES}
    free = [s for s in SHAPES if s not in taken] or list(SHAPES)
    others = [c for c in used if c not in PALETTE_SHAPES]
    return {
        c: PALETTE_SHAPES[c] if c in PALETTE_SHAPES else free[others.index(c) % len(free)]
        for c in used
    }


def _star(box: Box) -> list[Point]:
    r = box.w / 2
    return [
        (
            box.cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
            box.cy + (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]


def _hexagon(box: Box) -> list[Point]:
    q = box.w / 4
    return [
        (box.x, box.cy),
        (box.x + q, box.top),
        (box.right - q, box.top),
        (box.right, box.cy),
        (box.right - q, box.y),
        (box.x + q, box.y),
    ]


def _cross(box: Box) -> list[Point]:
    t = box.w * 0.17
    xs = (box.x, box.cx - t, box.cx + t, box.right)
    ys = (box.y, box.cy - t, box.cy + t, box.top)
    return [
        (xs[1], ys[3]),
        (xs[2], ys[3]),
        (xs[2], ys[2]),
        (xs[3], ys[2]),
        (xs[3], ys[1]),
        (xs[2], ys[1]),
        (xs[2], ys[0]),
        (xs[1], ys[0]),
        (xs[1], ys[1]),
        (xs[0], ys[1]),
        (xs[0], ys[2]),
        (xs[1], ys[2]),
    ]


_OUTLINES: dict[str, Callable[[Box], list[Point]]] = {
    "triangle": lambda b: [(b.x, b.y), (b.right, b.y), (b.cx, b.top)],
    "square": lambda b: [
        (b.x + 0.1 * b.w, b.y + 0.1 * b.h),
        (b.right - 0.1 * b.w, b.y + 0.1 * b.h),
        (b.right - 0.1 * b.w, b.top - 0.1 * b.h),
        (b.x + 0.1 * b.w, b.top - 0.1 * b.h),
    ],
    "diamond": lambda b: [(b.cx, b.y), (b.right, b.cy), (b.cx, b.top), (b.x, b.cy)],
    "star": _star,
    "cross": _cross,
    "hexagon": _hexagon,
    "bar": lambda b: [
        (b.x, b.cy - 0.2 * b.h),
        (b.right, b.cy - 0.2 * b.h),
        (b.right, b.cy + 0.2 * b.h),
        (b.x, b.cy + 0.2 * b.h),
    ],
}


def outline(shape: str, box: Box) -> list[Point]:
    """The corners (mm) of ``shape``'s polygon filling the square ``box``; empty for the
    ``circle`` (a circle of :data:`CIRCLE_R` times the side around the centre)."""
    return [] if shape == "circle" else _OUTLINES[shape](box)


def steps(box: Box) -> list[Point]:
    """The corners (mm) of three steps going down to the right, filling ``box``: the mark of
    Connected Steps' framed group (RULES.md §4)."""
    w, h = box.w / 3, box.h / 3
    points = [(box.x, box.top)]
    for k in range(3):
        points += [
            (box.x + (k + 1) * w, box.top - k * h),
            (box.x + (k + 1) * w, box.top - (k + 1) * h),
        ]
    return [*points, (box.x, box.y)]


def bonus_half(cell: Box, side: int) -> Box:
    """The square (mm) of the colour symbol in the upper (``side`` 1) or lower (-1) half of
    a round bonus ``cell`` (Big Points, RULES.md §4): centred, between the number and the
    cell's edge."""
    size = cell.w * 0.18
    y = cell.cy + side * cell.w * 0.355
    return Box(cell.cx - size / 2, y - size / 2, size, size)


def field_corner(field: Box) -> Box:
    """The square (mm) for a symbol in ``field``'s top-left corner, clear of the top of the
    field's number (set on its digits' middle, :func:`fonts.centred_baseline`)."""
    size = fonts.number_size(field)
    baseline = fonts.centred_baseline(field, size, fonts.FONT_BOLD)
    digits_top = baseline + fonts.ink_extent("0123456789", fonts.FONT_BOLD)[1] * size / fonts.MM
    side = min(_LARGEST, field.top - _INSET - _CLEAR - digits_top)
    return Box(field.x + _INSET, field.top - _INSET - side, side, side)


def total_corner(total: Box) -> Box:
    """The square (mm) for a symbol in the top-left corner of a row's ``total`` box, small
    enough to leave the box's middle to the handwritten score."""
    side = 1.2
    return Box(total.x + _INSET, total.top - _INSET - side, side, side)


def lock_mark(lock: Box) -> Box:
    """The square (mm) for a symbol on the padlock body drawn in the round ``lock`` field
    (the body is 0.42 x 0.31 of the lock's width, its middle 0.095 widths below the centre)."""
    side = lock.w * 0.26
    return Box(lock.cx - side / 2, lock.cy - lock.w * 0.095 - side / 2, side, side)


def padlock_body(lock: Box) -> Box:
    """The body (mm) of the padlock drawn in the round ``lock`` field; its shackle is an arch
    of radius 0.26 lock radii from the body's top to half a radius above the centre."""
    r = lock.w / 2
    return Box(lock.cx - 0.42 * r, lock.cy - 0.5 * r, 0.84 * r, 0.62 * r)


DOUBLE_TAB = (3.4, 2.3)
"""The "x2" tab's width and height, mm: room for its text (:data:`looks.DOUBLE_TAB_PT`)."""


def double_tab(field: Box, band: Box) -> Box:
    """The "x2" tab (mm) on a double field's top edge (RULES.md §2 Doppelt), its middle on
    the edge's middle, kept inside the row's ``band``: a field closer to the band's top
    than half the tab's width (Doppelt's rows, 1.4 mm; a 3-row sheet with small boxes)
    pushes it down, as the sheets have always printed it. On the turned phone sheet it
    stands above the field's number instead (:func:`turned_top`)."""
    w, h = DOUBLE_TAB
    cy = min(field.top, band.top - max(w, h) / 2)
    return Box(field.cx - w / 2, cy - h / 2, w, h)


BADGE_INSET = 0.1
"""How far a power badge's centre is inside its field's top edge, mm (on the turned phone
sheet: inside the turned field's top edge)."""


def badge_centre(field: Box) -> Point:
    """Centre (x, y) mm of a power badge on ``field`` (mm): on its top edge, a little inside."""
    return field.cx, field.top - BADGE_INSET


def turned_top(field: Box, band: Box, half: float, inset: float = 0.0) -> Point:
    """Where a mark attached to ``field`` (a power's badge, a double's "x2" tab), ``half``
    mm half as high as it stands, stands on the turned phone sheet
    (:mod:`qwixx_print.scene.turn`), said as the point of the printed sheet (mm) that the
    turn takes to the mark's middle (the items' ``stands``): on the middle of the turned
    field's top edge (the printed field's left edge), ``inset`` mm below it, above the
    field's number as on paper it stands on the field's top edge, clear of its digits and
    of the digits of the field above it (each field keeps the same room free of digits at
    its ends); pushed down where the row's ``band`` ends closer than ``half`` above that
    edge (a row's first field), so that it stays inside the band. (Turned, a mark's width
    runs across the band, which is as wide as the field is high and more.)"""
    return max(field.x + inset, band.x + half), field.cy


def badge_boxes(layout: Layout, sheet: geometry.SheetBoxes) -> list[Box]:
    """The square (mm) around each power badge on the fields of ``sheet`` (the power
    fields of :func:`qwixx_print.rules.power_fields`, by symbol), its outline included:
    what text placed above the rows must keep clear of (in any order)."""
    found = []
    for places in rules.power_fields(layout).values():
        for row, i in places:
            x, y = badge_centre(sheet.rows[row].fields[i])
            r = BADGE_R + 0.2  # half the 0.35 pt outline, rounded up
            found.append(Box(x - r, y - r, 2 * r, 2 * r))
    return found


def bar_square(cell: Box) -> tuple[Box, Box]:
    """The square (mm) drawn in a bonus bar ``cell`` (RULES.md §2 Bonuskette) and the square
    of its colour symbol inside it."""
    side = min(cell.w - 1.4, cell.h)
    square = Box(cell.cx - side / 2, cell.cy - side / 2, side, side)
    inset = square.w * 0.3
    return square, Box(
        square.x + inset, square.y + inset, square.w - 2 * inset, square.h - 2 * inset
    )


def track_corner(cell: Box) -> Box:
    """The square (mm) for the track colour's symbol in the top-left corner of a value
    track ``cell`` (Lucky 15, RULES-more.md §7), left of its value."""
    side = min(1.6, cell.h * 0.32)
    return Box(cell.x + _INSET, cell.top - _INSET - side, side, side)


TRACK_RADIUS = 1.2
"""A value track field's rounded corners, mm."""


def arrow_box(cell: Box) -> Box:
    """The box (mm) of the arrow on the left edge of a bonus bar cell or a diamond's cell."""
    return Box(cell.x - 0.7, cell.y, 1.4, cell.h)


NAME_SHARE = 0.5
"""Widest share of the title line a player's name may take (less what the printed title
needs); a longer name is set smaller, down to 4 pt."""

NAME_PLACE = ("players", "name")
"""Where a player's name is in a marks file: a refused name is said as "the name (...)"."""


def name_line(boxes: geometry.SheetBoxes) -> Box:
    """The title line the player's name shares with the title: the header left of the
    slip's name where the sheet has one (Connected Chain), mm."""
    title = boxes.title
    if boxes.slip is None:
        return title
    return Box(title.x, title.y, boxes.slip.x - 1.0 - title.x, title.h)


def title_end(title_box: Box, title: str) -> float:
    """Right end (mm) of the printed ``title`` text in the sheet's ``title_box``."""
    width = fonts.string_width(title, fonts.FONT_BOLD, looks.TITLE_PT) / fonts.MM
    return min(title_box.x + 0.5 + width, title_box.right - 0.5)


def name_box(name: str, title_box: Box, title: str) -> Box:
    """The box (mm) of the player's ``name``, right-aligned on the ``title_box`` line, in
    at most :data:`NAME_SHARE` of its width and 2 mm clear of the printed ``title``."""
    room = min(title_box.w * NAME_SHARE, title_box.right - 0.5 - title_end(title_box, title) - 2)
    width = min(fonts.string_width(name, fonts.FONT_BOLD, looks.NAME_PT) / fonts.MM, max(room, 0.0))
    return Box(title_box.right - 0.5 - width, title_box.y, width, title_box.h)


def clover(box: Box) -> tuple[tuple[Point, Point], list[tuple[Point, float]]]:
    """A four-leaf clover filling ``box`` (mm), the mark of a lucky number (Longo, RULES.md
    §4): its stem (from, to) and its circles (centre, radius): four leaves, then the heart
    where they meet (the leaves alone left a speck of paper between them, under the
    number's digits)."""
    r = box.w * 0.27
    leaves = [
        ((box.cx + dx * r * 0.75, box.cy + dy * r * 0.75), r)
        for dx, dy in ((-1, -1), (-1, 1), (1, -1), (1, 1))
    ]
    heart = ((box.cx, box.cy), r * CLOVER_HEART)
    return ((box.cx, box.cy), (box.right - 0.2, box.y + 0.1)), [*leaves, heart]


CLOVER_HEART = 0.4
"""The clover's heart, a share of a leaf's radius: it covers the gap the four leaves leave
between them (0.09 of a leaf's radius around the centre) with room to spare."""


def name_misfit(layout: Layout, name: str, lang: str = labels.DEFAULT_LANG) -> fonts.Misfit | None:
    """Why a filled-in sheet of ``layout`` (labels in ``lang``) cannot print the player's
    ``name`` (a character the font lacks, or too long for the name box even at 4 pt), or
    None when it can. The one rule for names: ``score`` (``draw.filled.check_names``) and
    the web page's new game both ask it."""
    title_box = name_line(geometry.sheet_boxes(layout))
    title = labels.for_layout(layout, lang)["title"]
    box = name_box(name, title_box, title)
    with fonts.collecting_misfits() as found:
        fonts.fitted("the name", name, box, "name box", looks.NAME_PT, fonts.FONT_BOLD, NAME_PLACE)
    return found[0] if found else None


class PowerSymbol(NamedTuple):
    """A power's symbol drawn in strokes of ``width`` mm (RULES.md §2 Kräfte): ``lines``
    as (x0, y0, x1, y1) and square ``frames``, mm, drawn in that order (frames first when
    ``frames_first``); ``thin``: the stroke of most symbols, mm (the PDF sets it first and
    a bolder ``width`` over it)."""

    width: float
    lines: list[tuple[float, float, float, float]]
    frames: list[Box]
    frames_first: bool = False
    thin: float = 0.0


def power_symbol(power: str, x: float, y: float, r: float = BADGE_R) -> PowerSymbol:
    """The symbol of ``power`` within the badge of radius ``r`` mm centred at (x, y) mm:
    two crosses (two-in-weakest), four bars (one-in-each), two overlapping squares
    (weakest-double), a bold plus (plus-13), a struck penalty box (no-penalties, and any
    other)."""
    thin = 0.14 * r
    if power == "two-in-weakest":
        lines = []
        for cx in (x - 0.42 * r, x + 0.42 * r):
            rr = 0.3 * r
            lines += [(cx - rr, y - rr, cx + rr, y + rr), (cx - rr, y + rr, cx + rr, y - rr)]
        return PowerSymbol(thin, lines, [], thin=thin)
    if power == "one-in-each":
        bars = [(x - 0.5 * r, y + dy, x + 0.5 * r, y + dy) for dy in _bar_offsets(r)]
        return PowerSymbol(thin, bars, [], thin=thin)
    if power == "weakest-double":
        side = 0.75 * r
        squares = [
            Box(x + dx - side / 2, y + dy - side / 2, side, side)
            for dx, dy in ((-0.22 * r, -0.22 * r), (0.22 * r, 0.22 * r))
        ]
        return PowerSymbol(thin, [], squares, thin=thin)
    if power == "plus-13":
        plus = [(x - 0.55 * r, y, x + 0.55 * r, y), (x, y - 0.55 * r, x, y + 0.55 * r)]
        return PowerSymbol(0.3 * r, plus, [], thin=thin)
    side = 0.95 * r
    frame = Box(x - side / 2, y - side / 2, side, side)
    cross = [(x - 0.6 * r, y - 0.6 * r, x + 0.6 * r, y + 0.6 * r)]
    return PowerSymbol(thin, cross, [frame], True, thin)


def _bar_offsets(r: float) -> list[float]:
    """The heights of one-in-each's four bars around the badge's centre, mm."""
    return [(k - 1.5) * 0.36 * r for k in range(4)]


def lock_field_padlock(field: Box) -> Box:
    """The box (mm) of the small padlock in the top-right corner of a lock field (Longo's
    last two fields, RULES.md §4)."""
    side = 1.0
    return Box(field.right - side - 0.3, field.top - side * 1.25 - 0.3, side, side * 1.25)


def padlock_parts(box: Box) -> tuple[Box, float, float]:
    """A small padlock filling ``box`` (mm): its body, the radius of its shackle's arch
    (centred ``radius`` below the box's top, its legs down to the body) and the shackle's
    stroke width, mm."""
    return Box(box.x, box.y, box.w, box.h * 0.58), box.w * 0.3, 0.16 * box.w


def padlock_shackle(lock: Box) -> tuple[float, float]:
    """The shackle of the padlock in the round ``lock`` field: the half width of its arch
    (its radius) and the arch's top, mm; its legs stand on the body
    (:func:`padlock_body`)."""
    r = lock.w / 2
    return 0.26 * r, lock.cy + 0.5 * r
