"""A sheet's header as scene items (:mod:`qwixx_print.scene.items`), mm: its title
(``title``), the sheet's own rules beside it (``rules hint``), a player's name on a
filled-in or phone sheet (``name``) and what the end powers added (``effects``), and the
phone's card behind the sheet (``card``). All run along the sheet, and turn with the
turned phone sheet (:mod:`.turn`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from qwixx_print import geometry
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.scene import fonts, hints, looks, palette, shapes
from qwixx_print.scene.build import fitted
from qwixx_print.scene.fonts import FONT_BOLD, MM
from qwixx_print.scene.items import Item, Rect

HINT_PT = 5.5
"""Size of the sheet's own rules in the header, pt."""

MIN_HINT_PT = 5.0
"""Smallest size of the rules hint, pt: rather than set it smaller, rules are left out."""

EFFECTS_PT = 5.0
"""Largest size of the power effects line, pt (it shrinks to fit, down to 4 pt)."""

CARD_EDGE = (0xBB / 255, 0xBB / 255, 0xBB / 255)
"""The edge of the phone's card behind a sheet."""


HINT_BETWEEN = " \u00b7 "
"""What stands between two rules of the hint: a middle dot."""


def _hint_lines(parts: list[str], box: Box) -> list[Item]:
    """``parts`` joined by middle dots, right-aligned in ``box`` (mm) at :data:`HINT_PT` or
    less, down to :data:`MIN_HINT_PT`: on one line, else wrapped on two (the header has
    room for two at that size) at a middle dot, inside a rule only where one rule is wider
    than the line (:func:`fonts.split_lines`); no item when they fit neither way."""
    joined = HINT_BETWEEN.join(parts)
    if fonts.fit_size(joined, box, HINT_PT) >= MIN_HINT_PT:
        label = ("header", joined, "rules hint box")
        return fitted("rules hint", "text", label, box, HINT_PT, palette.INK, align="r", sets="")
    lines = fonts.wrapped(joined, box, HINT_PT, fonts.FONT, 2, HINT_BETWEEN)
    if lines is None or lines[0] < MIN_HINT_PT:
        return []
    size, shares = lines
    found: list[Item] = []
    for line, share in shares:
        label = ("header", line, "rules hint box")
        found += fitted("rules hint", "text", label, share, size, palette.INK, align="r", sets="")
    return found


def _rules_hint(found: list[tuple[str, str]], box: Box, every: bool) -> list[Item]:
    """The sheet's own rules (:func:`hints.header_hints`), right-aligned in ``box`` (mm) on
    one line or two (:func:`_hint_lines`); with ``every`` all of them or nothing, else as
    many, in order, as fit. Generated text never makes a layout invalid; a label of the
    layout's own with a character the font lacks is reported (:func:`fonts.printable`)."""
    parts = [part for key, part in found if fonts.printable(key, part, box, "rules hint box")]
    while parts:
        items = _hint_lines(parts, box)
        if items or every:
            return items
        parts.pop()
    return []


HINT_TRIES = ((True, 0.55), (True, 0.4), (False, 0.55))
"""How the header fits the rules hint beside the title, in order: every rule beside a title
of at most 55 % of the line, else 40 % (the title shrinks to fit it), else as many rules as
fit beside the 55 % title (:func:`_rules_hint`'s ``every``, the title's share)."""


def header(
    layout: Layout, sheet: geometry.SheetBoxes, text: Mapping[str, str], rules_hint: bool
) -> list[Item]:
    """The title, left; with ``rules_hint`` the variant's own rules right of it, up to the
    slip's name: every rule, on one line or two, beside a title of at most 55 % of the line,
    else 40 % (:data:`HINT_TRIES`), else as many rules as fit beside the 55 % title. Drawn
    in the ink the PDF sets for the whole sheet first."""
    title = Box(sheet.title.x + 0.5, sheet.title.y, sheet.title.w - 1.0, sheet.title.h)
    found: list[Item] = []
    hinted = hints.header_hints(layout, text) if rules_hint else []
    if hinted:
        width = fonts.string_width(text["title"], FONT_BOLD, looks.TITLE_PT) / MM
        right = sheet.slip.x - 1.0 if sheet.slip is not None else sheet.title.right - 0.5
        line = title
        for every, share in HINT_TRIES:
            title = Box(line.x, line.y, min(width + 0.5, line.w * share), line.h)
            hint_box = Box(title.right + 2.0, title.y, right - title.right - 2.0, title.h)
            items = _rules_hint(hinted, hint_box, every)
            if items:
                break
        found += items
    label = ("title", text["title"], "title box")
    found += fitted("title", "text", label, title, looks.TITLE_PT, palette.INK, FONT_BOLD, "l", "")
    return found


def name(player: str, sheet: geometry.SheetBoxes, title: str) -> tuple[Box, list[Item]]:
    """The player's name in the pen, right on the title line (:func:`shapes.name_box`), and
    its box. Raises LayoutError for a name the font cannot print or fit (the check
    :func:`qwixx_print.scene.shapes.name_misfit` makes), or records it inside
    :func:`qwixx_print.scene.fonts.collecting_misfits`."""
    box = shapes.name_box(player, shapes.name_line(sheet), title)
    label = ("the name", player, "name box")
    where = shapes.NAME_PLACE
    size = looks.NAME_PT
    items = fitted("name", "text", label, box, size, palette.PEN, FONT_BOLD, "r", place=where)
    return box, items


def effects(texts: Sequence[str], room: Box) -> list[Item]:
    """What the end powers added, in the pen's colour set by the name, in ``room`` (mm):
    the first of ``texts`` (in full, short) that fits at 4 pt or more, else nothing."""
    for text in texts:
        if text and fonts.fit_size(text, room, EFFECTS_PT) >= fonts.MIN_LABEL_PT:
            label = ("powers", text, "power effects box")
            return fitted(
                "effects",
                "text",
                label,
                room,
                EFFECTS_PT,
                palette.PEN,
                align="l",
                sets="",
            )
    return []


def card(sheet: geometry.SheetBoxes) -> Rect:
    """The phone's white card behind the sheet, its edge grey (the phone only)."""
    whole = Box(0, 0, sheet.width, sheet.height)
    return Rect("card", "sheet-card", whole, palette.WHITE, CARD_EDGE, 0.2 * MM, 1.5, screen=True)
