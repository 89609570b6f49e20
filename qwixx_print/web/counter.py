"""The score counter: a new game (layout, 1 to 5 players) gets a host page with one link
and QR code per player; each player's link shows their own sheet to tap and the others'
read-only; the host page and a read-only table view show every sheet. Moves go to the
engine (:mod:`qwixx_print.web.running`), which refuses illegal ones with its reason.

URLs: ``/games/<game>/<token>``, the token a player's (their sheet) or the host's (the
links, the dice, every sheet read-only); ``/games/<game>`` is the read-only table.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from typing import Any

import segno
from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.exceptions import BadRequest, Forbidden, NotFound, TooManyRequests
from werkzeug.wrappers import Response as BaseResponse

from qwixx_print import api
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move, moves
from qwixx_print.play.link_squares import allowed_squares
from qwixx_print.web import drawing, layouts
from qwixx_print.web.guard import CSRF_FIELD, MAX_PLAYERS, heavy
from qwixx_print.web.running import NO_SUCH_LINK, RunningGames, Table, check_names

bp = Blueprint("counter", __name__)

SHEET_MOVES = tuple(kind for kind in moves.KINDS if kind != "concede")
"""Moves a player's link may make on their own sheet: the engine's kinds
(:data:`qwixx_print.play.moves.KINDS`) but conceding, which the host does."""


def running_games() -> RunningGames:
    """The running app's games."""
    found: RunningGames = current_app.extensions["qwixx_games"]
    return found


def table_of(game_id: str) -> Table:
    """The game ``game_id``; 404 (:data:`NO_SUCH_LINK`) when there is none."""
    table = running_games().get(game_id)
    if table is None:
        raise NotFound(NO_SUCH_LINK)
    return table


def seat(table: Table, token: str) -> str | None:
    """The player's name for a player's ``token``, None for the host's; 404 for any other,
    the same answer as an unknown game's (:data:`NO_SUCH_LINK`)."""
    name = table.player(token)
    if name is None and not table.is_host(token):
        raise NotFound(NO_SUCH_LINK)
    return name


def hints(game: Game) -> dict[str, set[tuple[str, int]]]:
    """Per player, the fields (and Big Points bonus cells, as (bonus row, column)) the dice
    on the table allow, as the engine says: the white sum for everyone, the active player's
    white + coloured sums too (``legal_crosses``, ``legal_bonus``)."""
    dice = game.dice
    if dice is None:
        return {name: set() for name in game.names}
    found = {
        name: {*sheet.legal_crosses(dice.white_sum), *sheet.legal_bonus(dice.white_sum)}
        for name, sheet in game.sheets.items()
    }
    found[game.active].update(colour_hints(game))
    return found


def colour_hints(game: Game) -> set[tuple[str, int]]:
    """The fields (and bonus cells) only the active player's white + coloured sums allow,
    not the white sum: outlined otherwise than the white sum's (docs/web.md)."""
    dice = game.dice
    if dice is None:
        return set()
    active = game.sheets[game.active]
    found = set()
    for colour in dice.colours:
        for number in dice.sums(colour):
            found.update(active.legal_crosses(number, colour))
            found.update(active.legal_bonus(number, colour))
    return found - {*active.legal_crosses(dice.white_sum), *active.legal_bonus(dice.white_sum)}


def track_hints(game: Game) -> dict[str, tuple[bool, bool]]:
    """Per player, the game's verdict on their value track's next field (Lucky 15,
    RULES-more.md §7): whether they may cross it now, and whether the dice on the table
    allow it (so it is outlined); (False, False) on a sheet without a track."""
    found = {}
    for name, sheet in game.sheets.items():
        legal = bool(sheet.board.track) and bool(
            game.can_play(name, Move("track", None, sheet.state.track))
        )
        found[name] = (legal, legal and game.dice is not None)
    return found


def diamond_hints(game: Game) -> dict[str, frozenset[int]]:
    """Per player, the X-Change diamonds the white sum on the table allows a swap with now,
    as the engine says (``legal_swaps``; RULES.md §4: the white sum is everyone's)."""
    dice = game.dice
    if dice is None or not game.layout.diamonds:
        return {name: frozenset() for name in game.names}
    return {
        name: frozenset(
            m.diamond for m in sheet.legal_swaps(dice.white_sum) if m.diamond is not None
        )
        for name, sheet in game.sheets.items()
    }


