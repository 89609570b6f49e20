"""The web page for the table (``qwixx-print serve``): a Flask app with server-side
templates, its static files (CSS, htmx with its licence) shipped in the package, and an
SQLite store. Nothing outside this package imports it; it imports Flask, so the CLI imports
it only inside the ``serve`` command."""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask

from qwixx_print.web import guard
from qwixx_print.web.storage import Store, default_path


def create_app(db: Path | None = None) -> Flask:
    """The Flask app of the web page, storing in the SQLite file ``db`` (default:
    :func:`~qwixx_print.web.storage.default_path`). Raises OutputError when the database
    cannot be opened."""
    from qwixx_print.web import printing

    app = Flask(__name__)
    store = Store(db or default_path())
    app.extensions["qwixx_store"] = store
    app.secret_key = store.secret("session-key", lambda: secrets.token_hex(32))
    app.config.update(SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_HTTPONLY=True)
    guard.install(app)
    app.register_blueprint(printing.bp)
    return app
