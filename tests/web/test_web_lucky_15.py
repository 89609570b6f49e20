"""Lucky 15 on the score counter (RULES-more.md §7) with Flask's test client: the phone's
sheet draws the value track, its next field tappable for the active player only and
outlined when the roll on the table makes 15; a tap crosses it through the engine, a refused
one gets the engine's reason, undo takes it back."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from qwixx_print.play import Move
from qwixx_print.web.counter import parse_move, running_games
from qwixx_print.web.mechanic_views import track_hints
from tests.web.test_web_counter import new_game, tap
from tests.web.test_web_more_sheets import player, refusal


def page(client: FlaskClient, game: dict[str, Any], name: str) -> str:
    return client.get(f"/games/{game['game']}/{game['tokens'][name]}").get_data(as_text=True)


def track_fields(html: str) -> list[tuple[str, str, str]]:
    """(classes, value, legal) of every value track field of the page's own sheet."""
    own = html[html.index("player own") :]
    return re.findall(
        r'<g class="([^"]*)" data-track="\d" data-value="(\d+)" data-crossed="\w+" '
        r'data-legal="(\w+)"',
        own,
    )[:4]


def test_a_track_move_is_parsed_with_its_index_alone() -> None:
    assert parse_move({"kind": "track", "index": "2"}) == Move("track", None, 2)


def test_the_phone_draws_the_track_and_the_active_player_crosses_it(client: FlaskClient) -> None:
    game = new_game(client, ["Ann", "Ben"], "lucky-15")
    fields = track_fields(page(client, game, "Ann"))
    assert [(value, legal) for _, value, legal in fields] == [
        ("5", "true"),
        ("11", "false"),
        ("18", "false"),
        ("25", "false"),
    ]
    assert [legal for _, _, legal in track_fields(page(client, game, "Ben"))] == ["false"] * 4
    assert refusal(tap(client, game, "Ben", kind="track", index=0)) == (
        409,
        "Ben, only the active player (Ann) may cross the value track",
    )
    assert tap(client, game, "Ann", kind="track", index=0).status_code == 200
    ann = player(client, game, "Ann")
    assert (ann["track"], ann["track_points"], ann["total"]) == (1, 5, 5)
    classes = [c for c, _, _ in track_fields(page(client, game, "Ann"))]
    assert "crossed" in classes[0] and "legal" not in classes[1]  # alone in the turn
    assert refusal(tap(client, game, "Ann", kind="cross", row="red", index=0)) == (
        409,
        "Ann, the value track took the place of both actions this turn: pass",
    )
    assert tap(client, game, "Ann", kind="undo").status_code == 200
    assert player(client, game, "Ann")["track"] == 0


def test_a_roll_of_15_outlines_the_next_field_and_another_roll_refuses_it(
    app: Flask, client: FlaskClient
) -> None:
    game = new_game(client, ["Ann", "Ben"], "lucky-15")
    ones = {"red": 1, "yellow": 1, "green": 1, "blue": 1}
    with app.app_context():  # the host's roll, with faces a test chooses, stored
        games = running_games()
        table = games.get(game["game"])
        assert table is not None
        games.act(table, lambda g: g.roll(white=(4, 6), colours={**ones, "blue": 5}))
        assert track_hints(table.game) == {"Ann": (True, True), "Ben": (False, False)}
    assert "hinted" in track_fields(page(client, game, "Ann"))[0][0]
    assert "hinted" not in track_fields(page(client, game, "Ben"))[0][0]
    with app.app_context():  # Ben's turn: the host rolls 1 + 1, no 15
        games.act(table, lambda g: g.roll(white=(1, 1), colours=ones))
    assert refusal(tap(client, game, "Ben", kind="track", index=0))[1].startswith(
        "Ben, the value track takes a total of 15 of 2 white dice and 1 coloured die"
    )


def test_the_json_api_says_whether_the_track_may_be_crossed_now_and_whether_the_dice_allow_it(
    app: Flask, client: FlaskClient
) -> None:
    """The JSON twin of the SVG's ``data-legal`` and its outline (docs/web.md): the own
    player's ``legal_track`` and every player's ``dice_allow_track``."""
    game = new_game(client, ["Ann", "Ben"], "lucky-15")
    ann, ben = player(client, game, "Ann"), player(client, game, "Ben")
    assert (ann["legal_track"], ann["dice_allow_track"]) == (True, False)  # no roll yet
    assert (ben["legal_track"], ben["dice_allow_track"]) == (False, False)  # not active
    ones = {"red": 1, "yellow": 1, "green": 1, "blue": 1}
    with app.app_context():
        games = running_games()
        table = games.get(game["game"])
        assert table is not None
        games.act(table, lambda g: g.roll(white=(4, 6), colours={**ones, "blue": 5}))
    ann = player(client, game, "Ann")
    assert (ann["legal_track"], ann["dice_allow_track"]) == (True, True)  # 4 + 6 + 5 = 15
    assert tap(client, game, "Ann", kind="cross", row="red", index=0).status_code == 200
    ann = player(client, game, "Ann")  # a cross came first: the track waits for a turn
    assert (ann["legal_track"], ann["dice_allow_track"]) == (False, False)
    assert "legal_track" not in player(client, new_game(client, ["Cy"]), "Cy")  # classic


def test_a_track_tap_on_the_next_roll_is_refused_where_a_swap_or_lucky_cross_is_accepted(
    app: Flask, client: FlaskClient
) -> None:
    """RULES.md §6 (table play and the page's dice): a track cross belongs to the active
    player's turn, so a roll the page knows decides it; a swap or a lucky cross (like a
    field) may be entered late, after the next roll, so the page's dice only outline it."""
    tables = {}
    for layout in ("lucky-15", "x-change", "longo"):
        game = new_game(client, ["Ann", "Ben"], layout)
        with app.app_context():
            games = running_games()
            table = games.get(game["game"])
            assert table is not None
            in_play = {c: 1 for c in table.game.dice_in_play()}
            games.act(table, lambda g, faces=in_play: g.roll(white=(1, 1), colours=faces))
        tables[layout] = game
    assert refusal(tap(client, tables["lucky-15"], "Ann", kind="track", index=0))[1].startswith(
        "Ann, the value track takes a total of 15"
    )
    # the white sum is 2: no diamond shows it, and it is no lucky number of Ann's
    swap = tap(client, tables["x-change"], "Ann", kind="swap", diamond=0, row="red", index=3)
    assert swap.status_code == 200 and player(client, tables["x-change"], "Ann")["diamonds"] == [0]
    longo = tables["longo"]
    assert 2 not in player(client, longo, "Ann")["lucky"]
    assert tap(client, longo, "Ann", kind="lucky", row="yellow").status_code == 200
