"""The fresh-sheet form of the web page (issue 15, item 2) with Flask's test client: a
family and a seed give generate's sheet, its picture and figures, the CLI's PDF and YAML
byte for byte, a game on it; bad input, a search that finds nothing in its budget and too
many searches at once get a 4xx/503 with one line."""

from __future__ import annotations

import io
import re
import threading
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from qwixx_print import api, rules
from qwixx_print.generate import balance
from qwixx_print.generate.families import FAMILIES
from tests.conftest import Run
from tests.web.test_web_counter import new_game
from tests.webclient import one_line_error, token


def test_a_family_and_a_seed_show_generates_sheet_with_its_figures_beside_its_twins(
    client: FlaskClient,
) -> None:
    answer = client.get("/generate?family=chaos&seed=7")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert 'data-sheet="chaos-7"' in page
    assert 'src="/generate/chaos/7.png"' in page
    # the figures written in the file's head, sheet beside twin, as a table
    figures = re.search(r'<table class="balance" data-balance>(.*?)</table>', page, re.S)
    assert figures
    cells = [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[hd]>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", figures[1])
    ]
    assert cells[0] == ["", "chaos-7", "wirrwarr", "criterion"]
    assert cells[1] == ["mean score", "57.5", "59.1", "(a) within 5 %"]
    assert [row[0] for row in cells[2:]] == [
        "rolls per game",
        "least locked row",
        "first seat wins",
    ]
    assert "<caption>Balance: 10000 games of 4 gap-2 bots, simulation seed 1," in figures[1]
    head = client.get("/generate/chaos/7.yaml").get_data(as_text=True).splitlines()
    assert head[3].split() == ["#", "mean", "score", "57.5", "59.1", "(a)", "within", "5", "%"]
    picture = client.get("/generate/chaos/7.png")
    assert picture.mimetype == "image/png"
    assert Image.open(io.BytesIO(picture.data)).size == (384, 260)
    sharp = client.get("/generate/chaos/7.png?x=2")  # srcset's 2x
    assert Image.open(io.BytesIO(sharp.data)).size == (768, 520)
    assert 'srcset="/generate/chaos/7.png 1x, /generate/chaos/7.png?x=2 2x"' in page
    # the sheet is said to be measured against its twin, and the form offers each family so
    assert "A new chaos sheet, measured against its twin wirrwarr" in page
    select = page.split('<select name="family">', 1)[1].split("</select>", 1)[0]
    offered = re.findall(r'<option value="([\w-]+)"[^>]*>([^<]*)</option>', select)
    assert offered == [(f, f"{f} (like {family.twin})") for f, family in FAMILIES.items()]
    assert '<option value="chaos" selected>chaos (like wirrwarr)</option>' in page


def test_an_empty_seed_is_a_random_one_shown_back_in_the_address_and_the_form(
    client: FlaskClient,
) -> None:
    answer = client.get("/generate?family=rainbow&seed=&lang=de")
    assert answer.status_code == 303
    found = re.fullmatch(r"/generate\?family=rainbow&seed=(\d+)&lang=de", answer.location)
    assert found, answer.location
    seed = int(found[1])
    assert 0 <= seed < 1_000_000
    page = client.get(answer.location).get_data(as_text=True)
    assert f'name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="19" value="{seed}"' in page
    assert f'data-sheet="rainbow-{seed}"' in page


@pytest.mark.parametrize(
    ("query", "args"),
    [
        ("", []),
        (
            "?lang=de&paper=letter&per_page=2&pages=3",
            ["--lang", "de", "--paper", "letter", "--per-page", "2", "--pages", "3"],
        ),
    ],
)
def test_pdf_and_yaml_downloads_are_generates_files_byte_for_byte(
    client: FlaskClient, run: Run, tmp_path: Path, query: str, args: list[str]
) -> None:
    yaml, pdf = tmp_path / "cli.yaml", tmp_path / "cli.pdf"
    done = run(
        "generate", "doubles", "--seed", "3", "--out", str(yaml), "--out-pdf", str(pdf), *args
    )
    assert done.exit_code == 0, done.output
    answer = client.get(f"/generate/doubles/3.pdf{query}")
    assert answer.status_code == 200
    assert answer.mimetype == "application/pdf"
    assert answer.headers["Content-Disposition"] == 'attachment; filename="doubles-3.pdf"'
    assert answer.data == pdf.read_bytes()
    answer = client.get("/generate/doubles/3.yaml")
    assert answer.headers["Content-Disposition"] == 'attachment; filename="doubles-3.yaml"'
    assert answer.data == yaml.read_bytes()


def test_count_a_game_keeps_the_generated_sheet_and_opens_a_new_game_on_it(
    client: FlaskClient,
) -> None:
    answer = client.post("/generate/powers/5/game", data={"csrf_token": token(client)})
    assert answer.status_code == 303
    found = re.fullmatch(r"/games/new\?layout=([\w-]+)", answer.location)
    assert found, answer.location
    kept = client.get(f"/sheets/{found[1]}").get_data(as_text=True)
    assert "<h1>powers-5</h1>" in kept
    sheet = api.from_text(client.get("/generate/powers/5.yaml").data, "powers-5.yaml")
    assert rules.validate(sheet) == []
    assert sheet.name == "powers-5"
    form = client.get(answer.location).get_data(as_text=True)
    assert f'value="{found[1]}" selected' in form


PADS = [
    ("bonus-rows", "big-points"),
    ("chain", "connected-chain"),
    ("steps", "connected-steps"),
    ("diamonds", "x-change"),
    ("lucky-numbers", "longo"),
    ("link-squares", "connect-15"),
    ("value-track", "lucky-15"),
    ("small-boxes", "nochmal"),
]
"""The families of the sheets of RULES.md §4 and §7 and Nochmal's (issue 25 item 6) and their
twins."""


