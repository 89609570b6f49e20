"""The fresh-sheet form in a real browser (Debian's chromium, headless) against
``qwixx-print serve`` on loopback: a family and a seed typed in show generate's sheet, and
"Download YAML" gives generate's file."""

from __future__ import annotations

import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from qwixx_print import api
from tests.browser import (
    chromium,
    downloaded,
    follow,
    need_browser,
    screenshot,
    served,
    wait_for,
)
from tests.conftest import Run


def test_a_family_and_a_seed_typed_in_show_generates_sheet_and_its_yaml(
    tmp_path: Path, run: Run
) -> None:
    need_browser()
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    cli = tmp_path / "cli.yaml"
    assert run("generate", "chaos", "--seed", "7", "--out", str(cli)).exit_code == 0
    with served(tmp_path / "web.sqlite3") as base, chromium(downloads=downloads) as browser:
        browser.get(base + "/")
        follow(browser, '[data-action="fresh"]')
        Select(browser.find_element(By.NAME, "family")).select_by_value("chaos")
        browser.find_element(By.NAME, "seed").send_keys("7")
        follow(browser, '[data-action="generate"]')
        shown = wait_for(browser, "document.querySelector('[data-sheet]')?.dataset.sheet")
        assert shown == "chaos-7"
        assert wait_for(browser, "document.querySelector('.generated img').naturalWidth") == 384
        source = browser.find_element(By.CSS_SELECTOR, ".generated img").get_attribute("src")
        figures = browser.find_element(By.CSS_SELECTOR, "table.balance").text
        browser.execute_script("document.querySelector('.generated').scrollIntoView()")
        screenshot(browser, "fresh-sheet", tmp_path)
        browser.find_element(By.CSS_SELECTOR, '[data-action="download-yaml"]').click()
        got = downloaded(downloads, ".yaml")
        with urllib.request.urlopen(source, timeout=30) as answer:  # loopback only
            picture = answer.read()
    assert got.name == "chaos-7.yaml"
    assert got.read_bytes() == cli.read_bytes()
    sheet = api.from_text(cli.read_bytes(), "chaos-7.yaml")
    assert picture == api.preview_png(sheet, "en", 4.0)
    assert "mean score" in figures and "wirrwarr" in figures
