"""No move is ever lost: five players' threads tapping one game at once leave a stored log
that replays to the very game the server holds, and a server killed mid-game (SIGKILL)
continues it after a restart."""

from __future__ import annotations

import json
import random
import signal
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from flask import Flask

from qwixx_print.play import log
from qwixx_print.web import create_app
from qwixx_print.yamldoc import parse
from tests.browser import start, stop

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve"]


def _moves(seed: int, count: int) -> list[dict[str, object]]:
    """``count`` random taps: mostly crosses anywhere (many refused), undo, redo."""
    rng = random.Random(seed)
    moves: list[dict[str, object]] = []
    for _ in range(count):
        kind = rng.choices(["cross", "undo", "redo", "penalty"], [12, 3, 2, 1])[0]
        if kind == "cross":
            moves.append(
                {
                    "kind": kind,
                    "row": rng.choice(["red", "yellow", "green", "blue"]),
                    "index": rng.randrange(11),
                }
            )
        else:
            moves.append({"kind": kind})
    return moves


def test_five_threads_sending_1000_moves_leave_a_log_that_replays_to_the_same_game(
    app: Flask, tmp_path: Path
) -> None:
    client = app.test_client()
    made = client.post("/api/games", json={"layout": "classic", "players": NAMES}).get_json()
    codes: dict[int, int] = {}
    lock = threading.Lock()

    def play(name: str, seed: int) -> None:
        own = app.test_client()
        url = f"/api/games/{made['game']}/{made['tokens'][name]}/moves"
        for move in _moves(seed, 200):
            status = own.post(url, json=move).status_code
            with lock:
                codes[status] = codes.get(status, 0) + 1

    threads = [threading.Thread(target=play, args=(name, k)) for k, name in enumerate(NAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sum(codes.values()) == 1000
    assert set(codes) <= {200, 409} and codes[200] >= 200, codes

    live = app.extensions["qwixx_games"].get(made["game"]).game
    stored = app.extensions["qwixx_store"].game(made["game"])
    assert stored.entries == log.to_data(live)["moves"]
    assert len(stored.entries) == codes[200]

    data = {
        "game-log": 1,
        "layout": "classic",
        "players": NAMES,
        "table": True,
        "moves": stored.entries,
    }
    doc = parse(json.dumps(data).encode(), "stored.json", log.GameLogError)
    replayed = log.from_doc(doc, lambda name: live.layout)
    for name in NAMES:
        assert replayed.sheets[name].state == live.sheets[name].state
        assert replayed.sheets[name].score() == live.sheets[name].score()

    after_restart = create_app(tmp_path / "web.sqlite3").test_client()
    assert (
        after_restart.get(f"/api/games/{made['game']}").get_json()
        == client.get(f"/api/games/{made['game']}").get_json()
    )


def _call(base: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """GET (or POST ``body`` as JSON) ``base + path`` on loopback: (status, JSON)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


def test_a_server_killed_mid_game_continues_the_game_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    process, base = start(db)
    try:
        status, made = _call(base, "/api/games", {"layout": "doppelt", "players": ["Ann", "Ben"]})
        assert status == 201
        moves = f"/api/games/{made['game']}/{made['tokens']['Ann']}/moves"
        for index in (0, 2, 5):
            assert _call(base, moves, {"kind": "cross", "row": "green", "index": index})[0] == 200
        status, before = _call(base, f"/api/games/{made['game']}")
    finally:
        assert stop(process, signal.SIGKILL) == -signal.SIGKILL
    process, base = start(db)
    try:
        status, after = _call(base, f"/api/games/{made['game']}")
        assert status == 200 and after == before
        assert after["players"][0]["crossed"]["green"] == [0, 2, 5]
        status, refused = _call(base, moves, {"kind": "cross", "row": "green", "index": 1})
        assert status == 409 and refused["error"].startswith("Ann, green: ")
        status, going_on = _call(base, moves, {"kind": "cross", "row": "green", "index": 6})
        assert status == 200 and going_on["players"][0]["crossed"]["green"] == [0, 2, 5, 6]
    finally:
        assert stop(process) == 0
