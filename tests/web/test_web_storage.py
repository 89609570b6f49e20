"""Storage failures are one line (issue 23 item 4) and games are bounded (item 5): a foreign
or damaged database is refused at start with exit 2 and left as it was, a read-only one is
said at start, a full one answers 503 per request and loses nothing acknowledged, a game
stops at the move limit its log reader shares, and games expire and are limited per client
address as well as in all."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from qwixx_print.web import create_app
from qwixx_print.web.storage import APPLICATION_ID, SCHEMA_VERSION, GameLimits
from tests.browser import serve_command, start, stop
from tests.cli.test_output_paths import _unprivileged
from tests.web.test_web_processes import call


def _serve_once(db: Path | str, *prefix: str) -> subprocess.CompletedProcess[str]:
    """``qwixx-print serve --db DB`` that is expected to stop at once (a refused database)."""
    return subprocess.run([*prefix, *serve_command(db)], capture_output=True, text=True, timeout=60)


def _digest(folder: Path) -> dict[str, str]:
    """Every file of ``folder`` by name, as a hash of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_another_programs_sqlite_file_with_a_games_table_is_refused_and_left_as_it_was(
    tmp_path: Path,
) -> None:
    path = tmp_path / "shop.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT, price REAL)")
        db.execute("INSERT INTO games (title, price) VALUES ('Qwixx', 9.99)")
    before = _digest(tmp_path)
    done = _serve_once(path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"qwixx-print: {path}: not a qwixx-print database (another program's file, "
        "left as it was): give --db another file"
    )
    assert "Traceback" not in done.stderr + done.stdout
    assert _digest(tmp_path) == before  # no column, table, WAL or journal added


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (
            b"this is a text file, no database\n" * 200,
            "not a qwixx-print database, or a damaged one",
        ),
        (None, "the database is damaged"),
    ],
)
def test_a_damaged_database_is_refused_at_start_in_one_line(
    tmp_path: Path, content: bytes | None, said: str
) -> None:
    path = tmp_path / "web.sqlite3"
    if content is None:  # one of ours, its pages overwritten in the middle
        create_app(path).extensions["qwixx_store"].close()
        data = bytearray(path.read_bytes())
        for at in range(4096, len(data), 4096):  # every page's header but the first's
            data[at : at + 12] = b"\xff" * 12
        for extra in ("web.sqlite3-wal", "web.sqlite3-shm"):
            (tmp_path / extra).unlink(missing_ok=True)
        path.write_bytes(bytes(data))
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    done = _serve_once(path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"qwixx-print: {path}: ") and said in lines[0]
    assert path.read_bytes() == before


def test_our_files_are_marked_with_the_application_id_and_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    create_app(path).extensions["qwixx_store"].close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_read_only_database_is_said_at_start_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "web.sqlite3"
    create_app(path).extensions["qwixx_store"].close()
    for extra in ("web.sqlite3-wal", "web.sqlite3-shm"):
        (folder / extra).unlink(missing_ok=True)
    path.chmod(0o444)
    folder.chmod(0o555)
    try:
        before = _digest(folder)
        done = _serve_once(path, *_unprivileged())
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"qwixx-print: {path}: cannot open")
        assert _digest(folder) == before
    finally:
        folder.chmod(0o755)


