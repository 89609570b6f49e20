"""The score counter in a real browser (Debian's chromium, headless) against ``qwixx-print
serve`` on loopback: a 3-player classic game tapped to its end scores as ``qwixx-print
score`` scores the same marks; a refused tap shows the engine's reason; undo; the sheet's
row colours checked by pixel; a 360 px phone taps fields at least 9 mm wide, and Nochmal's
small boxes as 9 mm targets; the host page's QR codes are whole (their finder patterns by
pixel)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from PIL import Image
from selenium.webdriver.common.by import By

from qwixx_print import catalogue, geometry
from tests.browser import (
    chromium,
    need_browser,
    own_shown,
    phone,
    screenshot,
    served,
    settled,
    wait_for,
)

CSS_PX_PER_MM = 96 / 25.4
"""CSS pixels per millimetre (a CSS inch is 96 px)."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def start_game(browser: Any, base: str, names: list[str], sheet: str = "classic") -> dict[str, str]:
    """Start a game of ``sheet`` from the form; the players' links by name, and the host's."""
    browser.get(base + f"/games/new?layout={sheet}")
    for field, name in zip(browser.find_elements(By.NAME, "name"), names, strict=False):
        field.send_keys(name)
    browser.find_element(By.CSS_SELECTOR, "form.new-game button[type=submit]").click()
    wait_for(browser, "document.querySelector('[data-link-for]')", 30)  # a loaded machine: >10 s
    links = {
        name: browser.find_element(By.CSS_SELECTOR, f'[data-link-for="{name}"] a').get_attribute(
            "href"
        )
        for name in names
    }
    links["host"] = browser.current_url
    return links


def open_on_phone(browser: Any, base: str, sheet: str) -> None:
    """Start a game of ``sheet`` for Ann and Ben and open Ann's page on a 360 px phone,
    which does not scroll sideways."""
    links = start_game(browser, base, ["Ann", "Ben"], sheet)
    phone(browser)
    browser.get(links["Ann"])
    own_shown(browser)
    scroll, client = browser.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert (scroll, client) == (360, 360)


def moves_made(browser: Any) -> int:
    return int(browser.execute_script("return document.getElementById('board').dataset.moves"))


def tap(browser: Any, row: str, index: int) -> None:
    """Tap a field of the own sheet (once the board has settled) and wait for the board to
    come back."""
    settled(browser)
    before = moves_made(browser)
    message = browser.execute_script("return document.getElementById('message').textContent")
    browser.find_element(
        By.CSS_SELECTOR, f'.own .field[data-row="{row}"][data-index="{index}"]'
    ).click()
    wait_for(
        browser,
        f"document.getElementById('board').dataset.moves != '{before}'"
        f" || document.getElementById('message').textContent.trim() != {json.dumps(message.strip())}",
    )


def press(browser: Any, action: str) -> None:
    """Press the button ``action`` (once the board has settled) and wait for the board to
    come back."""
    settled(browser)
    before = moves_made(browser)
    browser.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]').click()
    wait_for(browser, f"document.getElementById('board').dataset.moves != '{before}'")


def own_field(browser: Any, row: str, index: int) -> str:
    return str(
        browser.find_element(
            By.CSS_SELECTOR, f'.own .field[data-row="{row}"][data-index="{index}"]'
        ).get_attribute("data-crossed")
    )


def _dark(pixel: tuple[int, ...]) -> bool:
    return sum(pixel[:3]) < 3 * 100


def _light(pixel: tuple[int, ...]) -> bool:
    return sum(pixel[:3]) > 3 * 160


def assert_whole_qr_code(browser: Any, name: str) -> None:
    """The host page shows ``name``'s whole QR code: in a screenshot of the element, each
    of the three finder patterns reads dark-light-dark-dark-dark-light-dark across its
    middle, both ways, with light (separator or quiet zone) on either side."""
    svg = browser.find_element(By.CSS_SELECTOR, f'[data-link-for="{name}"] .qr svg')
    link = browser.find_element(By.CSS_SELECTOR, f'[data-link-for="{name}"] a')
    modules = segno.make(link.get_attribute("href"), error="m").symbol_size(border=2)[0]
    image = Image.open(io.BytesIO(svg.screenshot_as_png)).convert("RGB")
    assert image.width == image.height >= 120
    px = image.width / modules
    border, far = 2, modules - 2 - 7
    want = "LDLDDDLDL"  # the finder's middle row, its separator on each side
    for x0, y0 in ((border, border), (far, border), (border, far)):
        across = [
            image.getpixel((int((x0 + k + 0.5) * px), int((y0 + 3.5) * px))) for k in range(-1, 8)
        ]
        down = [
            image.getpixel((int((x0 + 3.5) * px), int((y0 + k + 0.5) * px))) for k in range(-1, 8)
        ]
        for line in (across, down):
            seen = "".join("D" if _dark(p) else "L" if _light(p) else "?" for p in line)
            assert seen == want, (name, x0, y0, seen)


