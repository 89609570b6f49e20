"""The PDF painter decides no look: when it draws an item, the graphics state reportlab
holds (fill, stroke, line width) is the item's own, as the scene decided it, also where the
PDF sets it before the item (``sets`` empty, kept for the PDFs' bytes: the sheet's ink, the
links' stroke). Checked at every drawing operation of every shipped layout's blank sheet,
filled-in sheet and heat map, so a colour changed in the scene cannot reach the phone
alone."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from qwixx_print import catalogue, geometry
from qwixx_print.draw import paint
from qwixx_print.draw.blank import draw_sheet
from qwixx_print.draw.filled import draw_filled
from qwixx_print.draw.heat import draw_heat
from qwixx_print.play import Sheet, log
from qwixx_print.scene import items, palette
from tests.scene.test_scene_agreement import played


def rgb(colour: Any) -> tuple[float, ...]:
    """A reportlab colour (or its first state, a tuple) as r, g, b in 0..1."""
    return tuple(colour.rgb()) if hasattr(colour, "rgb") else tuple(colour)


class Checking(Canvas):  # type: ignore[misc]
    """A canvas that, while :attr:`item` is painted, checks each drawing operation's
    graphics state against the item, counting the checks."""

    item: items.Item | None = None
    checked = 0

    def check(self, fill: Any, stroke: Any) -> None:
        it = self.item
        if it is None or isinstance(it, items.Badge):  # a badge sets its whole state itself
            return
        self.checked += 1
        if fill and getattr(it, "fill", None) is not None:
            assert rgb(self._fillColorObj) == pytest.approx(it.fill), it  # type: ignore[union-attr]
        if stroke:
            assert isinstance(
                it, items.Rect | items.Circle | items.Polygon | items.Line | items.Arch
            ), it
            assert rgb(self._strokeColorObj) == pytest.approx(it.stroke), it
            assert self._lineWidth == pytest.approx(it.width), it


def _checked(name: str, fill: int, stroke: int) -> Callable[..., None]:
    """Reportlab's drawing operation ``name``, checking the state first (``fill`` and
    ``stroke``: what it draws unless told)."""
    drawn = getattr(Canvas, name)

    def checking(self: Checking, *args: Any, **kw: Any) -> None:
        self.check(kw.get("fill", fill), kw.get("stroke", stroke))
        drawn(self, *args, **kw)

    return checking


for _name, _fill, _stroke in (
    ("rect", 0, 1),
    ("roundRect", 0, 1),
    ("circle", 0, 1),
    ("wedge", 0, 1),
    ("line", 0, 1),
    ("drawString", 1, 0),
    ("drawCentredString", 1, 0),
    ("drawRightString", 1, 0),
):
    setattr(Checking, _name, _checked(_name, _fill, _stroke))


def _draw_path(self: Checking, path: Any, stroke: Any = 1, fill: Any = 0, **kw: Any) -> None:
    self.check(fill, stroke)
    Canvas.drawPath(self, path, stroke=stroke, fill=fill, **kw)


Checking.drawPath = _draw_path  # its stroke and fill may come by position


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> Iterator[Checking]:
    """A checking canvas; every item the painter paints is announced to it."""
    c = Checking(io.BytesIO(), pagesize=(400, 300))
    paint.register_fonts()
    for kind, painter in list(paint._PAINT.items()):
        if kind is items.Group:
            continue

        def announced(
            canvas: Canvas, it: items.Item, painter: Callable[..., None] = painter
        ) -> None:
            c.item = it
            painter(canvas, it)
            c.item = None

        monkeypatch.setitem(paint._PAINT, kind, announced)
    yield c


@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_every_item_of_the_pdf_is_drawn_in_the_look_the_scene_gave_it(
    checking: Checking, name: str
) -> None:
    layout = catalogue.checked(name)
    draw_sheet(checking, layout)
    sheet = played(Sheet(layout))
    game = log.sheet_game(sheet, "Ann")
    scored = log.scored(game, log.doc_of(log.to_data(game), "game.json"))
    draw_filled(checking, layout, scored.marks.players[0], scored.sheets["Ann"])
    rates = {row.id: [0.1 * (k % 9) for k in range(len(row.fields))] for row in layout.rows}
    rates.update({b.id: [0.2] * 11 for b in layout.bonus_rows})
    report = {"cross_rate": rates, "lock_rate": {row.id: 0.3 for row in layout.rows}}
    report |= {"games": 10, "players": 2, "strategy": "gap-2", "seed": 1}
    draw_heat(checking, layout, report)
    assert checking.checked > 300


def test_the_check_catches_a_look_the_pdf_does_not_set(checking: Checking) -> None:
    """A field's number whose ink the PDF does not set before it (``sets`` empty) is
    drawn in the ink of what came before: caught."""
    box = geometry.sheet_boxes(catalogue.checked("classic")).rows[0].fields[0]
    red = items.Rect("x", "paper", box, (1.0, 0.0, 0.0))
    blue = items.Text("x", "number", "5", box.cx, box.cy, 9.0, "QwixxSans", palette.PEN, sets="")
    with pytest.raises(AssertionError):
        paint.items(checking, [red, blue])
    paint.items(checking, [red, blue._replace(sets="f")])
    assert checking.checked == 4


def test_a_bonus_cells_half_and_a_turned_text_are_drawn_in_their_own_look(
    checking: Checking,
) -> None:
    box = geometry.Box(10, 10, 6, 6)
    half = items.HalfDisc("x", "upper", box, (0.2, 0.4, 0.6), 0)
    label = items.Text("x", "label", "Total", 20, 20, 6.0, "QwixxSans", palette.INK, angle=90)
    paint.items(checking, [half, label])
    assert checking.checked == 2
