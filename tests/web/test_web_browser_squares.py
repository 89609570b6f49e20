"""Connect 15's link squares on the counter (RULES.md §7): in a real browser (Debian's
chromium, headless) on a 360 px phone against ``qwixx-print serve``, a square is drawn
where the PDF draws it, tapped, counted and taken back, and a tap the engine refuses shows
its reason; on the page, the squares the dice on the table allow are outlined."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from qwixx_print import api, geometry
from qwixx_print.play import Game
from qwixx_print.web import drawing, mechanic_views
from tests.browser import chromium, need_browser, screenshot, served
from tests.web.test_web_browser_counter import open_on_phone, press, tap
from tests.web.test_web_browser_more import click_and_wait, message, points, shown

SQUARE = '.square[data-row="{}"][data-square="{}"]'


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def test_a_link_square_is_tapped_counted_refused_and_undone_on_a_phone(
    base: str, tmp_path: Path
) -> None:
    with chromium(360, 740) as browser:
        open_on_phone(browser, base, "connect-15")
        squares = browser.find_elements(By.CSS_SELECTOR, ".own .square")
        assert len(squares) == 12
        boxes = geometry.sheet_boxes(api.checked("connect-15")).rows[0]
        width = "return arguments[0].querySelector('rect:not(.hit)').getBoundingClientRect().width"
        square, field = (
            browser.execute_script(width, browser.find_element(By.CSS_SELECTOR, ".own " + css))
            for css in (SQUARE.format("red", 1), '.field[data-row="red"][data-index="0"]')
        )
        # as large against its field as on paper
        assert square / field == pytest.approx(boxes.squares[0].w / boxes.fields[0].w, rel=0.05)
        tap(browser, "red", 0)
        assert shown(browser, SQUARE.format("red", 1), "data-legal") == "true"
        click_and_wait(browser, SQUARE.format("red", 1))
        assert shown(browser, SQUARE.format("red", 1), "data-crossed") == "true"
        assert points(browser)["red"] == 3  # the 2 and the square: two crosses
        screenshot(browser, "player-phone-connect-15", tmp_path)
        tap(browser, "red", 1)
        assert message(browser) == "Ann, red: 3 is left of your last cross (the link square 3-4)"
        press(browser, "undo")
        assert shown(browser, SQUARE.format("red", 1), "data-crossed") == "false"
        assert points(browser)["red"] == 1


def test_the_squares_the_dice_allow_are_outlined_for_each_player() -> None:
    game = Game(api.checked("connect-15"), ["Ann", "Ben"], table=True)
    game.roll(white=(2, 3), colours={"red": 1, "yellow": 5, "green": 4, "blue": 6})
    hints = mechanic_views.square_hints(game)
    # Ann, active: red 1 + yellow 5, two coloured dice: the squares of red and yellow
    assert sorted(hints["Ann"]) == [
        ("red", 1), ("red", 4), ("red", 8), ("yellow", 3), ("yellow", 5), ("yellow", 7)
    ]  # fmt: skip
    assert hints["Ben"] == frozenset()  # the white dice show 2 and 3
    sheet = game.sheets["Ann"]
    view = drawing.sheet_view(sheet, hinted_squares=hints["Ann"])
    svg = str(drawing.drawing(sheet.layout, view, "Ann", "/move"))
    assert svg.count('class="square hinted legal"') == 6
    assert svg.count('class="square legal"') == 6
