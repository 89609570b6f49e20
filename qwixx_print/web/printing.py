"""The print page: every shipped layout as a card with its picture, the PDF with the CLI's
options (the same bytes as ``qwixx-print LAYOUT`` with them), and a layout of one's own,
uploaded or pasted, shown with its located errors or its picture and PDF."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple
from urllib.parse import urlencode

from flask import Blueprint, Response, redirect, render_template, request, url_for
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, TooManyRequests
from werkzeug.wrappers import Response as BaseResponse

from qwixx_print import api, catalogue, layout
from qwixx_print.choices import DEFAULT_LANG, LANGUAGE_NAMES, LANGUAGES, PAPERS, PER_PAGE
from qwixx_print.errors import escaped
from qwixx_print.web import layouts
from qwixx_print.web.guard import MAX_LAYOUTS, MAX_PAGES, MAX_UPLOAD, heavy

bp = Blueprint("printing", __name__)

CARD_PX_PER_MM = 4.0
"""Resolution of a card's picture, pixels per mm: 384 x 260 px, shown 384 CSS px wide."""
DENSITIES = ("1", "2")
"""``?x=`` of a picture: device pixels per CSS pixel it is drawn for (``srcset``'s 1x, 2x:
a phone's screen has 2 or more, and a picture shown wider than 384 px needs them)."""


def density(args: Mapping[str, str]) -> float:
    """A picture's pixels per mm for ``?x=`` (:data:`DENSITIES`; 400 for others)."""
    return CARD_PX_PER_MM * int(choice(args, "x", list(DENSITIES), DENSITIES[0]))


_LINE = re.compile(r"^[^\n:]*:(\d+):")


class PrintOptions(NamedTuple):
    """The PDF options of a request, as the CLI's ``--lang``, ``--paper``, ``--per-page``
    and ``--pages``."""

    lang: str
    paper: str
    per_page: int
    pages: int


def choice(args: Mapping[str, str], key: str, allowed: list[str], default: str) -> str:
    """``args[key]`` if it is one of ``allowed`` (``default`` when missing); else a 400
    naming the choices."""
    value = args.get(key, default)
    if value not in allowed:
        raise BadRequest(f"{key} must be one of {', '.join(allowed)}, got {value[:20]!r}")
    return value


def whole(args: Mapping[str, str], key: str, low: int, high: int, default: int) -> int:
    """``args[key]`` as a whole number from ``low`` to ``high``; else a 400."""
    text = args.get(key, str(default))
    digits = text.isascii() and text.isdigit() and len(text) <= len(str(high))  # not 10**9999
    if not digits or not low <= int(text) <= high:
        raise BadRequest(f"{key} must be a whole number from {low} to {high}, got {text[:20]!r}")
    return int(text)


def options(args: Mapping[str, str]) -> PrintOptions:
    """The print options in ``args`` (a query string), checked as the CLI checks them."""
    return PrintOptions(
        lang=choice(args, "lang", list(LANGUAGES), DEFAULT_LANG),
        paper=choice(args, "paper", list(PAPERS), "a4"),
        per_page=int(choice(args, "per_page", [str(n) for n in PER_PAGE], "8")),
        pages=whole(args, "pages", 1, MAX_PAGES, 1),
    )


MAX_SEED = 999_999
"""Largest seed of a print run's lucky numbers, as the CLI's ``--seed``."""


def drawn(sheet: layout.Layout) -> bool:
    """Whether the sheets of ``sheet`` differ by the seed of the print run: their lucky
    numbers are drawn from it (RULES.md §4 Longo; :func:`qwixx_print.dealing.lucky_sets`)."""
    return sheet.lucky_draw is not None


def form_context(seeded: list[str] | None = None) -> dict[str, object]:
    """What ``_options.html`` shows: the choices (a language as its code and name) and the
    options chosen in the query; a seed field when ``seeded`` names layouts whose sheets
    differ by the seed."""
    return {
        "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        "papers": list(PAPERS),
        "per_page": PER_PAGE,
        "max_pages": MAX_PAGES,
        "max_seed": MAX_SEED,
        "seeded": seeded or [],
        "chosen": options(request.args),
    }


@bp.get("/")
def index() -> str:
    """The print page: a card per shipped layout, the options, the upload form."""
    cards = [catalogue.find(name) for name in layouts.shipped()]
    seeded = [sheet.name for sheet in cards if drawn(sheet)]
    return render_template("print.html", cards=cards, **form_context(seeded))


