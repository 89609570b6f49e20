"""The score counter: a new game (layout, 1 to 5 players) gets a host page with one link
and QR code per player; each player's link shows their own sheet to tap and the others'
read-only; the host page and a read-only table view show every sheet. Moves go to the
engine (:mod:`qwixx_print.web.running`), which refuses illegal ones with its reason.

URLs: ``/games/<game>/<token>``, the token a player's (their sheet) or the host's (the
links, the dice, every sheet read-only); ``/games/<game>`` is the read-only table.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

import segno
from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.exceptions import BadRequest, Forbidden, NotFound, TooManyRequests
from werkzeug.wrappers import Response as BaseResponse

from qwixx_print import api
from qwixx_print.errors import RuleViolation, listed
from qwixx_print.play import Game, Move
from qwixx_print.play.sheet_state import colour_order
from qwixx_print.web import drawing, layouts
from qwixx_print.web.guard import CSRF_FIELD, MAX_PLAYERS, heavy
from qwixx_print.web.mechanic_views import (
    SheetHints,
    colour_hints,
    hints,
    page_controls,
    table_hints,
)
from qwixx_print.web.move_form import parse_move, step_of, turn_of
from qwixx_print.web.running import NO_SUCH_LINK, RunningGames, Table, name_problems

__all__ = ["colour_hints", "hints", "parse_move", "turn_of"]  # and the routes below

bp = Blueprint("counter", __name__)


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


_DRAWN: OrderedDict[Hashable, Markup] = OrderedDict()
_DRAWN_LOCK = threading.Lock()
MAX_DRAWN = 4096
"""Sheets kept drawn: a sheet's SVG changes only with its marks, so the board of a game
draws again only the sheet that changed."""


def sheet_svg(
    table: Table, name: str, url: str | None, hinted: SheetHints, view: str | None = None
) -> Markup:
    """``name``'s sheet as SVG (see :func:`drawing.sheet_svg`; a tappable one in ``view``),
    drawn once per state of the sheet (its marks, the colours the table closed, the end,
    and what the dice allow: ``hinted``) and view."""
    sheet = table.game.sheets[name]
    key = (table.id, name, url, view, sheet.state, sheet.table_closed, sheet.table_over, hinted)
    with _DRAWN_LOCK:
        found = _DRAWN.get(key)
        if found is not None:
            _DRAWN.move_to_end(key)
            return found
    svg = drawing.sheet_svg(sheet.layout, hinted.view(table.game, name), name, url, view=view)
    with _DRAWN_LOCK:
        _DRAWN[key] = svg
        while len(_DRAWN) > MAX_DRAWN:
            _DRAWN.popitem(last=False)
    return svg


def sheet_svgs(
    table: Table, token: str, own: str | None, view: str | None = None
) -> list[tuple[str, Markup]]:
    """Every player's sheet as SVG, the player ``own``'s first, tappable and in ``view``
    (None: both views, see :func:`drawing.sheet_svg`)."""
    game = table.game
    hinted = table_hints(game)
    out = []
    for name in sorted(game.names, key=lambda n: n != own):
        url = url_for("counter.move", game_id=table.id, token=token) if name == own else None
        out.append((name, sheet_svg(table, name, url, hinted[name], view)))
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


VIEW_HEADER = "X-Sheet-View"
"""The header in which ``static/counter.js`` says, on each of its requests, the view of the
own sheet the screen needs (``flat`` or ``turned``, :data:`drawing.VIEWS`)."""

VIEW_COOKIE = "sheet_view"
"""The cookie in which ``static/counter.js`` keeps that view, for the page's next load."""


def wanted_view() -> str | None:
    """The view of the own sheet this request asks for: :data:`VIEW_HEADER`, else
    :data:`VIEW_COOKIE` (a page load); None when neither names one of :data:`drawing.VIEWS`
    (a first visit: the page gets both)."""
    for said in (request.headers.get(VIEW_HEADER), request.cookies.get(VIEW_COOKIE)):
        if said in drawing.VIEWS:
            return said
    return None


