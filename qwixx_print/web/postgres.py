"""The web page's database in PostgreSQL, for hosting (``serve --db postgresql://...``): the
schema of :mod:`qwixx_print.web.storage` with its guarantees, through psycopg 3 and a
psycopg-pool connection pool shared by the server's threads. Several server processes (on
several machines) may share one database: a move's transaction locks its game's row
(``SELECT ... FOR UPDATE``), and a new game or upload takes a transaction-scoped advisory
lock, so the limits hold across processes.

Our database is marked by the table ``qwixx_print`` (``application``, ``schema``): a database
with one of the schema's tables and no marker is another program's and is refused at start,
untouched. Imported only for a ``postgresql://`` database.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo
from psycopg_pool import ConnectionPool, PoolTimeout

from qwixx_print.errors import OutputError
from qwixx_print.web.storage import (
    BUSY_SECONDS,
    SCHEMA,
    SCHEMA_VERSION,
    TABLES,
    StorageError,
    Store,
    Transaction,
)

MARKER = "qwixx_print"
"""The table that marks a PostgreSQL database as ours."""

LOCK_KEY = 0x51575850
"""The advisory lock of the counting transactions (and of making the schema)."""

POOL_SIZE = 16
"""Most connections one server process holds (its threads share them)."""


def _failure(exc: BaseException) -> StorageError:
    """The one line a request gets for a PostgreSQL error (never the server's address)."""
    state = getattr(exc, "sqlstate", None) or ""
    if isinstance(exc, PoolTimeout) or state in ("55P03", "57014"):
        why = f"the database is busy (locked for more than {BUSY_SECONDS:g} s)"
    elif state == "25006":
        why = "the database is read-only"
    elif state.startswith("53"):
        why = "the database server is out of room"
    elif isinstance(exc, psycopg.OperationalError):
        why = "the database cannot be reached"
    else:
        why = f"the database failed ({type(exc).__name__})"
    return StorageError(f"{why}: nothing was stored, try again later")


class _PostgresTransaction(Transaction):
    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        row: tuple[Any, ...] | None = self.conn.execute(_query(sql), params).fetchone()
        return row

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(_query(sql), params).fetchall())

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(_query(sql), params).rowcount

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cursor:
            cursor.executemany(_query(sql), rows)


def _query(sql: str) -> Any:
    """The statement with psycopg's placeholders (the schema's SQL has no ``%``)."""
    return sql.replace("?", "%s")


def shown(url: str) -> str:
    """The database ``url`` for a line at start: its database, user and host, never its
    password."""
    try:
        parts = conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(a URL that cannot be read)"
    host = parts.get("host") or "localhost"
    return f"PostgreSQL database {parts.get('dbname', '?')} on {host}"


class PostgresStore(Store):
    """The PostgreSQL database at ``url`` (``postgresql://USER@HOST/DB``, or with
    ``?host=/socket/folder``); the schema is made when the database has none. Raises
    OutputError (one line) when it cannot be reached or holds another program's tables."""

    def __init__(self, url: str) -> None:
        self.where = shown(url)
        timeout_ms = int(BUSY_SECONDS * 1000)
        try:
            self._pool = ConnectionPool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=BUSY_SECONDS,
                open=False,
                kwargs={"options": f"-c lock_timeout={timeout_ms} -c statement_timeout=30000"},
            )
        except psycopg.Error as exc:
            raise OutputError(f"{self.where}: cannot open the database ({exc})") from None
        try:
            self._pool.open(wait=True, timeout=BUSY_SECONDS * 2)
            self._set_up()
        except (psycopg.Error, PoolTimeout) as exc:
            self._pool.close()
            line = " ".join(str(exc).split()) or type(exc).__name__
            raise OutputError(f"{self.where}: cannot open the database ({line})") from None
        except OutputError:
            self._pool.close()
            raise

    def _set_up(self) -> None:
        """Make the schema and its marker, or check they are ours, in one transaction
        under the advisory lock (several processes may start at once)."""
        with self._pool.connection() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            marked = conn.execute("SELECT to_regclass(%s)", (MARKER,)).fetchone()
            if marked is None or marked[0] is None:
                found = conn.execute(
                    "SELECT table_name FROM information_schema.tables"
                    " WHERE table_schema = current_schema() AND table_name = ANY(%s)",
                    (list(TABLES),),
                ).fetchall()
                if found:
                    names = ", ".join(sorted(str(name) for (name,) in found))
                    raise OutputError(
                        f"{self.where}: not a qwixx-print database (it has the tables "
                        f"{names} and no {MARKER} marker; left as it was): give --db "
                        "another database"
                    )
                conn.execute(f"CREATE TABLE {MARKER} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                conn.execute(
                    f"INSERT INTO {MARKER} (key, value) VALUES ('application', 'qwixx-print'),"
                    " ('schema', %s)",
                    (str(SCHEMA_VERSION),),
                )
                for statement in SCHEMA.format(blob="BYTEA", real="DOUBLE PRECISION").split(";"):
                    if statement.strip():
                        conn.execute(_query(statement))
            self._check_marker(conn)
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('opened', %s)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (str(time.time()),),
            )  # a database that cannot be written is said at start

    def _check_marker(self, conn: psycopg.Connection[Any]) -> None:
        """Refuse a database whose marker is not ours or names another schema version."""
        rows: dict[str, str] = dict(conn.execute(f"SELECT key, value FROM {MARKER}").fetchall())
        if rows.get("application") != "qwixx-print":
            raise OutputError(f"{self.where}: not a qwixx-print database")
        version = int(rows.get("schema", "0"))
        if version != SCHEMA_VERSION:
            raise OutputError(
                f"{self.where}: schema {version}, this qwixx-print reads {SCHEMA_VERSION}"
            )

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Transaction]:
        try:
            with self._pool.connection() as conn:
                yield _PostgresTransaction(conn)
        except (psycopg.Error, PoolTimeout) as exc:
            raise _failure(exc) from None

    def _lock_game(self, tx: Transaction, game_id: str) -> int | None:
        row = tx.one("SELECT moves FROM games WHERE id = ? FOR UPDATE", (game_id,))
        return None if row is None else int(row[0])

    def _serialise(self, tx: Transaction) -> None:
        tx.one("SELECT pg_advisory_xact_lock(?)", (LOCK_KEY,))

    def close(self) -> None:
        self._pool.close()
