"""Benchmark the web page (issue 15) against a warm ``qwixx-print serve`` on loopback.

Usage (from the repository, with the project installed in .venv):

    .venv/bin/python benchmarks/web.py [--pdfs 200] [--games 20] [--taps 50] [--limit 120]

It starts the server on 127.0.0.1 on a free port with a fresh database in a temporary
folder, warms it up, then measures with ``time.perf_counter`` around each HTTP request
(``http.client``, one kept-alive connection per client, nothing but loopback):

1. ``--pdfs`` PDF downloads of the classic layout, one after the other (``GET /pdf``), as
   a warm server answers them (the same options: the server keeps the last 32 PDFs); then
   ``--pdfs`` more of one page, cycling through 40 combinations of the options, so each is
   drawn anew;
2. taps with ``--games`` games played at once: one thread per game, each sending ``--taps``
   taps as a phone does (``POST /games/<game>/<player>/move`` with the CSRF token, answered
   with the board of a 3-player game), 40 crosses then 40 undos (:data:`TAPS`), all legal,
   a tap every ``--interval`` ms per game (default 250: 80 taps a second in all, ten times
   a busy evening's rate), the games' taps spread over the interval;
   the same again through the JSON API (``POST /api/games/<game>/<player>/moves``);
3. the same taps with no pause at all (every game's phone tapping as fast as the server
   answers): how the server behaves when overloaded, reported, no target.

Prints p50, p90, p99 and the maximum of each and whether issue 15's targets are met (PDF
p50 <= 20 ms; tap p50 <= 30 ms and p99 <= 100 ms); exit status 1 if one is not. Every phase
is bounded by ``--limit`` seconds; the server is stopped with Ctrl-C (SIGINT) at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

TARGETS = {
    "pdf": (20.0, None),
    "pdf, drawn anew": (float("inf"), None),
    "tap": (30.0, 100.0),
    "api tap": (30.0, 100.0),
    "tap, no pause": (float("inf"), None),
}
"""Issue 15's targets in ms: (p50, p99); None: no target."""


TAPS = [
    *(
        {"kind": "cross", "row": row, "index": i}
        for row in ("red", "yellow", "green", "blue")
        for i in range(10)
    ),
    *({"kind": "undo"} for _ in range(40)),
]
"""A game's taps, in a cycle: 40 crosses, each a new state of the sheet to draw (no lock, so
the game goes on), then 40 undos."""


