"""A sheet as a list of plain items (:mod:`qwixx_print.scene.items`): a layout, its boxes
from :func:`qwixx_print.geometry.sheet_boxes` and, for a sheet in play, its marks become
rectangles, circles, polygons, lines, shackles, badges and fitted texts in mm, each named by
what it is. Both painters walk these lists: the PDF (:func:`qwixx_print.draw.paint.items`)
and the phone's SVG (:mod:`qwixx_print.web.drawing`); every colour, tint, shape and text
size is decided here, once.

The items come in the order the PDF draws them (its bytes depend on it): a row's band, its
fields, the marks of its double, bonus and power fields, its small boxes, link squares and
its lock; the bonus bar and the power legend; the score table, penalties and the total
line. A sheet's marks (:class:`Marks`) are items of their own, drawn over the blank.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from qwixx_print import geometry, rules
from qwixx_print.geometry import Box
from qwixx_print.layout import Field, Layout, Row
from qwixx_print.scene import fonts, looks, palette, shapes
from qwixx_print.scene.fonts import FONT, FONT_BOLD, MM
from qwixx_print.scene.items import Arch, Badge, Circle, Group, Item, Line, Polygon, Rect, Text
from qwixx_print.scene.shapes import BADGE_R, DOUBLE_INSET, LEGEND_GAP, LEGEND_PT

VEIL = (0xF7 / 255, 0xF7 / 255, 0xF7 / 255)
"""The veil over a field the engine does not allow now: shown by the phone's stylesheet
(at 70 %) on the own sheet, it makes the field paler and greyer, never darker."""


def symbol(id: str, part: str, shape: str, box: Box, ink: palette.RGB) -> Item:
    """A colour's symbol (one of :data:`qwixx_print.scene.shapes.SHAPES`) filling the square
    ``box`` (mm) in ``ink``, upright on a turned phone sheet."""
    if shape == "circle":
        return Circle(id, part, box.cx, box.cy, box.w * shapes.CIRCLE_R, ink, upright=True)
    return Polygon(id, part, tuple(shapes.outline(shape, box)), ink, upright=True)


def centred(
    id: str,
    part: str,
    text: str,
    box: Box,
    size: float,
    fill: palette.RGB,
    font: str = FONT,
    sets: str = "f",
    upright: bool = True,
) -> Text:
    """``text`` centred in ``box`` (mm) at ``size`` pt on the optical middle of its digits or
    capitals (:func:`qwixx_print.scene.fonts.centred_baseline`), upright on a turned sheet
    unless told (an arrow turns with the sheet)."""
    y = fonts.centred_baseline(box, size, font)
    return Text(id, part, text, box.cx, y, size, font, fill, sets=sets, upright=upright)


def fitted(
    id: str,
    part: str,
    label: tuple[str, str, str],
    box: Box,
    size: float,
    fill: palette.RGB,
    font: str = FONT,
    align: str = "c",
    sets: str = "f",
    upright: bool = False,
    place: tuple[str | int, ...] | None = None,
) -> list[Item]:
    """Label ``label`` (its key, text and the name of its box) in ``box`` (mm) at the size
    :func:`qwixx_print.scene.fonts.fitted` gives (no item when it refuses the text: it
    raises LayoutError, or records the misfit), its em box centred vertically, aligned left
    (``l``), centre or right."""
    key, text, box_name = label
    got = fonts.fitted(key, text, box, box_name, size, font, place)
    if got is None:
        return []
    x = {"l": box.x, "c": box.cx, "r": box.right}[align]
    y = fonts.em_baseline(box, got, font)
    return [Text(id, part, text, x, y, got, font, fill, align, sets, upright)]


def cross(id: str, box: Box) -> list[Item]:
    """A player's pen cross over ``box`` (mm): both diagonals, inset by
    :data:`qwixx_print.scene.looks.CROSS_INSET` of its sides."""
    dx, dy = box.w * looks.CROSS_INSET, box.h * looks.CROSS_INSET
    pen, width = palette.PEN, looks.CROSS_LINE
    return [
        Line(id, "cross", box.x + dx, box.y + dy, box.right - dx, box.top - dy, pen, width, "swc"),
        Line(id, "cross", box.x + dx, box.top - dy, box.right - dx, box.y + dy, pen, width),
    ]


def arrow(id: str, cell: Box, sets: str = "f") -> Text:
    """The arrow from the cell before to ``cell`` (a bonus bar's, a diamond's): it turns with
    the turned phone sheet, pointing along the strip."""
    box, size = shapes.arrow_box(cell), looks.ARROW_PT
    return centred(id, "arrow", "\u203a", box, size, palette.INK, sets=sets, upright=False)


def _colours(layout: Layout) -> dict[str, palette.RGB]:
    return {name: palette.hex_rgb(code) for name, code in layout.colours.items()}


def _field(id: str, f: Field, box: Box, tint: palette.RGB, mixed: bool, shape: str) -> list[Item]:
    """A field's paper, number and symbol (``mixed``: on a tinted ground, its row of many
    colours)."""
    ink = palette.print_ink(tint)
    found: list[Item] = []
    if mixed:
        ground = Box(box.x - 0.2, box.y - 0.2, box.w + 0.4, box.h + 0.4)
        found.append(Rect(id, "ground", ground, tint, radius=0.8, sets="f"))
    edge = palette.edge(tint)
    found.append(Rect(id, "paper", box, palette.paper(tint), edge, looks.FIELD_LINE, 0.7, "wfs"))
    found.append(centred(id, "number", str(f.number), box, fonts.number_size(box), ink, FONT_BOLD))
    found.append(symbol(id, "symbol", shape, shapes.field_corner(box), ink))
    return found


def _field_marks(id: str, f: Field, box: Box, band: Box, tint: palette.RGB) -> Group:
    """The marks of a double (a heavy frame, a second inside it, an "x2" tab in the row's
    ``band``, standing as one with its text on the turned phone sheet), a boxed bonus (a
    heavy frame just outside) and a power field (its badge); on the turned phone sheet the
    tab and the badge stand above the field's number (:func:`shapes.turned_top`)."""
    found: list[Item] = []
    if f.double:
        ink = palette.double_ink(tint)
        found.append(Rect(id, "double", box, None, ink, looks.DOUBLE_LINE, 0.7, "ws"))
        inset = DOUBLE_INSET
        inner = Box(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset)
        found.append(Rect(id, "double", inner, None, ink, looks.DOUBLE_INNER_LINE, 0.4, "ws"))
        tab = shapes.double_tab(box, band)
        size, white = looks.DOUBLE_TAB_PT, palette.WHITE
        times_two = (
            Rect(id, "double tab", tab, ink, radius=1.0, sets="f"),
            centred(id, "double tab", "\u00d72", tab, size, white, FONT_BOLD),
        )
        stands = shapes.turned_top(box, band, tab.h / 2)  # above the number, turned
        found.append(Group(id, "double tab", times_two, upright=True, stands=stands))
    if f.bonus:
        frame = Box(box.x - 0.15, box.y - 0.15, box.w + 0.3, box.h + 0.3)
        line = looks.BONUS_FRAME_LINE
        found.append(Rect(id, "bonus frame", frame, None, palette.INK, line, 0.8, "ws"))
    if f.power:
        half = BADGE_R + looks.BADGE_LINE / 2 / MM  # its outline's outer edge
        stands = shapes.turned_top(box, band, half, shapes.BADGE_INSET)
        found.append(Badge(id, "badge", f.power, *shapes.badge_centre(box), BADGE_R, stands=stands))
    return Group(id, "marks", tuple(found), saved=True)


