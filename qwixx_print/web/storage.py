"""The web page's database, the one truth of its games: the uploaded layouts (their YAML
bytes), the games (layout, players and their secret tokens, the players' own sheets: slips
and lucky numbers, the client address that made them, when they were last played) and every
game's log: the engine's log entries (``Game.entries``, docs/play.md), each stored with the
game's next sequence number in the transaction that accepts the move, before it is answered.

Two databases hold the same schema (:data:`SCHEMA_VERSION`) with the same guarantees:
SQLite (standard library) in WAL mode, the embedded default, by default in the user's data
folder (platformdirs; :mod:`qwixx_print.web.sqlite`), and PostgreSQL for hosting
(:mod:`qwixx_print.web.postgres`,
``serve --db postgresql://...``). Any number of server processes may share one database: a
move's transaction holds the game's write lock (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's
``SELECT ... FOR UPDATE``) and a store that fails takes nothing in.

Our files are marked (SQLite's ``application_id``, a marker table in PostgreSQL): a damaged
or foreign database is refused at start with one line and never altered. Every failure of a
request is a :class:`StorageError`: one line, no server path, answered 503.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from qwixx_print import folders
from qwixx_print.errors import QwixxError

SCHEMA_VERSION = 2
"""The schema's version, the same in SQLite (``user_version``) and PostgreSQL (the marker
table). Version 1 was the unmarked SQLite file of earlier servers: it is taken over."""

APPLICATION_ID = 0x51575850
"""SQLite's ``application_id`` of our files (``QWXP``)."""

BUSY_SECONDS = 5.0
"""Longest wait for the database's write lock (another process's move, a backup, a
``BEGIN IMMEDIATE`` held by hand) before a request is answered 503."""

ENV = "QWIXX_PRINT_DB"
"""Environment variable naming the database when ``serve --db`` does not: a file, or a
``postgresql://`` URL."""

TABLES = ("meta", "layouts", "games", "players", "entries")
"""The schema's tables."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS layouts (
    id TEXT PRIMARY KEY, yaml {blob} NOT NULL, created {real} NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, layout TEXT NOT NULL, host TEXT NOT NULL, created {real} NOT NULL,
    sheets TEXT, moves INTEGER NOT NULL DEFAULT 0, touched {real} NOT NULL DEFAULT 0,
    client TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS players (
    token TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL, name TEXT NOT NULL, UNIQUE (game, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE INDEX IF NOT EXISTS games_touched ON games (touched);
CREATE INDEX IF NOT EXISTS games_client ON games (client);
"""
"""The schema of :data:`SCHEMA_VERSION`, its column types filled in per database."""


class StorageError(QwixxError):
    """The database could not do what a request needed (locked past :data:`BUSY_SECONDS`,
    read-only, full, unreachable, a damaged row): one line naming no server path, answered
    503; nothing of the request was taken in."""


def default_path() -> Path:
    """``qwixx-print/web.sqlite3`` in the user's data folder (platformdirs), e.g.
    ``~/.local/share/qwixx-print/web.sqlite3`` on Linux."""
    return folders.data_folder() / "web.sqlite3"


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


class GameLimits(NamedTuple):
    """How many games a database holds: ``most`` in all, ``per_client`` made from one client
    address, and ``idle`` seconds after its last move (or its start) a game expires."""

    most: int
    per_client: int
    idle: float


class Transaction:
    """One open transaction of a :class:`Store`: statements written with ``?`` for their
    parameters (``%s`` for PostgreSQL is the backend's business)."""

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row of ``sql``, or None."""
        raise NotImplementedError

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of ``sql``."""
        raise NotImplementedError

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run ``sql``; the number of rows it changed."""
        raise NotImplementedError

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run ``sql`` once per row of parameters."""
        raise NotImplementedError


