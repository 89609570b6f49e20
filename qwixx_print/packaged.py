"""The YAML files shipped in the package: layouts (``layouts/*.yaml``) and label languages
(``lang/*.yaml``), read through importlib.resources, with their parses stored beside them.

Reading YAML costs every run PyYAML's import (about 10 ms) and a pure-Python parse (about 2 ms
a file), more than the rest of loading a layout. So the parse of every shipped file is stored
as JSON in ``qwixx_print/parsed/`` (``layouts/classic.yaml`` in ``parsed/layouts/classic.json``;
written by ``scripts/store-parsed``, checked by a test): the :class:`~qwixx_print.doc.Doc` tree
and lines, and the file's text. A stored parse is used only
when that text is byte for byte the file's; any other file (edited in a source checkout, or a
store that is missing or unreadable) is parsed by :mod:`qwixx_print.yamldoc` like a user's.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from qwixx_print.doc import Doc, Plain
from qwixx_print.errors import QwixxError

FOLDERS = ("layouts", "lang")
"""The package folders whose ``*.yaml`` files are shipped data."""

STORE = "parsed"
"""The package folder that holds the stored parses, one JSON file per shipped file."""


def names(folder: str) -> list[str]:
    """The names (file stems, sorted) of the ``*.yaml`` files in the package's ``folder``."""
    found = (resources.files("qwixx_print") / folder).iterdir()
    return sorted(p.name[:-5] for p in found if p.name.endswith(".yaml"))


def doc(folder: str, name: str, error: type[QwixxError]) -> Doc:
    """The parse of the shipped file ``folder/name.yaml``, named so in messages.

    Raises ``error`` with a located message when the file is missing or refused by
    :func:`qwixx_print.yamldoc.parse` (a shipped file never is; a test parses them all).
    """
    file = f"{folder}/{name}.yaml"
    resource = resources.files("qwixx_print") / folder / f"{name}.yaml"
    try:
        data = resource.read_bytes()
    except OSError:
        raise error(f"{file}: no such file in the package") from None
    stored = _stored(folder, name)
    if stored is not None and stored.get("text", "").encode("utf-8") == data:
        lines = {tuple(place): line for place, line in stored["lines"]}
        return Doc(file, _decoded(stored["root"]), lines)
    from qwixx_print.yamldoc import parse  # imports PyYAML: only for a file not stored

    return parse(data, file, error)


def _stored(folder: str, name: str) -> dict[str, Any] | None:
    import json

    try:
        stored = json.loads(
            (resources.files("qwixx_print") / STORE / folder / f"{name}.json").read_bytes()
        )
    except (OSError, ValueError):
        return None
    return stored if isinstance(stored, dict) else None


def fresh_store() -> dict[str, dict[str, Any]]:
    """What :data:`STORE` should hold: for every shipped file (``layouts/classic.yaml``) the
    content of its JSON file (in ``parsed/layouts/classic.json``), parsed now by
    :func:`qwixx_print.yamldoc.parse`, as JSON-ready data that :func:`doc` reads back.

    Raises QwixxError when a shipped file is refused (a test makes sure none is).
    """
    from qwixx_print.yamldoc import parse

    store = {}
    for folder in FOLDERS:
        for name in names(folder):
            file = f"{folder}/{name}.yaml"
            data = (resources.files("qwixx_print") / file).read_bytes()
            parsed = parse(data, file, QwixxError)
            store[file] = {
                "text": data.decode("utf-8"),
                "root": _encoded(parsed.root),
                "lines": [[list(place), line] for place, line in parsed.lines.items()],
            }
    return store


def _encoded(value: Any) -> Any:
    """A ``Doc`` tree as JSON data: a scalar gets a first character, ``=`` for plain text
    (:class:`~qwixx_print.doc.Plain`) and ``'`` for quoted text."""
    if isinstance(value, dict):
        return {key: _encoded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_encoded(item) for item in value]
    return ("=" if isinstance(value, Plain) else "'") + value


def _decoded(value: Any) -> Any:
    """The ``Doc`` tree of :func:`_encoded`'s JSON data."""
    if isinstance(value, dict):
        return {key: _decoded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_decoded(item) for item in value]
    return Plain(value[1:]) if value[0] == "=" else value[1:]
