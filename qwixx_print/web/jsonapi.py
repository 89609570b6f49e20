"""JSON twins of the pages under ``/api/`` (docs/web.md), for tests and for people who
script the counter. A POST must be ``application/json`` (a cross-site form cannot send it);
an error is ``{"error": "one line"}`` with a 4xx."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, url_for
from werkzeug.exceptions import BadRequest

from qwixx_print import catalogue
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Move
from qwixx_print.web import counter, guard, layouts, mechanic_views, move_form
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
    legal fields, each mechanic's part by :mod:`qwixx_print.web.mechanic_views`; the active
    player, dice, closed colours, whether it is over, the ranking."""
    game = table.game
    own = counter.seat(table, token) if token is not None else None
    hinted = mechanic_views.table_hints(game)
    players = []
    for name in game.names:
        sheet, hints = game.sheets[name], hinted[name]
        score = sheet.score()
        player: dict[str, Any] = {
            "name": name,
            "crossed": {row.id: sorted(sheet.crossed(row.id)) for row in game.layout.rows},
            "penalties": sheet.penalties,
            "locked": list(sheet.locked),
            "points": {row: rs.points for row, rs in score.rows.items()},
            "penalty_points": score.penalty_points,
            "total": score.total,
            "dice_allow": sorted([row, index] for row, index in hints.allowed),
            **mechanic_views.marks_json(sheet, hints),
        }
        if name == own:
            view = hints.view(game, name)
            player["legal"] = sorted([row, i] for row, i in view.legal)
            player.update(mechanic_views.legal_json(sheet, view, hints))
            player["can_undo"] = bool(sheet.can_undo())
            player["can_redo"] = bool(sheet.can_redo())
            player["can_penalty"] = bool(game.can_play(name, Move("penalty")))
            player["step"] = game.steps[name]
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


@bp.post("/games")
def create() -> tuple[Response, int]:
    """``{"layout": "classic", "players": ["Léa", "Sam"]}`` -> the game, its host link and
    each player's link (201)."""
    body = _body()
    names = body.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise BadRequest("players must be a list of names")
    blank = next((k for k, name in enumerate(names, 1) if not name.strip()), None)
    if blank is not None:  # the page's form leaves empty boxes out; a list names each player
        raise BadRequest(f"player {blank}'s name is empty: give every player a name")
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
    ``diamond``, lucky, track, square, penalty, undo, redo, these two with an optional
    ``step``) -> the game (200, with a ``note`` when a repeated tap changed nothing), or
    ``{"error": reason}`` (409) when the engine refuses."""
    table = counter.table_of(game_id)
    body = _body()
    move = move_form.parse_move(body, form=False)
    try:
        note = counter.make_move(table, token, move, move_form.step_of(body, form=False))
    except RuleViolation as exc:
        return jsonify(error=str(exc)), 409
    state = game_state(table, token)
    if note is not None:
        state["note"] = note
    return jsonify(state), 200


@bp.post("/games/<game_id>/<token>/<any(roll, next, back, finish):action>")
def dice(game_id: str, token: str, action: str) -> tuple[Response, int]:
    """``{"turn": N}``: roll the dice, pass them on, take a pass back or end the game by
    hand (these two the host) for turn N; the game (200, with a ``note`` when it was done
    already) or the engine's reason (409)."""
    table = counter.table_of(game_id)
    counter.seat(table, token)  # a wrong token answers as an unknown game, before the body
    body = _body()
    unknown = sorted(set(body) - {"turn"})
    if unknown:
        raise BadRequest(f"a {action} has the key turn; unknown: {unknown[0][:20]!r}")
    try:
        note = counter.table_action(
            table, token, action, move_form.turn_of(body.get("turn"), form=False)
        )
    except RuleViolation as exc:
        return jsonify(error=str(exc)), 409
    state = game_state(table, token)
    if note is not None:
        state["note"] = note
    return jsonify(state), 200