def row(layout: Layout, r: Row, boxes: geometry.RowBoxes) -> list[Item]:
    """One row (``row ID``): its band, fields (``row ID field I``), the marks of its double,
    bonus and power fields (each with the phone's veil over it), its small boxes
    (``row ID again I``), its link squares (``row ID square I``, I the field left of the
    square; Connect 15, RULES.md §7) and its lock (``row ID lock``: the round field, its
    padlock and the lock colour's symbol)."""
    colours = _colours(layout)
    shape = shapes.shapes(layout)
    rid = f"row {r.id}"
    band = colours[r.colour] if r.colour else palette.MIXED_BAND
    found: list[Item] = [Rect(rid, "band", boxes.band, band, radius=1.2, sets="f")]
    for i, (f, box) in enumerate(zip(r.fields, boxes.fields, strict=True)):
        mixed = r.colour is None
        found += _field(f"{rid} field {i}", f, box, colours[f.colour], mixed, shape[f.colour])
    for i, (f, box) in enumerate(zip(r.fields, boxes.fields, strict=True)):
        found.append(_field_marks(f"{rid} field {i}", f, box, boxes.band, colours[f.colour]))
        veil = Box(box.x - 0.25, box.y - 0.25, box.w + 0.5, box.h + 0.5)  # over its marks too
        found.append(Rect(f"{rid} field {i}", "veil", veil, VEIL, radius=0.9, screen=True))
    for i, box in enumerate(boxes.again):
        line = looks.SMALL_BOX_LINE
        found.append(
            Rect(f"{rid} again {i}", "box", box, palette.WHITE, palette.INK, line, 0.3, "wfs")
        )
    for (left, _), box in zip(r.squares, boxes.squares, strict=True):  # RULES.md §7
        fill, line, radius = palette.SQUARE_FILL, looks.SQUARE_LINE, looks.SQUARE_RADIUS
        found.append(
            Rect(f"{rid} square {left}", "box", box, fill, palette.INK, line, radius, "wfs")
        )
    found += _lock(f"{rid} lock", boxes.lock, colours[r.lock_colour], shape[r.lock_colour])
    return found


