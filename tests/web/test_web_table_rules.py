"""The web table's rules of the turn through the JSON API and the pages (a newcomer's
findings): the penalty is the active player's who crossed nothing this turn, once a turn
(RULES.md §1 Penalties, §6); a repeated Penalty or Undo changes nothing; the API refuses
numbers sent as text; the host ends the game by hand; the new-game form keeps the names."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient

from tests.webclient import token

NAMES = ["Ann", "Ben", "Cid"]


def _game(client: FlaskClient, names: list[str] = NAMES) -> dict[str, Any]:
    made = client.post("/api/games", json={"layout": "classic", "players": names})
    assert made.status_code == 201
    game: dict[str, Any] = made.get_json()
    game["tokens"]["host"] = game["host"].rsplit("/", 1)[1]
    return game


def _move(client: FlaskClient, game: dict[str, Any], who: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game['game']}/{game['tokens'][who]}/moves", json=body)


def _act(client: FlaskClient, game: dict[str, Any], who: str, action: str, turn: Any) -> Any:
    url = f"/api/games/{game['game']}/{game['tokens'][who]}/{action}"
    return client.post(url, json={"turn": turn})


def _me(answer: Any, name: str) -> dict[str, Any]:
    player: dict[str, Any] = next(p for p in answer.get_json()["players"] if p["name"] == name)
    return player


def test_a_player_who_is_not_active_takes_no_penalty(client: FlaskClient) -> None:
    game = _game(client)
    refused = _move(client, game, "Ben", kind="penalty")
    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": "Ben, only the active player (Ann) takes a penalty, when they cross nothing"
    }
    state = client.get(f"/api/games/{game['game']}/{game['tokens']['Ben']}").get_json()
    assert (state["players"][1]["penalties"], state["players"][1]["can_penalty"]) == (0, False)
    assert state["moves"] == 0


def test_four_penalties_of_a_player_who_is_not_active_do_not_end_the_game(
    client: FlaskClient,
) -> None:
    game = _game(client)
    for _ in range(4):
        assert _move(client, game, "Cid", kind="penalty").status_code == 409
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert (state["over"], state["players"][2]["penalties"]) == (False, 0)


def test_the_active_player_who_crossed_takes_no_penalty(client: FlaskClient) -> None:
    game = _game(client)
    assert _move(client, game, "Ann", kind="cross", row="red", index=3).status_code == 200
    refused = _move(client, game, "Ann", kind="penalty")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == (
        "Ann, you crossed something this turn (cross red 3): a penalty is only for a turn "
        "with nothing crossed"
    )
    assert _me(_move(client, game, "Ann", kind="undo"), "Ann")["can_penalty"] is True
    taken = _move(client, game, "Ann", kind="penalty")  # the cross undone: nothing crossed
    assert (taken.status_code, _me(taken, "Ann")["total"]) == (200, -5)


def test_a_double_tap_on_penalty_takes_one_penalty(client: FlaskClient) -> None:
    game = _game(client)
    first = _move(client, game, "Ann", kind="penalty")
    again = _move(client, game, "Ann", kind="penalty")
    assert (first.status_code, again.status_code) == (200, 200)
    assert "note" not in first.get_json()
    assert again.get_json()["note"] == "already done: Ann crossed a penalty box this turn"
    assert (_me(again, "Ann")["penalties"], _me(again, "Ann")["total"]) == (1, -5)
    assert again.get_json()["moves"] == 1
    _act(client, game, "Ann", "next", 1)
    for _ in NAMES[1:]:  # Ann's next turn: a penalty again
        state = client.get(f"/api/games/{game['game']}").get_json()
        _act(client, game, state["active"], "next", state["turn"])
    assert _me(_move(client, game, "Ann", kind="penalty"), "Ann")["total"] == -10


def test_a_double_tap_on_undo_takes_back_one_move(client: FlaskClient) -> None:
    game = _game(client)
    for index in (0, 1):
        _move(client, game, "Ben", kind="cross", row="red", index=index)
    step = _me(client.get(f"/api/games/{game['game']}/{game['tokens']['Ben']}"), "Ben")["step"]
    assert step == 2
    first = _move(client, game, "Ben", kind="undo", step=2)
    again = _move(client, game, "Ben", kind="undo", step=2)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.get_json()["note"] == "already done: Ben's sheet has changed since step 2"
    assert _me(again, "Ben")["crossed"]["red"] == [0]
    assert _me(again, "Ben")["step"] == 3
    redo = _move(client, game, "Ben", kind="redo", step=3)
    redo_again = _move(client, game, "Ben", kind="redo", step=3)
    assert _me(redo, "Ben")["crossed"]["red"] == [0, 1]
    assert _me(redo_again, "Ben")["crossed"]["red"] == [0, 1]
    ahead = _move(client, game, "Ben", kind="undo", step=9)
    assert (ahead.status_code, ahead.get_json()) == (
        409,
        {"error": "Ben, step 9 has not come yet (this is step 4)"},
    )


def test_the_pages_undo_names_its_step_and_a_repeat_is_answered_as_done(
    client: FlaskClient,
) -> None:
    game = _game(client)
    url = f"/games/{game['game']}/{game['tokens']['Ben']}"
    csrf = token(client)
    client.post(
        f"{url}/move", data={"kind": "cross", "row": "red", "index": "0", "csrf_token": csrf}
    )
    client.post(
        f"{url}/move", data={"kind": "cross", "row": "red", "index": "1", "csrf_token": csrf}
    )
    page = client.get(url).get_data(as_text=True)
    assert 'data-action="undo" data-step="2"' in page
    for _ in range(2):
        answer = client.post(f"{url}/move", data={"kind": "undo", "step": "2", "csrf_token": csrf})
        assert answer.status_code == 200
    assert "already done: Ben&#39;s sheet has changed since step 2" in answer.get_data(as_text=True)
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert state["players"][1]["crossed"]["red"] == [0]


def test_the_penalty_button_is_on_the_active_players_page_only(client: FlaskClient) -> None:
    game = _game(client)

    def penalty(who: str) -> str | None:
        page = client.get(f"/games/{game['game']}/{game['tokens'][who]}").get_data(as_text=True)
        if 'data-action="penalty"' not in page:
            return None
        return "disabled" if 'data-action="penalty" disabled' in page else "enabled"

    assert (penalty("Ann"), penalty("Ben"), penalty("host")) == ("enabled", None, None)
    _move(client, game, "Ann", kind="cross", row="red", index=0)
    assert penalty("Ann") == "disabled"


def test_the_api_refuses_numbers_sent_as_text(client: FlaskClient) -> None:
    game = _game(client)
    cases = [
        ({"kind": "cross", "row": "red", "index": "3"}, "index must be a whole number, got '3'"),
        (
            {"kind": "swap", "diamond": "1", "row": "red", "index": 3},
            "diamond must be a whole number, got '1'",
        ),
        ({"kind": "undo", "step": "0"}, "step must be a whole number, got '0'"),
    ]
    for body, line in cases:
        answer = _move(client, game, "Ann", **body)
        assert (answer.status_code, answer.get_json()) == (400, {"error": line})
    for action in ("roll", "next", "back", "finish"):
        answer = _act(client, game, "host", action, "1")
        assert (answer.status_code, answer.get_json()) == (
            400,
            {"error": "turn must be a whole number from 1, got '1'"},
        )
    assert client.get(f"/api/games/{game['game']}").get_json()["moves"] == 0


def test_only_the_host_ends_the_game_by_hand(client: FlaskClient) -> None:
    game = _game(client)
    refused = _move(client, game, "Ben", kind="finish")
    assert refused.status_code == 400
    assert refused.get_json()["error"] == (
        "kind must be one of cross, again, bonus, swap, lucky, track, square, penalty, "
        "undo, redo, got 'finish'"
    )
    by_player = _act(client, game, "Ben", "finish", 1)
    assert (by_player.status_code, by_player.get_json()) == (
        409,
        {"error": "Ben, only the host's page ends the game by hand"},
    )
    _move(client, game, "Ben", kind="cross", row="red", index=0)
    ended = _act(client, game, "host", "finish", 1)
    again = _act(client, game, "host", "finish", 1)
    assert ended.status_code == 200 and "note" not in ended.get_json()
    assert ended.get_json()["over"] is True
    assert ended.get_json()["ranking"][0]["name"] == "Ben"
    assert again.get_json()["note"] == "already done: the game is over (the game was ended by hand)"
    assert again.get_json()["moves"] == ended.get_json()["moves"] == 2
    undone = _move(client, game, "Ben", kind="undo")  # a correction after the end
    assert (undone.status_code, undone.get_json()["over"]) == (200, True)
    host = client.get(f"/games/{game['game']}/{game['tokens']['host']}").get_data(as_text=True)
    assert "data-game-over" in host and 'data-action="finish"' not in host
    # the page says why the game is over, not only that it is (a newcomer's finding)
    assert "Game over</strong>: <span data-why-over>the game was ended by hand</span>." in host


def test_the_host_page_offers_the_end_with_a_confirmation(client: FlaskClient) -> None:
    game = _game(client)
    host = client.get(f"/games/{game['game']}/{game['tokens']['host']}").get_data(as_text=True)
    assert 'data-action="finish"' in host and "hx-confirm=" in host
    ann = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert 'data-action="finish"' not in ann


def test_a_refused_new_game_shows_the_form_again_with_the_names(client: FlaskClient) -> None:
    csrf = token(client)
    cases = [
        (["Léa", "", "Sam"], None),
        (["Léa", "Léa"], "the name &#39;Léa&#39; is used twice: give every player their own"),
        (["A", "B", "C", "D", "E", "F"], "a game here has 1 to 5 players, got 6"),
    ]
    for names, line in cases:
        answer = client.post(
            "/games", data={"layout": "classic", "name": names, "csrf_token": csrf}
        )
        if line is None:  # an empty field between names is skipped
            assert answer.status_code == 303
            continue
        page = answer.get_data(as_text=True)
        assert answer.status_code == 400
        assert f'<p class="error" data-error="400">{line}</p>' in page
        for name in names:
            assert f'value="{name}"' in page
        assert 'class="new-game"' in page and "Back to the print page" not in page
    empty = client.post("/games", data={"layout": "classic", "name": ["", ""], "csrf_token": csrf})
    assert empty.status_code == 400
    assert 'data-error="400"' in empty.get_data(as_text=True)


def test_the_top_bar_says_point_for_one_and_the_site_has_an_icon(client: FlaskClient) -> None:
    game = _game(client)
    _move(client, game, "Ann", kind="cross", row="red", index=0)
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert "<b data-own-total>1</b> point</span>" in page
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ben']}").get_data(as_text=True)
    assert "<b data-own-total>0</b> points</span>" in page
    assert 'rel="icon" href="/static/favicon.svg"' in page
    icon = client.get("/favicon.ico")
    assert (icon.status_code, icon.mimetype) == (200, "image/svg+xml")
    assert icon.data.startswith(b"<svg")
    with client.get("/static/favicon.svg") as linked:
        assert (linked.status_code, linked.mimetype) == (200, "image/svg+xml")


def test_a_second_tap_on_a_nochmal_small_box_is_refused_naming_the_box(
    client: FlaskClient,
) -> None:
    """Once crossed, a small box takes no tap of its own: a second tap there lands on its
    field, which the page posts as a cross; the engine's refusal names the small box."""
    made = client.post("/api/games", json={"layout": "nochmal", "players": ["Ann", "Ben"]})
    game: dict[str, Any] = made.get_json()
    assert _move(client, game, "Ann", kind="cross", row="red", index=0).status_code == 200
    boxed = _move(client, game, "Ann", kind="again", row="red", index=0)
    assert (boxed.status_code, _me(boxed, "Ann")["total"]) == (200, 3)
    page = f"/games/{game['game']}/{game['tokens']['Ann']}"
    board = client.get(f"{page}/board").get_data(as_text=True)
    small_box = re.search(r'<g class="again" data-row="red" data-index="0"[^>]*>', board)
    assert small_box and 'data-crossed="true"' in small_box[0] and "hx-post" not in small_box[0]
    field = re.search(r'<g class="field[^"]*" data-row="red" data-index="0"[^>]*>', board)
    assert field and "&#34;kind&#34;: &#34;cross&#34;" in field[0]
    words = "Ann, red: the 2 and the small box under it are crossed already"
    for kind in ("cross", "again"):
        refused = _move(client, game, "Ann", kind=kind, row="red", index=0)
        assert (refused.status_code, refused.get_json()) == (409, {"error": words})
    tapped = client.post(
        f"{page}/move",
        data={"kind": "cross", "row": "red", "index": "0"},
        headers={"X-CSRF-Token": token(client)},
    )
    assert tapped.status_code == 409
    assert re.search(r"data-message>([^<]*)<", tapped.get_data(as_text=True))[1] == words
    state = client.get(f"/api/games/{game['game']}").get_json()
    assert (state["players"][0]["crossed"]["red"], state["players"][0]["again"]) == (
        [0],
        {"red": [0], "yellow": [], "green": [], "blue": []},
    )


