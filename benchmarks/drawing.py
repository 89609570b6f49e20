"""CPU time of the phone page's drawing, in process (issue 22): a measure that a loaded
shared host disturbs far less than the wall-clock times of ``benchmarks/web.py``.

Usage (from the repository, with the project installed in .venv):

    .venv/bin/python benchmarks/drawing.py [--rounds 3] [--before DIR]

Each round runs, in a process of its own, and prints:

1. **sheet**: ``web.drawing.sheet_svg`` of a played sheet as a player's own sheet (with a
   tap URL, so as the page gets it) of classic, big-points and longo, for a phone held
   upright (``view="turned"`` where the code takes it; before it, the page got both
   views): the median thread CPU time of 300 drawings, ms;
2. **tap**: an HTML tap through Flask's test client, answered with the board of a 3-player
   classic game, as ``benchmarks/web.py`` taps (6 games, 40 crosses then 40 undos each, the
   first game's taps not counted), from a phone held upright (``X-Sheet-View: turned``,
   which code before it ignores): the median thread CPU time of a tap, ms, and of the
   crosses alone (each a new state of the sheet, drawn anew; an undo's state was drawn
   before and is kept, so the median of all taps falls between the two), the median size
   of the board a tap is answered with, bytes, and the size of the board after the 40
   crosses (``GET .../board``) for the phone upright and for a wide screen
   (``X-Sheet-View: flat``).

``--before DIR`` serves the same from the source folder DIR first in each round (e.g. a
copy of main: ``git archive REV | tar -x -C DIR``), so before and after alternate.
"""

from __future__ import annotations

import argparse
import inspect
import os
import re
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

TAPS = [
    *(
        {"kind": "cross", "row": row, "index": i}
        for row in ("red", "yellow", "green", "blue")
        for i in range(10)
    ),
    *({"kind": "undo"} for _ in range(40)),
]
"""A game's taps, as benchmarks/web.py sends them."""


def measure() -> str:
    """One round in this process: the line it prints."""
    from qwixx_print import catalogue
    from qwixx_print.play import Move, Sheet
    from qwixx_print.web import create_app, drawing

    found = []
    upright = (
        {"view": "turned"} if "view" in inspect.signature(drawing.sheet_svg).parameters else {}
    )
    for name in ("classic", "big-points", "longo"):
        sheet = Sheet(catalogue.checked(name))
        for row in sheet.layout.rows:  # a game's worth: every third field allowed, a penalty
            for i in range(0, len(row.fields), 3):
                if sheet.can_cross(row.id, i):
                    sheet.play(Move("cross", row.id, i))
        sheet.play(Move("penalty"))
        view = drawing.sheet_view(sheet)
        drawing.sheet_svg(sheet.layout, view, "Ann", "/move", **upright)
        spent = []
        for _ in range(300):
            start = time.thread_time()
            drawing.sheet_svg(sheet.layout, view, "Ann", "/move", **upright)
            spent.append(time.thread_time() - start)
        found.append(f"{name} {1000 * statistics.median(spent):.3f}")
    with tempfile.TemporaryDirectory() as folder:
        client = create_app(Path(folder) / "web.sqlite3").test_client()
        page = client.get("/upload").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert token
        cpu, crosses, size = [], [], []
        for k in range(6):
            names = [f"A{k}", f"B{k}", f"C{k}"]
            made = client.post("/api/games", json={"layout": "classic", "players": names})
            game = made.get_json()
            url = f"/games/{game['game']}/{game['tokens'][names[0]]}/move"
            for n, tap in enumerate(TAPS):
                start = time.thread_time()
                headers = {"X-CSRF-Token": token[1], "X-Sheet-View": "turned"}
                answer = client.post(url, data=tap, headers=headers)
                used = time.thread_time() - start
                assert answer.status_code == 200, answer.status_code
                if k:  # the first game warms up
                    cpu.append(used)
                    size.append(len(answer.data))
                    if n < 40:  # the crosses, then the undos
                        crosses.append(used)
                if n == 39:  # the 40th cross
                    board = url.replace("/move", "/board")
                    views = [
                        len(client.get(board, headers={"X-Sheet-View": v}).data)
                        for v in ("turned", "flat")
                    ]
    tap = (
        f"tap {1000 * statistics.median(cpu):.2f} ms (a cross"
        f" {1000 * statistics.median(crosses):.2f} ms), board {statistics.median(size):.0f}"
        f" bytes; after 40 crosses: upright {views[0]}, wide {views[1]} bytes"
    )
    return f"sheet ms: {', '.join(found)}; {tap}"


def run(folder: str | None) -> str:
    """One round in a process of its own, of this folder's code or ``folder``'s."""
    command = [sys.executable, __file__, "--measure"]
    env = dict(os.environ)
    if folder:  # no site: the editable install's finder would import this folder's code
        command.insert(1, "-S")
        env["PYTHONPATH"] = os.pathsep.join([folder, sysconfig.get_paths()["purelib"]])
    done = subprocess.run(
        command, env=env, cwd=folder, capture_output=True, text=True, check=True, timeout=600
    )
    return done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", default="", help="measure this source folder too")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(measure())
        return 0
    before = str(Path(args.before).resolve()) if args.before else None
    for k in range(1, args.rounds + 1):
        load = os.getloadavg()[0]
        if before:
            print(f"round {k} before (load {load:.1f}): {run(before)}", flush=True)
        print(f"round {k} after  (load {os.getloadavg()[0]:.1f}): {run(None)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
