"""The score counter on the sheets of RULES.md §4 with Flask's test client: each new move
(a Big Points bonus cell, an X-Change swap, a Longo lucky cross, a Connected link) accepted,
refused with the engine's reason and undone; the players' own sheets dealt from the game's
stored seed; games with the new moves replayed after a restart; the page's hooks; the
filled-in sheets the bytes ``qwixx-print score`` writes for the same marks."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from qwixx_print import catalogue, dealing
from qwixx_print.web import create_app
from qwixx_print.web.sqlite import SQLiteStore
from tests.conftest import Run
from tests.web.test_web_counter import in_document, new_game, tap


def player(client: FlaskClient, game: dict[str, Any], name: str) -> dict[str, Any]:
    """``name``'s entry of the game as their own link sees it."""
    state = client.get(f"/api/games/{game['game']}/{game['tokens'][name]}").get_json()
    found: dict[str, Any] = next(p for p in state["players"] if p["name"] == name)
    return found


def refusal(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.get_json()["error"]


def test_a_big_points_bonus_cell_is_crossed_refused_with_the_engines_reason_and_undone(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Ann", "Ben"], "big-points")
    tap(client, game, "Ann", kind="cross", row="red", index=0)  # the red 2
    assert player(client, game, "Ann")["legal_bonus"] == [["red-yellow", 0]]
    answer = tap(client, game, "Ann", kind="bonus", row="red-yellow", index=0)
    assert answer.status_code == 200
    ann = player(client, game, "Ann")
    assert ann["bonus"] == {"red-yellow": [0], "green-blue": []}
    assert ann["points"] == {"red": 3, "yellow": 1, "green": 0, "blue": 0}  # both rows count it
    assert ann["total"] == 4
    assert refusal(tap(client, game, "Ann", kind="bonus", row="red-yellow", index=1)) == (
        409,
        "Ann, red-yellow: the bonus cell 3 needs the 3 crossed in red or in yellow",
    )
    assert refusal(tap(client, game, "Ann", kind="bonus", row="red-yellow", index=0)) == (
        409,
        "Ann, red-yellow: the bonus cell 2 is crossed already",
    )
    assert tap(client, game, "Ann", kind="undo").status_code == 200
    ann = player(client, game, "Ann")
    assert ann["bonus"] == {"red-yellow": [], "green-blue": []} and ann["total"] == 1
    assert player(client, game, "Ben")["bonus"] == {"red-yellow": [], "green-blue": []}


def test_an_x_change_swap_is_made_refused_with_the_engines_reason_and_undone(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Ann"], "x-change")
    assert [0, "red", 3] in player(client, game, "Ann")["legal_swaps"]  # 8/5 with the red 5
    answer = tap(client, game, "Ann", kind="swap", diamond=0, row="red", index=3)
    assert answer.status_code == 200
    ann = player(client, game, "Ann")
    assert ann["diamonds"] == [0] and ann["crossed"]["red"] == [3] and ann["total"] == 1
    assert refusal(tap(client, game, "Ann", kind="swap", diamond=0, row="red", index=6)) == (
        409,
        "Ann, red: the diamond 8/5 is crossed already",
    )
    assert refusal(tap(client, game, "Ann", kind="swap", diamond=1, row="red", index=4)) == (
        409,
        "Ann, red: the diamond 9/7 swaps 9 and 7, not the 6",
    )
    assert tap(client, game, "Ann", kind="undo").status_code == 200
    ann = player(client, game, "Ann")
    assert ann["diamonds"] == [] and ann["crossed"]["red"] == [] and ann["total"] == 0
    assert tap(client, game, "Ann", kind="redo").get_json()["players"][0]["diamonds"] == [0]


def test_a_longo_lucky_cross_is_made_refused_with_the_engines_reason_and_undone(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Ann", "Ben"], "longo")
    tap(client, game, "Ann", kind="cross", row="red", index=0)
    assert player(client, game, "Ann")["lucky_fields"] == [["blue", 0], ["green", 0], ["yellow", 0]]
    assert refusal(tap(client, game, "Ann", kind="lucky", row="red")) == (
        409,
        "Ann, red: a lucky cross goes to the next free field of an open row with the fewest "
        "crosses (yellow, green, blue)",
    )
    assert tap(client, game, "Ann", kind="lucky", row="yellow").status_code == 200
    ann = player(client, game, "Ann")
    assert ann["crossed"] == {"red": [0], "yellow": [0], "green": [], "blue": []}
    assert ann["lucky_fields"] == [["blue", 0], ["green", 0]]
    assert tap(client, game, "Ann", kind="undo").status_code == 200
    assert player(client, game, "Ann")["crossed"]["yellow"] == []


def test_a_connected_chain_cross_crosses_its_partner_and_undo_takes_both_back(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Ann"], "connected")  # slip A links red 6 and yellow 6
    tap(client, game, "Ann", kind="cross", row="red", index=4)
    assert player(client, game, "Ann")["crossed"] == {
        "red": [4],
        "yellow": [4],
        "green": [],
        "blue": [],
    }
    tap(client, game, "Ann", kind="undo")
    assert player(client, game, "Ann")["crossed"]["yellow"] == []


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            {"kind": "swap", "row": "red", "index": 3},
            "diamond is missing: swap names a diamond, a row and an index",
        ),
        ({"kind": "swap", "diamond": "x", "row": "red", "index": 3}, "diamond must be a whole"),
        ({"kind": "lucky"}, "row is missing: lucky names a row"),
        ({"kind": "bonus", "row": "red-yellow"}, "index is missing: bonus names a row and an"),
    ],
)
def test_a_new_move_missing_what_it_names_is_a_400_naming_the_key(
    client: FlaskClient, body: dict[str, object], error: str
) -> None:
    game = new_game(client, ["Ann"], "x-change")
    answer = tap(client, game, "Ann", **body)
    assert answer.status_code == 400 and answer.get_json()["error"].startswith(error)


def test_a_move_a_sheet_has_no_place_for_gets_the_engines_reason(client: FlaskClient) -> None:
    game = new_game(client, ["Ann"], "classic")
    assert refusal(tap(client, game, "Ann", kind="swap", diamond=0, row="red", index=3)) == (
        409,
        "Ann, red: this sheet has no diamonds",
    )
    assert refusal(tap(client, game, "Ann", kind="lucky", row="red")) == (
        409,
        "Ann, red: this sheet has no lucky numbers",
    )
    assert refusal(tap(client, game, "Ann", kind="bonus", row="red", index=0)) == (
        409,
        "Ann, red: is not a bonus row (bonus rows: none)",
    )


def stored_sheets(app: Flask, game_id: str) -> dict[str, Any] | None:
    stored = app.extensions["qwixx_store"].game(game_id)
    assert stored is not None
    return stored.sheets


def test_players_get_their_own_slips_and_lucky_numbers_stored_with_the_game(
    app: Flask, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    client = app.test_client()
    names = ["Ann", "Ben", "Cid", "Dee", "Eva"]
    chain = new_game(client, names, "connected-chain")
    state = client.get(f"/api/games/{chain['game']}").get_json()
    assert [p["slip"] for p in state["players"]] == ["A", "B", "C", "D", "E"]
    assert stored_sheets(app, chain["game"]) == {
        n: {"slip": s} for n, s in zip(names, "ABCDE", strict=True)
    }
    longo = new_game(client, names[:3], "longo")
    state = client.get(f"/api/games/{longo['game']}").get_json()
    lucky = [p["lucky"] for p in state["players"]]
    assert stored_sheets(app, longo["game"]) == {
        n: {"lucky": numbers} for n, numbers in zip(names, lucky, strict=False)
    }
    assert len({tuple(numbers) for numbers in lucky}) == 3
    assert stored_sheets(app, new_game(client, names, "classic")["game"]) is None
    # the stored sheets are the players', whatever the dealing would deal now
    monkeypatch.setattr(dealing, "lucky_sets", lambda *args: [(3, 4)] * 3)
    restarted = create_app(tmp_path / "web.sqlite3").test_client()
    again = restarted.get(f"/api/games/{longo['game']}").get_json()
    assert [p["lucky"] for p in again["players"]] == lucky
    page = client.get(f"/games/{longo['game']}/{longo['tokens']['Ben']}").get_data(as_text=True)
    own = in_document(page.split('<section class="player own"')[1].split("</section>")[0])
    shown = [int(n) for n in re.findall(r'data-lucky-number="(\d+)"', own)]
    assert shown == state["players"][1]["lucky"]
    page = client.get(f"/games/{chain['game']}/{chain['tokens']['Cid']}").get_data(as_text=True)
    own = in_document(page.split('<section class="player own"')[1].split("</section>")[0])
    assert re.findall(r'data-slip="(\w)"', own) == ["C"]
    assert re.findall(r'data-link="([^"]+)"', own)[0] == "red 1 yellow 1"  # C: R3-Y3


NEW_MOVES = {
    "big-points": [
        {"kind": "cross", "row": "green", "index": 2},
        {"kind": "bonus", "row": "green-blue", "index": 2},
    ],
    "x-change": [{"kind": "swap", "diamond": 2, "row": "yellow", "index": 1}],
    "longo": [{"kind": "lucky", "row": "blue"}, {"kind": "lucky", "row": "red"}],
    "connected-chain": [{"kind": "cross", "row": "green", "index": 4}],
    "connected-steps": [{"kind": "cross", "row": "yellow", "index": 3}],
}
"""Moves of each new sheet, made by the second player (whose own sheet differs from the
layout's first)."""


def test_games_with_the_new_moves_replay_after_a_restart(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    games, before = {}, {}
    for sheet, moves in NEW_MOVES.items():
        game = games[sheet] = new_game(client, ["Ann", "Ben"], sheet)
        assert tap(client, game, "Ann", kind="penalty").status_code == 200  # the active one
        for move in moves:
            assert tap(client, game, "Ben", **move).status_code == 200, (sheet, move)
        assert tap(client, game, "Ann", kind="undo").status_code == 200
        before[sheet] = client.get(f"/api/games/{game['game']}").get_json()
    restarted = create_app(tmp_path / "web.sqlite3").test_client()
    for sheet, game in games.items():
        after = restarted.get(f"/api/games/{game['game']}").get_json()
        assert after == before[sheet], sheet
        assert after["moves"] == len(NEW_MOVES[sheet]) + 2
    ben = {sheet: before[sheet]["players"][1] for sheet in games}
    assert ben["big-points"]["bonus"]["green-blue"] == [2]
    assert ben["x-change"]["diamonds"] == [2] and ben["x-change"]["crossed"]["yellow"] == [1]
    assert ben["longo"]["crossed"]["blue"] == [0] and ben["longo"]["crossed"]["red"] == [0]
    assert ben["connected-chain"]["slip"] == "B"  # B links green 8 and blue 8
    assert ben["connected-chain"]["crossed"]["blue"] == [4]
    assert ben["connected-steps"]["framed_points"] == 1


def test_a_database_from_before_own_sheets_gains_the_column_and_its_games_replay(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE games (id TEXT PRIMARY KEY, layout TEXT NOT NULL, host TEXT NOT NULL,
            created REAL NOT NULL);
        CREATE TABLE players (token TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER NOT NULL,
            name TEXT NOT NULL, UNIQUE (game, seat));
        CREATE TABLE entries (game TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,
            PRIMARY KEY (game, seq));
        INSERT INTO games VALUES ('old', 'longo', 'hosttoken', 0);
        INSERT INTO players VALUES ('annstoken', 'old', 0, 'Ann');
        """
    )
    db.execute(
        "INSERT INTO entries VALUES ('old', 0, ?)",
        (json.dumps({"player": "Ann", "move": "cross red 0"}),),
    )
    db.commit()
    db.close()
    client = create_app(path).test_client()
    ann = client.get("/api/games/old/annstoken").get_json()["players"][0]
    assert ann["crossed"]["red"] == [0] and "lucky" not in ann  # the layout's first sheet
    stored = SQLiteStore(path).game("old")
    assert stored is not None and stored.sheets is None and stored.names == ("Ann",)


def test_the_own_page_offers_the_new_marks_to_tap(client: FlaskClient) -> None:
    def own_sheet(sheet: str) -> str:
        game = new_game(client, ["Ann", "Ben"], sheet)
        page = client.get(f"/games/{game['game']}/{game['tokens']['Ann']}").get_data(as_text=True)
        own, other = page.split('<section class="player')[1:3]
        assert 'role="button"' not in other
        return in_document(own)

    own = own_sheet("big-points")
    cells = re.findall(r'<g class="bonus-cell[^"]*" data-bonus-row="([\w-]+)"[^>]*hx-post', own)
    assert cells == ["red-yellow"] * 11 + ["green-blue"] * 11
    assert "&#34;kind&#34;: &#34;bonus&#34;" in own
    own = own_sheet("x-change")
    diamonds = re.findall(r'data-diamond="(\d)" data-numbers="(\d+/\d+)"[^>]*role="button"', own)
    assert diamonds[:2] == [("0", "8/5"), ("1", "9/7")] and len(diamonds) == 9
    assert 'data-row="red" data-index="3" data-number="5"' in own
    assert re.search(r'data-index="3" data-number="5"[^>]* data-swaps="0 6"', own)  # 8/5, 10/5
    own = own_sheet("longo")
    assert len(re.findall(r'<g class="lucky legal" data-lucky-number="\d+"', own)) == 2
    assert own.count('data-lucky="true"') == 4  # the first field of every row
    own = own_sheet("connected-steps")
    assert own.count('stroke-dasharray="0.42 0.28"') == 11  # the PDF's 1.2 0.8 pt


def filled_by_score(run: Run, tmp_path: Path, marks: dict[str, Any]) -> bytes:
    path, out = tmp_path / "marks.json", tmp_path / "filled.pdf"
    path.write_text(json.dumps(marks), encoding="utf-8")
    result = run("score", str(path), "--out", str(out))
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def test_the_filled_in_sheets_of_a_finished_game_show_the_new_marks_as_score_draws_them(
    client: FlaskClient, run: Run, tmp_path: Path
) -> None:
    plays: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
        "big-points": (
            NEW_MOVES["big-points"],
            {"crosses": {"green": [10]}, "bonus": {"green-blue": [10]}},
        ),
        "x-change": (NEW_MOVES["x-change"], {"crosses": {"yellow": [3]}, "diamonds": ["11/3"]}),
        "longo": (NEW_MOVES["longo"], {"crosses": {"blue": [16], "red": [2]}}),
        "connected-chain": (  # slip A links yellow 8 and green 6
            [{"kind": "cross", "row": "green", "index": 6}],
            {"crosses": {"green": [6], "yellow": [8]}},
        ),
    }
    for sheet, (moves, marks) in plays.items():
        game = new_game(client, ["Ann"], sheet)
        for move in moves:
            assert tap(client, game, "Ann", **move).status_code == 200, (sheet, move)
        host = game["host"].rsplit("/", 1)[1]  # the host's page ends the game by hand
        ended = client.post(f"/api/games/{game['game']}/{host}/finish", json={"turn": 1})
        assert ended.get_json()["over"], sheet
        ann = player(client, game, "Ann")
        if "lucky" in ann:
            marks["lucky"] = ann["lucky"]
        if "slip" in ann:
            marks["slip"] = ann["slip"]
        pdf = client.get(f"/games/{game['game']}/filled.pdf")
        assert pdf.status_code == 200
        expected = filled_by_score(
            run, tmp_path, {"layout": sheet, "players": [{"name": "Ann", **marks}]}
        )
        assert pdf.data == expected, sheet


def test_after_a_roll_the_diamonds_the_white_sum_allows_are_outlined(
    client: FlaskClient,
) -> None:
    game = new_game(client, ["Ann", "Ben"], "x-change")
    diamonds = catalogue.find("x-change").diamonds
    host = f"/api/games/{game['game']}/{game['host'].rsplit('/', 1)[1]}"
    for turn in range(1, 51):  # a white sum of 2 or 12 is on no diamond: roll again
        white = sum(client.post(f"{host}/roll", json={"turn": turn}).get_json()["dice"]["white"])
        if white not in (2, 12):
            break
        assert client.post(f"{host}/next", json={"turn": turn}).status_code == 200
    else:
        pytest.fail("50 rolls of 2 or 12")
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ben']}").get_data(as_text=True)
    for name in ("Ben", "Ann"):  # the white sum is everyone's (RULES.md §4 X-Change)
        sheet = page.split(f'data-player="{name}"')[1].split("</section>")[0]
        hinted = {
            int(k) for k in re.findall(r'class="diamond hinted[^"]*" data-diamond="(\d+)"', sheet)
        }
        assert hinted == {k for k, pair in enumerate(diamonds) if white in pair}, (name, white)
    # a used diamond and those left of it are not outlined (the engine's legal_swaps)
    first = min(k for k, pair in enumerate(diamonds) if white in pair)
    a, b = diamonds[first]
    other = b if white == a else a
    move = {"kind": "swap", "diamond": first, "row": "red", "index": other - 2}  # red: 2..12
    assert tap(client, game, "Ben", **move).status_code == 200
    page = client.get(f"/games/{game['game']}/{game['tokens']['Ben']}").get_data(as_text=True)
    sheet = page.split('data-player="Ben"')[1].split("</section>")[0]
    hinted = {
        int(k) for k in re.findall(r'class="diamond[^"]*hinted[^"]*" data-diamond="(\d+)"', sheet)
    }
    assert hinted == {k for k, pair in enumerate(diamonds) if white in pair and k > first}
