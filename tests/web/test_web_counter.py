"""The score counter with Flask's test client: every route, every bad request (wrong ids,
another player's token, the host's token, a move on a finished game, bad names), the CSRF
protection, the limits, and games replayed from the database after a restart."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient

from qwixx_print import catalogue
from qwixx_print.web import create_app, layouts
from qwixx_print.web.counter import NO_SUCH_LINK
from tests.webclient import ALIASES, one_line_error, token


def in_document(html: str) -> str:
    """``html`` as the browser's document holds it: without what waits in a ``<template>``
    (the own sheet's turned drawing, which the page shows instead on a phone)."""
    return re.sub(r"<template\b.*?</template>", "", html, flags=re.S)


def new_game(client: FlaskClient, names: list[str], layout: str = "classic") -> dict[str, Any]:
    answer = client.post("/api/games", json={"layout": layout, "players": names})
    assert answer.status_code == 201, answer.get_json()
    game: dict[str, Any] = answer.get_json()
    return game


def tap(client: FlaskClient, game: dict[str, Any], name: str, **move: object) -> Any:
    return client.post(f"/api/games/{game['game']}/{game['tokens'][name]}/moves", json=move)


def test_a_refused_new_game_shows_its_form_again(client: FlaskClient) -> None:
    """A newcomer's 40-letter name: the refusal wraps, above the form again, the names as
    typed, whichever page the request came from (no way back needed)."""
    form = "http://localhost/games/new?layout=classic"
    data = {"layout": "classic", "name": ["W" * 40, "Sam"], "csrf_token": token(client)}
    for referer in (form, "http://evil.example/"):
        page = client.post("/games", data=data, headers={"Referer": referer})
        assert page.status_code == 400
        html = page.get_data(as_text=True)
        assert '<p class="error" data-error="400">the name &#39;WWWW' in html
        assert f'value="{"W" * 40}"' in html and 'value="Sam"' in html
        assert "data-back" not in html and '<form method="post"' in html


def test_the_new_game_form_starts_a_game_and_opens_the_host_page(client: FlaskClient) -> None:
    form = client.get("/games/new?layout=nochmal").get_data(as_text=True)
    assert '<option value="nochmal" selected>' in form
    assert form.count('name="name"') == 5
    answer = client.post(
        "/games",
        data={"layout": "classic", "name": ["Léa", " Sam ", ""], "csrf_token": token(client)},
    )
    assert answer.status_code == 303
    host = answer.headers["Location"]
    game_id, host_token = host.split("/")[2:4]
    assert len(game_id) == 12 and len(host_token) == 16
    page = client.get(host).get_data(as_text=True)
    links = re.findall(r'<li data-link-for="([^"]+)"><div class="qr"><svg', page)
    assert links == ["Léa", "Sam"]
    urls = re.findall(rf'<a href="(http://localhost/games/{game_id}/[^"]+)">', page)
    assert len(urls) == 2 and host_token not in "".join(urls)
    assert page.count('<section class="player') == 2
    assert 'hx-post="' not in page.split('<div class="sheets">')[1].split("</div>")[0]


def test_a_players_page_taps_only_their_own_sheet(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    page = client.get(lea).get_data(as_text=True)
    own, other = page.split('<section class="player')[1:3]
    assert own.startswith(' own" data-player="Léa"')
    turned = own.split('<template data-view="turned">')[1]  # shown instead on a phone
    own = in_document(own)
    assert own.count(f'hx-post="{lea}/move"') == 4 * 11  # every field of the own sheet
    assert turned.count(f'hx-post="{lea}/move"') == 4 * 11  # and of its turned drawing
    assert 'data-row="red" data-index="0" data-number="2" data-crossed="false"' in own
    assert "hx-post" not in other
    assert game["tokens"]["Sam"] not in page and game["host"].rsplit("/", 1)[1] not in page
    for hook in (
        'data-action="penalty"',
        'data-action="undo"',
        "data-total=",
        'data-row-points="red"',
    ):
        assert hook in page


def own_views(html: str) -> list[str]:
    """The own sheet's drawings in a page or board, in order (``turned kept``: in a template)."""
    own = html.split('<section class="player own"')[1].split("</section>")[0]
    return [
        view + (" kept" if kept else "")
        for kept, view in re.findall(
            r'(<template data-view="turned">)?<svg [^>]*data-view="(\w+)"', own
        )
    ]


def test_the_own_sheet_comes_in_the_view_the_phone_asks_for(client: FlaskClient) -> None:
    """The page and its boards draw the own sheet once, in the view the request names
    (the ``X-Sheet-View`` header of counter.js, else its ``sheet_view`` cookie: a page
    load), both when none is named (a first visit); the others' sheets as printed. A poll
    says the view it shows (``?view=``): nothing new and the same view wanted is a 204, a
    phone turned since is sent the board again."""
    game = new_game(client, ["Léa", "Sam"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    first = client.get(lea).get_data(as_text=True)
    assert own_views(first) == ["flat", "turned kept"]
    assert f'hx-get="{lea}/board?since=0"' in first  # both shown: no view to ask again for
    upright = client.get(lea, headers={"X-Sheet-View": "turned"}).get_data(as_text=True)
    assert own_views(upright) == ["turned"] and "<template" not in upright
    assert f'hx-get="{lea}/board?since=0&amp;view=turned"' in upright
    assert upright.count('data-view="flat"') == 1  # Sam's sheet, as printed
    assert len(upright) < 0.8 * len(first)
    client.set_cookie("sheet_view", "flat")
    assert own_views(client.get(lea).get_data(as_text=True)) == ["flat"]
    turned = client.get(lea, headers={"X-Sheet-View": "turned"})  # the header goes first
    assert own_views(turned.get_data(as_text=True)) == ["turned"]
    client.set_cookie("sheet_view", "sideways")  # not a view: both
    assert own_views(client.get(lea).get_data(as_text=True)) == ["flat", "turned kept"]
    tap = client.post(
        f"{lea}/move",
        data={"kind": "cross", "row": "red", "index": "0"},
        headers={"X-CSRF-Token": token(client), "X-Sheet-View": "turned"},
    )
    assert own_views(tap.get_data(as_text=True)) == ["turned"]
    for shown, wanted, status in (
        ("turned", "turned", 204),
        ("turned", "flat", 200),
        ("flat", "turned", 200),
        ("", "turned", 204),  # the page holds both
        ("turned", "", 204),  # the request says none
    ):
        url = f"{lea}/board?since=1" + (f"&view={shown}" if shown else "")
        answer = client.get(url, headers={"X-Sheet-View": wanted} if wanted else {})
        assert answer.status_code == status, (shown, wanted)
        if status == 200:
            assert own_views(answer.get_data(as_text=True)) == [wanted]
    client.delete_cookie("sheet_view")  # the host's page: every sheet read only, as printed
    host = client.get(game["host"], headers={"X-Sheet-View": "turned"}).get_data(as_text=True)
    assert host.count('data-view="flat"') == 2 and 'data-view="turned"' not in host


def test_a_tap_crosses_a_field_and_a_refused_tap_shows_the_engines_reason(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Léa", "Sam"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    csrf = {"X-CSRF-Token": token(client)}
    answer = client.post(
        f"{lea}/move", data={"kind": "cross", "row": "red", "index": "4"}, headers=csrf
    )
    assert answer.status_code == 200
    board = answer.get_data(as_text=True)
    assert 'data-row="red" data-index="4" data-number="6" data-crossed="true"' in board
    assert re.search(r'<g data-row-points="red">.*?>1</text>', board)
    refused = client.post(
        f"{lea}/move", data={"kind": "cross", "row": "red", "index": "1"}, headers=csrf
    )
    assert refused.status_code == 409
    message = re.search(r"data-message>([^<]*)<", refused.get_data(as_text=True))
    assert message and message[1] == "Léa, red: 3 is left of your last cross (6)"
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert state["players"][0]["crossed"]["red"] == [4]
    assert state["players"][1]["crossed"]["red"] == []


def test_undo_redo_and_penalty_through_the_api(client: FlaskClient) -> None:
    game = new_game(client, ["Léa"])
    assert tap(client, game, "Léa", kind="penalty").get_json()["players"][0]["total"] == -5
    host = game["host"].rsplit("/", 1)[1]
    client.post(f"/api/games/{game['game']}/{host}/next", json={"turn": 1})  # Léa's again
    assert tap(client, game, "Léa", kind="cross", row="green", index=0).status_code == 200
    assert tap(client, game, "Léa", kind="undo").get_json()["players"][0]["total"] == -5
    undone = tap(client, game, "Léa", kind="undo").get_json()["players"][0]
    assert (undone["penalties"], undone["total"], undone["can_redo"]) == (0, 0, True)
    redone = tap(client, game, "Léa", kind="redo").get_json()["players"][0]
    assert redone["penalties"] == 1
    assert tap(client, game, "Léa", kind="redo").get_json()["players"][0]["total"] == 1 - 5
    refused = tap(client, game, "Léa", kind="redo")
    assert refused.status_code == 409
    assert refused.get_json() == {"error": "Léa, there is no undone move to redo"}


def test_a_lock_closes_the_colour_for_every_player_when_the_dice_pass_on(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Léa", "Sam"])
    for index in (0, 1, 2, 3, 4, 10):
        assert tap(client, game, "Léa", kind="cross", row="red", index=index).status_code == 200
    moved = client.post(f"/api/games/{game['game']}/{game['tokens']['Léa']}/next", json={"turn": 1})
    state = moved.get_json()
    assert state["closed"] == ["red"] and state["active"] == "Sam"
    assert state["players"][0]["locked"] == ["red"]
    refused = tap(client, game, "Sam", kind="cross", row="red", index=0)
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "Sam, red: red is closed"
    assert ["red", 0] not in client.get(
        f"/api/games/{game['game']}/{game['tokens']['Sam']}"
    ).get_json()["players"][1]["legal"]


def test_a_roll_shows_the_dice_and_the_fields_they_allow(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    host = f"/games/{game['game']}/{game['host'].rsplit('/', 1)[1]}"
    answer = client.post(
        f"{host}/roll", data={"turn": "1"}, headers={"X-CSRF-Token": token(client)}
    )
    assert answer.status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    white = state["dice"]["white"]
    assert len(white) == 2 and all(1 <= face <= 6 for face in white)
    assert sorted(k for k in state["dice"] if k != "white") == ["blue", "green", "red", "yellow"]
    allowed_sam = {tuple(f) for f in state["players"][1]["dice_allow"]}
    number = white[0] + white[1]
    numbers = {
        "red": range(2, 13),
        "yellow": range(2, 13),
        "green": range(12, 1, -1),
        "blue": range(12, 1, -1),
    }
    assert allowed_sam == {
        (row, list(ns).index(number)) for row, ns in numbers.items() if number != list(ns)[-1]
    }
    board = answer.get_data(as_text=True)
    assert f"= {number}</b>" in board


def test_the_end_shows_the_ranking_and_the_filled_in_sheets(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    for row in ("red", "yellow"):
        for index in (0, 1, 2, 3, 4, 10):
            assert tap(client, game, "Léa", kind="cross", row=row, index=index).status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert state["over"] is True
    assert state["ranking"] == [
        {"place": 1, "name": "Léa", "total": 28 + 28},
        {"place": 2, "name": "Sam", "total": 0},
    ]
    # the others may still finish this action; once the dice pass on, the sheets are closed
    assert tap(client, game, "Sam", kind="cross", row="green", index=0).status_code == 200
    passed = client.post(
        f"/api/games/{game['game']}/{game['tokens']['Léa']}/next", json={"turn": 1}
    )
    assert passed.status_code == 200
    refused = tap(client, game, "Sam", kind="cross", row="green", index=1)
    assert refused.status_code == 409
    assert refused.get_json()["error"].startswith("Sam, the game is over")
    page = client.get(f"/games/{game['game']}/{game['tokens']['Sam']}").get_data(as_text=True)
    assert "data-game-over" in page and '<tr data-rank="1" data-player="Léa">' in page
    pdf = client.get(f"/games/{game['game']}/{game['tokens']['Sam']}/filled.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
    import io

    from pypdf import PdfReader

    text = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Léa" in text and "56" in text


@pytest.mark.parametrize(
    ("method", "url", "body", "status", "message"),
    [
        ("get", "/games/nothing", None, 404, NO_SUCH_LINK),
        ("get", "/games/GAME/nobody", None, 404, NO_SUCH_LINK),
        ("get", "/games/GAME/%ff%C3%A9", None, 404, NO_SUCH_LINK),
        (
            "get",
            "/games/GAME/nobody/board",
            None,
            404,
            NO_SUCH_LINK,
        ),
        (
            "get",
            "/games/GAME/nobody/filled.pdf",
            None,
            404,
            NO_SUCH_LINK,
        ),
        (
            "post",
            "/api/games/GAME/nobody/moves",
            {"kind": "penalty"},
            404,
            NO_SUCH_LINK,
        ),
        (
            "post",
            "/api/games/GAME/HOST/moves",
            {"kind": "penalty"},
            403,
            "the host's link changes no sheet: use a player's link",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "jump"},
            400,
            "kind must be one of cross, again, bonus, swap, lucky, track, square, penalty, undo, redo, got 'jump'",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": "x"},
            400,
            "index must be a whole number, got 'x'",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "pink", "index": 0},
            409,
            "Léa, the layout classic has no row 'pink' (rows: red, yellow, green, blue)",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": 11},
            409,
            "Léa, red: no field 11 (the row has fields 0 to 10)",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": "\u00b2"},
            400,
            "index must be a whole number, got '\u00b2'",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red"},
            400,
            "index is missing: cross names a row and an index",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "again", "index": 2},
            400,
            "row is missing: again names a row and an index",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": 3.5},
            400,
            "index must be a whole number, got 3.5",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": True},
            400,
            "index must be a whole number, got true",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": -1},
            400,
            "index must be 0 or more, got -1",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": 1000},
            400,
            "index is out of range (0 to 999), got 1000",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": 99999999999999999999999},
            400,
            "index is out of range (0 to 999), got 99999999999999999999\u2026 (23 digits)",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": -99999999999999999999999},
            400,
            "index must be 0 or more, got -99999999999999999999\u2026 (23 digits)",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "swap", "row": "red", "index": 3, "diamond": -2},
            400,
            "diamond must be 0 or more, got -2",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": "red", "index": None},
            400,
            "index must be a whole number, got null",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "cross", "row": ["red"], "index": 3},
            400,
            'row must be a row\'s id (text), got ["red"]',
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": 3},
            400,
            "kind must be one of cross, again, bonus, swap, lucky, track, square, penalty, undo, redo, got 3",
        ),
        (
            "post",
            "/api/games/GAME/LEA/moves",
            {"kind": "penalty", "colour": "red", "by": "Sam"},
            400,
            "a move has the keys kind, row, index, diamond, step; unknown: 'by', 'colour'",
        ),
        ("post", "/api/games/GAME/LEA/moves", ["penalty"], 400, "send a JSON object"),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": []},
            400,
            "a game here has 1 to 5 players, got 0",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": list("abcdef")},
            400,
            "a game here has 1 to 5 players, got 6",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": ["Jo", "Jo"]},
            400,
            "the name 'Jo' is used twice: give every player their own",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": ["x" * 41]},
            400,
            f"the name '{'x' * 40}' must be at most 40 characters",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": ["a\u202eb"]},
            400,
            "the name 'a\\u202eb': the character '\\u202e' (U+202E RIGHT-TO-LEFT OVERRIDE) "
            "does not print (it is invisible or turns the text's direction): leave it out",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": ["Léa", "\U0001f3b2"]},
            400,
            "the name '\U0001f3b2' cannot be printed on the filled-in sheets: "
            "the font has no glyph for '\U0001f3b2' (U+1F3B2)",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": ["W" * 40]},
            400,
            f"the name '{'W' * 40}' cannot be printed on the filled-in sheets: "
            "does not fit the name box (46.0 x 4.5 mm) even at 4 pt: shorten it",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": "Jo"},
            400,
            "players must be a list of names",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": ["Ann", "  "]},
            400,
            "player 2's name is empty: give every player a name",
        ),
        (
            "post",
            "/api/games",
            {"layout": "classic", "players": [""]},
            400,
            "player 1's name is empty: give every player a name",
        ),
        (
            "post",
            "/api/games",
            {"layout": "../classic.yaml", "players": ["Jo"]},
            404,
            "no such layout: ../classic.yaml",
        ),
        ("get", "/api/games/nothing", None, 404, NO_SUCH_LINK),
        ("get", "/api/games", None, 405, "GET is not allowed here: use OPTIONS, POST"),
        ("get", "/games", None, 405, "GET is not allowed here: use OPTIONS, POST"),
    ],
)
def test_bad_counter_requests_get_a_4xx_with_one_line(
    client: FlaskClient, method: str, url: str, body: Any, status: int, message: str
) -> None:
    game = new_game(client, ["Léa", "Sam"])
    url = (
        url.replace("GAME", game["game"])
        .replace("HOST", game["host"].rsplit("/", 1)[1])
        .replace("LEA", game["tokens"]["Léa"])
    )
    answer = client.get(url) if method == "get" else client.post(url, json=body)
    assert answer.status_code == status
    if url.startswith("/api/"):
        assert answer.get_json() == {"error": message}
    else:
        assert one_line_error(answer.get_data(as_text=True)) == message.replace("'", "&#39;")


def test_another_players_token_changes_only_that_players_sheet(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    other = new_game(client, ["Kim"])
    sam = game["tokens"]["Sam"]
    # Sam's token taps Sam's sheet, whatever the move names
    assert tap(client, game, "Sam", kind="cross", row="blue", index=2).status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert [p["crossed"]["blue"] for p in state["players"]] == [[], [2]]
    # a token of another game is no player of this one
    answer = client.post(
        f"/api/games/{game['game']}/{other['tokens']['Kim']}/moves", json={"kind": "penalty"}
    )
    assert answer.status_code == 404
    answer = client.post(f"/api/games/{other['game']}/{sam}/moves", json={"kind": "penalty"})
    assert answer.status_code == 404


def test_counter_posts_need_the_csrf_token_or_json(client: FlaskClient) -> None:
    game = new_game(client, ["Léa"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    answer = client.post(f"{lea}/move", data={"kind": "penalty"})
    assert answer.status_code == 403
    token(client)
    answer = client.post(f"{lea}/move", data={"kind": "penalty"}, headers={"X-CSRF-Token": "é"})
    assert answer.status_code == 403
    answer = client.post("/games", data={"layout": "classic", "name": ["Jo"]})
    assert answer.status_code == 403
    answer = client.post(
        f"/api/games/{game['game']}/{game['tokens']['Léa']}/moves", data={"kind": "penalty"}
    )
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "send JSON: Content-Type: application/json"}
    answer = client.post(
        f"/api/games/{game['game']}/{game['tokens']['Léa']}/moves",
        json={"kind": "penalty"},
        headers={"Origin": "http://evil.example"},
    )
    assert answer.status_code == 403
    assert client.get(f"/api/games/{game['game']}").get_json()["players"][0]["penalties"] == 0


def test_games_per_server_are_limited(tmp_path: Path) -> None:
    from qwixx_print.web import create_app
    from qwixx_print.web.storage import GameLimits

    client = create_app(tmp_path / "web.sqlite3", limits=GameLimits(2, 50, 3600)).test_client()
    new_game(client, ["a"])
    new_game(client, ["b"])
    answer = client.post("/api/games", json={"layout": "classic", "players": ["c"]})
    assert answer.status_code == 429
    assert answer.get_json()["error"].startswith("this server holds 2 games already")


def test_a_restarted_server_replays_every_game_from_its_log(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    game = new_game(client, ["Léa", "Sam"], layout="nochmal")
    moves = [
        ("Sam", {"kind": "cross", "row": "blue", "index": 3}),  # passed on: Sam is active
        ("Léa", {"kind": "cross", "row": "red", "index": 0}),
        ("Sam", {"kind": "undo"}),
        ("Léa", {"kind": "again", "row": "red", "index": 0}),
        ("Sam", {"kind": "penalty"}),  # the cross undone: nothing crossed this turn
        ("Sam", {"kind": "undo"}),
    ]
    host = game["host"].rsplit("/", 1)[1]
    client.post(f"/api/games/{game['game']}/{host}/next", json={"turn": 1})
    for name, move in moves:
        assert tap(client, game, name, **move).status_code == 200
    before = client.get(f"/api/games/{game['game']}").get_json()
    restarted = create_app(tmp_path / "web.sqlite3").test_client()
    after = restarted.get(f"/api/games/{game['game']}").get_json()
    assert after == before
    assert after["moves"] == 7
    assert after["players"][0]["again"]["red"] == [0]
    # and the game goes on: the steps counted again from the log
    redone = tap(restarted, game, "Sam", kind="redo", step=4).get_json()["players"][1]
    assert (redone["crossed"]["blue"], redone["penalties"]) == ([], 1)


def test_the_board_answers_204_while_nothing_changed(client: FlaskClient) -> None:
    game = new_game(client, ["Léa"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    assert client.get(f"{lea}/board?since=0").status_code == 204
    assert client.get(f"/games/{game['game']}/board?since=0").status_code == 204
    tap(client, game, "Léa", kind="penalty")
    answer = client.get(f"{lea}/board?since=0")
    assert answer.status_code == 200 and 'data-moves="1"' in answer.get_data(as_text=True)


def test_the_shared_screen_and_the_layout_list(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    page = client.get(f"/games/{game['game']}").get_data(as_text=True)
    assert page.count('<section class="player') == 2 and "hx-post=" not in page
    assert game["tokens"]["Léa"] not in page
    listed = client.get("/api/layouts").get_json()["layouts"]
    names = [entry["name"] for entry in listed]
    assert names == layouts.shipped() and names[0] == "classic"  # the print page's order
    assert sorted(names) == catalogue.shipped_names()
    classic = listed[names.index("classic")]
    assert classic["rows"][0] == {"id": "red", "numbers": list(range(2, 13))}
    font = client.get("/fonts/DejaVuSans.ttf")
    assert font.status_code == 200 and font.mimetype == "font/ttf"
    assert client.get("/fonts/..%2Fapi.py").status_code == 404


def test_a_game_on_an_uploaded_layout_is_played_and_replayed(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    text = (Path(__file__).parents[2] / "layouts" / "classic.yaml").read_text(encoding="utf-8")
    text = text.replace("name: classic", "name: house rules").replace(
        "threshold: 5", "threshold: 3"
    )
    answer = client.post("/upload", data={"text": text, "csrf_token": token(client)})
    key = answer.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/sheets/{key}").get_data(as_text=True)
    assert '<form method="get" action="/games/new">' in page  # "Count a game", a button
    assert f'<input type="hidden" name="layout" value="{key}">' in page
    form = client.get(f"/games/new?layout={key}").get_data(as_text=True)
    assert f'<option value="{key}" selected>house rules (your layout)</option>' in form
    game = new_game(client, ["Léa"], layout=key)
    for index in (0, 1, 2, 10):  # the lock after 3 crosses: this layout's rule
        assert tap(client, game, "Léa", kind="cross", row="red", index=index).status_code == 200
    state = (
        create_app(tmp_path / "web.sqlite3")
        .test_client()
        .get(f"/api/games/{game['game']}")
        .get_json()
    )
    assert state["layout"] == key
    assert state["players"][0]["locked"] == ["red"] and state["players"][0]["points"]["red"] == 15


def test_roll_and_next_from_the_pages_and_the_api(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    csrf = {"X-CSRF-Token": token(client)}
    assert client.post(f"{lea}/next", data={"turn": "1"}, headers=csrf).status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert (state["active"], state["dice"], state["moves"], state["turn"]) == ("Sam", None, 1, 2)
    rolled = client.post(
        f"/api/games/{game['game']}/{game['tokens']['Sam']}/roll", json={"turn": 2}
    )
    assert rolled.status_code == 200 and rolled.get_json()["dice"] is not None
    host = f"/games/{game['game']}/{game['host'].rsplit('/', 1)[1]}"
    assert client.post(f"{host}/next", data={"turn": "2"}, headers=csrf).status_code == 200
    assert client.post(f"{lea}/roll", data={"turn": "3"}, headers=csrf).status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert state["active"] == "Léa" and state["moves"] == 4  # next, roll, next, roll
    assert client.post(f"{lea}/jump", headers=csrf).status_code == 404
    for url in ("/sheets/classic", "/games/new", f"/games/{game['game']}", lea, f"{lea}/board"):
        assert client.get(url).status_code == 200, url


def test_links_for_phones_use_the_servers_network_address(tmp_path: Path) -> None:
    client = create_app(tmp_path / "w.db", public_url="http://192.168.1.20:8000").test_client()
    game = new_game(client, ["Léa"])
    assert (
        game["links"]["Léa"]
        == f"http://192.168.1.20:8000/games/{game['game']}/{game['tokens']['Léa']}"
    )
    host = client.get(game["host"].replace("http://192.168.1.20:8000", "")).get_data(as_text=True)
    assert f'<a href="{game["links"]["Léa"]}">' in host and "data-loopback" not in host


def test_a_loopback_server_tells_the_host_that_phones_cannot_reach_it(tmp_path: Path) -> None:
    client = create_app(tmp_path / "w.db", loopback_only=True).test_client()
    game = new_game(client, ["Léa"])
    host = client.get(game["host"].replace("http://localhost", "")).get_data(as_text=True)
    assert "qwixx-print serve --host 0.0.0.0" in host


def test_no_page_loads_anything_from_another_site(client: FlaskClient) -> None:
    game = new_game(client, ["Léa"])
    pages = ["/", "/upload", "/games/new", "/sheets/kraefte", f"/games/{game['game']}"]
    pages += [
        game["host"].replace("http://localhost", ""),
        game["links"]["Léa"].replace("http://localhost", ""),
    ]
    for url in pages:
        html = client.get(url).get_data(as_text=True)
        for attribute, value in re.findall(r'\b(src|href|hx-get|hx-post)="([^"]*)"', html):
            assert value.startswith(("/", "#", "http://localhost/")), (url, attribute, value)
        assert "//" not in "".join(re.findall(r"url\(([^)]*)\)", html))
    with client.get("/static/style.css") as answer:  # a file response: closed when read
        css = answer.get_data(as_text=True)
    assert re.findall(r"url\(\"?([^)\"]*)", css) == [
        "/fonts/DejaVuSans.ttf",
        "/fonts/DejaVuSans-Bold.ttf",
    ]


@pytest.mark.parametrize(
    ("name", "printable"),
    [("Żaneta", True), ("x" * 40, True), ("Żaneta \U0001f3b2", False), ("W" * 40, False)],
)
def test_new_game_refuses_the_names_score_refuses_and_prints_the_others(
    client: FlaskClient, tmp_path: Path, name: str, printable: bool
) -> None:
    from qwixx_print import api
    from qwixx_print.errors import MarksError

    marks = tmp_path / "marks.json"
    marks.write_text(
        json.dumps(
            {"layout": "classic", "players": [{"name": name, "crosses": {}}]}, ensure_ascii=False
        ),
        encoding="utf-8",
    )
    if printable:  # the web and score agree: one rule (scene.shapes.name_misfit)
        api.score(str(marks))
    else:
        with pytest.raises(MarksError, match=r"players\[0\]\.name: the name \("):
            api.score(str(marks))
    answer = client.post(
        "/games", data={"layout": "classic", "name": [name], "csrf_token": token(client)}
    )
    if not printable:
        assert answer.status_code == 400
        assert one_line_error(answer.get_data(as_text=True)).startswith(
            f"the name &#39;{name}&#39; cannot be printed on the filled-in sheets: "
        )
        return
    assert answer.status_code == 303
    pdf = client.get(answer.headers["Location"] + "/filled.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")


def test_the_shared_screen_links_the_filled_in_sheets_at_game_over(client: FlaskClient) -> None:
    game = new_game(client, ["Léa", "Sam"])
    shared = f"/games/{game['game']}"
    assert 'data-action="filled"' not in client.get(shared).get_data(as_text=True)
    for row in ("red", "yellow"):
        for index in (0, 1, 2, 3, 4, 10):
            assert tap(client, game, "Léa", kind="cross", row=row, index=index).status_code == 200
    page = client.get(shared).get_data(as_text=True)
    assert f'<a href="{shared}/filled.pdf" data-action="filled">' in page
    pdf = client.get(f"{shared}/filled.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    host = client.get(game["host"].replace("http://localhost", "") + "/filled.pdf")
    assert pdf.data == host.data and pdf.data.startswith(b"%PDF-")


@pytest.mark.parametrize(("given", "name"), ALIASES)
def test_a_game_takes_a_layouts_alias_in_any_case_as_the_cli_does(
    client: FlaskClient, given: str, name: str
) -> None:
    game = new_game(client, ["Léa"], layout=given)
    assert client.get(f"/api/games/{game['game']}").get_json()["layout"] == name
    form = client.get(f"/games/new?layout={given}").get_data(as_text=True)
    assert f'<option value="{name}" selected>' in form


def test_the_qr_codes_have_a_viewbox_and_no_fixed_size(client: FlaskClient) -> None:
    game = new_game(client, ["Léa"])
    host = client.get(game["host"].replace("http://localhost", "")).get_data(as_text=True)
    svg = re.search(r'<div class="qr">(<svg[^>]*>)', host)
    assert svg is not None
    size = segno.make(game["links"]["Léa"], error="m").symbol_size(border=2)
    assert svg[1] == f'<svg viewBox="0 0 {size[0]} {size[1]}" class="segno">'


@pytest.mark.parametrize(
    ("method", "url", "allowed"),
    [
        ("DELETE", "/api/games/GAME", "GET, HEAD, OPTIONS"),
        ("PUT", "/api/games/GAME/LEA/moves", "OPTIONS, POST"),
        ("TRACE", "/", "GET, HEAD, OPTIONS"),
        ("DELETE", "/games/GAME/LEA/move", "OPTIONS, POST"),
        ("PATCH", "/games", "OPTIONS, POST"),
    ],
)
def test_an_unsupported_method_is_a_405_naming_the_allowed_ones(
    client: FlaskClient, method: str, url: str, allowed: str
) -> None:
    game = new_game(client, ["Léa"])
    url = url.replace("GAME", game["game"]).replace("LEA", game["tokens"]["Léa"])
    answer = client.open(url, method=method)
    assert answer.status_code == 405
    assert answer.headers["Allow"] == allowed
    message = f"{method} is not allowed here: use {allowed}"
    if url.startswith("/api/"):
        assert answer.get_json() == {"error": message}
    else:
        assert one_line_error(answer.get_data(as_text=True)) == message


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-1", "index must be 0 or more, got -1"),
        ("1000", "index is out of range (0 to 999), got 1000"),
        ("9" * 30, f"index is out of range (0 to 999), got {'9' * 20}\u2026 (30 digits)"),
        ("0003", None),
    ],
)
def test_a_tapped_index_out_of_range_is_named_as_such(
    client: FlaskClient, value: str, message: str | None
) -> None:
    game = new_game(client, ["Léa"])
    lea = f"/games/{game['game']}/{game['tokens']['Léa']}"
    answer = client.post(
        f"{lea}/move",
        data={"kind": "cross", "row": "red", "index": value, "csrf_token": token(client)},
    )
    if message is None:
        assert answer.status_code == 200
        assert client.get(f"/api/games/{game['game']}").get_json()["players"][0]["crossed"][
            "red"
        ] == [3]
    else:
        assert answer.status_code == 400
        assert one_line_error(answer.get_data(as_text=True)) == message
