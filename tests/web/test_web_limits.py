"""A real server holds a club (issue 23 item 3): idle and trickling sockets are closed
after their bound while taps are answered, far more connections than waitress's default
of 100 are held, a huge body is refused before it is read, uploads and PDFs run in their
own small pool (503 "busy" past a bounded wait) so taps never wait behind them, and
``serve --allowed-host`` names the hosts a request may name."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from qwixx_print.web import guard
from qwixx_print.web.server import Limits
from tests.browser import serve_command, stop
from tests.webclient import one_line_error, token

SERVER = """
import sys
from pathlib import Path
from qwixx_print.web import create_app
from qwixx_print.web.server import Limits, make_server

app = create_app(Path(sys.argv[1]))
limits = Limits(channel_timeout=2, request_timeout=2.0, cleanup_interval=1)
server = make_server(app, "127.0.0.1", 0, limits)
print(server.effective_port, flush=True)
try:
    server.run()
except KeyboardInterrupt:
    pass
"""
"""waitress in a process of its own with short bounds (2 s idle, 2 s for a request to
arrive), the limits otherwise as ``serve`` sets them."""


@contextmanager
def short_bounds_server(db: Path) -> Iterator[int]:
    """The :data:`SERVER` on a free loopback port: its port; stopped with Ctrl-C."""
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.strip().isdigit():
        stop(process)
        raise AssertionError(f"the server printed {line!r}")
    try:
        yield int(line)
    finally:
        stop(process)


def request(port: int, raw: bytes, timeout: float = 30.0) -> bytes:
    """Send ``raw`` on a new connection and read the answer until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(raw)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def api(port: int, method: str, path: str, body: object = None) -> tuple[int, object]:
    data = b"" if body is None else json.dumps(body).encode()
    answer = request(
        port,
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
        + data,
    )
    head, _, payload = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(payload) if payload else None


def closed_by_server(conn: socket.socket) -> bool:
    """Whether the server closes ``conn`` (reads until the end; its timeout bounds it)."""
    try:
        while conn.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def test_idle_and_trickling_sockets_are_closed_after_their_bound_while_taps_are_answered(
    tmp_path: Path,
) -> None:
    """150 idle sockets (more than waitress's default limit of 100, which blocked every
    tap) and one sending a byte every half second: a tap is answered meanwhile; the idle
    ones are closed after the idle bound and the trickling one after the request bound,
    though it never stopped sending."""
    with short_bounds_server(tmp_path / "w.db") as port:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(150)]
        trickle = socket.create_connection(("127.0.0.1", port), timeout=30)
        trickled = threading.Event()
        cut = threading.Event()

        def drip() -> None:
            try:
                trickle.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                for _ in range(120):  # 60 s at most; the bound is 2 s
                    time.sleep(0.5)
                    trickle.sendall(b"a")
                    trickled.set()
            except OSError:
                cut.set()

        dripping = threading.Thread(target=drip, daemon=True)
        dripping.start()
        try:
            status, made = api(port, "POST", "/api/games", {"layout": "classic", "players": ["A"]})
            assert status == 201 and isinstance(made, dict)
            tapped, state = api(
                port,
                "POST",
                f"/api/games/{made['game']}/{made['tokens']['A']}/moves",
                {"kind": "cross", "row": "red", "index": 0},
            )
            assert tapped == 200 and isinstance(state, dict)
            assert state["players"][0]["crossed"]["red"] == [0]
            assert all(closed_by_server(conn) for conn in idle)
            assert trickled.is_set()
            assert closed_by_server(trickle)
            dripping.join(60)
            assert cut.is_set() or not dripping.is_alive()
        finally:
            for conn in [*idle, trickle]:
                conn.close()


def test_a_huge_body_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """A 60 MB upload announced by its length: the 413 comes back after the headers alone,
    without one byte of the body sent (waitress alone would take 1 GB)."""
    with short_bounds_server(tmp_path / "w.db") as port:
        head = (
            "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: multipart/form-data; boundary=x\r\n"
            f"Content-Length: {60_000_000}\r\n\r\n"
        ).encode()
        answer = request(port, head)
    assert answer.startswith(b"HTTP/1.1 413 ")


