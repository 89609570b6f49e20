"""Hostile inputs too big or too binary to commit: recipes that write them on demand.

Each recipe writes one file of the bad-input corpus, ``tests/data/bad/<subcommand>/NAME.yaml``;
its expected message is committed beside where it would be, as ``NAME.expected``.
``python -m tests.hostile DIR`` writes them all under ``DIR/<subcommand>/`` to try by hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CLASSIC_YAML

Recipe = Callable[[Path], None]

FIFTY_MB = 50 * 1024 * 1024


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """Nine levels of ``&a [*a, *a, ...]``: 9**9 (387 million) leaves once expanded."""
    lines = ["a0: &a0 [lol]"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * width)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def _write_text(text: str, encoding: str = "utf-8") -> Recipe:
    return lambda path: path.write_bytes(text.encode(encoding))


def _fifty_megabytes(path: Path) -> None:
    """A valid layout padded with NUL bytes to 50 MB (a sparse file: no 50 MB on disk)."""
    with path.open("wb") as handle:
        handle.write(CLASSIC_YAML.encode("utf-8"))
        handle.truncate(FIFTY_MB)


CZECH = CLASSIC_YAML.replace(
    "source:", 'labels:\n  title: "Qwixx \u2013 bodová karta, žlutá"\nsource:'
)

RECIPES: dict[str, Recipe] = {
    "validate/alias-bomb.yaml": _write_text(alias_bomb()),
    "validate/nested-100000-brackets.yaml": _write_text("rows: " + "[" * 100_000 + "\n"),
    "validate/cp1250.yaml": _write_text(CZECH, "cp1250"),
    "validate/utf16-without-bom.yaml": _write_text(CLASSIC_YAML, "utf-16-le"),
    "validate/fifty-megabytes.yaml": _fifty_megabytes,
}
"""``subcommand/NAME.yaml`` -> the recipe that writes it."""


def write_all(folder: Path) -> list[Path]:
    """Write every recipe's file under ``folder`` and return the paths."""
    paths = []
    for name, recipe in RECIPES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        recipe(path)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_all(Path(sys.argv[1])):
        print(written)