class GameWrite(NamedTuple):
    """A move's transaction on one game (:meth:`Store.writing`): ``moves``, the number of
    log entries stored (the next one's sequence number), read under the game's write lock."""

    store: Store
    tx: Transaction
    game_id: str
    moves: int

    def entries(self, first: int) -> list[Any]:
        """The stored log entries from ``first`` on (another process's moves)."""
        return self.store.entries_of(self.tx, self.game_id, first)

    def append(self, entries: list[Any]) -> None:
        """Store ``entries`` as the log entries ``moves``, ``moves + 1``, ... and the game's
        new count, in this transaction."""
        self.tx.many(
            "INSERT INTO entries (game, seq, entry) VALUES (?, ?, ?)",
            [
                (self.game_id, self.moves + k, json.dumps(entry, ensure_ascii=False))
                for k, entry in enumerate(entries)
            ],
        )
        changed = self.tx.run(
            "UPDATE games SET moves = ?, touched = ? WHERE id = ? AND moves = ?",
            (self.moves + len(entries), time.time(), self.game_id, self.moves),
        )
        if changed != 1:  # the write lock makes this impossible; never store a gap
            raise StorageError("the game changed while its move was stored: try again")


class Store:
    """The database of a server (see the module's text); ``where`` names it in the lines
    ``serve`` prints at start (never in an answer to a request). The backends give the
    transactions (:meth:`_transaction`) and the game's write lock (:meth:`_lock_game`)."""

    where: str

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Transaction]:
        """One transaction, committed when the block ends, rolled back when it raises; a
        ``write`` one takes the lock that serialises writers. The database's own errors
        come out as StorageError."""
        raise NotImplementedError
        yield  # pragma: no cover

    def _lock_game(self, tx: Transaction, game_id: str) -> int | None:
        """The stored move count of ``game_id`` with its write lock held until ``tx`` ends;
        None when there is no such game."""
        raise NotImplementedError

    def _serialise(self, tx: Transaction) -> None:
        """Make the counting transactions (a new game, an upload) of every process on this
        database run one after another (SQLite's write transactions already do)."""

    def close(self) -> None:
        """Close the database's connections."""

    def secret(self, key: str, make: Any) -> str:
        """The stored value of ``key`` in ``meta``, made with ``make()`` and stored the first
        time (the session signing key survives restarts and is shared by every process on
        the database, so open pages keep working)."""
        with self._transaction(write=True) as tx:
            tx.run(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                (key, str(make())),
            )
            row = tx.one("SELECT value FROM meta WHERE key = ?", (key,))
        assert row is not None
        return str(row[0])

    def add_layout(self, layout_id: str, yaml: bytes, most: int) -> bool:
        """Store an uploaded layout's YAML under ``layout_id``; False (nothing stored) when
        ``most`` layouts are stored already."""
        with self._transaction(write=True) as tx:
            self._serialise(tx)
            count = tx.one("SELECT COUNT(*) FROM layouts")
            if count is not None and count[0] >= most:
                return False
            tx.run(
                "INSERT INTO layouts (id, yaml, created) VALUES (?, ?, ?)",
                (layout_id, yaml, time.time()),
            )
            return True

    def layout_yaml(self, layout_id: str) -> bytes | None:
        """The YAML bytes of the uploaded layout ``layout_id``, or None."""
        with self._transaction(write=False) as tx:
            row = tx.one("SELECT yaml FROM layouts WHERE id = ?", (layout_id,))
        return None if row is None else bytes(row[0])

    def add_game(
        self,
        game_id: str,
        layout: str,
        host: str,
        players: list[tuple[str, str]],
        limits: GameLimits,
        client: str = "",
        sheets: Mapping[str, Any] | None = None,
    ) -> str | None:
        """Store a new game with its ``host`` token, its ``players`` as (token, name) in
        seat order, the ``client`` address that made it and the players' own ``sheets``
        (see :class:`StoredGame`), after the games idle longer than ``limits.idle`` are
        deleted. None when stored; else why not (nothing stored): ``"all"`` when
        ``limits.most`` games are stored, ``"client"`` when ``limits.per_client`` of them
        were made from ``client`` (``""``: not counted)."""
        now = time.time()
        with self._transaction(write=True) as tx:
            self._serialise(tx)
            self._expire(tx, now - limits.idle)
            total = tx.one("SELECT COUNT(*) FROM games")
            if total is not None and total[0] >= limits.most:
                return "all"
            mine = tx.one("SELECT COUNT(*) FROM games WHERE client = ?", (client,))
            if client and mine is not None and mine[0] >= limits.per_client:
                return "client"
            tx.run(
                "INSERT INTO games (id, layout, host, created, sheets, moves, touched, client)"
                " VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
                (
                    game_id,
                    layout,
                    host,
                    now,
                    None if sheets is None else json.dumps(sheets),
                    now,
                    client,
                ),
            )
            tx.many(
                "INSERT INTO players (token, game, seat, name) VALUES (?, ?, ?, ?)",
                [(token, game_id, seat, name) for seat, (token, name) in enumerate(players)],
            )
            return None

    def expire(self, idle: float) -> int:
        """Delete the games not played for ``idle`` seconds; how many."""
        with self._transaction(write=True) as tx:
            return self._expire(tx, time.time() - idle)

    @staticmethod
    def _expire(tx: Transaction, before: float) -> int:
        old = "SELECT id FROM games WHERE touched < ?"
        tx.run(f"DELETE FROM entries WHERE game IN ({old})", (before,))
        tx.run(f"DELETE FROM players WHERE game IN ({old})", (before,))
        return tx.run("DELETE FROM games WHERE touched < ?", (before,))

    def moves(self, game_id: str, idle: float) -> int | None:
        """How many log entries ``game_id`` has stored (one cheap read, before every move
        and poll: a process's copy of the game is behind when it has fewer); None when there
        is no such game, or it was not played for ``idle`` seconds (it has expired: the next
        new game deletes it)."""
        with self._transaction(write=False) as tx:
            row = tx.one(
                "SELECT moves FROM games WHERE id = ? AND touched >= ?",
                (game_id, time.time() - idle),
            )
        return None if row is None else int(row[0])

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game ``game_id`` with its log entries, or None."""
        with self._transaction(write=False) as tx:
            row = tx.one("SELECT layout, host, sheets FROM games WHERE id = ?", (game_id,))
            if row is None:
                return None
            players = tx.all(
                "SELECT token, name FROM players WHERE game = ? ORDER BY seat", (game_id,)
            )
            entries = self.entries_of(tx, game_id, 0)
        return StoredGame(
            game_id,
            str(row[0]),
            str(row[1]),
            tuple(str(name) for _, name in players),
            tuple(str(token) for token, _ in players),
            entries,
            None if row[2] is None else _loads(row[2]),
        )

    def entries(self, game_id: str, first: int) -> list[Any]:
        """The stored log entries of ``game_id`` from ``first`` on."""
        with self._transaction(write=False) as tx:
            return self.entries_of(tx, game_id, first)

    @staticmethod
    def entries_of(tx: Transaction, game_id: str, first: int) -> list[Any]:
        """The stored log entries of ``game_id`` from ``first`` on, in order."""
        rows = tx.all(
            "SELECT seq, entry FROM entries WHERE game = ? AND seq >= ? ORDER BY seq",
            (game_id, first),
        )
        if [seq for seq, _ in rows] != list(range(first, first + len(rows))):
            raise StorageError("a stored game has a gap in its moves: the database is damaged")
        return [_loads(entry) for _, entry in rows]

    @contextmanager
    def writing(self, game_id: str) -> Iterator[GameWrite | None]:
        """A move's transaction on ``game_id`` (None when there is no such game): its
        stored count read under the game's write lock, held until the block ends, when
        what it appended is committed. Raises StorageError (nothing stored) when the lock
        is not had within :data:`BUSY_SECONDS` or the database fails."""
        with self._transaction(write=True) as tx:
            moves = self._lock_game(tx, game_id)
            yield None if moves is None else GameWrite(self, tx, game_id, moves)


def _loads(text: Any) -> Any:
    """A stored JSON value; StorageError for a damaged one."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise StorageError("a stored game cannot be read: the database is damaged") from None


def opened(db: str | Path | None) -> Store:
    """The database ``db`` names: a ``postgresql://`` (or ``postgres://``) URL, or an SQLite
    file; None: the environment variable :data:`ENV`, else :func:`default_path`. Raises
    OutputError (one line) when it cannot be opened, is damaged or is not ours."""
    import os

    given = str(db) if db is not None else os.environ.get(ENV) or None
    if given is not None and given.startswith(("postgresql://", "postgres://")):
        from qwixx_print.web.postgres import PostgresStore

        return PostgresStore(given)
    from qwixx_print.web.sqlite import SQLiteStore

    return SQLiteStore(Path(given) if given is not None else default_path())