PLAN = {
    "Ben": ["penalty", "next", ("green", 0), ("green", 3), ("green", 5), ("blue", 1)],
    "Cid": [("red", 2), ("red", 6), ("yellow", 1), ("blue", 0), ("blue", 4), ("blue", 7)],
    "Ann": [*((r, i) for r in ("red", "yellow") for i in (0, 1, 2, 3, 4, 10))],
}
"""What each player taps, in order; Ann's two locks end the game. Ben takes a penalty as
the active player (the host passes him the dice), which ends his crossing for the turn
(RULES.md §1 Penalties, §6): he passes the dice on to Cid and crosses her white sums."""


def test_a_three_player_game_tapped_to_its_end_scores_as_the_cli(base: str, tmp_path: Path) -> None:
    with chromium(1200, 1000) as browser:
        links = start_game(browser, base, ["Ann", "Ben", "Cid"])
        screenshot(browser, "host-page", tmp_path)
        for name in ("Ann", "Ben", "Cid"):
            assert_whole_qr_code(browser, name)
        for name, taps in PLAN.items():
            if name == "Ben":  # the host's "Next player": Ben is active
                head, tail = links["host"].split("/games/", 1)
                request = urllib.request.Request(
                    f"{head}/api/games/{tail}/next",
                    data=json.dumps({"turn": 1}).encode(),
                    headers={"Content-Type": "application/json"},
                    method="POST",
                )
                with urllib.request.urlopen(request, timeout=20) as answer:
                    assert json.load(answer)["active"] == "Ben"
            browser.get(links[name])
            for step in taps:
                if step in ("penalty", "next"):
                    press(browser, step)
                else:
                    tap(browser, *step)
                    assert own_field(browser, *step) == "true"
            if name == "Ben":  # a refused tap shows the engine's reason and changes nothing
                tap(browser, "green", 1)
                message = browser.find_element(By.ID, "message").text
                assert message == "Ben, green: 11 is left of your last cross (7)"
                assert own_field(browser, "green", 1) == "false"
            if name == "Cid":  # a slip, undone
                tap(browser, "blue", 8)
                assert own_field(browser, "blue", 8) == "true"
                press(browser, "undo")
                assert own_field(browser, "blue", 8) == "false"
                screenshot(browser, "player-page", tmp_path)
        browser.get(links["host"])
        wait_for(browser, "document.querySelector('[data-game-over]')")
        screenshot(browser, "game-over", tmp_path)
        shown = {
            section.get_attribute("data-player"): int(
                section.find_element(By.CSS_SELECTOR, "[data-total]").get_attribute("data-total")
            )
            for section in browser.find_elements(By.CSS_SELECTOR, "section.player")
        }
        ranking = [
            (row.get_attribute("data-player"), int(row.find_elements(By.TAG_NAME, "td")[2].text))
            for row in browser.find_elements(By.CSS_SELECTOR, "tr[data-rank]")
        ]
        crossed = {
            name: {
                row: [
                    int(f.get_attribute("data-number"))
                    for f in browser.find_elements(
                        By.CSS_SELECTOR,
                        f'section[data-player="{name}"] .field[data-row="{row}"][data-crossed="true"]',
                    )
                ]
                for row in ("red", "yellow", "green", "blue")
            }
            for name in ("Ann", "Ben", "Cid")
        }
    assert crossed["Cid"]["blue"] == [12, 8, 5]
    marks = tmp_path / "game.yaml"
    players = [
        {"name": name, "crosses": crossed[name], "penalties": 1 if name == "Ben" else 0}
        for name in ("Ann", "Ben", "Cid")
    ]
    marks.write_text(json.dumps({"layout": "classic", "players": players}), encoding="utf-8")
    filled = tmp_path / "filled.pdf"
    run = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "score", str(marks), "--json", "--out", str(filled)],
        capture_output=True,
        text=True,
        check=True,
    )
    with urllib.request.urlopen(links["host"] + "/filled.pdf", timeout=30) as answer:
        assert answer.read() == filled.read_bytes()  # the page's filled-in sheets are the CLI's
    scored = json.loads(run.stdout)
    cli_totals = {player["name"]: player["total"] for player in scored["players"]}
    assert shown == cli_totals == {"Ann": 56, "Ben": 6 + 1 - 5, "Cid": 3 + 1 + 6}
    assert ranking == [("Ann", 56), ("Cid", 10), ("Ben", 2)]


def _near(pixel: tuple[int, ...], hex_code: str, slack: int = 12) -> bool:
    want = [int(hex_code[k : k + 2], 16) for k in (1, 3, 5)]
    return all(abs(a - b) <= slack for a, b in zip(pixel[:3], want, strict=True))


