"""The pages under their Content-Security-Policy in headless chromium (issue 23 item 5):
a game is started, rolled, tapped and undone, a refused form comes back with the name typed, and
chromium logs no CSP violation meanwhile; a die is painted in its colour by page.js (no
style attribute). A deliberate inline handler at the end is blocked and logged, which shows
that the policy is enforced and that its violations would be seen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from qwixx_print import catalogue
from tests.browser import chromium, follow, need_browser, served, wait_for
from tests.web.test_web_browser_counter import own_field, press, start_game, tap


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def violations(browser: Any) -> list[str]:
    """The console's lines about the Content-Security-Policy since the last call."""
    return [
        entry["message"]
        for entry in browser.get_log("browser")
        if "Content Security Policy" in entry["message"]
    ]


def rgb(hex_code: str) -> str:
    r, g, b = (int(hex_code[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgba({r}, {g}, {b}, 1)"  # as selenium reports a computed colour


def test_a_game_under_the_csp_logs_no_violation_and_the_counter_works(base: str) -> None:
    colours = catalogue.find("classic").colours
    with chromium(1200, 1000) as browser:
        for path in ("/", "/upload", "/games/new"):
            browser.get(base + path)
            wait_for(browser, "document.readyState === 'complete'")
        links = start_game(browser, base, ["Ann", "Ben"])
        browser.get(links["Ann"])
        wait_for(browser, "window.htmx && document.getElementById('board')")
        tap(browser, "red", 0)
        assert own_field(browser, "red", 0) == "true"
        press(browser, "roll")
        painted = {
            die.get_attribute("data-die"): die.value_of_css_property("background-color")
            for die in browser.find_elements(By.CSS_SELECTOR, "[data-die]")
        }
        press(browser, "undo")
        assert own_field(browser, "red", 0) == "false"
        # a refused form comes back with its reason and the name as typed
        browser.get(base + "/games/new?layout=classic")
        browser.find_element(By.NAME, "name").send_keys("W" * 41)
        follow(browser, "form.new-game button[type=submit]")
        assert browser.find_elements(By.CSS_SELECTOR, "[data-error]")
        back = (
            browser.execute_script(
                "return document.querySelector('form.new-game input[name=name]').value"
            )
            == "W" * 40
        )
        seen = violations(browser)
        # the control: an inline handler is refused, and the refusal is logged
        browser.execute_script(
            "document.body.insertAdjacentHTML('beforeend',"
            ' \'<img src="/nothing.png" onerror="window.qwixxInline = 1">\')'
        )
        wait_for(browser, "document.querySelector('img[onerror]').complete")
        inline_ran = browser.execute_script("return window.qwixxInline === 1")
        control = violations(browser)
    assert back  # the form again, the name kept
    assert seen == []
    assert painted == {c: rgb(colours[c]) for c in ("red", "yellow", "green", "blue")}
    assert not inline_ran
    assert control and "Executing inline event handler violates" in control[0]
