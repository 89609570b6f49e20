"""The compiled layout (qwixx_print.compiled): the facts play, the bots, the kernel and the
drawing read of a layout, each derived once, and the same as the rules say."""

from __future__ import annotations

import dataclasses

from qwixx_print import catalogue, geometry, rules
from qwixx_print.compiled import Compiled


def test_compiled_layout_holds_the_squares_by_the_field_left_of_them() -> None:
    board = Compiled.of(catalogue.find("connect-15"))
    assert board.squares == ((1, 4, 8), (3, 5, 7), (2, 6, 8), (1, 4, 7))
    assert board.square_colours[2] == ("green", "green", "green")
    assert board.square_faces == (1, 5)
    assert board.square_dice == {"white-white", "white-colour", "colour-colour"}


def test_the_compiled_layout_holds_the_track_for_play_bots_and_kernel() -> None:
    board = Compiled.of(catalogue.find("lucky-15"))
    assert (board.track, board.track_total, board.track_dice) == ((5, 11, 18, 25), 15, (2, 1))
    classic = Compiled.of(catalogue.find("classic"))
    assert (classic.track, classic.track_total, classic.track_dice) == ((), 0, (0, 0))


def test_the_end_and_the_dice_faces_are_the_rules() -> None:
    classic, longo = catalogue.find("classic"), catalogue.find("longo")
    assert (Compiled.of(classic).end_at, Compiled.of(classic).faces) == (2, 6)
    assert (Compiled.of(longo).end_at, Compiled.of(longo).faces) == (2, 8)
    red = classic.rows[0]
    one_colour = dataclasses.replace(classic, rows=(red,), dice=("red",))
    assert rules.end_at(one_colour) == Compiled.of(one_colour).end_at == 1


def test_where_a_bonus_row_stands_is_looked_up_once() -> None:
    """``rules.bonus_places``: read by the compiled layout and by the sheet's boxes, which
    also lay out a layout ``validate`` refused (to say whether its lucky numbers fit)."""
    big = catalogue.find("big-points")
    assert rules.bonus_places(big) == {"red-yellow": (0, 1), "green-blue": (2, 3)}
    assert Compiled.of(big).bonus_between == ((0, 1), (2, 3))
    assert len(geometry.sheet_boxes(big).bonus_rows) == 2
    stray = dataclasses.replace(big.bonus_rows[0], between=("red", "purple"))
    broken = dataclasses.replace(big, bonus_rows=(stray, big.bonus_rows[1]))
    assert rules.bonus_places(broken) == {"green-blue": (2, 3)}
    assert len(geometry.sheet_boxes(broken).bonus_rows) == 1
    # the rows' share of the sheet leaves room for the bonus rows placed, not those listed:
    # the stray one takes none, as on a sheet without it
    one = dataclasses.replace(big, bonus_rows=(big.bonus_rows[1],))
    bands = [[r.band for r in geometry.sheet_boxes(s).rows] for s in (broken, one)]
    assert bands[0] == bands[1]
    assert geometry.field_size(broken) == geometry.field_size(one)


def test_where_a_row_stands_is_looked_up_once() -> None:
    """``rules.row_places``: read by the compiled layout (``row_of``), ``validate``,
    ``rules.bonus_places`` and the scene's links."""
    chain = catalogue.find("connected-chain")
    assert rules.row_places(chain) == {"red": 0, "yellow": 1, "green": 2, "blue": 3}
    assert Compiled.of(chain).row_of == rules.row_places(chain)


def test_a_bonus_rows_cells_carry_the_numbers_of_the_row_above_it() -> None:
    big = catalogue.find("big-points")
    board = Compiled.of(big)
    assert board.bonus_ids == ("red-yellow", "green-blue")
    assert board.bonus_numbers == (tuple(range(2, 13)), tuple(range(12, 1, -1)))
    assert [rules.bonus_source(big, b) for b in big.bonus_rows] == [big.rows[0], big.rows[2]]
