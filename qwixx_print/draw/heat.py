"""The heat map of a simulation (``simulate --plot``): the sheet as the preview draws it,
each field tinted by its cross rate (the most crossed field darkest, a never-crossed field
untinted), each lock labelled with its lock rate, Big Points' bonus cells tinted too (their
strip is too low for a label), and a legend below."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, BinaryIO

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels
from qwixx_print.draw import check, paint, picture
from qwixx_print.draw.paint import INK
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import fonts, palette, shapes
from qwixx_print.scene.fonts import FONT, FONT_BOLD, MM

HEAT = paint.colour(palette.HEAT)
"""The tint of a crossed field, laid over the field's own colours: the ink's neutral grey,
so it reads alike on every row colour (a violet tint vanished into a purple row)."""
MAX_ALPHA = 0.78
"""Opacity of the tint on the most crossed field; the others in proportion to their rate."""
LEGEND_H = 13.0
"""Height of the legend under the sheet, mm."""
STEPS = 10


def _tint(c: Canvas, box: Box, share: float, round_cell: bool = False) -> None:
    """Lay the heat tint over ``box`` (``round_cell``: the circle within it, a bonus cell):
    ``share`` 0 leaves it untouched, 1 is darkest."""
    if share <= 0:
        return
    c.saveState()
    c.setFillColor(HEAT, alpha=MAX_ALPHA * share)
    if round_cell:
        c.circle(box.cx * MM, box.cy * MM, min(box.w, box.h) / 2 * MM, stroke=0, fill=1)
    else:
        c.roundRect(box.x * MM, box.y * MM, box.w * MM, box.h * MM, 0.7 * MM, stroke=0, fill=1)
    c.restoreState()


LABEL_LINE = 0.4
"""Width of a label's outline, pt: thin, so it never runs into the digits."""


def _label(c: Canvas, text: str, box: Box, size: float) -> None:
    """A small white label, thinly outlined, with ``text`` centred on ``box`` in at most
    ``size`` pt, fitted clear of the outline."""
    c.saveState()
    c.setLineWidth(LABEL_LINE)
    paint.rect(c, box, white, INK, radius=0.4)
    c.restoreState()
    room = Box(box.x + 0.3, box.y, box.w - 0.6, box.h)
    c.setFillColor(INK)
    paint.centred(c, text, room, fonts.fit_size(text, room, size, FONT_BOLD), FONT_BOLD)


def lock_tag(lock: Box) -> Box:
    """The box (mm) of a lock's rate: the bottom of the round ``lock`` field, below the
    padlock's body (:func:`qwixx_print.scene.shapes.padlock_body`), never over it."""
    bottom = lock.y - 0.3
    return Box(lock.x + 0.2, bottom, lock.w - 0.4, shapes.padlock_body(lock).y - 0.1 - bottom)


def _legend(c: Canvas, top: float, peak: float, title: str, note: str = "") -> None:
    """The legend: a scale of tints from 0 to ``peak``, what the numbers mean and a
    ``note`` (empty: none)."""
    c.setFillColor(INK)
    paint.text_at(c, title, 3.0, top - 4.0, 6.5, FONT_BOLD, align="l")
    cell = 3.6
    for k in range(STEPS + 1):
        box = Box(3.0 + k * cell, top - 10.5, cell, 4.0)
        paint.rect(c, box, white, None)
        _tint(c, box, k / STEPS)
    c.setLineWidth(0.3)
    paint.rect(c, Box(3.0, top - 10.5, cell * (STEPS + 1), 4.0), None, INK)
    c.setFillColor(INK)
    paint.text_at(c, "0 %", 3.0 + cell / 2, top - 12.5, 5.0, FONT)
    peak_text = f"{peak:.0%}".replace("%", " %")
    paint.text_at(c, peak_text, 3.0 + cell * (STEPS + 0.5), top - 12.5, 5.0, FONT)
    x = 3.0 + cell * (STEPS + 1) + 3.0
    lines = [
        "field: share of sheets with it crossed",
        "lock: share of games in which a player locked it",
    ]
    step = 2.6 if note else 3.0
    for k, line in enumerate([*lines, note] if note else lines):
        paint.text_at(c, line, x, top - 7.0 - k * step, 5.0, FONT, "l")


def draw_heat(c: Canvas, layout: Layout, report: Mapping[str, Any]) -> None:
    """Draw the heat map of ``report`` (a ``simulate`` report of ``layout``: its
    ``cross_rate``, ``lock_rate``) on ``c``: the sheet above, the legend below."""
    cross: Mapping[str, Sequence[float]] = report["cross_rate"]
    locks: Mapping[str, float] = report["lock_rate"]
    peak = max((rate for rates in cross.values() for rate in rates), default=0.0)
    c.saveState()
    c.translate(0, LEGEND_H * MM)
    pooled = bool(layout.slips)  # seats play every slip in turn: one slip's links would mislead
    shown = dataclasses.replace(layout, links=(), slip="") if pooled else layout
    check.draw_checked(c, shown, labels.DEFAULT_LANG)
    sheet = geometry.sheet_boxes(layout)
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        for rate, box in zip(cross[row.id], boxes.fields, strict=True):
            _tint(c, box, rate / peak if peak > 0 else 0.0)
            inset = min(0.9, box.w * 0.07)  # the badge sits below the field's digits
            tag = Box(box.x + inset, box.y + 0.2, box.w - 2 * inset, min(1.6, box.h * 0.22))
            _label(c, f"{rate:.0%}", tag, 4.0)
        _label(c, f"{locks[row.id]:.0%}", lock_tag(boxes.lock), 5.0)
    for bonus_row, cells in zip(layout.bonus_rows, sheet.bonus_rows, strict=True):
        for rate, box in zip(cross[bonus_row.id], cells, strict=True):
            _tint(c, box, rate / peak if peak > 0 else 0.0, round_cell=True)
    c.restoreState()
    title = (
        f"{layout.name}: {report['games']:,} games, {report['players']} players, "
        f"{report['strategy']}, seed {report['seed']}"
    )
    _legend(c, LEGEND_H, peak, title, _pooled_note(layout))


def _pooled_note(layout: Layout) -> str:
    """What the map leaves out where the seats' sheets differ (RULES.md §4): one slip's
    links, one sheet's lucky numbers; empty where all sheets are alike."""
    if layout.slips:
        slips = f"{layout.slips[0].name}-{layout.slips[-1].name}"
        return f"slips {slips} pooled: their links are not drawn"
    if layout.lucky_draw is not None:
        return "lucky numbers differ from sheet to sheet: not drawn"
    return ""


def heat_map(layout: Layout, report: Mapping[str, Any], out: BinaryIO) -> None:
    """Write the heat map of ``report`` for ``layout`` as a PNG (12 pixels per mm) to
    ``out``. Raises LayoutError for bad labels."""
    size = (geometry.SHEET_W, geometry.SHEET_H + LEGEND_H)
    picture(lambda c: draw_heat(c, layout, report), size, out)
