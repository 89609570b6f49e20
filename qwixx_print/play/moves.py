"""Moves and verdicts: what a player does to a sheet, and the engine's answer to "may I?".

A move is written in a game log as one short line (``cross red 5``, ``again red 5``,
``penalty``, ``concede green``, ``finish``; docs/play.md); :func:`parse` reads that line back,
in the shape its kind names (:attr:`MoveKind.args <qwixx_print.play.move_kind.MoveKind.args>`).
RULES-more.md §5 Moves.
"""

from __future__ import annotations

from qwixx_print.errors import did_you_mean
from qwixx_print.play.kinds import KINDS as _KINDS
from qwixx_print.play.move_kind import LEGAL, Move, Verdict

__all__ = ["KINDS", "LEGAL", "Move", "Verdict", "parse", "shape"]

KINDS = tuple(_KINDS)
"""The names of the kinds of move (RULES-more.md §5), in the order of
:data:`qwixx_print.play.kinds.KINDS`."""


def shape(kind: str) -> str:
    """How a move of ``kind`` is written: ``swap DIAMOND ROW INDEX``."""
    return " ".join((kind, *(arg.upper() for arg in _KINDS[kind].args)))


def parse(line: str) -> Move:
    """The :class:`Move` written as ``line`` (``cross red 5``); raises ValueError with a
    one-line reason when it is not one."""
    parts = line.split()
    if not parts or parts[0] not in _KINDS:
        hint = did_you_mean(parts[0], KINDS) if parts else ""
        raise ValueError(f"'{line}' is not a move ({hint}moves: {', '.join(KINDS)})")
    kind, args = parts[0], parts[1:]
    names = _KINDS[kind].args
    if len(args) != len(names):
        raise ValueError(f"'{line}': write the move as '{shape(kind)}'")
    given = dict(zip(names, args, strict=True))
    row = given.get("row")
    index = _index(line, given["index"]) if "index" in given else None
    diamond = _index(line, given["diamond"]) if "diamond" in given else None
    return Move(kind, row, index, diamond)


def _index(line: str, text: str) -> int:
    if (
        not (text.isascii() and text.isdigit())
        or (text != "0" and text.startswith("0"))
        or len(text) > 6
    ):
        raise ValueError(f"'{line}': the index '{text}' is not a whole number >= 0")
    return int(text)