def _no_bigger_files(most: int) -> None:
    """In the server's process: files may not grow past ``most`` bytes (a full disk), and
    the signal that says so is ignored (the write fails instead)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (most, most))


def test_a_full_disk_answers_503_in_one_line_and_keeps_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    path = tmp_path / "web.sqlite3"
    create_app(path).extensions["qwixx_store"].close()
    process, base = start(path, preexec_fn=lambda: _no_bigger_files(300_000))
    acknowledged: list[int] = []
    statuses: dict[int, str] = {}
    try:
        _, game = call(base, "/api/games", {"layout": "classic", "players": ["Ann"]})
        url = f"/api/games/{game['game']}/{game['tokens']['Ann']}/moves"
        for turn in range(400):
            tap = {"kind": "cross", "row": "red", "index": 0} if turn % 2 == 0 else {"kind": "undo"}
            status, answer = call(base, url, tap)
            if status == 200:
                acknowledged.append(answer["moves"])
            else:
                statuses[status] = answer["error"]
                break
        new_game = call(base, "/api/games", {"layout": "classic", "players": ["Ben"]})
    finally:
        stop(process)
    assert list(statuses) == [503], statuses
    (message,) = statuses.values()
    assert message.endswith("nothing was stored, try again later") and str(tmp_path) not in message
    assert new_game[0] == 503 and str(tmp_path) not in new_game[1]["error"]
    assert acknowledged == list(range(1, len(acknowledged) + 1)) and len(acknowledged) > 10
    with sqlite3.connect(path) as db:
        stored = [seq for (seq,) in db.execute("SELECT seq FROM entries ORDER BY seq")]
    assert stored == list(range(len(acknowledged)))


def test_a_game_stops_at_the_move_limit_its_log_reader_shares(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qwixx_print.play import log

    monkeypatch.setattr(log, "MAX_MOVES", 6)
    path = tmp_path / "web.sqlite3"
    client = create_app(path).test_client()
    game = client.post("/api/games", json={"layout": "classic", "players": ["Ann"]}).get_json()
    url = f"/api/games/{game['game']}/{game['tokens']['Ann']}/moves"
    taps = [{"kind": "cross", "row": "red", "index": 0}, {"kind": "undo"}] * 4
    answers = [client.post(url, json=tap) for tap in taps]
    assert [a.status_code for a in answers] == [200] * 6 + [409, 409]
    assert answers[6].get_json() == {
        "error": "this game has 6 moves, the most a game stores (6): start a new game"
    }
    again = create_app(path).test_client()  # a restart replays every stored move
    assert again.get(f"/api/games/{game['game']}").get_json()["moves"] == 6


def _touch(path: Path, game_id: str, days_ago: float) -> None:
    """Make the game look as if it was last played ``days_ago`` days ago."""
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE games SET touched = ? WHERE id = ?", (time.time() - days_ago * 86400, game_id)
        )


def test_an_idle_game_expires_and_is_deleted_by_the_next_new_game(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    client = create_app(path, limits=GameLimits(500, 50, 2 * 86400)).test_client()
    old, kept = (
        client.post("/api/games", json={"layout": "classic", "players": [n]}).get_json()
        for n in ("Ann", "Ben")
    )
    _touch(path, old["game"], 2.1)
    _touch(path, kept["game"], 1.9)
    gone = client.get(f"/api/games/{old['game']}")
    assert gone.status_code == 404
    assert gone.get_json() == {"error": "no such game, or not a link of it: check the link"}
    assert client.get(f"/api/games/{kept['game']}").status_code == 200
    client.post("/api/games", json={"layout": "classic", "players": ["Cy"]})
    with sqlite3.connect(path) as db:
        ids = {game for (game,) in db.execute("SELECT id FROM games")}
        left = db.execute("SELECT COUNT(*) FROM players WHERE game = ?", (old["game"],)).fetchone()
    assert old["game"] not in ids and kept["game"] in ids and left == (0,)


def test_games_are_limited_per_client_address_as_well_as_in_all(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web.sqlite3", limits=GameLimits(3, 2, 86400))

    def new(client: FlaskClient) -> tuple[int, str]:
        answer = client.post("/api/games", json={"layout": "classic", "players": ["Ann"]})
        return answer.status_code, json.dumps(answer.get_json())

    here = app.test_client()
    here.environ_base["REMOTE_ADDR"] = "10.0.0.1"
    there = app.test_client()
    there.environ_base["REMOTE_ADDR"] = "10.0.0.2"
    assert [new(here)[0], new(here)[0]] == [201, 201]
    status, said = new(here)
    assert status == 429 and "2 games were started from this address already" in said
    assert new(there)[0] == 201
    status, said = new(there)
    assert status == 429 and "this server holds 3 games already" in said


def test_this_computer_itself_is_held_to_the_total_only(tmp_path: Path) -> None:
    client = create_app(tmp_path / "web.sqlite3", limits=GameLimits(4, 1, 86400)).test_client()
    made = [
        client.post("/api/games", json={"layout": "classic", "players": ["Ann"]}).status_code
        for _ in range(5)
    ]
    assert made == [201, 201, 201, 201, 429]  # loopback: the host's own browser


def test_serve_takes_the_database_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "env.sqlite3"
    env = {**os.environ, "QWIXX_PRINT_DB": str(path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "qwixx_print", "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline()
    stop(process)
    assert first.startswith("open http://127.0.0.1:")
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_foreign_postgresql_database_is_refused_and_left_as_it_was(postgres_db: str) -> None:
    import psycopg

    with psycopg.connect(postgres_db) as db:
        db.execute("CREATE TABLE games (id SERIAL PRIMARY KEY, title TEXT)")
        db.execute("INSERT INTO games (title) VALUES ('Qwixx')")
    done = _serve_once(postgres_db)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "not a qwixx-print database (it has the tables games" in lines[0]
    with psycopg.connect(postgres_db) as db:
        tables = db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchall()
        columns = db.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'games'"
            " ORDER BY ordinal_position"
        ).fetchall()
    assert tables == [("games",)] and columns == [("id",), ("title",)]


def test_postgresql_is_marked_with_the_same_schema_version(postgres_db: str) -> None:
    import psycopg

    create_app(postgres_db).extensions["qwixx_store"].close()
    with psycopg.connect(postgres_db) as db:
        marker = dict(db.execute("SELECT key, value FROM qwixx_print").fetchall())
    assert marker == {"application": "qwixx-print", "schema": str(SCHEMA_VERSION)}


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("{not json", "a stored game cannot be read: the database is damaged"),
        (json.dumps({"player": "Ann", "move": "cross red 99"}), "cannot be replayed ("),
    ],
)
def test_a_bad_row_answers_503_in_one_line_for_its_game_only(
    tmp_path: Path, entry: str, said: str
) -> None:
    path = tmp_path / "web.sqlite3"
    client = create_app(path).test_client()
    bad, good = (
        client.post("/api/games", json={"layout": "classic", "players": [n]}).get_json()
        for n in ("Ann", "Ben")
    )
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO entries VALUES (?, 0, ?)", (bad["game"], entry))
        db.execute("UPDATE games SET moves = 1 WHERE id = ?", (bad["game"],))
    fresh = create_app(path).test_client()
    for url in (f"/api/games/{bad['game']}", f"/games/{bad['game']}"):
        answer = fresh.get(url)
        assert answer.status_code == 503
        text = answer.get_data(as_text=True)
        assert said in text and str(tmp_path) not in text and "Traceback" not in text
    assert fresh.get(f"/api/games/{good['game']}").status_code == 200


def test_a_read_only_postgresql_database_is_said_at_start_in_one_line(postgres_db: str) -> None:
    import psycopg

    create_app(postgres_db).extensions["qwixx_store"].close()
    name = postgres_db.split("@/")[1].split("?")[0]
    with psycopg.connect(postgres_db, autocommit=True) as db:
        db.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    done = _serve_once(postgres_db)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines == [
        f"qwixx-print: PostgreSQL database {name} on {postgres_db.split('host=')[1]}: cannot "
        "open the database (cannot execute INSERT in a read-only transaction)"
    ]
