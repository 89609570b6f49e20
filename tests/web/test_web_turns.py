"""Turns at a web table (issue 20 item 3): only the active player's page and the host's roll
and pass the dice on; a request names the turn it acts on, so a repeated tap is answered as
done and never applied twice; the host takes an accidental "Next player" back."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from qwixx_print.web import create_app
from tests.browser import chromium, need_browser, served, wait_for
from tests.web.test_web_browser_counter import start_game
from tests.webclient import token

NAMES = ["Ann", "Bő", "Cy"]


def _game(client: FlaskClient) -> dict[str, Any]:
    made = client.post("/api/games", json={"layout": "classic", "players": NAMES})
    assert made.status_code == 201
    game: dict[str, Any] = made.get_json()
    game["host_token"] = game["host"].rsplit("/", 1)[1]
    return game


def _post(client: FlaskClient, game: dict[str, Any], who: str, action: str, turn: Any) -> Any:
    key = game["host_token"] if who == "host" else game["tokens"][who]
    return client.post(f"/api/games/{game['game']}/{key}/{action}", json={"turn": turn})


def test_three_roll_taps_by_the_active_player_roll_once(client: FlaskClient) -> None:
    game = _game(client)
    first = _post(client, game, "Ann", "roll", 1)
    assert first.status_code == 200 and "note" not in first.get_json()
    for _ in range(2):
        again = _post(client, game, "Ann", "roll", 1)
        assert again.status_code == 200
        assert again.get_json()["note"] == "already done: Ann has rolled"
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert (state["active"], state["turn"], state["moves"]) == ("Ann", 1, 1)
    assert state["dice"] == first.get_json()["dice"]


def test_a_repeated_next_player_passes_the_dice_once(client: FlaskClient) -> None:
    game = _game(client)
    assert _post(client, game, "Ann", "next", 1).get_json()["active"] == "Bő"
    again = _post(client, game, "Ann", "next", 1)
    assert again.status_code == 200
    assert again.get_json()["note"] == "already done: turn 1 is over, Bő rolls now"
    assert (again.get_json()["active"], again.get_json()["turn"]) == ("Bő", 2)


def test_only_the_active_player_or_the_host_rolls_and_passes_the_dice_on(
    client: FlaskClient,
) -> None:
    game = _game(client)
    for action in ("roll", "next"):
        refused = _post(client, game, "Cy", action, 1)
        assert refused.status_code == 409
        assert refused.get_json() == {
            "error": "Cy, it is Ann's turn: only Ann or the host rolls and passes the dice on"
        }
    assert _post(client, game, "host", "roll", 1).status_code == 200
    assert _post(client, game, "host", "next", 1).get_json()["active"] == "Bő"
    assert _post(client, game, "Bő", "roll", 2).status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert (state["active"], state["turn"], state["moves"]) == ("Bő", 2, 3)


def test_a_request_names_its_turn(client: FlaskClient) -> None:
    game = _game(client)
    url = f"/api/games/{game['game']}/{game['tokens']['Ann']}/roll"
    missing = client.post(url, json={})
    assert missing.status_code == 400
    assert missing.get_json()["error"] == (
        "turn is missing: a roll, next or back names the turn it acts on"
    )
    for wrong in ("x", -1, 0, True, 1.5):
        answer = client.post(url, json={"turn": wrong})
        assert answer.status_code == 400 and answer.get_json()["error"].startswith("turn must be")
    future = _post(client, game, "Ann", "roll", 5)
    assert future.status_code == 409
    assert future.get_json()["error"] == "turn 5 has not come yet (this is turn 1)"
    page = f"/games/{game['game']}/{game['tokens']['Ann']}/roll"
    answer = client.post(page, headers={"X-CSRF-Token": token(client)})
    assert answer.status_code == 400


def test_the_host_takes_an_accidental_next_player_back(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    game = _game(client)
    for index in (0, 1, 2, 3, 4):
        client.post(
            f"/api/games/{game['game']}/{game['tokens']['Ann']}/moves",
            json={"kind": "cross", "row": "red", "index": index},
        )
    rolled = _post(client, game, "Ann", "roll", 1).get_json()
    client.post(
        f"/api/games/{game['game']}/{game['tokens']['Ann']}/moves",
        json={"kind": "cross", "row": "red", "index": 10},
    )  # Ann locks red: it closes for all when the dice pass on
    passed = _post(client, game, "Ann", "next", 1).get_json()
    assert (passed["active"], passed["closed"]) == ("Bő", ["red"])
    refused = _post(client, game, "Bő", "back", 2)
    assert refused.status_code == 409
    assert refused.get_json() == {"error": "Bő, only the host's page takes a turn back"}
    back = _post(client, game, "host", "back", 2)
    assert back.status_code == 200
    state = back.get_json()
    assert (state["active"], state["turn"], state["dice"], state["closed"]) == (
        "Ann",
        1,
        rolled["dice"],
        [],
    )
    assert _post(client, game, "host", "back", 2).get_json()["note"] == (
        "already done: the turn is 1 (Ann)"
    )
    nothing = _post(client, game, "host", "back", 1)
    assert nothing.status_code == 409
    assert nothing.get_json() == {"error": "no turn has ended yet"}
    replayed = create_app(tmp_path / "web.sqlite3").test_client()  # the log says "back"
    assert (
        replayed.get(f"/api/games/{game['game']}").get_json()
        == client.get(f"/api/games/{game['game']}").get_json()
    )
    _post(client, game, "host", "next", 1)
    _post(client, game, "Bő", "roll", 2)
    late = _post(client, game, "host", "back", 2)
    assert late.status_code == 409
    assert late.get_json() == {"error": "Bő has rolled already: the turn cannot go back"}


def test_only_the_active_players_page_and_the_hosts_show_roll_and_next(
    client: FlaskClient,
) -> None:
    game = _game(client)

    def buttons(key: str) -> set[str]:
        page = client.get(f"/games/{game['game']}/{key}").get_data(as_text=True)
        return {a for a in ("roll", "next", "back") if f'data-action="{a}"' in page}

    assert buttons(game["tokens"]["Ann"]) == {"roll", "next"}
    assert buttons(game["tokens"]["Cy"]) == set()
    assert buttons(game["host_token"]) == {"roll", "next", "back"}


def test_two_taps_on_roll_250_ms_apart_leave_the_same_active_player(tmp_path: Path) -> None:
    need_browser()
    with served(tmp_path / "web.sqlite3") as base, chromium(390, 844) as browser:
        links = start_game(browser, base, NAMES)
        browser.get(links["Ann"])
        roll = browser.find_element(By.CSS_SELECTOR, '[data-action="roll"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", roll)
        ActionChains(browser).move_to_element(roll).click().pause(0.25).click().perform()
        wait_for(browser, "document.querySelector('[data-white]') !== null")
        time.sleep(0.5)  # let a second request, if any was sent, be answered
        wait_for(browser, "!document.querySelector('.htmx-request')")
        status = browser.find_element(By.CSS_SELECTOR, ".status span").text
        game_id = links["Ann"].split("/")[-2]
        with urllib.request.urlopen(f"{base}/api/games/{game_id}", timeout=20) as answer:
            state = json.load(answer)
    assert status.startswith("Ann rolls: white")
    assert (state["active"], state["turn"], state["moves"]) == ("Ann", 1, 1)