@pytest.mark.parametrize(("family", "twin"), PADS, ids=[family for family, _ in PADS])
def test_the_fresh_sheet_page_offers_every_family_of_the_pads_with_its_twins_figures(
    client: FlaskClient, family: str, twin: str
) -> None:
    page = client.get(f"/generate?family={family}&seed=2").get_data(as_text=True)
    assert f'data-sheet="{family}-2"' in page
    header = re.search(r'<table class="balance" data-balance>.*?<tr>(.*?)</tr>', page, re.S)
    assert header
    assert re.findall(r"<t[hd]>(.*?)</t[hd]>", header[1]) == ["", f"{family}-2", twin, "criterion"]
    picture = client.get(f"/generate/{family}/2.png")
    assert Image.open(io.BytesIO(picture.data)).size == (384, 260)
    sheet = api.from_text(client.get(f"/generate/{family}/2.yaml").data, f"{family}-2.yaml")
    assert rules.validate(sheet) == []


def test_a_fresh_chain_sheets_pdf_is_generates_with_slips_a_to_e_and_a_game_deals_them(
    client: FlaskClient, run: Run, tmp_path: Path
) -> None:
    yaml, pdf = tmp_path / "cli.yaml", tmp_path / "cli.pdf"
    assert (
        run("generate", "chain", "--seed", "3", "--out", str(yaml), "--out-pdf", str(pdf)).exit_code
        == 0
    )
    assert client.get("/generate/chain/3.pdf").data == pdf.read_bytes()
    answer = client.post("/generate/chain/3/game", data={"csrf_token": token(client)})
    assert answer.status_code == 303
    found = re.fullmatch(r"/games/new\?layout=([\w-]+)", answer.location)
    assert found, answer.location
    game = new_game(client, ["Ann", "Ben", "Cid"], found[1])
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert [p["slip"] for p in state["players"]] == ["A", "B", "C"]


def test_count_a_game_needs_the_forms_token(client: FlaskClient) -> None:
    answer = client.post("/generate/powers/5/game")
    assert answer.status_code == 403


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (
            "/generate?family=classic&seed=1",
            "no such family 'classic' (families: mixed-colours, mixed-numbers, rainbow, chaos, "
            "doubles, bonus, powers, bonus-rows, chain, steps, diamonds, lucky-numbers, "
            "link-squares, value-track, small-boxes)",
        ),
        (
            "/generate?family=chaos&seed=-1",
            "seed must be a whole number from 0 to 9223372036854775807, got '-1'",
        ),
        (
            "/generate?family=chaos&seed=1.5",
            "seed must be a whole number from 0 to 9223372036854775807, got '1.5'",
        ),
        (
            "/generate?family=chaos&seed=9223372036854775808",
            "seed must be a whole number from 0 to 9223372036854775807, got '9223372036854775808'",
        ),
        (
            "/generate?family=chaos&seed=%C2%B2",
            "seed must be a whole number from 0 to 9223372036854775807, got '²'",
        ),
        (
            "/generate/chaos/x.yaml",
            "seed must be a whole number from 0 to 9223372036854775807, got 'x'",
        ),
        (
            "/generate/nochmal/1.pdf",
            "no such family 'nochmal' (families: mixed-colours, mixed-numbers, rainbow, chaos, "
            "doubles, bonus, powers, bonus-rows, chain, steps, diamonds, lucky-numbers, "
            "link-squares, value-track, small-boxes)",
        ),
        ("/generate/chaos/7.pdf?pages=0", "pages must be a whole number from 1 to 1000, got '0'"),
    ],
)
def test_bad_input_gets_a_400_with_one_line(client: FlaskClient, url: str, message: str) -> None:
    answer = client.get(url)
    assert answer.status_code == 400
    assert one_line_error(answer.get_data(as_text=True)) == message.replace("'", "&#39;")


def test_no_balanced_sheet_in_the_budget_is_a_422_naming_the_missed_criterion(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    never = balance.Miss("score", 1.0, "mean score 99.0, not within 5 % of bonuskette's 60.0")
    monkeypatch.setattr(balance, "misses", lambda found, twin: [never])
    app.config["QWIXX_GENERATE_BUDGET"] = 0.0  # gives up after the first candidate
    answer = app.test_client().get("/generate?family=bonus&seed=424242")
    assert answer.status_code == 422
    assert one_line_error(answer.get_data(as_text=True)) == (
        "generate bonus --seed 424242: no balanced sheet in 0 s (1 candidate); the best "
        "missed: mean score 99.0, not within 5 % of bonuskette&#39;s 60.0 (try another seed, "
        "or leave the seed empty for a random one)"
    )


def test_a_second_search_at_once_gets_a_503_but_a_kept_sheet_is_shown(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/generate?family=chaos&seed=7").status_code == 200
    slots: threading.BoundedSemaphore = app.extensions["qwixx_generations"].slots
    assert slots.acquire(blocking=False)  # a search is running
    try:
        kept = client.get("/generate/chaos/7.png")
        answer = client.get("/generate?family=chaos&seed=8")
    finally:
        slots.release()
    assert kept.status_code == 200
    assert answer.status_code == 503
    assert one_line_error(answer.get_data(as_text=True)) == (
        "another sheet is being generated on this server: try again in a few seconds"
    )


def test_the_print_page_and_every_page_link_to_the_fresh_sheet_form(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/generate" data-action="fresh"' in page
    form = client.get("/generate").get_data(as_text=True)
    select = form.split('name="family"')[1].split("</select>")[0]
    assert re.findall(r'<option value="([a-z-]+)"', select) == list(FAMILIES)