def test_the_active_player_crosses_nothing_after_their_penalty(client: FlaskClient) -> None:
    """RULES.md §1 Penalties, §6 Table play: a penalty says the active player crossed nothing
    in either action, so a white + colour sum tapped after it is refused (409, one line);
    the others still cross the white sum, and an undone penalty frees the cross."""
    game = _game(client)
    assert _act(client, game, "Ann", "roll", 1).status_code == 200
    assert _move(client, game, "Ann", kind="penalty").status_code == 200
    refused = _move(client, game, "Ann", kind="cross", row="red", index=4)
    assert (refused.status_code, refused.get_json()) == (
        409,
        {
            "error": "Ann, you took a penalty this turn: a penalty is only for a turn with "
            "nothing crossed, so you cross nothing more this turn (undo the penalty to cross)"
        },
    )
    assert _move(client, game, "Ben", kind="cross", row="red", index=4).status_code == 200
    state = client.get(f"/api/games/{game['game']}").get_json()
    ann, ben = state["players"][0], state["players"][1]
    assert (ann["crossed"]["red"], ann["penalties"], ann["total"]) == ([], 1, -5)
    assert ben["crossed"]["red"] == [4]
    assert _move(client, game, "Ann", kind="undo").status_code == 200
    crossed = _move(client, game, "Ann", kind="cross", row="red", index=4)
    assert (crossed.status_code, _me(crossed, "Ann")["total"]) == (200, 1)


