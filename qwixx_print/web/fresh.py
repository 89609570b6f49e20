"""A fresh sheet on the print page: a family of ``qwixx-print generate`` and a seed give
a new, balanced sheet (docs/generate.md), shown with its picture and its balance figures
beside its twin's, downloaded as the CLI's PDF or YAML, or counted in a game. The search
is generate's own (:func:`qwixx_print.api.generate`), bounded by a budget in seconds and by
a limit on generations at once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import BadRequest, ServiceUnavailable
from werkzeug.wrappers import Response as BaseResponse

from qwixx_print import api
from qwixx_print.choices import DEFAULT_LANG, GENERATE_FAMILIES, LANGUAGES
from qwixx_print.errors import GenerateError, did_you_mean
from qwixx_print.generate import balance_figures, balance_head
from qwixx_print.generate.families import FAMILIES
from qwixx_print.web import guard, printing
from qwixx_print.web.guard import answer

if TYPE_CHECKING:
    from qwixx_print.generate import Generated

bp = Blueprint("fresh", __name__)

BUDGET = 10.0
"""Seconds a search may take on the web (``generate --budget``; the CLI's default is 30):
the request takes about the twin's runs, this, and one candidate's 10,000 games more."""
MAX_GENERATIONS = 1
"""Searches at once per server: each keeps a core busy for up to :data:`BUDGET` seconds."""
KEPT = 32
"""Generated sheets a server keeps."""
MAX_SEED = 2**63 - 1
"""Largest seed, as ``generate --seed``."""
HINT = "try another seed, or leave the seed empty for a random one"


@bp.record_once
def _setup(state: BlueprintSetupState) -> None:
    state.app.config.setdefault("QWIXX_GENERATE_BUDGET", BUDGET)
    state.app.extensions["qwixx_generations"] = Searches()


def family_of(text: str) -> str:
    """``text`` if it names a family of ``generate``; else a 400 naming the families."""
    if text not in GENERATE_FAMILIES:
        hint = did_you_mean(text[:40], GENERATE_FAMILIES)
        raise BadRequest(
            f"no such family {text[:40]!r} ({hint}families: {', '.join(GENERATE_FAMILIES)})"
        )
    return text


def seed_of(text: str) -> int:
    """``text`` as a seed, a whole number from 0 to 2^63-1; else a 400."""
    return printing.whole({"seed": text}, "seed", 0, MAX_SEED, 0)


def _search(family: str, seed: int, budget: float) -> Generated:
    """The sheet ``generate FAMILY --seed SEED --budget BUDGET`` makes, or GenerateError."""
    made = api.recipe(family)._replace(hint=HINT)
    return api.generate(made, seed, budget=budget)[0]


class Searches:
    """The sheets this server generated (the last :data:`KEPT`: generate is
    deterministic, so a sheet asked for again, its picture, PDF and YAML, is not searched
    again) and the slots for new searches, :data:`MAX_GENERATIONS` at once."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, int], Generated] = OrderedDict()
        self.lock = threading.Lock()
        self.slots = threading.BoundedSemaphore(MAX_GENERATIONS)

    def sheet(self, family: str, seed: int, budget: float) -> Generated:
        """The generated sheet of ``family`` and ``seed``, kept or searched for at most
        ``budget`` s. Raises ServiceUnavailable (503) when every slot is busy and
        GenerateError when no balanced sheet was found in time."""
        key = (family, seed)
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        if not self.slots.acquire(blocking=False):
            raise ServiceUnavailable(
                "another sheet is being generated on this server: try again in a few seconds"
            )
        try:
            found = _search(family, seed, budget)
        finally:
            self.slots.release()
        with self.lock:
            self.kept[key] = found
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        return found


def generated(family: str, seed: int) -> Generated:
    """The generated sheet of ``family`` and ``seed`` with this server's budget (see
    :meth:`Searches.sheet`; a GenerateError becomes a 422 by :func:`refused`)."""
    budget = float(current_app.config["QWIXX_GENERATE_BUDGET"])
    searches: Searches = current_app.extensions["qwixx_generations"]
    return searches.sheet(family, seed, budget)


@bp.errorhandler(GenerateError)
def refused(exc: GenerateError) -> tuple[Response | str, int]:
    """No balanced sheet in the budget: 422 with generate's one line (the criterion missed)."""
    return answer(422, str(exc))


@bp.get("/generate")
def form() -> str | BaseResponse:
    """The fresh-sheet form; with ``?family=`` the sheet of ``?seed=`` (empty: a random
    seed, shown back by a redirect to its own address)."""
    if "family" not in request.args:
        return render_template("generate.html", families=_offered(), **printing.form_context())
    family = family_of(request.args["family"])
    text = request.args.get("seed", "").strip()
    if not text:
        query = {**request.args.to_dict(), "seed": str(api.new_seed())}
        return redirect(f"{url_for('fresh.form')}?{urlencode(query)}", 303)
    seed = seed_of(text)
    sheet = generated(family, seed)
    return render_template(
        "generate.html",
        families=_offered(),
        family=family,
        twin=FAMILIES[family].twin,
        seed=seed,
        sheet=sheet,
        balance=balance_figures(sheet.found, sheet.twin),
        balance_head=balance_head(sheet.found),
        **printing.form_context(),
    )


def _offered() -> list[tuple[str, str]]:
    """The families the form offers, each with its twin: the shipped sheet it is measured
    against (``chaos``, ``wirrwarr``)."""
    return [(family, FAMILIES[family].twin) for family in GENERATE_FAMILIES]


@bp.get("/generate/<family>/<seed>.png")
def picture(family: str, seed: str) -> Response:
    """One generated sheet as a PNG (``?lang=``, ``?x=`` as :func:`printing.density`),
    drawn by the PDF's code."""
    sheet = generated(family_of(family), seed_of(seed))
    lang = printing.choice(request.args, "lang", list(LANGUAGES), DEFAULT_LANG)
    with guard.heavy():
        png = api.preview_png(sheet.layout, lang, printing.density(request.args))
    response = Response(png, mimetype="image/png")
    response.headers["Cache-Control"] = "max-age=3600"
    return response


@bp.get("/generate/<family>/<seed>.pdf")
def pdf(family: str, seed: str) -> Response:
    """The PDF of ``generate FAMILY --seed SEED --print`` with the print options (the
    same bytes), as an attachment named like the CLI's file."""
    sheet = generated(family_of(family), seed_of(seed))
    chosen = printing.options(request.args)
    with guard.heavy():
        data = api.generated_pdf_bytes(
            [sheet], chosen.paper, chosen.per_page, chosen.lang, chosen.pages
        )
    return _attachment(data, "application/pdf", f"{sheet.layout.name}.pdf")


@bp.get("/generate/<family>/<seed>.yaml")
def yaml(family: str, seed: str) -> Response:
    """The YAML of ``generate FAMILY --seed SEED --out FILE`` (the same bytes)."""
    sheet = generated(family_of(family), seed_of(seed))
    return _attachment(sheet.text.encode("utf-8"), "application/yaml", f"{sheet.layout.name}.yaml")


def _attachment(data: bytes, mimetype: str, name: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.post("/generate/<family>/<seed>/game")
def game(family: str, seed: str) -> BaseResponse:
    """Keep the generated sheet as an uploaded layout and open the new-game form on it
    (303), as an uploaded layout is counted."""
    sheet = generated(family_of(family), seed_of(seed))
    key = printing.keep(sheet.text.encode("utf-8"))
    return redirect(url_for("counter.new_game", layout=key), 303)