def test_serve_sets_limits_far_above_a_clubs_phones() -> None:
    limits = Limits()
    settings = limits.waitress()
    assert settings["connection_limit"] >= 1000  # 300 phones with room to spare
    assert settings["max_request_body_size"] == guard.MAX_REQUEST
    assert settings["asyncore_use_poll"] is True  # select() stops at 1024 sockets
    assert limits.request_timeout <= 30 and limits.channel_timeout <= 120
    assert limits.threads > guard.HEAVY_SLOTS + 8


# -- the heavy pool ------------------------------------------------------------------------


@contextmanager
def pool_taken(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every slot of the heavy pool held (as by uploads in progress), a short wait."""
    monkeypatch.setattr(guard, "HEAVY_WAIT", 0.05)
    for _ in range(guard.HEAVY_SLOTS):
        assert guard._HEAVY.acquire(timeout=5)
    try:
        yield
    finally:
        for _ in range(guard.HEAVY_SLOTS):
            guard._HEAVY.release()


def test_with_the_pool_busy_uploads_and_pdfs_answer_503_and_taps_go_through(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (Path(__file__).parents[2] / "qwixx_print" / "layouts" / "classic.yaml").read_text()
    made = client.post("/api/games", json={"layout": "classic", "players": ["Ann"]}).get_json()
    csrf = token(client)
    with pool_taken(monkeypatch):
        upload = client.post("/upload", data={"text": text, "csrf_token": csrf})
        pdf = client.get("/pdf?layout=doppelt&pages=3")
        tap = client.post(
            f"/api/games/{made['game']}/{made['tokens']['Ann']}/moves",
            json={"kind": "cross", "row": "red", "index": 0},
        )
        page = client.get(f"/games/{made['game']}/{made['tokens']['Ann']}")
    assert upload.status_code == pdf.status_code == 503
    assert one_line_error(upload.get_data(as_text=True)) == guard.BUSY
    assert tap.status_code == 200 and tap.get_json()["players"][0]["crossed"]["red"] == [0]
    assert page.status_code == 200
    again = client.post("/upload", data={"text": text, "csrf_token": csrf})
    assert again.status_code == 303  # a slot free again: the upload goes through


def test_past_the_waiting_room_a_heavy_request_is_refused_at_once(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every slot and every waiting place taken, the next upload does not wait (it
    would hold one more of the server's threads): a 503 with no wait at all, even with a
    long wait allowed."""
    monkeypatch.setattr(guard, "HEAVY_WAIT", 3600.0)  # a wait would hang the test
    taken = guard.HEAVY_SLOTS + guard.HEAVY_WAITING
    for _ in range(taken):
        assert guard._HEAVY_ADMITTED.acquire(timeout=5)
    try:
        answer = client.post("/upload", data={"text": "name: x", "csrf_token": token(client)})
    finally:
        for _ in range(taken):
            guard._HEAVY_ADMITTED.release()
    assert answer.status_code == 503
    assert one_line_error(answer.get_data(as_text=True)) == guard.BUSY


# -- serve --allowed-host ------------------------------------------------------------------


def test_serve_answers_the_allowed_host_and_refuses_another(tmp_path: Path) -> None:
    command = [*serve_command(tmp_path / "w.db"), "--allowed-host", "qwixx.club"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
    try:
        assert found
        port = int(found[1])
        answers = {
            host: request(
                port, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
            )
            for host in ("qwixx.club", f"127.0.0.1:{port}", f"localhost:{port}", "evil.example")
        }
    finally:
        assert stop(process, signal.SIGINT) == 0
    assert answers["qwixx.club"].startswith(b"HTTP/1.1 200 ")
    assert answers[f"127.0.0.1:{port}"].startswith(b"HTTP/1.1 200 ")
    assert answers[f"localhost:{port}"].startswith(b"HTTP/1.1 200 ")
    assert answers["evil.example"].startswith(b"HTTP/1.1 400 ")
    assert b"this server does not answer to that host name" in answers["evil.example"]
