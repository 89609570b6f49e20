"""Game logs read by ``qwixx-print score`` (issue 11): a log scores like the marks file of
the same crosses, from a file or standard input, as a table, JSON or filled-in PDF."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pdfplumber

from qwixx_print import api
from qwixx_print.play import Game, Move
from qwixx_print.play import log as playlog
from tests.conftest import ROOT, Run

LEA = ROOT / "tests" / "data" / "marks" / "lea.yaml"


def lea_log() -> Game:
    """Seed 003's Léa (68) and Sam (6, red 3 and 4) played at the table, with a slip undone."""
    game = Game(api.checked("classic"), ["Léa", "Sam"], table=True)
    crosses = {
        "red": [0, 1, 3, 4, 6, 7],
        "yellow": [2, 3, 5, 6],
        "green": [0, 2, 3, 5, 7, 8, 10],
        "blue": [0, 3, 4],
    }
    for row, indexes in crosses.items():
        for i in indexes:
            game.play("Léa", Move("cross", row, i))
    game.play("Sam", Move("cross", "red", 1))
    game.play("Sam", Move("cross", "red", 3))
    game.undo("Sam")
    game.play("Sam", Move("cross", "red", 2))
    game.end_turn()
    game.end_turn()  # Léa's turn again: she crosses nothing (RULES.md §1 Penalties)
    game.play("Léa", Move("penalty"))
    return game


def test_a_log_scores_as_the_marks_file_of_the_same_crosses(run: Run, tmp_path: Path) -> None:
    log = tmp_path / "game.yaml"
    log.write_text(playlog.dumps(lea_log()), encoding="utf-8")
    from_log = run("score", str(log), "--json")
    from_marks = run("score", str(LEA), "--json")
    assert from_log.exit_code == 0, from_log.stderr
    assert json.loads(from_log.stdout) == json.loads(from_marks.stdout)
    assert json.loads(from_log.stdout)["ranking"][0] == {
        "place": 1, "name": "Léa", "total": 68, "tie": False
    }  # fmt: skip


def test_a_json_log_from_standard_input_scores_in_a_subprocess(tmp_path: Path) -> None:
    text = playlog.dumps(lea_log(), as_json=True)
    assert json.loads(text)["game-log"] == 1
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "score", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "   1. Léa    68" in done.stdout.decode("utf-8")


def test_a_log_draws_its_filled_in_sheets(run: Run, tmp_path: Path) -> None:
    log, pdf = tmp_path / "game.yaml", tmp_path / "filled.pdf"
    log.write_text(playlog.dumps(lea_log()), encoding="utf-8")
    result = run("score", str(log), "--out", str(pdf))
    assert result.exit_code == 0, result.stderr
    with pdfplumber.open(pdf) as doc:
        text = doc.pages[0].extract_text()
    assert "Léa" in text and "68" in text


DOCS = ROOT / "docs" / "play.md"


def test_docs_play_examples_run_as_written() -> None:
    import doctest

    result = doctest.testfile(
        str(DOCS), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert (result.failed, result.attempted > 15) == (0, True)


def test_docs_worked_example_log_scores_the_totals_the_docs_state(run: Run, tmp_path: Path) -> None:
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("```yaml\n")[1].split("```")[0]
    log = tmp_path / "example.yaml"
    log.write_text(block, encoding="utf-8")
    result = run("score", str(log), "--json")
    assert result.exit_code == 0, result.stderr
    totals = {p["name"]: p["total"] for p in json.loads(result.stdout)["players"]}
    assert totals == {"Léa": 32, "Sam": 35}
    assert "| Léa | 3 crosses, 6 | 0 | 7 locked, 28 | 2 crosses, 3 | 1, -5 | **32** |" in text
    assert "| Sam | 7 locked, 28 | 3 crosses, 6 | 1 cross, 1 | 0 | 0 | **35** |" in text
