"""Connect 15's link squares in the counter's JSON API (RULES.md §7, docs/web.md): each
player's crossed squares and those the dice on the table allow, the own player's legal
ones, as the engine says."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from qwixx_print.web.counter import running_games
from tests.web.test_web_counter import new_game, tap
from tests.web.test_web_more_sheets import player


def test_the_json_api_lists_the_crossed_legal_and_allowed_link_squares(
    app: Flask, client: FlaskClient
) -> None:
    game = new_game(client, ["Ann", "Ben"], "connect-15")
    ann = player(client, game, "Ann")
    first = ann["legal_squares"][0]
    assert ann["squares"]["red"] == [] and ann["dice_allow_squares"] == []
    with app.app_context():  # the host's roll: a white 1 and 5, every player's
        games = running_games()
        table = games.get(game["game"])
        assert table is not None
        ones = {c: 2 for c in table.game.dice_in_play()}
        games.act(table, lambda g: g.roll(white=(1, 5), colours=ones))
    ben = player(client, game, "Ben")
    assert ben["dice_allow_squares"] == ben["legal_squares"] and first in ben["legal_squares"]
    row, index = first
    assert tap(client, game, "Ann", kind="square", row=row, index=index).status_code == 200
    ann = player(client, game, "Ann")
    assert ann["squares"][row] == [index] and first not in ann["legal_squares"]
    assert ann["total"] == 1  # a link square is a cross of its row
    assert "squares" not in player(client, new_game(client, ["Cy"]), "Cy")  # classic
