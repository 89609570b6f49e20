"""The database is the one truth (issue 23 items 1, 2): two and four real ``qwixx-print serve``
processes on one SQLite file and on one PostgreSQL server, three players and the host tapping
through different processes at once, answer as one server: no legal tap refused, no read
missing an acknowledged move, a poll on one process sees another's move, every process and a
fresh one replaying the same game. A database whose write lock is held loses nothing
acknowledged and takes nothing into memory."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser import serve_command, start, stop

NAMES = ["Ann", "Bő", "Cy"]
ROWS = {"Ann": "red", "Bő": "yellow", "Cy": "green"}


def call(base: str, path: str, body: Any = None) -> tuple[int, Any]:
    """GET (or POST ``body`` as JSON) ``base + path``: the status and the decoded answer
    (JSON, or the text of a page)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            status, raw, kind = answer.status, answer.read(), answer.headers.get_content_type()
    except urllib.error.HTTPError as exc:
        status, raw, kind = exc.code, exc.read(), exc.headers.get_content_type()
    text = raw.decode()
    return status, json.loads(text) if kind == "application/json" and text else text


@contextmanager
def servers(db: str, count: int) -> Iterator[list[str]]:
    """``count`` ``qwixx-print serve`` processes on the database ``db``: their base URLs."""
    started: list[tuple[subprocess.Popen[str], str]] = []
    try:
        for _ in range(count):
            started.append(start(db))
        yield [base for _, base in started]
    finally:
        for process, _ in started:
            stop(process)


