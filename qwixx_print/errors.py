"""The project's error types: every user-facing failure is a :class:`QwixxError`.

The CLI maps a ``QwixxError`` to one line on stderr and exit code 2; anything else is a bug
and keeps its traceback.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escaped(text: str) -> str:
    """``text`` on one line: control, format and surrogate characters written as escapes
    (a newline as ``\\n``, a tab as ``\\t``, others as ``\\u0007``), everything else as it is.

    Every :class:`QwixxError` message goes through it, so text from a user's file (a row id,
    a name, a key, a label, a file name) can never break a message over several lines.
    """
    if text.isprintable():
        return text
    return "".join(
        _ESCAPES.get(c, f"\\u{ord(c):04x}")
        if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        else c
        for c in text
    )


def unprinted(text: str) -> str | None:
    """The first character of ``text`` that prints nothing of its own, or None: a control
    character, a format character (a right-to-left override U+202E, a zero-width space
    U+200B, a direction isolate), a line or paragraph separator, a space other than the
    plain one (U+0020), a surrogate, a private-use or unassigned code point: whatever
    Python's ``str.isprintable`` refuses. Player names and a layout's texts (its labels)
    refuse the same characters by this one function."""
    if text.isprintable():
        return None
    return next(c for c in text if not c.isprintable())


def closest(word: str, known: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The one of ``known`` nearest to a mistyped ``word`` (difflib's ratio at least
    ``cutoff``), or None: the "did you mean" of every refusal of an unknown name (a key,
    a command, a layout, a family, a move)."""
    import difflib  # only on an error path: keeps start-up light

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=cutoff)
    return close[0] if close else None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``did you mean 'cross'? `` for a near miss of ``word`` among ``known``
    (:func:`closest`), else ``''``: the start of a refusal's parenthesis."""
    near = closest(word, known)
    return f"did you mean '{near}'? " if near is not None else ""


def unprinted_refusal(hidden: str) -> str:
    """What is wrong with a text holding ``hidden``, a character that prints nothing
    (:func:`unprinted`): one line, the character named. The layout reader, ``score`` and
    the web page's new game say it alike."""
    return (
        f"the character {named(hidden)} does not print (it is invisible or turns the "
        "text's direction): leave it out"
    )


def named(char: str) -> str:
    """``char`` for a message that must say which character it is, look-alikes included:
    ``'\u0435' (U+0435 CYRILLIC SMALL LETTER IE)``."""
    name = unicodedata.name(char, "")
    return f"'{escaped(char)}' (U+{ord(char):04X}{' ' + name if name else ''})"


class QwixxError(Exception):
    """A user error with a one-line, self-explaining message.

    ``str(error)`` is the whole message, ready to print (``file:line: place: what``): the
    message given is passed through :func:`escaped`, so it is always one line.
    """

    line: int | None = None
    """The line of the file the message is located at, where the reader knew it (set by
    :meth:`qwixx_print.doc.Node.failure`): several problems of one file are told in its order."""

    def __init__(self, message: str) -> None:
        super().__init__(escaped(message))


class LayoutError(QwixxError):
    """A layout file that cannot be read, does not fit the schema or breaks RULES.md §3.

    ``problems`` holds every problem it stands for, one located line each (``validate``
    prints them all); the message is the first of them, saying how many more there are
    (:func:`first_of`).
    """

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(map(escaped, problems)) or (str(self),)

    @classmethod
    def of_all(cls, found: Sequence[QwixxError]) -> LayoutError:
        """One error for all the problems ``found`` in a file (at least one), in the order
        of their lines (those without a line first)."""
        ordered = [str(error) for error in sorted(found, key=lambda error: error.line or 0)]
        return cls(first_of(ordered), ordered)


class MarksError(QwixxError):
    """A marks file (filled-in sheets for ``qwixx-print score``) that cannot be read or scored."""


class RuleViolation(QwixxError):
    """A filled-in sheet that breaks a rule of RULES.md; the message names the rule."""


class OutputError(QwixxError):
    """An output path that cannot be written (missing folder, no permission, a terminal)."""


def first_of(messages: Sequence[str]) -> str:
    """The first of several one-line messages, saying how many more there are (and where to
    see them all); ``messages`` must not be empty."""
    more = len(messages) - 1
    return messages[0] + (f" (and {more} more: run 'qwixx-print validate')" if more else "")


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1: ``1 bonus field``,
    ``2 bonus fields`` (``noun`` takes an ``s``)."""
    return f"{count} {noun}{'s' * (count != 1)}"


def listed(words: Sequence[str]) -> str:
    """``words`` as a sentence lists them, in their order: ``red``, ``red and green``,
    ``red, yellow and green``; ``''`` for none."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def located(file: str, line: int | None, place: str, message: str) -> str:
    """Format a located message: ``file:line: place: message``.

    ``line`` is 1-based; ``None`` leaves it out. ``place`` is a layout path such as
    ``rows[2].fields[10]``; an empty place (the document itself) is left out too.
    """
    head = f"{file}:{line}" if line is not None else file
    return f"{head}: {place}: {message}" if place else f"{head}: {message}"


class GenerateError(QwixxError):
    """A sheet that cannot be generated: an aspect the layout cannot shuffle, or no
    candidate balanced within the budget (issue 14; docs/generate.md)."""
