"""The sheets of RULES.md §4 counted in a real browser (Debian's chromium, headless) on a
360 px phone against ``qwixx-print serve``: a Big Points bonus cell, an X-Change swap (the
diamond, then the field) and a Longo lucky cross (the button or a clover, then the field)
made by tapping, with the points the sheet shows read back; a refused tap shows the
engine's reason; undo takes a swap back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.browser import chromium, need_browser, screenshot, served, wait_for
from tests.web.test_web_browser_counter import (
    CSS_PX_PER_MM,
    moves_made,
    open_on_phone,
    own_field,
    press,
    tap,
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def shown(browser: Any, css: str = "[data-total]", attribute: str = "data-total") -> str:
    """An attribute of an element of the own sheet (the total by default)."""
    return str(browser.find_element(By.CSS_SELECTOR, f".own {css}").get_attribute(attribute))


def points(browser: Any) -> dict[str, int]:
    """The row points the own sheet shows, by row id."""
    return {
        g.get_attribute("data-row-points"): int(g.text)
        for g in browser.find_elements(By.CSS_SELECTOR, ".own [data-row-points]")
    }


def click_and_wait(browser: Any, css: str) -> None:
    """Tap the own sheet's element ``css`` and wait until a move is stored or refused."""
    before = moves_made(browser)
    browser.execute_script("document.getElementById('message').textContent = ''")
    browser.find_element(By.CSS_SELECTOR, f".own {css}").click()
    wait_for(
        browser,
        f"document.getElementById('board').dataset.moves != '{before}'"
        " || document.getElementById('message').textContent.trim() != ''",
    )


def message(browser: Any) -> str:
    return str(browser.find_element(By.ID, "message").text)


def targets(browser: Any) -> list[tuple[str, int]]:
    """The fields of the own sheet outlined for a pending swap or lucky cross."""
    return [
        (f.get_attribute("data-row"), int(f.get_attribute("data-index")))
        for f in browser.find_elements(By.CSS_SELECTOR, ".own .field.target")
    ]


def sheet_picture(browser: Any, name: str, folder: Path) -> None:
    """A screenshot of the phone's viewport with the own sheet's top at the top."""
    browser.execute_script("document.querySelector('.own .sheet-wrap').scrollIntoView()")
    screenshot(browser, name, folder)
    browser.execute_script("window.scrollTo(0, 0)")


def test_a_big_points_bonus_cell_is_tapped_on_a_phone_and_counts_for_both_rows(
    base: str,
) -> None:
    with chromium(360, 740) as browser:
        open_on_phone(browser, base, "big-points")
        cell = '.bonus-cell[data-bonus-row="red-yellow"][data-index="{}"]'
        box = browser.execute_script(
            "const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]",
            browser.find_element(By.CSS_SELECTOR, ".own " + cell.format(0)),
        )
        assert min(box) / CSS_PX_PER_MM >= 9.0, box  # its tap area, as wide as the column
        tap(browser, "red", 0)
        assert shown(browser, cell.format(0), "data-legal") == "true"
        click_and_wait(browser, cell.format(0))
        assert shown(browser, cell.format(0), "data-crossed") == "true"
        assert points(browser) == {"red": 3, "yellow": 1, "green": 0, "blue": 0}
        assert shown(browser) == "4"
        click_and_wait(browser, cell.format(5))
        assert message(browser) == (
            "Ann, red-yellow: the bonus cell 7 needs the 7 crossed in red or in yellow"
        )
        assert shown(browser, cell.format(5), "data-crossed") == "false"


