"""Strict YAML reading with a line for every place, shared by layouts and marks files.

YAML is only the syntax here. Plain scalars stay text (:class:`Plain`) until the schema asks
for a type, so YAML 1.1 surprises (``NO`` -> false, ``08`` -> 8, ``1:30`` -> 90) never happen
silently. Refused outright, each with a located one-line error: duplicate keys, explicit tags
(``!!python/object``), anchors and aliases (so an alias bomb is refused at its first anchor,
before anything is expanded), nesting deeper than :data:`MAX_DEPTH`, files over
:data:`MAX_BYTES` (never read further), text that is not UTF-8 or holds control characters or
lone surrogates, empty files. Values shown in messages are cut to :data:`SHOWN_CHARS`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader, ReaderError
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from qwixx_print.errors import QwixxError, located

MAX_BYTES = 1_000_000
"""Largest file read, in bytes; a real layout or marks file is a few kB."""

MAX_DEPTH = 32
"""Deepest nesting of lists and mappings accepted."""

SHOWN_CHARS = 40
"""Longest value quoted in a message; longer ones are cut with an ellipsis."""

_MAX_DIGITS = 18
"""Longest whole number read; every range in the schema is far below it."""

Place = tuple[str | int, ...]
"""A place in a document: mapping keys and list indexes from the root, e.g. ``("rows", 2)``."""

_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_NUMBER = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
_NUMBER_LIKE = re.compile(r"[-+]?[.0-9][0-9a-zA-Z_:.+-]*|[-+]?\.(inf|nan)", re.IGNORECASE)
_SURROGATE = re.compile("[\ud800-\udfff]")
_SYNTAX_HINTS = {
    "'\\t'": "indent and separate with spaces, not tabs",
    "another document": "a file holds one document: remove the second '---' and what follows",
    "could not find expected ':'": "a key needs ':' after it (and at most 1024 characters)",
    "mapping values are not allowed": "quote text that holds ': '",
}
"""Problems PyYAML reports (a part of its message) -> what to do about them."""

_YAML11_WORDS = {"yes", "no", "on", "off", "y", "n", "true", "false", "null", "~"}


class Plain(str):
    """An unquoted YAML scalar: text that the schema, not YAML, gives a type."""

    __slots__ = ()


def shown(value: object) -> str:
    """``value`` quoted for a one-line message: control characters escaped, cut to
    :data:`SHOWN_CHARS` characters (``'abc…'``)."""
    return f"'{_cut(str(value))}'"


def _cut(text: str) -> str:
    """``text`` with control, format and surrogate characters escaped (``\\u0007``), cut to
    :data:`SHOWN_CHARS` characters."""
    cut = text[:SHOWN_CHARS] + ("…" if len(text) > SHOWN_CHARS else "")
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Cs") else c for c in cut
    )


def place_text(place: Place) -> str:
    """``("rows", 2, "fields", 10)`` -> ``"rows[2].fields[10]"``; the root is ``""``."""
    out = ""
    for part in place:
        out += f"[{part}]" if isinstance(part, int) else (f".{_cut(part)}" if out else _cut(part))
    return out


@dataclass(frozen=True)
class Doc:
    """A parsed YAML document: ``root`` (dicts, lists, str, :class:`Plain`) and its lines.

    ``file`` is the name shown in messages; ``lines`` maps every place to its 1-based line.
    """

    file: str
    root: Any
    lines: Mapping[Place, int]

    def line(self, place: Place) -> int | None:
        """The line of ``place``, or of its nearest ancestor that has one."""
        for end in range(len(place), -1, -1):
            if place[:end] in self.lines:
                return self.lines[place[:end]]
        return None

    def message(self, place: Place, text: str) -> str:
        """``file:line: place: text`` for ``place``."""
        return located(self.file, self.line(place), place_text(place), text)


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


def _decode(data: bytes, file: str, error: type[QwixxError]) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error(f"{file}: the file is UTF-16: save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        bad = data[exc.start]
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
    if context.startswith("while ") and start is not None and start.line + 1 != line:
        problem += f" ({context.split(' ', 2)[2]} opened on line {start.line + 1})"
    hint = next((h for key, h in _SYNTAX_HINTS.items() if key in problem), None)
    return located(file, line, "", f"not valid YAML: {problem}" + (f": {hint}" if hint else ""))


def _build(node: Any, place: Place, lines: dict[Place, int], doc_file: str) -> Any:
    lines[place] = node.start_mark.line + 1
    if isinstance(node, ScalarNode):
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


@dataclass(frozen=True)
class Node:
    """A value at a place in a :class:`Doc`, read with a type in mind.

    Every accessor returns the typed value or raises ``error`` located at this place.
    """

    doc: Doc
    value: Any
    place: Place
    error: type[QwixxError]

    @classmethod
    def root(cls, doc: Doc, error: type[QwixxError]) -> Node:
        """The node of the whole document."""
        return cls(doc, doc.root, (), error)

    def fail(self, text: str) -> NoReturn:
        """Raise ``error`` with ``text`` located at this place."""
        raise self.error(self.doc.message(self.place, text))

    def _kind(self) -> str:
        if isinstance(self.value, dict):
            return "a mapping"
        if isinstance(self.value, list):
            return "a list"
        return shown(self.value)

    def child(self, key: str | int, value: Any) -> Node:
        """The node for ``value`` found under ``key``."""
        return Node(self.doc, value, (*self.place, key), self.error)

    def mapping(
        self,
        required: tuple[str, ...],
        optional: tuple[str, ...] = (),
        explained: Mapping[str, str] | None = None,
    ) -> dict[str, Node]:
        """The entries of a mapping; unknown keys and missing ``required`` keys are errors.

        ``explained`` maps keys the format deliberately lacks to the message they get.
        """
        if not isinstance(self.value, dict):
            self.fail(f"expected a mapping (key: value), got {self._kind()}")
        known = (*required, *optional)
        for key in self.value:
            if explained and key in explained:
                self.child(key, None).fail(explained[key])
            if key not in known:
                import difflib  # only on this error path: keeps start-up light

                close = difflib.get_close_matches(key, known, n=1)
                hint = f"did you mean '{close[0]}'?" if close else "known: " + ", ".join(known)
                self.child(key, None).fail(f"unknown key {shown(key)} ({hint})")
        for key in required:
            if key not in self.value:
                self.fail(f"missing key '{key}'")
        return {key: self.child(key, value) for key, value in self.value.items()}

    def items(self) -> Iterator[tuple[str, Node]]:
        """The entries of a mapping with free keys (e.g. rows of a marks file)."""
        if not isinstance(self.value, dict):
            self.fail(f"expected a mapping (key: value), got {self._kind()}")
        for key, value in self.value.items():
            yield key, self.child(key, value)

    def sequence(self, low: int = 0, high: int = 1000, items: str = "items") -> list[Node]:
        """The items of a list of ``low``..``high`` items (``items`` names them in messages)."""
        if not isinstance(self.value, list):
            self.fail(f"expected a list, got {self._kind()}")
        if not low <= len(self.value) <= high:
            self.fail(f"expected {low} to {high} {items}, got {len(self.value)}")
        return [self.child(i, value) for i, value in enumerate(self.value)]

    def integer(self, low: int, high: int) -> int:
        """A whole number in ``low..high`` written plainly: ``8``, not ``08``, ``8.0``, ``"8"``."""
        value = self.value
        if not isinstance(value, Plain):
            if isinstance(value, str):
                self.fail(
                    f"expected a whole number, got the quoted text {shown(value)}: unquote it"
                )
            self.fail(f"expected a whole number, got {self._kind()}")
        if not _INT.fullmatch(value):
            if _NUMBER_LIKE.fullmatch(value):
                self.fail(
                    f"write the whole number {shown(value)} plainly, e.g. 8: leading zeros, "
                    "decimals, exponents, '_', hex, h:m, .inf and .nan are not read"
                )
            self.fail(f"expected a whole number, got {shown(value)}")
        digits = len(value.lstrip("+-"))
        if digits > _MAX_DIGITS:
            self.fail(f"must be from {low} to {high}, got a number of {digits} digits")
        number = int(value)
        if not low <= number <= high:
            self.fail(f"must be from {low} to {high}, got {number}")
        return number

    def number(self, low: float, high: float) -> float:
        """A finite decimal number in ``low..high`` (``7``, ``6.5``)."""
        value = self.value
        if not (isinstance(value, Plain) and _NUMBER.fullmatch(value)):
            self.fail(f"expected a number such as 6.5, got {self._kind()}")
        number = float(value)
        if not low <= number <= high:
            self.fail(f"must be from {low:g} to {high:g}, got {number:g}")
        return number

    def text(self, max_length: int = 200) -> str:
        """Text of 1..``max_length`` characters; words YAML 1.1 reads as yes/no must be quoted."""
        value = self.value
        if not isinstance(value, str):
            self.fail(f"expected text, got {self._kind()}")
        if isinstance(value, Plain) and value.lower() in _YAML11_WORDS:
            self.fail(
                f"'{value}' is read as yes/no or null by YAML 1.1 tools: quote it, \"{value}\""
            )
        value = value.rstrip("\n")
        if not value.strip():
            self.fail("expected text, got nothing")
        if len(value) > max_length:
            self.fail(f"text of {len(value)} characters: shorten it to {max_length} at most")
        control = next((c for c in value if unicodedata.category(c) == "Cc"), None)
        if control is not None:
            self.fail(
                f"the control character U+{ord(control):04X} is not allowed: "
                "write the text on one line, without tabs"
            )
        return str(value)

    def boolean(self) -> bool:
        """``true`` or ``false``, written so."""
        if isinstance(self.value, Plain) and self.value in ("true", "false"):
            return self.value == "true"
        self.fail(f"expected true or false, got {self._kind()}")
