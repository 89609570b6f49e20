"""The penalty at a table (RULES.md §1 Penalties, §6 Table play): only the active player takes
it, having crossed nothing this turn, once a turn; one refusal
(:func:`qwixx_print.rules.penalty_refusal`) for the web table and for a game log, which
``qwixx-print score`` refuses at its first illegal penalty. The end by hand: ``{end: by
hand}``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from qwixx_print import api, rules
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Game, Move
from qwixx_print.play import log as playlog
from qwixx_print.play.sheet import Sheet

PENALTY = Move("penalty")


def _table() -> Game:
    return Game(api.checked("classic"), ["Léa", "Sam"], table=True)


def test_the_refusal_names_the_rule_it_breaks() -> None:
    assert rules.penalty_refusal("Léa", "Léa", []) is None
    assert rules.penalty_refusal("Léa", "Léa", ["concede red", "finish"]) is None
    assert rules.penalty_refusal("Sam", "Léa", []) == (
        "only the active player (Léa) takes a penalty, when they cross nothing"
    )
    assert rules.penalty_refusal("Léa", "Léa", ["penalty"]) == (
        "a penalty box is crossed once a turn: you crossed one this turn already"
    )
    assert rules.penalty_refusal("Léa", "Léa", ["cross red 3", "penalty"]) == (
        "a penalty box is crossed once a turn: you crossed one this turn already"
    )
    assert rules.penalty_refusal("Léa", "Léa", ["again red 3"]) == (
        "you crossed something this turn (again red 3): a penalty is only for a turn with "
        "nothing crossed"
    )


def test_the_table_engine_asks_the_refusal_for_every_penalty() -> None:
    game = _table()
    with pytest.raises(RuleViolation) as refused:
        game.play("Sam", PENALTY)
    assert str(refused.value) == (
        "Sam, only the active player (Léa) takes a penalty, when they cross nothing"
    )
    game.play("Léa", Move("cross", "red", 0))
    assert game.can_play("Léa", PENALTY).reason.startswith("you crossed something this turn")
    game.end_turn()
    game.play("Sam", PENALTY)
    assert not game.can_play("Sam", PENALTY)
    assert game.moves_this_turn("Sam") == [PENALTY]
    assert (game.sheets["Sam"].penalties, game.steps) == (1, {"Léa": 1, "Sam": 1})


def test_the_value_track_leaves_the_penalty_to_its_rule() -> None:
    game = Game(api.checked("lucky-15"), ["Léa", "Sam"], table=True)
    assert not game.can_play("Sam", PENALTY)
    assert game.can_play("Léa", PENALTY)


AFTER_PENALTY = (
    "you took a penalty this turn: a penalty is only for a turn with nothing crossed, so you "
    "cross nothing more this turn (undo the penalty to cross)"
)


def test_the_refusal_of_a_cross_after_a_penalty() -> None:
    """RULES.md §1 Penalties: the active player's penalty says they crossed nothing in either
    action of the turn, so no cross of theirs follows it in that turn (§6 Table play)."""
    for kind in ("cross", "again", "bonus", "swap", "lucky", "track", "square"):
        assert rules.penalty_refusal("Léa", "Léa", ["penalty"], kind) == AFTER_PENALTY
    assert rules.penalty_refusal("Léa", "Léa", [], "cross") is None
    assert rules.penalty_refusal("Léa", "Léa", ["penalty"], "concede") is None
    assert rules.penalty_refusal("Sam", "Léa", ["cross red 2"], "cross") is None


def test_the_active_player_crosses_nothing_after_their_penalty_until_they_undo_it() -> None:
    game = _table()
    game.roll(white=(1, 2), colours={"red": 3, "yellow": 1, "green": 1, "blue": 1})
    game.play("Léa", PENALTY)
    for move in (Move("cross", "red", 1), Move("cross", "red", 4)):  # white 3, white + red 6
        with pytest.raises(RuleViolation) as refused:
            game.play("Léa", move)
        assert str(refused.value) == f"Léa, {AFTER_PENALTY}"
    game.play("Sam", Move("cross", "red", 1))  # the others still cross the white sum
    assert (game.sheets["Léa"].crossed("red"), game.sheets["Léa"].penalties) == ((), 1)
    game.undo("Léa")
    game.play("Léa", Move("cross", "red", 4))
    assert game.sheets["Léa"].score().total == 1
    game.end_turn()
    game.play("Léa", Move("cross", "red", 5))  # Sam's turn: Léa takes the white sum
    game.play("Sam", PENALTY)
    assert not game.can_play("Sam", Move("cross", "red", 5))


def test_an_acknowledged_log_replays_a_cross_after_a_penalty_and_refuses_a_new_one() -> None:
    """RULES.md §6 "Stored moves": a web game's stored log replays its moves as they were
    acknowledged (the sheet's rules only), a log to score faces the rule of the turn."""
    data = {
        "game-log": 1,
        "layout": "classic",
        "players": ["Léa", "Sam"],
        "table": True,
        "moves": [{"player": "Léa", "move": "penalty"}, {"player": "Léa", "move": "cross red 4"}],
    }
    with pytest.raises(playlog.GameLogError) as refused:
        playlog.from_data(data)
    assert str(refused.value) == f"log.json: move 2: Léa, {AFTER_PENALTY}"
    game = playlog.from_data(data, acknowledged=True)
    assert (game.sheets["Léa"].crossed("red"), game.sheets["Léa"].score().total) == ((4,), -4)
    assert game.can_play("Léa", Move("cross", "red", 5)).reason == AFTER_PENALTY
    with pytest.raises(playlog.GameLogError) as sheet_rule:  # the sheet's rules still hold
        playlog.extend(game, [{"player": "Léa", "move": "cross red 2"}], "log.json", True)
    assert str(sheet_rule.value) == "log.json: move 3: Léa, red: 4 is left of your last cross (6)"


def test_no_value_track_cross_after_a_penalty() -> None:
    game = Game(api.checked("lucky-15"), ["Léa", "Sam"], table=True)
    game.play("Léa", PENALTY)
    assert game.can_play("Léa", Move("track", None, 0)).reason == AFTER_PENALTY


def _log(moves: list[str], tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    lines = "\n".join(f"  - {move}" for move in moves)
    path.write_text(
        f"game-log: 1\nlayout: classic\nplayers: [Léa, Sam]\ntable: true\nmoves:\n{lines}\n",
        encoding="utf-8",
    )
    return path


def _score(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "qwixx_print", "score", path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("moves", "refusal"),
    [
        (  # Sam's penalty while Léa is active
            ["{player: Sam, move: penalty}"],
            "game.yaml:6: move 1: Sam, only the active player (Léa) takes a penalty, when they "
            "cross nothing",
        ),
        (  # two penalties of Léa after her cross: the first is refused
            [
                "{player: Léa, move: cross red 0}",
                "{player: Léa, move: penalty}",
                "{player: Léa, move: penalty}",
            ],
            "game.yaml:7: move 2: Léa, you crossed something this turn (cross red 0): a penalty "
            "is only for a turn with nothing crossed",
        ),
        (  # Léa's white + colour sum after her penalty: refused at that move
            [
                "{roll: {white: [1, 2], red: 3, yellow: 1, green: 1, blue: 1}}",
                "{player: Léa, move: penalty}",
                "{player: Sam, move: cross red 1}",
                "{player: Léa, move: cross red 4}",
            ],
            f"game.yaml:9: move 4: Léa, {AFTER_PENALTY}",
        ),
    ],
)
def test_score_refuses_a_log_at_its_first_illegal_penalty(
    tmp_path: Path, moves: list[str], refusal: str
) -> None:
    done = _score(_log(moves, tmp_path))
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"qwixx-print: {refusal}\n")


def test_score_takes_a_penalty_in_its_own_turn_and_the_end_by_hand(tmp_path: Path) -> None:
    moves = [
        "{player: Léa, move: cross red 0}",
        "{next: Sam}",
        "{player: Sam, move: penalty}",
        "{end: by hand}",
    ]
    done = _score(_log(moves, tmp_path))
    assert done.returncode == 0, done.stderr
    assert "Léa" in done.stdout and "-5" in done.stdout


def test_the_end_by_hand_holds_through_undo_and_is_logged() -> None:
    game = _table()
    game.play("Léa", Move("cross", "red", 0))
    game.end()
    assert game.over and game.why_over == "the game was ended by hand"
    game.undo("Léa")
    assert game.over and not game.can_undo_turn()
    with pytest.raises(RuleViolation):
        game.end()
    replayed = playlog.from_data(playlog.to_data(game))
    assert replayed.entries[1] == {"end": "by hand"}
    assert replayed.over and replayed.sheets["Léa"].score().total == 0


def test_a_lone_sheets_log_passes_the_turn_before_a_penalty_after_crosses() -> None:
    sheet = Sheet(api.checked("classic"))
    sheet.cross("red", 0)
    sheet.penalty()
    sheet.penalty()
    game = playlog.sheet_game(sheet)
    assert game.sheets["player"].penalties == 2
    assert [entry for entry in game.entries if "next" in entry] == [
        {"next": "player"},
        {"next": "player"},
    ]


OVER = "the game is over (red and yellow are closed): no penalty is taken after the end"


def test_no_penalty_is_taken_once_the_game_is_over() -> None:
    """RULES.md §1 End: the game ends at once at the 2nd closed colour. At a table the
    others' sheets close when the dice pass on (§6 Table play), so they finish the roll's
    crosses, but the active player's penalty is refused from the moment the game is over."""
    assert rules.penalty_refusal("Léa", "Léa", [], over="red and yellow are closed") == OVER
    assert rules.penalty_refusal("Léa", "Léa", [], "cross", "red and yellow are closed") is None
    game = _table()
    for row in ("red", "yellow"):  # Sam, not active, locks a 2nd colour in Léa's turn
        for index in (0, 1, 2, 3, 4, 10):
            game.play("Sam", Move("cross", row, index))
    assert (game.over, game.active, game.closed) == (True, "Léa", frozenset())
    assert game.can_play("Léa", PENALTY).reason == OVER
    with pytest.raises(RuleViolation) as refused:
        game.play("Léa", PENALTY)
    assert str(refused.value) == f"Léa, {OVER}"
    game.play("Léa", Move("cross", "red", 3))  # this roll's cross is still finished
    assert (game.sheets["Léa"].penalties, game.sheets["Léa"].crossed("red")) == (0, (3,))
    game.undo("Sam")  # the yellow lock undone: the game goes on, the penalty rule as before
    assert not game.over
    assert game.can_play("Léa", PENALTY).reason.startswith("you crossed something this turn")


def test_score_refuses_a_log_with_a_penalty_after_the_end(tmp_path: Path) -> None:
    locks = [
        f"{{player: Sam, move: cross {row} {index}}}"
        for row in ("red", "yellow")
        for index in (0, 1, 2, 3, 4, 10)
    ]
    done = _score(_log([*locks, "{player: Léa, move: penalty}"], tmp_path))
    assert (done.returncode, done.stderr) == (
        2,
        f"qwixx-print: game.yaml:18: move 13: Léa, {OVER}\n",
    )


def test_a_sheet_names_its_closed_colours_in_the_order_of_the_dice() -> None:
    sheet = Sheet(api.checked("classic"))
    for row in ("green", "red"):
        for index in (0, 1, 2, 3, 4, 10):
            sheet.cross(row, index)
    assert sheet.why_over == "red and green are closed"
