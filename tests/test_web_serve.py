"""``qwixx-print serve``: where it says to open the page, the warning off loopback, one
line and exit 2 when it cannot start, and a clean stop on Ctrl-C."""

from __future__ import annotations

import signal
import socket
import subprocess
from pathlib import Path

import pytest

from qwixx_print.web.server import WARNING, addresses
from tests.browser import serve_command, served


def test_loopback_says_where_to_open_the_page_and_warns_of_nothing() -> None:
    assert addresses("127.0.0.1", 8000) == [
        "open http://127.0.0.1:8000/ in a browser (Ctrl-C stops the server)"
    ]


def test_all_addresses_print_the_network_address_and_a_one_line_warning() -> None:
    first, warning = addresses("0.0.0.0", 8123)
    assert first.startswith("open http://") and ":8123/ on any device of this network" in first
    assert (
        warning
        == WARNING
        == ("warning: anyone on this network can open this page and change its games")
    )
    assert addresses("192.168.1.20", 80)[1] == WARNING


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            serve_command(tmp_path / "w.db", port),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert run.returncode == 2
    assert (
        run.stderr
        == f"qwixx-print: 127.0.0.1:{port}: cannot serve there (Address already in use)\n"
    )


def test_a_database_that_cannot_be_created_is_one_line_and_exit_2(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    run = subprocess.run(
        serve_command(blocker / "w.db"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.startswith(f"qwixx-print: {blocker / 'w.db'}: cannot open the database (")
    assert run.stderr.count("\n") == 1


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    process = subprocess.Popen(
        serve_command(tmp_path / "w.db"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    with process:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("open http://127.0.0.1:")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert (process.returncode, out, err) == (0, "stopped\n", "")
    assert (tmp_path / "w.db").exists()


def test_the_served_page_answers_on_loopback(tmp_path: Path) -> None:
    import urllib.request

    with served(tmp_path / "w.db") as base, urllib.request.urlopen(base + "/", timeout=20) as page:
        assert page.status == 200
        assert b'<li class="card" data-layout="classic">' in page.read()


def test_the_default_database_is_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qwixx_print.web.storage import default_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "qwixx-print" / "web.sqlite3"
