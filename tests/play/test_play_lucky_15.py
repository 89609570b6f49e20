"""The play engine on Lucky 15 (RULES-more.md §7): the active player crosses the value
track's next field when both white dice and an open colour's die make 15, instead of both
actions; the others still take the white sum; the move is undone, logged and replayed, and
table play keeps the same rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from qwixx_print import api, geometry, yamldoc
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move, Sheet
from qwixx_print.play import log as playlog
from qwixx_print.scene import looks, palette
from tests.conftest import Run
from tests.pdfcheck import colours_at

TRACK = Move("track", None, 0)


def lucky_game(players: tuple[str, ...] = ("Léa", "Sam"), table: bool = False) -> Game:
    return Game(api.checked("lucky-15"), list(players), table=table)


def fifteen(game: Game) -> None:
    """A roll of 4 + 6 white and a blue 5: white + white + blue = 15, white sum 10."""
    game.roll(white=(4, 6), colours={"red": 1, "yellow": 2, "green": 3, "blue": 5})


def test_the_active_player_crosses_the_track_instead_of_both_actions() -> None:
    game = lucky_game()
    fifteen(game)
    lea, sam = game.sheets["Léa"], game.sheets["Sam"]
    assert TRACK in game.legal_white("Léa")
    assert TRACK not in game.legal_white("Sam")
    assert game.can_white("Sam", TRACK).reason == (
        "only the active player (Léa) may cross the value track"
    )
    game.white({"Léa": TRACK, "Sam": Move("cross", "red", 8)})  # Sam: the white 10
    assert lea.state.track == 1 and sam.state.crossed[0] == (8,)
    assert game.legal_colour() == []
    assert game.can_colour(Move("cross", "blue", 3)).reason == (
        "the value track took the place of both actions this turn: pass"
    )
    game.colour(None)
    assert lea.penalties == 0  # the track cross is a cross: no penalty
    assert lea.score().part("track").points == 5 and lea.score().total == 5


def test_a_roll_without_15_and_a_field_out_of_order_are_refused() -> None:
    game = lucky_game()
    game.roll(white=(1, 2), colours={"red": 1, "yellow": 2, "green": 3, "blue": 5})
    assert TRACK not in game.legal_white("Léa")
    assert game.can_white("Léa", TRACK).reason == (
        "the value track takes a total of 15 of 2 white dice and 1 coloured die of an open "
        "colour; this roll makes 4 or 5 or 6 or 8"
    )
    assert game.can_white("Léa", Move("track", None, 1)).reason == (
        "the track field 11 is not the next one (5): a value track is crossed left to right"
    )
    with pytest.raises(RuleViolation, match="Léa, the value track takes a total of 15"):
        game.white({"Léa": TRACK})


def test_a_closed_colours_die_makes_no_15() -> None:
    game = lucky_game(("Léa",))
    game._set_closed(frozenset({"blue"}))  # blue's die is out of the game
    game.roll(white=(4, 6), colours={"red": 1, "yellow": 2, "green": 3})
    assert TRACK not in game.legal_white("Léa")


def test_the_track_fills_left_to_right_scores_25_and_undoes() -> None:
    game = lucky_game(("Léa",))
    lea = game.sheets["Léa"]
    for k in range(4):
        fifteen(game)
        game.white({"Léa": Move("track", None, k)})
        game.colour(None)
    assert lea.state.track == 4 and lea.score().part("track").points == 25
    fifteen(game)
    assert game.can_white("Léa", Move("track", None, 4)).reason == (
        "no track field 4 (the track has fields 0 to 3)"
    )
    assert [m for m in game.legal_white("Léa") if m.kind == "track"] == []
    table = lucky_game(("Léa",), table=True)
    sheet = table.sheets["Léa"]
    table.play("Léa", TRACK)
    assert sheet.state.track == 1
    assert table.undo("Léa") == TRACK and sheet.state.track == 0 and sheet.score().total == 0


def test_table_play_keeps_the_track_alone_in_the_active_players_turn() -> None:
    game = lucky_game(table=True)
    game.play("Léa", Move("cross", "red", 0))
    assert game.can_play("Léa", TRACK).reason == (
        "the value track takes the place of both actions: it is crossed before anything "
        "else in the turn"
    )
    game.undo("Léa")
    game.play("Léa", TRACK)
    assert game.can_play("Léa", Move("cross", "red", 0)).reason == (
        "the value track took the place of both actions this turn: pass"
    )
    assert game.can_play("Sam", TRACK).reason == (
        "only the active player (Léa) may cross the value track"
    )
    game.play("Sam", Move("cross", "red", 0))  # the others take the white sum as ever
    game.end_turn()
    game.roll(white=(1, 1), colours={"red": 1, "yellow": 1, "green": 1, "blue": 1})
    assert game.can_play("Sam", TRACK).reason.startswith(
        "the value track takes a total of 15"
    )  # a roll entered: the dice are checked
    game.end_turn()
    assert game.can_play("Léa", Move("track", None, 1))  # her turn again, no roll entered


def test_a_log_with_track_crosses_replays_and_scores() -> None:
    game = lucky_game()
    fifteen(game)
    game.white({"Léa": TRACK, "Sam": None})
    game.colour(None)
    text = playlog.dumps(game)
    assert "track 0" in text
    replayed = playlog.from_doc(
        yamldoc.parse(text.encode(), "log.yaml", playlog.GameLogError), api.checked
    )
    assert replayed.sheets["Léa"].state.track == 1
    assert replayed.sheets["Léa"].score() == game.sheets["Léa"].score()


def test_the_marks_corpus_refusals_of_the_track_have_their_move_by_move_twins() -> None:
    """tests/data/bad/score/lucky-track-*: a track field out of order, one the track lacks,
    a track on a sheet without one."""
    lucky = Sheet(api.checked("lucky-15"))
    assert lucky.can(Move("track", None, 2)).reason == (
        "the track field 18 is not the next one (5): a value track is crossed left to right"
    )
    assert lucky.can(Move("track", None, 4)).reason == (
        "no track field 4 (the track has fields 0 to 3)"
    )
    classic = Sheet(api.checked("classic"))
    assert classic.can(TRACK).reason == "this sheet has no value track"


def test_a_lone_sheets_log_ends_the_turn_around_a_track_cross() -> None:
    sheet = Sheet(api.checked("lucky-15"))
    sheet.cross("red", 0)
    sheet.play(TRACK)
    sheet.cross("red", 1)
    game = playlog.sheet_game(sheet, "Léa")
    assert game.sheets["Léa"].state == sheet.state
    assert [e for e in game.entries if "next" in e] == [{"next": "Léa"}, {"next": "Léa"}]


def test_a_designers_track_of_one_white_and_one_coloured_die_plays_on_either_white() -> None:
    """tests/data/sim/track-with-todays-keys.yaml: white + colour = 9, with doubles and
    diamonds beside it (the kernel's agreement tests play it too)."""
    layout = api.checked("tests/data/sim/track-with-todays-keys.yaml")
    game = Game(layout, ["Léa"])
    game.roll(white=(6, 2), colours={"red": 1, "yellow": 1, "blue": 3})  # 6 + blue 3 = 9
    assert Move("track", None, 0) in game.legal_white("Léa")
    game.white({"Léa": Move("track", None, 0)})
    game.colour(None)
    assert game.sheets["Léa"].score().total == 3
    game.roll(white=(1, 1), colours={"red": 6, "yellow": 5, "blue": 4})  # at most 1 + 6
    assert game.can_white("Léa", Move("track", None, 1)).reason == (
        "the value track takes a total of 9 of 1 white die and 1 coloured die of an open "
        "colour; this roll makes 5 or 6 or 7"
    )


def test_a_logs_track_cross_is_scored_and_drawn_by_the_score_command(
    run: Run, tmp_path: Path
) -> None:
    game = lucky_game()
    fifteen(game)
    game.white({"Léa": TRACK, "Sam": Move("cross", "red", 8)})
    game.colour(None)
    log, pdf = tmp_path / "game.yaml", tmp_path / "filled.pdf"
    log.write_text(playlog.dumps(game), encoding="utf-8")
    table = run("score", str(log))
    assert table.exit_code == 0, table.stderr
    assert "  value track        1       5" in table.output
    result = run("score", str(log), "--out", str(pdf))
    assert result.exit_code == 0, result.stderr
    data = playlog.to_data(game)
    scored = playlog.scored(game, playlog.doc_of(data, "game.json"))
    assert [p.track for p in scored.marks.players] == [(5,), ()]
    boxes = geometry.sheet_boxes(scored.marks.layout)
    ox, oy = geometry.impose("a4", 8).origins[0]
    cross = geometry.track_cross(boxes.track[0])
    inset = looks.CROSS_INSET + 0.1 * (1 - 2 * looks.CROSS_INSET)
    (rgb,) = colours_at(pdf, [(ox + cross.x + inset * cross.w, oy + cross.y + inset * cross.h)])
    pen = tuple(round(v * 255) for v in palette.PEN)
    assert max(abs(a - b) for a, b in zip(rgb, pen, strict=True)) <= 60