def closed_line(game: Game) -> str:
    """The board's line of the closed colours: those closed for everyone, then those a lock
    of this turn closes when the dice pass on (table play, RULES.md §6), so it agrees with
    the game-over line (``Closed: red; green closes for everyone when the dice pass on.``);
    ``''`` while no colour is closed or closing, and once the game is over by its closed
    colours and all of them are closed (the game-over line names them: "Game over: red and
    green are closed." said it twice)."""
    if game.over and not game.closing and "closed" in (game.why_over or ""):
        return ""
    said = []
    if game.closed:
        said.append(f"Closed: {listed(colour_order(game.layout, game.closed))}")
    closing = colour_order(game.layout, game.closing)
    if closing:
        verb = "closes" if len(closing) == 1 else "close"
        said.append(f"{listed(closing)} {verb} for everyone when the dice pass on")
    text = "; ".join(said)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


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
    view = wanted_view() if own is not None else None
    return {
        "table": table,
        "game": game,
        "token": token,
        "own": own,
        "host": host,
        "players": players,
        "sheets": sheet_svgs(table, token or "", own, view),
        "view": view,
        "own_total": sheet.score().total if sheet else None,
        "can_penalty": own is not None and bool(game.can_play(own, Move("penalty"))),
        "step": game.steps[own] if own is not None else 0,
        "can_finish": host and not game.over,
        **page_controls(game, own),
        "can_undo": bool(sheet.can_undo()) if sheet else False,
        "can_redo": bool(sheet.can_redo()) if sheet else False,
        "can_back": host and bool(game.can_undo_turn()),
        "ranking": table.ranking() if game.over else [],
        "closed_for_all": all(s.over for s in game.sheets.values()),
        "closed_line": closed_line(game),
        "message": message,
        "moves": len(game.entries),
        "shared_link": link("counter.spectate", game_id=table.id),
        "loopback_only": current_app.config.get("QWIXX_LOOPBACK_ONLY", False),
    }


@bp.get("/games/new")
def new_game() -> str:
    """The form for a new game: a layout (``?layout=`` chosen) and 1 to 5 names."""
    return new_game_form(request.args.get("layout", "classic"))


