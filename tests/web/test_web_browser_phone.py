"""The counter on a 390 x 844 phone in a real browser (Debian's chromium, headless, taps as
touch events at screen positions, as a finger taps): a tap, a refused tap and another
player's move leave the page where it was scrolled to, and a refusal's reason shows on the
screen; fields the engine does not allow are muted (lighter, greyer), never darker than a
normal field; a crossed X-Change diamond cannot be chosen again."""

from __future__ import annotations

import io
import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy
import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from qwixx_print import catalogue, geometry, labels
from qwixx_print.scene import palette
from qwixx_print.scene.turn import Turn
from tests.browser import (
    chromium,
    fonts_loaded,
    need_browser,
    own_shown,
    phone,
    screenshot,
    served,
    wait_for,
)
from tests.browser import settled as htmx_settled
from tests.web.test_web_browser_counter import moves_made, start_game

WIDTH, HEIGHT = 390, 844
"""The phone's viewport, CSS px (2 device px each)."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with served(tmp_path_factory.mktemp("db") / "web.sqlite3") as url:
        yield url


def ann_on_phone(
    browser: Any, base: str, sheet: str, size: tuple[int, int] = (WIDTH, HEIGHT)
) -> dict[str, str]:
    """A game of ``sheet`` for Ann and Ben, Ann's page open on the phone (``size``: its
    width and height, CSS px); the links."""
    links = start_game(browser, base, ["Ann", "Ben"], sheet)
    phone(browser, *size)
    browser.get(links["Ann"])
    own_shown(browser)
    return links


FIELD = '.own .field[data-row="{}"][data-index="{}"]'


def finger(browser: Any, css: str) -> None:
    """Tap the middle of the element ``css`` with a finger (touch events at its place on
    the screen, no scrolling into view first); it must be on the screen."""
    x, y = browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2]",
        css,
    )
    assert 0 < x < WIDTH and 0 < y < HEIGHT, (css, x, y)
    point = [{"x": x, "y": y}]
    browser.execute_cdp_cmd(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point}
    )
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def scroll_to(browser: Any, y: int) -> None:
    browser.execute_script(f"window.scrollTo(0, {y})")
    wait_for(browser, f"window.scrollY == {y}")


def scroll_y(browser: Any) -> int:
    return int(browser.execute_script("return Math.round(window.scrollY)"))


def settle(browser: Any) -> None:
    """Let a swapped board lay out and paint (two animation frames)."""
    browser.execute_async_script(
        "const done = arguments[0];"
        " requestAnimationFrame(() => requestAnimationFrame(() => done()))"
    )


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        found: dict[str, Any] = json.load(answer)
    return found


def api_of(link: str) -> str:
    """The JSON twin of a player's link."""
    head, tail = link.split("/games/", 1)
    return f"{head}/api/games/{tail}"


@pytest.mark.parametrize(("sheet", "start"), [("x-change", 360), ("big-points", 246)])
def test_taps_and_other_players_moves_keep_the_page_where_it_was_scrolled_to(
    base: str, sheet: str, start: int
) -> None:
    with chromium(WIDTH, HEIGHT) as browser:
        links = ann_on_phone(browser, base, sheet)
        scroll_to(browser, start)
        before = moves_made(browser)
        finger(browser, FIELD.format("blue", 6))
        wait_for(browser, f"document.getElementById('board').dataset.moves != '{before}'")
        settle(browser)
        assert (
            browser.execute_script(
                f"return document.querySelector('{FIELD.format('blue', 6)}').dataset.crossed"
            )
            == "true"
        )
        assert scroll_y(browser) == start
        # another player's move comes with the next poll (every 2 s)
        before = moves_made(browser)
        post_json(api_of(links["Ben"]) + "/moves", {"kind": "cross", "row": "red", "index": 0})
        wait_for(browser, f"document.getElementById('board').dataset.moves != '{before}'", 8)
        settle(browser)
        assert scroll_y(browser) == start


