"""A designer's layout mixing Lucky 15's value track (RULES-more.md §7) and Connect 15's
link squares (RULES.md §7) with a double and a lock after 4 crosses
(tests/data/sim/track-and-squares.yaml): it validates, prints, plays in the engine (a track
cross and a square cross in one roll) and simulates as the engine plays (the probe here;
the kernel's agreement tests in tests/sim play every layout of tests/data/sim)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from qwixx_print import api, geometry
from qwixx_print.compiled import Compiled
from qwixx_print.play import Game, Move
from qwixx_print.play import log as playlog
from qwixx_print.sim import dice, probe, selfplay
from tests.conftest import Run

MIXED = "tests/data/sim/track-and-squares.yaml"


def test_the_mixed_layout_validates(run: Run) -> None:
    result = run("validate", MIXED)
    assert result.exit_code == 0, result.stderr
    assert result.output == f"{MIXED}: valid\n"


def test_the_mixed_layout_prints_its_track_and_squares(tmp_path: Path) -> None:
    sheet = api.checked(MIXED)
    out = tmp_path / "mixed.pdf"
    api.print_sheets([sheet], out, 1, per_page=2)
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "white + white + colour = 12: next track field, not both actions" in text
    assert "4 9 \u203a 15 \u203a 22" in text  # the track's values, left to right, arrows between
    boxes = geometry.sheet_boxes(sheet)
    assert len(boxes.track) == 4
    assert [len(row.squares) for row in boxes.rows] == [2, 1, 2]
    assert len(boxes.totals) == 3 + 1 + 1 + 1  # rows, penalties, the track's points, total


def test_one_roll_gives_the_active_player_the_track_and_another_a_square() -> None:
    game = Game(api.checked(MIXED), ["Léa", "Sam"])
    game.roll(white=(1, 5), colours={"red": 6, "yellow": 2, "blue": 3})  # 1 + 5 + red 6 = 12
    assert Move("track", None, 0) in game.legal_white("Léa")
    assert Move("track", None, 0) not in game.legal_white("Sam")  # the active player's only
    assert Move("square", "red", 1) in game.legal_white("Sam")  # the white 1 and 5
    game.white({"Léa": Move("track", None, 0), "Sam": Move("square", "red", 1)})
    game.colour(None)
    lea, sam = game.sheets["Léa"], game.sheets["Sam"]
    assert (lea.state.track, lea.score().total) == (1, 4)  # the track's first value
    assert sam.state.squares[0] == (1,) and sam.score().total == 1  # a cross of red
    assert lea.penalties == sam.penalties == 0
    # fields and squares are one order: red's 3 is left of Sam's square 3-4
    assert not game.can_white("Sam", Move("cross", "red", 1))
    data = playlog.to_data(game)
    scored = playlog.scored(game, playlog.doc_of(data, "game.json"))
    by_name = {p.name: p for p in scored.marks.players}
    assert by_name["Léa"].track == (4,)
    assert by_name["Sam"].squares["red"] == ((3, 4),)
    assert {n: s.total for n, s in scored.sheets.items()} == {"Léa": 4, "Sam": 1}


def test_the_bots_take_track_and_squares_and_the_kernel_offers_the_engines_options() -> None:
    layout = api.checked(MIXED)
    board = Compiled.of(layout)
    track = squares = 0
    for seed in range(20):
        g = Game(layout, selfplay.seats(2))
        selfplay.play(g, (2, 0), dice.rolls(3, seed, len(board.dice), board.faces))
        track += sum(s.state.track for s in g.sheets.values())
        squares += sum(len(row) for s in g.sheets.values() for row in s.state.squares)
    assert track > 5 and squares > 5
    states, found = probe.compare(layout, (2, 0), 9, 3)
    assert found == [] and states >= 30