def test_back_names_the_player_it_returns_to_only_once_someone_has_passed(
    client: FlaskClient,
) -> None:
    game = _game(client)
    host = f"/games/{game['game']}/{game['tokens']['host']}"
    start = client.get(host).get_data(as_text=True)
    back = re.search(r'<button[^>]*data-action="back"[^>]*>([^<]*)</button>', start)
    assert back is not None and back.group(1) == "Back" and " disabled>" in back.group(0)
    _act(client, game, "Ann", "next", 1)
    later = client.get(host).get_data(as_text=True)
    back = re.search(r'<button[^>]*data-action="back"[^>]*>([^<]*)</button>', later)
    assert back is not None and back.group(1) == "Back to Ann" and "disabled" not in back.group(0)


def _offered(client: FlaskClient, game: dict[str, Any], who: str) -> tuple[int, int]:
    """On ``who``'s page, their own sheet's tappable fields and the fields outlined as the
    dice's (``data-legal="true"``, class ``hinted``), counted in its SVG."""
    page = client.get(f"/games/{game['game']}/{game['tokens'][who]}").get_data(as_text=True)
    own = re.search(rf'<section class="player own" data-player="{who}">(.*?)</section>', page, re.S)
    assert own is not None
    sheet = own[1]
    return sheet.count('data-legal="true"'), len(re.findall(r'class="field[^"]*hinted', sheet))