def test_a_refused_tap_low_on_the_sheet_keeps_the_page_and_shows_the_reason_on_screen(
    base: str,
) -> None:
    with chromium(WIDTH, HEIGHT) as browser:
        ann_on_phone(browser, base, "classic")
        browser.find_element(By.CSS_SELECTOR, FIELD.format("blue", 6)).click()
        wait_for(browser, "document.getElementById('board').dataset.moves == '1'")
        low = browser.execute_script(
            "return Math.round(document.querySelector(arguments[0]).getBoundingClientRect().top"
            " + window.scrollY)",
            FIELD.format("blue", 2),
        )
        start = max(0, int(low) - HEIGHT + 120)  # the field near the bottom of the screen
        scroll_to(browser, start)
        finger(browser, FIELD.format("blue", 2))
        wait_for(browser, "document.getElementById('message').textContent.trim() != ''")
        settle(browser)
        assert scroll_y(browser) == start
        box = browser.find_element(By.ID, "message")
        assert box.text == "Ann, blue: 10 is left of your last cross (6)"
        assert box.get_attribute("role") == "alert"
        top, bottom = browser.execute_script(
            "const r = document.getElementById('message').getBoundingClientRect();"
            " return [r.top, r.bottom]"
        )
        assert 0 <= top < bottom <= HEIGHT, (top, bottom)
        # the fixed message stays on the screen when the player scrolls on
        scroll_to(browser, max(0, start - 300))
        top = browser.execute_script(
            "return document.getElementById('message').getBoundingClientRect().top"
        )
        assert 0 <= top < HEIGHT


