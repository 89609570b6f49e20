"""The SQLite store of the web page's games (standard library, WAL mode): the embedded
default, in the user's data folder unless ``serve --db`` names another file. The schema and
the guarantees are those of :mod:`qwixx_print.web.storage`; an earlier server's unmarked file
(schema 1) is brought to the schema, another program's file is refused and left as it was.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from qwixx_print.errors import OutputError
from qwixx_print.web.storage import (
    APPLICATION_ID,
    BUSY_SECONDS,
    SCHEMA,
    SCHEMA_VERSION,
    StorageError,
    Store,
    Transaction,
)


def _sqlite_failure(exc: sqlite3.Error) -> StorageError:
    """The one line a request gets for an SQLite error (never the file's path)."""
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        why = f"the database is busy (locked for more than {BUSY_SECONDS:g} s)"
    elif "readonly" in text or "read-only" in text:
        why = "the database is read-only"
    elif "full" in text:
        why = "the database's disk is full"
    elif "malformed" in text or "not a database" in text or "corrupt" in text:
        why = "the database is damaged"
    else:
        why = f"the database failed ({type(exc).__name__})"
    return StorageError(f"{why}: nothing was stored, try again later")


class _SQLiteTransaction(Transaction):
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        row: tuple[Any, ...] | None = self.db.execute(sql, params).fetchone()
        return row

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return list(self.db.execute(sql, params).fetchall())

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.db.execute(sql, params).rowcount

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)


V1_COLUMNS = {
    "meta": {"key", "value"},
    "layouts": {"id", "yaml", "created"},
    "games": {"id", "layout", "host", "created", "sheets"},
    "players": {"token", "game", "seat", "name"},
    "entries": {"game", "seq", "entry"},
}
"""The unmarked SQLite file of earlier servers (schema 1)."""
V1_GAMES = V1_COLUMNS["games"] - {"sheets"}
"""Its ``games`` before the players' own sheets."""


