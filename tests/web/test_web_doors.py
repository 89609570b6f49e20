"""Closed doors of the web page (issue 23 items 4 and 5): the Host header checked against
the allowed hosts (DNS rebinding), security headers on every answer, deep or huge JSON a
400, an unknown game and a wrong token answered alike, no 500 with a traceback, layout
labels refusing the invisible and direction characters that names refuse."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from qwixx_print.errors import escaped, unprinted, unprinted_refusal
from qwixx_print.web import create_app, guard
from qwixx_print.web.counter import NO_SUCH_LINK
from qwixx_print.web.running import name_problems
from tests.webclient import one_line_error, token

CLASSIC = (Path(__file__).parents[2] / "qwixx_print" / "layouts" / "classic.yaml").read_text()


def new_game(client: FlaskClient, names: list[str] | None = None) -> dict[str, object]:
    answer = client.post("/api/games", json={"layout": "classic", "players": names or ["Ann"]})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    made: dict[str, object] = answer.get_json()
    return made


# -- allowed hosts -------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io"])
def test_a_rebinding_request_naming_another_host_is_refused(client: FlaskClient, host: str) -> None:
    """DNS rebinding: a page of evil.example whose name now points to this server. Its
    requests carry ``Host: evil.example`` and a matching ``Origin``, so the same-origin
    check alone would let them through; the host check refuses each with one line."""
    headers = {"Host": host, "Origin": f"http://{host}"}
    page = client.get("/", headers=headers)
    assert page.status_code == 400
    assert one_line_error(page.get_data(as_text=True)) == (
        "this server does not answer to that host name"
    )
    api = client.post("/api/games", json={"layout": "classic", "players": ["Ann"]}, headers=headers)
    assert api.status_code == 400
    assert api.get_json() == {"error": "this server does not answer to that host name"}
    game = new_game(client)
    tokens = game["tokens"]
    assert isinstance(tokens, dict)
    move = client.post(
        f"/games/{game['game']}/{tokens['Ann']}/move",
        data={"kind": "penalty", "csrf_token": token(client)},
        headers=headers,
    )
    assert move.status_code == 400
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert state["players"][0]["penalties"] == 0  # the refused move changed nothing


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST:8000", "127.0.0.1:8000", "[::1]:8000"])
def test_this_computers_own_names_are_always_allowed(client: FlaskClient, host: str) -> None:
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_the_public_address_and_the_names_given_are_allowed(tmp_path: Path) -> None:
    app = create_app(
        tmp_path / "w.db", public_url="http://192.168.1.20:8000", allowed_hosts=["Qwixx.Club"]
    )
    client = app.test_client()
    for host in ("192.168.1.20:8000", "qwixx.club", "qwixx.club:443"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    assert client.get("/", headers={"Host": "other.club"}).status_code == 400


# -- security headers ----------------------------------------------------------------------


def test_every_answer_carries_the_security_headers(client: FlaskClient) -> None:
    """Pages, fragments, the API, a PDF, static files and refusals alike."""
    game = new_game(client)
    tokens = game["tokens"]
    assert isinstance(tokens, dict)
    paths = [
        "/",
        "/upload",
        "/games/new",
        f"/games/{game['game']}/{tokens['Ann']}",
        f"/games/{game['game']}/{tokens['Ann']}/board",
        "/api/layouts",
        f"/api/games/{game['game']}",
        "/pdf?layout=classic",
        "/static/style.css",
        "/no/such/page",
        "/api/games/nothing",
    ]
    for path in paths:
        answer = client.get(path)
        answer.close()
        for name, value in guard.SECURITY_HEADERS.items():
            assert answer.headers.get(name) == value, (path, name)
    csp = guard.SECURITY_HEADERS["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp


def test_the_templates_use_no_inline_script_or_style_attribute(client: FlaskClient) -> None:
    """What the CSP forbids is not in the pages: no ``<script>`` without ``src``, no
    ``on...=`` handler, no ``style=`` attribute (a die's colour is painted by page.js)."""
    game = new_game(client, ["Ann", "Ben"])
    tokens = game["tokens"]
    assert isinstance(tokens, dict)
    base = f"/games/{game['game']}/{tokens['Ann']}"
    assert (
        client.post(f"{base}/roll", data={"csrf_token": token(client), "turn": "1"}).status_code
        == 200
    )
    import re

    for path in ("/", "/upload", "/games/new", base, f"/games/{game['game']}", "/nothing"):
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path
        assert not re.search(r"\son[a-z]+=", html), path
        assert not re.search(r"\sstyle=", html), path
    assert 'data-colour="' in client.get(base).get_data(as_text=True)  # the dice


# -- JSON ----------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1000, 7000])
def test_deeply_nested_json_is_a_400_with_one_line(client: FlaskClient, depth: int) -> None:
    game = new_game(client)
    tokens = game["tokens"]
    assert isinstance(tokens, dict)
    body = "[" * depth + "]" * depth
    for path in ("/api/games", f"/api/games/{game['game']}/{tokens['Ann']}/moves"):
        answer = client.post(path, data=body, content_type="application/json")
        assert answer.status_code == 400
        assert answer.get_json() == {
            "error": f"the JSON body nests deeper than {guard.MAX_JSON_DEPTH} levels"
        }


def test_a_huge_json_body_is_a_400_before_it_is_parsed(client: FlaskClient) -> None:
    body = json.dumps({"layout": "classic", "players": ["Ann"], "x": "y" * guard.MAX_JSON})
    answer = client.post("/api/games", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json() == {"error": f"the JSON body is larger than {guard.MAX_JSON:,} bytes"}


def test_json_nested_within_the_limit_is_read(client: FlaskClient) -> None:
    """Brackets inside strings do not count; a move nested as deep as allowed is answered
    for what it says (no such key), not refused as deep."""
    game = new_game(client)
    tokens = game["tokens"]
    assert isinstance(tokens, dict)
    url = f"/api/games/{game['game']}/{tokens['Ann']}/moves"
    assert (
        client.post(url, json={"kind": "cross", "row": "[[[[[[[[[[", "index": 0}).status_code == 409
    )
    nested: object = 1
    for _ in range(guard.MAX_JSON_DEPTH - 1):
        nested = [nested]
    answer = client.post(url, json={"kind": "penalty", "deep": nested})
    assert answer.status_code == 400
    assert "unknown: 'deep'" in answer.get_json()["error"]


def test_no_json_at_all_is_a_400(client: FlaskClient) -> None:
    answer = client.post("/api/games", data="{not json", content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "the body is no JSON"}


# -- an unknown game and a wrong token -----------------------------------------------------


def test_a_wrong_token_for_a_real_game_answers_as_an_unknown_game(client: FlaskClient) -> None:
    """Nothing tells a guessed game id apart: status, headers that matter and body are the
    same for a real game with a wrong token and for no game at all."""
    game = new_game(client)
    real, unknown = str(game["game"]), "AAAAAAAAAAAA"
    csrf = token(client)
    for path, method in [
        ("/games/{game}/wrongtoken", "get"),
        ("/games/{game}/wrongtoken/board", "get"),
        ("/games/{game}/wrongtoken/filled.pdf", "get"),
        ("/games/{game}/wrongtoken/move", "post"),
        ("/games/{game}/wrongtoken/roll", "post"),
        ("/api/games/{game}/wrongtoken", "get"),
        ("/api/games/{game}/wrongtoken/moves", "post"),
        ("/api/games/{game}/wrongtoken/next", "post"),
    ]:
        answers = []
        for game_id in (real, unknown):
            url = path.format(game=game_id)
            if method == "get":
                answer = client.get(url)
            elif url.startswith("/api/"):
                answer = client.post(url, json={"kind": "penalty"})
            else:
                answer = client.post(url, data={"kind": "penalty", "csrf_token": csrf})
            answers.append((answer.status_code, answer.mimetype, answer.get_data()))
        assert answers[0] == answers[1], path
        assert answers[0][0] == 404
        assert NO_SUCH_LINK.encode() in answers[0][2]


# -- no 500 with a traceback ---------------------------------------------------------------


def test_an_unexpected_error_is_one_line_without_traceback_or_path_and_is_logged(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug in some request (simulated by a page that fails) answers one line naming
    the kind of error only: no traceback, no server path; the traceback goes to the log."""

    def broken() -> str:
        raise RuntimeError("/home/host/secret/web.sqlite3 is broken")

    app.add_url_rule("/broken", view_func=broken)
    app.add_url_rule("/api/broken", view_func=broken, endpoint="api_broken")
    client = app.test_client()
    with caplog.at_level(logging.ERROR):
        page = client.get("/broken")
        api = client.get("/api/broken")
    assert page.status_code == api.status_code == 500
    assert one_line_error(page.get_data(as_text=True)) == (
        "internal error (RuntimeError): please report it"
    )
    assert api.get_json() == {"error": "internal error (RuntimeError): please report it"}
    for body in (page.get_data(as_text=True), api.get_data(as_text=True)):
        assert "secret" not in body and "Traceback" not in body
    assert "secret/web.sqlite3 is broken" in caplog.text  # the host can find it


# -- invisible characters: names and labels alike ------------------------------------------

HIDDEN = ["\u202e", "\u202d", "\u200b", "\u200f", "\u2066", "\u00a0", "\ufeff"]
"""Right-to-left and left-to-right overrides, a zero-width space, a right-to-left mark, a
direction isolate, a no-break space, a zero-width no-break space."""


@pytest.mark.parametrize("char", HIDDEN)
def test_a_name_and_a_label_refuse_the_same_invisible_character(
    client: FlaskClient, char: str
) -> None:
    assert unprinted(f"Ann{char}a") == char
    assert name_problems([f"Ann{char}a"], 5) == (
        [f"Ann{char}a"],
        [escaped(f"the name 'Ann{char}a': {unprinted_refusal(char)}")],
    )
    label = "Qwixx" + char + "!"
    text = CLASSIC + f'labels:\n  title: "{label.encode("unicode_escape").decode()}"\n'
    answer = client.post("/upload", data={"text": text, "csrf_token": token(client)})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert f"U+{ord(char):04X}" in page and "does not print" in page


def test_a_label_of_ordinary_letters_and_spaces_is_accepted(client: FlaskClient) -> None:
    text = CLASSIC + 'labels:\n  title: "Qwixx für Żaneta"\n'
    answer = client.post("/upload", data={"text": text, "csrf_token": token(client)})
    assert answer.status_code == 303
