"""A real PostgreSQL server for the tests, started by them: Debian's PostgreSQL
(``/usr/lib/postgresql/*/bin``), ``initdb`` and ``pg_ctl`` run as the ``postgres`` user when
the tests run as root, the cluster in a temporary folder owned by it, listening on a Unix
socket in that folder only (``listen_addresses=''``), stopped and removed at the end of the
session. Each test gets a database of its own.

Where PostgreSQL is missing the tests that need it skip with a message, except under CI
(``CI`` set), where they fail: ``.ci/run`` installs it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def binaries() -> Path | None:
    """The folder of PostgreSQL's ``initdb`` and ``pg_ctl`` (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _as_owner(command: list[str], owner: str | None) -> list[str]:
    return ["runuser", "-u", owner, "--", *command] if owner else command


@contextmanager
def running() -> Iterator[str]:
    """Start a PostgreSQL server in a new temporary folder; yield the URL of its
    ``postgres`` database (``postgresql://postgres@/postgres?host=FOLDER``); stop it and
    remove the folder at the end. Skips (fails under CI) where PostgreSQL is missing."""
    folder_bin = binaries()
    if folder_bin is None:
        why = "PostgreSQL is missing (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {why}")
        pytest.skip(why)
    owner = "postgres" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="qwixx-pg-"))
    data = folder / "data"
    try:
        if owner is not None:
            entry = pwd.getpwnam(owner)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        user = owner or pwd.getpwuid(os.geteuid()).pw_name
        subprocess.run(
            _as_owner(
                [str(folder_bin / "initdb"), "-D", str(data), "-U", user, "-A", "trust",
                 "-E", "UTF8", "--no-sync"],
                owner,
            ),
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        options = f"-c listen_addresses='' -k {folder} -c fsync=off -c max_connections=200"
        subprocess.run(
            _as_owner(
                [str(folder_bin / "pg_ctl"), "-D", str(data), "-o", options, "-w",
                 "-t", "60", "-l", str(folder / "log"), "start"],
                owner,
            ),
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    except (subprocess.SubprocessError, OSError) as exc:
        log = folder / "log"
        said = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"PostgreSQL could not be started: {exc} {said}")
    try:
        yield f"postgresql://{user}@/postgres?host={folder}"
    finally:
        subprocess.run(
            _as_owner([str(folder_bin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                      owner),
            capture_output=True, timeout=120,
        )  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


def new_database(server: str, name: str) -> str:
    """Create the database ``name`` on ``server`` (the URL :func:`running` gave); its URL."""
    import psycopg

    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return server.replace("@/postgres?", f"@/{name}?")