def database(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A new database of ``kind`` (``sqlite``: a file; ``postgresql``: a database on the
    tests' own server)."""
    if kind == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("postgres_db")
    return url


def _player(
    bases: list[str], game: dict[str, Any], name: str, seed: int, faults: list[str]
) -> None:
    """One player's phone: crosses their own row left to right (always legal), an undo and
    a redo now and then, each tap through a random process; after every acknowledged tap
    another process is read and polled, and must show it."""
    rng = random.Random(seed)
    token, row = game["tokens"][name], ROWS[name]
    crossed: list[int] = []
    taps: list[dict[str, Any]] = []
    for index in range(9):  # never the lock field: the row stays open for everyone
        taps.append({"kind": "cross", "row": row, "index": index})
        if rng.random() < 0.3:
            taps += [{"kind": "undo"}, {"kind": "redo"}]
    for tap in taps:
        here, there = rng.sample(bases, 2)
        status, state = call(here, f"/api/games/{game['game']}/{token}/moves", tap)
        if status != 200:
            faults.append(f"{name} {tap}: {status} {state}")
            continue
        if tap["kind"] == "cross":
            crossed.append(tap["index"])
        elif tap["kind"] == "undo":
            crossed.pop()
        else:
            crossed.append(crossed_last(taps, tap))
        moves = state["moves"]
        _, read = call(there, f"/api/games/{game['game']}")
        own = next(p for p in read["players"] if p["name"] == name)
        if own["crossed"][row] != crossed or read["moves"] < moves:
            faults.append(f"{name}: stale read after {tap}: {own['crossed'][row]} != {crossed}")
        polled, board = call(there, f"/games/{game['game']}/{token}/board?since={moves - 1}")
        if polled != 200 or "data-moves=" not in board:
            faults.append(f"{name}: the poll on another process answered {polled} after {tap}")


def crossed_last(taps: list[dict[str, Any]], redo: dict[str, Any]) -> int:
    """The field a redo crosses again: the cross before the undo before it."""
    at = next(k for k, tap in enumerate(taps) if tap is redo)
    return int(taps[at - 2]["index"])


def _host(bases: list[str], game: dict[str, Any], turns: int, faults: list[str]) -> None:
    """The host's page: rolls and passes the dice on for ``turns`` turns, each request
    through a random process, with a repeated Roll (a double tap) through another one,
    answered as done and changing nothing."""
    rng = random.Random(7)
    host = game["host"].rsplit("/", 1)[1]
    url = f"/api/games/{game['game']}/{host}"
    for turn in range(1, turns + 1):
        here, there = rng.sample(bases, 2)
        status, rolled = call(here, f"{url}/roll", {"turn": turn})
        if status != 200 or "note" in rolled or rolled["dice"] is None:
            faults.append(f"roll {turn}: {status} {rolled}")
            continue
        status, again = call(there, f"{url}/roll", {"turn": turn})
        if (
            status != 200
            or "already done" not in again.get("note", "")
            or again["dice"] != rolled["dice"]
        ):
            faults.append(f"repeated roll {turn}: {status} {again}")
        status, passed = call(rng.choice(bases), f"{url}/next", {"turn": turn})
        if status != 200 or passed["active"] != NAMES[turn % 3] or passed["turn"] != turn + 1:
            faults.append(f"next {turn}: {status} {passed}")


@pytest.mark.parametrize(
    ("kind", "count"), [("sqlite", 2), ("sqlite", 4), ("postgresql", 2), ("postgresql", 4)]
)
def test_several_processes_on_one_database_answer_as_one_server(
    kind: str, count: int, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = database(kind, tmp_path, request)
    with servers(db, count) as bases:
        status, game = call(bases[0], "/api/games", {"layout": "classic", "players": NAMES})
        assert status == 201
        faults: list[str] = []
        threads = [
            threading.Thread(target=_player, args=(bases, game, name, seed, faults))
            for seed, name in enumerate(NAMES)
        ]
        threads.append(threading.Thread(target=_host, args=(bases, game, 12, faults)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert faults == []
        states = [call(base, f"/api/games/{game['game']}")[1] for base in bases]
    assert all(state == states[0] for state in states[1:])
    final = states[0]
    assert final["turn"] == 13 and final["active"] == "Ann"
    for player in final["players"]:
        assert player["crossed"][ROWS[player["name"]]] == list(range(9))
    with servers(db, 1) as (fresh,):  # a new process replays the stored log
        assert call(fresh, f"/api/games/{game['game']}")[1] == final


def _hold_write_lock(kind: str, db: str, game_id: str) -> Any:
    """Another program holding the database's write lock on the game (SQLite's
    ``BEGIN IMMEDIATE``, PostgreSQL's row lock): the open connection."""
    if kind == "sqlite":
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        return holder
    import psycopg

    holder = psycopg.connect(db)
    holder.execute("SELECT * FROM games WHERE id = %s FOR UPDATE", (game_id,))
    return holder


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_locked_database_answers_503_and_loses_no_acknowledged_move(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = database(kind, tmp_path, request)
    with servers(db, 1) as (base,):
        status, game = call(base, "/api/games", {"layout": "classic", "players": ["Ann", "Ben"]})
        moves = f"/api/games/{game['game']}/{game['tokens']['Ann']}/moves"
        assert call(base, moves, {"kind": "cross", "row": "red", "index": 0})[0] == 200
        holder = _hold_write_lock(kind, db, game["game"])
        try:
            status, refused = call(base, moves, {"kind": "cross", "row": "red", "index": 1})
            assert status == 503
            assert refused["error"].startswith("the database is busy (locked for more than 5 s)")
            assert str(tmp_path) not in refused["error"] and "\n" not in refused["error"]
            assert call(base, moves, {"kind": "undo"})[0] == 503
            _, state = call(base, f"/api/games/{game['game']}")  # reads go on meanwhile
            assert state["players"][0]["crossed"]["red"] == [0] and state["moves"] == 1
        finally:
            holder.rollback()
            holder.close()
        _, state = call(base, f"/api/games/{game['game']}")
        assert state["players"][0]["crossed"]["red"] == [0] and state["moves"] == 1
        assert call(base, moves, {"kind": "cross", "row": "red", "index": 2})[0] == 200
    with servers(db, 1) as (fresh,):
        _, state = call(fresh, f"/api/games/{game['game']}")
    assert state["players"][0]["crossed"]["red"] == [0, 2] and state["moves"] == 2


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_four_processes_started_at_once_on_a_new_database_all_serve_it(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = database(kind, tmp_path, request)
    processes = [
        subprocess.Popen(
            serve_command(db), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        for _ in range(4)
    ]
    try:
        firsts = [process.stdout.readline() if process.stdout else "" for process in processes]
        assert all(line.startswith("open http://127.0.0.1:") for line in firsts), firsts
        bases = [line.split()[1].rstrip("/") for line in firsts]
        status, game = call(bases[0], "/api/games", {"layout": "classic", "players": ["Ann"]})
        assert status == 201
        assert {call(base, f"/api/games/{game['game']}")[0] for base in bases} == {200}
    finally:
        for process in processes:
            stop(process)
