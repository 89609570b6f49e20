"""The web page's embedded database: SQLite (standard library) in WAL mode, by default in
the user's data folder (platformdirs). It keeps the uploaded layouts (their YAML bytes), the
games (layout, players and their secret tokens, the players' own sheets: slips and lucky
numbers) and every game's log: the engine's log
entries (``Game.entries``, docs/play.md), each stored as it happens, before the move is
answered, so a reload, a crash or a restart loses no move.

One :class:`Store` per process; each thread keeps its own connection (sqlite3 connections
are never shared across threads), open for the life of the store: closing the last one would
checkpoint the WAL, an fsync per move.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from qwixx_print import folders
from qwixx_print.errors import OutputError

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS layouts (
    id TEXT PRIMARY KEY, yaml BLOB NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, layout TEXT NOT NULL, host TEXT NOT NULL, created REAL NOT NULL,
    sheets TEXT
);
CREATE TABLE IF NOT EXISTS players (
    token TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL, name TEXT NOT NULL, UNIQUE (game, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


def default_path() -> Path:
    """``qwixx-print/web.sqlite3`` in the user's data folder (platformdirs), e.g.
    ``~/.local/share/qwixx-print/web.sqlite3`` on Linux."""
    return folders.data_folder() / "web.sqlite3"


def _add_sheets_column(db: sqlite3.Connection) -> None:
    """Give a database made before the sheets of RULES.md §4 its ``games.sheets`` column
    (NULL for the games stored then: they were played on the layout's first sheet)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    if "sheets" not in columns:
        db.execute("ALTER TABLE games ADD COLUMN sheets TEXT")


class StoredGame(NamedTuple):
    """A game as stored: its ``id``, ``layout`` key (a shipped name or an upload id), the
    ``host``'s secret token, the player ``names`` and their secret ``tokens`` in seat order,
    the engine's log ``entries`` (plain data) in order, and the players' own ``sheets`` as a
    game log writes them (``{Ann: {slip: B, lucky: [4, 9]}}``,
    :func:`qwixx_print.play.log.sheets_data`; None where all play the layout's sheet, or for
    a game stored before own sheets were)."""

    id: str
    layout: str
    host: str
    names: tuple[str, ...]
    tokens: tuple[str, ...]
    entries: list[Any]
    sheets: dict[str, Any] | None = None


class Store:
    """The database at ``path`` (created with its folder when missing). Raises OutputError
    when it cannot be opened or created."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, timeout=30, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(SCHEMA)
                _add_sheets_column(db)
            finally:
                db.close()
        except (OSError, sqlite3.Error) as exc:
            raise OutputError(f"{path}: cannot open the database ({exc})") from None

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection, opened the first time (autocommit mode; WAL with
        ``synchronous=FULL``: a commit is on disk before the move is answered, so it
        survives a crash of the server and a power cut)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.execute("PRAGMA synchronous=FULL")
            self._local.db = db
        return db

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, its block run as one immediate transaction (the write
        lock taken at once, so concurrent writers queue instead of failing)."""
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def journal_mode(self) -> str:
        """The database's journal mode (``wal``)."""
        with self._connect() as db:
            return str(db.execute("PRAGMA journal_mode").fetchone()[0])

    def secret(self, key: str, make: Any) -> str:
        """The stored value of ``key`` in ``meta``, made with ``make()`` and stored the first
        time (the session signing key survives restarts, so open pages keep working)."""
        with self._connect() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            if row is not None:
                return str(row[0])
            value = str(make())
            db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
            return value

    def add_layout(self, layout_id: str, yaml: bytes, most: int) -> bool:
        """Store an uploaded layout's YAML under ``layout_id``; False (nothing stored) when
        ``most`` layouts are stored already."""
        with self._connect() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM layouts").fetchone()
            if count >= most:
                return False
            db.execute(
                "INSERT INTO layouts (id, yaml, created) VALUES (?, ?, ?)",
                (layout_id, yaml, time.time()),
            )
            return True

    def layout_yaml(self, layout_id: str) -> bytes | None:
        """The YAML bytes of the uploaded layout ``layout_id``, or None."""
        with self._connect() as db:
            row = db.execute("SELECT yaml FROM layouts WHERE id = ?", (layout_id,)).fetchone()
            return None if row is None else bytes(row[0])

    def add_game(
        self,
        game_id: str,
        layout: str,
        host: str,
        players: list[tuple[str, str]],
        most: int,
        sheets: Mapping[str, Any] | None = None,
    ) -> bool:
        """Store a new game with its ``host`` token, its ``players`` as (token, name) in
        seat order and their own ``sheets`` (see :class:`StoredGame`); False (nothing
        stored) when ``most`` games are stored already."""
        with self._connect() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM games").fetchone()
            if count >= most:
                return False
            db.execute(
                "INSERT INTO games (id, layout, host, created, sheets) VALUES (?, ?, ?, ?, ?)",
                (
                    game_id,
                    layout,
                    host,
                    time.time(),
                    None if sheets is None else json.dumps(sheets),
                ),
            )
            db.executemany(
                "INSERT INTO players (token, game, seat, name) VALUES (?, ?, ?, ?)",
                [(token, game_id, seat, name) for seat, (token, name) in enumerate(players)],
            )
            return True

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game ``game_id`` with its log entries, or None."""
        with self._connect() as db:
            row = db.execute(
                "SELECT layout, host, sheets FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            players = db.execute(
                "SELECT token, name FROM players WHERE game = ? ORDER BY seat", (game_id,)
            ).fetchall()
            entries = db.execute(
                "SELECT entry FROM entries WHERE game = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return StoredGame(
            game_id,
            row[0],
            row[1],
            tuple(name for _, name in players),
            tuple(token for token, _ in players),
            [json.loads(entry) for (entry,) in entries],
            None if row[2] is None else json.loads(row[2]),
        )

    def append(self, game_id: str, first: int, entries: list[Any]) -> None:
        """Store ``entries`` as the log entries ``first``, ``first + 1``, ... of
        ``game_id``, in one transaction. Raises OutputError when the database cannot be
        written (or another writer stored those numbers first: nothing is overwritten)."""
        try:
            with self._connect() as db:
                db.executemany(
                    "INSERT INTO entries (game, seq, entry) VALUES (?, ?, ?)",
                    [
                        (game_id, first + k, json.dumps(entry, ensure_ascii=False))
                        for k, entry in enumerate(entries)
                    ],
                )
        except sqlite3.Error as exc:
            raise OutputError(f"{self.path}: the move could not be stored ({exc})") from None