def _lock(id: str, box: Box, tint: palette.RGB, shape: str) -> list[Item]:
    """A round lock field with a padlock drawn in strokes and the lock colour's symbol on its
    body; the padlock upright on a turned phone sheet."""
    ink, paper = palette.print_ink(tint), palette.paper(tint)
    r = box.w / 2
    ring = Circle(id, "field", box.cx, box.cy, r, paper, ink, looks.LOCK_LINE, "fsw")
    body = shapes.padlock_body(box)
    sx, top = shapes.padlock_shackle(box)
    padlock = (
        Arch(id, "shackle", box.cx, body.top, top, sx, ink, 0.16 * r * MM),
        Rect(id, "body", body, ink, radius=0.08 * r, sets="f"),
        symbol(id, "symbol", shape, shapes.lock_mark(box), paper),
    )
    return [ring, Group(id, "padlock", padlock, upright=True)]


def strips(layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> list[Item]:
    """The bonus bar (its label ``bar label``, then a cell ``bar K`` per bar field: a square
    in the colour's half tint with its symbol, an arrow from the cell before) and the legend
    of the powers (``legend POWER``: its badge and what it does, wrapped). The label and the
    legend's words run along the sheet: a strip 5 mm high has no room for them upright, so
    on the turned phone sheet they turn with it (read along the strip; the badges stand)."""
    found: list[Item] = []
    if sheet.bonus_label is not None:
        label = ("bonus", text["bonus"], "bonus label box")
        size = looks.BONUS_LABEL_PT
        found += fitted(
            "bar label", "label", label, sheet.bonus_label, size, palette.INK, FONT_BOLD
        )
    shape = shapes.shapes(layout)
    for k, (name, cell) in enumerate(zip(layout.bonus_bar, sheet.bonus_bar, strict=True)):
        tint, id = palette.hex_rgb(layout.colours[name]), f"bar {k}"
        square, mark = shapes.bar_square(cell)
        half = palette.half_tint(tint)
        found.append(Rect(id, "square", square, half, tint, looks.BAR_LINE, 0.5, "wfs"))
        found.append(symbol(id, "symbol", shape[name], mark, palette.print_ink(tint)))
        if k:
            found.append(arrow(id, cell))
    for power, cell in zip(geometry.powers(layout), sheet.legend_cells, strict=True):
        id = f"legend {power}"
        found.append(Badge(id, "badge", power, cell.x + BADGE_R + 0.2, cell.cy, BADGE_R))
        left = 2 * BADGE_R + 0.6  # the badge and a gap after it
        room = Box(cell.x + left, cell.y, cell.w - left - LEGEND_GAP, cell.h)
        key = f"power-{power}"
        lines = fonts.wrapped(text[key], room, LEGEND_PT, FONT, 2)
        if lines is None:
            label = (key, text[key], "power legend cell")
            found += fitted(id, "text", label, room, LEGEND_PT, palette.INK, align="l")
            continue
        trial, shares = lines
        for n, (line, share) in enumerate(shares):
            label, sets = (key, line, "power legend cell"), "" if n else "f"
            ink = palette.INK
            found += fitted(id, "text", label, share, trial, ink, align="l", sets=sets)
    return found


def footer(layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str]) -> list[Item]:
    """The score table (``score N``: a cell, the count of crosses above its points), the
    penalty label and boxes (``penalty K``), the total line's boxes (``total K``: a row's
    colour symbol, or its number on a row of many colours; Lucky 15's value track's box in
    the track's colour with its symbol) with the operators between them and its label."""
    table = rules.score_table(layout)
    found: list[Item] = []
    ink = palette.INK
    for n, cell in enumerate(sheet.score_cells, start=1):
        id, sets = f"score {n}", "fs" if n > 1 else "wfs"
        line = looks.SMALL_BOX_LINE
        found.append(
            Rect(id, "cell", cell, palette.SCORE_CELL, palette.SCORE_EDGE, line, sets=sets)
        )
        half, inner = cell.h / 2, Box(cell.x + 0.3, cell.y, cell.w - 0.6, cell.h)
        upper, lower = inner._replace(y=cell.y + half, h=half), inner._replace(h=half)
        where = ("scoring", "table", n - 1) if layout.score_table else ("scoring", "max_counted")
        entry = f"score table entry for {n} crosses"
        count = (entry, f"{n}\u00d7", "score table cell")
        points = (entry, str(table[n - 1]), "score table cell")
        numbers = fitted(id, "count", count, upper, looks.SCORE_COUNT_PT, ink, place=where)
        numbers += fitted(
            id, "points", points, lower, looks.SCORE_POINTS_PT, ink, FONT_BOLD, sets="", place=where
        )
        found.append(Group(id, "numbers", tuple(numbers), upright=True))
    label = ("penalties", f"{text['penalties']} \u2212{layout.penalty_points}", "penalty label box")
    found += fitted(
        "penalty label",
        "label",
        label,
        sheet.penalty_label,
        looks.PENALTIES_PT,
        ink,
        align="l",
    )
    for k, box in enumerate(sheet.penalties):
        id = f"penalty {k}"
        found.append(Rect(id, "box", box, palette.WHITE, ink, looks.SMALL_BOX_LINE, 0.3))
        inner = Box(box.x + 0.4, box.y, box.w - 0.8, box.h)
        points = ("penalty box", f"\u2212{layout.penalty_points}", "penalty box")
        found += fitted(
            id,
            "points",
            points,
            inner,
            looks.PENALTY_BOX_PT,
            palette.PALE_TEXT,
            upright=True,
            place=("penalties", "points"),
        )
    shape = shapes.shapes(layout)
    track = part_index(layout, "track")
    for k, box in enumerate(sheet.totals):
        row_colour = layout.rows[k].colour if k < len(layout.rows) else None
        if k == track and layout.value_track is not None:  # the track's points: its colour
            row_colour = layout.value_track.colour  # and symbol, as its fields (RULES-more §7)
        tint = palette.hex_rgb(layout.colours[row_colour]) if row_colour else palette.TOTAL_GREY
        id, edge = f"total {k}", palette.edge(tint)
        paper, line = palette.total_paper(tint), looks.SMALL_BOX_LINE
        found.append(Rect(id, "box", box, paper, edge, line, 0.5))
        if k < len(layout.rows) and row_colour is None:
            found.append(centred(id, "row number", str(k + 1), box, 5.0, palette.ROW_NUMBER))
        elif row_colour is not None:
            found.append(symbol(id, "symbol", shape[row_colour], shapes.total_corner(box), edge))
    sets = "f"
    for k, (op, box) in enumerate(sheet.operators):
        found.append(
            centred(f"operator {k}", "sign", op, box, looks.OPERATOR_PT, ink, FONT_BOLD, sets)
        )
        sets = ""
    label = ("total", text["total"], "total label box")
    found += fitted(
        "total label",
        "label",
        label,
        sheet.total_label,
        looks.TOTAL_LABEL_PT,
        ink,
        align="r",
        sets=sets,
    )
    return found


