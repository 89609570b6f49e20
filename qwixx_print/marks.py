"""Marks files: the filled-in sheets of one game, read, scored and reported for
``qwixx-print score`` (format: docs/scoring.md).

Reading is as strict as for layouts (:mod:`qwixx_print.yamldoc`): schema errors raise
:class:`~qwixx_print.errors.MarksError` located as ``file:line: players[0].crosses.red[2]: ...``.
Scoring applies :func:`qwixx_print.rules.score_sheet` to every player and
:func:`qwixx_print.rules.check_game_end` to the game; a broken rule raises
:class:`~qwixx_print.errors.RuleViolation` as ``file:line: Léa, red: <the rule>``.
The checks of what only a marks file says are here: a layout it can score
(:func:`check_scorable`), each player's slip and lucky numbers (:func:`check_own`) and the
diamonds written as printed (:func:`check_diamonds`).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from qwixx_print import catalogue, rules
from qwixx_print.doc import Doc, Node, Place, place_text
from qwixx_print.errors import LayoutError, MarksError, RuleViolation, located
from qwixx_print.layout import Layout
from qwixx_print.rules import refusals
from qwixx_print.rules.crosses import Numbers
from qwixx_print.yamldoc import MAX_BYTES, parse, read

STDIN = "-"
"""The marks source that means standard input."""

MAX_PLAYERS = 20
"""Most players in one marks file."""


@dataclass(frozen=True)
class Player(rules.Written):
    """One player's filled-in sheet: the marks they wrote (:class:`qwixx_print.rules.Written`,
    one field per marks-file key: ``crosses``, ``again``, ``bonus``, ``diamonds``, ``track``,
    ``squares``, ``penalties``), passed whole to scoring; their ``name``, their ``place`` in
    the marks file (``("players", 0)``) and their own values of the sheet (RULES.md §4):
    ``slip`` names their slip (Connected Chain), ``lucky`` holds their lucky numbers
    (Longo). The bonus bar's fields earned, in order, and struck (Bonuskette,
    ``bar_earned``, ``bar_struck``, by index) are known only from a game's log, whose
    replay gives them: a marks file does not say in which order its crosses came, which
    decides them when a colour closed, so its sheets leave them empty."""

    name: str
    place: Place
    slip: str | None = None
    lucky: tuple[int, ...] | None = None
    bar_earned: tuple[int, ...] = ()
    bar_struck: tuple[int, ...] = ()

    def sheet(self, layout: Layout) -> Layout:
        """``layout`` as this player's sheet (their slip and lucky numbers). Raises
        LayoutError for a slip the layout lacks."""
        return layout.sheet(self.slip, self.lucky)

    @classmethod
    def of(
        cls,
        name: str,
        place: Place,
        written: rules.Written,
        slip: str | None = None,
        lucky: tuple[int, ...] | None = None,
        bar: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    ) -> Player:
        """The player ``name`` at ``place`` who wrote ``written`` (a play log's sheets
        reported as a marks file), with the bonus ``bar``'s fields earned and struck."""
        marks = {f.name: getattr(written, f.name) for f in fields(rules.Written)}
        earned, struck = bar
        return cls(
            name=name,
            place=place,
            slip=slip,
            lucky=lucky,
            bar_earned=earned,
            bar_struck=struck,
            **marks,
        )


@dataclass(frozen=True)
class MarksFile:
    """A loaded marks file: its ``layout``, the ``players`` in file order and the ``doc``."""

    layout: Layout
    players: tuple[Player, ...]
    doc: Doc


@dataclass(frozen=True)
class ScoredGame:
    """A scored game: the ``marks``, a :class:`~qwixx_print.rules.SheetScore` per player
    name (file order) and the ``ranking`` as (place, name, total), ties sharing a place."""

    marks: MarksFile
    sheets: Mapping[str, rules.SheetScore]
    ranking: list[tuple[int, str, int]]


def load(source: str) -> MarksFile:
    """Read the marks file ``source`` (a path, or ``-`` for standard input).

    The layout is a shipped name or a path relative to the marks file's folder (to the
    working folder for standard input), checked (:func:`qwixx_print.catalogue.checked`).
    Raises :class:`MarksError` (located) for unreadable files, YAML refusals, schema errors
    and layouts that cannot be loaded or are not valid.
    """
    return from_doc(*read_source(source))


def read_source(source: str) -> tuple[Doc, Path]:
    """The parsed file ``source`` (a path, or ``-`` for standard input) and the folder its
    relative paths start from. Raises :class:`MarksError` (located) when it cannot be read
    or parsed."""
    if source == STDIN:
        return parse(sys.stdin.buffer.read(MAX_BYTES + 1), "<stdin>", MarksError), Path(".")
    return read(Path(source), MarksError), Path(source).parent