def square_hints(game: Game) -> dict[str, frozenset[tuple[str, int]]]:
    """Per player, the link squares the dice on the table allow now, as (row, index of the
    field left of it): two white dice for everyone, the active player's coloured dice too
    (Connect 15, RULES.md §7; the rule is :mod:`qwixx_print.play.link_squares`)."""
    dice = game.dice
    if dice is None or not any(row.squares for row in game.layout.rows):
        return {name: frozenset() for name in game.names}
    found = {}
    for name, sheet in game.sheets.items():
        legal = sheet.legal_squares()
        moves = allowed_squares(sheet.board, legal, dice.white, None)
        if name == game.active:
            in_play = {c: f for c, f in dice.colours.items() if c in game.dice_in_play()}
            moves += allowed_squares(sheet.board, legal, dice.white, in_play)
        found[name] = frozenset((m.row or "", m.index or 0) for m in moves)
    return found


_DRAWN: OrderedDict[Hashable, Markup] = OrderedDict()
_DRAWN_LOCK = threading.Lock()
MAX_DRAWN = 4096
"""Sheets kept drawn: a sheet's SVG changes only with its marks, so the board of a game
draws again only the sheet that changed."""


def sheet_svg(
    table: Table,
    name: str,
    url: str | None,
    allowed: set[tuple[str, int]],
    diamonds: frozenset[int] = frozenset(),
    by_colour: frozenset[tuple[str, int]] = frozenset(),
    track: tuple[bool, bool] = (False, False),
    squares: frozenset[tuple[str, int]] = frozenset(),
) -> Markup:
    """``name``'s sheet as SVG (see :func:`drawing.sheet_svg`), drawn once per state of the
    sheet (its marks, the colours the table closed, the end, the dice's fields, diamonds
    and link ``squares``)."""
    sheet = table.game.sheets[name]
    key = (
        table.id,
        name,
        url,
        sheet.state,
        sheet.table_closed,
        sheet.table_over,
        frozenset(allowed),
        diamonds,
        by_colour,
        track,
        squares,
    )
    with _DRAWN_LOCK:
        found = _DRAWN.get(key)
        if found is not None:
            _DRAWN.move_to_end(key)
            return found
    view = drawing.sheet_view(
        sheet, allowed, diamonds, by_colour, track=track, hinted_squares=squares
    )
    svg = drawing.sheet_svg(sheet.layout, view, name, url)
    with _DRAWN_LOCK:
        _DRAWN[key] = svg
        while len(_DRAWN) > MAX_DRAWN:
            _DRAWN.popitem(last=False)
    return svg


def sheet_svgs(table: Table, token: str, own: str | None) -> list[tuple[str, Markup]]:
    """Every player's sheet as SVG, the player ``own``'s first and tappable."""
    game, allowed, diamonds = table.game, hints(table.game), diamond_hints(table.game)
    by_colour, track = frozenset(colour_hints(game)), track_hints(game)
    squares = square_hints(game)
    names = sorted(game.names, key=lambda n: n != own)
    out = []
    for name in names:
        url = url_for("counter.move", game_id=table.id, token=token) if name == own else None
        mine = by_colour if name == game.active else frozenset()
        svg = sheet_svg(
            table,
            name,
            url,
            allowed[name],
            diamonds[name],
            mine,
            track=track[name],
            squares=squares[name],
        )
        out.append((name, svg))
    return out


def _qr(link: str) -> Markup:
    """The QR code of ``link`` as inline SVG (segno) in module units, with a viewBox and no
    fixed size: CSS sizes it and the whole code scales, quiet zone included."""
    code = segno.make(link, error="m")
    return Markup(code.svg_inline(border=2, omitsize=True, light="#fff"))


def link(endpoint: str, **values: Any) -> str:
    """The full address of a page for another device: on the server's network address when
    it serves all addresses (``serve --host 0.0.0.0``: a host at 127.0.0.1 hands out links
    that phones can open), else on the address this request came to."""
    public = current_app.config.get("QWIXX_PUBLIC_URL")
    if public:
        return str(public).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, **values, _external=True)


