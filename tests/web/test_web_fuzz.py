"""No request ever gets a 500: random paths, queries and bodies against every route of the
web page (Flask's test client) get a 2xx, 3xx or a 4xx with one line."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TEXT = st.text(max_size=30)
VALUE: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
ROUTES = [
    "/pdf",
    "/preview/{x}.png",
    "/sheets/{x}",
    "/games/{x}",
    "/games/{game}/{x}",
    "/games/{game}/{token}/{x}",
    "/api/games/{x}",
    "/api/games/{game}/{x}",
    "/fonts/{x}",
]
POSTS = ["/api/games", "/api/games/{game}/{token}/moves", "/api/games/{game}/{token}/roll"]


def _app(tmp_path_factory: Any) -> tuple[Flask, dict[str, Any]]:
    from qwixx_print.web import create_app

    app = create_app(tmp_path_factory.mktemp("fuzz") / "web.sqlite3")
    game = app.test_client().post("/api/games", json={"layout": "nochmal", "players": ["a", "b"]})
    return app, game.get_json()


def _ids(game: dict[str, Any]) -> dict[str, str]:
    return {"game": game["game"], "token": game["tokens"]["a"]}


def _check(answer: Any) -> None:
    assert answer.status_code < 500, answer.get_data(as_text=True)[-300:]
    if answer.status_code >= 400 and answer.is_json:
        assert set(answer.get_json()) == {"error"}
        assert "\n" not in answer.get_json()["error"]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(route=st.sampled_from(ROUTES), part=TEXT, query=st.dictionaries(TEXT, TEXT, max_size=4))
def test_no_get_is_answered_with_a_500(
    tmp_path_factory: Any, route: str, part: str, query: dict[str, str]
) -> None:
    app, game = APP.get("app") or APP.setdefault("app", _app(tmp_path_factory))
    url = route.format(x=part.replace("/", "_").replace("?", "_").replace("#", "_"), **_ids(game))
    with app.test_client().get(url, query_string=query) as answer:
        _check(answer)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(route=st.sampled_from(POSTS), body=VALUE)
def test_no_json_post_is_answered_with_a_500(tmp_path_factory: Any, route: str, body: Any) -> None:
    app, game = APP.get("app") or APP.setdefault("app", _app(tmp_path_factory))
    url = route.format(**_ids(game))
    data = json.dumps(body)
    with app.test_client().post(url, data=data, content_type="application/json") as answer:
        _check(answer)


APP: dict[str, Any] = {}
"""One app for all examples: games and uploads accumulate as on a real server."""
