"""A marks file's player keys (qwixx_print.marks.READERS): one reader a key, the keys of a
sheet's written crosses (rules.Written) and the player's own values, read into one record
that scoring takes whole."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from qwixx_print import marks, rules
from qwixx_print.errors import MarksError
from qwixx_print.yamldoc import parse

LUCKY = """layout: lucky-15
players:
  - name: Léa
    crosses: {red: [2, 3, 4]}
    track: [5, 11]
    penalties: 1
"""


def test_every_mark_a_player_writes_has_one_reader() -> None:
    written = {f.name for f in dataclasses.fields(rules.Written)}
    assert written == set(marks.READERS) - {"slip", "lucky"}


def test_a_player_is_read_into_the_record_scoring_takes() -> None:
    game = marks.from_doc(parse(LUCKY.encode(), "lucky.yaml", MarksError), Path("."))
    lea = game.players[0]
    assert (lea.name, lea.crosses, lea.track, lea.penalties) == (
        "Léa",
        {"red": (2, 3, 4)},
        (5, 11),
        1,
    )
    assert isinstance(lea, rules.Written)
    assert rules.score_sheet(game.layout, lea).total == 6 + 11 - 5


def test_an_unknown_key_lists_the_readers_keys() -> None:
    text = LUCKY.replace("    penalties: 1", "    penalty: 1")
    with pytest.raises(MarksError) as caught:
        marks.from_doc(parse(text.encode(), "lucky.yaml", MarksError), Path("."))
    assert "did you mean 'penalties'?" in str(caught.value)
