"""An acknowledged move is never lost (RULES.md §6 "Stored moves"): a game stored by an
earlier qwixx-print, whose table took in a move that a newer rule of the turn refuses (the
active player's cross after their own penalty, refused since the penalty rule of RULES.md
§6 Table play), opens after the upgrade with its board and scores as acknowledged, in
SQLite and PostgreSQL alike, while a new such move is refused."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from qwixx_print.web import create_app

OLD_ENTRIES = [
    {"player": "Ann", "move": "penalty"},
    {"player": "Ann", "move": "cross red 3"},
    {"player": "Ben", "move": "cross red 3"},
]
"""What the version before the rule stored for a turn of Ann: her penalty, then her cross of
the red 5 (both acknowledged then), and Ben's red 5."""

Store = Callable[[str, list[dict[str, Any]]], None]


def _sqlite_writer(path: Path) -> Store:
    def write(game_id: str, entries: list[dict[str, Any]]) -> None:
        with sqlite3.connect(path) as db:
            db.executemany(
                "INSERT INTO entries (game, seq, entry) VALUES (?, ?, ?)",
                [(game_id, k, json.dumps(e, ensure_ascii=False)) for k, e in enumerate(entries)],
            )
            db.execute("UPDATE games SET moves = ? WHERE id = ?", (len(entries), game_id))
        db.close()

    return write


def _postgres_writer(url: str) -> Store:
    def write(game_id: str, entries: list[dict[str, Any]]) -> None:
        import psycopg

        with psycopg.connect(url) as db:
            for k, entry in enumerate(entries):
                db.execute(
                    "INSERT INTO entries (game, seq, entry) VALUES (%s, %s, %s)",
                    (game_id, k, json.dumps(entry, ensure_ascii=False)),
                )
            db.execute("UPDATE games SET moves = %s WHERE id = %s", (len(entries), game_id))

    return write


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str | Path, Store]:
    """A new database of either kind and a writer of stored log entries into it by SQL, as
    the earlier version's store wrote them (one JSON entry per sequence number, the game's
    move count)."""
    if request.param == "sqlite":
        path = tmp_path / "web.sqlite3"
        return path, _sqlite_writer(path)
    url: str = request.getfixturevalue("postgres_db")
    return url, _postgres_writer(url)


def test_a_stored_cross_after_a_penalty_opens_with_its_board_and_a_new_one_is_refused(
    database: tuple[str | Path, Store],
) -> None:
    db, write = database
    first = create_app(db)
    made = first.test_client().post(
        "/api/games", json={"layout": "classic", "players": ["Ann", "Ben"]}
    )
    game = made.get_json()
    first.extensions["qwixx_store"].close()
    write(game["game"], OLD_ENTRIES)

    upgraded = create_app(db)  # a new process: the game is replayed from the database
    client = upgraded.test_client()
    try:
        state = client.get(f"/api/games/{game['game']}")
        assert state.status_code == 200
        ann, ben = state.get_json()["players"]
        assert (ann["crossed"]["red"], ann["penalties"], ann["total"]) == ([3], 1, -4)
        assert (ben["crossed"]["red"], ben["penalties"], ben["total"]) == ([3], 0, 1)
        assert state.get_json()["moves"] == 3

        page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}")
        assert page.status_code == 200
        field = r'data-row="red" data-index="(\d+)" data-number="\d+" data-crossed="true"'
        assert set(re.findall(field, page.get_data(as_text=True))) == {"3"}

        url = f"/api/games/{game['game']}/{game['tokens']['Ann']}/moves"
        refused = client.post(url, json={"kind": "cross", "row": "yellow", "index": 2})
        assert (refused.status_code, refused.get_json()) == (
            409,
            {
                "error": "Ann, you took a penalty this turn: a penalty is only for a turn with "
                "nothing crossed, so you cross nothing more this turn (undo the penalty to "
                "cross)"
            },
        )
        undone = client.post(url, json={"kind": "undo"})  # her stored cross, the last move
        assert undone.status_code == 200
        assert next(p for p in undone.get_json()["players"] if p["name"] == "Ann")["total"] == -5
    finally:
        upgraded.extensions["qwixx_store"].close()