def test_an_x_change_swap_is_a_tap_on_the_diamond_then_on_the_field(
    base: str, tmp_path: Path
) -> None:
    with chromium(360, 740) as browser:
        open_on_phone(browser, base, "x-change")
        browser.find_element(By.CSS_SELECTOR, '.own .diamond[data-diamond="0"]').click()
        wait_for(browser, "document.querySelector('.own .diamond.selected')")
        # 8/5: the 5s and 8s of every row, as the engine allows them
        assert sorted(targets(browser)) == sorted(
            [(row, i) for row in ("red", "yellow") for i in (3, 6)]
            + [(row, i) for row in ("green", "blue") for i in (4, 7)]
        )
        sheet_picture(browser, "player-phone-x-change", tmp_path)
        click_and_wait(browser, '.field[data-row="red"][data-index="3"]')
        assert shown(browser, '.diamond[data-diamond="0"]', "data-crossed") == "true"
        assert own_field(browser, "red", 3) == "true"
        assert shown(browser) == "1"
        assert targets(browser) == []  # one move per chosen diamond
        browser.find_element(By.CSS_SELECTOR, '.own .diamond[data-diamond="1"]').click()
        click_and_wait(browser, '.field[data-row="red"][data-index="4"]')
        assert message(browser) == "Ann, red: the diamond 9/7 swaps 9 and 7, not the 6"
        assert own_field(browser, "red", 4) == "false"
        press(browser, "undo")
        assert shown(browser, '.diamond[data-diamond="0"]', "data-crossed") == "false"
        assert own_field(browser, "red", 3) == "false" and shown(browser) == "0"


def test_a_longo_lucky_cross_is_a_tap_on_the_button_or_a_clover_then_on_the_field(
    base: str, tmp_path: Path
) -> None:
    with chromium(360, 740) as browser:
        open_on_phone(browser, base, "longo")
        lucky = [
            int(g.get_attribute("data-lucky-number"))
            for g in browser.find_elements(By.CSS_SELECTOR, ".own .lucky")
        ]
        assert len(lucky) == 2 and all(3 <= n <= 15 for n in lucky) and lucky[0] < lucky[1]
        tap(browser, "red", 0)
        browser.find_element(By.CSS_SELECTOR, '[data-action="lucky"]').click()
        assert sorted(targets(browser)) == [("blue", 0), ("green", 0), ("yellow", 0)]
        click_and_wait(browser, '.field[data-row="red"][data-index="1"]')  # not the fewest
        assert message(browser) == (
            "Ann, red: a lucky cross goes to the next free field of an open row with the "
            "fewest crosses (yellow, green, blue)"
        )
        browser.find_element(
            By.CSS_SELECTOR, f'.own .lucky[data-lucky-number="{lucky[0]}"]'
        ).click()
        assert sorted(targets(browser)) == [("blue", 0), ("green", 0), ("yellow", 0)]
        sheet_picture(browser, "player-phone-longo", tmp_path)
        click_and_wait(browser, '.field[data-row="yellow"][data-index="0"]')
        assert own_field(browser, "yellow", 0) == "true"
        assert points(browser) == {"red": 1, "yellow": 1, "green": 0, "blue": 0}
        assert shown(browser) == "2"


def test_a_lucky_15_track_field_is_tapped_on_a_phone_and_stands_for_the_turn(
    base: str, tmp_path: Path
) -> None:
    """RULES-more.md §7: Ann, active, taps the value track's first field: crossed, 5
    points; a field after it the same turn gets the engine's reason; undo takes it back."""
    with chromium(360, 740) as browser:
        open_on_phone(browser, base, "lucky-15")
        first = '.track-field[data-track="0"]'
        assert shown(browser, first, "data-legal") == "true"
        assert shown(browser, '.track-field[data-track="1"]', "data-legal") == "false"
        box = browser.execute_script(
            "const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]",
            browser.find_element(By.CSS_SELECTOR, ".own " + first),
        )
        assert min(box) / CSS_PX_PER_MM >= 5.0, box  # a thumb's target on the phone
        click_and_wait(browser, first)
        assert shown(browser, first, "data-crossed") == "true"
        track_box = browser.find_element(By.CSS_SELECTOR, ".own [data-track-points]")
        assert track_box.text == "5"  # its own box in the total line
        assert shown(browser) == "5"
        sheet_picture(browser, "player-phone-lucky-15", tmp_path)
        tap(browser, "red", 0)
        assert message(browser) == (
            "Ann, the value track took the place of both actions this turn: pass"
        )
        assert own_field(browser, "red", 0) == "false"
        press(browser, "undo")
        assert shown(browser, first, "data-crossed") == "false" and shown(browser) == "0"
