"""A page's or a script's request, read: the move a tap or a JSON body names
(:func:`parse_move`, checked against the engine's kinds of move,
:data:`qwixx_print.play.kinds.KINDS`) and the turn a roll, next or back acts on
(:func:`turn_of`); a 400 naming the key for anything else (docs/web.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from werkzeug.exceptions import BadRequest

from qwixx_print.play import Move
from qwixx_print.play.kinds import KINDS

SHEET_MOVES = tuple(kind for kind in KINDS if kind not in ("concede", "finish"))
"""Moves a player's link may make on their own sheet: the engine's kinds
(:data:`qwixx_print.play.moves.KINDS`) but conceding (a closed colour is the game's) and the
end by hand (the host's page ends the game for everyone: ``finish``)."""

MOVE_KEYS = ("kind", "row", "index", "diamond", "step")
"""The keys of a move in a form or JSON body; any other is refused (``step``: the player's
step an undo or redo acts on, :func:`step_of`)."""

MOVE_NEEDS = {name: kind.args for name, kind in KINDS.items() if name in SHEET_MOVES and kind.args}
"""What each move naming a place needs, in its log line's order (docs/play.md; the kind's
:attr:`~qwixx_print.play.move_kind.MoveKind.args`): a field or the small box under it
(``row``, ``index``), a Big Points bonus cell (the bonus ``row`` and the column ``index``),
an X-Change ``diamond`` with the field it swaps into, a Longo lucky cross's ``row``, a
Lucky 15 value track field's ``index``, a Connect 15 link square (``row`` and ``index``, the
field left of it)."""


MAX_INDEX = 999
"""Largest field, column or diamond index a request may name (the engine names the real
range of a row: ``no field 11 (the row has fields 0 to 10)``)."""

_WHOLE = re.compile(r"-?[0-9]+")


def _shown(value: object) -> str:
    """A request's value as a refusal quotes it, cut to 20 characters: text in quotes, any
    other value as JSON writes it (``true``, ``null``, ``[1]``; not Python's ``True``)."""
    if isinstance(value, str):
        return repr(value[:20])
    try:
        return json.dumps(value)[:20]
    except (TypeError, ValueError):
        return repr(value)[:20]


def _index(value: object, key: str = "index", most: int = MAX_INDEX, form: bool = True) -> int:
    """A field's (or diamond's, or a step's) index from a request: a whole number 0 to
    ``most`` (a JSON number; digits from a ``form``); 400 naming ``key`` otherwise, saying
    whether it is no whole number, below 0 or out of range."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    elif form and isinstance(value, str) and _WHOLE.fullmatch(value):
        text = value
    else:
        raise BadRequest(f"{key} must be a whole number, got {_shown(value)}")
    digits = text.lstrip("-").lstrip("0") or "0"
    if text.startswith("-") and digits != "0":
        raise BadRequest(f"{key} must be 0 or more, got -{_long(digits)}")
    if len(digits) > len(str(most)) or int(digits) > most:
        raise BadRequest(f"{key} is out of range (0 to {most}), got {_long(digits)}")
    return int(digits)


def _long(digits: str, most: int = 20) -> str:
    """A whole number's ``digits`` for a message: the first ``most`` of a longer one, an
    ellipsis and how many there are (``99999999999999999999… (23 digits)``)."""
    if len(digits) <= most:
        return digits
    return f"{digits[:most]}\u2026 ({len(digits)} digits)"


def parse_move(values: Mapping[str, object], form: bool = True) -> Move:
    """The move in a form or JSON body (``form`` False: numbers must be JSON numbers, not
    text): ``kind`` and what it names (:data:`MOVE_NEEDS`): ``row`` (text), ``index`` and
    ``diamond`` (whole numbers); 400 naming the key for a kind a player's link cannot make,
    a missing or wrong-typed value, or a key that is not :data:`MOVE_KEYS`. Keys a kind
    does not name are ignored (a tap in swap mode sends the field's own values too), but
    their type is checked (:func:`step_of` reads ``step``)."""
    unknown = sorted(set(values) - set(MOVE_KEYS))
    if unknown:
        keys = ", ".join(repr(key[:20]) for key in unknown[:5])
        raise BadRequest(f"a move has the keys {', '.join(MOVE_KEYS)}; unknown: {keys}")
    kind = values.get("kind", "")
    kinds = (*SHEET_MOVES, "undo", "redo")
    if not isinstance(kind, str) or kind not in kinds:
        raise BadRequest(f"kind must be one of {', '.join(kinds)}, got {_shown(kind)}")
    if "step" in values:
        step_of(values, form)
    needs = MOVE_NEEDS.get(kind, ())
    for key in needs:
        if key not in values:
            raise BadRequest(f"{key} is missing: {kind} names {_named(needs)}")
    if not needs:
        return Move(kind)
    row = values["row"] if "row" in needs else None
    if row is not None and not isinstance(row, str):
        raise BadRequest(f"row must be a row's id (text), got {_shown(row)}")
    index = _index(values["index"], form=form) if "index" in needs else None
    diamond = _index(values["diamond"], "diamond", form=form) if "diamond" in needs else None
    return Move(kind, None if row is None else row[:40], index, diamond)


def _named(keys: tuple[str, ...]) -> str:
    """``a row and an index``: the keys a move names, in words."""
    words = [("an " if key == "index" else "a ") + key for key in keys]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


MAX_STEP = 10**9
"""Largest step an undo or redo may name (a game holds at most 100,000 entries)."""


def step_of(values: Mapping[str, object], form: bool = True) -> int | None:
    """The player's step an undo or redo acts on (``Game.steps``: the page's Undo and Redo
    name the step they showed, so a repeated tap changes nothing): a whole number 0 to
    :data:`MAX_STEP` (a JSON number; digits from a ``form``), or None when not named; 400
    naming ``step`` otherwise."""
    if "step" not in values:
        return None
    return _index(values["step"], "step", MAX_STEP, form)


def turn_of(value: object, form: bool = True) -> int:
    """The turn a roll, next, back or finish request acts on (the page's ``turn`` field,
    the JSON ``turn``): a whole number from 1 (a JSON number; digits from a ``form``); 400
    naming ``turn`` otherwise."""
    if value is None:
        raise BadRequest("turn is missing: a roll, next or back names the turn it acts on")
    if form and isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10**9:
        raise BadRequest(f"turn must be a whole number from 1, got {_shown(value)}")
    return value
