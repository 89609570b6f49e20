"""Moves and verdicts: what a player does to a sheet, and the engine's answer to "may I?".

A move is written in a game log as one short line (``cross red 5``, ``again red 5``,
``penalty``, ``concede green``, ``finish``; docs/play.md); :func:`parse` reads that line back.
RULES-more.md §5 Moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from qwixx_print.errors import escaped

KINDS = ("cross", "again", "bonus", "swap", "lucky", "square", "penalty", "concede", "finish")
"""The kinds of move (RULES-more.md §5): a field, a Nochmal small box, a bonus cell (Big
Points), a diamond with its field (X-Change), a lucky cross (Longo), a link square (Connect
15, RULES.md §7), a penalty box, a colour closed by another player, the end by hand."""

_WITH_FIELD = ("cross", "again", "bonus", "square")


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """One move on a sheet: ``kind`` (one of :data:`KINDS`), the ``row`` id it acts on
    (``cross``, ``again``, ``concede``) and the 0-based ``index`` of the field in that row
    (``cross``, ``again``: the field whose small box it is; ``bonus``: the cell's column);
    ``swap`` crosses the X-Change ``diamond`` (0-based, left to right) with field ``index``
    of ``row``; ``lucky`` crosses the next free field of ``row`` (RULES-more.md §4, §5);
    ``square`` the link square right of field ``index`` of ``row`` (RULES.md §7)."""

    kind: str
    row: str | None = None
    index: int | None = None
    diamond: int | None = None

    def __repr__(self) -> str:
        extra = "" if self.diamond is None else f", diamond={self.diamond}"
        return f"Move(kind={self.kind!r}, row={self.row!r}, index={self.index!r}{extra})"

    def __str__(self) -> str:
        """The move as a log line: ``cross red 5``, ``swap 2 red 5``, ``concede green``."""
        parts = (self.kind, self.diamond, self.row, self.index)
        return " ".join(str(part) for part in parts if part is not None)


class Verdict:
    """The answer to ``can_*``: truthy when the move is legal; otherwise falsy, with
    ``reason``, one line a player understands naming the row and the rule
    (``red: 5 is left of your last cross (7)``), user text in it escaped as in every error."""

    __slots__ = ("reason",)

    def __init__(self, reason: str = "") -> None:
        self.reason = escaped(reason)

    def __bool__(self) -> bool:
        return not self.reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verdict) and other.reason == self.reason

    def __hash__(self) -> int:
        return hash(self.reason)

    def __repr__(self) -> str:
        return f"Verdict({self.reason!r})" if self.reason else "Verdict(legal)"


LEGAL = Verdict()
"""The verdict of every legal move."""


def parse(line: str) -> Move:
    """The :class:`Move` written as ``line`` (``cross red 5``); raises ValueError with a
    one-line reason when it is not one."""
    parts = line.split()
    if not parts or parts[0] not in KINDS:
        raise ValueError(f"'{line}' is not a move (moves: {', '.join(KINDS)})")
    kind, args = parts[0], parts[1:]
    shape = _SHAPES.get(kind, kind)
    if len(args) != len(shape.split()) - 1:
        raise ValueError(f"'{line}': write the move as '{shape}'")
    if kind == "swap":
        return Move(kind, args[1], _index(line, args[2]), _index(line, args[0]))
    if kind in _WITH_FIELD:
        return Move(kind, args[0], _index(line, args[1]))
    return Move(kind, args[0] if args else None)


_SHAPES = {
    **{kind: f"{kind} ROW INDEX" for kind in _WITH_FIELD},
    "swap": "swap DIAMOND ROW INDEX",
    "lucky": "lucky ROW",
    "concede": "concede ROW",
}


def _index(line: str, text: str) -> int:
    if (
        not (text.isascii() and text.isdigit())
        or (text != "0" and text.startswith("0"))
        or len(text) > 6
    ):
        raise ValueError(f"'{line}': the index '{text}' is not a whole number >= 0")
    return int(text)
