"""The page plan: which sheet goes in which slot of which page of a PDF, as pure data (no
drawing), for the three kinds of PDF qwixx-print prints: copies of layouts
(:func:`copies`), assorted generated sheets (:func:`assorted`) and filled-in sheets
(:func:`filled_in`). :func:`qwixx_print.draw.write` draws a plan; it draws each distinct
sheet once and places it wherever the plan puts it.

A plan is made of parts (one per layout for copies), each a run of pages that share their
blanks; a page is its slots in reading order (the order of
:attr:`qwixx_print.geometry.Imposition.origins`). Who sits where at a game (the seating of
the simulator and the web counter) is :mod:`qwixx_print.dealing`, which the copies of a
layout whose sheets differ take their sheets from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from qwixx_print import dealing
from qwixx_print.layout import Layout
from qwixx_print.rules import SheetScore

if TYPE_CHECKING:  # marks reads YAML; printing a shipped layout imports no YAML parser
    from qwixx_print.marks import Player, ScoredGame


class Blank(NamedTuple):
    """A sheet drawn once and placed wherever it is used: ``layout`` with its rules hint
    (``rules_hint``), with the layout's own values (``own``: a slip's links, lucky numbers)
    or without them, and a small ``note`` under its footer line (a generated sheet's seed;
    ``None``: no note). ``name`` names it in the PDF (``sheet0``), one name a blank."""

    name: str
    layout: Layout
    own: bool = False
    rules_hint: bool = True
    note: str | None = None


class FilledIn(NamedTuple):
    """A player's filled-in marks for a slot: their own ``sheet`` (slip, lucky numbers), the
    ``player`` as the marks file gives them and their ``score`` (RULES.md §1 Score)."""

    sheet: Layout
    player: Player
    score: SheetScore


class Slot(NamedTuple):
    """What one slot of a page shows: its ``blank``, and over it either the ``own`` values
    of a player's sheet (a Connected slip, Longo's lucky numbers: RULES.md §4; each distinct
    sheet drawn once) or a player's filled-in ``marks`` (drawn in the slot), or nothing."""

    blank: Blank
    own: Layout | None = None
    marks: FilledIn | None = None


Page = tuple[Slot, ...]
"""The slots of one page in reading order; a last page may hold fewer than the page has."""


class Part(NamedTuple):
    """A run of ``pages`` whose ``blanks`` are drawn before its first page; ``same`` when
    every page of it is the same page (drawn once, placed on each)."""

    blanks: tuple[Blank, ...]
    pages: tuple[Page, ...]
    same: bool = False


class Plan(NamedTuple):
    """A whole PDF: its ``title``, ``per_page`` slots a page, and its ``parts`` in order."""

    title: str
    per_page: int
    parts: tuple[Part, ...]

    @property
    def pages(self) -> int:
        """How many pages the PDF has."""
        return sum(len(part.pages) for part in self.parts)


def _title(layouts: Sequence[Layout]) -> str:
    return f"Qwixx score sheets: {', '.join(layout.name for layout in layouts)}"


def copies(layouts: Sequence[Layout], pages: int, per_page: int = 8, seed: int = 0) -> Plan:
    """``pages`` pages of each of ``layouts``, ``per_page`` sheets a page. A layout whose
    sheets are all alike fills every slot with its blank; one whose sheets differ (slips,
    lucky numbers drawn from ``seed``; RULES.md §4) takes each page's sheets from
    :func:`qwixx_print.dealing.deal`, over its blank drawn without own values."""
    parts = []
    for index, layout in enumerate(layouts):
        blank = Blank(f"sheet{index}", layout)
        if not dealing.has_own(layout):
            parts.append(Part((blank,), ((Slot(blank),) * per_page,) * pages, same=True))
            continue
        dealt = (dealing.deal(layout, per_page, seed, p) for p in range(pages))
        own = tuple(tuple(Slot(blank, sheet) for sheet in sheets) for sheets in dealt)
        parts.append(Part((blank,), own, same=same_pages(layout, per_page)))
    return Plan(_title(layouts), per_page, tuple(parts))


def same_pages(layout: Layout, per_page: int) -> bool:
    """Whether every page of copies of ``layout`` holds the same sheets (no lucky numbers,
    and each page holds every slip from the first: :func:`qwixx_print.dealing.slip_order`),
    so one page serves them all."""
    return layout.lucky_draw is None and per_page >= max(len(layout.slips), 1)


def assorted(
    sheets: Sequence[tuple[Layout, str]], per_page: int = 8, pages: int = 1, seed: int = 0
) -> Plan:
    """Pages of different sheets: ``sheets`` are ``(layout, note)`` pairs (a generated sheet
    and its seed), each one blank with its note. Page ``p`` holds sheets ``p * per_page
    ...`` in turn, repeated until its slots are full (one sheet: a page of copies); these
    pages ``pages`` times over. A layout whose sheets differ (slips, lucky numbers drawn from
    ``seed``: RULES.md §4) is drawn without its own values, and slot ``s`` of the ``n``-th
    page shows the ``s``-th sheet :func:`qwixx_print.dealing.deal` deals for page ``n``, as
    copies of it would (one generated Chain sheet: slips A-E, A-C on a page of 8)."""
    blanks = tuple(
        Blank(f"sheet{index}", layout, own=not dealing.has_own(layout), note=note)
        for index, (layout, note) in enumerate(sheets)
    )
    run = []
    distinct = -(-len(blanks) // per_page)
    for page in range(pages * distinct):
        first = page % distinct * per_page
        own = blanks[first : first + per_page]
        slots = (
            _assorted_slot(own[k % len(own)], per_page, seed, page, k) for k in range(per_page)
        )
        run.append(tuple(slots))
    part = Part(blanks, tuple(run))
    return Plan(_title([layout for layout, _ in sheets]), per_page, (part,))


def _assorted_slot(blank: Blank, per_page: int, seed: int, page: int, slot: int) -> Slot:
    if blank.own:
        return Slot(blank)
    return Slot(blank, dealing.deal(blank.layout, per_page, seed, page)[slot])


def filled_in(game: ScoredGame, per_page: int = 8) -> Plan:
    """The filled-in sheets of ``game``, one a player in file order, ``per_page`` a page:
    each the layout's blank (without rules hint and own values) with the player's marks,
    drawn on their own sheet (slip, lucky numbers). Raises LayoutError for a slip the
    layout lacks."""
    layout = game.marks.layout
    blank = Blank("blank", layout, rules_hint=False)
    slots = tuple(
        Slot(blank, marks=FilledIn(player.sheet(layout), player, game.sheets[player.name]))
        for player in game.marks.players
    )
    run = tuple(slots[first : first + per_page] for first in range(0, len(slots), per_page))
    return Plan(f"Qwixx filled-in sheets: {layout.name}", per_page, (Part((blank,), run),))
