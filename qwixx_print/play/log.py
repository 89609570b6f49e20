"""Game logs: the moves of a game as a versioned file (YAML, or JSON for programs), written
from a :class:`~qwixx_print.play.Game` and replayed into one (format: docs/play.md).

Replaying checks every move with the engine, so a tampered log is refused at its first
illegal move, located: ``game.yaml:41: move 17: Léa, red: 5 is left of your last cross (7)``.
A single :class:`~qwixx_print.play.Sheet` is logged as a table game of one player.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from qwixx_print import catalogue, marks, rules
from qwixx_print.doc import Doc, Node, Plain
from qwixx_print.errors import QwixxError, RuleViolation, located
from qwixx_print.layout import Layout
from qwixx_print.play.game import MAX_PLAYERS, Dice, Game
from qwixx_print.play.moves import Move, parse
from qwixx_print.play.sheet import Sheet

VERSION = 1
"""The log format's version, the value of its ``game-log`` key."""

KEY = "game-log"
"""The key that makes a file a game log (a marks file has none)."""

MAX_MOVES = 100_000
"""Most entries a game log holds: the reader refuses more, and the web counter's writer
stores no more (it says so when a game reaches it), so every stored game replays."""


class GameLogError(QwixxError):
    """A game log that cannot be read or replayed; the message is located."""


def to_data(game: Game, layout_name: str | None = None) -> dict[str, Any]:
    """The log of ``game`` as plain data (dicts, lists, str, int), ready for YAML or JSON;
    ``layout_name`` is how the log names the layout (default: the layout's name)."""
    data: dict[str, Any] = {
        KEY: VERSION,
        "layout": layout_name or game.layout.name,
        "players": list(game.names),
    }
    if game.table:
        data["table"] = True
    if game.own:
        data["sheets"] = sheets_data(game.own)
    data["moves"] = entries_data(game)
    return data


def entries_data(game: Game, first: int = 0) -> list[Any]:
    """The log entries of ``game`` from the ``first`` one on, as plain data (what a store
    appends after each move, as :func:`to_data` writes them)."""
    return [_plain(entry) for entry in game.entries[first:]]


def sheets_data(own: Mapping[str, Layout]) -> dict[str, dict[str, Any]]:
    """The players' ``own`` sheets as a log's ``sheets``: ``{Léa: {slip: B, lucky: [4, 9]}}``
    (RULES-more.md §4; docs/play.md)."""
    return {name: _own(sheet) for name, sheet in own.items()}


def _own(sheet: Layout) -> dict[str, Any]:
    """A player's own values of the sheet: ``{slip: B, lucky: [4, 9]}`` (RULES-more.md §4)."""
    own: dict[str, Any] = {}
    if sheet.slips:
        own["slip"] = sheet.slip
    if sheet.lucky:
        own["lucky"] = list(sheet.lucky)
    return own


def _plain(value: object) -> Any:
    """A log entry's value as plain data: a move as its line, ``None`` as ``pass``, dice as
    ``{white: [a, b], colour: face, ...}``."""
    if isinstance(value, Dice):
        return {"white": list(value.white), **value.colours}
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, Move):
        return str(value)
    return "pass" if value is None else value


def sheet_game(sheet: Sheet, name: str = "player") -> Game:
    """A one-player table game whose sheet is ``sheet``'s state, its undone moves still to
    redo: the log of a lone sheet (``to_data(sheet_game(sheet))``). Its moves make one
    turn, but where the table's rules want another (a value track cross before or after
    other moves, RULES-more.md §7), the turn ends there."""
    own = {name: sheet.layout} if sheet.layout.slip or sheet.layout.lucky else None
    game = Game(sheet.layout, [name], table=True, own=own)
    redo = list(reversed(sheet.redoable))
    for move in [m for m, _ in sheet.history] + redo:
        if not game.can_play(name, move) and game.sheets[name].can(move):
            game.end_turn()  # a value track cross stands alone in its turn (Lucky 15)
        game.play(name, move)
    for _ in redo:
        game.undo(name)
    return game


