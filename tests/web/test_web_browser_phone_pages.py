"""The pages a new user met on a 390 x 844 phone (issue 20 items 5, 6, 7), in Debian's
chromium (headless) against ``qwixx-print serve`` on loopback, measured by the rectangles of
their elements: every page keeps its margin, a player's page says whose sheet it is with its
total at the top of the screen, the others' sheets say "read only" (a tap on them too), the
host's warning comes before the QR codes and a layout's picture is as sharp as the screen."""

from __future__ import annotations

import io
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from tests.browser import (
    chromium,
    follow,
    need_browser,
    own_shown,
    phone,
    screenshot,
    served,
    wait_for,
)
from tests.conftest import CLASSIC_YAML
from tests.web.test_web_browser_counter import PLAN, start_game, tap

WIDTH, HEIGHT = 390, 844
"""The phone's viewport, CSS px (2 device px each)."""
MARGIN = 8
"""The page's margin on a phone, CSS px (0.5rem)."""

RECTS = """
return [...document.querySelectorAll(arguments[0])].map(e => {
  const r = e.getBoundingClientRect();
  return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
          tag: e.tagName, text: e.textContent.trim()};
});
"""


def rects(browser: Any, css: str) -> list[dict[str, Any]]:
    """The bounding rectangles (CSS px, viewport coordinates) of every element ``css``."""
    found: list[dict[str, Any]] = browser.execute_script(RECTS, css)
    assert found, css
    return found


def page_width(browser: Any) -> int:
    return int(browser.execute_script("return document.documentElement.scrollWidth"))


def assert_in_margin(browser: Any, css: str) -> None:
    """Every element ``css`` keeps the page's margin on both sides."""
    for r in rects(browser, css):
        assert r["x"] >= MARGIN - 0.5 and r["right"] <= WIDTH - MARGIN + 0.5, (css, r)


def assert_apart(boxes: list[dict[str, Any]], gap: float = 6.0) -> None:
    """No two rectangles touch: at least ``gap`` px between them, across or down."""
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            across = max(b["x"] - a["right"], a["x"] - b["right"])
            down = max(b["y"] - a["bottom"], a["y"] - b["bottom"])
            assert max(across, down) >= gap, (a, b)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def test_a_fresh_sheet_on_a_phone_keeps_the_margin_and_its_balance_table_fits(
    base: str, tmp_path: Path
) -> None:
    with chromium() as browser:
        phone(browser, WIDTH, HEIGHT)
        browser.get(base + "/generate?family=chaos&seed=7")
        wait_for(browser, "document.querySelector('[data-balance]')", 300)
        assert page_width(browser) == WIDTH  # nothing scrolls sideways
        for css in (
            "h1",
            ".generate-form label",
            ".generated h2",
            ".generated > p",
            "img.preview",
            "table.balance",
            ".options",
            ".generated button",
        ):
            assert_in_margin(browser, css)
        table = rects(browser, "table.balance")[0]
        assert table["width"] <= WIDTH - 2 * MARGIN
        cells = rects(browser, "table.balance tr > :last-child")  # the twin's and criterion
        assert all(c["right"] <= table["right"] + 0.5 for c in cells)
        assert [c["text"] for c in rects(browser, "table.balance thead th")] == [
            "",
            "chaos-7",
            "wirrwarr",
            "criterion",
        ]
        buttons = rects(browser, ".generated button")
        assert [b["text"] for b in buttons] == [
            "Download PDF",
            "Download YAML",
            "Count a game on this sheet",
        ]
        assert_apart(buttons)
        assert len({round(b["height"]) for b in buttons}) == 1
        browser.execute_script("document.querySelector('table.balance').scrollIntoView()")
        screenshot(browser, "fresh-phone", tmp_path)


def open_player(browser: Any, base: str, layout: str) -> dict[str, str]:
    """A game of ``layout`` for Ann, Bő and Cy; Ann's page open on the phone."""
    links = start_game(browser, base, ["Ann", "Bő", "Cy"], layout)
    phone(browser, WIDTH, HEIGHT)
    browser.get(links["Ann"])
    own_shown(browser)
    return links


def test_a_players_page_keeps_name_and_total_on_top_and_the_whole_longo_sheet_on_screen(
    base: str, tmp_path: Path
) -> None:
    with chromium() as browser:
        open_player(browser, base, "longo")
        assert page_width(browser) == WIDTH
        header = rects(browser, "header.top")[0]
        assert header["height"] <= 60  # the navigation folded: 185 device px before
        assert browser.find_element(By.CSS_SELECTOR, "header nav a").is_displayed() is False
        whose = rects(browser, "[data-whose]")[0]
        assert whose["text"].split() == ["Ann", "your", "sheet", "0", "points"]
        assert whose["y"] < 100 and whose["x"] >= MARGIN - 0.5
        own = rects(browser, ".own .sheet-svg")[0]
        assert own["bottom"] <= HEIGHT  # locks and totals of all four rows on the first screen
        screenshot(browser, "player-phone-top", tmp_path)
        tap(browser, "red", 0)  # 2 in Longo's red row: Ann's total is now 1
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait_for(browser, "window.scrollY > 600")  # the own sheet scrolled past
        whose = rects(browser, "[data-whose]")[0]
        assert 0 <= whose["y"] <= 1 and whose["bottom"] > 0  # stuck to the top
        assert whose["text"].split() == ["Ann", "your", "sheet", "1", "point"]
        screenshot(browser, "player-phone-scrolled", tmp_path)
        browser.execute_script("window.scrollTo(0, 0)")
        browser.find_element(By.CSS_SELECTOR, "[data-menu] summary").click()
        links = browser.find_elements(By.CSS_SELECTOR, "header nav a")
        assert [a.text for a in links if a.is_displayed()] == [
            "Print sheets",
            "Your own layout",
            "A fresh sheet",
            "Count a game",
        ]


