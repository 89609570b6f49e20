"""Layouts as the web page names them: a shipped layout by its name, an uploaded one by
the random id it was stored under; a shipped one also by its aliases, in any case, as on the
command line. No request ever names a file on disk: a key is looked up among the shipped
names and aliases and in the database, never passed to :func:`qwixx_print.catalogue.find` as a
path."""

from __future__ import annotations

import secrets
from functools import lru_cache

from flask import current_app
from werkzeug.exceptions import NotFound

from qwixx_print import api, catalogue
from qwixx_print.errors import LayoutError, escaped
from qwixx_print.layout import Layout
from qwixx_print.web.storage import Store


def store() -> Store:
    """The running app's database."""
    store: Store = current_app.extensions["qwixx_store"]
    return store


ORDER = (
    "classic",
    "doppelt",
    "nochmal",
    "bonuskette",
    "kraefte",
    "farbbloecke",
    "durcheinander",
    "regenbogen",
    "wirrwarr",
    "big-points",
    "connected-chain",
    "connected-steps",
    "x-change",
    "longo",
    "connect-15",
    "lucky-15",
)
"""The order a host expects the shipped layouts in: the classic sheet, then the variants
of RULES.md §2, then the sheets of RULES.md §4 and RULES-more.md §7 (RULES.md §7), each
as the section lists them."""


def shipped() -> list[str]:
    """The shipped layouts' names in :data:`ORDER` (the print page's cards, the new-game
    form's choices, ``/api/layouts``); a shipped layout it does not name comes last, in
    alphabetical order."""
    names = catalogue.shipped_names()
    return sorted(names, key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))


@lru_cache(maxsize=64)
def _shipped(name: str) -> Layout:
    return catalogue.checked(name)


@lru_cache(maxsize=256)
def _uploaded(key: str, yaml: bytes) -> Layout:
    return api.from_text(yaml, f"{key}.yaml")


def find(key: str) -> Layout:
    """The layout ``key`` from a request names: a shipped layout by its name or alias in
    any case, as the CLI resolves them (:func:`qwixx_print.catalogue.shipped_name`), or an
    uploaded layout by its id. Raises NotFound (404) for anything else, with the CLI's hint
    for a near miss of a shipped name (``no such layout: klassik (did you mean
    'classic'?)``)."""
    name = catalogue.shipped_name(key)
    if name is not None:
        return _shipped(name)
    yaml = store().layout_yaml(key)
    if yaml is None:
        raise NotFound(f"no such layout: {escaped(key[:40])}{catalogue.did_you_mean(key[:40])}")
    return _uploaded(key, yaml)


def key_of(key: str) -> str:
    """The key a layout is kept under (a game's, a cached PDF's) for ``key`` from a
    request: the shipped layout's own name for a name or alias, else the upload's id.
    Raises NotFound (404) when ``key`` names no layout."""
    find(key)
    return catalogue.shipped_name(key) or key


def check_upload(yaml: bytes, shown: str) -> tuple[Layout | None, list[str]]:
    """Read the uploaded layout ``yaml`` with the strict loader and check it against the
    rules, the sheet's room and every language's labels: (layout, []) when valid, else
    (layout or None, the located one-line problems)."""
    try:
        sheet = api.from_text(yaml, shown)
    except LayoutError as exc:
        return None, list(exc.problems)
    return sheet, api.problems(sheet)


def new_id() -> str:
    """An unguessable id (72 random bits, URL-safe) for an uploaded layout or a game."""
    return secrets.token_urlsafe(9)
