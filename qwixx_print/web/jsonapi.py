"""JSON twins of the pages under ``/api/`` (docs/web.md), for tests and for people who
script the counter. A POST must be ``application/json`` (a cross-site form cannot send it);
an error is ``{"error": "one line"}`` with a 4xx."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, url_for
from werkzeug.exceptions import BadRequest

from qwixx_print import catalogue
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Sheet
from qwixx_print.web import counter, drawing, guard, layouts, move_form, roll_hints
from qwixx_print.web.running import Table

bp = Blueprint("jsonapi", __name__, url_prefix="/api")


def _body() -> dict[str, Any]:
    """The request's JSON object (:func:`guard.json_body`: size and depth capped); 400
    for anything else."""
    body = guard.json_body()
    if not isinstance(body, dict):
        raise BadRequest("send a JSON object")
    return body


@bp.get("/layouts")
def layouts_list() -> Response:
    """The shipped layouts: name, description, aliases, rows (id, numbers)."""
    out = []
    for name in layouts.shipped():
        sheet = catalogue.find(name)
        out.append(
            {
                "name": name,
                "description": sheet.description,
                "aliases": list(sheet.aliases),
                "rows": [{"id": r.id, "numbers": [f.number for f in r.fields]} for r in sheet.rows],
                "pdf": url_for("printing.pdf", layout=name),
                "preview": url_for("printing.preview", key=name),
            }
        )
    return jsonify(layouts=out)


def game_state(table: Table, token: str | None = None) -> dict[str, Any]:
    """The game as JSON: players with their marks, points and (for ``token``'s player) the
    legal fields; the active player, dice, closed colours, whether it is over, the ranking."""
    game = table.game
    own = counter.seat(table, token) if token is not None else None
    allowed = roll_hints.hints(game)
    players = []
    for name in game.names:
        sheet = game.sheets[name]
        score = sheet.score()
        player: dict[str, Any] = {
            "name": name,
            "crossed": {row.id: sorted(sheet.crossed(row.id)) for row in game.layout.rows},
            "again": {row.id: sorted(sheet.again_crossed(row.id)) for row in game.layout.rows},
            "penalties": sheet.penalties,
            "locked": list(sheet.locked),
            "points": {row: rs.points for row, rs in score.rows.items()},
            "penalty_points": score.penalty_points,
            "total": score.total,
            "dice_allow": sorted([row, index] for row, index in allowed[name]),
            **_more(sheet),
        }
        if name == own:
            marks = drawing.sheet_view(sheet)
            player["legal"] = sorted([row, i] for row, i in marks.legal)
            if sheet.board.bonus_ids:
                player["legal_bonus"] = sorted([row, i] for row, i in marks.legal_bonus)
            if sheet.layout.diamonds:
                player["legal_swaps"] = sorted(
                    [d, row, i] for (row, i), found in marks.swaps.items() for d in found
                )
            if sheet.layout.lucky:
                player["lucky_fields"] = sorted([row, i] for row, i in marks.lucky)
            player["can_undo"] = bool(sheet.can_undo())
            player["can_redo"] = bool(sheet.can_redo())
            player["can_penalty"] = bool(sheet.can_penalty())
        players.append(player)
    dice = game.dice
    return {
        "game": table.id,
        "layout": table.layout_key,
        "players": players,
        "active": game.active,
        "turn": game.turn,
        "dice": None if dice is None else {"white": list(dice.white), **dict(dice.colours)},
        "closed": sorted(game.closed),
        "over": game.over,
        "ranking": [{"place": p, "name": n, "total": t} for p, n, t in table.ranking()],
        "moves": len(game.entries),
    }


def _more(sheet: Sheet) -> dict[str, Any]:
    """What a sheet of RULES.md §4 adds to a player's entry, only where the layout has it:
    ``bonus`` (columns crossed per bonus row), ``diamonds`` (crossed, 0-based), ``slip``,
    ``lucky`` (the player's lucky numbers), ``framed_points`` (Steps); RULES-more.md §7:
    ``track`` (the value track's crossed fields) and ``track_points`` (Lucky 15)."""
    layout, more = sheet.layout, dict[str, Any]()
    if sheet.board.bonus_ids:
        more["bonus"] = {b: list(sheet.bonus_crossed(b)) for b in sheet.board.bonus_ids}
    if layout.diamonds:
        more["diamonds"] = list(sheet.state.diamonds)
    if layout.slip:
        more["slip"] = layout.slip
    if layout.lucky:
        more["lucky"] = list(layout.lucky)
    if any(f.framed for row in layout.rows for f in row.fields):
        more["framed_points"] = sheet.score().framed_points
    if layout.value_track is not None:
        more["track"], more["track_points"] = sheet.state.track, sheet.score().track_points
    return more


@bp.post("/games")
def create() -> tuple[Response, int]:
    """``{"layout": "classic", "players": ["Léa", "Sam"]}`` -> the game, its host link and
    each player's link (201)."""
    body = _body()
    names = body.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise BadRequest("players must be a list of names")
    table = counter.create(str(body.get("layout", "")), names)
    links = {
        name: counter.link("counter.page", game_id=table.id, token=token)
        for name, token in zip(table.game.names, table.tokens, strict=True)
    }
    return jsonify(
        game=table.id,
        host=counter.link("counter.page", game_id=table.id, token=table.host),
        tokens=dict(zip(table.game.names, table.tokens, strict=True)),
        links=links,
    ), 201


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """The game, read-only."""
    return jsonify(game_state(counter.table_of(game_id)))


@bp.get("/games/<game_id>/<token>")
def player(game_id: str, token: str) -> Response:
    """The game as a player (with their legal fields) or the host sees it."""
    return jsonify(game_state(counter.table_of(game_id), token))


@bp.post("/games/<game_id>/<token>/moves")
def move(game_id: str, token: str) -> tuple[Response, int]:
    """``{"kind": "cross", "row": "red", "index": 3}`` (or again, bonus, swap with a
    ``diamond``, lucky, penalty, finish, undo, redo) -> the game (200), or
    ``{"error": reason}`` (409) when the engine refuses."""
    table = counter.table_of(game_id)
    try:
        counter.make_move(table, token, move_form.parse_move(_body()))
    except RuleViolation as exc:
        return jsonify(error=str(exc)), 409
    return jsonify(game_state(table, token)), 200


@bp.post("/games/<game_id>/<token>/<any(roll, next, back):action>")
def dice(game_id: str, token: str, action: str) -> tuple[Response, int]:
    """``{"turn": N}``: roll the dice, pass them on or take a pass back (the host) for turn
    N; the game (200, with a ``note`` when it was done already) or the engine's reason
    (409)."""
    table = counter.table_of(game_id)
    counter.seat(table, token)  # a wrong token answers as an unknown game, before the body
    body = _body()
    unknown = sorted(set(body) - {"turn"})
    if unknown:
        raise BadRequest(f"a {action} has the key turn; unknown: {unknown[0][:20]!r}")
    try:
        note = counter.table_action(table, token, action, move_form.turn_of(body.get("turn")))
    except RuleViolation as exc:
        return jsonify(error=str(exc)), 409
    state = game_state(table, token)
    if note is not None:
        state["note"] = note
    return jsonify(state), 200