def part_index(layout: Layout, part: str) -> int | None:
    """The index in the total line's boxes of the box of ``part`` (one of
    :func:`qwixx_print.rules.total_parts`: after the rows' boxes and the penalties'), or
    None where the sheet has no such part."""
    parts = rules.total_parts(layout)
    return len(layout.rows) + 1 + parts.index(part) if part in parts else None


@dataclass(frozen=True)
class Marks:
    """A sheet's marks in the ids of its items: the crossed field indexes and small boxes per
    row id, the locked rows, the rows of closed colours (shown veiled on the phone), the
    crossed penalty boxes, the points written into the total line's boxes, in order, the
    bonus bar's earned and struck cells, per row id the crossed link squares, each by
    the index of the field left of it (Connect 15, RULES.md §7), the indexes of the
    value track's crossed fields (Lucky 15, RULES-more.md §7), and the marks of RULES.md
    §4: per bonus row id its crossed cells by column (Big Points), the crossed diamonds
    (X-Change) by index (:func:`qwixx_print.scene.padmarks.crossed`)."""

    crossed: Mapping[str, Collection[int]]
    again: Mapping[str, Collection[int]] = field(default_factory=dict)
    locked: Collection[str] = frozenset()
    closed: Collection[str] = frozenset()
    penalties: int = 0
    written: Sequence[str] = ()
    bar_earned: Collection[int] = frozenset()
    bar_struck: Collection[int] = frozenset()
    squares: Mapping[str, Collection[int]] = field(default_factory=dict)
    track: Collection[int] = frozenset()
    bonus: Mapping[str, Collection[int]] = field(default_factory=dict)
    diamonds: Collection[int] = frozenset()