def from_doc(doc: Doc, base: Path) -> MarksFile:
    """Build :class:`MarksFile` from a parsed document; layout paths are relative to ``base``
    (the layout checked: :func:`qwixx_print.catalogue.checked`).

    Raises :class:`MarksError` located at the place of the first schema error: unknown or
    missing keys, a name given twice, numbers that are not plain whole numbers.
    """
    top = Node.root(doc, MarksError).mapping(("layout", "players"))
    sheet = _layout(top["layout"], base)
    players: list[Player] = []
    for node in top["players"].sequence(1, MAX_PLAYERS):
        player = _player(node)
        first = next((p for p in players if p.name == player.name), None)
        if first is not None:
            node.child("name", None).fail(
                f"the name '{player.name}' is used twice (also {place_text(first.place)}): "
                "give every player their own name"
            )
        players.append(player)
    return MarksFile(sheet, tuple(players), doc)


def _layout(node: Node, base: Path) -> Layout:
    name = node.text(300)
    if "/" in name or Path(name).suffix in (".yaml", ".yml"):
        name = os.path.normpath(base / name)
    try:
        sheet = catalogue.checked(name)
        check_scorable(sheet)
    except (LayoutError, RuleViolation) as exc:
        node.fail(str(exc))
    return sheet


def _sequence(low: int, high: int, read: Callable[[Node], Any]) -> Callable[[Node], Any]:
    """A reader of a list of ``low``..``high`` items, each read by ``read``."""
    return lambda node: tuple(read(item) for item in node.sequence(low, high))


def _numbers(node: Node) -> Numbers:
    return {
        row: tuple(item.integer(0, 99) for item in numbers.sequence(0, 40))
        for row, numbers in node.items()
    }


def _squares(node: Node) -> Mapping[str, tuple[tuple[int, int], ...]]:
    """Row id -> link squares written as the numbers they stand between (``3-4``)."""
    found = {}
    for row, items in node.items():
        pairs = []
        for item in items.sequence(0, 40):
            a, dash, b = item.text(7).partition("-")
            if not (dash and a.isascii() and a.isdigit() and b.isascii() and b.isdigit()):
                item.fail("write a link square as the two numbers it stands between, e.g. 3-4")
            pairs.append((int(a), int(b)))
        found[row] = tuple(pairs)
    return found


READERS: Mapping[str, Callable[[Node], Any]] = {
    "crosses": _numbers,
    "again": _numbers,
    "bonus": _numbers,
    "diamonds": _sequence(0, 20, lambda n: n.text(7)),
    "slip": lambda n: n.text(3),
    "lucky": _sequence(1, 4, lambda n: n.integer(0, 99)),
    "track": _sequence(0, 8, lambda n: n.integer(0, 999)),
    "squares": _squares,
    "penalties": lambda n: n.integer(0, 99),
}
"""A player's keys besides ``name``, each with its reader: the keys of
:class:`qwixx_print.rules.Written` (a mechanic a player crosses adds one here) and the
player's own values, ``slip`` and ``lucky``; in the order an unknown key's message lists
them (docs/scoring.md)."""


def _player(node: Node) -> Player:
    keys = node.mapping(("name",), tuple(READERS))
    name = keys["name"].text(40)
    read = {key: READERS[key](keys[key]) for key in READERS if key in keys}
    return Player(name=name, place=node.place, **read)


def score(marks: MarksFile) -> ScoredGame:
    """Score every player's sheet and check the game (RULES.md §1, §2).

    Raises :class:`RuleViolation` as ``file:line: Léa, red: the 12 locks the row only after
    5 crosses; there are 4``, located at the row or the player; a game-level violation
    (too many locked colours) is located at ``players`` without a name.
    """
    sheets = {}
    for player in marks.players:
        try:
            sheet = player.sheet(marks.layout)
        except LayoutError as exc:
            raise _violation(
                marks, (*player.place, "slip"), player.name, RuleViolation(str(exc))
            ) from None
        _check_own(marks, player, sheet)
        try:
            sheets[player.name] = rules.score_sheet(sheet, player)
        except rules.RowViolation as exc:
            given = (k for k in _ROW_KEYS if exc.row in getattr(player, k))
            key = exc.key or next(given, "crosses")
            raise _violation(
                marks, (*player.place, key, exc.row), f"{player.name}, {exc.row}", exc
            ) from None
        except rules.SheetViolation as exc:
            raise _violation(marks, (*player.place, exc.key), player.name, exc) from None
        except RuleViolation as exc:
            raise _violation(marks, player.place, player.name, exc) from None
    try:
        rules.check_game_end(marks.layout, sheets)
    except RuleViolation as exc:
        raise _violation(marks, ("players",), "", exc) from None
    totals = {name: sheet.total for name, sheet in sheets.items()}
    return ScoredGame(marks, sheets, rules.ranking(totals))


