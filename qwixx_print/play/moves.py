"""Moves and verdicts: what a player does to a sheet, and the engine's answer to "may I?".

A move is written in a game log as one short line (``cross red 5``, ``again red 5``,
``penalty``, ``concede green``, ``finish``; docs/play.md); :func:`parse` reads that line back.
RULES-more.md §5 Moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from qwixx_print.errors import escaped

KINDS = ("cross", "again", "penalty", "concede", "finish")
"""The kinds of move (RULES-more.md §5): a field, a Nochmal small box, a penalty box, a colour
closed by another player, the end by hand."""

_WITH_FIELD = ("cross", "again")


@dataclass(frozen=True, slots=True)
class Move:
    """One move on a sheet: ``kind`` (one of :data:`KINDS`), the ``row`` id it acts on
    (``cross``, ``again``, ``concede``) and the 0-based ``index`` of the field in that row
    (``cross``, ``again``: the field whose small box it is)."""

    kind: str
    row: str | None = None
    index: int | None = None

    def __str__(self) -> str:
        """The move as a log line: ``cross red 5``, ``concede green``, ``penalty``."""
        parts = (self.kind, self.row, self.index)
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
    wanted = 2 if kind in _WITH_FIELD else 1 if kind == "concede" else 0
    if len(args) != wanted:
        shape = {2: f"{kind} ROW INDEX", 1: f"{kind} ROW", 0: kind}[wanted]
        raise ValueError(f"'{line}': write the move as '{shape}'")
    if kind in _WITH_FIELD:
        if not args[1].isdigit() or (args[1] != "0" and args[1].startswith("0")):
            raise ValueError(f"'{line}': the index '{args[1]}' is not a whole number >= 0")
        return Move(kind, args[0], int(args[1]))
    return Move(kind, args[0] if args else None)
