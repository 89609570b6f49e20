"""The marks of the sheets of RULES.md §4 as scene items (:mod:`qwixx_print.scene.items`),
mm: Big Points' round two-colour bonus cells (``bonus ID K``), Longo's lock fields
(``lock-field ROW K``) and lucky clovers (``lucky K``), Connected's framed fields
(``framed K``, ``framed total``), linked pairs (``link K``) and the slip's name (``slip``),
X-Change's diamonds (``diamond K``), Lucky 15's value track (``track K``, RULES-more.md §7).

:func:`blank` gives what every sheet of a layout shares, :func:`own` one sheet's own values
(its slip's links and name, its lucky numbers), drawn over the blank; both in the order the
PDF draws them. The phone draws each part where it stands on its sheet.
"""

from __future__ import annotations

from qwixx_print import geometry, rules
from qwixx_print.compiled import Compiled
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import looks, palette, shapes
from qwixx_print.scene.build import Marks, arrow, centred, cross, fitted, part_index, symbol
from qwixx_print.scene.fonts import FONT_BOLD, MM
from qwixx_print.scene.items import (
    Arch,
    Circle,
    Group,
    HalfDisc,
    Item,
    Line,
    Polygon,
    Rect,
)


def _colour(layout: Layout, name: str) -> palette.RGB:
    return palette.hex_rgb(layout.colours[name])


