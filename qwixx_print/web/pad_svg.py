"""The hooks of the marks of RULES.md §4 on the counter's SVG sheet: the scene draws them
(:mod:`qwixx_print.scene.padmarks`), this module opens their groups: Big Points' bonus
cells (tappable), Connected's linked pairs, the slip's name and the framed fields,
X-Change's diamonds (a tap selects one for a swap), Longo's lock fields and the player's
lucky numbers in their clovers (a tap offers a lucky cross); RULES.md §7: Connect 15's
link squares (tappable, :func:`square_tag`); RULES-more.md §7: Lucky 15's value track
fields (the active player's next one tappable, posting ``track INDEX``:
:func:`track_tag`).

A tappable mark carries ``role="button"``; bonus cells post their move with htmx, diamonds
and clovers are picked up by ``static/counter.js`` (a swap and a lucky cross are two taps:
the diamond or the clover, then the field). Nothing here decides a rule: what is crossed
and what may be is the engine's (:class:`~qwixx_print.web.drawing.SheetView`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import escape

from qwixx_print import geometry
from qwixx_print.compiled import Compiled
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row
from qwixx_print.web.svg import flag, tap

if TYPE_CHECKING:
    from qwixx_print.web.drawing import SheetView

BONUS_HIT_PAD = 0.9
"""How far (mm) a bonus cell's tap area reaches above and below the cell: to the bands of
the rows beside it, never over them."""

Tag = tuple[str, Box | None]
"""A group's opening tag with its hooks, and the box (mm, on the sheet as printed) of its
invisible tap area, if it has one (:class:`qwixx_print.web.svg.Hits` places it)."""

BUTTON = ' role="button" tabindex="0"'
"""The attributes of a mark that takes taps without posting (counter.js handles it)."""

GROUPS = {
    "lock-field": "lock-fields",
    "link": "links",
    "framed": "framed",
}
"""The marks gathered in one group each kind, which lets taps pass through to the fields."""


def groups(id: str) -> list[str] | None:
    """The groups an item of §4 mark ``id`` is drawn in, outermost first; None for an id
    that is not one."""
    kind = id.split(" ")[0]
    if id in GROUPS.values():
        return [id]
    if kind in GROUPS:
        return [GROUPS[kind], id] if kind == "link" else [GROUPS[kind]]
    if kind in ("bonus", "diamond", "lucky", "slip", "track"):
        return [id]
    return None


def tag(key: str, layout: Layout, sheet: geometry.SheetBoxes, m: SheetView, url: str | None) -> Tag:
    """The opening tag of group ``key`` of a §4 mark, with its ``data-*`` hooks, and its tap
    target (docs/web.md), from the engine's view ``m``."""
    words = key.split(" ")
    if key in GROUPS.values():
        return f'<g class="{key}" pointer-events="none">', None
    if words[0] == "link":
        (ra, ia), (rb, ib) = layout.links[int(words[1])]
        return f'<g data-link="{escape(ra)} {ia} {escape(rb)} {ib}">', None
    if words[0] == "slip":
        return f'<g data-slip="{escape(layout.slip)}">', None
    if words[0] == "bonus":
        return _bonus(words[1], int(words[2]), layout, sheet, m, url)
    k = int(words[1])
    if words[0] == "track":
        return track_tag(k, layout, sheet, m, url)
    if words[0] == "diamond":
        a, b = layout.diamonds[k]
        done, may = k in m.diamonds, any(k in found for found in m.swaps.values())
        classes = "diamond" + " hinted" * (k in m.hinted_diamonds) + " legal" * may
        classes += " crossed" * done
        tappable = url is not None and not done
        taps = BUTTON if tappable else ' aria-disabled="true"' if url is not None else ""
        cell = sheet.diamonds[k]
        area = Box(cell.x, cell.y - 0.3, cell.w, cell.h + 0.6) if tappable else None
        return (
            f'<g class="{classes}" data-diamond="{k}" data-numbers="{a}/{b}" '
            f'data-crossed="{flag(done)}" data-legal="{flag(may)}"{taps}>'
        ), area
    if k >= len(layout.lucky):  # a clover without its number, as on the blank PDF
        return '<g class="lucky">', None
    usable, box = bool(m.lucky), sheet.lucky[k]
    area = Box(box.x - 0.5, box.y - 1.0, box.w + 1.0, box.h + 2.0) if url is not None else None
    return (
        f'<g class="lucky{" legal" * usable}" data-lucky-number="{layout.lucky[k]}" '
        f'data-legal="{flag(usable)}"' + (BUTTON if url is not None else "") + ">"
    ), area


