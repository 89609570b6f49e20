"""The web table's page in chromium (a newcomer's findings): the penalty only on the active
player's page, a double tap on Penalty or Undo applied once, the host's "End the game"
after a confirmation, the refusal bar fading off the locks and totals, no 404 for an
icon, "1 point"."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser import chromium, need_browser, served, settled, wait_for
from tests.web.test_web_browser_counter import start_game


def _state(base: str, link: str) -> dict[str, Any]:
    game_id = link.split("/")[-2]
    with urllib.request.urlopen(f"{base}/api/games/{game_id}", timeout=20) as answer:
        state: dict[str, Any] = json.load(answer)
    return state


def _double_tap(browser: Any, action: str) -> None:
    """Two taps on the button ``action`` before the first is answered, then the board (the
    taps once the board last swapped in has settled, :func:`tests.browser.settled`)."""
    settled(browser)
    browser.execute_script(
        "var b = document.querySelector(arguments[0]); b.click(); b.click();",
        f'[data-action="{action}"]',
    )
    time.sleep(0.5)  # let a second request, if any was sent, be answered
    wait_for(browser, "!document.querySelector('.htmx-request')")


def test_penalty_undo_and_the_end_at_a_table_of_three(tmp_path: Any) -> None:
    need_browser()
    with served(tmp_path / "web.sqlite3") as base, chromium(390, 844) as browser:
        links = start_game(browser, base, ["Ann", "Ben", "Cid"])
        browser.get(links["Ben"])
        wait_for(browser, "document.querySelector('.own .field')")
        assert browser.find_elements(By.CSS_SELECTOR, '[data-action="penalty"]') == []
        browser.get(links["Ann"])
        wait_for(browser, "document.querySelector('.own .field')")
        _double_tap(browser, "penalty")
        assert _state(base, links["Ann"])["players"][0]["total"] == -5
        assert browser.find_element(By.CSS_SELECTOR, "[data-own-total]").text == "-5"
        assert browser.find_element(By.CSS_SELECTOR, '[data-action="penalty"]').get_attribute(
            "disabled"
        )
        # the penalty ends Ann's crossing this turn (RULES.md §6): the dice pass on to Ben,
        # whose white sums Ann still crosses
        browser.find_element(By.CSS_SELECTOR, '[data-action="next"]').click()
        wait_for(browser, "!document.querySelector('[data-action=\"penalty\"]')")
        assert _state(base, links["Ann"])["active"] == "Ben"
        for index in (0, 1):  # two crosses, then a double tap on Undo takes back one
            field = f'.own .field[data-row="red"][data-index="{index}"]'
            browser.execute_script(
                f"document.querySelector('{field}').scrollIntoView({{block: 'center'}})"
            )
            browser.find_element(By.CSS_SELECTOR, field).click()
            wait_for(browser, f"document.querySelector('{field}').dataset.crossed === 'true'")
        _double_tap(browser, "undo")
        red_1 = '.own .field[data-row="red"][data-index="1"]'
        wait_for(browser, f"document.querySelector('{red_1}').dataset.crossed === 'false'")
        time.sleep(0.5)  # a second undo, had it been sent, would be answered by now
        assert _state(base, links["Ann"])["players"][0]["crossed"]["red"] == [0]
        top = browser.find_element(By.CSS_SELECTOR, "[data-whose] span:last-child").text
        assert top == "-4 points"
        field = '.own .field[data-row="red"][data-index="0"]'
        browser.execute_script(
            f"document.querySelector('{field}').scrollIntoView({{block: 'center'}})"
        )
        browser.find_element(By.CSS_SELECTOR, field).click()
        message = wait_for(browser, "document.getElementById('message').textContent")
        assert message == "Ann, red: the 2 is crossed already"
        wait_for(  # the bar fades: the locks and totals under it show again
            browser,
            "getComputedStyle(document.getElementById('message')).visibility === 'hidden'",
            12,
        )
        browser.get(links["host"])
        wait_for(browser, "document.querySelector('[data-action=\"finish\"]')")
        browser.find_element(By.CSS_SELECTOR, '[data-action="finish"]').click()
        browser.switch_to.alert.dismiss()  # not now: nothing changes
        time.sleep(0.3)
        assert _state(base, links["host"])["over"] is False
        browser.find_element(By.CSS_SELECTOR, '[data-action="finish"]').click()
        browser.switch_to.alert.accept()
        wait_for(browser, "document.querySelector('[data-game-over]')")
        assert _state(base, links["host"])["over"] is True
        logged = [e["message"] for e in browser.get_log("browser")]
    assert not [line for line in logged if "404" in line or "favicon" in line], logged


STALE_POLLS = """
window.qwixxStale = arguments[0];
window.qwixxPolls = 0;
var text = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, 'response');
var open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (method) {
  this.qwixxGet = method === 'GET';
  return open.apply(this, arguments);
};
Object.defineProperty(XMLHttpRequest.prototype, 'response', {
  configurable: true,
  get: function () {
    return this.qwixxGet && window.qwixxStale ? window.qwixxStale : text.get.call(this);
  },
});
var status = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, 'status');
Object.defineProperty(XMLHttpRequest.prototype, 'status', {
  configurable: true,
  get: function () {
    return this.qwixxGet && window.qwixxStale ? 200 : status.get.call(this);
  },
});
document.addEventListener('htmx:afterRequest', function () { window.qwixxPolls += 1; });
"""
"""JavaScript: from now on every GET the page sends (the board's poll every 2 s) is answered
200 with ``arguments[0]``, the board as it was before a move: a poll sent before the move
(``?since=`` the old count, so the server draws the board) and answered after it, made to
happen on every poll; ``qwixxPolls`` counts the answers."""


def test_a_poll_answered_after_a_move_does_not_take_the_board_back(tmp_path: Any) -> None:
    need_browser()
    with served(tmp_path / "web.sqlite3") as base, chromium(390, 844) as browser:
        links = start_game(browser, base, ["Ann", "Ben"])
        browser.get(links["Ann"])
        wait_for(browser, "document.querySelector('.own .field')")
        old = browser.execute_script("return document.getElementById('board').outerHTML")
        field = '.own .field[data-row="red"][data-index="0"]'
        browser.execute_script(
            f"document.querySelector('{field}').scrollIntoView({{block: 'center'}})"
        )
        browser.find_element(By.CSS_SELECTOR, field).click()
        wait_for(browser, f"document.querySelector('{field}').dataset.crossed === 'true'")
        assert browser.execute_script("return document.getElementById('board').dataset.moves") == (
            "1"
        )
        browser.execute_script(STALE_POLLS, old)
        wait_for(browser, "window.qwixxPolls >= 2", 8)  # two polls answered with the old board
        assert browser.execute_script("return document.getElementById('board').dataset.moves") == (
            "1"
        )
        assert (
            browser.execute_script(f"return document.querySelector('{field}').dataset.crossed")
            == "true"
        )
        browser.execute_script("window.qwixxStale = null")
        _double_tap(browser, "undo")  # the page's step is the sheet's: the undo is taken
        wait_for(browser, f"document.querySelector('{field}').dataset.crossed === 'false'")
        assert _state(base, links["Ann"])["players"][0]["crossed"]["red"] == []
