"""The heat map of a simulation (``simulate --plot``) as scene items
(:mod:`qwixx_print.scene.items`), mm: over the sheet, each field tinted by its cross rate
(the most crossed field darkest, a never-crossed field untinted) with its rate on a small
white label (``heat row ID field I``), each lock's rate below its padlock
(``heat row ID lock``), Nochmal's small boxes tinted by theirs with it printed inside
(``heat row ID again I``), Big Points' bonus cells tinted (their strip is too low for a label);
below the sheet a legend (``heat legend``): a scale of tints and what the numbers mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from qwixx_print import geometry
from qwixx_print.compiled import Compiled
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import fonts, palette, shapes
from qwixx_print.scene.fonts import FONT, FONT_BOLD
from qwixx_print.scene.items import Circle, Group, Item, Rect, Text

MAX_ALPHA = 0.35
"""Opacity of the tint on the most crossed field; the others in proportion to their rate.
Light enough that a field's number stands out on the darkest tint in every row colour
(0.78 before: a blue or red number on its most crossed field was hardly legible)."""
LEGEND_H = 13.0
"""Height of the legend under the sheet, mm."""
STEPS = 10
"""Steps of the legend's scale of tints, above 0."""
LABEL_LINE = 0.4
"""Width of a label's outline, pt: thin, so it never runs into the digits."""


def tint(id: str, box: Box, share: float, round_cell: bool = False) -> list[Item]:
    """The heat tint over ``box`` (``round_cell``: the circle within it, a bonus cell), the
    ink's neutral grey (:data:`qwixx_print.scene.palette.HEAT`, alike on every row colour):
    ``share`` 0 leaves it untouched, 1 is darkest."""
    if share <= 0:
        return []
    alpha, heat = MAX_ALPHA * share, palette.HEAT
    if round_cell:
        r = min(box.w, box.h) / 2
        shape: Item = Circle(id, "heat", box.cx, box.cy, r, heat, alpha=alpha)
    else:
        shape = Rect(id, "heat", box, heat, radius=0.7, sets="f", alpha=alpha)
    return [Group(id, "heat", (shape,), saved=True)]


def label(id: str, text: str, box: Box, size: float) -> list[Item]:
    """A small white label, thinly outlined, with ``text`` centred on ``box`` in at most
    ``size`` pt, fitted clear of the outline."""
    frame = Rect(id, "label", box, palette.WHITE, palette.INK, LABEL_LINE, 0.4, "wfs")
    return [Group(id, "label", (frame,), saved=True), *_inside(id, text, box, size)]


def _inside(id: str, text: str, box: Box, size: float) -> list[Item]:
    """``text`` centred in ``box`` in at most ``size`` pt, with no label of its own (a small
    box is empty paper: its rate stands in it)."""
    room = Box(box.x + 0.3, box.y, box.w - 0.6, box.h)
    fitted = fonts.fit_size(text, room, size, FONT_BOLD)
    y = fonts.centred_baseline(room, fitted, FONT_BOLD)
    return [Text(id, "rate", text, room.cx, y, fitted, FONT_BOLD, palette.INK, upright=True)]


def lock_tag(lock: Box) -> Box:
    """The box (mm) of a lock's rate: the bottom of the round ``lock`` field, below the
    padlock's body (:func:`qwixx_print.scene.shapes.padlock_body`), never over it."""
    bottom = lock.y - 0.3
    return Box(lock.x + 0.2, bottom, lock.w - 0.4, shapes.padlock_body(lock).y - 0.1 - bottom)


Rates = Mapping[str, Sequence[float]]
"""Per row id (or bonus row id), a rate per field (cell, small box): a share 0..1."""


def peak_rate(cross: Rates, again: Rates) -> float:
    """The highest of the ``cross`` and ``again`` rates (0 without any): the darkest tint."""
    return max(
        (rate for found in (*cross.values(), *again.values()) for rate in found), default=0.0
    )


def rates(layout: Layout, cross: Rates, locks: Mapping[str, float], again: Rates) -> list[Item]:
    """The tints and labels of the ``cross`` rates (per row id and bonus row id, a rate per
    field or cell), the ``locks`` rates (per row id) and the ``again`` rates (per row id with
    small boxes, a rate per small box; Nochmal) over the sheet of ``layout``, each tint in
    proportion to :func:`peak_rate`."""
    peak = peak_rate(cross, again)
    sheet = geometry.sheet_boxes(layout)
    found: list[Item] = []
    for row, boxes in zip(layout.rows, sheet.rows, strict=True):
        for i, (rate, box) in enumerate(zip(cross[row.id], boxes.fields, strict=True)):
            id = f"heat row {row.id} field {i}"
            found += tint(id, box, rate / peak if peak > 0 else 0.0)
            inset = min(0.9, box.w * 0.07)  # the badge sits below the field's digits
            tag = Box(box.x + inset, box.y + 0.2, box.w - 2 * inset, min(1.6, box.h * 0.22))
            found += label(id, f"{rate:.0%}", tag, 4.0)
        shown = zip(again[row.id], boxes.again, strict=True) if row.id in again else ()
        for i, (rate, box) in enumerate(shown):
            id = f"heat row {row.id} again {i}"
            found += tint(id, box, rate / peak if peak > 0 else 0.0)
            found += _inside(id, f"{rate:.0%}", box, 4.0)
        found += label(f"heat row {row.id} lock", f"{locks[row.id]:.0%}", lock_tag(boxes.lock), 5.0)
    bonus_ids = Compiled.of(layout).bonus_ids if sheet.bonus_rows else ()
    for bonus_id, cells in zip(bonus_ids, sheet.bonus_rows, strict=True):
        for k, (rate, box) in enumerate(zip(cross[bonus_id], cells, strict=True)):
            share = rate / peak if peak > 0 else 0.0
            found += tint(f"heat bonus {bonus_id} {k}", box, share, round_cell=True)
    return found


def _text(text: str, x: float, y: float, size: float, font: str, align: str, sets: str) -> Text:
    return Text("heat legend", "text", text, x, y, size, font, palette.INK, align, sets)


def legend(top: float, peak: float, title: str, note: str = "") -> list[Item]:
    """The legend below the sheet (``top``: its top, mm up from the picture's bottom): a
    scale of tints from 0 to ``peak``, what the numbers mean and a ``note`` (empty: none)."""
    found: list[Item] = [_text(title, 3.0, top - 4.0, 6.5, FONT_BOLD, "l", "f")]
    cell = 3.6
    for k in range(STEPS + 1):
        box = Box(3.0 + k * cell, top - 10.5, cell, 4.0)
        found.append(Rect("heat legend", "scale", box, palette.WHITE, sets="f"))
        found += tint("heat legend", box, k / STEPS)
    scale = Box(3.0, top - 10.5, cell * (STEPS + 1), 4.0)
    found.append(Rect("heat legend", "scale", scale, None, palette.INK, 0.3, sets="ws"))
    found.append(_text("0 %", 3.0 + cell / 2, top - 12.5, 5.0, FONT, "c", "f"))
    peak_text = f"{peak:.0%}".replace("%", " %")
    found.append(_text(peak_text, 3.0 + cell * (STEPS + 0.5), top - 12.5, 5.0, FONT, "c", ""))
    x = 3.0 + cell * (STEPS + 1) + 3.0
    lines = [
        "field: share of sheets with it crossed",
        "lock: share of games in which a player locked it",
    ]
    step = 2.6 if note else 3.0
    for k, line in enumerate([*lines, note] if note else lines):
        found.append(_text(line, x, top - 7.0 - k * step, 5.0, FONT, "l", ""))
    return found
