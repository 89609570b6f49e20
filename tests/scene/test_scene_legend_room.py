"""The power legend (RULES.md §2 Kräfte) keeps its words apart from the next symbol: in every
language, on every sheet with powers, each line of a cell's text ends at least 1.1 mm before
the next cell's badge (the newcomer's French "rangée la" nearly touched it: 0.3 mm)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pdfplumber
import pytest

from qwixx_print import api, catalogue, geometry, labels
from qwixx_print.generate import candidates, family_recipe
from qwixx_print.layout import Layout
from qwixx_print.scene import build, fonts
from qwixx_print.scene.items import Badge, Text

MM = fonts.MM


def legend_gaps(sheet: Layout, lang: str) -> list[tuple[str, float]]:
    """Per line of legend text on ``sheet`` in ``lang``: the room (mm) from its end to the
    next badge's left edge (the strip's end after the last cell)."""
    boxes = geometry.sheet_boxes(sheet)
    items = build.strips(sheet, boxes, labels.for_layout(sheet, lang))
    badges = sorted((i for i in items if isinstance(i, Badge)), key=lambda b: b.x)
    ends = [b.x - b.r for b in badges[1:]] + [boxes.legend_cells[-1].right + 0.2]
    found = []
    for badge, end in zip(badges, ends, strict=True):
        for text in (i for i in items if isinstance(i, Text) and i.id == badge.id):
            assert text.align == "l" and text.x > badge.x + badge.r
            right = text.x + fonts.string_width(text.text, text.font, text.size) / MM
            found.append((f"{lang} {text.text!r}", end - right))
    return found


def test_every_legend_line_ends_well_before_the_next_badge_in_every_language() -> None:
    sheets = [catalogue.find(n) for n in catalogue.shipped_names()]
    sheets += list(itertools.islice(candidates(family_recipe("powers"), 3), 6))
    sheets = [s for s in sheets if geometry.powers(s)]
    assert len(sheets) >= 3
    gaps = [g for s in sheets for lang in labels.LANGUAGES for g in legend_gaps(s, lang)]
    worst = min(gaps, key=lambda g: g[1])
    assert worst[1] >= 1.1 - 1e-9, worst
    french = dict(legend_gaps(catalogue.find("kraefte"), "fr"))
    assert french["fr '2 croix, rangée'"] == pytest.approx(2.54, abs=0.01)  # it wraps before "la"


def test_the_printed_french_legend_leaves_a_millimetre_before_each_badge(tmp_path: Path) -> None:
    out = tmp_path / "fr.pdf"
    api.print_sheets([api.checked("kraefte")], out, 1, per_page=8, lang="fr")
    sheet = catalogue.find("kraefte")
    boxes = geometry.sheet_boxes(sheet)
    ox, oy = geometry.impose("a4", 8).origins[0]
    cells = boxes.legend_cells
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        chars = [
            (round(float(c["bottom"])), float(c["x0"]) / MM, float(c["x1"]) / MM, c["text"])
            for c in page.chars
            if oy + cells[0].y <= (height - float(c["bottom"])) / MM <= oy + cells[0].top
            and float(c["x0"]) / MM < ox + cells[-1].right
        ]
    lines = "".join(c for _, _, _, c in sorted(chars))
    assert "2 croix, rangée1 croix parrangée la plus+13 points" in lines  # the upper line
    assert lines.endswith("la plus faiblerangéefaible \u00d72")
    for cell, after in itertools.pairwise(cells):
        badge = ox + after.x + 0.2  # the next cell's badge's left edge
        ends = [x1 for _, x0, x1, c in chars if ox + cell.x <= x0 < badge and c.strip()]
        assert ends and badge - max(ends) >= 1.05, (cell, max(ends))
