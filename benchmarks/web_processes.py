"""Benchmark the web counter on one database shared by several server processes (issue 23
items 1, 2): tap latency p50 / p99 with 1, 2 and 4 ``qwixx-print serve`` processes on one
SQLite file and on one PostgreSQL server.

Usage (from the repository, with the project installed in .venv):

    .venv/bin/python benchmarks/web_processes.py [--processes 1 2 4] [--db sqlite postgresql]
        [--games 20] [--taps 50] [--interval 250] [--pg URL]

For each database and count of processes it starts the servers on 127.0.0.1 (free ports)
on a fresh database, makes ``--games`` three-player classic games, and plays them at once:
one thread per game, its taps (benchmarks/web.py's :data:`TAPS`, all legal) made by the
game's three players in turn, each tap through the next process in turn, one every
``--interval`` ms per game, first as a phone does (``POST /games/GAME/TOKEN/move`` with the
CSRF token: the session cookie is signed with the key the processes share in the
database), then through the JSON API. Every request is timed from the client
(``time.perf_counter``, ``http.client``, one kept-alive connection per process per client);
every tap must be a 200. PostgreSQL: ``--pg`` names a server's database to make the
databases on; without it, the tests' own server (``tests/pgserver.py``: Debian's PostgreSQL
in a temporary folder) is started. Prints one table row per run; no target (issue 23 asks
for the figures).
"""

from __future__ import annotations

import argparse
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
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

from web import TAPS, Client, new_game, percentile  # benchmarks/web.py


@contextmanager
def servers(db: str, count: int) -> Iterator[list[int]]:
    """``count`` ``qwixx-print serve`` processes on ``db``: their ports; Ctrl-C at the end."""
    processes: list[subprocess.Popen[str]] = []
    ports = []
    try:
        for _ in range(count):
            process = subprocess.Popen(
                [sys.executable, "-m", "qwixx_print", "serve", "--port", "0", "--db", db],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            )  # fmt: skip
            processes.append(process)
            assert process.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
            if not found:
                raise SystemExit(f"a server on {db} did not start")
            ports.append(int(found[1]))
        yield ports
    finally:
        for process in processes:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
            if process.stdout is not None:
                process.stdout.close()


def play(ports: list[int], args: argparse.Namespace) -> tuple[list[float], list[float]]:
    """The HTML taps' and the API taps' timings (ms) of ``--games`` games played at once."""
    host = Client(ports[0])
    page = host.request("GET", "/upload")[1].decode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    form = {
        "X-CSRF-Token": token[1],
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
    }

    def game_taps(k: int, html: bool, games: list[tuple[str, list[str]]]) -> list[float]:
        phones = [Client(port) for port in ports]
        for phone in phones:
            phone.cookie = host.cookie
        game, tokens = games[k]
        first = time.perf_counter() + args.interval / 1000 * k / args.games
        spent = []
        for n in range(args.taps):
            wait = first + n * args.interval / 1000 - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            # the three players in turn, each on their own sheet: tap n is player n % 3's
            # (n // 3)-th tap, so every tap is legal; through the processes in turn
            player, step = tokens[n % 3], TAPS[(n // 3) % len(TAPS)]
            phone = phones[n % len(phones)]
            if html:
                body, headers = urlencode(step).encode(), form
                spent.append(phone.timed("POST", f"/games/{game}/{player}/move", body, headers))
            else:
                body = json.dumps(step).encode()
                headers = {"Content-Type": "application/json"}
                spent.append(
                    phone.timed("POST", f"/api/games/{game}/{player}/moves", body, headers)
                )
        return spent

    def at_once(work: Callable[[int], list[float]]) -> list[float]:
        results: list[list[float]] = [[] for _ in range(args.games)]
        errors: list[str] = []

        def run(k: int) -> None:
            try:
                results[k] = work(k)
            except Exception as exc:
                errors.append(str(exc)[:300])

        threads = [threading.Thread(target=run, args=(k,)) for k in range(args.games)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if errors:
            raise SystemExit(f"{len(errors)} games failed, e.g. {errors[0]}")
        return [value for values in results for value in values]

    games = [new_game(host, k) for k in range(args.games)]
    for _ in range(5):  # warm-up: the templates, the layout, each process's copy of a game
        for port in ports:
            Client(port).timed("GET", f"/games/{games[0][0]}/{games[0][1][0]}")
    html = at_once(lambda k: game_taps(k, True, games))
    games = [new_game(host, k + args.games) for k in range(args.games)]
    api = at_once(lambda k: game_taps(k, False, games))
    return html, api


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--db", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--interval", type=float, default=250.0, help="ms between a game's taps")
    parser.add_argument("--pg", help="URL of a PostgreSQL database to make the databases from")
    args = parser.parse_args()
    print("| database | processes | html tap p50 / p99 ms | api tap p50 / p99 ms |")
    print("| --- | --- | --- | --- |")
    with ExitStack() as stack:
        pg = args.pg
        if pg is None and "postgresql" in args.db:
            from tests import pgserver

            pg = stack.enter_context(pgserver.running())
        runs = 0
        for kind in args.db:
            for count in args.processes:
                runs += 1
                if kind == "sqlite":
                    folder = stack.enter_context(tempfile.TemporaryDirectory())
                    db = str(Path(folder) / "web.sqlite3")
                else:
                    from tests import pgserver

                    db = pgserver.new_database(pg, f"bench_{runs}")
                with servers(db, count) as ports:
                    html, api = play(ports, args)
                print(
                    f"| {kind} | {count} | {statistics.median(html):.1f} / "
                    f"{percentile(html, 0.99):.1f} | {statistics.median(api):.1f} / "
                    f"{percentile(api, 0.99):.1f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
