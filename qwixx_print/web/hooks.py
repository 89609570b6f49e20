"""The hooks of the phone's SVG sheet (docs/web.md): the opening tag of each group of the
drawing (:mod:`qwixx_print.web.drawing`), with its classes, ``data-*`` attributes and the
htmx attributes of its tap, and the box of its invisible tap area, from the engine's view of
the sheet (:class:`~qwixx_print.web.drawing.SheetView`): rows, fields, small boxes, link
squares, penalty boxes, the total line's boxes, bonus bar cells (:class:`Hooks`), and
through :mod:`qwixx_print.web.pad_svg` the marks of RULES.md §4. Nothing here decides a rule
or a look.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from markupsafe import escape

from qwixx_print import geometry, rules
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout, Row
from qwixx_print.web import pad_svg
from qwixx_print.web.svg import flag, tap

if TYPE_CHECKING:
    from qwixx_print.web.drawing import SheetView


def points_attrs(layout: Layout, m: SheetView) -> list[str]:
    """The ``data-*`` hook of each box of the total line, in order (docs/web.md)."""
    attrs = [f'data-row-points="{escape(rid)}"' for rid in m.score.rows]
    attrs.append('data-penalty-points=""')
    attrs += [f'data-{part}-points=""' for part in rules.total_parts(layout)]
    attrs.append(f'data-total="{m.score.total}"')
    return attrs


class Hooks:
    """The opening tag of each group of the phone's sheet: its ``data-*`` hooks, classes and
    tap area (docs/web.md), from the engine's view ``m``; taps post to ``url``. A tag is
    made once for both drawings of a sheet (flat and turned: only their tap areas' places
    differ, :class:`qwixx_print.web.svg.Hits`)."""

    def __init__(self, layout: Layout, boxes: geometry.SheetBoxes, m: SheetView, url: str | None):
        self.layout, self.boxes, self.m, self.url = layout, boxes, m, url
        self.rows = {r.id: (r, b) for r, b in zip(layout.rows, boxes.rows, strict=True)}
        self.points = points_attrs(layout, m)
        self.made: dict[str, pad_svg.Tag] = {}

    def tag(self, key: str) -> pad_svg.Tag:
        """The opening tag of group ``key`` and its tap area (:data:`pad_svg.Tag`)."""
        found = self.made.get(key)
        if found is None:
            found = self.made[key] = self._tag(key)
        return found

    def _tag(self, key: str) -> pad_svg.Tag:
        words = key.split(" ")
        m = self.m
        if pad_svg.groups(key) is not None:
            return pad_svg.tag(key, self.layout, self.boxes, m, self.url)
        if words[0] == "penalty":
            done = flag(int(words[1]) < m.penalties)
            return f'<g class="penalty-box" data-crossed="{done}">', None
        if words[0] == "total":
            return f"<g {self.points[int(words[1])]}>", None
        if words[0] == "bar":
            k = int(words[1])
            return f'<g class="bar" data-bar="{k}" data-earned="{flag(k in m.bar_earned)}">', None
        row, boxes = self.rows[words[1]]
        if len(words) == 2:
            closed = flag(row.lock_colour in m.closed)
            return f'<g class="row" data-row-id="{escape(row.id)}" data-closed="{closed}">', None
        index = int(words[3])
        if words[2] == "field":
            return field_tag(row, index, m, self.url), None
        if words[2] == "square":  # RULES.md §7
            box = boxes.squares[[a for a, _ in row.squares].index(index)]
            return pad_svg.square_tag(row, box, index, m, self.url)
        crossed = index in m.again[row.id]
        tappable = self.url if (row.id, index) in m.legal_again else None
        tag = (
            f'<g class="again" data-row="{escape(row.id)}" data-index="{index}" '
            f'data-crossed="{flag(crossed)}"' + tap(tappable, "again", row.id, index) + ">"
        )
        return tag, (again_hit(boxes.again[index], boxes.fields[index]) if tappable else None)


def field_tag(row: Row, index: int, m: SheetView, url: str | None) -> str:
    """The opening tag of field ``index`` of ``row``: its classes, ``data-*`` hooks and
    tap (docs/web.md)."""
    at = (row.id, index)
    swaps = m.swaps.get(at)
    return _field_open(
        row.id,
        index,
        row.fields[index].number,
        index in m.crossed[row.id],
        at in m.legal,
        at in m.hinted,
        at in m.hinted_colour,
        tuple(swaps) if swaps else (),
        at in m.lucky,
        url,
    )


@lru_cache(maxsize=16384)
def _field_open(
    row: str,
    index: int,
    number: int,
    crossed: bool,
    legal: bool,
    hinted: bool,
    by_colour: bool,
    swaps: tuple[int, ...],
    lucky: bool,
    url: str | None,
) -> str:
    """:func:`field_tag`'s tag, kept: a field's look in the page takes few values."""
    classes = "field" + " legal" * legal + " hinted" * hinted + " crossed" * crossed
    classes += " by-colour" * by_colour
    extra = f' data-swaps="{" ".join(map(str, swaps))}"' if swaps else ""
    if lucky:
        extra += ' data-lucky="true"'
    return (
        f'<g class="{classes}" data-row="{escape(row)}" data-index="{index}" '
        f'data-number="{number}" data-crossed="{flag(crossed)}" '
        f'data-legal="{flag(legal)}"{extra}' + tap(url, "cross", row, index) + ">"
    )


AGAIN_HIT_PAD = 0.4
"""How far (mm) a tappable small box's hit area reaches below the box."""


def again_hit(box: Box, field_box: Box) -> Box:
    """The invisible hit area of a tappable small box ``box`` under ``field_box``: the box
    and its field, as wide as the field. A small box is tappable only under the row's most
    recent cross (RULES.md §2 Nochmal), so the field it covers takes no tap; on a 360 px
    phone the area is about 10.6 x 13.5 mm where the box alone is 3.2 mm tall."""
    bottom = box.y - AGAIN_HIT_PAD
    return Box(field_box.x, bottom, field_box.w, field_box.top - bottom)
