"""The engine and the final-state scorer agree (issue 11): for every shipped layout, random
legal move sequences end in a sheet whose score equals ``rules.score_sheet`` on its final
marks (numbers, as a marks file writes them); undoing every move gives the empty sheet; the
game log replays to the same state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwixx_print import api, catalogue, layout, rules, yamldoc
from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play import log as playlog

LAYOUTS = {name: api.checked(name) for name in catalogue.shipped_names()}
OWN = {"connected-chain": {"slip": "C"}, "longo": {"lucky": (5, 11)}}
"""A sheet of its own for the layouts whose sheets differ (RULES.md §4)."""


def own_sheet(name: str) -> layout.Layout:
    """The layout ``name`` as a sheet of its own where its sheets differ (a slip, lucky
    numbers), else as it is."""
    values = OWN.get(name, {})
    return LAYOUTS[name].sheet(values.get("slip"), values.get("lucky"))  # type: ignore[arg-type]


def legal_moves(sheet: Sheet) -> list[Move]:
    """Every legal move of ``sheet`` now, found by asking the engine about every move."""
    b = sheet.board
    candidates = [
        Move("cross", row, i) for row, r in b.row_of.items() for i in range(b.lasts[r] + 1)
    ]
    candidates += [Move("again", row, i) for row, r in b.row_of.items() for i in range(b.lasts[r])]
    candidates += [
        Move("bonus", row, i)
        for k, row in enumerate(b.bonus_ids)
        for i in range(len(b.numbers[b.bonus_between[k][0]]))
    ]
    candidates += [
        Move("swap", row, i, d)
        for d in range(len(sheet.layout.diamonds))
        for row, r in b.row_of.items()
        for i in range(b.lasts[r] + 1)
    ]
    candidates += [Move("lucky", row) for row in b.ids]
    candidates += [Move("track", None, k) for k in range(len(b.track))]  # Lucky 15
    candidates += [Move("square", row, i) for row, r in b.row_of.items() for i in b.squares[r]]
    candidates += [Move("concede", row) for row in b.ids] + [Move("penalty"), Move("finish")]
    return [m for m in candidates if sheet.can(m)]


def replay(game: Game, as_json: bool = False) -> Game:
    """``game`` written as a log (YAML or JSON text) and replayed from that text."""
    text = playlog.dumps(game, as_json=as_json)
    doc = yamldoc.parse(text.encode("utf-8"), "log.yaml", playlog.GameLogError)
    return playlog.from_doc(doc)


def numbers(sheet: Sheet, positions: tuple[tuple[int, ...], ...]) -> dict[str, list[int]]:
    b = sheet.board
    return {row: [b.numbers[r][i] for i in positions[r]] for row, r in b.row_of.items()}


def final_score(sheet: Sheet) -> rules.SheetScore:
    """``rules.score_sheet`` on the sheet's final marks as a marks file writes them."""
    s, b = sheet.state, sheet.board
    bonus = {
        row: [b.numbers[b.bonus_between[k][0]][c] for c in s.bonus[k]]
        for k, row in enumerate(b.bonus_ids)
    }
    squares = {  # RULES.md §7: a link square as the numbers it stands between
        row: [(b.numbers[r][i], b.numbers[r][i + 1]) for i in s.squares[r]]
        for row, r in b.row_of.items()
    }
    track = sheet.layout.value_track  # Lucky 15: the value track's fields, from the left
    return rules.score_sheet(
        sheet.layout,
        rules.Written(
            crosses=numbers(sheet, s.crossed),
            again=numbers(sheet, s.again),
            bonus=bonus,
            squares=squares,
            track=track.values[: s.track] if track is not None else (),
            penalties=s.penalties,
        ),
    )


@st.composite
def played_sheets(draw: st.DrawFn, name: str) -> Sheet:
    """A sheet of layout ``name`` after up to 40 random legal moves (crosses weighted up)."""
    sheet = Sheet(own_sheet(name))
    for _ in range(draw(st.integers(0, 40))):
        moves = legal_moves(sheet)
        crosses = [m for m in moves if m.kind in ("cross", "again", "square")]
        pool = crosses if crosses and draw(st.integers(0, 9)) else moves
        if not pool:
            break
        sheet.play(draw(st.sampled_from(pool)))
    return sheet


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_engine_score_equals_the_final_state_scorer_and_undo_returns_to_empty(name: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(played_sheets(name))
    def check(sheet: Sheet) -> None:
        s = sheet.state
        assert sheet.score() == final_score(sheet)
        game = playlog.sheet_game(sheet, "Léa")
        replayed = replay(game).sheets["Léa"]
        assert replayed.state == s
        assert replayed.redoable == sheet.redoable
        while sheet.can_undo():
            sheet.undo()
        assert sheet.state == Sheet(sheet.layout).state
        assert sheet.score().total == 0

    check()


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_seeded_games_through_the_game_score_as_the_marks_scorer_and_replay(name: str) -> None:
    """Whole games of 3 players (first legal move bot), dice from seeds: every sheet scores
    as the marks scorer scores its numbers, and the log replays to the same sheets."""
    import random

    for seed in range(5):
        game = Game(LAYOUTS[name], ["A", "B", "C"], own={"B": own_sheet(name)})
        rng = random.Random(seed)
        while not game.over:
            game.roll(rng)
            game.white({n: next(iter(game.legal_white(n)), None) for n in game.names})
            if not game.over:
                game.colour(next(iter(game.legal_colour()), None))
        replayed = replay(game, as_json=seed % 2 == 1)
        from_data = playlog.from_data(playlog.to_data(game))
        assert [s.state for s in from_data.sheets.values()] == [
            s.state for s in game.sheets.values()
        ]
        for player, sheet in game.sheets.items():
            s = sheet.state
            assert sheet.score() == final_score(sheet)
            assert replayed.sheets[player].state == s
        assert replayed.rolls == game.rolls


def test_the_play_docs_count_the_sheets_this_file_plays() -> None:
    """docs/play.md says how many shipped sheets the engine plays: as many as the tests above
    play (issue 20 item 7: it said nine of fourteen)."""
    words = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ]
    doc = (Path(__file__).parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    said = re.search(r"It plays all (\w+) shipped sheets", doc)
    assert said is not None
    assert said.group(1) == words[len(LAYOUTS)]
