"""The print page with Flask's test client: cards, pictures, the PDF (the CLI's bytes), an
uploaded or pasted layout, and every bad request answered with a 4xx and one line."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image
from werkzeug.test import EnvironBuilder

from qwixx_print import catalogue, geometry
from qwixx_print.web.guard import MAX_UPLOAD
from tests.conftest import CLASSIC_YAML, Run
from tests.webclient import ALIASES, one_line_error, token


def test_print_page_shows_every_shipped_layout_as_a_card_with_its_picture(
    client: FlaskClient,
) -> None:
    page = client.get("/").get_data(as_text=True)
    cards = re.findall(r'<li class="card" data-layout="([^"]+)"', page)
    assert sorted(cards) == catalogue.shipped_names()
    for name in cards:
        assert f'src="/preview/{name}.png"' in page
    picture = client.get("/preview/classic.png")
    assert picture.mimetype == "image/png"
    image = Image.open(io.BytesIO(picture.data))
    assert image.size == (384, 260)  # 96 x 65 mm at 4 px/mm
    # the red row's band, left of its first field, is red (#e2231a)
    band = geometry.sheet_boxes(catalogue.find("classic")).rows[0].band
    pixel = ((band.x + 0.3) * 4, (geometry.SHEET_H - band.cy) * 4)
    r, g, b = image.convert("RGB").getpixel(pixel)  # type: ignore[misc]
    assert r > 200 and g < 70 and b < 70


def test_a_picture_comes_at_twice_the_pixels_for_a_2x_screen(client: FlaskClient) -> None:
    """Issue 20 item 7: a picture shown up to 576 px wide was 384 px: ``srcset`` offers 2x."""
    page = client.get("/sheets/classic").get_data(as_text=True)
    assert 'srcset="/preview/classic.png 1x, /preview/classic.png?x=2 2x"' in page
    sharp = Image.open(io.BytesIO(client.get("/preview/classic.png?x=2").data))
    assert sharp.size == (768, 520)  # 8 px per mm
    band = geometry.sheet_boxes(catalogue.find("classic")).rows[0].band  # still red, at 8 px/mm
    pixel = ((band.x + 0.3) * 8, (geometry.SHEET_H - band.cy) * 8)
    r, g, b = sharp.convert("RGB").getpixel(pixel)  # type: ignore[misc]
    assert r > 200 and g < 70 and b < 70


@pytest.mark.parametrize(
    ("query", "args"),
    [
        ("layout=classic", []),
        (
            "layout=nochmal&lang=de&paper=letter&per_page=2&pages=3",
            ["--lang", "de", "--paper", "letter", "--per-page", "2", "--pages", "3"],
        ),
    ],
)
def test_pdf_download_is_the_clis_file_byte_for_byte(
    client: FlaskClient, run: Run, tmp_path: Path, query: str, args: list[str]
) -> None:
    answer = client.get(f"/pdf?{query}")
    assert answer.status_code == 200
    assert answer.mimetype == "application/pdf"
    name = query.split("&")[0].split("=")[1]
    assert answer.headers["Content-Disposition"] == f'attachment; filename="{name}.pdf"'
    out = tmp_path / "cli.pdf"
    run(name, "--out", str(out), *args)
    assert answer.data == out.read_bytes()


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/pdf?layout=../../etc/passwd", 404, "no such layout: ../../etc/passwd"),
        ("/pdf?layout=layouts/classic.yaml", 404, "no such layout: layouts/classic.yaml"),
        ("/pdf", 400, "name the layout: /pdf?layout=NAME"),
        (
            "/pdf?layout=classic&pages=0",
            400,
            "pages must be a whole number from 1 to 1000, got '0'",
        ),
        (
            "/pdf?layout=classic&pages=1001",
            400,
            "pages must be a whole number from 1 to 1000, got '1001'",
        ),
        (
            "/pdf?layout=classic&pages=-1",
            400,
            "pages must be a whole number from 1 to 1000, got '-1'",
        ),
        (
            "/pdf?layout=classic&pages=%C2%B2",
            400,
            "pages must be a whole number from 1 to 1000, got '²'",
        ),
        (
            "/pdf?layout=classic&pages=" + "9" * 5000,
            400,
            f"pages must be a whole number from 1 to 1000, got '{'9' * 20}'",
        ),
        ("/pdf?layout=classic&lang=xx", 400, "lang must be one of de, en, fr, nl, pl, got 'xx'"),
        ("/pdf?layout=classic&paper=a3", 400, "paper must be one of a4, letter, got 'a3'"),
        ("/pdf?layout=classic&per_page=3", 400, "per_page must be one of 1, 2, 4, 8, got '3'"),
        ("/preview/nothing.png", 404, "no such layout: nothing"),
        ("/preview/classic.png?lang=zz", 400, "lang must be one of de, en, fr, nl, pl, got 'zz'"),
        ("/preview/classic.png?x=3", 400, "x must be one of 1, 2, got '3'"),
        ("/sheets/nothing", 404, "no such layout: nothing"),
        (
            "/no/such/page",
            404,
            "The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.",
        ),
    ],
)
def test_bad_print_requests_get_a_4xx_with_one_line(
    client: FlaskClient, url: str, status: int, message: str
) -> None:
    answer = client.get(url)
    assert answer.status_code == status
    assert one_line_error(answer.get_data(as_text=True)) == message.replace("'", "&#39;")


def test_a_pasted_layout_is_stored_and_printed_as_the_cli_prints_its_file(
    client: FlaskClient, run: Run, tmp_path: Path
) -> None:
    text = CLASSIC_YAML.replace("name: classic", "name: my sheet")
    assert text != CLASSIC_YAML
    answer = client.post("/upload", data={"text": text, "csrf_token": token(client)})
    assert answer.status_code == 303
    page_url = answer.headers["Location"]
    key = page_url.rsplit("/", 1)[1]
    assert len(key) == 12  # token_urlsafe(9)
    page = client.get(page_url).get_data(as_text=True)
    assert "<h1>my sheet</h1>" in page
    pdf = client.get(f"/pdf?layout={key}")
    assert pdf.headers["Content-Disposition"] == 'attachment; filename="my_sheet.pdf"'
    (tmp_path / "mine.yaml").write_text(text, encoding="utf-8")
    run(str(tmp_path / "mine.yaml"), "--out", str(tmp_path / "mine.pdf"))
    assert pdf.data == (tmp_path / "mine.pdf").read_bytes()
    assert Image.open(io.BytesIO(client.get(f"/preview/{key}.png").data)).size == (384, 260)


def test_an_uploaded_file_with_errors_shows_each_located_beside_its_line(
    client: FlaskClient,
) -> None:
    broken = CLASSIC_YAML.replace("threshold: 5", "threshold: 50", 1)
    assert broken != CLASSIC_YAML
    answer = client.post(
        "/upload",
        data={"file": (io.BytesIO(broken.encode()), "mine.yaml"), "csrf_token": token(client)},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    errors = re.findall(r'<li class="error">([^<]*)</li>', page)
    line = broken.splitlines().index("  threshold: 50") + 1
    assert errors and errors[0].startswith(f"mine.yaml:{line}: lock.threshold: must be")
    assert f'class="bad" data-line="{line}"' in page


def test_a_pasted_layout_with_three_mistakes_shows_all_three_beside_their_lines(
    client: FlaskClient,
) -> None:
    broken = (
        CLASSIC_YAML.replace("11, 12]", "11, x12]", 1)
        .replace("    colour: yellow", "    colour: yelow", 1)
        .replace("  threshold: 5", "  treshold: 5")
    )
    answer = client.post("/upload", data={"text": broken, "csrf_token": token(client)})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    errors = re.findall(r'<li class="error">([^<]*)</li>', page)
    assert [e.split(": ")[:2] for e in errors] == [
        ["pasted.yaml:9", "rows[0].fields[10]"],
        ["pasted.yaml:11", "rows[1].colour"],
        ["pasted.yaml:20", "lock.treshold"],
    ]
    assert all(f'class="bad" data-line="{line}"' in page for line in (9, 11, 20))


def test_broken_yaml_is_refused_with_its_line(client: FlaskClient) -> None:
    answer = client.post("/upload", data={"text": "rows: [1\n", "csrf_token": token(client)})
    assert answer.status_code == 422
    errors = re.findall(r'<li class="error">([^<]*)</li>', answer.get_data(as_text=True))
    assert len(errors) == 1 and errors[0].startswith("pasted.yaml:2: not valid YAML")


def test_an_upload_over_1_mb_is_refused_with_413(client: FlaskClient) -> None:
    big = io.BytesIO(b"#" * (MAX_UPLOAD + 1))
    request = EnvironBuilder(
        path="/upload",
        method="POST",
        data={"file": (big, "big.yaml"), "csrf_token": token(client)},
        content_type="multipart/form-data",
    )
    environ = request.get_environ()
    try:  # the builder spools a large body to a temporary file: close it
        answer = client.open(environ)
    finally:
        environ["wsgi.input"].close()
        request.close()
    assert answer.status_code == 413
    assert one_line_error(answer.get_data(as_text=True)) == "the request is larger than 1 MB"


def test_a_post_without_the_csrf_token_or_from_another_site_is_refused(
    client: FlaskClient,
) -> None:
    answer = client.post("/upload", data={"text": CLASSIC_YAML})
    assert answer.status_code == 403
    assert "out of date or from another site" in one_line_error(answer.get_data(as_text=True))
    right = token(client)
    answer = client.post("/upload", data={"text": CLASSIC_YAML, "csrf_token": "x" + right})
    assert answer.status_code == 403
    answer = client.post(
        "/upload",
        data={"text": CLASSIC_YAML, "csrf_token": right},
        headers={"Origin": "http://evil.example"},
    )
    assert answer.status_code == 403
    assert one_line_error(answer.get_data(as_text=True)) == "a request from another site is refused"
    answer = client.post(
        "/upload",
        data={"text": CLASSIC_YAML, "csrf_token": right},
        headers={"Origin": "http://localhost"},
    )
    assert answer.status_code == 303


def test_uploaded_layouts_are_limited(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("qwixx_print.web.printing.MAX_LAYOUTS", 2)
    csrf = token(client)
    codes = [
        client.post("/upload", data={"text": CLASSIC_YAML, "csrf_token": csrf}).status_code
        for _ in range(3)
    ]
    assert codes == [303, 303, 429]
    last = client.post("/upload", data={"text": CLASSIC_YAML, "csrf_token": csrf})
    assert one_line_error(last.get_data(as_text=True)).startswith("this server holds 2 layouts")


def test_the_database_is_in_wal_mode(app: Flask) -> None:
    assert app.extensions["qwixx_store"].journal_mode() == "wal"


@pytest.mark.parametrize(("given", "name"), ALIASES)
def test_the_pages_take_a_layouts_alias_in_any_case_as_the_cli_does(
    client: FlaskClient, given: str, name: str
) -> None:
    pdf = client.get("/pdf", query_string={"layout": given})
    assert pdf.status_code == 200
    assert pdf.headers["Content-Disposition"] == f'attachment; filename="{name}.pdf"'
    assert pdf.data == client.get(f"/pdf?layout={name}").data
    picture = client.get(f"/preview/{given}.png")
    assert picture.status_code == 200
    assert picture.data == client.get(f"/preview/{name}.png").data
    page = client.get(f"/sheets/{given}")
    assert page.status_code == 200
    assert f'<input type="hidden" name="layout" value="{name}">' in page.get_data(as_text=True)


@pytest.mark.parametrize("where", ["/", "/sheets/longo"])
def test_a_layout_with_lucky_numbers_has_a_seed_field_and_others_none(
    client: FlaskClient, where: str
) -> None:
    page = client.get(where).get_data(as_text=True)
    assert re.search(r'<input[^>]* name="seed"', page)
    assert 'name="seed"' not in client.get("/sheets/classic").get_data(as_text=True)


@pytest.mark.parametrize(
    ("query", "args", "name"),
    [
        (
            "layout=longo&per_page=4&seed=4242",
            ["longo", "--per-page", "4", "--seed", "4242"],
            "longo-seed-4242",
        ),
        ("layout=classic&seed=", ["classic"], "classic"),  # no lucky numbers: no seed
    ],
)
def test_a_pdf_with_the_seed_field_is_the_clis_file_for_that_seed(
    client: FlaskClient, run: Run, tmp_path: Path, query: str, args: list[str], name: str
) -> None:
    answer = client.get(f"/pdf?{query}")
    assert answer.status_code == 200
    assert answer.headers["Content-Disposition"] == f'attachment; filename="{name}.pdf"'
    out = tmp_path / "cli.pdf"
    run(*args, "--out", str(out))
    assert answer.data == out.read_bytes()


def test_a_longo_pdf_without_a_seed_gets_a_random_one_shown_in_its_address(
    client: FlaskClient,
) -> None:
    seeds = set()
    for _ in range(3):
        answer = client.get("/pdf?layout=longo&lang=de&seed=")
        assert answer.status_code == 303
        found = re.fullmatch(r"/pdf\?layout=longo&lang=de&seed=(\d+)", answer.headers["Location"])
        assert found, answer.headers["Location"]
        seeds.add(int(found[1]))
    assert len(seeds) > 1 and all(0 <= seed <= 999_999 for seed in seeds)
    seed = seeds.pop()
    pdf = client.get(f"/pdf?layout=longo&lang=de&seed={seed}")
    assert pdf.headers["Content-Disposition"] == f'attachment; filename="longo-seed-{seed}.pdf"'


@pytest.mark.parametrize("seed", ["-1", "1000000", "x", "9" * 30])
def test_a_bad_seed_is_a_400_with_one_line(client: FlaskClient, seed: str) -> None:
    answer = client.get(f"/pdf?layout=longo&seed={seed}")
    assert answer.status_code == 400
    assert one_line_error(answer.get_data(as_text=True)) == (
        f"seed must be a whole number from 0 to 999999, got &#39;{seed[:20]}&#39;"
    )


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/pdf?layout=klassik", "no such layout: klassik (did you mean 'classic'?)"),
        ("/sheets/x-chang", "no such layout: x-chang (did you mean 'x-change'?)"),
        ("/preview/big-point.png", "no such layout: big-point (did you mean 'big-points'?)"),
        ("/games/new?layout=lngo", "no such layout: lngo (did you mean 'longo'?)"),
        ("/pdf?layout=zzzzzz", "no such layout: zzzzzz"),
    ],
)
def test_a_near_miss_of_a_layout_name_gets_the_clis_suggestion(
    client: FlaskClient, url: str, message: str
) -> None:
    answer = client.get(url)
    assert answer.status_code == 404
    assert one_line_error(answer.get_data(as_text=True)) == message.replace("'", "&#39;")


def test_an_uploaded_binary_file_is_shown_with_its_control_characters_escaped(
    client: FlaskClient,
) -> None:
    data = b"name: bin\x00ary\nrows: \x01\x1b[31m\x7f\r\n"
    answer = client.post(
        "/upload",
        data={"file": (io.BytesIO(data), "odd.yaml"), "csrf_token": token(client)},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert not any(c in page for c in "\x00\x01\x1b\x7f\r")
    assert "bin\\u0000ary" in page  # in the listing and the text box
    assert "\\u0001\\u001b[31m\\u007f" in page


def test_an_uploaded_utf16_file_is_shown_as_its_text_with_the_mistake_marked(
    client: FlaskClient,
) -> None:
    """The upload page reads a file in the encoding the reader does (UTF-16 after FF FE,
    Notepad's "Unicode"), so its text and the line of its mistake show as in UTF-8."""
    broken = CLASSIC_YAML.replace("name: classic", "name: Kräfte-Ω").replace(
        "  threshold: 5", "  treshold: 5"
    )
    answer = client.post(
        "/upload",
        data={
            "file": (io.BytesIO(broken.encode("utf-16")), "notepad.yaml"),
            "csrf_token": token(client),
        },
        content_type="multipart/form-data",
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    errors = re.findall(r'<li class="error">([^<]*)</li>', page)
    assert errors == [
        "notepad.yaml:20: lock.treshold: unknown key &#39;treshold&#39; (did you mean "
        "&#39;threshold&#39;?)"
    ]
    assert '<span class="bad" data-line="20"><i>20</i>  treshold: 5' in page
    assert "<i>2</i>name: Kräfte-Ω" in page
    assert "\\u0000" not in page and "\ufffd" not in page


def test_the_cards_come_classic_first_then_the_variants_then_the_more_official_sheets(
    client: FlaskClient,
) -> None:
    page = client.get("/").get_data(as_text=True)
    cards = re.findall(r'<li class="card" data-layout="([^"]+)"', page)
    assert cards == [
        "classic",
        *("doppelt", "nochmal", "bonuskette", "kraefte"),  # RULES.md §2
        *("farbbloecke", "durcheinander", "regenbogen", "wirrwarr"),
        *("big-points", "connected-chain", "connected-steps", "x-change", "longo"),  # §4
        "connect-15",  # RULES.md §7
        "lucky-15",  # RULES-more.md §7
    ]
    form = client.get("/games/new").get_data(as_text=True)
    assert re.findall(r'<option value="([^"]+)"', form)[:2] == ["classic", "doppelt"]


def test_the_language_menus_show_each_languages_name_and_send_its_code(
    client: FlaskClient,
) -> None:
    for address in (
        "/?lang=fr",
        "/sheets/classic?lang=fr",
        "/generate?family=chaos&seed=7&lang=fr",
    ):
        page = client.get(address).get_data(as_text=True)
        menu = re.search(r'<select name="lang">(.*?)</select>', page)
        assert menu, address
        assert re.findall(r'<option value="(\w+)"( selected)?>([^<]+)</option>', menu[1]) == [
            ("de", "", "Deutsch"),
            ("en", "", "English"),
            ("fr", " selected", "Français"),
            ("nl", "", "Nederlands"),
            ("pl", "", "Polski"),
        ], address