def _check_own(marks: MarksFile, player: Player, sheet: Layout) -> None:
    """The player's slip, lucky numbers and diamonds against their ``sheet`` (RULES.md §4);
    raises RuleViolation located at the key that is wrong."""
    given = _given(marks, player)
    try:
        check_own(sheet, player.slip, player.lucky)
    except RuleViolation as exc:
        where = (*player.place, "lucky") if "lucky" in given else player.place
        raise _violation(marks, where, player.name, exc) from None
    try:
        check_diamonds(sheet, player.diamonds, player.crosses)
    except RuleViolation as exc:
        raise _violation(marks, (*player.place, "diamonds"), player.name, exc) from None
    try:
        rules.track_points(sheet, rules.track_positions(sheet, player.track))
    except RuleViolation as exc:
        raise _violation(marks, (*player.place, "track"), player.name, exc) from None


def check_scorable(layout: Layout) -> None:
    """Refuse to score ``layout`` when a row repeats a number (``each_once: false``, RULES.md
    §3): a marks file names the numbers crossed, not the fields, so which of the two fields
    was crossed cannot be told, and scoring by number would be wrong.

    Raises :class:`RuleViolation` naming the row and the number.
    """
    for row in layout.rows:
        numbers = [f.number for f in row.fields]
        twice = next((n for n in numbers if numbers.count(n) > 1), None)
        if twice is not None:
            raise RuleViolation(
                f"the layout {layout.name} repeats {twice} in row {row.id} (each_once: false): "
                "a marks file names numbers, not fields, so it cannot be scored"
            )


def check_own(layout: Layout, slip: str | None, lucky: tuple[int, ...] | None) -> None:
    """A player's own values of a sheet (RULES.md §4): the ``slip`` named where the layout
    has slips (Connected Chain: the links differ), ``lucky`` numbers as the layout draws them
    (Longo: ``count`` different numbers in its range). Raises :class:`RuleViolation`."""
    if layout.slips and slip is None:
        names = ", ".join(s.name for s in layout.slips)
        raise RuleViolation(
            f"the layout {layout.name} has slips {names}: say which is this player's (slip: A)"
        )
    if lucky is None:
        return
    draw = layout.lucky_draw
    if draw is None:
        raise RuleViolation(f"the layout {layout.name} has no lucky numbers")
    wrong = [n for n in lucky if not draw.low <= n <= draw.high]
    if len(lucky) != draw.count or len(set(lucky)) != len(lucky) or wrong:
        raise RuleViolation(
            f"lucky numbers are {draw.count} different numbers from {draw.low} to {draw.high}, "
            f"got {', '.join(map(str, lucky))}"
        )


def check_diamonds(
    layout: Layout, names: Collection[str], crosses: Mapping[str, Collection[int]]
) -> None:
    """Refuse crossed diamonds (written as printed, ``8/5``) that the crossed fields cannot
    account for: a diamond is crossed together with a field of one of its two numbers, in
    one move (RULES.md §4 X-Change, decision), so each crossed diamond needs a crossed field
    of its own (any row, ``crosses``: row id -> crossed numbers) showing one of them. Raises
    :class:`RuleViolation` naming a diamond left without one."""
    fields = [(row, n) for row, numbers in crosses.items() for n in numbers]
    taken: dict[int, int] = {}  # field -> the diamond it went with

    def place(d: int, seen: set[int]) -> bool:
        for f, (_, number) in enumerate(fields):
            if f not in seen and refusals.diamond_refusal(layout.diamonds, d, number) is None:
                seen.add(f)
                if f not in taken or place(taken[f], seen):
                    taken[f] = d
                    return True
        return False

    for d in rules.diamond_positions(layout, names):
        if not place(d, set()):
            raise RuleViolation(str(refusals.diamond_refusal(layout.diamonds, d, None)))


def _given(marks: MarksFile, player: Player) -> dict[str, object]:
    """The keys written for ``player`` in the marks file."""
    node: object = marks.doc.root
    for key in player.place:
        node = node[key]  # type: ignore[index]
    return node if isinstance(node, dict) else {}


