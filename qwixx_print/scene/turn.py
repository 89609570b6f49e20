"""The phone's turned sheet (docs/web.md): a scene turned a quarter clockwise, so that its
rows run down a phone held upright, laid out here, not by a stylesheet. Every place turns
with the sheet; an item marked ``upright`` (a number, a colour's symbol, a badge, a padlock,
a score cell's two numbers, an X-Change diamond's pair) keeps its shape and is moved so that
its middle lands where the turned sheet puts that middle, or where the item says it
``stands`` (a power's badge, a double's "x2" tab: above its field's number, clear of the
digits, as on paper they stand on the field's top edge); every other text (the title, the
name, the labels, the power legend's words, the arrows) turns with the sheet and reads along
its strip, as on the paper turned.

Places are mm with y up, as everywhere in the scene: the point (x, y) of a sheet ``width`` mm
wide is (y, ``width`` - x) on the turned sheet, which is as wide as the sheet is high and as
high as it is wide (the sheet's left edge is its top, the sheet's top edge its right edge).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from qwixx_print.geometry import Box
from qwixx_print.scene import fonts
from qwixx_print.scene import items as kinds
from qwixx_print.scene.items import Item, Point

Bounds = tuple[float, float, float, float]
"""A box as (left, bottom, right, top), mm."""


class Turn(NamedTuple):
    """A quarter turn clockwise of a sheet ``width`` x ``height`` mm (see the module)."""

    width: float
    height: float

    @property
    def size(self) -> tuple[float, float]:
        """The turned sheet's width and height, mm."""
        return self.height, self.width

    def point(self, x: float, y: float) -> Point:
        """Where the sheet's point (``x``, ``y``) mm is on the turned sheet."""
        return y, self.width - x

    def box(self, box: Box) -> Box:
        """Where the sheet's ``box`` (mm) is on the turned sheet."""
        return Box(box.y, self.width - box.right, box.h, box.w)

    def items(self, found: Iterable[Item]) -> list[Item]:
        """The items of the turned sheet, in their order (:meth:`item`)."""
        return [self.item(it) for it in found]

    def item(self, it: Item) -> Item:
        """``it`` on the turned sheet: turned with it, or, upright, moved."""
        if isinstance(it, kinds.Rect):
            return it._replace(box=self.box(it.box))
        if isinstance(it, kinds.Circle):
            cx, cy = self.point(it.cx, it.cy)
            return it._replace(cx=cx, cy=cy)
        if isinstance(it, kinds.Line):
            (x0, y0), (x1, y1) = self.point(it.x0, it.y0), self.point(it.x1, it.y1)
            return it._replace(x0=x0, y0=y0, x1=x1, y1=y1)
        if isinstance(it, kinds.HalfDisc):
            return it._replace(box=self.box(it.box), start=(it.start - 90) % 360)
        if isinstance(it, kinds.Badge):
            x, y = self.point(*(it.stands or (it.x, it.y)))
            return it._replace(x=x, y=y)
        if isinstance(it, kinds.Polygon) and not it.upright:
            return it._replace(points=tuple(self.point(x, y) for x, y in it.points))
        if isinstance(it, kinds.Text) and not it.upright:
            x, y = self.point(it.x, it.y)
            return it._replace(x=x, y=y, angle=it.angle + 90)
        if isinstance(it, kinds.Group) and not it.upright:
            return it._replace(items=tuple(self.items(it.items)))
        return self.stood(it)  # upright: a text, polygon or group; a shackle always stands

    def stood(self, it: Item) -> Item:
        """``it`` upright on the turned sheet: moved, not turned, its middle where the turned
        sheet puts it, or, for a group that says where it ``stands``, puts that point."""
        if isinstance(it, kinds.Group) and not it.items:
            return it
        x0, y0, x1, y1 = bounds(it)
        x, y = (x0 + x1) / 2, (y0 + y1) / 2
        stands = it.stands if isinstance(it, kinds.Group) else None
        tx, ty = self.point(*(stands or (x, y)))
        return moved(it, tx - x, ty - y)


def moved(it: Item, dx: float, dy: float) -> Item:
    """``it`` moved ``dx``, ``dy`` mm, not turned."""
    if isinstance(it, kinds.Rect | kinds.HalfDisc):
        box = it.box
        return it._replace(box=Box(box.x + dx, box.y + dy, box.w, box.h))
    if isinstance(it, kinds.Circle):
        return it._replace(cx=it.cx + dx, cy=it.cy + dy)
    if isinstance(it, kinds.Polygon):
        return it._replace(points=tuple((x + dx, y + dy) for x, y in it.points))
    if isinstance(it, kinds.Line):
        return it._replace(x0=it.x0 + dx, y0=it.y0 + dy, x1=it.x1 + dx, y1=it.y1 + dy)
    if isinstance(it, kinds.Arch):
        return it._replace(cx=it.cx + dx, bottom=it.bottom + dy, top=it.top + dy)
    if isinstance(it, kinds.Text | kinds.Badge):
        return it._replace(x=it.x + dx, y=it.y + dy)
    return it._replace(items=tuple(moved(child, dx, dy) for child in it.items))


def bounds(it: Item) -> Bounds:
    """The box ``it`` takes, mm (a text's: its advance across, and an em box around the
    optical middle of its digits and capitals, as :func:`qwixx_print.scene.fonts.centred_baseline`
    places them; turned with the text)."""
    if isinstance(it, kinds.Rect | kinds.HalfDisc):
        return it.box.x, it.box.y, it.box.right, it.box.top
    if isinstance(it, kinds.Circle):
        return it.cx - it.r, it.cy - it.r, it.cx + it.r, it.cy + it.r
    if isinstance(it, kinds.Badge):
        return it.x - it.r, it.y - it.r, it.x + it.r, it.y + it.r
    if isinstance(it, kinds.Polygon | kinds.Line):
        points = it.points if isinstance(it, kinds.Polygon) else ((it.x0, it.y0), (it.x1, it.y1))
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(it, kinds.Arch):
        return it.cx - it.r, it.bottom, it.cx + it.r, it.top
    if isinstance(it, kinds.Text):
        width = fonts.string_width(it.text, it.font, it.size) / fonts.MM
        left = -{"l": 0.0, "c": width / 2, "r": width}[it.align]
        face = fonts.face(it.font)
        half = (face.ascent - face.descent) / 2000 * it.size / fonts.MM
        middle = fonts.cap_height(it.font, it.size) / 2
        corners = [(x, y) for x in (left, left + width) for y in (middle - half, middle + half)]
        if it.angle:  # turned clockwise about its anchor
            a = math.radians(it.angle)
            cos, sin = math.cos(a), math.sin(a)
            corners = [(x * cos + y * sin, y * cos - x * sin) for x, y in corners]
        xs, ys = [it.x + x for x, _ in corners], [it.y + y for _, y in corners]
        return min(xs), min(ys), max(xs), max(ys)
    found = [bounds(child) for child in it.items]
    return (
        min(b[0] for b in found),
        min(b[1] for b in found),
        max(b[2] for b in found),
        max(b[3] for b in found),
    )
