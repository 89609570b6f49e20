"""Taps as a human makes them, in chromium (a newcomer's findings): a double tap (click,
a pause of 0.2 s, click: the second lands on the board the first tap's answer swapped in,
whose button names the new turn or step) on "Next player", Undo, Redo or the host's Back
acts once and says so, a tap 1.5 s later acts again; a tap while the server is down says
it was not saved, and the page goes on when the server is back."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser import chromium, need_browser, served, settled, start, stop, wait_for
from tests.web.test_web_browser_counter import start_game, tap

HUMAN_PAUSE = 0.2
"""Seconds between the two taps of a double tap: far inside the page's guard (1 s from the
first tap's answer, ``static/counter.js``)."""

LATER = 1.5
"""Seconds after a tap's answer (the board settled) that a genuine second tap comes: far
outside the guard."""

ALREADY = "document.getElementById('message').textContent.startsWith('already done: ')"
"""JavaScript: the bar at the bottom says a tap was done already."""


def _state(base: str, link: str) -> dict[str, Any]:
    """The game's state from the JSON API, for the page ``link`` (its own entry included)."""
    game_id, token = link.split("/")[-2:]
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/{token}", timeout=20) as answer:
        state: dict[str, Any] = json.load(answer)
    return state


def _button(browser: Any, action: str) -> Any:
    return browser.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]')


def _click(browser: Any, action: str) -> None:
    """Click the button ``action`` in the middle of the screen, clear of the bar at the
    bottom."""
    button = _button(browser, action)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def _double_tap(browser: Any, action: str) -> None:
    """Tap the button ``action`` as a human double taps: a click, a pause of
    :data:`HUMAN_PAUSE`, and once the first tap's board is in (at once on a quick server; a
    click on a board still settling sends nothing, :func:`tests.browser.settled`) a click on
    the button that board shows; then wait until the page says the second was done already
    and nothing is in flight."""
    settled(browser)
    browser.execute_script("document.getElementById('message').textContent = ''")
    _click(browser, action)
    time.sleep(HUMAN_PAUSE)
    settled(browser)
    _click(browser, action)
    wait_for(browser, ALREADY)
    settled(browser)


def _later_tap(browser: Any, action: str) -> None:
    """Tap the button ``action`` :data:`LATER` seconds after the last answer, and wait until
    its move is stored (the board's ``data-moves`` grows)."""
    settled(browser)
    time.sleep(LATER)
    before = browser.execute_script("return document.getElementById('board').dataset.moves")
    _click(browser, action)
    wait_for(browser, f"document.getElementById('board').dataset.moves !== '{before}'")
    settled(browser)


def _turn(browser: Any) -> tuple[str, int]:
    """Who rolls and the turn, as the page shows them."""
    status = browser.find_element(By.CSS_SELECTOR, ".status span").text
    return status.split(" rolls")[0], int(_button(browser, "next").get_attribute("data-turn"))


def test_a_double_tap_on_next_player_or_back_acts_once_and_a_tap_later_acts_again(
    tmp_path: Path,
) -> None:
    need_browser()
    with served(tmp_path / "web.sqlite3") as base, chromium(390, 844) as browser:
        links = start_game(browser, base, ["Ann", "Bo", "Cid", "Dee"])
        wait_for(browser, "document.querySelector('[data-action=\"next\"]')")
        _double_tap(browser, "next")
        message = browser.find_element(By.ID, "message").text
        assert message == (
            "already done: two quick taps on \u201cNext player\u201d count once; "
            "tap again to do it again"
        )
        state = _state(base, links["host"])
        assert (state["active"], state["turn"]) == ("Bo", 2)
        assert _turn(browser) == ("Bo", 2)
        _later_tap(browser, "next")
        assert _turn(browser) == ("Cid", 3)
        _later_tap(browser, "next")
        assert _turn(browser) == ("Dee", 4)
        # the host's Back: a double tap takes one pass back, and Back stays offered
        _double_tap(browser, "back")
        state = _state(base, links["host"])
        assert (state["active"], state["turn"]) == ("Cid", 3)
        assert _turn(browser) == ("Cid", 3)
        assert _button(browser, "back").text == "Back to Bo"
        _later_tap(browser, "back")
        assert _turn(browser) == ("Bo", 2)


