"""Strict YAML reading with PyYAML into a :class:`~qwixx_print.doc.Doc`, a line for each place.

YAML is only the syntax here: plain scalars stay text (:class:`~qwixx_print.doc.Plain`) for
the schema to type (see :mod:`qwixx_print.doc`). Refused outright, each with a located one-line
error: duplicate keys, explicit tags (``!!python/object``), anchors and aliases (so an alias
bomb is refused at its first anchor, before anything is expanded), nesting deeper than
:data:`MAX_DEPTH`, files over :data:`MAX_BYTES` (never read further), text that is not UTF-8
or holds control characters or lone surrogates, empty files. UTF-16 and UTF-32 are read when
the file starts with their byte-order mark (YAML 1.2 §5.2).

Only this module imports PyYAML; shipped files are read through :mod:`qwixx_print.packaged`,
which needs it only for a shipped file that differs from its stored parse.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader, ReaderError
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from qwixx_print.doc import Doc, Place, Plain, place_text
from qwixx_print.errors import QwixxError, located

MAX_BYTES = 1_000_000
"""Largest file read, in bytes; a real layout or marks file is a few kB."""

MAX_DEPTH = 32
"""Deepest nesting of lists and mappings accepted."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_COMMENTED_HEX = re.compile(r"[ \t]+(#[0-9a-fA-F]{3,8})\b")
_SYNTAX_HINTS = {
    "'\\t'": "indent and separate with spaces, not tabs",
    "another document": "a file holds one document: remove the second '---' and what follows",
    "could not find expected ':'": "a key needs ':' after it (and at most 1024 characters)",
    "mapping values are not allowed": "quote text that holds ': '",
}
"""Problems PyYAML reports (a part of its message) -> what to do about them."""


class _Refused(Exception):
    def __init__(self, line: int, text: str, place: Place = ()) -> None:
        super().__init__(text)
        self.line = line
        self.text = text
        self.place = place


class _StrictComposer(Reader, Scanner, Parser, Composer, BaseResolver):
    """PyYAML's pure-Python front end with every plain scalar left as text."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        BaseResolver.__init__(self)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        line = event.start_mark.line + 1
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(
                line,
                "anchors (&name) and aliases (*name) are not allowed: write values out in full",
            )
        if isinstance(event, ScalarEvent | CollectionStartEvent) and event.tag not in (None, "!"):
            raise _Refused(line, f"the tag {event.tag} is not allowed: remove it, write plain data")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _Refused(line, f"nested deeper than {MAX_DEPTH} levels of lists and mappings")
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same 2 bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
"""Byte-order marks of the encodings YAML 1.2 §5.2 requires besides UTF-8, and their codec."""


def encoding(data: bytes) -> tuple[str, int]:
    """The codec a file's ``data`` is read with, and how many bytes its byte-order mark
    takes: UTF-32 or UTF-16 when it starts with their mark (as Windows Notepad saves
    "Unicode", PowerShell 5's ``>`` too), else UTF-8 (its mark, if any, is skipped too).
    The one decision of a layout's, marks file's or game log's encoding: the reader and the
    web page that shows an upload beside its problems both ask it."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return codec, len(bom)
    return "utf-8", len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0


def _looks_utf16(data: bytes) -> bool:
    """Whether ``data`` (no byte-order mark) looks like UTF-16 text: in its first 4 kB at
    least a third of the bytes at even (UTF-16 BE) or odd (LE) places are 0 and almost none
    at the others, as Latin text saved as UTF-16 without a mark is. UTF-8 text holds no 0
    byte, so nothing else is taken for it."""
    head = data[:4096]
    even, odd = head[0::2].count(0), head[1::2].count(0)
    more, fewer = max(even, odd), min(even, odd)
    return len(head) >= 4 and 3 * more >= len(head) // 2 and 8 * fewer <= more


def _decode(data: bytes, file: str, error: type[QwixxError]) -> str:
    """The text of ``data`` in its :func:`encoding`; raises ``error`` for bytes that are not
    text in it."""
    codec, skip = encoding(data)
    if skip == 0 and _looks_utf16(data):
        raise error(
            f"{file}: UTF-16 text without a byte-order mark (every other byte is 0): "
            "save the file as UTF-8"
        )
    try:
        return data[skip:].decode(codec)
    except UnicodeDecodeError as exc:
        if codec != "utf-8":
            raise error(
                f"{file}: not valid {codec[:6].upper()} text: save the file as UTF-8"
            ) from None
        line = data[: skip + exc.start].count(b"\n") + 1
        bad = data[skip + exc.start]
        raise error(
            f"{file}:{line}: not UTF-8 text (byte 0x{bad:02x}): save the file as UTF-8"
        ) from None


def _yaml_error(exc: yaml.YAMLError, file: str, text: str) -> str:
    if isinstance(exc, ReaderError):
        at = text[: exc.position].count("\n") + 1
        return located(
            file, at, "", f"the character U+{exc.character:04X} is not allowed in YAML: remove it"
        )
    mark = getattr(exc, "problem_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None) or ""
    start = getattr(exc, "context_mark", None)
    if (
        context.startswith("while ")
        and start is not None
        and start.line + 1 != line
        and "<block" not in problem
    ):
        problem += f" ({context.split(' ', 2)[2]} opened on line {start.line + 1})"
    if "<block" in problem:  # PyYAML's words for a line indented unlike its neighbours
        problem = "the indentation does not match the lines above"
        if start is not None and start.line + 1 != line:
            problem += f" (the list or mapping from line {start.line + 1})"
    hint = next((h for key, h in _SYNTAX_HINTS.items() if key in problem), None)
    return located(file, line, "", f"not valid YAML: {problem}" + (f": {hint}" if hint else ""))


def _commented_colour(node: ScalarNode) -> str | None:
    """The hex colour (``#1f5fae``) written unquoted right after an empty value: YAML reads
    its ``#`` as the start of a comment, so the value is empty."""
    mark = node.start_mark
    if node.value or node.style is not None or mark.buffer is None:
        return None
    rest = mark.buffer[mark.pointer : mark.buffer.find("\n", mark.pointer)]
    found = _COMMENTED_HEX.match(rest)
    return found[1] if found else None


def _build(node: Any, place: Place, lines: dict[Place, int], doc_file: str) -> Any:
    lines[place] = node.start_mark.line + 1
    if isinstance(node, ScalarNode):
        colour = _commented_colour(node)
        if colour is not None:
            raise _Refused(
                lines[place],
                f"'#' starts a comment in YAML, so {colour} is read as nothing: "
                f'quote it, "{colour}"',
                place,
            )
        surrogate = _SURROGATE.search(node.value)
        if surrogate is not None:
            raise _Refused(
                lines[place],
                f"the escape \\u{ord(surrogate[0]):04x} is half of a UTF-16 pair: "
                "write the character itself",
                place,
            )
        return Plain(node.value) if node.style is None else str(node.value)
    if isinstance(node, SequenceNode):
        return [_build(item, (*place, i), lines, doc_file) for i, item in enumerate(node.value)]
    assert isinstance(node, MappingNode)
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key_line = key_node.start_mark.line + 1
        if not isinstance(key_node, ScalarNode):
            raise _Refused(key_line, "a key must be a plain word, not a list or mapping")
        key = str(key_node.value)
        if key in out:
            first = lines[(*place, key)]
            raise _Refused(key_line, f"the key '{key}' appears twice (first on line {first})")
        out[key] = _build(value_node, (*place, key), lines, doc_file)
    return out


def parse(data: bytes, file: str, error: type[QwixxError]) -> Doc:
    """Parse YAML bytes into a :class:`Doc`; ``file`` names it in messages.

    Raises ``error`` (a :class:`QwixxError` subclass) with a located one-line message for
    every refusal listed in the module docstring and for any YAML syntax error.
    """
    if len(data) > MAX_BYTES:
        raise error(
            f"{file}: the file is larger than {MAX_BYTES // 1_000_000} MB: "
            "a layout or marks file is a few kB, check the file name"
        )
    text = _decode(data, file, error)
    composer = None
    try:
        composer = _StrictComposer(text)
        node = composer.get_single_node()
        if node is None:
            raise error(f"{file}: the file is empty")
        lines: dict[Place, int] = {}
        root = _build(node, (), lines, file)
    except _Refused as exc:
        raise error(located(file, exc.line, place_text(exc.place), exc.text)) from None
    except yaml.YAMLError as exc:
        raise error(_yaml_error(exc, file, text)) from None
    finally:
        if composer is not None:
            composer.dispose()
    return Doc(file, root, lines)


def read(path: Path, error: type[QwixxError], shown: str | None = None) -> Doc:
    """Read and parse the YAML file at ``path``; ``shown`` is its name in messages.

    Raises ``error`` when the file is missing, unreadable or refused by :func:`parse`.
    """
    file = shown or str(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        raise error(f"{file}: is not a regular file (a pipe or device?): give a YAML file")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise error(f"{file}: no such file") from None
    except IsADirectoryError:
        raise error(f"{file}: is a folder, not a file") from None
    except OSError as exc:
        raise error(f"{file}: cannot be read ({exc.strerror})") from None
    return parse(data, file, error)