class SQLiteStore(Store):
    """The SQLite file at ``path`` (created with its folder when missing), in WAL mode.
    Each thread keeps its own connection (sqlite3 connections are never shared across
    threads), open for the life of the store: closing the last one would checkpoint the
    WAL, an fsync per move. Raises OutputError (one line, exit 2 at ``serve``) when the file
    cannot be opened or written, is damaged, or is another program's database (which is
    left as it was)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()
        try:
            if path.exists() and path.stat().st_size > 0:
                self._check_ours_while_made()
            path.parent.mkdir(parents=True, exist_ok=True)
            self._set_up()
        except sqlite3.Error as exc:
            raise OutputError(f"{path}: cannot open the database ({exc})") from None
        except OSError as exc:
            raise OutputError(f"{path}: cannot open the database ({exc.strerror})") from None

    def _check_ours_while_made(self) -> None:
        """:meth:`_check_ours`, asked again for up to :data:`BUSY_SECONDS` while SQLite
        cannot open the file read-only yet (``sqlite3.OperationalError``): another server
        started at the same moment may be turning the new file into a WAL database, whose
        shared-memory file a read-only connection cannot make itself. Every other refusal
        stands at once."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                return self._check_ours(retry=time.monotonic() < deadline)
            except _NotYet:
                time.sleep(0.05)

    def _check_ours(self, retry: bool = False) -> None:
        """Refuse a file that is no SQLite database, is damaged, or is another program's
        (read-only: nothing is written before it is known to be ours)."""
        uri = self.path.resolve().as_uri() + "?mode=ro"
        try:
            db = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS)
        except sqlite3.Error as exc:
            raise OutputError(f"{self.path}: cannot open the database ({exc})") from None
        try:
            try:
                (app,) = db.execute("PRAGMA application_id").fetchone()
                (version,) = db.execute("PRAGMA user_version").fetchone()
                tables = {
                    name: {row[1] for row in db.execute(f"PRAGMA table_info({_quoted(name)})")}
                    for (name,) in db.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'table'"
                    ).fetchall()
                }
                (check,) = db.execute("PRAGMA quick_check(1)").fetchone()
            except sqlite3.DatabaseError as exc:
                if (
                    retry
                    and isinstance(exc, sqlite3.OperationalError)
                    and "readonly" not in str(exc)
                ):
                    raise _NotYet from None
                if "readonly" in str(exc):
                    raise OutputError(
                        f"{self.path}: cannot open the database: it is read-only here ({exc})"
                    ) from None
                raise OutputError(
                    f"{self.path}: not a qwixx-print database, or a damaged one ({exc}): "
                    "give --db another file"
                ) from None
        finally:
            db.close()
        if check != "ok":
            raise OutputError(f"{self.path}: the database is damaged ({check})")
        if app == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise OutputError(
                    f"{self.path}: made by a newer qwixx-print (schema {version}; "
                    f"this one reads {SCHEMA_VERSION})"
                )
            return
        if app == 0 and version == 0 and not tables:
            return  # an empty database (another server may be making it now): ours to make
        old = app == 0 and version == 0 and {"games", "players", "entries"} <= set(tables)
        if old and all(
            name in V1_COLUMNS
            and (columns == V1_COLUMNS[name] or (name, columns) == ("games", V1_GAMES))
            for name, columns in tables.items()
        ):
            return  # an earlier server's file: taken over in _set_up
        raise OutputError(
            f"{self.path}: not a qwixx-print database (another program's file, left as it "
            "was): give --db another file"
        )

    def _set_up(self) -> None:
        """Make the schema (or bring an earlier server's file to it) and check that the
        file can be written, in one transaction; WAL mode."""
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("BEGIN IMMEDIATE")
            try:
                (version,) = db.execute("PRAGMA user_version").fetchone()
                if version < SCHEMA_VERSION:
                    _upgrade(db)
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                db.execute(
                    "INSERT INTO meta (key, value) VALUES ('opened', ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (str(time.time()),),
                )  # a database that cannot be written is said at start
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection, opened the first time (autocommit mode; WAL with
        ``synchronous=FULL``: a commit is on disk before the move is answered, so it
        survives a crash of the server and a power cut; a busy database is waited for at
        most :data:`BUSY_SECONDS`)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(
                self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
            )
            db.execute("PRAGMA synchronous=FULL")
            self._local.db = db
            with self._all_lock:
                self._all.append(db)
        return db

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Transaction]:
        try:
            db = self._connection()
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as exc:
            raise _sqlite_failure(exc) from None
        try:
            yield _SQLiteTransaction(db)
        except sqlite3.Error as exc:
            _roll_back(db)
            raise _sqlite_failure(exc) from None
        except BaseException:
            _roll_back(db)
            raise
        try:
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            _roll_back(db)
            raise _sqlite_failure(exc) from None

    def _lock_game(self, tx: Transaction, game_id: str) -> int | None:
        row = tx.one("SELECT moves FROM games WHERE id = ?", (game_id,))  # BEGIN IMMEDIATE
        return None if row is None else int(row[0])

    def journal_mode(self) -> str:
        """The database's journal mode (``wal``)."""
        with self._transaction(write=False) as tx:
            row = tx.one("PRAGMA journal_mode")
        assert row is not None
        return str(row[0])

    def close(self) -> None:
        with self._all_lock:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()


def _roll_back(db: sqlite3.Connection) -> None:
    """End the open transaction of ``db`` without its changes (SQLite may have ended it
    already, on a full disk)."""
    if db.in_transaction:
        with suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def _quoted(name: str) -> str:
    """An SQL identifier in double quotes (a table name read from a foreign file)."""
    return '"' + name.replace('"', '""') + '"'


class _NotYet(Exception):
    """The file could not be opened read-only for a moment
    (:meth:`SQLiteStore._check_ours_while_made`)."""


def _upgrade(db: sqlite3.Connection) -> None:
    """Make the schema, bringing an earlier server's tables to it: the ``games`` columns
    ``sheets`` (NULL: those games were played on the layout's first sheet), ``moves`` (its
    stored entries), ``touched`` (now: their idle time starts with the upgrade) and
    ``client`` (unknown: empty)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    if columns:
        for column, kind in (
            ("sheets", "TEXT"),
            ("moves", "INTEGER NOT NULL DEFAULT 0"),
            ("touched", "REAL NOT NULL DEFAULT 0"),
            ("client", "TEXT NOT NULL DEFAULT ''"),
        ):
            if column not in columns:
                db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
        if "moves" not in columns:
            db.execute(
                "UPDATE games SET moves = (SELECT COUNT(*) FROM entries"
                " WHERE entries.game = games.id), touched = ?",
                (time.time(),),
            )
    for statement in SCHEMA.format(blob="BLOB", real="REAL").split(";"):
        if statement.strip():
            db.execute(statement)