def test_after_their_penalty_the_active_players_sheet_offers_no_field(
    client: FlaskClient,
) -> None:
    """The board's taps and outlines are the game's verdicts (Game.can_play, the penalty
    rule of RULES.md §6 Table play included): nothing is offered that a tap would have
    refused with a 409, before the penalty everything the sheet allows is."""
    game = _game(client)
    assert _act(client, game, "Ann", "roll", 1).status_code == 200
    legal, hinted = _offered(client, game, "Ann")
    assert legal > 0 and hinted > 0
    state = _move(client, game, "Ann", kind="penalty")
    assert _offered(client, game, "Ann") == (0, 0)
    ann = _me(state, "Ann")
    assert (ann["legal"], ann["dice_allow"]) == ([], [])
    assert _offered(client, game, "Ben")[0] > 0  # the others still cross the white sum
    assert _me(_move(client, game, "Ann", kind="undo"), "Ann")["legal"] != []
    assert _offered(client, game, "Ann") == (legal, hinted)


class _StatusItems(HTMLParser):
    """The items of the board's status line as the page lays them out: ``.status`` is a
    flex box, so each child element and each bare text between them is an item of its
    own, set apart by the gap (a bare ":" or "." would stand alone)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # 0: outside .status; 1: in it; 2+: in one of its children
        self.items: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0 and ("class", "status") in attrs:
            self.depth = 1
        elif self.depth:
            if self.depth == 1:
                self.items.append("")
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth == 1 and data.strip():
            self.items.append(data)  # a bare text: an item of its own
        elif self.depth > 1:
            self.items[-1] += data


def _status(page: str) -> list[str]:
    parsed = _StatusItems()
    parsed.feed(page)
    return [" ".join(item.split()) for item in parsed.items]


def test_no_penalty_once_another_players_lock_has_ended_the_game(client: FlaskClient) -> None:
    """RULES.md §1 End: the game ends at once at the 2nd closed colour, so the active
    player's Penalty is refused and greyed, while the roll's crosses may be finished (§6);
    the page's lines say it in one voice (a newcomer's findings)."""
    game = _game(client)
    for index in (0, 1, 2, 3, 4, 10):  # Ben locks red in Ann's turn
        _move(client, game, "Ben", kind="cross", row="red", index=index)
    for _ in NAMES:  # red closes as the dice pass on; Ann is active again
        state = client.get(f"/api/games/{game['game']}").get_json()
        _act(client, game, state["active"], "next", state["turn"])
    assert (state["active"], state["closed"]) == ("Cid", ["red"])
    for index in (0, 1, 2, 3, 4, 10):  # Ben locks green in Ann's turn: the game is over
        locked = _move(client, game, "Ben", kind="cross", row="green", index=index)
    assert locked.get_json()["over"] is True
    anns = client.get(f"/api/games/{game['game']}/{game['tokens']['Ann']}")
    assert _me(anns, "Ann")["can_penalty"] is False
    refused = _move(client, game, "Ann", kind="penalty")
    assert (refused.status_code, refused.get_json()) == (
        409,
        {
            "error": "Ann, the game is over (red and green are closed): no penalty is taken "
            "after the end"
        },
    )
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert 'data-action="penalty" disabled>Penalty</button>' in page
    assert _status(page) == [
        "Game over: red and green are closed.",
        'Finish this roll\'s crosses, then "Next player" closes every sheet.',
        "Closed: red; green closes for everyone when the dice pass on.",
    ]
    crossed = _move(client, game, "Ann", kind="cross", row="yellow", index=0)
    assert (crossed.status_code, _me(crossed, "Ann")["penalties"]) == (200, 0)
    _act(client, game, "Ann", "next", state["turn"] + 1)
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert _status(page) == ["Game over: red and green are closed."]  # not said twice


def test_the_status_line_says_who_rolls_and_what_closes_next(client: FlaskClient) -> None:
    game = _game(client)
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert _status(page) == ["Ann rolls."]
    for index in (0, 1, 2, 3, 4, 10):
        _move(client, game, "Ben", kind="cross", row="blue", index=index)
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert _status(page) == ["Ann rolls.", "Blue closes for everyone when the dice pass on."]


def test_the_new_game_form_shows_every_problem_of_its_names_at_once(client: FlaskClient) -> None:
    """A newcomer's finding: "Ann, Ann, Zoë 🎲" was refused for the emoji only, and the
    repeated name came up on the next try. Every problem, one line each, in one answer."""
    names = ["Ann", "Ann", "Zoë 🎲", "x" * 41]
    problems = [
        "the name 'Zoë 🎲' cannot be printed on the filled-in sheets: the font has no glyph "
        "for '🎲' (U+1F3B2)",
        f"the name '{'x' * 40}' must be at most 40 characters",
        "the name 'Ann' is used twice: give every player their own",
    ]
    answer = client.post(
        "/games", data={"layout": "classic", "name": names, "csrf_token": token(client)}
    )
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    shown = re.findall(r'<p class="error" data-error="400">([^<]*)</p>', page)
    assert shown == [line.replace("'", "&#39;") for line in problems]
    assert 'value="Zoë 🎲"' in page
    api = client.post("/api/games", json={"layout": "classic", "players": names})
    assert (api.status_code, api.get_json()) == (400, {"error": "; ".join(problems)})


def test_an_undo_that_reopens_the_game_is_told_on_every_page(client: FlaskClient) -> None:
    """RULES.md §6 "An undo after the end": undoing the lock that made the 2nd closed colour
    reopens the game; every page then says so and who did it (a newcomer saw the ranking
    vanish from the others' pages with no word why), until the next move."""
    game = _game(client)
    for index in (0, 1, 2, 3, 4, 10):  # Ben locks red in Ann's turn
        _move(client, game, "Ben", kind="cross", row="red", index=index)
    for _ in NAMES:
        state = client.get(f"/api/games/{game['game']}").get_json()
        _act(client, game, state["active"], "next", state["turn"])
    for index in (0, 1, 2, 3, 4, 10):  # Ben locks green: the game is over
        _move(client, game, "Ben", kind="cross", row="green", index=index)
    assert client.get(f"/api/games/{game['game']}").get_json()["over"] is True
    assert _move(client, game, "Ben", kind="undo").status_code == 200
    said = "The game goes on: Ben took back the move that had ended it (red and green are closed)."
    for who in ("Ann", "Cid", "host"):
        page = client.get(f"/games/{game['game']}/{game['tokens'][who]}").get_data(as_text=True)
        assert _status(page) == [said, "Ann rolls.", "Closed: red."], who
    _move(client, game, "Cid", kind="cross", row="yellow", index=0)
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
    assert _status(page) == ["Ann rolls.", "Closed: red."]
