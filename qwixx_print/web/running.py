"""The games a server process is running: each a :class:`qwixx_print.play.Game` in table
mode, a cache of the database, which is the one truth (any number of processes may share
it). A move is a transaction: under the game's write lock the copy in memory is brought to
the stored moves, the engine applies the move, and its new log entries are stored with the
game's next sequence numbers before the move is answered; a game not in memory (after a
restart, a crash, or made by another process) is replayed from its stored log by the
engine's log reader (:func:`qwixx_print.play.log.from_doc`), which checks every move again
against the sheet's rules: a stored move was acknowledged, so it replays as it was taken in,
without the rules of the turn a later version may have added (RULES.md §6 "Stored moves").

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

from werkzeug.exceptions import NotFound

from qwixx_print import dealing, rules
from qwixx_print.doc import Doc
from qwixx_print.errors import (
    QwixxError,
    RuleViolation,
    escaped,
    unprinted,
    unprinted_refusal,
)
from qwixx_print.layout import Layout
from qwixx_print.play import Game, log
from qwixx_print.play.game_state import repeated_names
from qwixx_print.web.storage import GameLimits, StorageError, Store, StoredGame

T = TypeVar("T")

MAX_NAME = 40
"""Longest player name, characters (the game log's limit)."""

NO_SUCH_LINK = "no such game, or not a link of it: check the link"
"""The one answer (404) to an unknown (or expired) game and to a wrong token for a real
game alike, so a request cannot tell that a game id exists."""

IDLE_DAYS = 3.0
"""Days after its last move a game expires (``serve --idle-days``)."""

LIMITS = GameLimits(most=500, per_client=50, idle=IDLE_DAYS * 86400)
"""The default bounds of a server's games: 500 in all, 50 started from one client address
(a club's host starting a game per table stays far below it), and :data:`IDLE_DAYS`."""


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
    stale: bool = False
    """Whether ``game`` may hold a move that was not stored (its store failed): it is
    replayed from the database before its next use."""

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


def name_problems(
    names: list[str], most: int, unprintable: Callable[[str], str | None] = lambda name: None
) -> tuple[list[str], list[str]]:
    """The player names of a new game, stripped, blanks left out, and every problem they
    have, one line each (none: the game may start): 1 to ``most`` names, each of at most
    :data:`MAX_NAME` characters that all print, that the filled-in sheets can print
    (``unprintable``: why not, or ``None``), none used twice (the engine's rule,
    :func:`~qwixx_print.play.game_state.repeated_names`). Each problem is one line, a name's
    control characters written as escapes (:func:`~qwixx_print.errors.escaped`)."""
    kept = [name.strip() for name in names if name.strip()]
    problems = (
        [] if 1 <= len(kept) <= most else [f"a game here has 1 to {most} players, got {len(kept)}"]
    )
    for name in kept:
        hidden = unprinted(name)
        if hidden is not None:
            problems.append(f"the name '{name[:MAX_NAME]}': {unprinted_refusal(hidden)}")
        elif len(name) > MAX_NAME:
            problems.append(f"the name '{name[:MAX_NAME]}' must be at most {MAX_NAME} characters")
        else:
            why = unprintable(name)
            if why is not None:
                problems.append(
                    f"the name '{name}' cannot be printed on the filled-in sheets: {why}"
                )
    return kept, [escaped(problem) for problem in problems + repeated_names(kept)]


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


class MoveLimit(RuleViolation):
    """A game has :data:`qwixx_print.play.log.MAX_MOVES` log entries: no move is stored past
    it, so the game still replays (answered 409 with one line)."""


class RunningGames:
    """The games of one server process, a cache of the database ``store`` (the one truth):
    before every move and every read the copy in memory is checked against the stored
    move count (one cheap read), brought up to date when another process moved, and taken
    out when a store fails. ``find`` gives the layout of a key; ``limits`` bound the games
    (:class:`~qwixx_print.web.storage.GameLimits`)."""

    def __init__(self, store: Store, find: Callable[[str], Layout], limits: GameLimits) -> None:
        self.store = store
        self.find = find
        self.limits = limits
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        self.rng = random.SystemRandom()
        """The dice of every game (the system's random source)."""
        store.expire(limits.idle)

    def create(self, layout_key: str, names: list[str], client: str = "") -> Table | str:
        """A new table game of the layout ``layout_key`` for ``names`` (checked by the
        engine), each with their own sheet (:func:`own_sheets`), made from the address
        ``client``, stored; else why not (:meth:`Store.add_game`: ``"all"``, ``"client"``).
        """
        layout = self.find(layout_key)
        own = own_sheets(layout, names, secrets.randbits(SEED_BITS))
        game = Game(layout, names, table=True, own=own)
        game_id = secrets.token_urlsafe(9)
        host = secrets.token_urlsafe(12)
        tokens = tuple(secrets.token_urlsafe(12) for _ in names)
        seats = list(zip(tokens, names, strict=True))
        sheets = log.sheets_data(own) if own else None
        refused = self.store.add_game(game_id, layout_key, host, seats, self.limits, client, sheets)
        if refused is not None:
            return refused
        table = Table(game_id, layout_key, host, tokens, game)
        with self._lock:
            self._tables[game_id] = table
        return table

    def get(self, game_id: str) -> Table | None:
        """The running game ``game_id`` as stored now: the copy in memory checked against
        the stored move count and brought up to date (or replayed from the database when
        it is not in memory); None when there is no such game (or it expired). Raises
        StorageError when the database cannot be read."""
        stored = self.store.moves(game_id, self.limits.idle)
        with self._lock:
            table = self._tables.get(game_id)
            if stored is None:
                self._tables.pop(game_id, None)
                return None
        if table is None:
            found = self.store.game(game_id)
            if found is None:
                return None
            with self._lock:
                table = self._tables.setdefault(game_id, self._replay(found))
        with table.lock:
            self._bring_to(table, stored, lambda first: self.store.entries(game_id, first))
        return table

    def _bring_to(self, table: Table, moves: int, read: Callable[[int], list[Any]]) -> None:
        """Bring the table's game to the ``moves`` stored entries: unchanged when it has
        them, the ones it lacks (``read(first)``: another process's moves) replayed onto
        it, or the whole log replayed when its copy is stale (a store that failed)."""
        have = len(table.game.entries)
        if not table.stale and have == moves:
            return
        if table.stale or have > moves:
            game = table.game
            own = log.sheets_data(game.own) if game.own else None
            entries = read(0)
            stored = StoredGame(table.id, table.layout_key, table.host, (), (), entries, own)
            table.game = self._replayed(stored, game.names)
        else:
            try:
                log.extend(table.game, read(have), f"{table.id}.json", acknowledged=True)
            except QwixxError as exc:
                table.stale = True
                raise StorageError(f"game {table.id} cannot be replayed ({exc})") from None
        table.stale = False

    def _replay(self, stored: StoredGame) -> Table:
        """The game ``stored`` replayed by the engine's log reader, its players' own sheets
        as stored."""
        game = self._replayed(stored, stored.names)
        return Table(stored.id, stored.layout, stored.host, stored.tokens, game)

    def _replayed(self, stored: StoredGame, names: tuple[str, ...]) -> Game:
        """The game of ``stored``'s layout, entries and own sheets for ``names``, replayed
        by the log reader; StorageError (one line) when the stored log does not replay."""
        layout = self.find(stored.layout)
        data: dict[str, Any] = {
            log.KEY: log.VERSION,
            "layout": stored.layout,
            "players": list(names),
            "table": True,
            "moves": stored.entries,
        }
        if stored.sheets is not None:
            data["sheets"] = stored.sheets
        try:
            return log.from_data(data, lambda _: layout, f"{stored.id}.json", acknowledged=True)
        except QwixxError as exc:
            raise StorageError(f"game {stored.id} cannot be replayed ({exc})") from None

    def act(self, table: Table, action: Callable[[Game], T]) -> T:
        """Run ``action`` on the table's game as one transaction of the database: under the
        game's write lock, the copy in memory brought to the stored moves, the action run,
        its new log entries stored with the game's next sequence numbers and committed,
        then answered. An action the engine refuses raises its RuleViolation and changes
        nothing; a store that fails raises StorageError and takes nothing in (the copy in
        memory is replayed from the database at its next use); a game at the move limit
        raises MoveLimit; a game gone (expired) is a 404."""
        with table.lock:
            with self.store.writing(table.id) as write:
                if write is None:
                    raise NotFound(NO_SUCH_LINK)
                self._bring_to(table, write.moves, write.entries)
                first = len(table.game.entries)
                table.stale = True  # until its new entries are stored
                try:
                    result = action(table.game)
                except RuleViolation:
                    table.stale = len(table.game.entries) != first
                    raise
                added = log.entries_data(table.game, first)
                if first + len(added) > log.MAX_MOVES:
                    raise MoveLimit(
                        f"this game has {first} moves, the most a game stores "
                        f"({log.MAX_MOVES}): start a new game"
                    )
                if added:
                    write.append(added)
            table.stale = False  # committed
            return result
