"""The bad-input corpus: every file under ``tests/data/bad/<subcommand>/`` gives its one
expected message on stderr and exit code 2, from the CLI, with no traceback (issue 6).

Convention: ``NAME.yaml`` is the input, ``NAME.expected`` exactly what
``qwixx-print <subcommand> tests/data/bad/<subcommand>/NAME.yaml`` prints to stderr, run from
the repository root. Inputs too big or too binary to commit are written by the recipes of
:mod:`tests.hostile` into the same relative path under a temporary root. Any new subcommand
folder is picked up as it is.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from qwixx_print import catalogue, layout
from qwixx_print.doc import Node
from qwixx_print.errors import LayoutError
from qwixx_print.yamldoc import parse, read
from tests import hostile
from tests.conftest import CLASSIC_YAML, ROOT, Run

BAD = ROOT / "tests" / "data" / "bad"
Write = Callable[..., Path]


def corpus() -> list[str]:
    """``subcommand/NAME`` of every case: committed inputs and generated ones."""
    committed = {f"{p.parent.name}/{p.stem}" for p in BAD.glob("*/*.yaml")}
    generated = {name.removesuffix(".yaml") for name in hostile.RECIPES}
    return sorted(committed | generated)


def _input(case: str, tmp_path: Path) -> tuple[Path, str]:
    """The root to run from and the relative path of the case's input file."""
    relative = f"tests/data/bad/{case}.yaml"
    recipe = hostile.RECIPES.get(f"{case}.yaml")
    if recipe is None:
        return ROOT, relative
    path = tmp_path / relative
    path.parent.mkdir(parents=True)
    recipe(path)
    return tmp_path, relative


def _digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@pytest.mark.parametrize("case", corpus())
def test_bad_input_prints_its_expected_line_and_exits_2(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    subcommand = case.split("/")[0]
    expected = (BAD / f"{case}.expected").read_text(encoding="utf-8")
    root, relative = _input(case, tmp_path)
    before = _digest(root / relative)
    monkeypatch.chdir(root)
    result = run(subcommand, relative)
    assert (result.exit_code, result.stderr) == (2, expected)
    assert "Traceback" not in result.output
    assert _digest(root / relative) == before


def test_every_expected_message_has_an_input_and_names_its_file() -> None:
    cases = set(corpus())
    for expected in BAD.glob("*/*.expected"):
        case = f"{expected.parent.name}/{expected.stem}"
        assert case in cases, f"{expected} has no input file or recipe"
        first = expected.read_text(encoding="utf-8").splitlines()[0]
        assert f"tests/data/bad/{case}.yaml" in first, first
    assert {c for c in cases if not (BAD / f"{c}.expected").is_file()} == set()


def test_console_script_refuses_the_alias_bomb_in_one_line(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    hostile.RECIPES["validate/alias-bomb.yaml"](bomb)
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "validate", str(bomb)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"qwixx-print: {bomb}:1: anchors (&name) and aliases (*name) are not allowed: write values out in full",
        "qwixx-print: 1 of 1 layout broken",
    ]


@pytest.mark.parametrize(
    "recipe",
    [
        "validate/alias-bomb.yaml",
        "validate/nested-100000-brackets.yaml",
        "validate/fifty-megabytes.yaml",
    ],
)
def test_hostile_file_is_refused_within_bounded_memory(recipe: str, tmp_path: Path) -> None:
    path = tmp_path / "hostile.yaml"
    hostile.RECIPES[recipe](path)
    tracemalloc.start()
    try:
        with pytest.raises(LayoutError):
            read(path, LayoutError)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, f"{peak / 1e6:.1f} MB"


def test_utf8_bom_is_read_as_the_same_layout(write_layout: Write) -> None:
    path = write_layout("")
    path.write_bytes(b"\xef\xbb\xbf" + CLASSIC_YAML.encode("utf-8"))
    assert layout.load(path) == catalogue.find("classic")


def test_values_in_messages_are_cut_and_escaped(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML + '"\\a' + "k" * 60 + '": 1\n')
    key = "\\u0007" + "k" * 39 + "…"
    with pytest.raises(LayoutError) as info:
        layout.load(path, "custom.yaml")
    assert str(info.value).startswith(f"custom.yaml:26: {key}: unknown key '{key}' (known: rows,")


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (".nan", "expected a number such as 6.5, got '.nan'"),
        ("-.inf", "expected a number such as 6.5, got '-.inf'"),
        ("1e3", "expected a number such as 6.5, got '1e3'"),
        ("9" * 400, "must be from 0 to 100, got inf"),
    ],
)
def test_decimal_number_refuses_nan_inf_and_overflow(written: str, message: str) -> None:
    doc = parse(f"size: {written}\n".encode(), "n.yaml", LayoutError)
    node = Node.root(doc, LayoutError).mapping((), ("size",))["size"]
    with pytest.raises(LayoutError) as info:
        node.number(0, 100)
    assert str(info.value) == f"n.yaml:1: size: {message}"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--nope"], "No such option '--nope'. (see 'qwixx-print --help')"),
        (
            ["classic", "--pages", "0"],
            "Invalid value for '--pages': 0 is not in the range 1<=x<=1000.",
        ),
    ],
)
def test_a_wrong_option_gets_one_line_and_exit_2(run: Run, args: list[str], line: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].startswith(f"qwixx-print: {line}")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("row\n\n  ", "row\\n\\n  "),
        ("a\tb\rc", "a\\tb\\rc"),
        ("bell\a", "bell\\u0007"),
        ("Léa", "Léa"),
    ],
)
def test_every_error_message_is_one_line_with_user_text_escaped(text: str, shown: str) -> None:
    assert str(LayoutError(f"f.yaml:3: rows[0].id: no row '{text}'")) == (
        f"f.yaml:3: rows[0].id: no row '{shown}'"
    )
