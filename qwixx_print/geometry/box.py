"""A rectangle in millimetres, the unit of every box of a sheet (:mod:`.boxes`), of the
shapes in its cells (:mod:`.cells`) and of the imposition (:mod:`.imposition`).

Coordinates are PDF-like: origin at the bottom left, x to the right, y up, all in mm.
"""

from __future__ import annotations

from typing import NamedTuple


class Box(NamedTuple):
    """A rectangle in mm: lower-left corner (``x``, ``y``), width ``w``, height ``h``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        """Centre x, mm."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """Centre y, mm."""
        return self.y + self.h / 2

    @property
    def top(self) -> float:
        """Upper edge y, mm."""
        return self.y + self.h

    @property
    def right(self) -> float:
        """Right edge x, mm."""
        return self.x + self.w
