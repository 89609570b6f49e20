"""Time and peak memory of refusing the hostile inputs of :mod:`tests.hostile` (issue 6).

Run ``python -m tests.bench_hostile``: one line per input, the best of 5 runs in ms and the
peak of Python allocations in MB. Not a test: timings depend on the machine.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
import tracemalloc
from pathlib import Path

from qwixx_print.errors import LayoutError
from qwixx_print.yamldoc import read
from tests import hostile


def measure(path: Path, runs: int = 5) -> tuple[float, float]:
    """Best time in ms and peak traced memory in MB of reading ``path`` (refused)."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        with contextlib.suppress(LayoutError):
            read(path, LayoutError)
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    with contextlib.suppress(LayoutError):
        read(path, LayoutError)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best * 1000, peak / 1e6


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        for path in hostile.write_all(Path(folder)):
            ms, mb = measure(path)
            print(f"{path.name:<32} {ms:8.1f} ms {mb:6.1f} MB")