class Client:
    """One kept-alive HTTP connection to the server, with its cookies."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:
        sent = dict(headers or {})
        if self.cookie:
            sent["Cookie"] = self.cookie
        self.connection.request(method, path, body=body, headers=sent)
        answer = self.connection.getresponse()
        data = answer.read()
        cookie = answer.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return answer.status, data

    def timed(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> float:
        """Milliseconds of one request and its whole answer; raises unless it is a 200."""
        start = time.perf_counter()
        status, data = self.request(method, path, body, headers)
        spent = (time.perf_counter() - start) * 1000
        if status != 200:
            raise RuntimeError(f"{method} {path}: {status} {data[:200]!r}")
        return spent


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(name: str, values: list[float]) -> bool:
    """Print one line of figures for ``name``; whether its targets are met."""
    p50, p99 = statistics.median(values), percentile(values, 0.99)
    want50, want99 = TARGETS[name]
    met = p50 <= want50 and (want99 is None or p99 <= want99)
    target = f"p50 <= {want50:g} ms" + (f", p99 <= {want99:g} ms" if want99 else "")
    if want50 == float("inf"):
        target = "(none)"
    print(
        f"| {name} | {len(values)} | {p50:.1f} | {percentile(values, 0.9):.1f} | {p99:.1f} | "
        f"{max(values):.1f} | {target}: {'met' if met else 'NOT met'} |"
    )
    return met


def start_server(db: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "qwixx_print", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
    if not found:
        process.kill()
        raise SystemExit("the server did not start")
    return process, int(found[1])


def in_threads(count: int, work: Callable[[int], list[float]], limit: float) -> list[float]:
    """Run ``work(k)`` in ``count`` threads at once; all their timings."""
    results: list[list[float]] = [[] for _ in range(count)]
    errors: list[str] = []

    def run(k: int) -> None:
        try:
            results[k] = work(k)
        except Exception as exc:  # reported once below, not as 20 tracebacks
            errors.append(str(exc)[:300])

    threads = [threading.Thread(target=run, args=(k,), daemon=True) for k in range(count)]
    for thread in threads:
        thread.start()
    end = time.monotonic() + limit
    for thread in threads:
        thread.join(max(0.0, end - time.monotonic()))
    if any(thread.is_alive() for thread in threads):
        raise SystemExit(f"the taps took longer than {limit} s")
    if errors:
        raise SystemExit(f"{len(errors)} of {count} clients failed, e.g. {errors[0]}")
    return [value for values in results for value in values]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=int, default=200)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--interval", type=float, default=250.0, help="ms between a game's taps")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per phase")
    args = parser.parse_args()
    with serving() as port:
        return run(port, args)


@contextmanager
def serving() -> Iterator[int]:
    """A server on loopback with a fresh database in a temporary folder, for the block: its
    port; stopped with Ctrl-C (SIGINT) at the end."""
    with tempfile.TemporaryDirectory() as folder:
        process, port = start_server(Path(folder) / "web.sqlite3")
        try:
            yield port
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
            assert process.stdout is not None
            process.stdout.close()


def run(port: int, args: argparse.Namespace) -> int:
    host = Client(port)
    page = host.request("GET", "/upload")[1].decode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    form = {"X-CSRF-Token": token[1], "Content-Type": "application/x-www-form-urlencoded"}

    def new_games() -> list[tuple[str, str]]:
        """``--games`` fresh 3-player classic games: (game id, first player's token)."""
        made_games = []
        for k in range(args.games):
            names = [f"A{k}", f"B{k}", f"C{k}"]
            body = json.dumps({"layout": "classic", "players": names}).encode()
            status, data = host.request(
                "POST", "/api/games", body, {"Content-Type": "application/json"}
            )
            assert status == 201, data
            made = json.loads(data)
            made_games.append((made["game"], made["tokens"][f"A{k}"]))
        return made_games

    games = new_games()
    for _ in range(10):  # warm-up: the layout, the preview cache, the templates
        host.timed("GET", "/pdf?layout=classic")
        host.timed("GET", f"/games/{games[0][0]}/{games[0][1]}")
    start = time.monotonic()
    pdfs = []
    while len(pdfs) < args.pdfs and time.monotonic() - start < args.limit:
        pdfs.append(host.timed("GET", "/pdf?layout=classic"))
    # one page each, cycling through the 40 combinations of language, paper and sheets per
    # page: more than the server keeps, so each is drawn anew
    combos = [
        f"/pdf?layout=classic&lang={lang}&paper={paper}&per_page={n}"
        for lang in ("de", "en", "fr", "nl", "pl")
        for paper in ("a4", "letter")
        for n in (1, 2, 4, 8)
    ]
    fresh = []
    while len(fresh) < args.pdfs and time.monotonic() - start < 2 * args.limit:
        fresh.append(host.timed("GET", combos[len(fresh) % len(combos)]))

    def paced(k: int, tap: Callable[[int], float], interval: float) -> list[float]:
        """``args.taps`` taps of game ``k``, one every ``interval`` ms (0: no pause)."""
        first = time.perf_counter() + interval / 1000 * k / args.games
        spent = []
        for n in range(args.taps):
            wait = first + n * interval / 1000 - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            spent.append(tap(n))
        return spent

    def taps(k: int, interval: float, games: list[tuple[str, str]]) -> list[float]:
        phone = Client(port)
        phone.cookie = host.cookie  # the page's session: its CSRF token
        game, player = games[k]
        url = f"/games/{game}/{player}/move"
        headers = {**form, "HX-Request": "true"}
        return paced(
            k,
            lambda n: phone.timed("POST", url, urlencode(TAPS[n % len(TAPS)]).encode(), headers),
            interval,
        )

    def api_taps(k: int, games: list[tuple[str, str]]) -> list[float]:
        phone = Client(port)
        game, player = games[k]
        url = f"/api/games/{game}/{player}/moves"
        headers = {"Content-Type": "application/json"}
        return paced(
            k,
            lambda n: phone.timed("POST", url, json.dumps(TAPS[n % len(TAPS)]).encode(), headers),
            args.interval,
        )

    tapped = in_threads(args.games, lambda k: taps(k, args.interval, games), args.limit)
    fresh_games = new_games()
    api_tapped = in_threads(args.games, lambda k: api_taps(k, fresh_games), args.limit)
    more_games = new_games()
    flat_out = in_threads(args.games, lambda k: taps(k, 0.0, more_games), args.limit)
    print("| request | n | p50 ms | p90 ms | p99 ms | max ms | target |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    met = [
        report("pdf", pdfs),
        report("pdf, drawn anew", fresh),
        report("tap", tapped),
        report("api tap", api_tapped),
        report("tap, no pause", flat_out),
    ]
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