_ROW_KEYS = ("crosses", "again", "bonus")
"""The keys of a player's marks by row id that a rule of a row's score may be about, in the
order a broken rule is located at the first holding the row."""


def _violation(marks: MarksFile, place: Place, who: str, exc: RuleViolation) -> RuleViolation:
    doc = marks.doc
    return RuleViolation(located(doc.file, doc.line(place), who, str(exc)))


def summary(game: ScoredGame) -> dict[str, Any]:
    """The scored game as plain data (the ``--json`` output, docs/scoring.md): layout,
    players (their slip and lucky numbers where given, rows, penalties, penalty points as a
    negative number, powers, bonus rows and the framed group where the sheet has them,
    total) and the ranking with ``tie`` set on shared places."""
    places = [place for place, _, _ in game.ranking]
    return {
        "layout": game.marks.layout.name,
        "players": [
            {
                "name": name,
                **_own_values(game, name),
                "rows": [
                    {"row": row, "crosses": s.crosses, "locked": s.locked, "points": s.points}
                    for row, s in sheet.rows.items()
                ],
                "penalties": sheet.penalties,
                "penalty_points": -sheet.penalty_points,
                "powers": [
                    {"power": e.power, "row": e.row, "points": e.points} for e in sheet.powers
                ],
                **_more(sheet),
                "total": sheet.total,
            }
            for name, sheet in game.sheets.items()
        ],
        "ranking": [
            {"place": place, "name": name, "total": total, "tie": places.count(place) > 1}
            for place, name, total in game.ranking
        ],
    }


def _own_values(game: ScoredGame, name: str) -> dict[str, Any]:
    """A player's slip and lucky numbers as their marks give them (RULES.md §4), if any."""
    player = next(p for p in game.marks.players if p.name == name)
    own: dict[str, Any] = {}
    if player.slip is not None:
        own["slip"] = player.slip
    if player.lucky is not None:
        own["lucky"] = list(player.lucky)
    return own


def _more(sheet: rules.SheetScore) -> dict[str, Any]:
    """The JSON of the scores beside the rows: bonus rows' crosses (Big Points), then each
    part the sheet scores (:data:`qwixx_print.rules.PARTS`: the framed group, the value
    track) as its crosses and points."""
    more: dict[str, Any] = {}
    if sheet.bonus:
        more["bonus_rows"] = [{"row": row, "crosses": n} for row, n in sheet.bonus.items()]
    for name, part in sheet.parts.items():
        more[name] = {"crosses": part.crosses, "points": part.points}
    return more


def as_json(game: ScoredGame) -> str:
    """:func:`summary` as indented JSON text (UTF-8 names kept), ending in a newline."""
    return json.dumps(summary(game), ensure_ascii=False, indent=2) + "\n"


def _sheet_lines(sheet: rules.SheetScore) -> list[tuple[str, str, str]]:
    lines = [("row", "crosses", "points")]
    for row, s in sheet.rows.items():
        lines.append((row, f"{s.crosses}{' locked' if s.locked else ''}", str(s.points)))
    for row, n in sheet.bonus.items():  # Big Points: counted in the rows beside it
        lines.append((f"{row} (bonus)", str(n), ""))
    labels = {part.name: part.label for part in rules.PARTS}
    for name, part in sheet.parts.items():
        lines.append((labels[name], str(part.crosses), str(part.points)))
    lines.append(("penalties", str(sheet.penalties), str(-sheet.penalty_points)))
    for e in sheet.powers:
        lines.append((f"power {e.power}{f' ({e.row})' if e.row else ''}", "", f"+{e.points}"))
    lines.append(("total", "", str(sheet.total)))
    return lines


def table(game: ScoredGame) -> str:
    """The scored game as text: per player a table of crosses and points per row, penalty
    points, power effects and the total, then the ranking (ties marked ``tie``)."""
    out = []
    for name, sheet in game.sheets.items():
        lines = _sheet_lines(sheet)
        w0, w1, w2 = (max(len(line[k]) for line in lines) for k in range(3))
        out.append(f"{name} ({game.marks.layout.name})")
        out += [f"  {a:<{w0}}  {b:>{w1}}  {c:>{w2}}" for a, b, c in lines]
        out.append("")
    places = [place for place, _, _ in game.ranking]
    width = max(len(name) for name in game.sheets)
    out.append("ranking")
    for place, name, total in game.ranking:
        tie = "  tie" if places.count(place) > 1 else ""
        out.append(f"  {place:>2}. {name:<{width}}  {total:>4}{tie}")
    return "\n".join(out) + "\n"
