"""``qwixx-print serve``: where it says to open the page, the warning off loopback, one
line and exit 2 when it cannot start, and a clean stop on Ctrl-C."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from qwixx_print.web.server import WARNING, addresses
from tests.browser import serve_command, served, start, stop


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


def test_a_database_in_a_folder_that_does_not_exist_is_refused_not_made(tmp_path: Path) -> None:
    """A typo in --db would serve an empty database and hide every stored game (newcomer);
    the default database's folder is made, a named one must exist, as for --out."""
    db = tmp_path / "gmaes" / "w.db"
    run = subprocess.run(serve_command(db), capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"qwixx-print: {db}: the folder {db.parent} does not exist\n"
    assert not db.parent.exists()


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


def test_an_ipv6_address_is_printed_in_brackets() -> None:
    assert addresses("::1", 8000) == [
        "open http://[::1]:8000/ in a browser (Ctrl-C stops the server)"
    ]
    assert addresses("fd00::20", 80) == [
        "open http://[fd00::20]:80/ in a browser (Ctrl-C stops the server)",
        WARNING,
    ]


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback")
def test_a_server_on_ipv6_loopback_hands_out_links_and_qr_codes_in_brackets(
    tmp_path: Path,
) -> None:
    from qwixx_print.web.counter import _qr

    command = [*serve_command(tmp_path / "w.db"), "--host", "::1"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        found = re.fullmatch(
            r"open (http://\[::1\]:\d+)/ in a browser \(Ctrl-C stops the server\)\n",
            process.stdout.readline(),
        )
        assert found, "serve printed no bracketed address"
        base = found[1]
        body = json.dumps({"layout": "classic", "players": ["Léa"]}).encode()
        request = urllib.request.Request(
            base + "/api/games", body, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=20) as answer:
            game = json.load(answer)
        link = game["links"]["Léa"]
        assert link == f"{base}/games/{game['game']}/{game['tokens']['Léa']}"
        with urllib.request.urlopen(game["host"], timeout=20) as answer:
            host = answer.read().decode()
        assert f'<a href="{link}">' in host and str(_qr(link)) in host
    finally:
        assert stop(process) == 0


@pytest.mark.parametrize("host", ["256.1.1.1", "nosuchhost.invalid"])
def test_a_host_that_is_no_address_is_one_line_exit_2_and_no_database(
    tmp_path: Path, host: str
) -> None:
    run = subprocess.run(
        [*serve_command(tmp_path / "w.db"), "--host", host],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == (
        f"qwixx-print: {host}: no address of this computer (give an IP address such as "
        "127.0.0.1, 0.0.0.0 or ::1, or a host name that resolves)\n"
    )
    assert not (tmp_path / "w.db").exists()


def test_the_task_queue_warnings_stay_quiet_and_errors_still_print(tmp_path: Path) -> None:
    script = (
        "import logging\n"
        "from qwixx_print.web.server import quiet_queue\n"
        "quiet_queue()\n"
        "logging.getLogger('waitress.queue').warning('Task queue depth is %d', 3)\n"
        "logging.getLogger('waitress').error('Socket error')\n"
        "logging.getLogger('waitress.queue').error('a queue error')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert run.stderr == "Socket error\na queue error\n"  # as serve's terminal shows them


def _post(url: str, body: object) -> int:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        refused.close()
        return int(refused.code)


def test_thirty_taps_at_once_leave_the_terminal_quiet(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    process, base = start(tmp_path / "w.db")
    try:
        body = json.dumps({"layout": "classic", "players": ["Ann", "Ben", "Cid"]}).encode()
        request = urllib.request.Request(
            base + "/api/games", body, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=20) as answer:
            game = json.load(answer)
        taps = [
            (name, {"kind": "cross", "row": row, "index": 0})
            for name in ("Ann", "Ben", "Cid")
            for row in ("red", "yellow", "green", "blue")
        ] + [(name, {"kind": "penalty"}) for name in ("Ann", "Ben", "Cid")] * 6
        with ThreadPoolExecutor(len(taps)) as pool:
            statuses = list(
                pool.map(
                    lambda tap: _post(
                        f"{base}/api/games/{game['game']}/{game['tokens'][tap[0]]}/moves", tap[1]
                    ),
                    taps,
                )
            )
    finally:
        process.send_signal(signal.SIGINT)
        assert process.stdout is not None
        out = process.stdout.read()
        process.wait(timeout=30)
        process.stdout.close()
    assert len(taps) == 30 and statuses.count(200) >= 12  # every field; penalties up to the last
    assert out == "stopped\n"  # no "Task queue depth is N" lines
