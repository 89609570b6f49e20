"""The table of the kinds of move (qwixx_print.play.kinds): every kind is written and read
back in the shape its module names, offered by a roll in the table's order, and a move of
no kind is refused rather than played (docs/play.md "Adding a kind of move")."""

from __future__ import annotations

import pytest

from qwixx_print import api
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move, Sheet, moves
from qwixx_print.play.kinds import KINDS


def test_the_log_words_are_the_kinds_of_the_table_in_its_order() -> None:
    assert moves.KINDS == (
        "cross",
        "again",
        "bonus",
        "swap",
        "lucky",
        "track",
        "square",
        "penalty",
        "concede",
        "finish",
    )
    assert [moves.shape(k) for k in ("swap", "lucky", "track", "penalty")] == [
        "swap DIAMOND ROW INDEX",
        "lucky ROW",
        "track INDEX",
        "penalty",
    ]


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_of_move_is_written_and_read_back_in_its_shape(kind: str) -> None:
    names = KINDS[kind].args
    move = Move(
        kind,
        "red" if "row" in names else None,
        7 if "index" in names else None,
        2 if "diamond" in names else None,
    )
    assert moves.parse(str(move)) == move
    with pytest.raises(ValueError, match=f"write the move as '{moves.shape(kind)}'"):
        moves.parse(f"{move} 1")


def test_a_move_of_no_kind_is_refused_and_changes_nothing() -> None:
    sheet = Sheet(api.checked("classic"))
    verdict = sheet.can(Move("jump", "red", 0))
    assert verdict.reason == f"'jump' is not a move (moves: {', '.join(moves.KINDS)})"
    with pytest.raises(RuleViolation):
        sheet.play(Move("jump", "red", 0))
    assert sheet.history == [] and not sheet.over


def test_a_misspelt_move_names_the_move_it_resembles() -> None:
    sheet = Sheet(api.checked("classic"))
    assert sheet.can(Move("crosss", "red", 0)).reason == (
        f"'crosss' is not a move (did you mean 'cross'? moves: {', '.join(moves.KINDS)})"
    )
    with pytest.raises(ValueError, match=r"^'crosss red 5' is not a move \(did you mean 'cross'\?"):
        moves.parse("crosss red 5")


def test_a_roll_offers_each_kind_in_the_order_of_the_table() -> None:
    """X-Change and Longo's white sum 8 with the field, the swap and (Longo) the lucky cross:
    crosses first, then swaps or lucky crosses, as the table lists them."""
    for name, white in (("x-change", (3, 5)), ("longo", (4, 4))):
        layout = api.checked(name)
        own = {"Ann": layout.sheet(None, (8, 9))} if name == "longo" else None
        game = Game(layout, ["Ann"], own=own)
        game.roll(white=white, colours={c: 1 for c in layout.dice})
        kinds = [m.kind for m in game.legal_white("Ann")]
        assert kinds == sorted(kinds, key=list(KINDS).index) and len(set(kinds)) == 2, kinds
