"""`qwixx-print score`: RULES.md §1 worked examples, the variants of §2 and the refusals,
run through the CLI on marks files (docs/scoring.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from qwixx_print import catalogue
from tests.conftest import ROOT, Run

LAYOUTS = ROOT / "tests" / "data" / "layouts"
BAD = ROOT / "tests" / "data" / "bad" / "score"


def write_marks(folder: Path, layout: str, *players: dict[str, Any]) -> Path:
    path = folder / "marks.yaml"
    text = yaml.safe_dump({"layout": layout, "players": list(players)}, allow_unicode=True)
    path.write_text(text, encoding="utf-8")
    return path


def scored(run: Run, marks: Path) -> dict[str, Any]:
    result = run("score", str(marks), "--json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def player(data: dict[str, Any], index: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = data["players"][index]
    return found


def rows(data: dict[str, Any], index: int = 0) -> dict[str, tuple[int, bool, int]]:
    return {r["row"]: (r["crosses"], r["locked"], r["points"]) for r in player(data, index)["rows"]}


def test_seed_001_example_totals_74(run: Run, tmp_path: Path) -> None:
    marks = write_marks(
        tmp_path,
        "classic",
        {
            "name": "Anna",
            "crosses": {
                "red": [2, 3, 5, 6, 8, 9],
                "yellow": [4, 5, 7, 8],
                "green": [12, 11, 10, 9, 7, 5, 4, 2],
                "blue": [12, 9],
            },
            "penalties": 1,
        },
    )
    data = scored(run, marks)
    assert rows(data) == {
        "red": (6, False, 21),
        "yellow": (4, False, 10),
        "green": (9, True, 45),
        "blue": (2, False, 3),
    }
    assert (player(data)["penalty_points"], player(data)["total"]) == (-5, 74)


def test_seed_003_lea_totals_68_in_the_table(run: Run) -> None:
    result = run("score", str(ROOT / "tests" / "data" / "marks" / "lea.yaml"))
    assert result.exit_code == 0
    lea = result.stdout.split("\n\n")[0].splitlines()
    assert lea[0] == "Léa (classic)"
    assert re.fullmatch(r"\s+green\s+8 locked\s+36", lea[4])
    assert re.fullmatch(r"\s+penalties\s+1\s+-5", lea[6])
    assert re.fullmatch(r"\s+total\s+68", lea[7])
    ranking = result.stdout.split("ranking\n")[1].split()
    assert ranking == ["1.", "Léa", "68", "2.", "Sam", "3"]


def test_locked_row_with_six_numbers_scores_28_and_full_row_78(run: Run, tmp_path: Path) -> None:
    marks = write_marks(
        tmp_path,
        "classic",
        {"name": "Léa", "crosses": {"red": [3, 5, 7, 9, 11, 12], "blue": list(range(12, 1, -1))}},
    )
    data = scored(run, marks)
    assert rows(data)["red"] == (7, True, 28)
    assert rows(data)["blue"] == (12, True, 78)
    assert player(data)["total"] == 106


def test_doppelt_row_with_four_doubles_counts_16_crosses_136(run: Run, tmp_path: Path) -> None:
    marks = write_marks(
        tmp_path,
        "doppelt",
        {"name": "Léa", "crosses": {"green": list(range(12, 1, -1)), "red": [3, 5, 9]}},
    )
    data = scored(run, marks)
    assert rows(data)["green"] == (16, True, 136)
    assert rows(data)["red"] == (6, False, 21)  # three doubles: 6 crosses


def test_doppelt_lock_needs_7_crosses_doubles_counting_2(run: Run, tmp_path: Path) -> None:
    locked = {"name": "Léa", "crosses": {"red": [3, 5, 9, 11, 12]}}  # 8 crosses, then the 12
    assert rows(scored(run, write_marks(tmp_path, "doppelt", locked)))["red"] == (10, True, 55)
    early = {"name": "Léa", "crosses": {"red": [3, 5, 9, 12]}}  # 6 crosses, then the 12
    result = run("score", str(write_marks(tmp_path, "doppelt", early)))
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "Léa, red: the 12 locks the row only after 7 crosses; there are 6\n"
    )


def test_nochmal_row_is_capped_at_16_crosses(run: Run, tmp_path: Path) -> None:
    marks = write_marks(
        tmp_path,
        "nochmal",
        {
            "name": "Sam",
            "crosses": {"yellow": list(range(2, 13)), "blue": [12, 11]},
            "again": {"yellow": list(range(2, 12)), "blue": [11]},
        },
    )
    data = scored(run, marks)
    assert rows(data)["yellow"] == (16, True, 136)  # 11 fields + 10 small boxes + lock = 22
    assert rows(data)["blue"] == (3, False, 6)  # the small box counts as a cross


KRAEFTE_LEA = {
    "name": "Léa",
    "crosses": {
        "red": [2, 3, 4, 5, 7, 8, 10, 11, 12],  # powers on 4, 7, 10; locked: 10 crosses
        "yellow": [3, 9],  # powers on 3 and 9
        "green": [12, 11, 8, 6],  # powers on 11 and 8
        "blue": [12],
    },
    "penalties": 2,
}


def test_kraefte_plus_13_and_weakest_row_double(run: Run, tmp_path: Path) -> None:
    data = scored(run, write_marks(tmp_path, str(LAYOUTS / "kraefte.yaml"), KRAEFTE_LEA))
    assert rows(data) == {
        "red": (10, True, 55),
        "yellow": (2, False, 3),
        "green": (4, False, 10),
        "blue": (1, False, 1),
    }
    # red 7 + yellow 9: plus-13; red 10 + green 11: weakest-double (blue, 1 point);
    # red 4 + green 8: two-in-weakest (crosses already on the sheet); no-penalties not unlocked
    assert player(data)["powers"] == [
        {"power": "two-in-weakest", "row": None, "points": 0},
        {"power": "weakest-double", "row": "blue", "points": 1},
        {"power": "plus-13", "row": None, "points": 13},
    ]
    assert player(data)["total"] == 55 + 3 + 10 + 1 - 10 + 1 + 13 == 73


def test_shipped_kraefte_sheet_with_plus_13_and_weakest_row_double(
    run: Run, tmp_path: Path
) -> None:
    lea = {
        "name": "Léa",
        "crosses": {
            "red": [2, 3, 4, 5, 7, 8, 12],  # 6 before the 12: locked, 8 crosses; 7 is plus-13
            "yellow": [10],  # weakest-double, with blue 11
            "green": [12, 8],  # 8 is plus-13, with red 7
            "blue": [11],
        },
        "penalties": 1,
    }
    data = scored(run, write_marks(tmp_path, "kraefte", lea))
    assert rows(data) == {
        "red": (8, True, 36),
        "yellow": (1, False, 1),
        "green": (2, False, 3),
        "blue": (1, False, 1),
    }
    # yellow and blue tie at 1 point: the first from the top (yellow) scores double
    assert player(data)["powers"] == [
        {"power": "weakest-double", "row": "yellow", "points": 1},
        {"power": "plus-13", "row": None, "points": 13},
    ]
    assert player(data)["total"] == 36 + 1 + 3 + 1 - 5 + 1 + 13 == 50


def test_kraefte_no_penalties_gives_the_penalty_points_back(run: Run, tmp_path: Path) -> None:
    sheet = {**KRAEFTE_LEA, "crosses": {"yellow": [6], "blue": [10]}}
    data = scored(run, write_marks(tmp_path, str(LAYOUTS / "kraefte.yaml"), sheet))
    assert player(data)["powers"] == [{"power": "no-penalties", "row": None, "points": 10}]
    assert (player(data)["penalty_points"], player(data)["total"]) == (-10, 2)


def test_weakest_row_tie_goes_to_the_first_row_from_the_top(run: Run, tmp_path: Path) -> None:
    sheet = {"name": "Kim", "crosses": {"red": [10], "green": [11], "yellow": [2], "blue": [3]}}
    data = scored(run, write_marks(tmp_path, str(LAYOUTS / "kraefte.yaml"), sheet))
    assert [r["points"] for r in player(data)["rows"]] == [1, 1, 1, 1]
    assert player(data)["powers"] == [{"power": "weakest-double", "row": "red", "points": 1}]


def test_one_in_each_power_may_leave_three_locks_on_a_sheet(run: Run, tmp_path: Path) -> None:
    """RULES.md §1: the Kräfte exception to "at most 2 locks per sheet"."""
    sheet = {
        "name": "Kim",
        "crosses": {
            "red": [2, 4, 5, 6, 7, 12],
            "yellow": [2, 3, 4, 5, 6, 12],  # the 3: one-in-each
            "green": [12, 11, 10, 9, 4, 2],  # the 4: one-in-each
        },
    }
    data = scored(run, write_marks(tmp_path, str(LAYOUTS / "kraefte.yaml"), sheet))
    assert [r["locked"] for r in player(data)["rows"]] == [True, True, True, False]
    assert player(data)["powers"][0] == {"power": "one-in-each", "row": None, "points": 0}


def test_ties_share_a_place_and_the_next_place_skips(run: Run, tmp_path: Path) -> None:
    marks = write_marks(
        tmp_path,
        "classic",
        {"name": "Ann", "crosses": {"red": [2, 3]}},
        {"name": "Bo", "crosses": {"blue": [12, 11, 10]}},
        {"name": "Cy", "crosses": {"green": [5, 4]}},
    )
    data = scored(run, marks)
    assert data["ranking"] == [
        {"place": 1, "name": "Bo", "total": 6, "tie": False},
        {"place": 2, "name": "Ann", "total": 3, "tie": True},
        {"place": 2, "name": "Cy", "total": 3, "tie": True},
    ]
    text = run("score", str(marks)).stdout.split("ranking\n")[1].splitlines()
    assert [line.split() for line in text] == [
        ["1.", "Bo", "6"],
        ["2.", "Ann", "3", "tie"],
        ["2.", "Cy", "3", "tie"],
    ]


def test_dash_reads_the_marks_from_standard_input(run: Run) -> None:
    text = (ROOT / "tests" / "data" / "marks" / "lea.yaml").read_text(encoding="utf-8")
    result = run("score", "-", "--json", input=text.encode())
    assert result.exit_code == 0
    assert [p["total"] for p in json.loads(result.stdout)["players"]] == [68, 3]


def test_layout_path_is_relative_to_the_marks_file(run: Run, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "mine.yaml").write_text(
        (ROOT / "layouts" / "doppelt.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    marks = write_marks(tmp_path, "sub/mine.yaml", {"name": "Léa", "crosses": {"red": [3]}})
    assert rows(scored(run, marks))["red"] == (2, False, 3)


def test_unknown_layout_is_located_in_the_marks_file(run: Run, tmp_path: Path) -> None:
    marks = write_marks(tmp_path, "clasic", {"name": "Léa"})
    result = run("score", str(marks))
    assert result.exit_code == 2
    assert result.stderr == (
        f"qwixx-print: {marks}:1: layout: clasic: no such layout (did you mean 'classic'?) "
        f"(shipped: {', '.join(catalogue.shipped_names())}; or give a .yaml path)\n"
    )


@pytest.mark.parametrize(
    ("word", "closest"), [("klasik", "classic"), ("Klassik", "classic"), ("krafte", "kraefte")]
)
def test_a_marks_file_gets_the_hint_the_command_line_gives(
    word: str, closest: str, run: Run, tmp_path: Path
) -> None:
    """Issue 20 item 7: ``layout: klasik`` in a marks file, like ``qwixx-print klasik``,
    is answered with the closest shipped layout (one function, ``catalogue.did_you_mean``)."""
    marks = write_marks(tmp_path, word, {"name": "Léa"})
    scored, printed = run("score", str(marks)), run(word)
    assert scored.exit_code == printed.exit_code == 2
    assert scored.stderr.startswith(f"qwixx-print: {marks}:1: layout: {word}: no such layout (")
    hint = scored.stderr.split(": no such layout", 1)[1]
    assert hint == printed.stderr.split(": no such layout", 1)[1]
    assert hint.startswith(f" (did you mean '{closest}'?) (shipped: ")


def test_every_refusal_of_the_issue_has_a_case() -> None:
    cases = {p.stem for p in BAD.glob("*.yaml")}
    assert cases == {p.stem for p in BAD.glob("*.expected")}
    assert (
        len({case for case in cases if not case.startswith("log-")}) == 31
    )  # 3 of Connect 15, 3 of Lucky 15, a misspelt row


def test_mixed_colours_score_per_row_and_locks_take_the_last_fields_colour(
    run: Run, tmp_path: Path
) -> None:
    farb = "farbbloecke"
    row1_locked = [2, 5, 8, 9, 11, 12]  # yellow, blue, green, green, red, then the red 12
    marks = write_marks(tmp_path, farb, {"name": "Léa", "crosses": {"row1": row1_locked}})
    assert rows(scored(run, marks))["row1"] == (7, True, 28)
    four = write_marks(
        tmp_path,
        farb,
        {"name": "Léa", "crosses": {"row1": row1_locked, "row2": [2, 3, 4, 5, 6, 12]}},
        {"name": "Sam", "crosses": {"row3": [12, 11, 10, 9, 8, 2], "row4": [12, 11, 10, 9, 8, 2]}},
    )
    result = run("score", str(four))
    assert result.exit_code == 2
    assert result.stderr.endswith(
        ": 4 colours are locked: red (Léa), yellow (Léa), green (Sam), blue (Sam); the game "
        "ends at the second locked colour, so all but one close in one action: one row per "
        "player, and several rows only with one white-dice sum that ends them all\n"
    )


def test_example_in_scoring_doc_totals_68_and_3(run: Run, tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n")[1].split("```")[0]
    marks = tmp_path / "game.yaml"
    marks.write_text(example, encoding="utf-8")
    assert [p["total"] for p in scored(run, marks)["players"]] == [68, 3]


def test_a_layout_repeating_a_number_is_not_scored_by_guess(run: Run, tmp_path: Path) -> None:
    classic = (ROOT / "layouts" / "classic.yaml").read_text(encoding="utf-8")
    repeated = classic.replace(
        "dice:", "numbers: {from: 2, to: 12, each_once: false}\ndice:", 1
    ).replace(
        "    fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
        "    fields: [7, 2, 3, 4, 5, 6, 8, 9, 10, 11, 7]",
        1,
    )
    (tmp_path / "sevens.yaml").write_text(repeated, encoding="utf-8")
    assert run("validate", str(tmp_path / "sevens.yaml")).exit_code == 0
    marks = write_marks(tmp_path, "sevens.yaml", {"name": "A", "crosses": {"red": [7, 2, 3]}})
    result = run("score", str(marks))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {marks}:1: layout: the layout classic repeats 7 in row red "
        "(each_once: false): a marks file names numbers, not fields, so it cannot be scored\n",
    )


def test_a_marks_row_with_a_look_alike_letter_names_the_character(tmp_path: Path, run: Run) -> None:
    marks = write_marks(tmp_path, "classic", {"name": "Léa", "crosses": {"r\u0435d": [2]}})
    result = run("score", str(marks))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {marks}:5: Léa, r\u0435d: the layout classic has no row 'r\u0435d' "
        "(did you mean 'red'? rows: red, yellow, green, blue): '\u0435' (U+0435 CYRILLIC "
        "SMALL LETTER IE) is not a Latin letter\n",
    )


def test_a_name_pasted_decomposed_is_the_same_name_composed(tmp_path: Path, run: Run) -> None:
    marks = write_marks(
        tmp_path, "classic", {"name": "Le\u0301a"}, {"name": "L\u00e9a", "penalties": 1}
    )
    result = run("score", str(marks))
    assert result.exit_code == 2
    assert "players[1].name: the name 'Léa' is used twice (also players[0])" in result.stderr


@pytest.mark.parametrize("out", [[], ["--out", "filled.pdf"]])
def test_a_name_too_long_for_the_sheet_is_refused_with_or_without_out(
    out: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    """One limit for names (issue 12.9): what the filled-in sheet's name box holds at 4 pt."""
    monkeypatch.chdir(tmp_path)
    long = "W" * 40  # the most characters a name may have, and the widest
    marks = write_marks(tmp_path, "classic", {"name": "Léa"}, {"name": long})
    result = run("score", "marks.yaml", *out)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"qwixx-print: marks.yaml:4: players[1].name: the name ('{long}'): does not fit "
        "the name box (46.0 x 4.5 mm) even at 4 pt: shorten it\n"
    )
    assert not (tmp_path / "filled.pdf").exists()
    marks.write_text(
        marks.read_text("utf-8").replace(long, "Maximilian-Alexander von Hohenzollern")
    )
    result = run("score", "marks.yaml", *out)
    assert result.exit_code == 0, result.stderr


def test_a_name_the_font_cannot_print_is_refused_without_out_too(tmp_path: Path, run: Run) -> None:
    marks = write_marks(tmp_path, "classic", {"name": "\U0001f3b2Ann"})
    result = run("score", str(marks))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.endswith(
        "players[0].name: the name ('\U0001f3b2Ann'): the font has no glyph for "
        "'\U0001f3b2' (U+1F3B2)\n"
    )