def _pixel(image: Image.Image, browser: Any, css: str) -> tuple[int, int, int]:
    """The mean colour of a small patch inside the field ``css``'s box, near the middle of
    its left edge on the screen: its fill, clear of its number and symbol."""
    x, y = browser.execute_script(
        "const r = document.querySelector(arguments[0] + ' > rect').getBoundingClientRect();"
        " return [r.left + 0.13 * r.width, r.top + 0.5 * r.height]",
        css,
    )
    scale = image.width / WIDTH
    cx, cy = round(x * scale), round(y * scale)
    patch = [image.getpixel((cx + dx, cy + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return tuple(round(sum(p[k] for p in patch) / len(patch)) for k in range(3))  # type: ignore[return-value]


def _rgb(hex_code: str) -> tuple[int, int, int]:
    return tuple(int(hex_code[k : k + 2], 16) for k in (1, 3, 5))  # type: ignore[return-value]


def look(browser: Any, fields: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, ...]]:
    """The fill the player sees of each field of the own sheet (scrolled into view)."""
    browser.execute_script("document.querySelector('.own .sheet-wrap').scrollIntoView()")
    settle(browser)
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    return {(row, i): _pixel(image, browser, FIELD.format(row, i)) for row, i in fields}


def assert_normal(seen: tuple[int, ...], colour: str) -> None:
    """``seen`` is a field's normal light fill (the PDF's tint of its colour)."""
    want = _rgb(palette.hex_code(palette.paper(palette.hex_rgb(colour))))
    assert all(abs(a - b) <= 10 for a, b in zip(seen, want, strict=True)), (seen, want)


def assert_muted(seen: tuple[int, ...], colour: str) -> None:
    """``seen`` is lighter and greyer than the field's normal fill, never darker."""
    normal = _rgb(palette.hex_code(palette.paper(palette.hex_rgb(colour))))
    assert min(seen) >= min(normal) + 8, (seen, normal)  # lighter
    assert max(seen) - min(seen) < max(normal) - min(normal), (seen, normal)  # less colour


def state(link: str) -> dict[str, Any]:
    with urllib.request.urlopen(api_of(link), timeout=20) as answer:
        found: dict[str, Any] = json.load(answer)
    return found


@pytest.mark.parametrize("sheet", ["classic", "big-points", "x-change", "longo"])
def test_fields_the_engine_does_not_allow_are_muted_never_darker(base: str, sheet: str) -> None:
    colours = catalogue.find(sheet).colours
    last = len(catalogue.find(sheet).rows[0].fields) - 1
    with chromium(WIDTH, HEIGHT) as browser:
        links = ann_on_phone(browser, base, sheet)
        # a fresh sheet: the first field is allowed, the lock field is not
        seen = look(browser, [("red", 0), ("red", last), ("green", 0)])
        assert_normal(seen[("red", 0)], colours["red"])
        assert_normal(seen[("green", 0)], colours["green"])
        assert_muted(seen[("red", last)], colours["red"])
        if sheet == "x-change":  # the diamond 8/5 chosen: its fields stand out, others muted
            browser.find_element(By.CSS_SELECTOR, '.own .diamond[data-diamond="0"]').click()
            wait_for(browser, "document.getElementById('board').dataset.mode == 'swap'")
            seen = look(browser, [("red", 0), ("red", 3)])
            assert_muted(seen[("red", 0)], colours["red"])
            assert_normal(seen[("red", 3)], colours["red"])
        if sheet == "longo":  # "Lucky cross" pressed on a fresh sheet: every row's first
            browser.execute_script("window.scrollTo(0, 0)")  # the button, clear of the top bar
            browser.find_element(By.CSS_SELECTOR, '[data-action="lucky"]').click()
            wait_for(browser, "document.getElementById('board').dataset.mode == 'lucky'")
            seen = look(browser, [("red", 0), ("red", 1)])
            assert_normal(seen[("red", 0)], colours["red"])
            assert_muted(seen[("red", 1)], colours["red"])
        post_json(api_of(links["Ann"]) + "/moves", {"kind": "cross", "row": "yellow", "index": 0})
        post_json(api_of(links["host"]) + "/finish", {"turn": state(links["Ann"])["turn"]})
        assert state(links["Ann"])["over"]
        browser.refresh()
        wait_for(browser, "document.getElementById('board').dataset.over == 'true'")
        seen = look(browser, [("red", 0), ("green", 3), ("yellow", 0)])
        assert_muted(seen[("red", 0)], colours["red"])
        assert_muted(seen[("green", 3)], colours["green"])
        crossed = seen[("yellow", 0)]  # crossed: its fill as it was, the cross on top
        assert_normal(crossed, colours["yellow"])


def test_a_crossed_diamond_cannot_be_chosen_again(base: str) -> None:
    with chromium(WIDTH, HEIGHT) as browser:
        ann_on_phone(browser, base, "x-change")
        diamond = '.own .diamond[data-diamond="0"]'
        browser.find_element(By.CSS_SELECTOR, diamond).click()
        before = moves_made(browser)
        browser.find_element(By.CSS_SELECTOR, FIELD.format("red", 3)).click()
        wait_for(browser, f"document.getElementById('board').dataset.moves != '{before}'")
        assert browser.find_element(By.CSS_SELECTOR, diamond).get_attribute("data-crossed") == (
            "true"
        )
        browser.find_element(By.CSS_SELECTOR, diamond).click()
        time.sleep(0.2)
        found = browser.find_element(By.CSS_SELECTOR, diamond)
        assert "selected" not in str(found.get_attribute("class")).split()
        assert (
            browser.execute_script("return document.getElementById('board').dataset.mode") is None
        )
        assert found.get_attribute("role") is None and found.get_attribute("tabindex") is None
        assert found.get_attribute("aria-disabled") == "true"


def test_on_the_turned_phone_sheet_diamonds_and_symbols_read_upright(base: str) -> None:
    """The sheet is turned to fit the phone; a diamond's two numbers stay one above the
    other as printed (8 over 5, not "5 8"), and yellow's triangle still points up."""
    with chromium(WIDTH, HEIGHT) as browser:
        ann_on_phone(browser, base, "x-change")
        boxes = browser.execute_script(
            "const g = document.querySelector('.own .diamond[data-diamond=\"0\"]');"
            "return [...g.querySelectorAll('text')].map(t => {"
            " const r = t.getBoundingClientRect(); return [t.textContent, r.x, r.y, r.width]; })"
        )
        (upper, ux, uy, uw), (lower, lx, ly, lw) = boxes
        assert (upper, lower) == ("8", "5")
        assert uy < ly and abs((ux + uw / 2) - (lx + lw / 2)) < 2  # one above the other
        point = browser.execute_script(
            "const p = document.querySelector("
            '  \'.own .field[data-row="yellow"][data-index="0"] polygon\');'
            "const r = p.getBoundingClientRect();"
            "const top = [...p.points].map(q => q.matrixTransform(p.getScreenCTM()))"
            "  .reduce((a, b) => (a.y < b.y ? a : b));"
            "return [top.x - r.x, r.width];"
        )
        assert abs(point[0] - point[1] / 2) < 1  # the apex at the top, in the middle


def test_the_own_sheet_on_a_phone_is_the_scene_turned_with_its_numbers_upright_in_place(
    base: str,
) -> None:
    """On a 390 x 844 phone the own sheet is the server's turned drawing (the scene turned,
    ``scene/turn.py``: a 65 x 96 mm sheet), not the printed one turned by the stylesheet:
    no element of the page is transformed by CSS; every field's number stands in the middle
    of the place the turn gives its field (element boxes, within a pixel); and each row's 7
    reads upright by its pixels (the bar of the 7 at its top: its top quarter holds 2.4 times
    the ink of its bottom quarter, turned it would hold less). A tap with a
    finger on the turned sheet crosses the field."""
    turn = Turn(geometry.SHEET_W, geometry.SHEET_H)
    with chromium(WIDTH, HEIGHT) as browser:
        ann_on_phone(browser, base, "classic")
        fonts_loaded(browser)
        browser.execute_script("document.querySelector('.own .sheet-wrap').scrollIntoView()")
        settle(browser)
        page = browser.execute_script(
            "const svg = document.querySelector('.own .sheet-svg');"
            "const r = svg.getBoundingClientRect();"
            "const turned = [...document.querySelectorAll('*')]"
            " .filter(e => getComputedStyle(e).transform !== 'none')"
            " .map(e => e.getAttribute('transform') ? e.textContent : e.tagName);"
            "const fields = [...svg.querySelectorAll('g.field')].map(g => {"
            " const t = g.querySelector('text').getBoundingClientRect();"
            " return [g.dataset.row, +g.dataset.index, g.querySelector('text').textContent,"
            "  t.left, t.top, t.width, t.height]; });"
            "return [svg.dataset.view, svg.getAttribute('viewBox'), r.left, r.top, r.width,"
            " turned, fields];"
        )
        image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("L")
        view, viewbox, left, top, width, transformed, fields = page
        assert (view, viewbox) == ("turned", "0 0 65 96")
        # by CSS nothing; by their own attribute, the texts along the turned sheet
        assert sorted(transformed) == sorted(["QWIXX", "Ann", "Penalties \u22125", "Total"])
        assert width == pytest.approx(WIDTH, abs=1)  # the whole phone's width
        scale = width / geometry.SHEET_H  # CSS px per mm
        layout = catalogue.checked("classic")
        boxes = {
            r.id: b for r, b in zip(layout.rows, geometry.sheet_boxes(layout).rows, strict=True)
        }
        assert len(fields) == 44
        sevens = 0
        for row, index, text, x, y, w, h in fields:
            place = turn.box(boxes[row].fields[index])
            want = (left + place.cx * scale, top + (geometry.SHEET_W - place.cy) * scale)
            assert (x + w / 2, y + h / 2) == pytest.approx(want, abs=1.0), (row, index)
            if text != "7":
                continue
            sevens += 1
            px = image.width / WIDTH
            glyph = image.crop(
                (round(x * px), round(y * px), round((x + w) * px), round((y + h) * px))
            )
            ink = (numpy.asarray(glyph) < 150).sum(axis=1)  # dark pixels per line
            rows = [int(n) for n in ink if n]
            band = max(1, len(rows) // 4)
            assert sum(rows[:band]) > 1.5 * sum(rows[-band:]), (row, rows)  # ⁷: a bar on top
        assert sevens == 4
        before = moves_made(browser)
        finger(browser, FIELD.format("green", 5))
        wait_for(browser, f"document.getElementById('board').dataset.moves != '{before}'")
        crossed = browser.execute_script(
            f"return document.querySelector('{FIELD.format('green', 5)}').dataset.crossed"
        )
        assert crossed == "true"
        assert (
            browser.execute_script("return document.querySelector('.own .sheet-svg').dataset.view")
            == "turned"
        )


ANSWERS = (
    "window.answers = []; document.addEventListener('htmx:beforeSwap', e => {"
    " if (e.detail.xhr.status === 204) return;"
    " const page = new DOMParser().parseFromString(e.detail.xhr.responseText, 'text/html');"
    " window.answers.push([...page.querySelectorAll('.own svg[data-view]')]"
    "  .map(s => s.dataset.view + (s.closest('template') ? ' kept' : '')).join(' ')); })"
)
"""JavaScript: keep in ``window.answers`` the own sheet's drawings of every board htmx
swaps in (not the polls' 204s) (``turned``, ``flat``; ``kept``: in a template)."""

OWN_VIEW = "return document.querySelector('.own .sheet-svg').dataset.view"


def test_a_narrow_phone_is_sent_the_turned_sheet_a_wide_one_the_flat_and_turning_swaps_it(
    base: str,
) -> None:
    """The server draws the own sheet once, the way the screen needs it. A phone held upright
    that comes from a wide page (its cookie says flat) is sent the flat sheet, asks again
    and is sent the turned one alone; a tap is answered with the turned sheet alone; turned
    sideways (844 px wide) the page asks for the board and is sent the flat sheet alone,
    and back upright the turned one. A reload upright is drawn turned at once (the cookie);
    a first visit (no cookie) is sent both, the turned one in a template, and shows the
    turned one without asking."""
    with chromium() as browser:
        links = start_game(browser, base, ["Ann", "Ben"], "classic")  # a wide page: flat
        assert browser.get_cookie("sheet_view")["value"] == "flat"
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ANSWERS})
        phone(browser, WIDTH, HEIGHT)  # the host's page, turned too, says so in the cookie
        assert browser.get_cookie("sheet_view")["value"] == "turned"
        browser.add_cookie({"name": "sheet_view", "value": "flat", "path": "/"})  # stale
        browser.get(links["Ann"])
        own_shown(browser)
        assert browser.execute_script(OWN_VIEW) == "turned"
        assert browser.get_cookie("sheet_view")["value"] == "turned"
        assert browser.execute_script("return window.answers") == ["turned"]
        assert browser.execute_script("return document.querySelectorAll('.own svg').length") == 1
        finger(browser, FIELD.format("green", 5))
        wait_for(browser, "document.getElementById('board').dataset.moves == '1'")
        assert browser.execute_script("return window.answers") == ["turned", "turned"]
        phone(browser, HEIGHT, WIDTH)  # turned sideways
        wait_for(browser, "window.answers.length == 3")
        own_shown(browser)
        assert browser.execute_script(OWN_VIEW) == "flat"
        assert browser.execute_script("return window.answers[2]") == "flat"
        assert browser.get_cookie("sheet_view")["value"] == "flat"
        crossed = f"return document.querySelector('{FIELD.format('green', 5)}').dataset.crossed"
        assert browser.execute_script(crossed) == "true"
        phone(browser, WIDTH, HEIGHT)  # upright again
        wait_for(browser, "window.answers.length == 4")
        own_shown(browser)
        assert browser.execute_script("return window.answers[3]") == "turned"
        # a reload upright: the page itself comes turned (its HTML, fetched as the page is)
        page = browser.execute_async_script(
            "fetch(location.href).then(r => r.text()).then(arguments[0])"
        )
        own = page.split('class="player own"')[1].split("</section>")[0]
        assert own.count('data-view="') == 1 and 'data-view="turned"' in own
        browser.delete_cookie("sheet_view")  # a first visit: both, the turned one kept aside
        page = browser.execute_async_script(
            "fetch(location.href).then(r => r.text()).then(arguments[0])"
        )
        own = page.split('class="player own"')[1].split("</section>")[0]
        assert own.count('data-view="flat"') == 1 and '<template data-view="turned">' in own
        browser.get(links["Ann"])
        own_shown(browser)
        time.sleep(2.5)  # a poll: nothing new, nothing asked
        assert browser.execute_script("return window.answers") == []
        assert browser.execute_script(OWN_VIEW) == "turned"


def test_the_turned_kraefte_sheet_keeps_the_power_legends_words_along_their_strip(
    base: str,
) -> None:
    """The power legend's words, left out of the turned sheet before (no room upright in
    their 5 mm strip), are on the phone, turned with the sheet: each reads down its strip
    (a box taller than wide), beside its badge."""
    layout = catalogue.checked("kraefte")
    text = labels.for_layout(layout, labels.DEFAULT_LANG)
    with chromium(WIDTH, HEIGHT) as browser:
        ann_on_phone(browser, base, "kraefte")
        fonts_loaded(browser)
        turned = browser.execute_script(
            "return [...document.querySelectorAll('.own .sheet-svg text[transform]')].map(t => {"
            " const r = t.getBoundingClientRect(); return [t.textContent, r.width, r.height]; })"
        )
    shown = " ".join(words for words, _, _ in turned)
    for power in geometry.powers(layout):
        assert text[f"power-{power}"] in shown or all(
            word in shown.split() for word in text[f"power-{power}"].split()
        ), power
    assert all(h > w > 0 for _, w, h in turned), turned
    assert len(turned) >= 4 + len(geometry.powers(layout))


def test_a_phone_turned_sideways_shows_the_whole_own_sheet_below_the_name_bar(
    base: str, tmp_path: Path
) -> None:
    """Sideways (844 x 390 px) the own sheet is sized to the screen's height, not its width:
    scrolled to the sheet, all its rows and the total line are on the screen at once, below
    the sticky name bar (a newcomer saw 2 of 4 rows)."""
    with chromium() as browser:
        links = start_game(browser, base, ["Ann", "Ben"], "classic")
        phone(browser, HEIGHT, WIDTH)
        browser.get(links["Ann"])
        own_shown(browser)
        browser.execute_script("document.querySelector('.own svg').scrollIntoView()")
        time.sleep(0.3)
        top, bottom, width = browser.execute_script(
            "const r = document.querySelector('.own svg').getBoundingClientRect();"
            " return [r.top, r.bottom, r.width]"
        )
        bar = browser.execute_script(
            "return document.querySelector('[data-whose]').getBoundingClientRect().bottom"
        )
        assert bottom - top <= WIDTH - bar + 1  # the whole sheet fits below the bar
        assert 0.5 * HEIGHT < width <= HEIGHT  # and is still wider than half the screen
        screenshot(browser, "phone-sideways", tmp_path)
        total = browser.execute_script(
            "const r = document.querySelector('.own [data-total], .own .total')"
            "?.getBoundingClientRect(); return r ? r.bottom : null"
        )
        assert total is None or total <= WIDTH


SIDEWAYS_BOXES = """
const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const all = css => [...document.querySelectorAll(css)].map(box);
return {own: box(document.querySelector('.own .sheet-svg')), dice: all('[data-die]'),
  buttons: all('.actions button'), others: all('.player:not(.own) .sheet-svg'),
  view: [innerWidth, innerHeight, scrollX, scrollY]};
"""
"""JavaScript: the screen boxes (left, top, right, bottom, CSS px) of the own sheet, the
dice, the action buttons and the other players' sheets, and the viewport and its scroll."""


@pytest.mark.parametrize("sheet", ["classic", "x-change"])
def test_sideways_the_whole_own_sheet_shows_with_the_dice_and_buttons_and_no_other_is_larger(
    base: str, tmp_path: Path, sheet: str
) -> None:
    """Held sideways (844 x 390 px) the page, as it opens, shows the whole own sheet with
    the dice and the buttons beside it, right of it, all inside the screen (a newcomer saw
    the buttons above the sheet and its lower rows below the screen, and the others' sheets
    below it as wide as the page, larger than their own); each other player's sheet is no
    wider and no taller than the own one."""
    with chromium() as browser:
        links = start_game(browser, base, ["Ann", "Ben", "Cid"], sheet)
        phone(browser, HEIGHT, WIDTH)
        browser.get(links["Ann"])
        own_shown(browser)
        htmx_settled(browser)
        browser.find_element(By.CSS_SELECTOR, "[data-action=roll]").click()
        wait_for(browser, "document.querySelector('[data-die]')")
        htmx_settled(browser)
        own_shown(browser)
        fonts_loaded(browser)
        screenshot(browser, f"phone-sideways-beside-{sheet}", tmp_path)
        found = browser.execute_script(SIDEWAYS_BOXES)
    assert found["view"] == [HEIGHT, WIDTH, 0, 0]  # 844 x 390, not scrolled
    left, top, right, bottom = found["own"]
    assert left >= 0 and top >= 0 and right <= HEIGHT and bottom <= WIDTH, found["own"]
    assert right - left > 0.5 * HEIGHT  # the sheet is not shrunk to make room
    assert len(found["dice"]) == 4 and len(found["buttons"]) >= 4
    for x0, y0, x1, y1 in found["dice"] + found["buttons"]:  # beside the sheet, on the screen
        assert right <= x0 and x1 <= HEIGHT and top <= y0 and y1 <= bottom, (x0, y0, x1, y1)
    assert len(found["others"]) == 2
    for x0, y0, x1, y1 in found["others"]:
        assert x1 - x0 <= right - left + 0.5 and y1 - y0 <= bottom - top + 0.5


def test_sideways_the_ranking_of_an_ended_game_stands_beside_the_own_sheet(
    base: str, tmp_path: Path
) -> None:
    """Held sideways (844 x 390 px), the game over's ranking and its PDF link stand right of
    the own sheet, on the screen as the page opens (a newcomer had to scroll below the sheet
    to see who won)."""
    with chromium() as browser:
        links = start_game(browser, base, ["Ann", "Ben", "Cid"], "classic")
        game_id, ben = links["Ben"].split("/")[-2:]
        for row in ("red", "yellow"):  # Ben locks two colours: the game is over
            for index in (0, 1, 2, 3, 4, 10):
                answer = post_json(f"{base}/api/games/{game_id}/{ben}/moves", {
                    "kind": "cross", "row": row, "index": index})  # fmt: skip
                assert answer["players"], answer
        phone(browser, HEIGHT, WIDTH)
        browser.get(links["Ann"])
        own_shown(browser)
        wait_for(browser, "document.querySelector('.ranking tr[data-rank]')")
        fonts_loaded(browser)
        screenshot(browser, "phone-sideways-game-over", tmp_path)
        found = browser.execute_script(
            "return ['.own .sheet-svg', '.ranking', 'tr[data-rank=\"1\"]', '.ranking + p']"
            ".map(css => { const r = document.querySelector(css).getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom]; })"
        )
    (_, top, right, _), ranking, winner, link = found
    for x0, y0, x1, _ in (ranking, link):  # right of the sheet
        assert right <= x0 and x1 <= HEIGHT and top <= y0, found
    assert winner[3] <= WIDTH, found  # who won shows as the page opens


X2_TABS = (
    "return [...document.querySelectorAll('.own .sheet-svg text')]"
    ".filter(t => t.textContent == '\u00d72').map(t => {"
    " const band = t.closest('g.row').querySelector(':scope > rect');"
    " return [t, t.previousElementSibling, band].map(e => {"
    " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }); })"
)
"""JavaScript: per "x2" of the own sheet, the screen boxes (left, top, right, bottom, CSS
px) of its text, its tab and its row's band."""


@pytest.mark.parametrize(("width", "height", "view"), [(568, 320, "flat"), (844, 390, "flat")])
def test_a_phone_turned_sideways_keeps_doppelts_x2_tabs_inside_their_rows(
    base: str, tmp_path: Path, width: int, height: int, view: str
) -> None:
    """Sideways, a small phone (568 x 320 px) and a larger one (844 x 390) show the flat
    sheet (a newcomer measured 16.7 px fields on the turned one at 568 x 320: the flat one,
    as tall, has fields half as large again): each of Doppelt's "x2" is as wide as its tab
    at most (a
    newcomer saw it stick out of its tab and the row's band: the tab turned with the sheet,
    2.3 mm across the band, and its 3 mm text stood upright), and the text and its tab are
    inside the row's band (to a tenth of a CSS px)."""
    with chromium() as browser:
        ann_on_phone(browser, base, "doppelt", (width, height))
        fonts_loaded(browser)
        assert browser.execute_script(OWN_VIEW) == view
        browser.execute_script("document.querySelector('.own svg').scrollIntoView()")
        screenshot(browser, f"phone-sideways-doppelt-{view}", tmp_path)
        tabs = browser.execute_script(X2_TABS)
    assert len(tabs) == 16  # 4 doubles in each of 4 rows
    for text, tab, band in tabs:  # the text stands upright in both: its width runs along x
        assert tab[0] < text[0] and text[2] < tab[2], (text, tab)
        for box in (text, tab):
            assert band[0] - 0.1 <= box[0] and box[2] <= band[2] + 0.1, (box, band)
            assert band[1] - 0.1 <= box[1] and box[3] <= band[3] + 0.1, (box, band)
