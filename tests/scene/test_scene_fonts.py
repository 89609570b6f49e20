"""The scene's font metrics (``qwixx_print/fonts/metrics.json``) are the shipped font files'
(read anew with fontTools, as ``scripts/store-font-metrics`` stores them) and reportlab's own
reading of them, character for character: so the web page fits and places text exactly as
the PDF does, and the PDFs stay byte for byte what reportlab's metrics made them."""

from __future__ import annotations

import hashlib
import json
import runpy

import pytest
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics

from qwixx_print import labels
from qwixx_print.draw import paint
from qwixx_print.scene import fonts
from tests.conftest import ROOT

FONT_DIR = ROOT / "qwixx_print" / "fonts"


def test_the_stored_metrics_are_the_font_files() -> None:
    store = runpy.run_path(str(ROOT / "scripts" / "store-font-metrics"))
    stored = json.loads((FONT_DIR / fonts.METRICS).read_text(encoding="utf-8"))
    assert set(stored) == set(fonts.FILES)
    for face, file in fonts.FILES.items():
        data = (FONT_DIR / file).read_bytes()
        assert stored[face]["sha256"] == hashlib.sha256(data).hexdigest(), (
            f"{file} changed: run scripts/store-font-metrics"
        )
        assert stored[face] == store["measured"](FONT_DIR / file)


@pytest.mark.parametrize("font", [fonts.FONT, fonts.FONT_BOLD])
def test_the_scenes_metrics_are_reportlabs(font: str) -> None:
    paint.register_fonts()
    theirs = pdfmetrics.getFont(font).face
    ours = fonts.face(font)
    cmap = {code for code in theirs.charToGlyph if code != 0xFFFF}  # cmap's end marker
    assert {c: w for c, w in theirs.charWidths.items() if c in cmap} == ours.widths
    assert theirs.defaultWidth == ours.default_width
    assert (theirs.ascent, theirs.descent, theirs.capHeight) == (
        ours.ascent,
        ours.descent,
        ours.cap_height,
    )
    for code in cmap:  # reportlab's glyf box of every glyph, as paint read it before
        glyph = theirs.charToGlyph[code]
        start, end = theirs.glyphPos[glyph], theirs.glyphPos[glyph + 1]
        if start == end:
            assert ours.ink[code] == (0.0, 0.0)
            continue
        table = theirs.get_table_pos("glyf")[0]
        header = theirs.get_chunk(table + start, 10)
        low = int.from_bytes(header[4:6], "big", signed=True) / theirs.unitsPerEm
        high = int.from_bytes(header[8:10], "big", signed=True) / theirs.unitsPerEm
        assert ours.ink[code] == (low, high), chr(code)


def test_every_label_is_as_wide_and_wraps_as_reportlab_sets_it() -> None:
    paint.register_fonts()
    texts = {text for lang in labels.LANGUAGES for text in labels.language(lang).values()}
    texts |= {"Żaneta 🎲", "\u00a0\u2212 5", "QWIXX \u00b7 KR\u00c4FTE"}
    for font in (fonts.FONT, fonts.FONT_BOLD):
        for text in sorted(texts):
            for size in (4.6, 5.5, 8.5):
                assert fonts.string_width(text, font, size) == pdfmetrics.stringWidth(
                    text, font, size
                ), text
                assert fonts.split_lines(text, font, size, 60.0) == simpleSplit(
                    text, font, size, 60.0
                ), text


DOT = " \u00b7 "


def test_rules_joined_by_dots_wrap_between_two_rules_and_inside_one_only_when_too_wide() -> None:
    """The rules hint's wrap (``between``): a rule that does not fit after the others
    starts the next line, the dot left out, where wrapping at spaces would have split it;
    a rule wider than a line by itself is wrapped at its spaces, from the line it starts
    on."""
    font, size = fonts.FONT, 10.0
    hint = "lock after 6 crosses" + DOT + "last 2 lock"
    width = fonts.string_width("lock after 6 crosses" + DOT + "last", font, size)
    assert fonts.split_lines(hint, font, size, width) == [
        "lock after 6 crosses \u00b7 last",
        "2 lock",
    ]
    assert fonts.split_lines(hint, font, size, width, DOT) == [
        "lock after 6 crosses",
        "last 2 lock",
    ]
    long = (
        "lock after 6" + DOT + "lucky: next field, emptiest row, then again" + DOT + "last 2 lock"
    )
    width = fonts.string_width("lock after 6" + DOT + "lucky: next field,", font, size)
    assert fonts.split_lines(long, font, size, width, DOT) == [
        "lock after 6 \u00b7 lucky: next field,",
        "emptiest row, then again",
        "last 2 lock",
    ]
