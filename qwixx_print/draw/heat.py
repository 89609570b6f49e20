"""The heat map of a simulation (``simulate --plot``) painted: the sheet as the preview
draws it with the scene's rates over it and its legend below
(:mod:`qwixx_print.scene.heatmap`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels
from qwixx_print.draw import check, paint, picture
from qwixx_print.layout import Layout
from qwixx_print.scene import heatmap
from qwixx_print.scene.fonts import MM
from qwixx_print.scene.heatmap import LEGEND_H, Rates


def draw_heat(c: Canvas, layout: Layout, report: Mapping[str, Any]) -> None:
    """Draw the heat map of ``report`` (a ``simulate`` report of ``layout``: its
    ``cross_rate``, ``lock_rate``, ``again_rate`` where it has one) on ``c``: the sheet
    above, the legend below."""
    cross: Rates = report["cross_rate"]
    locks: Mapping[str, float] = report["lock_rate"]
    again: Rates = report.get("again_rate", {})
    peak = heatmap.peak_rate(cross, again)
    c.saveState()
    c.translate(0, LEGEND_H * MM)
    pooled = bool(layout.slips)  # seats play every slip in turn: one slip's links would mislead
    shown = dataclasses.replace(layout, links=(), slip="") if pooled else layout
    check.draw_checked(c, shown, labels.DEFAULT_LANG)
    paint.items(c, heatmap.rates(layout, cross, locks, again))
    c.restoreState()
    title = (
        f"{layout.name}: {report['games']:,} games, {report['players']} players, "
        f"{report['strategy']}, seed {report['seed']}"
    )
    paint.items(c, heatmap.legend(LEGEND_H, peak, title, _note(layout, bool(again))))


def _note(layout: Layout, again: bool) -> str:
    """The legend's last line: what a small box's rate is (``again``: the map shows them,
    Nochmal), or what the map leaves out where the seats' sheets differ (RULES.md §4): one
    slip's links, one sheet's lucky numbers; empty where there is nothing to say."""
    if again:
        return "small box: share of sheets with it crossed"
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