def board_context(table: Table, token: str | None, message: str = "") -> dict[str, object]:
    """What the board template shows for ``token`` (None: the read-only table view)."""
    own = seat(table, token) if token is not None else None
    host = token is not None and own is None
    game = table.game
    players = []
    for name, player_token in zip(game.names, table.tokens, strict=True):
        address = link("counter.page", game_id=table.id, token=player_token)
        players.append({"name": name, "link": address, "qr": _qr(address) if host else None})
    sheet = game.sheets[own] if own is not None else None
    return {
        "table": table,
        "game": game,
        "token": token,
        "own": own,
        "host": host,
        "players": players,
        "sheets": sheet_svgs(table, token or "", own),
        "own_total": sheet.score().total if sheet else None,
        "can_penalty": bool(sheet.can_penalty()) if sheet else False,
        "lucky": bool(sheet.layout.lucky) if sheet else False,
        "can_lucky": bool(sheet.lucky_fields()) if sheet else False,
        "diamonds": bool(sheet.layout.diamonds) if sheet else False,
        "can_undo": bool(sheet.can_undo()) if sheet else False,
        "can_redo": bool(sheet.can_redo()) if sheet else False,
        "can_back": host and bool(game.can_undo_turn()),
        "ranking": table.ranking() if game.over else [],
        "closed_for_all": all(s.over for s in game.sheets.values()),
        "message": message,
        "moves": len(game.entries),
        "shared_link": link("counter.spectate", game_id=table.id),
        "loopback_only": current_app.config.get("QWIXX_LOOPBACK_ONLY", False),
    }


@bp.get("/games/new")
def new_game() -> str:
    """The form for a new game: a layout (``?layout=`` chosen) and 1 to 5 names."""
    chosen = layouts.key_of(request.args.get("layout", "classic"))
    return render_template(
        "new_game.html",
        shipped=layouts.shipped(),
        chosen=chosen,
        chosen_name=layouts.find(chosen).name,
        seats=range(MAX_PLAYERS),
    )


def client_address() -> str:
    """The address the games per client are counted under: the request's, or ``""`` (not
    counted, only the total is) for this computer itself (loopback: the host's own browser,
    a benchmark, a proxy on the same machine)."""
    import ipaddress

    address = request.remote_addr or ""
    try:
        return "" if ipaddress.ip_address(address).is_loopback else address
    except ValueError:
        return address


def create(layout_key: str, names: list[str]) -> Table:
    """A new game of ``layout_key`` (a shipped name or alias, or an upload's id) for
    ``names``; 404 for an unknown layout, 400 for bad names (the engine's reason, or a name
    the filled-in sheets cannot print: ``score``'s rule, :func:`api.unprintable_name`), 429
    when the database holds its most games, in all or made from this client's address
    (expired games deleted first: :class:`~qwixx_print.web.storage.GameLimits`)."""
    key = layouts.key_of(layout_key)
    try:
        kept = check_names(names, MAX_PLAYERS)
    except RuleViolation as exc:
        raise BadRequest(str(exc)) from None
    sheet = layouts.find(key)
    for name in kept:
        why = api.unprintable_name(sheet, name)
        if why is not None:
            raise BadRequest(f"the name '{name}' cannot be printed on the filled-in sheets: {why}")
    running = running_games()
    try:
        table = running.create(key, kept, client_address())
    except RuleViolation as exc:
        raise BadRequest(str(exc)) from None
    if table == "all":
        raise TooManyRequests(
            f"this server holds {running.limits.most} games already: start a server with "
            "another --db, or wait until idle games expire"
        )
    if isinstance(table, str):
        raise TooManyRequests(
            f"{running.limits.per_client} games were started from this address already: "
            "wait until idle games expire"
        )
    return table


@bp.post("/games")
def start() -> BaseResponse:
    """Start a game from the form and open its host page (303)."""
    table = create(request.form.get("layout", ""), request.form.getlist("name"))
    return redirect(url_for("counter.page", game_id=table.id, token=table.host), 303)


@bp.get("/games/<game_id>")
def spectate(game_id: str) -> str:
    """Every sheet of the game, read-only (a shared screen)."""
    return render_template("game.html", **board_context(table_of(game_id), None))


@bp.get("/games/<game_id>/<token>")
def page(game_id: str, token: str) -> str:
    """A player's page (their sheet to tap, the others read-only) or the host's page."""
    return render_template("game.html", **board_context(table_of(game_id), token))


def _board(table: Table, token: str | None) -> str | tuple[str, int]:
    """The board alone, for htmx to refresh the page with; 204 (nothing to swap) while the
    game has no log entries past ``?since=``."""
    if request.args.get("since") == str(len(table.game.entries)):
        return "", 204
    return render_template("_board.html", **board_context(table, token))


@bp.get("/games/<game_id>/board")
def spectate_board(game_id: str) -> str | tuple[str, int]:
    """The read-only table's board (see :func:`_board`)."""
    return _board(table_of(game_id), None)


