"""The games a server is running: each a :class:`qwixx_print.play.Game` in table mode, kept
in memory and in the database. A move is applied by the engine under the game's lock and
its new log entries are stored before the move is answered; a game not in memory (after a
restart or a crash) is replayed from its stored log by the engine's log reader
(:func:`qwixx_print.play.log.from_doc`), which checks every move again.

Players' own sheets (a Connected slip, Longo's lucky numbers; RULES.md §4) are dealt by
:func:`qwixx_print.dealing.deal` from a random seed when a game starts and stored with it
(as a game log names them), so a replay gives every player the same sheet, whatever the
dealing does later.

No rule lives here: legality, locks, closed colours, the end and the score are the
engine's.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from qwixx_print import dealing, rules
from qwixx_print.doc import Doc
from qwixx_print.errors import OutputError, RuleViolation, unprinted
from qwixx_print.layout import Layout
from qwixx_print.play import Game, log
from qwixx_print.web.storage import Store, StoredGame

T = TypeVar("T")

MAX_NAME = 40
"""Longest player name, characters (the game log's limit)."""


@dataclass
class Table:
    """One running game: its ``id``, the ``layout_key`` it was made with, the players'
    secret ``tokens`` (seat order, as ``game.names``), the ``host`` token and the engine's
    ``game``; ``lock`` serialises its moves."""

    id: str
    layout_key: str
    host: str
    tokens: tuple[str, ...]
    game: Game
    lock: threading.Lock = field(default_factory=threading.Lock)

    def player(self, token: str) -> str | None:
        """The name of the player whose link holds ``token``, or None (also for the host)."""
        for name, known in zip(self.game.names, self.tokens, strict=True):
            if same_secret(known, token):
                return name
        return None

    def is_host(self, token: str) -> bool:
        """Whether ``token`` is the host's."""
        return same_secret(self.host, token)

    def log_doc(self) -> Doc:
        """The game's log as the engine writes it, parsed as a log file is
        (``{id}.json``), e.g. for :func:`qwixx_print.play.log.scored`."""
        return log.doc_of(log.to_data(self.game, self.layout_key), f"{self.id}.json")

    def ranking(self) -> list[tuple[int, str, int]]:
        """(place, name, total) for every player, ties sharing a place (RULES.md §1)."""
        totals = {name: sheet.score().total for name, sheet in self.game.sheets.items()}
        return rules.ranking(totals)


def same_secret(known: str, given: str) -> bool:
    """Whether ``given`` (any text from a request) is the secret ``known``, compared in
    constant time, as UTF-8 bytes (``compare_digest`` refuses non-ASCII text)."""
    return secrets.compare_digest(known.encode(), given.encode("utf-8", "replace"))


def check_names(names: list[str], most: int) -> list[str]:
    """The player names of a new game, stripped, blanks left out: 1 to ``most`` of at most
    :data:`MAX_NAME` characters each. Raises RuleViolation naming the problem (the engine
    refuses a name used twice)."""
    kept = [name.strip() for name in names if name.strip()]
    if not 1 <= len(kept) <= most:
        raise RuleViolation(f"a game here has 1 to {most} players, got {len(kept)}")
    for name in kept:
        if len(name) > MAX_NAME or unprinted(name) is not None:
            raise RuleViolation(
                f"the name '{name[:MAX_NAME]}' must be at most {MAX_NAME} printable characters"
            )
    return kept


SEED_BITS = 31
"""A game's seed is a random whole number below 2**31 (any size deals; this keeps it an
SQLite integer and a short number to quote)."""


def own_sheets(layout: Layout, names: list[str], seed: int) -> dict[str, Layout]:
    """The players' own sheets of ``layout``, by name, in seat order: the sheets of page 0
    of a page of ``len(names)`` sheets printed with ``seed`` (:func:`dealing.deal`: slips
    A, B, ... in seat order, lucky numbers drawn per seat); ``{}`` for a layout whose sheets
    are all alike."""
    if not dealing.has_own(layout):
        return {}
    return dict(zip(names, dealing.deal(layout, len(names), seed, 0), strict=True))


class Tables:
    """The games of one server, backed by ``store``; ``find`` gives the layout of a key."""

    def __init__(self, store: Store, find: Callable[[str], Layout]) -> None:
        self.store = store
        self.find = find
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        self._rng = random.SystemRandom()

    def create(self, layout_key: str, names: list[str], most_games: int) -> Table | None:
        """A new table game of the layout ``layout_key`` for ``names`` (checked by the
        engine), each with their own sheet (:func:`own_sheets`), stored; None when
        ``most_games`` games are stored already."""
        layout = self.find(layout_key)
        own = own_sheets(layout, names, secrets.randbits(SEED_BITS))
        game = Game(layout, names, table=True, own=own)
        game_id = secrets.token_urlsafe(9)
        host = secrets.token_urlsafe(12)
        tokens = tuple(secrets.token_urlsafe(12) for _ in names)
        seats = list(zip(tokens, names, strict=True))
        sheets = log.sheets_data(own) if own else None
        if not self.store.add_game(game_id, layout_key, host, seats, most_games, sheets):
            return None
        table = Table(game_id, layout_key, host, tokens, game)
        with self._lock:
            self._tables[game_id] = table
        return table

    def get(self, game_id: str) -> Table | None:
        """The running game ``game_id``, replayed from the database if it is not in
        memory; None when there is no such game."""
        with self._lock:
            table = self._tables.get(game_id)
            if table is None:
                stored = self.store.game(game_id)
                if stored is None:
                    return None
                table = self._replay(stored)
                self._tables[game_id] = table
            return table

    def _replay(self, stored: StoredGame) -> Table:
        """The game ``stored`` replayed by the engine's log reader, its players' own sheets
        as stored."""
        layout = self.find(stored.layout)
        data: dict[str, Any] = {
            log.KEY: log.VERSION,
            "layout": stored.layout,
            "players": list(stored.names),
            "table": True,
            "moves": stored.entries,
        }
        if stored.sheets is not None:
            data["sheets"] = stored.sheets
        game = log.from_data(data, lambda _: layout, f"{stored.id}.json")
        return Table(stored.id, stored.layout, stored.host, stored.tokens, game)

    def act(self, table: Table, action: Callable[[Game], T]) -> T:
        """Run ``action`` on the table's game under its lock and store the log entries it
        added before returning its result. An action the engine refuses raises its
        RuleViolation and changes nothing; if the entries cannot be stored, the game is
        replayed from the database (the move is undone) and OutputError is raised."""
        with table.lock:
            first = len(table.game.entries)
            result = action(table.game)
            if len(table.game.entries) > first:
                added = log.entries_data(table.game, first)
                try:
                    self.store.append(table.id, first, added)
                except OutputError:
                    stored = self.store.game(table.id)
                    if stored is not None:
                        table.game = self._replay(stored).game
                    raise
            return result

    def roll(self, table: Table) -> None:
        """Roll the dice for the table (``Game.roll``; a second roll passes the dice on)."""
        self.act(table, lambda game: game.roll(self._rng))