def test_the_sheets_rows_show_the_layouts_colours_by_pixel(base: str, tmp_path: Path) -> None:
    sheet = catalogue.find("classic")
    boxes = geometry.sheet_boxes(sheet)
    with chromium(1200, 1000) as browser:
        links = start_game(browser, base, ["Ann"])
        browser.get(links["Ann"])
        svg = browser.find_element(By.CSS_SELECTOR, ".own .sheet-svg")
        image = Image.open(io.BytesIO(svg.screenshot_as_png)).convert("RGB")
    scale = image.width / geometry.SHEET_W
    for row, band in zip(sheet.rows, (r.band for r in boxes.rows), strict=True):
        x, y = (band.x + 0.3) * scale, (geometry.SHEET_H - band.cy) * scale
        assert _near(image.getpixel((round(x), round(y))), sheet.colours[row.id]), row.id
        field = next(r for r in boxes.rows if r.band == band).fields[5]
        inside = image.getpixel(
            (round((field.x + 0.6) * scale), round((geometry.SHEET_H - field.y - 0.6) * scale))
        )
        assert _near(
            inside,
            "#"
            + "".join(
                f"{round(c + (255 - c) * 0.82):02x}"
                for c in (int(sheet.colours[row.id][k : k + 2], 16) for k in (1, 3, 5))
            ),
            6,
        ), row.id


@pytest.mark.parametrize("sheet", ["classic", "nochmal"])
def test_a_phone_360_px_wide_taps_fields_at_least_9_mm_without_scrolling_sideways(
    base: str, tmp_path: Path, sheet: str
) -> None:
    fields = sum(len(row.fields) for row in catalogue.find(sheet).rows)
    with chromium(360, 740) as browser:
        open_on_phone(browser, base, sheet)
        sizes = browser.execute_script(
            "return Array.from(document.querySelectorAll('.own .field > rect:nth-of-type(1)'))"
            ".map(r => { const b = r.getBoundingClientRect(); return Math.min(b.width, b.height); })"
        )
        assert len(sizes) == fields
        assert min(sizes) / CSS_PX_PER_MM >= 9.0, min(sizes) / CSS_PX_PER_MM
        tap(browser, "yellow", 3)
        assert own_field(browser, "yellow", 3) == "true"
        total = browser.find_element(By.CSS_SELECTOR, ".own [data-total]").get_attribute(
            "data-total"
        )
        assert total == "1"
        screenshot(browser, f"player-phone-{sheet}", tmp_path)
        if sheet == "nochmal":
            tap_the_small_box(browser, "yellow", 3)


def tap_the_small_box(browser: Any, row: str, index: int) -> None:
    """On Nochmal, the small box under the row's last cross (the only one the engine allows)
    is a tap target at least 9 mm each way, and a tap on it crosses it."""
    css = f'.own .again[data-row="{row}"][data-index="{index}"]'
    sizes = browser.execute_script(
        "return Array.from(document.querySelectorAll('.own .again[role=button]'))"
        ".map(g => { const b = g.getBoundingClientRect();"
        " return [g.dataset.row, Number(g.dataset.index), b.width, b.height]; })"
    )
    assert [(r, i) for r, i, _, _ in sizes] == [(row, index)]
    width, height = sizes[0][2:]
    assert min(width, height) / CSS_PX_PER_MM >= 9.0, (width, height)
    before = moves_made(browser)
    browser.find_element(By.CSS_SELECTOR, css).click()
    wait_for(browser, f"document.getElementById('board').dataset.moves != '{before}'")
    crossed = browser.find_element(By.CSS_SELECTOR, css).get_attribute("data-crossed")
    assert crossed == "true"
    assert own_field(browser, row, index) == "true"


def test_roll_shows_the_dice_and_highlights_the_fields_they_allow(
    base: str, tmp_path: Path
) -> None:
    with chromium(1200, 1000) as browser:
        links = start_game(browser, base, ["Ann", "Ben"])
        browser.get(links["Ann"])  # the active player rolls (or the host)
        tap(browser, "red", 0)
        press(browser, "roll")
        white = browser.find_element(By.CSS_SELECTOR, "[data-white]").text
        dice = {
            d.get_attribute("data-die"): int(d.text)
            for d in browser.find_elements(By.CSS_SELECTOR, "[data-die]")
        }
        hinted = {
            name: {
                (f.get_attribute("data-row"), int(f.get_attribute("data-index")))
                for f in browser.find_elements(
                    By.CSS_SELECTOR, f'section[data-player="{name}"] .field.hinted'
                )
            }
            for name in ("Ann", "Ben")
        }
        screenshot(browser, "dice", tmp_path)
    game_id = links["Ann"].split("/")[-2]
    with urllib.request.urlopen(f"{base}/api/games/{game_id}", timeout=20) as answer:
        state = json.load(answer)
    assert (
        white
        == f"{state['dice']['white'][0]} + {state['dice']['white'][1]} = {sum(state['dice']['white'])}"
    )
    assert dice == {c: state["dice"][c] for c in ("red", "yellow", "green", "blue")}
    for player in state["players"]:
        assert hinted[player["name"]] == {(row, index) for row, index in player["dice_allow"]}
    assert hinted["Ann"], "the white sum allows a field on a fresh sheet"