def test_the_other_players_sheets_say_read_only_and_a_tap_on_one_says_so(
    base: str, tmp_path: Path
) -> None:
    with chromium() as browser:
        open_player(browser, base, "classic")
        labels = rects(browser, "[data-sheet-of]")
        assert [r["text"] for r in labels] == ["Bő · read only", "Cy · read only"]
        own = rects(browser, ".own .sheet-svg")[0]
        others = rects(browser, ".player:not(.own) .sheet-svg")
        assert all(o["height"] < 0.6 * own["height"] for o in others)  # smaller: not turned
        for label, other in zip(labels, others, strict=True):
            assert label["bottom"] <= other["y"]  # the label above its sheet
        assert_in_margin(browser, "[data-sheet-of]")
        moves = browser.execute_script("return document.getElementById('board').dataset.moves")
        field = '.player[data-player="Bő"] .field[data-row="red"][data-index="0"]'
        browser.execute_script(f"document.querySelector('{field}').scrollIntoView()")
        browser.find_element(By.CSS_SELECTOR, field).click()
        message = wait_for(browser, "document.getElementById('message').textContent")
        assert message == "Bő's sheet is read only: yours is at the top"
        assert rects(browser, "#message")[0]["bottom"] <= HEIGHT + 0.5  # on the screen
        screenshot(browser, "player-phone-others", tmp_path)
        board = browser.execute_script("return document.getElementById('board').dataset.moves")
        assert board == moves  # nothing was played
        crossed = browser.find_element(By.CSS_SELECTOR, field).get_attribute("data-crossed")
        assert crossed == "false"


def test_the_game_over_link_to_the_filled_in_sheets_keeps_the_margin(
    base: str, tmp_path: Path
) -> None:
    with chromium(1200, 1000) as browser:
        links = start_game(browser, base, ["Ann", "Ben"])
        browser.get(links["Ann"])
        for row, index in PLAN["Ann"]:
            tap(browser, row, index)
        phone(browser, WIDTH, HEIGHT)
        browser.get(links["Ann"])
        wait_for(browser, "document.querySelector('[data-game-over]')")
        own_shown(browser)
        browser.execute_script("document.querySelector('[data-action=filled]').scrollIntoView()")
        assert_in_margin(browser, "[data-action=filled]")
        assert_in_margin(browser, ".ranking")
        assert page_width(browser) == WIDTH
        screenshot(browser, "game-over-phone", tmp_path)


def test_the_host_page_warns_of_this_computer_only_before_the_qr_codes(
    base: str, tmp_path: Path
) -> None:
    with chromium() as browser:
        start_game(browser, base, ["Ann", "Ben"])
        phone(browser, WIDTH, HEIGHT)
        browser.refresh()
        wait_for(browser, "document.querySelector('[data-link-for] .qr svg')")
        warning = rects(browser, "[data-loopback]")[0]
        codes = rects(browser, "[data-link-for] .qr")
        assert warning["text"].startswith("This server answers this computer only")
        assert warning["bottom"] <= min(c["y"] for c in codes)
        assert warning["bottom"] <= HEIGHT  # on the first screen
        assert_in_margin(browser, "[data-loopback]")
        screenshot(browser, "host-phone", tmp_path)


def test_an_uploaded_layouts_picture_is_drawn_for_the_screen_and_its_buttons_are_alike(
    base: str, tmp_path: Path
) -> None:
    with chromium() as browser:
        phone(browser, WIDTH, HEIGHT)  # 2 device pixels per CSS pixel
        browser.get(base + "/upload")
        browser.execute_script(
            "document.querySelector('textarea[name=text]').value = arguments[0]", CLASSIC_YAML
        )
        follow(browser, ".upload button[type=submit]")
        wait_for(browser, "document.querySelector('img.preview')?.complete")
        picture = browser.execute_script(
            "const i = document.querySelector('img.preview');"
            " return [i.currentSrc, i.naturalWidth, i.getBoundingClientRect().width]"
        )
        assert picture[0].endswith(".png?x=2")
        with urllib.request.urlopen(picture[0], timeout=30) as answer:  # loopback only
            drawn = Image.open(io.BytesIO(answer.read())).size
        assert drawn == (768, 520)  # 8 px per mm: twice the 1x picture
        assert drawn[0] >= 2 * picture[2]  # at least a pixel per device pixel where shown
        assert picture[1] == 384  # the browser took it as 2x: 384 CSS px wide at most
        assert_in_margin(browser, "img.preview")
        buttons = rects(browser, ".buttons button")
        assert [(b["tag"], b["text"]) for b in buttons] == [
            ("BUTTON", "Download PDF"),
            ("BUTTON", "Count a game on this sheet"),
        ]
        assert_apart(buttons)
        looks = browser.execute_script(
            "return [...document.querySelectorAll('.buttons button')].map(b => {"
            " const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.height]; })"
        )
        assert looks[0] == looks[1]
        screenshot(browser, "upload-phone", tmp_path)
        follow(browser, '[data-action="new-game"]')
        chosen = browser.find_element(By.CSS_SELECTOR, "form.new-game [name=layout]")
        assert chosen.get_attribute("value") == browser.current_url.split("layout=")[1]
