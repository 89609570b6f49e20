"""The web page for the table (``qwixx-print serve``): a Flask app with server-side
templates, its static files (CSS, htmx with its licence) shipped in the package, and a
database (SQLite, or PostgreSQL for hosting). Nothing outside this package imports it; it
imports Flask, so the CLI imports it only inside the ``serve`` command."""

from __future__ import annotations

import secrets
from collections.abc import Collection
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, Response

from qwixx_print.web import guard
from qwixx_print.web.storage import GameLimits, StorageError, opened

FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
"""The fonts the page may load: the PDF's own, from the package (``qwixx_print/fonts``)."""


def font(name: str) -> Response:
    """One of :data:`FONTS`, so the sheets on screen are set as on paper; 404 otherwise."""
    from importlib import resources

    from werkzeug.exceptions import NotFound

    if name not in FONTS:
        raise NotFound(f"no such font: {name[:40]}")
    data = (resources.files("qwixx_print") / "fonts" / name).read_bytes()
    response = Response(data, mimetype="font/ttf")
    response.headers["Cache-Control"] = "max-age=86400"
    return response


def favicon() -> Response:
    """The site's icon (``static/favicon.svg``, also linked by every page) at the address a
    browser asks for unbidden, so no page logs a 404 for it."""
    from importlib import resources

    data = (resources.files("qwixx_print") / "web" / "static" / "favicon.svg").read_bytes()
    response = Response(data, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "max-age=86400"
    return response


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""Host names a request may always name: this computer's own."""


def create_app(
    db: str | Path | None = None,
    public_url: str | None = None,
    loopback_only: bool = False,
    allowed_hosts: Collection[str] = (),
    limits: GameLimits | None = None,
) -> Flask:
    """The Flask app of the web page (a factory: ``gunicorn 'qwixx_print.web:create_app()'``),
    storing in ``db``: an SQLite file or a ``postgresql://`` URL (default: the environment
    variable ``QWIXX_PRINT_DB``, else :func:`~qwixx_print.web.storage.default_path`).
    ``public_url`` (``http://ADDRESS:PORT``) is where other devices reach it, for the players'
    links; ``loopback_only`` says that they cannot (the host page says so). A request's
    ``Host`` must name :data:`LOOPBACK_NAMES`, the host of ``public_url`` or one of
    ``allowed_hosts`` (else 400: DNS rebinding fails). ``limits`` bound the games (default
    :data:`~qwixx_print.web.running.LIMITS`). Raises OutputError (one line) when the database
    cannot be opened, is damaged or is not ours."""
    from qwixx_print.web import counter, fresh, jsonapi, layouts, printing
    from qwixx_print.web.running import LIMITS, RunningGames

    app = Flask(__name__)
    store = opened(db)
    app.extensions["qwixx_store"] = store
    app.extensions["qwixx_games"] = RunningGames(store, layouts.find, limits or LIMITS)
    app.secret_key = store.secret("session-key", lambda: secrets.token_hex(32))
    app.config.update(
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        QWIXX_PUBLIC_URL=public_url,
        QWIXX_LOOPBACK_ONLY=loopback_only,
    )
    hosts = [*LOOPBACK_NAMES, *allowed_hosts]
    if public_url:
        hosts.append(urlsplit(public_url).hostname or "")
    guard.install(app, hosts)
    app.register_error_handler(StorageError, lambda exc: guard.answer(503, str(exc)))
    app.register_blueprint(printing.bp)
    app.register_blueprint(fresh.bp)
    app.register_blueprint(counter.bp)
    app.register_blueprint(jsonapi.bp)
    app.add_url_rule("/fonts/<name>", view_func=font)
    app.add_url_rule("/favicon.ico", view_func=favicon)
    return app
