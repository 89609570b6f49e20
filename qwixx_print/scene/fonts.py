"""Text metrics and text fitting in mm and pt, from the metrics of the shipped DejaVu Sans
files stored beside them (:data:`METRICS`, read from the files with fontTools by
``scripts/store-font-metrics``), so the web page sizes and places text as the PDF does
without loading reportlab.

Widths equal reportlab's ``stringWidth`` for the same font (advance widths scaled to 1000 per
em, glyph 0's width for a character the font lacks, U+00A0 as wide as a space), and the
ascent, descent and cap height are the OS/2 table's, as reportlab reads them: a test compares
every character of both fonts with reportlab's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import NamedTuple

from qwixx_print.doc import Place
from qwixx_print.errors import LayoutError
from qwixx_print.geometry import Box

MM = 72 / 25.4
"""Points per millimetre."""

FONT = "QwixxSans"
"""The regular face (DejaVu Sans), by the name the PDF registers it under."""
FONT_BOLD = "QwixxSans-Bold"
"""The bold face (DejaVu Sans Bold)."""

FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}
"""The shipped file of each face, in ``qwixx_print/fonts``."""

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


@dataclass(frozen=True)
class Face:
    """One font's metrics as reportlab reads them: ``widths`` (character code -> advance in
    1/1000 em), ``default_width`` (glyph 0's, for a character the font lacks), ``ascent``,
    ``descent`` and ``cap_height`` in 1/1000 em (OS/2 typo ascender, descender, cap height),
    and per character the lowest and highest ink of its glyph in em (``ink``)."""

    widths: dict[int, float]
    default_width: float
    ascent: float
    descent: float
    cap_height: float
    ink: dict[int, tuple[float, float]]


METRICS = "metrics.json"
"""The fonts' metrics stored beside them (``scripts/store-font-metrics`` writes it from the
font files with fontTools; a test keeps it equal to them and to reportlab's reading)."""


@cache
def face(font: str = FONT) -> Face:
    """The metrics of ``font`` (:data:`FONT` or :data:`FONT_BOLD`), read once per process
    from :data:`METRICS`."""
    stored = json.loads((resources.files("qwixx_print") / "fonts" / METRICS).read_text())[font]
    upem = stored["units_per_em"]

    def scale(x: float) -> float:
        return x if upem == 1000 else x * (1000 / upem)

    chars = {int(code): values for code, values in stored["chars"].items()}
    for a, b in ((0xA0, 0x20), (0x20, 0xA0)):  # reportlab: NBSP and space alike
        if b in chars:
            chars[a] = chars[b]
            break
    ascent = scale(stored["ascender"])
    cap = stored["cap_height"]
    return Face(
        widths={code: scale(advance) for code, (advance, _, _) in chars.items()},
        default_width=scale(stored["default_advance"]),
        ascent=ascent,
        descent=scale(stored["descender"]),
        cap_height=ascent if cap is None else scale(cap),
        ink={code: (low / upem, high / upem) for code, (_, low, high) in chars.items()},
    )


def string_width(text: str, font: str, size: float) -> float:
    """Advance width of ``text`` set in ``font`` at ``size`` pt, in pt (reportlab's
    ``stringWidth``)."""
    f = face(font)
    return sum(f.widths.get(ord(ch), f.default_width) for ch in text) * 0.001 * size


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
    return face(font).cap_height / 1000 * size / MM


def centred_baseline(box: Box, size: float, font: str = FONT) -> float:
    """The baseline (mm) that centres digits or capitals set at ``size`` pt in ``box`` on
    their optical middle (half the cap height below the box's middle)."""
    return box.cy - cap_height(font, size) / 2


def ink_extent(text: str, font: str = FONT) -> tuple[float, float]:
    """Lowest and highest ink of ``text`` set in ``font``, relative to the baseline, in em
    (from its glyphs' ``glyf`` boxes); (0, 0) for blank text or characters the font lacks."""
    ink = face(font).ink
    inks = [ink.get(ord(ch), (0.0, 0.0)) for ch in text] or [(0.0, 0.0)]
    return min(y for y, _ in inks), max(y for _, y in inks)


def missing_glyphs(text: str, font: str = FONT) -> str:
    """The characters of ``text`` that ``font`` has no glyph for (its cmap lacks them), in
    order, each once; empty when every character prints."""
    widths = face(font).widths
    return "".join(dict.fromkeys(ch for ch in text if ord(ch) not in widths))


def baseline_drop(font: str = FONT) -> float:
    """Baseline below the middle of the font's em box (ascent..descent), in em."""
    f = face(font)
    return (f.ascent + f.descent) / 2000


def em_baseline(box: Box, size: float, font: str = FONT) -> float:
    """The baseline (mm) that centres the em box of text set at ``size`` pt in ``box``
    vertically (how a fitted label is placed)."""
    return box.cy - baseline_drop(font) * size / MM


def fit_size(text: str, box: Box, size: float, font: str = FONT) -> float:
    """The largest size, pt, at most ``size``, at which ``text`` stays inside ``box`` (mm):
    its advance width within the box's width, and both its em box and its glyphs' ink
    within the box's height when the em box is centred vertically (:func:`em_baseline`).
    Below :data:`MIN_LABEL_PT` it does not fit."""
    width = string_width(text, font, 1.0)
    low, high = ink_extent(text, font)
    f = face(font)
    drop = baseline_drop(font)
    half = box.h * MM / 2
    limits = [size, box.h * MM * 1000 / (f.ascent - f.descent)]
    if width:
        limits.append(box.w * MM / width)
    if high > drop:
        limits.append(half / (high - drop))
    if low < drop:
        limits.append(half / (drop - low))
    return min(limits)


def split_lines(
    text: str, font: str, size: float, width: float, between: str | None = None
) -> list[str]:
    """``text`` wrapped at spaces into lines no wider than ``width`` pt at ``size`` pt (a
    word wider than that keeps a line of its own), as reportlab's ``simpleSplit`` wraps.
    With ``between`` (the rules hint's " · "), ``text`` is parts joined by it, and a line
    ends between two parts, the ``between`` left out: a part that does not fit after the
    others on its line starts the next, and only a part wider than a line by itself is
    wrapped at its own spaces (its first words ending the line it starts on)."""
    if between is None:
        return _split_words(text, font, size, width)
    lines: list[str] = []
    line = ""
    for part in text.split(between):
        joined = f"{line}{between}{part}" if line else part
        if string_width(joined, font, size) <= width:
            line = joined
        elif string_width(part, font, size) <= width:
            lines.append(line)  # not empty: the part alone would have fitted on it
            line = part
        else:  # wider than a line by itself: wrapped at its spaces
            glue = between
            for word in part.split():
                joined = f"{line}{glue}{word}" if line else word
                if not line or string_width(joined, font, size) <= width:
                    line = joined
                else:
                    lines.append(line)
                    line = word
                glue = " "
    if line:
        lines.append(line)
    return lines


def _split_words(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` wrapped at spaces (:func:`split_lines` without parts)."""
    space = string_width(" ", font, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words: list[str] = []
        used = -space
        for word in paragraph.split():
            w = string_width(word, font, size)
            if used + space + w <= width or not words:
                words.append(word)
                used += space + w
            else:
                lines.append(" ".join(words))
                words, used = [word], w
        if words:
            lines.append(" ".join(words))
    return lines


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
    """Within this block :func:`fitted` does not raise for a label that cannot be printed
    but adds a :class:`Misfit` to the yielded list (and the text is not drawn)."""
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
    not, the misfit is reported as by :func:`fitted` (raised, or recorded)."""
    missing = missing_glyphs(text, font)
    if missing:
        chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
        _report(Misfit(key, text, box_name, box, f"the font has no glyph for {chars}", place))
    return not missing


def fitted(
    key: str,
    text: str,
    box: Box,
    box_name: str,
    size: float,
    font: str = FONT,
    place: Place | None = None,
) -> float | None:
    """The size, pt, at which label ``key``'s ``text`` is set in ``box`` (mm): ``size``, or
    shrunk until it fits (:func:`fit_size`). Text never leaves its box: a label with a
    character the font lacks, or that would need less than :data:`MIN_LABEL_PT`, gets None;
    it raises LayoutError naming the label and the box, or inside :func:`collecting_misfits`
    is recorded there. A text that is not a label gives its ``place`` in the layout, and
    ``key`` says what it is."""
    if not printable(key, text, box, box_name, font, place):
        return None
    size = fit_size(text, box, size, font)
    if size < MIN_LABEL_PT:
        reason = (
            f"does not fit the {box_name} ({box.w:.1f} x {box.h:.1f} mm) "
            f"even at {MIN_LABEL_PT:g} pt: shorten it"
        )
        _report(Misfit(key, text, box_name, box, reason, place))
        return None
    return size


def wrapped(
    text: str,
    box: Box,
    size: float,
    font: str = FONT,
    max_lines: int = 2,
    between: str | None = None,
) -> tuple[float, list[tuple[str, Box]]] | None:
    """``text`` wrapped at spaces (between its parts where ``between`` joins them:
    :func:`split_lines`) into at most ``max_lines`` lines of equal height in ``box``
    (mm), at ``size`` pt or the largest smaller size (in 0.25 pt steps) at which every line
    fits its share of the box: (size, [(line, its box)]); None when it fits at no size down
    to :data:`MIN_LABEL_PT` (the caller then fits it on one line, or refuses it)."""
    trial = size
    while trial >= MIN_LABEL_PT:
        lines = split_lines(text, font, trial, box.w * MM, between)
        height = box.h / max(len(lines), 1)
        shares = [Box(box.x, box.top - (k + 1) * height, box.w, height) for k in range(len(lines))]
        if len(lines) <= max_lines and all(
            fit_size(line, share, trial, font) >= trial
            for line, share in zip(lines, shares, strict=True)
        ):
            return trial, list(zip(lines, shares, strict=True))
        trial -= 0.25
    return None
