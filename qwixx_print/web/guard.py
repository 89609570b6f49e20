"""What keeps the web page safe and its answers short: protection against cross-site
requests, the limits, and error handlers that turn every failure into a 4xx with one line
(a page for people, JSON under ``/api/``), never a traceback."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from flask import Flask, Response, jsonify, make_response, render_template, request, session
from werkzeug.exceptions import BadRequest, Forbidden, HTTPException, MethodNotAllowed

from qwixx_print.errors import QwixxError, RuleViolation, escaped
from qwixx_print.web.tables import same_secret

MAX_UPLOAD = 1_000_000
"""Largest layout accepted, bytes (an upload or a pasted text): the strict loader's limit."""
MAX_REQUEST = MAX_UPLOAD + 64_000
"""Largest request body, bytes: an upload plus the form around it; larger is a 413."""
MAX_LAYOUTS = 500
"""Most uploaded layouts one server stores."""
MAX_PLAYERS = 5
"""Most players in one game (a Qwixx box is for 2 to 5; 1 plays solo)."""
MAX_PAGES = 1000
"""Most pages per PDF, as on the command line (``--pages``)."""

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"


def csrf_token() -> str:
    """This browser's token against cross-site requests (kept in its signed session
    cookie); every form posts it back in :data:`CSRF_FIELD`, htmx in :data:`CSRF_HEADER`."""
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return str(session["csrf"])


def _same_origin() -> bool:
    """False when the browser says the request comes from another site (``Origin``);
    true when it says nothing (a script) or names this server."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.host


def check_post() -> None:
    """Refuse a state-changing request that may come from another site (403): its
    ``Origin`` names another host, or a form lacks this browser's token, or a JSON API
    call is not ``application/json`` (which a cross-site form cannot send)."""
    if request.method in ("GET", "HEAD", "OPTIONS") or request.routing_exception is not None:
        return  # no such page, or a method it does not take: answered as such (404, 405)
    if not _same_origin():
        raise Forbidden("a request from another site is refused")
    if request.path.startswith("/api/"):
        if not request.is_json:
            raise BadRequest("send JSON: Content-Type: application/json")
        return
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
    known = session.get("csrf")
    if not known or not same_secret(str(known), sent):
        raise Forbidden("this form is out of date or from another site: reload the page")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def answer(status: int, message: str) -> tuple[Response | str, int]:
    """The answer to a refused request: ``{"error": message}`` under ``/api/``, else a
    small page saying ``message``, with a way back to the page of this site that sent the
    request (a refused form: the browser's back keeps what was typed); with ``status``."""
    message = _one_line(message)
    if request.path.startswith("/api/"):
        return jsonify(error=message), status
    sender = request.referrer or ""
    back = sender if sender.startswith(request.host_url) else None
    return render_template("error.html", status=status, message=message, back=back), status


def not_allowed(allowed: list[str]) -> Response:
    """The 405 answer to a method the page does not take: one line naming the ``allowed``
    methods, which the ``Allow`` header lists too."""
    methods = ", ".join(allowed)
    shown = escaped(request.method[:20])
    body, status = answer(405, f"{shown} is not allowed here: use {methods}")
    response = make_response(body, status)
    response.headers["Allow"] = methods
    return response


def install(app: Flask) -> None:
    """Register the checks and the error handlers on ``app``."""
    app.before_request(check_post)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Response | str, int] | Response:
        status = exc.code or 400
        if status == 413:
            return answer(413, f"the request is larger than {MAX_UPLOAD // 1_000_000} MB")
        if isinstance(exc, MethodNotAllowed):
            return not_allowed(sorted(exc.valid_methods or ()))
        return answer(status, exc.description or exc.name)

    @app.errorhandler(RuleViolation)
    def refused_move(exc: RuleViolation) -> tuple[Response | str, int]:
        return answer(409, str(exc))

    @app.errorhandler(QwixxError)
    def user_error(exc: QwixxError) -> tuple[Response | str, int]:
        return answer(400, str(exc))

    @app.errorhandler(Exception)
    def bug(exc: Exception) -> tuple[Response | str, int]:  # pragma: no cover - a bug
        app.logger.exception("unexpected error")
        return answer(500, f"internal error ({type(exc).__name__}): please report it")