def new_game_form(
    layout: str, names: list[str] | None = None, errors: list[str] | None = None, status: int = 400
) -> str:
    """The new-game form on ``layout`` (404 for an unknown one), with the ``names`` typed
    (a field for each, at least 5) and the ``errors`` that refused them, each shown on a
    line of its own (their HTTP ``status``), if any."""
    chosen = layouts.key_of(layout)
    names = [name[:40] for name in (names or [])][: 2 * MAX_PLAYERS]
    return render_template(
        "new_game.html",
        shipped=layouts.shipped(),
        chosen=chosen,
        chosen_name=layouts.find(chosen).name,
        seats=range(max(MAX_PLAYERS, len(names))),
        most=MAX_PLAYERS,
        names=names,
        errors=errors or [],
        status=status,
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


class NamesRefused(BadRequest):
    """A new game's names refused (400) for every one of its ``problems``, one line each:
    the form shows each on a line of its own, the JSON API one line of them all."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def create(layout_key: str, names: list[str]) -> Table:
    """A new game of ``layout_key`` (a shipped name or alias, or an upload's id) for
    ``names``; 404 for an unknown layout, 400 for bad names (:class:`NamesRefused`, every
    problem: :func:`~qwixx_print.web.running.name_problems`, with a name the filled-in
    sheets cannot print by ``score``'s rule, :func:`api.unprintable_name`), 429
    when the database holds its most games, in all or made from this client's address
    (expired games deleted first: :class:`~qwixx_print.web.storage.GameLimits`)."""
    key = layouts.key_of(layout_key)
    sheet = layouts.find(key)
    kept, problems = name_problems(
        names, MAX_PLAYERS, lambda name: api.unprintable_name(sheet, name)
    )
    if problems:
        raise NamesRefused(problems)
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
def start() -> BaseResponse | tuple[str, int]:
    """Start a game from the form and open its host page (303); names the game cannot take
    (400) or too many games (429) show the form again, the names kept, the reason above."""
    layout, names = request.form.get("layout", ""), request.form.getlist("name")
    try:
        table = create(layout, names)
    except (BadRequest, TooManyRequests) as exc:
        status = exc.code or 400
        problems = exc.problems if isinstance(exc, NamesRefused) else [str(exc.description)]
        return new_game_form(layout, names, problems, status), status
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
    game has no log entries past ``?since=`` and the page shows the own sheet in the view
    it asks for (``?view=``: the one it was sent; none: both, or no own sheet)."""
    shown, wanted = request.args.get("view"), wanted_view()
    if request.args.get("since") == str(len(table.game.entries)) and (
        shown is None or wanted is None or shown == wanted
    ):
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


def make_move(table: Table, token: str, move: Move, step: int | None = None) -> str | None:
    """Apply ``move`` (or undo/redo) to the sheet of ``token``'s player, through the engine:
    403 for the host's token (it changes no sheet), the engine's RuleViolation (409) when
    it refuses. A repeated tap changes nothing and is answered as done, the returned note
    saying so (None when the move was made): a penalty when the player crossed one this
    turn already (one a turn, RULES.md §1), an undo or redo naming a ``step`` of the
    player's (``Game.steps``) that has passed."""
    name = seat(table, token)
    if name is None:
        raise Forbidden("the host's link changes no sheet: use a player's link")

    def act(game: Game) -> str | None:
        if move.kind == "penalty" and name == game.active and move in game.moves_this_turn(name):
            return f"already done: {name} crossed a penalty box this turn"
        if move.kind in ("undo", "redo") and step is not None:
            if step < game.steps[name]:
                return f"already done: {name}'s sheet has changed since step {step}"
            if step > game.steps[name]:
                raise RuleViolation(
                    f"{name}, step {step} has not come yet (this is step {game.steps[name]})"
                )
        if move.kind == "undo":
            game.undo(name)
        elif move.kind == "redo":
            game.redo(name)
        else:
            game.play(name, move)
        return None

    return running_games().act(table, act)


@bp.post("/games/<game_id>/<token>/move")
def move(game_id: str, token: str) -> tuple[str, int]:
    """A tap: the move is made, or the board comes back with the engine's reason (409)."""
    table = table_of(game_id)
    try:
        values = request.form.to_dict()
        values.pop(CSRF_FIELD, None)
        note = make_move(table, token, parse_move(values), step_of(values))
    except RuleViolation as exc:
        return render_template("_board.html", **board_context(table, token, str(exc))), 409
    return render_template("_board.html", **board_context(table, token, note or "")), 200


TURN_ACTIONS = ("roll", "next", "back", "finish")
"""What a page does to the turn: roll the dice, pass them on (the active player or the
host), take an accidental pass back, end the game by hand (the host)."""


def table_action(table: Table, token: str, action: str, turn: int) -> str | None:
    """Act on the ``turn`` the page saw: ``roll`` its dice, pass them on to the ``next``
    player, take the last pass ``back`` or ``finish`` the game by hand (these two the host
    only). Only the active player and the host roll and pass on; a repeated tap (the dice
    of that turn rolled, the turn passed already, the game over) changes nothing and is
    answered as done: the returned note says so (None when the action was made). The
    engine's RuleViolation (409) when it refuses."""
    name = seat(table, token)

    def act(game: Game) -> str | None:
        if action in ("back", "finish"):
            if name is not None:
                what = "takes a turn back" if action == "back" else "ends the game by hand"
                raise RuleViolation(f"{name}, only the host's page {what}")
            if action == "finish":  # whatever the turn: the host confirmed the end
                if game.over:
                    return f"already done: the game is over ({game.why_over})"
                game.end()
                return None
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


@bp.post("/games/<game_id>/<token>/<any(roll, next, back, finish):action>")
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
