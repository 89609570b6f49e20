"""Helpers for the web page under Flask's test client: the CSRF token a page hands out,
the one line of an error page, layout aliases to ask for."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

ALIASES = [
    ("kräfte", "kraefte"),
    ("bonus-b", "kraefte"),
    ("KRAEFTE", "kraefte"),
    ("Classic", "classic"),
]
"""Layout names as a request may give them -> the shipped layout's name (as the CLI)."""


def token(client: FlaskClient) -> str:
    """This client's CSRF token, as the pages hand it out."""
    page = client.get("/upload").get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    return found[1]


def one_line_error(body: str) -> str:
    """The one line of an error page (and that there is no traceback)."""
    found = re.findall(r'<p class="error" data-error="\d+">([^<]*)</p>', body)
    assert len(found) == 1, body
    assert "Traceback" not in body
    return found[0]
