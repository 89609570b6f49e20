"""The plain items a scene is made of, immutable named tuples in mm with the geometry's y up
(quick to make: a sheet is a few hundred of them): what both painters
(the PDF's :mod:`qwixx_print.draw.paint`, the phone's :mod:`qwixx_print.web.svg`) translate,
one primitive at a time, deciding nothing.

Every item names what it is by ``id`` (``row red field 4``, ``row red lock``, ``penalty 2``,
``total 0``, ``bar 1``, ...; a row's id has no space) and which of its parts it is by
``part`` (``paper``, ``number``, ``symbol``, ``cross``, ...). The phone's painter groups the
items by id and adds its ``data-*`` hooks and tap targets to those groups.

Colours are :data:`qwixx_print.scene.palette.RGB` (``None``: not filled or not stroked);
stroke widths are pt, as the PDF sets them (the SVG converts with
:func:`qwixx_print.scene.looks.mm`); text sizes are pt.

``sets`` says, in order, which graphics state the PDF painter sets before drawing the item
(``w`` the line width, ``f`` the fill colour, ``s`` the stroke colour, ``c`` round line
caps, ``d`` the dashes): the PDF keeps a state between drawings, and a sheet's bytes depend
on when it is set. The SVG writes every element's whole style and ignores it. (A line has no
fill: its ``f`` sets the fill to the line's colour, for the shapes drawn after it.)
"""

from __future__ import annotations

from typing import NamedTuple

from qwixx_print.geometry import Box
from qwixx_print.scene.looks import BADGE_LINE
from qwixx_print.scene.palette import INK, RGB, WHITE

Point = tuple[float, float]


class Rect(NamedTuple):
    """``box`` filled with ``fill``, stroked ``width`` pt in ``stroke``, corners rounded by
    ``radius`` mm (0: square), ``alpha`` its opacity (the PDF's fill alpha), ``dash`` its
    dashes (on, off, pt; the PDF ends them after it); ``screen``: drawn on the phone only
    (a veil), its ``part`` the element's class there."""

    id: str
    part: str
    box: Box
    fill: RGB | None
    stroke: RGB | None = None
    width: float = 0.0
    radius: float = 0.0
    sets: str = "fs"
    alpha: float = 1.0
    screen: bool = False
    dash: tuple[float, float] | None = None


class Circle(NamedTuple):
    """A circle of radius ``r`` mm around (``cx``, ``cy``) mm, filled and/or stroked;
    ``upright`` as a :class:`Polygon`'s, ``alpha`` its fill's opacity."""

    id: str
    part: str
    cx: float
    cy: float
    r: float
    fill: RGB | None
    stroke: RGB | None = None
    width: float = 0.0
    sets: str = "f"
    upright: bool = False
    alpha: float = 1.0


class Polygon(NamedTuple):
    """The closed polygon through ``points`` (mm) filled with ``fill``, stroked ``width``
    pt in ``stroke`` if one is given; ``upright``: kept upright as one on a turned phone
    sheet (a colour's symbol: a triangle stays ▲)."""

    id: str
    part: str
    points: tuple[Point, ...]
    fill: RGB
    sets: str = "f"
    upright: bool = False
    stroke: RGB | None = None
    width: float = 0.0


class Line(NamedTuple):
    """A line from (``x0``, ``y0``) to (``x1``, ``y1``) mm, ``width`` pt in ``stroke``,
    round caps."""

    id: str
    part: str
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: RGB
    width: float
    sets: str = ""


class Arch(NamedTuple):
    """A padlock's shackle: up from (``cx`` - ``r``, ``bottom``) to ``top`` - ``r``, half a
    circle of radius ``r`` over to ``cx`` + ``r`` and down to ``bottom`` again, mm,
    ``width`` pt in ``stroke``; ``rise``: the PDF draws the way up as a line of its own (else
    as the arc's lead-in)."""

    id: str
    part: str
    cx: float
    bottom: float
    top: float
    r: float
    stroke: RGB
    width: float
    sets: str = "w"
    rise: bool = True


class Text(NamedTuple):
    """``text`` in ``font`` at ``size`` pt, its baseline at ``y`` mm, anchored at ``x`` mm
    on its left (``l``), centre (``c``) or right (``r``), in ``fill``. Its size and place are
    fitted by the builder (:mod:`qwixx_print.scene.fonts`); a painter sets it as it is.
    ``upright``: stands upright on the turned phone sheet (a number: :mod:`.turn`), else it
    turns with the sheet (a label, an arrow); ``angle``: how far it is turned clockwise, in
    degrees, about its anchor (90 on the turned sheet; 0 on paper)."""

    id: str
    part: str
    text: str
    x: float
    y: float
    size: float
    font: str
    fill: RGB
    align: str = "c"
    sets: str = "f"
    upright: bool = False
    angle: float = 0.0


class HalfDisc(NamedTuple):
    """Half the disc filling the square ``box`` (mm), filled with ``fill``, unstroked: the
    half from ``start`` degrees counter-clockwise to ``start`` + 180 (0: the upper half, 180:
    the lower; the turned phone sheet's are 90 less)."""

    id: str
    part: str
    box: Box
    fill: RGB
    start: float
    sets: str = "f"


class Badge(NamedTuple):
    """A power's badge (RULES.md §2 Kräfte): the symbol of ``power``
    (:func:`qwixx_print.scene.shapes.power_symbol`, its strokes in ``ink``) in a disc of
    radius ``r`` mm around (``x``, ``y``) mm filled with ``paper`` and outlined ``width`` pt
    in ``ink``; it always stands upright, also on the turned phone sheet, where ``stands``
    says (as a :class:`Group`'s)."""

    id: str
    part: str
    power: str
    x: float
    y: float
    r: float
    paper: RGB = WHITE
    ink: RGB = INK
    width: float = BADGE_LINE
    stands: Point | None = None


class Group(NamedTuple):
    """``items`` drawn together: ``saved``, the PDF saves its graphics state around them;
    ``upright``, they stand upright as one on the turned phone sheet (a score cell's two
    numbers, a padlock: :mod:`.turn` moves them, turning none of them); ``stands``: where
    an upright group's middle stands on the turned phone sheet, said as the point of the
    printed sheet (mm) that the turn takes there (a double's "x2" tab stands above the
    field's number: :func:`qwixx_print.scene.shapes.turned_top`); None: where the turn takes
    its own middle. Only the turned sheet reads it: the PDF paints the items as they are."""

    id: str
    part: str
    items: tuple[Item, ...]
    saved: bool = False
    upright: bool = False
    stands: Point | None = None


Item = Rect | Circle | Polygon | Line | Arch | HalfDisc | Text | Badge | Group
"""One item of a scene."""