@bp.get("/pdf")
def pdf() -> BaseResponse:
    """The PDF of ``layout`` (a shipped name or an upload id) with the print options, as
    an attachment named like the CLI's default file. A layout whose sheets differ by the
    seed (:func:`drawn`) takes ``?seed=`` as ``--seed``, the file named ``NAME-seed-N``;
    an empty one gets a random seed, shown back by a redirect to its own address (303).
    Other layouts ignore it, as their PDF is the same for every seed."""
    key = request.args.get("layout")
    if not key:
        raise BadRequest("name the layout: /pdf?layout=NAME")
    key = layouts.key_of(key)
    sheet = layouts.find(key)
    chosen, name, seed = options(request.args), _file_name(sheet), 0
    if drawn(sheet):
        text = request.args.get("seed", "").strip()
        if not text:
            query = {**request.args.to_dict(), "seed": str(api.new_seed())}
            return redirect(f"{url_for('printing.pdf')}?{urlencode(query)}", 303)
        seed = whole({"seed": text}, "seed", 0, MAX_SEED, 0)
        name += f"-seed-{seed}"
    response = Response(_pdf(key, chosen, seed), mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.pdf"'
    return response


@lru_cache(maxsize=32)
def _pdf(key: str, chosen: PrintOptions, seed: int) -> bytes:
    """The PDF of the layout ``key`` with the options ``chosen`` and the lucky numbers of
    ``seed``: the same bytes every time (reportlab's invariant mode), so the last few asked
    for are kept."""
    sheet = layouts.find(key)
    with heavy():
        return api.pdf_bytes(
            [sheet], chosen.pages, chosen.paper, chosen.per_page, chosen.lang, seed
        )


def _file_name(sheet: layout.Layout) -> str:
    """The layout's name as an ASCII file name (its name is letters, digits, ' ', '-', '_'
    and '.': others become '_')."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in sheet.name)


@lru_cache(maxsize=128)
def _picture(key: str, lang: str, px_per_mm: float) -> bytes:
    """A layout's picture: a key names one layout for good (uploads are never changed)."""
    sheet = layouts.find(key)
    with heavy():
        return api.preview_png(sheet, lang, px_per_mm)


@bp.get("/preview/<key>.png")
def preview(key: str) -> Response:
    """One sheet of the layout ``key`` as a PNG (``?lang=``; ``?x=2``: twice the pixels,
    :func:`density`), drawn by the PDF's code."""
    lang = choice(request.args, "lang", list(LANGUAGES), DEFAULT_LANG)
    png = _picture(layouts.key_of(key), lang, density(request.args))
    response = Response(png, mimetype="image/png")
    response.headers["Cache-Control"] = "max-age=3600"
    return response


@bp.get("/sheets/<key>")
def sheet_page(key: str) -> str:
    """One layout (shipped or uploaded): its picture, the PDF options, a new game."""
    key = layouts.key_of(key)
    sheet = layouts.find(key)
    seeded = [sheet.name] if drawn(sheet) else []
    return render_template("sheet.html", key=key, sheet=sheet, **form_context(seeded))


@bp.get("/upload")
def upload_form() -> str:
    """The form to upload or paste a layout."""
    return render_template("upload.html", text="", errors=[], lines={})


def _uploaded_bytes() -> tuple[bytes, str]:
    """The layout in the request: the file if one was chosen, else the pasted text."""
    file = request.files.get("file")
    if file is not None and file.filename:
        with file.stream:
            data = file.stream.read(MAX_UPLOAD + 1)
        shown = file.filename.replace("/", "_").replace("\\", "_")[-60:] or "upload.yaml"
    else:
        data = request.form.get("text", "").replace("\r\n", "\n").encode("utf-8")
        shown = "pasted.yaml"
    if len(data) > MAX_UPLOAD:
        raise RequestEntityTooLarge()
    if not data.strip():
        raise BadRequest("choose a layout file or paste a layout")
    return data, shown


@bp.post("/upload")
def upload() -> tuple[str, int] | BaseResponse:
    """Check an uploaded or pasted layout: its located errors beside the text (422), or it
    is stored and its page opens (303)."""
    data, shown = _uploaded_bytes()
    with heavy():  # seconds of CPU for a large layout: never more than a few at once
        sheet, errors = layouts.check_upload(data, shown)
    if errors or sheet is None:
        text = _shown_text(data)
        lines = {int(m[1]) for e in errors if (m := _LINE.match(e))}
        return render_template("upload.html", text=text, errors=errors, lines=lines), 422
    return redirect(url_for("printing.sheet_page", key=keep(data)), 303)


def _shown_text(data: bytes) -> str:
    """An upload's text to show beside its problems, read in the encoding the reader reads
    it in (:func:`qwixx_print.yamldoc.encoding`: UTF-8, or UTF-16 or UTF-32 after their
    byte-order mark; bad bytes as U+FFFD), each line with its control characters escaped as
    the CLI's messages escape them (:func:`qwixx_print.errors.escaped`: a NUL as
    ``\\u0000``), never written raw."""
    from qwixx_print.yamldoc import encoding

    codec, skip = encoding(data)
    text = data[skip:].decode(codec, errors="replace").replace("\r\n", "\n")
    return "\n".join(escaped(line) for line in text.split("\n"))


def keep(data: bytes) -> str:
    """Store the valid layout ``data`` (YAML) under a new id, as an upload, and return the
    id; a 429 when the server holds :data:`MAX_LAYOUTS` already."""
    key = layouts.new_id()
    if not layouts.store().add_layout(key, data, MAX_LAYOUTS):
        raise TooManyRequests(
            f"this server holds {MAX_LAYOUTS} layouts already: "
            "use a shipped one, or start a server with another --db"
        )
    return key
