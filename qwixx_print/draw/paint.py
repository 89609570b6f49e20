"""Paint primitives in mm on a reportlab canvas: fonts, colours, boxes, text."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import NamedTuple

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from qwixx_print.doc import Place
from qwixx_print.errors import LayoutError
from qwixx_print.geometry import Box

MM = 72 / 25.4
"""Points per millimetre."""

FONT = "QwixxSans"
FONT_BOLD = "QwixxSans-Bold"
NUMBER_PT = 11.0
"""Size of the field numbers, pt (legible at arm's length: at least 9 pt)."""

NUMBER_FIELD_W = 7.0
"""Narrowest field, mm, that sets its number at :data:`NUMBER_PT`; narrower fields (rows of
13) set it smaller in proportion, so two digits keep clear of the corner symbol."""

NUMBER_GROWS_FROM = 8.0
"""Smaller side of a field, mm, beyond which its number grows with it (the classic field is
7.2 mm: its numbers stay at :data:`NUMBER_PT`)."""

MIN_NUMBER_PT = 9.0
"""Smallest size of a field's number that stays legible at arm's length, pt."""

MIN_LABEL_PT = 4.0
"""Smallest size a label is shrunk to, pt; a label that does not fit at this size is refused."""

INK = Color(0.13, 0.13, 0.13)
CUT = Color(0.55, 0.55, 0.55)


@cache
def register_fonts() -> None:
    """Register the shipped DejaVu Sans (regular, bold) with reportlab, once per process."""
    folder = resources.files("qwixx_print") / "fonts"
    for name, file in ((FONT, "DejaVuSans.ttf"), (FONT_BOLD, "DejaVuSans-Bold.ttf")):
        with resources.as_file(folder / file) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def mix(colour: Color, other: Color, share: float) -> Color:
    """``colour`` moved ``share`` (0..1) of the way towards ``other``."""
    return Color(*(a + (b - a) * share for a, b in zip(colour.rgb(), other.rgb(), strict=True)))


def rect(
    c: Canvas, box: Box, fill: Color | None, stroke: Color | None, radius: float = 0.0
) -> None:
    """Draw ``box`` (mm) filled and/or stroked (``None``: not), corners rounded by ``radius`` mm."""
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
    args = (box.x * MM, box.y * MM, box.w * MM, box.h * MM)
    if radius:
        c.roundRect(*args, radius * MM, fill=fill is not None, stroke=stroke is not None)
    else:
        c.rect(*args, fill=fill is not None, stroke=stroke is not None)


def text_at(
    c: Canvas, text: str, x: float, y: float, size: float, font: str = FONT, align: str = "c"
) -> None:
    """Draw ``text`` at (x, y) mm, ``size`` pt, aligned left (``l``), centre or right."""
    c.setFont(font, size)
    draw = {"l": c.drawString, "c": c.drawCentredString, "r": c.drawRightString}[align]
    draw(x * MM, y * MM, text)


def number_size(field: Box) -> float:
    """Size, pt, of the number in ``field`` (mm): :data:`NUMBER_PT`, scaled down for a field
    narrower than :data:`NUMBER_FIELD_W` (at the 6 mm minimum field: 9.4 pt), and up, in
    proportion to its smaller side, for a field larger than :data:`NUMBER_GROWS_FROM` on both
    sides (fewer or shorter rows: 20 pt at 14.5 mm). A field narrower than 6 mm but at least
    :data:`NUMBER_FIELD_W` tall (Longo's rows of 15, RULES.md §4) keeps :data:`MIN_NUMBER_PT`:
    its digits clear the corner symbol below it."""
    grown = max(1.0, min(field.w, field.h) / NUMBER_GROWS_FROM)
    size = NUMBER_PT * min(1.0, field.w / NUMBER_FIELD_W) * grown
    return max(size, MIN_NUMBER_PT) if field.h >= NUMBER_FIELD_W else size


def cap_height(font: str, size: float) -> float:
    """Height of ``font``'s capitals and digits at ``size`` pt, in mm."""
    return float(pdfmetrics.getFont(font).face.capHeight) / 1000 * size / MM


def centred(c: Canvas, text: str, box: Box, size: float, font: str = FONT) -> None:
    """``text`` centred in ``box`` on the optical middle of its digits/capitals."""
    text_at(c, text, box.cx, box.cy - cap_height(font, size) / 2, size, font)


@cache
def _ink_extent(font: str, char: str) -> tuple[float, float]:
    """Lowest and highest ink of ``char``'s glyph in ``font``, in em (from its ``glyf`` box);
    (0, 0) for a character the font lacks, which :func:`fitted_text` refuses on its own."""
    face = pdfmetrics.getFont(font).face
    glyph = face.charToGlyph.get(ord(char))
    if glyph is None:
        return 0.0, 0.0
    start, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
    if start == end:  # a glyph without outline: a space
        return 0.0, 0.0
    glyf = face.get_table_pos("glyf")[0]
    _, _, y_min, _, y_max = struct.unpack(">hhhhh", face.get_chunk(glyf + start, 10))
    return y_min / face.unitsPerEm, y_max / face.unitsPerEm


def ink_extent(text: str, font: str = FONT) -> tuple[float, float]:
    """Lowest and highest ink of ``text`` set in ``font``, relative to the baseline, in em;
    (0, 0) for blank text."""
    inks = [_ink_extent(font, ch) for ch in text] or [(0.0, 0.0)]
    return min(y for y, _ in inks), max(y for _, y in inks)


def missing_glyphs(text: str, font: str = FONT) -> str:
    """The characters of ``text`` that ``font`` has no glyph for (its cmap lacks them), in
    order, each once; empty when every character prints."""
    cmap = pdfmetrics.getFont(font).face.charToGlyph
    return "".join(dict.fromkeys(ch for ch in text if ord(ch) not in cmap))


def _baseline_drop(font: str) -> float:
    """Baseline below the middle of the font's em box (ascent..descent), in em."""
    face = pdfmetrics.getFont(font).face
    return float(face.ascent + face.descent) / 2000


def fit_size(text: str, box: Box, size: float, font: str = FONT) -> float:
    """The largest size, pt, at most ``size``, at which ``text`` stays inside ``box`` (mm):
    its advance width within the box's width, and both its em box and its glyphs' ink
    within the box's height when the em box is centred vertically (as :func:`fitted_text`
    places it). Below :data:`MIN_LABEL_PT` it does not fit.
    """
    width = float(pdfmetrics.stringWidth(text, font, 1.0))
    low, high = ink_extent(text, font)
    face = pdfmetrics.getFont(font).face
    drop = _baseline_drop(font)
    half = box.h * MM / 2
    limits = [size, box.h * MM * 1000 / float(face.ascent - face.descent)]
    if width:
        limits.append(box.w * MM / width)
    if high > drop:
        limits.append(half / (high - drop))
    if low < drop:
        limits.append(half / (drop - low))
    return min(limits)


class Misfit(NamedTuple):
    """A text that cannot be printed: its ``key`` (a label's key, ``penalties``, or what the
    text is, ``score table entry``), the ``text`` as drawn, the ``box`` (mm) it must stay in,
    named ``box_name``, why (``reason``), and its ``place`` in the layout when it is not a
    label (``("scoring", "table", 11)``; ``None``: the label ``key``)."""

    key: str
    text: str
    box_name: str
    box: Box
    reason: str
    place: Place | None = None

    def message(self) -> str:
        """The one line that names the text and why it cannot be printed, e.g.
        ``label 'title' ('QWIXX🎲'): the font has no glyph for '🎲' (U+1F3B2)``."""
        what = f"label '{self.key}'" if self.place is None else self.key
        return f"{what} ('{self.text}'): {self.reason}"


_misfits: ContextVar[list[Misfit] | None] = ContextVar("misfits", default=None)


@contextmanager
def collecting_misfits() -> Iterator[list[Misfit]]:
    """Within this block :func:`fitted_text` does not raise for a label that cannot be printed
    but adds a :class:`Misfit` to the yielded list (and draws nothing for it)."""
    found: list[Misfit] = []
    token = _misfits.set(found)
    try:
        yield found
    finally:
        _misfits.reset(token)


def _report(misfit: Misfit) -> None:
    """Raise ``misfit`` as a LayoutError, or inside :func:`collecting_misfits` record it."""
    found = _misfits.get()
    if found is None:
        raise LayoutError(misfit.message())
    found.append(misfit)


def printable(
    key: str, text: str, box: Box, box_name: str, font: str = FONT, place: Place | None = None
) -> bool:
    """Whether ``font`` has a glyph for every character of label ``key``'s ``text``; when
    not, the misfit is reported as by :func:`fitted_text` (raised, or recorded)."""
    missing = missing_glyphs(text, font)
    if missing:
        chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
        _report(Misfit(key, text, box_name, box, f"the font has no glyph for {chars}", place))
    return not missing


def fitted_text(
    c: Canvas,
    key: str,
    text: str,
    box: Box,
    box_name: str,
    size: float,
    font: str = FONT,
    align: str = "c",
    place: Place | None = None,
) -> None:
    """Draw label ``key``'s ``text`` inside ``box`` (mm), at ``size`` pt or shrunk until it
    fits (:func:`fit_size`), aligned left (``l``), centre or right, its em box centred
    vertically. Text never leaves its box: a label with a character the font lacks, or that
    would need less than :data:`MIN_LABEL_PT`, is not drawn; it raises LayoutError naming the
    label and the box, or inside :func:`collecting_misfits` is recorded there. A text that is
    not a label gives its ``place`` in the layout, and ``key`` says what it is.
    """
    if not printable(key, text, box, box_name, font, place):
        return
    fitted = fit_size(text, box, size, font)
    if fitted < MIN_LABEL_PT:
        reason = (
            f"does not fit the {box_name} ({box.w:.1f} x {box.h:.1f} mm) "
            f"even at {MIN_LABEL_PT:g} pt: shorten it"
        )
        _report(Misfit(key, text, box_name, box, reason, place))
        return
    x = {"l": box.x, "c": box.cx, "r": box.right}[align]
    text_at(c, text, x, box.cy - _baseline_drop(font) * fitted / MM, fitted, font, align)


def fitted_lines(
    c: Canvas,
    key: str,
    text: str,
    box: Box,
    box_name: str,
    size: float,
    font: str = FONT,
    max_lines: int = 2,
) -> None:
    """Draw label ``key``'s ``text`` left-aligned in ``box`` (mm), wrapped at spaces into at
    most ``max_lines`` lines of equal height, at ``size`` pt or the largest smaller size (in
    0.25 pt steps) at which every line fits its share of the box (:func:`fit_size`). Text
    that fits at no size down to :data:`MIN_LABEL_PT` is refused (or recorded) as by
    :func:`fitted_text`."""
    from reportlab.lib.utils import simpleSplit

    trial = size
    while trial >= MIN_LABEL_PT:
        lines = simpleSplit(text, font, trial, box.w * MM)
        height = box.h / max(len(lines), 1)
        shares = [Box(box.x, box.top - (k + 1) * height, box.w, height) for k in range(len(lines))]
        if len(lines) <= max_lines and all(
            fit_size(line, share, trial, font) >= trial
            for line, share in zip(lines, shares, strict=True)
        ):
            for line, share in zip(lines, shares, strict=True):
                fitted_text(c, key, line, share, box_name, trial, font, align="l")
            return
        trial -= 0.25
    fitted_text(c, key, text, box, box_name, size, font, align="l")
