"""Shipped YAML files are read from their stored parses, and only when those are current."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest

from qwixx_print import packaged
from qwixx_print.doc import Doc
from qwixx_print.errors import LayoutError
from qwixx_print.yamldoc import parse

SHIPPED = [(folder, name) for folder in packaged.FOLDERS for name in packaged.names(folder)]


def typed(value: Any) -> Any:
    """``value`` with every scalar paired with its type, so ``Plain('8')`` != ``'8'``."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def parsed_now(folder: str, name: str) -> Doc:
    data = (resources.files("qwixx_print") / folder / f"{name}.yaml").read_bytes()
    return parse(data, f"{folder}/{name}.yaml", LayoutError)


def test_the_store_holds_every_shipped_file_as_parsed_now() -> None:
    folder = resources.files("qwixx_print") / packaged.STORE
    stored = {
        f"{sub.name}/{entry.name[:-5]}.yaml": json.loads(entry.read_bytes())
        for sub in folder.iterdir()
        for entry in sub.iterdir()
    }
    assert stored == packaged.fresh_store(), "stale: run scripts/store-parsed"
    assert sorted(stored) == sorted(f"{f}/{n}.yaml" for f, n in SHIPPED)
    assert len(SHIPPED) == 21  # 16 layouts (Connect 15 and Lucky 15 the last) and 5 languages


@pytest.mark.parametrize(("folder", "name"), SHIPPED)
def test_a_stored_parse_reads_back_equal_to_a_fresh_parse(folder: str, name: str) -> None:
    got, want = packaged.doc(folder, name, LayoutError), parsed_now(folder, name)
    assert got.file == want.file == f"{folder}/{name}.yaml"
    assert typed(got.root) == typed(want.root)
    assert got.lines == want.lines


def test_the_stored_classic_keeps_plain_and_quoted_text_apart() -> None:
    root = packaged.doc("layouts", "classic", LayoutError).root
    assert type(root["rows"][0]["fields"][0]).__name__ == "Plain"
    assert root["rows"][0]["fields"][0] == "2"
    assert type(root["description"]) is str


def test_an_edited_shipped_file_is_parsed_not_taken_from_the_store(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stale = {"text": "name: stale\n", "root": {"name": "=stale"}, "lines": [[["name"], 1]]}
    monkeypatch.setattr(packaged, "_stored", lambda folder, name: stale)
    got = packaged.doc("layouts", "classic", LayoutError)
    assert got.root["name"] == "classic"
    assert got.lines[("name",)] == 2


@pytest.mark.parametrize("content", [None, b"{not json", b"[1, 2]", b"{}"])
def test_a_missing_or_broken_store_falls_back_to_parsing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, content: bytes | None
) -> None:
    (tmp_path / "lang").mkdir()
    if content is not None:
        (tmp_path / "lang" / "pl.json").write_bytes(content)
    monkeypatch.setattr(packaged, "STORE", str(tmp_path))
    assert packaged._stored("lang", "pl") in (None, {})
    assert typed(packaged.doc("lang", "pl", LayoutError).root) == typed(
        parsed_now("lang", "pl").root
    )


def test_printing_a_shipped_layout_does_not_import_pyyaml(tmp_path: Any) -> None:
    code = (
        "import sys\n"
        "from qwixx_print.cli import cli\n"
        "try:\n"
        "    cli(['doppelt', '--lang', 'de', '--out', 'x.pdf'])\n"
        "except SystemExit as exit:\n"
        "    assert exit.code == 0, exit.code\n"
        "print(sorted(m for m in sys.modules if m == 'yaml' or m.startswith('yaml.')))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert run.stdout.splitlines()[-1] == "[]"
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF-")