@bp.get("/games/<game_id>/<token>/board")
def board(game_id: str, token: str) -> str | tuple[str, int]:
    """A player's or the host's board (see :func:`_board`)."""
    table = table_of(game_id)
    seat(table, token)
    return _board(table, token)


MOVE_KEYS = ("kind", "row", "index", "diamond")
"""The keys of a move in a form or JSON body; any other is refused."""

MOVE_NEEDS = {
    "cross": ("row", "index"),
    "again": ("row", "index"),
    "bonus": ("row", "index"),
    "swap": ("diamond", "row", "index"),
    "lucky": ("row",),
    "track": ("index",),
    "square": ("row", "index"),
}
"""What each move naming a place needs (docs/play.md): a field or the small box under it
(``row``, ``index``), a Big Points bonus cell (the bonus ``row`` and the column ``index``),
an X-Change ``diamond`` with the field it swaps into, a Longo lucky cross's ``row``, a
Lucky 15 value track field's ``index``, a Connect 15 link square (``row`` and ``index``, the
field left of it)."""


MAX_INDEX = 999
"""Largest field, column or diamond index a request may name (the engine names the real
range of a row: ``no field 11 (the row has fields 0 to 10)``)."""

_WHOLE = re.compile(r"-?[0-9]+")


def _index(value: object, key: str = "index") -> int:
    """A field's (or diamond's) index from a request: a whole number 0 to
    :data:`MAX_INDEX` (a JSON number or digits); 400 naming ``key`` otherwise, saying
    whether it is no whole number, below 0 or out of range."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    elif isinstance(value, str) and _WHOLE.fullmatch(value):
        text = value
    else:
        shown = repr(value[:20]) if isinstance(value, str) else repr(value)[:20]
        raise BadRequest(f"{key} must be a whole number, got {shown}")
    digits = text.lstrip("-").lstrip("0") or "0"
    if text.startswith("-") and digits != "0":
        raise BadRequest(f"{key} must be 0 or more, got -{_long(digits)}")
    if len(digits) > len(str(MAX_INDEX)) or int(digits) > MAX_INDEX:
        raise BadRequest(f"{key} is out of range (0 to {MAX_INDEX}), got {_long(digits)}")
    return int(digits)


def _long(digits: str, most: int = 20) -> str:
    """A whole number's ``digits`` for a message: the first ``most`` of a longer one, an
    ellipsis and how many there are (``99999999999999999999… (23 digits)``)."""
    if len(digits) <= most:
        return digits
    return f"{digits[:most]}\u2026 ({len(digits)} digits)"


def parse_move(values: Mapping[str, object]) -> Move:
    """The move in a form or JSON body: ``kind`` and what it names (:data:`MOVE_NEEDS`):
    ``row`` (text), ``index`` and ``diamond`` (whole numbers); 400 naming the key for a
    kind a player's link cannot make, a missing or wrong-typed value, or a key that is not
    :data:`MOVE_KEYS`. Keys a kind does not name are ignored (a tap in swap mode sends the
    field's own values too)."""
    unknown = sorted(set(values) - set(MOVE_KEYS))
    if unknown:
        keys = ", ".join(repr(key[:20]) for key in unknown[:5])
        raise BadRequest(f"a move has the keys {', '.join(MOVE_KEYS)}; unknown: {keys}")
    kind = values.get("kind", "")
    kinds = (*SHEET_MOVES, "undo", "redo")
    if not isinstance(kind, str) or kind not in kinds:
        shown = repr(kind[:20]) if isinstance(kind, str) else repr(kind)[:20]
        raise BadRequest(f"kind must be one of {', '.join(kinds)}, got {shown}")
    needs = MOVE_NEEDS.get(kind, ())
    for key in needs:
        if key not in values:
            raise BadRequest(f"{key} is missing: {kind} names {_named(needs)}")
    if not needs:
        return Move(kind)
    row = values["row"] if "row" in needs else None
    if row is not None and not isinstance(row, str):
        raise BadRequest(f"row must be a row's id (text), got {repr(row)[:20]}")
    index = _index(values["index"]) if "index" in needs else None
    diamond = _index(values["diamond"], "diamond") if "diamond" in needs else None
    return Move(kind, None if row is None else row[:40], index, diamond)


def _named(keys: tuple[str, ...]) -> str:
    """``a row and an index``: the keys a move names, in words."""
    words = [("an " if key == "index" else "a ") + key for key in keys]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def make_move(table: Table, token: str, move: Move) -> None:
    """Apply ``move`` (or undo/redo) to the sheet of ``token``'s player, through the engine:
    403 for the host's token (it changes no sheet), the engine's RuleViolation (409) when
    it refuses."""
    name = seat(table, token)
    if name is None:
        raise Forbidden("the host's link changes no sheet: use a player's link")

    def act(game: Game) -> None:
        if move.kind == "undo":
            game.undo(name)
        elif move.kind == "redo":
            game.redo(name)
        else:
            game.play(name, move)

    running_games().act(table, act)


@bp.post("/games/<game_id>/<token>/move")
def move(game_id: str, token: str) -> tuple[str, int]:
    """A tap: the move is made, or the board comes back with the engine's reason (409)."""
    table = table_of(game_id)
    try:
        values = request.form.to_dict()
        values.pop(CSRF_FIELD, None)
        make_move(table, token, parse_move(values))
    except RuleViolation as exc:
        return render_template("_board.html", **board_context(table, token, str(exc))), 409
    return render_template("_board.html", **board_context(table, token)), 200


TURN_ACTIONS = ("roll", "next", "back")
"""What a page does to the turn: roll the dice, pass them on (the active player or the
host), take an accidental pass back (the host)."""


def turn_of(value: object) -> int:
    """The turn a roll, next or back request acts on (the page's ``turn`` field, the JSON
    ``turn``): a whole number from 1 (a JSON number or digits); 400 naming ``turn``
    otherwise."""
    if value is None:
        raise BadRequest("turn is missing: a roll, next or back names the turn it acts on")
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10**9:
        shown = repr(value[:20]) if isinstance(value, str) else repr(value)[:20]
        raise BadRequest(f"turn must be a whole number from 1, got {shown}")
    return value


def table_action(table: Table, token: str, action: str, turn: int) -> str | None:
    """Act on the ``turn`` the page saw: ``roll`` its dice, pass them on to the ``next``
    player, or take the last pass ``back`` (the host only). Only the active player and the
    host roll and pass on; a repeated tap (the dice of that turn rolled, the turn passed
    already) changes nothing and is answered as done: the returned note says so (None when
    the action was made). The engine's RuleViolation (409) when it refuses."""
    name = seat(table, token)

    def act(game: Game) -> str | None:
        if action == "back":
            if name is not None:
                raise RuleViolation(f"{name}, only the host's page takes a turn back")
            if turn != game.turn:
                return f"already done: the turn is {game.turn} ({game.active})"
            game.undo_turn()
            return None
        if turn < game.turn:
            return f"already done: turn {turn} is over, {game.active} rolls now"
        if name is not None and name != game.active:
            raise RuleViolation(
                f"{name}, it is {game.active}'s turn: only {game.active} or the host "
                "rolls and passes the dice on"
            )
        if turn > game.turn:
            raise RuleViolation(f"turn {turn} has not come yet (this is turn {game.turn})")
        if action == "roll":
            if game.dice is not None:
                return f"already done: {game.active} has rolled"
            game.roll(running_games().rng)
        else:
            game.end_turn()
        return None

    return running_games().act(table, act)


@bp.post("/games/<game_id>/<token>/<any(roll, next, back):action>")
def dice(game_id: str, token: str, action: str) -> tuple[str, int]:
    """Roll the dice, pass them on or take a pass back, for the turn the page names; the
    engine's reason (409) when it refuses, a note when it was done already (200)."""
    table = table_of(game_id)
    seat(table, token)  # a wrong token answers as an unknown game, before the form
    try:
        note = table_action(table, token, action, turn_of(request.form.get("turn")))
    except RuleViolation as exc:
        return render_template("_board.html", **board_context(table, token, str(exc))), 409
    return render_template("_board.html", **board_context(table, token, note or "")), 200


def filled_pdf(table: Table) -> Response:
    """The filled-in sheets of the game as a PDF attachment: the bytes ``qwixx-print score
    --out`` writes for the same marks."""
    from qwixx_print.play import log

    with heavy():
        scored = log.scored(table.game, table.log_doc())
        data = api.filled_pdf(scored)
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = 'attachment; filename="filled-sheets.pdf"'
    return response


@bp.get("/games/<game_id>/filled.pdf")
def spectate_filled(game_id: str) -> Response:
    """The filled-in sheets for the read-only table (a shared screen)."""
    return filled_pdf(table_of(game_id))


@bp.get("/games/<game_id>/<token>/filled.pdf")
def filled(game_id: str, token: str) -> Response:
    """The filled-in sheets for a player's or the host's link."""
    table = table_of(game_id)
    seat(table, token)
    return filled_pdf(table)
