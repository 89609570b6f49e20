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
   taps as a phone held upright does (``POST /games/<game>/<player>/move`` with the CSRF
   token and :data:`PHONE`'s headers, answered with the board of a 3-player game), 40
   crosses then 40 undos (:data:`TAPS`), all legal, a tap every ``--interval`` ms per game
   (default 250: 80 taps a second in all, ten times a busy evening's rate), the games' taps
   spread over the interval;
   the same again through the JSON API (``POST /api/games/<game>/<player>/moves``);
3. the same taps with no pause at all (every game's phone tapping as fast as the server
   answers): how the server behaves when overloaded, reported, no target.

Prints p50, p90, p99 and the maximum of each and whether issue 15's targets are met (PDF
p50 <= 20 ms; tap p50 <= 30 ms and p99 <= 100 ms); exit status 1 if one is not. Every phase
is bounded by ``--limit`` seconds; the server is stopped with Ctrl-C (SIGINT) at the end.

**A club's night** (issue 23), ``--tables 20,100`` (``--only-tables`` skips the phases
above): for each count N, a fresh server holds N three-player classic games, and every
player (3 N phones, each on its own kept-alive connection, as a phone keeps one) polls
their board every ``--poll`` s as the page does (``GET .../board?since=M``: a 204 while
nothing changed, else the board) and taps every ``--tap-every`` s (the cycle of
:data:`TAPS`, all legal), with a random start and a random jitter of +-25 % (seeded:
the same schedule every run), for ``--duration`` s; through the HTML page (the CSRF
token, the board back) and again, on another fresh server, through the JSON API (polls
``GET /api/games/G/T``, taps ``POST .../moves``). The phones are driven by ``--clients``
threads (each player's requests one after the other, as on a phone). Reported per phase:
tap and poll p50 / p99, the share of players answered every time, and how late the
clients fell behind their schedule (the client's own load, not the server's). Targets:
100 games tap p50 <= 30 ms and p99 <= 150 ms, 20 games p99 <= 50 ms, every player
answered. ``--idle K`` opens K connections that send nothing once the games are made
(phones gone to sleep with a connection open, a browser's spare connections), held for the
phase. ``--uploads K`` adds K threads uploading a large layout over and over during
each phase (the taps must not wait behind them). ``--before DIR`` serves from the source
folder DIR instead (e.g. a checkout of main, to measure the before on the same machine).
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
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

NIGHT_TARGETS = {20: (30.0, 50.0), 100: (30.0, 150.0)}
"""Issue 23's tap targets in ms for a night of N games: (p50, p99)."""

PHONE = {"HX-Request": "true", "X-Sheet-View": "turned"}
"""The headers of a request of the page's htmx on a phone held upright: its board's own sheet
is drawn turned, alone (docs/web.md; code before that ignores the header and sends both)."""


TAPS: list[Mapping[str, str | int]] = [
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

    def __init__(self, port: int, timeout: float = 30.0) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
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
            said = re.search(rb'<p class="error"[^>]*>(.*?)</p>', data, re.S)
            why = said[1].decode(errors="replace") if said else repr(data[:200])
            raise RuntimeError(f"{method} {path}: {status} {why}")
        return spent


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def new_game(host: Client, k: int) -> tuple[str, list[str]]:
    """A fresh 3-player classic game through the API (players ``A{k}``, ``B{k}``, ``C{k}``):
    its id and the players' tokens in seat order. Exits with one line if it is refused."""
    names = [f"A{k}", f"B{k}", f"C{k}"]
    body = json.dumps({"layout": "classic", "players": names}).encode()
    status, data = host.request("POST", "/api/games", body, {"Content-Type": "application/json"})
    if status != 201:
        raise SystemExit(f"new game {k}: {status} {data[:200]!r}")
    made = json.loads(data)
    return made["game"], [made["tokens"][name] for name in names]


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


BEFORE: list[str] = []
"""The source folder to serve from (``--before``), if any."""


def start_server(db: Path) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "qwixx_print", "serve", "--port", "0", "--db", str(db)]
    env, folder = dict(os.environ), None
    if BEFORE:  # run there: ``-m`` puts the current folder first on the path; and no site,
        # where the editable install's finder would import this folder's code
        import sysconfig

        folder = BEFORE[0]
        command.insert(1, "-S")
        env["PYTHONPATH"] = os.pathsep.join([BEFORE[0], sysconfig.get_paths()["purelib"]])
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=folder
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
    parser.add_argument("--tables", default="", help="game counts of a club's night: 20,100")
    parser.add_argument("--only-tables", action="store_true", help="skip the phases above")
    parser.add_argument("--poll", type=float, default=2.0, help="s between a phone's polls")
    parser.add_argument("--tap-every", type=float, default=5.0, help="s between a player's taps")
    parser.add_argument("--duration", type=float, default=30.0, help="s of each night phase")
    parser.add_argument("--clients", type=int, default=32, help="client threads")
    parser.add_argument("--uploads", type=int, default=0, help="threads uploading meanwhile")
    parser.add_argument("--idle", type=int, default=0, help="idle connections held open")
    parser.add_argument("--before", default="", help="serve from this source folder")
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    if args.before:
        BEFORE.append(str(Path(args.before).resolve()))
    met = True
    if not args.only_tables:
        with serving() as port:
            met = run(port, args) == 0
    if args.tables:
        met = night(args) and met
    return 0 if met else 1


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
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
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
        return [
            (game, tokens[0]) for game, tokens in (new_game(host, k) for k in range(args.games))
        ]

    games = new_games()
    for _ in range(10):  # warm-up: the layout, the preview cache, the templates
        host.timed("GET", "/pdf?layout=classic")
        host.timed("GET", f"/games/{games[0][0]}/{games[0][1]}")
    start = time.monotonic()
    pdfs: list[float] = []
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
    fresh: list[float] = []
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
        headers = {**form, **PHONE}
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


ANSWER_WITHIN = 15.0
"""Seconds a phone waits for an answer; a request not answered by then counts as failed
(the player was not answered)."""


class Phone:
    """One player's phone in a club's night: their game, token and kept-alive connection,
    the log length their board shows, their timings and failures."""

    def __init__(self, port: int, game: str, token: str, cookie: str) -> None:
        self.client = Client(port, ANSWER_WITHIN)
        self.client.cookie = cookie
        self.game, self.token = game, token
        self.since = 0
        self.taps = 0
        self.tapped: list[float] = []
        self.polled: list[float] = []
        self.failed: list[str] = []


_MOVES = re.compile(rb'data-moves="(\d+)"')


def _html_poll(phone: Phone, headers: dict[str, str]) -> float:
    url = f"/games/{phone.game}/{phone.token}/board?since={phone.since}"
    start = time.perf_counter()
    status, data = phone.client.request("GET", url, None, headers)
    spent = (time.perf_counter() - start) * 1000
    if status not in (200, 204):
        raise RuntimeError(f"poll: {status} {data[:120]!r}")
    if status == 200 and (found := _MOVES.search(data)):
        phone.since = int(found[1])
    return spent


def _html_tap(phone: Phone, headers: dict[str, str]) -> float:
    url = f"/games/{phone.game}/{phone.token}/move"
    body = urlencode(TAPS[phone.taps % len(TAPS)]).encode()
    start = time.perf_counter()
    status, data = phone.client.request("POST", url, body, headers)
    spent = (time.perf_counter() - start) * 1000
    if status != 200:
        raise RuntimeError(f"tap: {status} {data[:120]!r}")
    if found := _MOVES.search(data):
        phone.since = int(found[1])
    return spent


def _api_poll(phone: Phone, headers: dict[str, str]) -> float:
    return phone.client.timed("GET", f"/api/games/{phone.game}/{phone.token}")


def _api_tap(phone: Phone, headers: dict[str, str]) -> float:
    body = json.dumps(TAPS[phone.taps % len(TAPS)]).encode()
    return phone.client.timed("POST", f"/api/games/{phone.game}/{phone.token}/moves", body, headers)


def big_layout() -> bytes:
    """A large valid layout (about 150 kB with its comments): the classic sheet's rows
    many times over, as a stress upload."""
    rows = "".join(
        f"  - id: r{k}\n    colour: {('red', 'yellow', 'green', 'blue')[k % 4]}\n"
        "    fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n"
        for k in range(4)
    )
    padding = "".join(f"# {'x' * 70} {k}\n" for k in range(2000))
    return f"name: big\n{padding}rows:\n{rows}".encode()


def night(args: argparse.Namespace) -> bool:
    """The club's night phases (module docstring); whether every target is met."""
    print(
        "| games | via | taps | tap p50 ms | tap p99 ms | tap max ms | polls | "
        "poll p50 ms | poll p99 ms | players answered | client late p99 ms | target |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    met = True
    for count in (int(n) for n in args.tables.split(",")):
        for via in ("html", "api"):
            with serving() as port:
                met = night_phase(port, count, via, args) and met
    return met


def night_phase(port: int, count: int, via: str, args: argparse.Namespace) -> bool:
    """``count`` games played through ``via`` (html or api) on the server at ``port``."""
    host = Client(port)
    page = host.request("GET", "/upload")[1].decode()
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    csrf = found[1]
    phones = []
    for k in range(count):
        game, tokens = new_game(host, k)
        phones += [Phone(port, game, t, host.cookie) for t in tokens]
    if via == "html":
        poll, tap = _html_poll, _html_tap
        poll_headers = PHONE
        tap_headers = {
            "X-CSRF-Token": csrf,
            "Content-Type": "application/x-www-form-urlencoded",
            **PHONE,
        }
    else:
        poll, tap = _api_poll, _api_tap
        poll_headers = {}
        tap_headers = {"Content-Type": "application/json"}
    load = os.getloadavg()  # the machine is shared: say how busy it was
    rng = random.Random(args.seed * 1000 + count)
    start = time.monotonic() + 1.0
    end = start + args.duration
    workers: list[list[tuple[float, int, str]]] = [[] for _ in range(args.clients)]
    for n in range(len(phones)):
        due = workers[n % args.clients]
        due.append((start + rng.uniform(0, args.poll), n, "poll"))
        due.append((start + rng.uniform(0, args.tap_every), n, "tap"))
    late: list[float] = []
    stop = threading.Event()

    def drive(k: int) -> list[float]:
        queue = workers[k]
        heapq.heapify(queue)
        jitter = random.Random(args.seed + k)
        while queue:
            when, n, kind = heapq.heappop(queue)
            if when >= end or time.monotonic() >= end or stop.is_set():
                continue  # past the phase (also a request that waited long for an answer)
            wait = when - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            else:
                late.append(-wait * 1000)
            phone = phones[n]
            try:
                if kind == "poll":
                    phone.polled.append(poll(phone, poll_headers))
                    pause = args.poll
                else:
                    phone.tapped.append(tap(phone, tap_headers))
                    phone.taps += 1
                    pause = args.tap_every * jitter.uniform(0.75, 1.25)
            except Exception as exc:  # counted: the player was not answered
                phone.failed.append(str(exc)[:200])
                phone.client = Client(port, ANSWER_WITHIN)
                phone.client.cookie = host.cookie
                pause = args.poll
            heapq.heappush(queue, (max(when + pause, time.monotonic()), n, kind))
        return []

    uploads: list[float] = []
    upload_status: dict[int, int] = {}

    def upload(k: int) -> list[float]:
        client = Client(port)
        client.cookie = host.cookie
        data = big_layout()
        boundary = "qwixxbench"
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                f'{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                f'filename="big.yaml"\r\nContent-Type: application/yaml\r\n\r\n'
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        while time.monotonic() < end and not stop.is_set():
            began = time.perf_counter()
            status, _ = client.request("POST", "/upload", body, headers)
            uploads.append((time.perf_counter() - began) * 1000)
            upload_status[status] = upload_status.get(status, 0) + 1
            if status == 503:
                time.sleep(0.5)  # "busy, try again": a person would wait a moment
        return []

    idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(args.idle)]
    loaders = [threading.Thread(target=upload, args=(k,), daemon=True) for k in range(args.uploads)]
    for loader in loaders:
        loader.start()
    try:
        in_threads(args.clients, drive, args.duration + args.limit)
    finally:
        stop.set()
        for loader in loaders:
            loader.join(args.limit)
        for conn in idle:
            conn.close()
    tapped = [v for p in phones for v in p.tapped]
    polled = [v for p in phones for v in p.polled]
    answered = sum(1 for p in phones if not p.failed and p.tapped and p.polled)
    want50, want99 = NIGHT_TARGETS.get(count, (30.0, 150.0))
    p50 = statistics.median(tapped) if tapped else float("inf")
    p99 = percentile(tapped, 0.99) if tapped else float("inf")
    met = p50 <= want50 and p99 <= want99 and answered == len(phones)
    failures = [f for p in phones for f in p.failed]
    print(
        f"| {count} | {via}{f' + {args.uploads} uploading' if args.uploads else ''}"
        f"{f' + {args.idle} idle' if args.idle else ''} | "
        f"{len(tapped)} | {p50:.1f} | {p99:.1f} | {max(tapped, default=0):.1f} | "
        f"{len(polled)} | {statistics.median(polled) if polled else 0:.1f} | "
        f"{percentile(polled, 0.99) if polled else 0:.1f} | {answered} of {len(phones)} | "
        f"{percentile(late, 0.99) if late else 0:.0f} | tap p50 <= {want50:g} ms, p99 <= "
        f"{want99:g} ms, all answered: {'met' if met else 'NOT met'} |",
        flush=True,
    )
    print(f"  load average (1 min) at the start {load[0]:.1f}, at the end {os.getloadavg()[0]:.1f}")
    if failures:
        print(f"  {len(failures)} requests failed, e.g. {failures[0]}")
    if uploads:
        print(
            f"  uploads: {len(uploads)}, answers {upload_status}, p50 "
            f"{statistics.median(uploads):.0f} ms"
        )
    return met


if __name__ == "__main__":
    sys.exit(main())