def _bonus(
    bonus_id: str,
    k: int,
    layout: Layout,
    sheet: geometry.SheetBoxes,
    m: SheetView,
    url: str | None,
) -> Tag:
    """A Big Points bonus cell's tag: crossed, legal, hinted (``by-colour``: by a white +
    coloured sum only), posting ``bonus ROW COLUMN`` to ``url``; its tap area as wide as the
    field above it."""
    board = Compiled.of(layout)
    n = board.bonus_ids.index(bonus_id)
    upper = board.bonus_between[n][0]
    number, cell = board.bonus_numbers[n][k], sheet.bonus_rows[n][k]
    field = sheet.rows[upper].fields[k]
    done, may = k in m.bonus.get(bonus_id, ()), (bonus_id, k) in m.legal_bonus
    classes = "bonus-cell" + " legal" * may + " crossed" * done
    classes += " hinted" * ((bonus_id, k) in m.hinted)
    classes += " by-colour" * ((bonus_id, k) in m.hinted_colour)
    pad = BONUS_HIT_PAD
    area = Box(field.x, cell.y - pad, field.w, cell.h + 2 * pad) if url is not None else None
    return (
        f'<g class="{classes}" data-bonus-row="{escape(bonus_id)}" data-index="{k}" '
        f'data-number="{number}" data-crossed="{flag(done)}" data-legal="{flag(may)}"'
        + tap(url, "bonus", bonus_id, k)
        + ">"
    ), area


def track_tag(
    k: int, layout: Layout, sheet: geometry.SheetBoxes, m: SheetView, url: str | None
) -> Tag:
    """The opening tag of Lucky 15's value track field ``k`` (RULES-more.md §7): crossed
    (one of the first ``m.track``), and the next one ``legal`` (the game's verdict: the
    active player's first move; it posts ``track K`` to ``url`` and takes taps on its whole
    field) and ``hinted`` (the dice on the table allow it; the stylesheet outlines it)."""
    track = layout.value_track
    value = track.values[k] if track is not None else 0
    done, nxt = k < m.track, k == m.track
    legal, hinted = nxt and m.track_legal, nxt and m.track_hinted
    classes = "track-field" + " crossed" * done + " legal" * legal + " hinted" * hinted
    posts = url if legal else None
    return (
        f'<g class="{classes}" data-track="{k}" data-value="{value}" '
        f'data-crossed="{flag(done)}" data-legal="{flag(legal)}"'
        + tap(posts, "track", index=k)
        + ">"
    ), (sheet.track[k] if posts is not None else None)


SQUARE_HIT_PAD = 0.6
"""How far (mm) a tappable link square's tap area reaches round the square."""


def square_tag(row: Row, box: Box, left: int, m: SheetView, url: str | None) -> Tag:
    """The opening tag of Connect 15's link square (RULES.md §7) right of field ``left`` of
    ``row`` (its box ``box``, mm) and its tap area: crossed,
    ``legal`` (the engine allows it now), ``hinted`` (the dice on the table allow it); a
    legal one on the own sheet (``url``) posts ``square ROW INDEX`` and takes taps on the
    square and :data:`SQUARE_HIT_PAD` round it."""
    done, may = left in m.squares.get(row.id, ()), (row.id, left) in m.legal_squares
    hinted = (row.id, left) in m.hinted_squares
    classes = "square" + " hinted" * hinted + " legal" * may + " crossed" * done
    tappable, pad = url if may else None, SQUARE_HIT_PAD
    area = Box(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad)
    return (
        f'<g class="{classes}" data-row="{escape(row.id)}" data-square="{left}" '
        f'data-crossed="{flag(done)}" data-legal="{flag(may)}"'
        + tap(tappable, "square", row.id, left)
        + ">"
    ), (area if tappable else None)