def blank(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Everything of RULES.md §4 that every sheet of ``layout`` shares: bonus rows, lock
    fields, the framed fields and their total box's mark, diamonds, the value track, empty
    lucky clovers."""
    return [
        *bonus_rows(layout, sheet),
        *lock_fields(layout, sheet),
        *framed(layout, sheet),
        *diamonds(layout, sheet),
        *track(layout, sheet),
        *clovers(sheet),
    ]


def own(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """One sheet's own values over its blank: the links of its slip and the slip's name
    (Connected Chain), its lucky numbers in the clovers (Longo)."""
    return [*links(layout, sheet), *slip(layout, sheet), *lucky_numbers(layout, sheet)]


def bonus_rows(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Big Points: a round cell per column, its upper half in the half tint of the row
    above, its lower half in the row below's, each half with its colour's symbol (so the
    halves tell apart without colour), the column's number in it: the colours and numbers
    of :class:`qwixx_print.compiled.Compiled` (``bonus_colours``, ``bonus_numbers``)."""
    if not sheet.bonus_rows:
        return []
    board, shape = Compiled.of(layout), shapes.shapes(layout)
    found: list[Item] = []
    for bonus, names, numbers, cells in zip(
        board.bonus_ids, board.bonus_colours, board.bonus_numbers, sheet.bonus_rows, strict=True
    ):
        top, bottom = (_colour(layout, name) for name in names)
        for k, (number, box) in enumerate(zip(numbers, cells, strict=True)):
            id, ink = f"bonus {bonus} {k}", palette.INK
            ring = Circle(
                id, "ring", box.cx, box.cy, box.w / 2, None, ink, looks.BONUS_CELL_LINE, "ws"
            )
            found += [
                HalfDisc(id, "upper", box, palette.half_tint(top), 0, "wf"),
                HalfDisc(id, "lower", box, palette.half_tint(bottom), 180),
                ring,
            ]
            for name, tint, side in ((names[0], top, 1), (names[1], bottom, -1)):
                half = shapes.bonus_half(box, side)
                found.append(symbol(id, "symbol", shape[name], half, palette.print_ink(tint)))
            found.append(centred(id, "number", str(number), box, shapes.BONUS_PT, ink, FONT_BOLD))
    return found


def padlock(id: str, box: Box, ink: palette.RGB) -> Group:
    """A small padlock filling ``box`` (mm): a body and its shackle
    (:func:`qwixx_print.scene.shapes.padlock_parts`), upright on a turned phone sheet."""
    body, r, stroke = shapes.padlock_parts(box)
    return Group(
        id,
        "padlock",
        (
            Rect(id, "body", body, ink, radius=0.1 * box.w, sets="f"),
            Arch(id, "shackle", box.cx, body.top, box.top, r, ink, stroke * MM, "sw", rise=False),
        ),
        upright=True,
    )


def lock_fields(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Longo: a small padlock in the top-right corner of every lock field of a row that has
    several (RULES.md §4: lock with either of the last two)."""
    if layout.lock_fields < 2:
        return []
    found: list[Item] = []
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        ink = palette.print_ink(_colour(layout, row.lock_colour))
        start = layout.lock_start(row)
        for k, box in enumerate(boxes.fields[start:], start=start):
            found.append(padlock(f"lock-field {row.id} {k}", shapes.lock_field_padlock(box), ink))
    return found


def _steps(id: str, box: Box) -> Polygon:
    """Three steps going down to the right, filling ``box`` (mm): the framed group's mark."""
    return Polygon(id, "steps", tuple(shapes.steps(box)), palette.INK)


def framed(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Connected Steps: a heavy dashed frame around each framed field with the steps mark in
    its top-right corner, and the mark on the framed group's total box."""
    found: list[Item] = []
    boxes = [sheet.rows[r].fields[i] for r, i in rules.framed_fields(layout)]
    for k, box in enumerate(boxes):
        frame = Box(box.x - 0.1, box.y - 0.1, box.w + 0.2, box.h + 0.2)
        line, dash = looks.FRAMED_LINE, looks.FRAMED_DASH
        found.append(
            Rect(f"framed {k}", "frame", frame, None, palette.INK, line, 0.7, "wds", dash=dash)
        )
        found.append(_steps(f"framed {k}", Box(box.right - 1.6, box.top - 1.6, 1.2, 1.2)))
    at = part_index(layout, "framed")
    if boxes and at is not None:  # the framed points' box in the total line
        total = sheet.totals[at]
        found.append(_steps("framed total", Box(total.x + 0.4, total.top - 1.6, 1.2, 1.2)))
    return found


def diamonds(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """X-Change: a diamond per cell, its two numbers above and below a rule (upright as a
    pair on a turned phone sheet), an arrow from the diamond before."""
    found: list[Item] = []
    ink = palette.INK
    for k, ((a, b), cell) in enumerate(zip(layout.diamonds, sheet.diamonds, strict=True)):
        id = f"diamond {k}"
        shape = geometry.diamond_shape(cell)
        half_w, half_h = shape.w / 2, shape.h / 2
        x, y = cell.cx, cell.cy
        points = ((x - half_w, y), (x, y + half_h), (x + half_w, y), (x, y - half_h))
        paper = palette.DIAMOND_PAPER
        found.append(
            Polygon(id, "diamond", points, paper, "fsw", stroke=ink, width=looks.DIAMOND_LINE)
        )
        rule = Line(
            id, "rule", x - half_w * 0.45, y, x + half_w * 0.45, y, ink, looks.DIAMOND_RULE, "w"
        )
        upper = Box(x - half_w / 2, y, half_w, half_h * 0.8)
        lower = Box(x - half_w / 2, y - half_h * 0.8, half_w, half_h * 0.8)
        size = looks.DIAMOND_PT
        pair = (
            rule,
            centred(id, "number", str(a), upper, size, ink, FONT_BOLD, upright=False),
            centred(id, "number", str(b), lower, size, ink, FONT_BOLD, "", upright=False),
        )
        found.append(Group(id, "numbers", pair, upright=True))
        if k:
            found.append(arrow(id, cell, sets=""))
    return found


def track(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Lucky 15 (RULES-more.md §7): a field ``track K`` per value of the layout's value
    track, left to right: a rounded field in the track colour's paper and edge with the
    colour's symbol (``symbol``) and the value (``value``) in its print ink, and from the
    second on an arrow (``arrow``, :func:`qwixx_print.geometry.track_arrow`) from the field
    before. No track, no items."""
    found_track = layout.value_track
    if found_track is None:
        return []
    tint = _colour(layout, found_track.colour)
    shape = shapes.shapes(layout)[found_track.colour]
    ink, paper, edge = palette.print_ink(tint), palette.paper(tint), palette.edge(tint)
    found: list[Item] = []
    cells = zip(found_track.values, sheet.track, strict=True)
    for k, (value, cell) in enumerate(cells):
        id, line, radius = f"track {k}", looks.TRACK_LINE, shapes.TRACK_RADIUS
        found.append(Rect(id, "field", cell, paper, edge, line, radius, "wfs" if k == 0 else "fs"))
        found.append(symbol(id, "symbol", shape, shapes.track_corner(cell), ink))
        found.append(centred(id, "value", str(value), cell, looks.TRACK_PT, ink, FONT_BOLD))
        if k:
            box, size = geometry.track_arrow(cell), looks.ARROW_PT  # turns with the phone's sheet
            found.append(centred(id, "arrow", "\u203a", box, size, palette.INK, upright=False))
    return found


def clover(id: str, box: Box) -> list[Item]:
    """A four-leaf clover filling ``box`` (mm), with a stem: the mark of a lucky number
    (:func:`qwixx_print.scene.shapes.clover`)."""
    (x0, y0), (x1, y1) = shapes.clover(box)[0]
    green = palette.CLOVER
    found: list[Item] = [Line(id, "stem", x0, y0, x1, y1, green, looks.CLOVER_STEM, "fsw")]
    for k, ((x, y), r) in enumerate(shapes.clover(box)[1]):
        found.append(Circle(id, "leaf" if k < 4 else "heart", x, y, r, green, sets=""))
    return found


def clovers(sheet: geometry.SheetBoxes) -> list[Item]:
    """Longo: an empty clover for each lucky number."""
    return [it for k, box in enumerate(sheet.lucky) for it in clover(f"lucky {k}", box)]


LINK_INK = palette.INK
"""The links' rings and bars (Connected Chain), :data:`qwixx_print.scene.looks.LINK_LINE`
wide; the PDF sets this stroke before a sheet's own values, links or not."""


def links(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Connected Chain: a ring around the number of each linked field and a bar joining the
    two rings of a pair."""
    index = rules.row_places(layout)
    found: list[Item] = []
    ink, line = LINK_INK, looks.LINK_LINE
    for n, ((ra, ia), (rb, ib)) in enumerate(layout.links):
        id = f"link {n}"
        a, b = sheet.rows[index[ra]].fields[ia], sheet.rows[index[rb]].fields[ib]
        r = min(a.w, a.h) * 0.4
        for box in (a, b):  # the PDF sets the stroke before the first pair, pair or not
            found.append(Circle(id, "ring", box.cx, box.cy, r, None, ink, line, ""))
        upper, lower = (a, b) if a.cy > b.cy else (b, a)
        found.append(Line(id, "bar", upper.cx, upper.cy - r, lower.cx, lower.cy + r, ink, line))
    return found


def slip(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """The slip's name (Connected Chain: A-E), white on ink, right in the header."""
    if sheet.slip is None or not layout.slip:
        return []
    label = ("slip name", layout.slip, "slip box")
    return [
        Rect("slip", "box", sheet.slip, palette.INK, radius=0.8, sets="f"),
        *fitted(
            "slip",
            "name",
            label,
            sheet.slip,
            looks.SLIP_PT,
            palette.WHITE,
            FONT_BOLD,
            upright=True,
            place=("slips",),
        ),
    ]


def lucky_numbers(layout: Layout, sheet: geometry.SheetBoxes) -> list[Item]:
    """Longo: the sheet's lucky numbers, white, in their clovers."""
    return [
        centred(f"lucky {k}", "number", str(n), box, looks.LUCKY_PT, palette.WHITE, FONT_BOLD)
        for k, (n, box) in enumerate(zip(layout.lucky, sheet.lucky, strict=False))
    ]


def crossed(layout: Layout, sheet: geometry.SheetBoxes, marks: Marks) -> list[Item]:
    """The pen's crosses of ``marks`` on the marks of RULES.md §4: the crossed bonus cells
    (``bonus ID K``, each bonus row's by column) and diamonds (``diamond K``, on
    :func:`qwixx_print.geometry.diamond_cross`), in that order."""
    found: list[Item] = []
    ids = Compiled.of(layout).bonus_ids if sheet.bonus_rows else ()
    for bonus, cells in zip(ids, sheet.bonus_rows, strict=True):
        for k in sorted(marks.bonus.get(bonus, ())):
            found += cross(f"bonus {bonus} {k}", cells[k])
    for k in sorted(marks.diamonds):
        found += cross(f"diamond {k}", geometry.diamond_cross(sheet.diamonds[k]))
    return found
