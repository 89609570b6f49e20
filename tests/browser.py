"""The web page served for real and driven in Debian's chromium: a ``qwixx-print serve``
process on a free loopback port, and a headless chromium (selenium with the system's
chromedriver) that resolves no host name but localhost and 127.0.0.1.

Where chromium or chromedriver is missing the browser tests skip with a message, except
under CI (the environment variable ``CI`` set), where they fail: ``.ci/run`` installs them.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
)
"""chromium's switches: headless, nothing fetched in the background, no host but loopback."""


def serve_command(db: Path | str, port: int = 0) -> list[str]:
    """The command that serves the web page on loopback at ``port`` with the database ``db``
    (a file or a ``postgresql://`` URL)."""
    return [sys.executable, "-m", "qwixx_print", "serve", "--port", str(port), "--db", str(db)]


def start(db: Path | str, port: int = 0, **popen: Any) -> tuple[subprocess.Popen[str], str]:
    """Start ``qwixx-print serve --port PORT --db DB`` (loopback; port 0: any free one): the
    process (its output on one pipe) and its base URL (``http://127.0.0.1:PORT``); ``popen``
    goes to Popen."""
    process = subprocess.Popen(
        serve_command(db, port),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **popen,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
    if not found:
        process.kill()
        process.wait(timeout=20)
        process.stdout.close()
        raise AssertionError(f"serve printed {first!r}")
    return process, f"http://127.0.0.1:{found[1]}"


def stop(process: subprocess.Popen[str], how: int = signal.SIGINT) -> int:
    """Stop the server ``process`` with the signal ``how`` (Ctrl-C by default), wait for it,
    close its pipe; its exit status."""
    process.send_signal(how)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)
    if process.stdout is not None:
        process.stdout.close()
    return process.returncode


@contextmanager
def served(db: Path) -> Iterator[str]:
    """Run ``qwixx-print serve --port 0 --db DB`` (loopback), yield its base URL
    (``http://127.0.0.1:PORT``), then stop it with Ctrl-C (SIGINT)."""
    process, base = start(db)
    try:
        yield base
    finally:
        stop(process)


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            return f"{path} is missing: apt-get install chromium chromium-driver"
    return None


def need_browser() -> None:
    """Skip the test when chromium is missing; fail it instead under CI."""
    why = missing_browser()
    if why is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests: {why}")
    pytest.skip(why)


SCREENSHOTS = "QWIXX_SCREENSHOTS"
"""Environment variable naming a folder for the browser tests' screenshots
(``scripts/web-screenshots`` sets it to ``docs/web``); unset, they go to a temporary one."""


def screenshot(driver: Any, name: str, fallback: Path) -> Path:
    """Save the browser's viewport as ``NAME.png`` in the folder :data:`SCREENSHOTS`
    names, or in ``fallback``; returns the file."""
    folder = Path(os.environ.get(SCREENSHOTS) or fallback)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert driver.save_screenshot(str(path))
    return path


FONTS_LOADED = """
const done = arguments[0];
Promise.all([...document.fonts].map((face) => face.load().catch(() => null)))
  .then(() => document.fonts.ready)
  .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done())));
"""
"""Loads every font face the page declares, then waits for two frames: painted in them
(``document.fonts.ready`` alone resolves at once when no font has started to load yet, as
for an SVG's text on a loaded machine: a screenshot then showed the fallback font)."""


def fonts_loaded(driver: Any) -> None:
    """Wait until the page's fonts are loaded and painted (:data:`FONTS_LOADED`)."""
    driver.execute_async_script(FONTS_LOADED)


def phone(driver: Any, width: int = 360, height: int = 740) -> None:
    """Make ``driver``'s page a phone's: ``width`` x ``height`` CSS px, touch, 2x pixels."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
    )


def _launch(start: Any, tries: int = 2) -> Any:
    """``start()`` the browser, once more if the first start fails (chromedriver can time
    out starting chromium on a busy shared host); the test itself is never retried."""
    from selenium.common.exceptions import WebDriverException

    for attempt in range(tries):
        try:
            return start()
        except WebDriverException:
            if attempt == tries - 1:
                raise
    raise AssertionError("unreachable")


@contextmanager
def chromium(width: int = 1200, height: int = 900, downloads: Path | None = None) -> Iterator[Any]:
    """A headless chromium of ``width`` x ``height`` CSS pixels driven by selenium, saving
    downloads without asking into ``downloads``; quit when the block ends."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    need_browser()
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console: CSP reports
    if downloads is not None:
        options.add_experimental_option(
            "prefs",
            {
                "download.default_directory": str(downloads),
                "download.prompt_for_download": False,
                "safebrowsing.enabled": False,
            },
        )
    # chromium leaves a folder for its singleton socket in $TMPDIR at each quit: give it
    # one of the test's own, removed when the block ends
    with tempfile.TemporaryDirectory(prefix="qwixx-chromium-") as scratch:
        env = {**os.environ, "TMPDIR": scratch}
        driver = _launch(
            lambda: webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER), env=env))
        )
        try:
            driver.set_page_load_timeout(30)
            driver.implicitly_wait(0)
            yield driver
        finally:
            driver.quit()


def wait_for(browser: Any, script: str, seconds: float = 10.0) -> Any:
    """The first truthy value of the JavaScript expression ``script``, polled."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = browser.execute_script(f"return {script}")
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"still false after {seconds} s: {script}")


def settled(browser: Any) -> None:
    """Wait until no htmx request is in flight and the board last swapped in has settled:
    htmx readies a new board's fields and buttons as it settles, and a click before that
    sends nothing (a test clicking at once lost its tap now and then)."""
    wait_for(
        browser,
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
    )


def follow(browser: Any, css: str, seconds: float = 60.0) -> None:
    """Click the link or submit button ``css`` and wait until the page it opens has fully
    loaded (a new document, ``readyState`` complete): acting on a page still loading raced
    with its navigation and left the test on a blank page now and then."""
    browser.execute_script("window.qwixxOldPage = true")
    browser.find_element("css selector", css).click()
    wait_for(browser, "!window.qwixxOldPage && document.readyState === 'complete'", seconds)


OWN_SHEET_SHOWN = (
    "document.querySelector('.own .sheet-svg .field')"
    " && document.querySelector('.own .sheet-svg').dataset.view"
    " === (matchMedia('(max-width: 599px) and (orientation: portrait)').matches"
    " ? 'turned' : 'flat')"
)
"""JavaScript: the player's own sheet is in the page, drawn the way the screen needs it
(turned upright below 600 px: a page loaded with another width's cookie asks for it
again)."""


def own_shown(browser: Any, seconds: float = 10.0) -> None:
    """Wait until the page shows the own sheet as the screen needs it (:data:`OWN_SHEET_SHOWN`)."""
    wait_for(browser, OWN_SHEET_SHOWN, seconds)


def downloaded(folder: Path, suffix: str, seconds: float = 20.0) -> Path:
    """The one finished download ending in ``suffix`` (``.pdf``) in ``folder``, waiting
    for it at most ``seconds``: chromium may name the file before it has written it (it was
    once read empty), so a download is finished when no ``.crdownload`` is left and its
    size, not 0, stays the same for 0.2 s."""
    end = time.monotonic() + seconds
    seen = -1
    while time.monotonic() < end:
        files = list(folder.iterdir())
        done = [p for p in files if p.suffix == suffix]
        if done and not any(p.suffix == ".crdownload" for p in files):
            size = done[0].stat().st_size
            if size and size == seen:
                return done[0]
            seen = size
        time.sleep(0.2)
    raise AssertionError(f"nothing was downloaded into {folder}")
