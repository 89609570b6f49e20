"""A parsed document and its typed reader, shared by layouts, labels and marks files.

A :class:`Doc` is what :mod:`qwixx_print.yamldoc` makes of a YAML file (or what
:mod:`qwixx_print.packaged` stored for a shipped one): plain data with a line for every place.
Plain scalars stay text (:class:`Plain`) until the schema asks a :class:`Node` for a type, so
YAML 1.1 surprises (``NO`` -> false, ``08`` -> 8, ``1:30`` -> 90) never happen silently. Values
shown in messages are cut to :data:`SHOWN_CHARS`. This module does not import PyYAML.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple, NoReturn

from qwixx_print.errors import (
    QwixxError,
    closest,
    escaped,
    located,
    unprinted,
    unprinted_refusal,
)

SHOWN_CHARS = 40
"""Longest value quoted in a message; longer ones are cut with an ellipsis."""

_MAX_DIGITS = 18
"""Longest whole number read; every range in the schema is far below it."""

Place = tuple[str | int, ...]
"""A place in a document: mapping keys and list indexes from the root, e.g. ``("rows", 2)``."""

_INT = r"[-+]?(0|[1-9][0-9]*)"
_NUMBER = r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)"
_NUMBER_LIKE = r"(?i)[-+]?[.0-9][0-9a-zA-Z_:.+-]*|[-+]?\.(inf|nan)"
"""Patterns for ``re.fullmatch``, compiled (and cached by ``re``) on first use only: the
start-up of a run that reads no decimal and no malformed number pays for none of them."""

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
    return escaped(text[:SHOWN_CHARS] + ("…" if len(text) > SHOWN_CHARS else ""))


def place_text(place: Place) -> str:
    """``("rows", 2, "fields", 10)`` -> ``"rows[2].fields[10]"``; the root is ``""``."""
    out = ""
    for part in place:
        out += f"[{part}]" if isinstance(part, int) else (f".{_cut(part)}" if out else _cut(part))
    return out


class Doc(NamedTuple):
    """A parsed YAML document: ``root`` (dicts, lists, str, :class:`Plain`) and its lines.

    ``file`` is the name shown in messages; ``lines`` maps every place to its 1-based line.
    (A NamedTuple, not a dataclass: as cheap to define at start-up as to build.)
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


class Node(NamedTuple):
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
        raise self.failure(text)

    def failure(self, text: str) -> QwixxError:
        """``error`` with ``text`` located at this place (its ``line`` set), not raised."""
        error = self.error(self.doc.message(self.place, text))
        error.line = self.doc.line(self.place)
        return error

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
        found: list[QwixxError] | None = None,
    ) -> dict[str, Node]:
        """The entries of a mapping; unknown keys and missing ``required`` keys are errors.

        ``explained`` maps keys the format deliberately lacks to the message they get. With
        ``found``, those errors are added to it, not raised, and the entries returned are
        the known ones (the caller checks for a required key); a value that is no mapping is
        raised either way.
        """
        if not isinstance(self.value, dict):
            self.fail(f"expected a mapping (key: value), got {self._kind()}")
        known = (*required, *optional)
        problems: list[QwixxError] = []
        for key in self.value:
            if explained and key in explained:
                problems.append(self.child(key, None).failure(explained[key]))
            elif key not in known:
                near = closest(key, known)
                hint = f"did you mean '{near}'?" if near else "known: " + ", ".join(known)
                problems.append(self.child(key, None).failure(f"unknown key {shown(key)} ({hint})"))
        problems += [
            self.failure(f"missing key '{key}'") for key in required if key not in self.value
        ]
        if problems and found is None:
            raise problems[0]
        if found is not None:
            found += problems
        return {key: self.child(key, value) for key, value in self.value.items() if key in known}

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
        if not re.fullmatch(_INT, value):
            if re.fullmatch(_NUMBER_LIKE, value):
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
        if not (isinstance(value, Plain) and re.fullmatch(_NUMBER, value)):
            self.fail(f"expected a number such as 6.5, got {self._kind()}")
        number = float(value)
        if not low <= number <= high:
            self.fail(f"must be from {low:g} to {high:g}, got {number:g}")
        return number

    def text(self, max_length: int = 200) -> str:
        """Text of 1..``max_length`` characters, in Unicode's composed form (NFC: an ``e``
        and a combining accent, as a Mac may paste them, become one ``é``); words YAML 1.1
        reads as yes/no must be quoted."""
        value = self.value
        if not isinstance(value, str):
            self.fail(f"expected text, got {self._kind()}")
        if isinstance(value, Plain) and value.lower() in _YAML11_WORDS:
            self.fail(
                f"'{value}' is read as yes/no or null by YAML 1.1 tools: quote it, \"{value}\""
            )
        value = unicodedata.normalize("NFC", value.rstrip("\n"))
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
        hidden = unprinted(value)
        if hidden is not None:
            self.fail(unprinted_refusal(hidden))
        return str(value)

    def boolean(self) -> bool:
        """``true`` or ``false``, written so."""
        if isinstance(self.value, Plain) and self.value in ("true", "false"):
            return self.value == "true"
        self.fail(f"expected true or false, got {self._kind()}")