def pen_marks(layout: Layout, sheet: geometry.SheetBoxes, marks: Marks) -> list[Item]:
    """The pen's crosses of ``marks`` on a sheet: fields, small boxes, link squares,
    locks (each row in turn), penalty boxes and the value track's fields (``track K``, on
    :func:`qwixx_print.geometry.track_cross`); the phone's veil over a closed row
    (``row ID``, ``closed``)."""
    found: list[Item] = []
    for r, boxes in zip(layout.rows, sheet.rows, strict=True):
        crossed, again = marks.crossed.get(r.id, ()), marks.again.get(r.id, ())
        for k in range(len(r.fields)):
            if k in crossed:
                found += cross(f"row {r.id} field {k}", boxes.fields[k])
            if k in again:
                found += cross(f"row {r.id} again {k}", boxes.again[k])
        squares = marks.squares.get(r.id, ())
        for (left, _), box in zip(r.squares, boxes.squares, strict=True):
            if left in squares:
                found += cross(f"row {r.id} square {left}", box)
        if r.id in marks.locked:
            found += cross(f"row {r.id} lock", boxes.lock)
        elif r.lock_colour in marks.closed:
            veil = Rect(f"row {r.id}", "closed-veil", boxes.band, palette.WHITE, radius=1.2)
            found.append(veil._replace(alpha=0.55, screen=True))
    for k, box in enumerate(sheet.penalties[: marks.penalties]):
        found += cross(f"penalty {k}", box)
    return found + track_crosses(sheet, marks)


def track_crosses(sheet: geometry.SheetBoxes, marks: Marks) -> list[Item]:
    """The pen's crosses on the value track's crossed fields of ``marks`` (``track K``, on
    :func:`qwixx_print.geometry.track_cross`; Lucky 15, RULES-more.md §7), left to right:
    the last items of :func:`pen_marks`."""
    found: list[Item] = []
    for k, box in enumerate(sheet.track):
        if k in marks.track:
            found += cross(f"track {k}", geometry.track_cross(box))
    return found


def written(sheet: geometry.SheetBoxes, marks: Marks) -> list[Item]:
    """The points of ``marks`` written in the pen into the total line's boxes
    (``total K``, ``points``), centred, in bold."""
    found: list[Item] = []
    for k, (value, box) in enumerate(zip(marks.written, sheet.totals, strict=True)):
        sets = "" if k else "f"
        size = looks.WRITTEN_PT
        found.append(
            centred(f"total {k}", "points", value, box, size, palette.PEN, FONT_BOLD, sets)
        )
    return found


STRUCK_LINE = 0.4 * MM
"""The stroke through a bonus bar cell struck out of reach, pt."""


def bar_marks(layout: Layout, sheet: geometry.SheetBoxes, marks: Marks) -> list[Item]:
    """The bonus bar's marks (``bar K``): an earned cell crossed, a struck one (out of
    reach) struck through."""
    found: list[Item] = []
    for k, cell in enumerate(sheet.bonus_bar):
        square, _ = shapes.bar_square(cell)
        if k in marks.bar_earned:
            found += cross(f"bar {k}", square)
        if k in marks.bar_struck:
            ink, at = palette.INK, (square.x, square.y, square.right, square.top)
            line = Line(f"bar {k}", "struck", *at, ink, STRUCK_LINE, "sw")  # ink, not the pen
            found.append(line)
    return found
