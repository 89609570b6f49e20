"""The sheet's colours as (r, g, b) in 0..1, and the recipes that tint a layout's colour for
each part of the sheet: the one place a look is decided. The PDF turns them into reportlab
colours (``draw.paint.colour``), the phone's SVG into ``#rrggbb`` (:func:`hex_code`)."""

from __future__ import annotations

RGB = tuple[float, float, float]
"""A colour: red, green, blue, each 0..1."""

WHITE: RGB = (1.0, 1.0, 1.0)
INK: RGB = (0.13, 0.13, 0.13)
"""The printed ink: a near-black grey."""
CUT: RGB = (0.55, 0.55, 0.55)
"""The cut lines and marks between sheets."""
MIXED_BAND: RGB = (0.35, 0.35, 0.35)
"""The band behind a row of mixed colours (RULES.md §2 Farbblöcke)."""
TOTAL_GREY: RGB = (0.5, 0.5, 0.5)
"""The tint of a total box that belongs to no one-colour row."""
SCORE_CELL: RGB = (0.94, 0.94, 0.94)
SCORE_EDGE: RGB = (0.6, 0.6, 0.6)
"""The score table's cells and their outline."""
PALE_TEXT: RGB = (0.7, 0.7, 0.7)
"""The printed minus points in a penalty box (the player's cross goes over it)."""
ROW_NUMBER: RGB = (0.6, 0.6, 0.6)
"""The row number in a mixed row's total box."""
DIAMOND_PAPER: RGB = (0.95, 0.95, 0.95)
"""An X-Change diamond's fill."""
SQUARE_FILL: RGB = WHITE
"""A link square's fill (Connect 15, RULES.md §7): white like the small boxes, outlined in
:data:`INK`, so it reads as a box of its own on the row's band."""
CLOVER: RGB = (0.16, 0.5, 0.24)
"""The lucky clovers (Longo)."""
PEN: RGB = (0.08, 0.16, 0.55)
"""The crosses and numbers written on a filled-in sheet: a blue ballpoint."""
HEAT: RGB = INK
"""The heat map's tint of a crossed field (laid over it, opaque in proportion to its rate):
neutral, so it stands apart from every row colour."""
"""The crosses and numbers written on a filled-in sheet: a blue ballpoint."""


def hex_rgb(code: str) -> RGB:
    """The colour of a ``#rrggbb`` code (as reportlab's ``HexColor`` reads it)."""
    value = int(code[1:], 16)
    return ((value >> 16) & 0xFF) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255


def hex_code(colour: RGB) -> str:
    """``#rrggbb`` of ``colour``, each part rounded to the nearest of 256 steps."""
    return "#" + "".join(f"{round(part * 255):02x}" for part in colour)


def mix(colour: RGB, other: RGB, share: float) -> RGB:
    """``colour`` moved ``share`` (0..1) of the way towards ``other``."""
    a, b, c = (x + (y - x) * share for x, y in zip(colour, other, strict=True))
    return a, b, c


def paper(colour: RGB) -> RGB:
    """A field's (and a lock's) paper: its colour, pale."""
    return mix(colour, WHITE, 0.82)


def edge(colour: RGB) -> RGB:
    """A field's (and a total box's) outline: its colour, darkened."""
    return mix(colour, INK, 0.3)


def print_ink(colour: RGB) -> RGB:
    """The ink of what is printed in a field of ``colour``: its number, its symbol, the
    padlock of a lock of that colour."""
    return mix(colour, INK, 0.35)


def double_ink(colour: RGB) -> RGB:
    """The frames and "x2" tab of a double field (RULES.md §2 Doppelt)."""
    return mix(colour, INK, 0.45)


def total_paper(colour: RGB) -> RGB:
    """A row total box's paper."""
    return mix(colour, WHITE, 0.8)


def half_tint(colour: RGB) -> RGB:
    """A half tint: the bonus bar's cells, the halves of a Big Points bonus cell."""
    return mix(colour, WHITE, 0.55)
