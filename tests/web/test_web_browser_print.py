"""The print page in a real browser (Debian's chromium, headless) against ``qwixx-print
serve`` on loopback: the PDF a click downloads is the CLI's file; the page fits a phone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from qwixx_print import catalogue
from tests.browser import chromium, downloaded, need_browser, phone, screenshot, served, wait_for
from tests.conftest import CLASSIC_YAML, Run


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def test_a_click_on_download_pdf_gives_the_clis_file(base: str, tmp_path: Path, run: Run) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with chromium(downloads=downloads) as browser:
        browser.get(base + "/")
        Select(browser.find_element(By.NAME, "lang")).select_by_value("fr")
        Select(browser.find_element(By.NAME, "paper")).select_by_value("letter")
        Select(browser.find_element(By.NAME, "per_page")).select_by_value("4")
        pages = browser.find_element(By.NAME, "pages")
        pages.clear()
        pages.send_keys("2")
        screenshot(browser, "print-page", tmp_path)
        card = browser.find_element(By.CSS_SELECTOR, '.card[data-layout="doppelt"]')
        card.find_element(By.CSS_SELECTOR, '[data-action="download"]').click()
        got = downloaded(downloads, ".pdf")
    assert got.name == "doppelt.pdf"
    cli = tmp_path / "cli.pdf"
    run(
        "doppelt",
        "--out",
        str(cli),
        "--lang",
        "fr",
        "--paper",
        "letter",
        "--per-page",
        "4",
        "--pages",
        "2",
    )
    assert got.read_bytes() == cli.read_bytes()


def test_the_print_page_fits_a_phone_360_px_wide(base: str, tmp_path: Path) -> None:
    with chromium(360, 740) as browser:
        phone(browser)
        browser.get(base + "/")
        # measured once the first picture has come: before, while a lazy image has no
        # source yet, chromium lays the page out 433 px wide for a moment (seen under load)
        assert wait_for(browser, "document.querySelector('.card img').naturalWidth") == 384
        scroll, client = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert (scroll, client) == (360, 360)
        images = browser.find_elements(By.CSS_SELECTOR, ".card img")
        assert len(images) == len(catalogue.shipped_names())
        screenshot(browser, "print-phone", tmp_path)


def test_a_pasted_layout_shows_its_located_errors_then_its_picture(
    base: str, tmp_path: Path
) -> None:
    broken = CLASSIC_YAML.replace("threshold: 5", "threshold: 50", 1)
    line = broken.splitlines().index("  threshold: 50") + 1
    with chromium(1200, 900) as browser:
        browser.get(base + "/upload")
        browser.execute_script(
            "document.querySelector('textarea[name=text]').value = arguments[0]", broken
        )
        browser.find_element(By.CSS_SELECTOR, ".upload button[type=submit]").click()
        wait_for(browser, "document.querySelector('.problems')")
        errors = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".problems li.error")]
        assert errors and errors[0].startswith(f"pasted.yaml:{line}: lock.threshold: ")
        marked = browser.find_element(By.CSS_SELECTOR, ".listing .bad")
        assert marked.get_attribute("data-line") == str(line)
        assert marked.text.endswith("threshold: 50")
        screenshot(browser, "upload-errors", tmp_path)
        browser.execute_script(
            "document.querySelector('textarea[name=text]').value = arguments[0]", CLASSIC_YAML
        )
        browser.find_element(By.CSS_SELECTOR, ".upload button[type=submit]").click()
        width = wait_for(browser, "document.querySelector('img.preview')?.naturalWidth")
        assert width == 384
        assert browser.find_element(By.TAG_NAME, "h1").text == "classic"
