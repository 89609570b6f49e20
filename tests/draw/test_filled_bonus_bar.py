"""The filled-in Bonuskette sheet of a game's log draws its bonus bar: the fields the game
earned crossed in the pen's blue, those struck (their colour closed before they were
reached) struck through; read back by pixel (pypdfium2). A marks file does not say in
which order its crosses came, so its sheets show the bar as printed."""

from __future__ import annotations

import dataclasses
import io

import numpy
import pypdfium2
from numpy.typing import NDArray

from qwixx_print import api, catalogue, geometry
from qwixx_print.marks import ScoredGame
from qwixx_print.play import Move, Sheet, log
from qwixx_print.scene import palette, shapes
from tests.pdfcheck import MM

PX = 8.0
"""Pixels per mm of the rendered page."""


def played() -> ScoredGame:
    """Ann's Bonuskette sheet from a game's log: blue locked first (12, 11, 9, 7, 6, 2: no
    boxed field), then the boxed red 3, yellow 5, green 11 and red 6. The bar's fields 0
    (red), 1 (yellow) and 2 (green) are earned; 3 is blue, closed, so red 6 earns 4 (green);
    blue's 3, 6 and 10 are struck."""
    sheet = Sheet(catalogue.checked("bonuskette"))
    numbers = {row.id: [f.number for f in row.fields] for row in sheet.layout.rows}
    for row, number in [
        *(("blue", n) for n in (12, 11, 9, 7, 6, 2)),
        ("red", 3),
        ("yellow", 5),
        ("green", 11),
        ("red", 6),
    ]:
        sheet.play(Move("cross", row, numbers[row].index(number)))
    game = log.sheet_game(sheet, "Ann")
    return log.scored(game, log.doc_of(log.to_data(game), "game.json"))


def page(scored: ScoredGame) -> NDArray[numpy.int16]:
    """The filled-in PDF's first page as RGB pixels, :data:`PX` per mm (rows from the top)."""
    document = pypdfium2.PdfDocument(io.BytesIO(api.filled_pdf(scored)))
    try:
        image = document[0].render(scale=PX / MM).to_pil().convert("RGB")
    finally:
        document.close()
    return numpy.asarray(image).astype(numpy.int16)


def test_a_logged_games_filled_sheet_crosses_the_earned_bar_fields_and_strikes_the_closed() -> None:
    scored = played()
    ann = scored.marks.players[0]
    assert (ann.bar_earned, ann.bar_struck) == ((0, 1, 2, 4), (3, 6, 10))
    drawn = page(scored)
    unmarked = dataclasses.replace(ann, bar_earned=(), bar_struck=())
    bare = page(
        dataclasses.replace(scored, marks=dataclasses.replace(scored.marks, players=(unmarked,)))
    )
    height = drawn.shape[0]
    (ox, oy), scale = geometry.impose("a4", 8).origins[0], geometry.impose("a4", 8).scale
    assert scale == 1.0
    boxes = geometry.sheet_boxes(catalogue.find("bonuskette"))
    changed = numpy.abs(drawn - bare).sum(axis=2) > 60
    pen = numpy.array([round(255 * v) for v in palette.PEN])
    ink = numpy.array([round(255 * v) for v in palette.INK])
    inside = numpy.zeros(changed.shape, dtype=bool)
    for k, cell in enumerate(boxes.bonus_bar):
        square, _ = shapes.bar_square(cell)
        left, right = round((ox + square.x) * PX), round((ox + square.right) * PX)
        top, bottom = round(height - (oy + square.top) * PX), round(height - (oy + square.y) * PX)
        inside[top - 3 : bottom + 3, left - 3 : right + 3] = True  # a stroke's half width
        mask = changed[top:bottom, left:right]
        marked = drawn[top:bottom, left:right][mask]  # the pixels the bar's marks changed
        pens = (numpy.abs(marked - pen).sum(axis=1) < 90).sum()
        inks = (numpy.abs(marked - ink).sum(axis=1) < 90).sum()
        if k in ann.bar_earned:  # the pen's cross
            assert pens > 2 * (bottom - top) and inks < pens / 10, (k, pens, inks)
        elif k in ann.bar_struck:  # a stroke corner to corner, in ink (edges: blends)
            assert inks > 1.5 * (bottom - top) and pens < inks / 10, (k, pens, inks)
        else:
            assert not mask.any(), k
    assert not (changed & ~inside).any()  # nothing else on the page moved
