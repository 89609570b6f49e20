"""What keeps the web page safe and its answers short: protection against cross-site
requests, the limits, and error handlers that turn every failure into a 4xx with one line
(a page for people, JSON under ``/api/``), never a traceback."""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, jsonify, make_response, render_template, request, session
from werkzeug.exceptions import (
    BadRequest,
    Forbidden,
    HTTPException,
    MethodNotAllowed,
    ServiceUnavailable,
)

from qwixx_print.errors import QwixxError, RuleViolation, escaped
from qwixx_print.web.running import same_secret

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

MAX_JSON = 16_000
"""Largest JSON body of an API call, bytes (a move is about 50, a new game of five players
about 200); larger is a 400 before it is parsed."""
MAX_JSON_DEPTH = 8
"""Deepest nesting of arrays and objects in an API call's JSON (a move or a new game is 2
deep); deeper is a 400 before it is parsed (Python's parser recurses: ~1,000 deep is a
RecursionError)."""

HEAVY_SLOTS = 2
"""Requests that draw or check a layout (an upload, a PDF drawn anew, a picture, the
filled-in sheets) running at once; the others wait for a slot (:func:`heavy`), so a
server's threads stay free for the taps."""
HEAVY_WAIT = 5.0
"""Seconds a heavy request waits for a slot before it is answered 503 (busy)."""
HEAVY_WAITING = 4
"""Heavy requests that may wait for a slot at once; one more is answered 503 at once, so
the heavy ones never hold more than ``HEAVY_SLOTS + HEAVY_WAITING`` of the server's
threads."""

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


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NESTING = re.compile(rb"[\[\]{}]")


def json_depth(data: bytes) -> int:
    """How deep arrays and objects nest in the JSON text ``data`` (0 for a bare value),
    counted on the bytes without parsing (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _NESTING.findall(_STRINGS.sub(b'""', data)):
        depth += 1 if bracket in (b"[", b"{") else -1
        deepest = max(deepest, depth)
    return deepest


def json_body() -> Any:
    """The request's JSON body, parsed; a 400 with one line when it is larger than
    :data:`MAX_JSON`, nested deeper than :data:`MAX_JSON_DEPTH` (both checked before
    parsing) or no JSON."""
    size = request.content_length
    if size is not None and size > MAX_JSON:
        raise BadRequest(f"the JSON body is larger than {MAX_JSON:,} bytes")
    data = request.get_data(cache=True)  # the length was capped by waitress and Flask
    if len(data) > MAX_JSON:
        raise BadRequest(f"the JSON body is larger than {MAX_JSON:,} bytes")
    if json_depth(data) > MAX_JSON_DEPTH:
        raise BadRequest(f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        raise BadRequest("the body is no JSON") from None


def host_name(header: str) -> str:
    """The host of a ``Host`` header without its port, lower case, an IPv6 address without
    its brackets (``[::1]:8000`` -> ``::1``); ``""`` for a header that is no host."""
    header = header.strip().lower()
    if header.startswith("["):
        inside, bracket, rest = header[1:].partition("]")
        return inside if bracket and (not rest or rest[1:].isdigit()) else ""
    name, _, port = header.partition(":")
    return name if not port or port.isdigit() else ""


def check_host(allowed: Collection[str]) -> None:
    """Refuse (400) a request whose ``Host`` header names no host in ``allowed`` (lower
    case, IPv6 without brackets): a page opened through another name, as DNS rebinding
    does, would pass the same-origin checks. werkzeug's own ``TRUSTED_HOSTS`` check does
    not handle IPv6 addresses, so the comparison is done here."""
    if host_name(request.headers.get("Host", "")) not in allowed:
        raise BadRequest("this server does not answer to that host name")


CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    )
)
"""The pages' Content-Security-Policy: scripts, styles, pictures and fonts only from this
server's files (no inline script, no style attribute: the templates use none), never in a
frame."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
"""Headers on every answer: the CSP, no guessing of content types, no frames (also for
browsers that predate ``frame-ancestors``), a player's link (its token) never sent to
another site as a referrer."""


def secure(response: Response) -> Response:
    """``response`` with :data:`SECURITY_HEADERS`."""
    response.headers.update(SECURITY_HEADERS)
    return response


_HEAVY = threading.BoundedSemaphore(HEAVY_SLOTS)
_HEAVY_ADMITTED = threading.BoundedSemaphore(HEAVY_SLOTS + HEAVY_WAITING)

BUSY = "the server is busy drawing other sheets: try again in a moment"
"""The 503's line when the heavy pool is full."""


@contextmanager
def heavy() -> Iterator[None]:
    """A slot of the small pool for work that draws or checks a layout (seconds of CPU for
    a large upload): at most :data:`HEAVY_SLOTS` at once in this process and
    :data:`HEAVY_WAITING` waiting, so taps never wait behind them; ServiceUnavailable
    (503, :data:`BUSY`) at once when that many wait already, or when no slot frees within
    :data:`HEAVY_WAIT` seconds."""
    if not _HEAVY_ADMITTED.acquire(blocking=False):
        raise ServiceUnavailable(BUSY)
    try:
        if not _HEAVY.acquire(timeout=HEAVY_WAIT):
            raise ServiceUnavailable(BUSY)
        try:
            yield
        finally:
            _HEAVY.release()
    finally:
        _HEAVY_ADMITTED.release()


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


def install(app: Flask, allowed_hosts: Collection[str]) -> None:
    """Register the checks (the ``Host`` among ``allowed_hosts``, cross-site requests),
    the security headers and the error handlers on ``app``."""
    allowed = frozenset(host_name(h) or h.lower() for h in allowed_hosts)
    app.before_request(lambda: check_host(allowed))
    app.before_request(check_post)
    app.after_request(secure)
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
    def bug(exc: Exception) -> tuple[Response | str, int]:
        # a bug: the traceback goes to the server's log, the answer is one line without
        # it (nor any path of the server)
        app.logger.exception("unexpected error")
        return answer(500, f"internal error ({type(exc).__name__}): please report it")