def dumps(game: Game, as_json: bool = False, layout_name: str | None = None) -> str:
    """The log of ``game`` as YAML text, one line per move (or JSON with ``as_json``),
    ending in a newline."""
    data = to_data(game, layout_name)
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    import yaml  # only when a YAML log is written: keeps start-up light

    moves = data.pop("moves")
    lines = ["# qwixx-print game log (docs/play.md)"]
    lines.append(
        yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None).rstrip()
    )
    lines.append("moves:" + ("" if moves else " []"))
    for entry in moves:
        flow = yaml.safe_dump(
            entry, allow_unicode=True, sort_keys=False, default_flow_style=True, width=10_000
        )
        lines.append(f"  - {flow.strip()}")
    return "\n".join(lines) + "\n"


def doc_of(data: Any, file: str) -> Doc:
    """A log held as plain data (``to_data``'s, or JSON read back) as the :class:`Doc` that
    :func:`from_doc` reads; ``file`` names it in messages (which then carry no line)."""
    return Doc(file, _as_read(data), {})


def _as_read(value: Any) -> Any:
    """Plain data as a YAML reader leaves it: numbers and booleans as unquoted text."""
    if isinstance(value, dict):
        return {str(key): _as_read(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_read(item) for item in value]
    if isinstance(value, bool):
        return Plain("true" if value else "false")
    if isinstance(value, int):
        return Plain(str(value))
    return value


def from_data(
    data: Any,
    find: Callable[[str], Layout] = catalogue.checked,
    file: str = "log.json",
    acknowledged: bool = False,
) -> Game:
    """Replay a log held as plain data (see :func:`doc_of`, :func:`from_doc`)."""
    return from_doc(doc_of(data, file), find, acknowledged=acknowledged)


def is_log(doc: Doc) -> bool:
    """Whether the parsed file ``doc`` is a game log (it has the ``game-log`` key)."""
    return isinstance(doc.root, dict) and KEY in doc.root


def from_doc(
    doc: Doc,
    find: Callable[[str], Layout] = catalogue.checked,
    base: Path = Path("."),
    acknowledged: bool = False,
) -> Game:
    """Replay the game log ``doc``: the layout (a shipped name, or a path relative to
    ``base``) loaded with ``find`` (the catalogue's checked layouts; the web counter gives
    its stored layout), then every move checked by the engine. ``acknowledged``: the log
    of moves the table took in (a web game's stored log): its table moves face the sheet's
    rules only, not the rules of the turn, which may be newer than the moves (RULES.md §6
    "Stored moves"; :meth:`Game.play <qwixx_print.play.Game.play>`).

    Raises :class:`GameLogError` located at the place of a schema error, or at the first
    illegal move as ``file:line: move N: player, reason``.
    """
    top = Node.root(doc, GameLogError).mapping(
        (KEY, "layout", "players", "moves"), ("table", "sheets")
    )
    version = top[KEY].integer(1, 1000)
    if version != VERSION:
        top[KEY].fail(f"this is a version {version} log; qwixx-print reads version {VERSION}")
    layout = _layout(top["layout"], find, base)
    names = [node.text(40) for node in top["players"].sequence(1, MAX_PLAYERS, "players")]
    table = top["table"].boolean() if "table" in top else False
    own = _own_sheets(top["sheets"], layout, names) if "sheets" in top else {}
    try:
        game = Game(layout, names, table=table, own=own)
    except RuleViolation as exc:
        top["players"].fail(str(exc))
    _replay_all(game, doc, top["moves"].sequence(0, MAX_MOVES, "moves"), acknowledged)
    return game


def _replay_all(game: Game, doc: Doc, nodes: list[Node], acknowledged: bool) -> None:
    """Apply the log entries ``nodes`` of ``doc`` to ``game`` in order, numbered after the
    entries it has (``acknowledged``: see :func:`from_doc`); raises GameLogError at the
    first illegal one."""
    for number, node in enumerate(nodes, start=len(game.entries) + 1):
        try:
            _replay(game, node, acknowledged)
        except RuleViolation as exc:
            raise GameLogError(
                located(doc.file, doc.line(node.place), f"move {number}", str(exc))
            ) from None


def extend(game: Game, entries: list[Any], file: str, acknowledged: bool = False) -> None:
    """Apply log ``entries`` held as plain data (what :func:`entries_data` gave, stored
    by another process) to ``game``, which has the entries before them; every move is
    checked by the engine as in :func:`from_doc` (``acknowledged`` too). Raises
    GameLogError (``file`` names the log) at the first illegal entry, or when the game
    would pass :data:`MAX_MOVES`."""
    doc = doc_of(entries, file)
    nodes = Node.root(doc, GameLogError).sequence(0, MAX_MOVES - len(game.entries), "more moves")
    _replay_all(game, doc, nodes, acknowledged)


def _own_sheets(node: Node, layout: Layout, names: list[str]) -> dict[str, Layout]:
    """The players' own sheets: ``{Léa: {slip: B, lucky: [4, 9]}}`` (RULES-more.md §4)."""
    own = {}
    for name, entry in node.items():
        if name not in names:
            entry.fail(f"no player '{name}' (players: {', '.join(names)})")
        keys = entry.mapping((), ("slip", "lucky"))
        slip = keys["slip"].text(3) if "slip" in keys else None
        lucky = (
            tuple(n.integer(0, 99) for n in keys["lucky"].sequence(1, 4))
            if "lucky" in keys
            else None
        )
        try:
            sheet = layout.sheet(slip, lucky)
            marks.check_own(sheet, slip or sheet.slip or None, lucky)
        except QwixxError as exc:
            entry.fail(str(exc))
        own[name] = sheet
    return own


def _layout(node: Node, find: Callable[[str], Layout], base: Path) -> Layout:
    name = node.text(300)
    if "/" in name or Path(name).suffix in (".yaml", ".yml"):
        name = str(base / name)
    try:
        layout = find(name)
        marks.check_scorable(layout)
    except QwixxError as exc:
        node.fail(str(exc))
    return layout


def scored(game: Game, doc: Doc) -> marks.ScoredGame:
    """The replayed ``game`` (from the log ``doc``) as a scored game, as ``qwixx-print
    score`` reports a marks file: each player's crossed numbers, small boxes, link squares
    (RULES.md §7) and penalties, the bonus bar's fields earned and struck (Bonuskette), the
    engine's score of each sheet and the ranking (RULES.md §1)."""
    players = []
    for k, (name, sheet) in enumerate(game.sheets.items()):
        own = sheet.layout
        written = rules.written_of(own, sheet.crosses())
        slip = own.slip if own.slips else None
        bar = (sheet.bar_earned, sheet.bar_struck)
        players.append(marks.Player.of(name, ("players", k), written, slip, own.lucky or None, bar))
    sheets = {name: sheet.score() for name, sheet in game.sheets.items()}
    totals = {name: s.total for name, s in sheets.items()}
    return marks.ScoredGame(
        marks.MarksFile(game.layout, tuple(players), doc), sheets, rules.ranking(totals)
    )


def _move(node: Node) -> Move | None:
    """A move written as ``cross red 5``, or ``None`` for ``pass``."""
    text = node.text(60)
    if text == "pass":
        return None
    try:
        return parse(text)
    except ValueError as exc:
        node.fail(str(exc))


def _replay(game: Game, node: Node, acknowledged: bool = False) -> None:
    """Apply one log entry to ``game`` (``acknowledged``: see :func:`from_doc`); raises
    RuleViolation for an illegal move."""
    entry = node.mapping((), ("roll", "white", "colour", "player", "move", "next", "back", "end"))
    if "roll" in entry:
        faces = entry["roll"].mapping(("white",), game.layout.dice)
        white = [n.integer(1, 99) for n in faces["white"].sequence(2, 2, "white dice")]
        colours = {c: n.integer(1, 99) for c, n in faces.items() if c != "white"}
        game.roll(white=(white[0], white[1]), colours=colours)
    elif "white" in entry:
        game.white({name: _move(move) for name, move in entry["white"].items()})
    elif "colour" in entry:
        game.colour(_move(entry["colour"]))
    elif "next" in entry:
        wanted = entry["next"].text(40)
        game.end_turn()
        if game.active != wanted:
            entry["next"].fail(f"the next player is {game.active}, not {wanted}")
    elif "back" in entry:
        wanted = entry["back"].text(40)
        game.undo_turn()
        if game.active != wanted:
            entry["back"].fail(f"the turn goes back to {game.active}, not {wanted}")
    elif "end" in entry:
        if entry["end"].text(40) != "by hand":
            entry["end"].fail("the end is written {end: by hand}")
        game.end()
    elif "player" in entry and "move" in entry:
        name, text = entry["player"].text(40), entry["move"].text(60)
        if text in ("undo", "redo"):
            (game.undo if text == "undo" else game.redo)(name)
        else:
            move = _move(entry["move"])
            if move is None:
                entry["move"].fail("a table move is a move, not 'pass'")
            game.play(name, move, acknowledged)
    else:
        node.fail("a log entry is one of roll, white, colour, next, back, end, or player with move")