def _crosses(state: dict[str, Any]) -> list[int]:
    return list(state["players"][0]["crossed"]["red"])


def test_a_double_tap_on_undo_or_redo_takes_one_move_and_a_tap_later_takes_another(
    tmp_path: Path,
) -> None:
    need_browser()
    with served(tmp_path / "web.sqlite3") as base, chromium(390, 844) as browser:
        links = start_game(browser, base, ["Ann", "Bo"], "nochmal")
        browser.get(links["Ann"])
        wait_for(browser, "document.querySelector('.own .field')")
        for index in (0, 1, 2):
            tap(browser, "red", index)
        assert _crosses(_state(base, links["Ann"])) == [0, 1, 2]
        _double_tap(browser, "undo")
        state = _state(base, links["Ann"])
        assert _crosses(state) == [0, 1]
        assert state["players"][0]["step"] == 4
        assert _button(browser, "undo").get_attribute("data-step") == "4"
        _later_tap(browser, "undo")
        assert _crosses(_state(base, links["Ann"])) == [0]
        _double_tap(browser, "redo")
        state = _state(base, links["Ann"])
        assert _crosses(state) == [0, 1]
        assert state["players"][0]["step"] == 6
        _later_tap(browser, "redo")
        assert _crosses(_state(base, links["Ann"])) == [0, 1, 2]


def test_a_tap_while_the_server_is_down_says_it_was_not_saved_and_the_page_goes_on(
    tmp_path: Path,
) -> None:
    need_browser()
    db = tmp_path / "web.sqlite3"
    process, base = start(db)
    try:
        with chromium(390, 844) as browser:
            links = start_game(browser, base, ["Ann", "Bo"])
            browser.get(links["Ann"])
            wait_for(browser, "document.querySelector('.own .field')")
            settled(browser)
            stop(process)
            # no tap: the next poll (every 2 s) cannot reach the server, and the bar says so
            # for as long as that lasts (it does not fade after 5 s as a refusal does)
            offline = "Offline: the server cannot be reached; this board may be out of date."
            wait_for(browser, f"document.getElementById('message').textContent === '{offline}'")
            time.sleep(6.5)
            assert browser.find_element(By.ID, "message").text == offline
            tap(browser, "red", 0)  # waits until the bar says something
            message = browser.find_element(By.ID, "message").text
            assert message == "Not saved: the server cannot be reached. Try again."
            field = '.own .field[data-row="red"][data-index="0"]'
            assert browser.find_element(By.CSS_SELECTOR, field).get_attribute("data-crossed") == (
                "false"
            )
            # the same server back on its port: Bo's cross shows on Ann's page by itself,
            # and Ann's tap again crosses her field
            process, again = start(db, int(base.rsplit(":", 1)[1]))
            assert again == base
            game_id, bo = links["Bo"].split("/")[-2:]
            request = urllib.request.Request(
                f"{base}/api/games/{game_id}/{bo}/moves",
                data=json.dumps({"kind": "cross", "row": "blue", "index": 0}).encode(),
                headers={"Content-Type": "application/json"},
                method="POST",
            )
            with urllib.request.urlopen(request, timeout=20) as answer:
                assert answer.status == 200
            crossed = '[data-player="Bo"] .field[data-row="blue"][data-index="0"]'
            wait_for(browser, f"document.querySelector('{crossed}').dataset.crossed === 'true'")
            wait_for(browser, "document.getElementById('message').textContent === ''")
            tap(browser, "red", 0)
            assert browser.find_element(By.CSS_SELECTOR, field).get_attribute("data-crossed") == (
                "true"
            )
            assert _crosses(_state(base, links["Ann"])) == [0]
    finally:
        stop(process)
