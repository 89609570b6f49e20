"""RULES.md §3 invariants through `qwixx-print validate`: located errors, exit code 2."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from qwixx_print import api, geometry, layout
from qwixx_print.errors import LayoutError
from tests.conftest import CLASSIC_YAML, ROOT, Run

Write = Callable[..., Path]


def problems_of(path: Path) -> list[str]:
    return api.problems(layout.load(path, path.name))


def test_shipped_classic_is_valid(run: Run) -> None:
    result = run("validate", "classic")
    assert (result.exit_code, result.output) == (0, "classic: valid\n")


def test_unreachable_lock_threshold_is_located_at_the_last_field(write_layout: Write) -> None:
    text = CLASSIC_YAML.replace(
        "fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "fields: [8, 9, 10, 11, 12]", 1
    )
    found = problems_of(write_layout(text))
    assert (
        "custom.yaml:9: rows[0].fields[4]: lock needs at least 5 crosses, but the fields before it hold at most 4"
        in found
    )
    assert (
        "custom.yaml:9: rows[0].fields: the row lacks 2, 3, 4, 5, 6, 7 (each of 2..12 once)"
        in found
    )


def test_number_twice_is_located_at_the_second(write_layout: Write) -> None:
    text = CLASSIC_YAML.replace(
        "fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
        "fields: [2, 3, 4, 5, 6, 7, 7, 9, 10, 11, 12]",
        1,
    )
    assert problems_of(write_layout(text)) == [
        "custom.yaml:9: rows[0].fields[6]: 7 is twice in the row (also fields[5])",
        "custom.yaml:9: rows[0].fields: the row lacks 8 (each of 2..12 once)",
    ]


def test_score_table_not_increasing_or_too_short(write_layout: Write) -> None:
    falling = CLASSIC_YAML.replace(
        "  max_counted: 12", "  table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 50, 78]"
    )
    assert problems_of(write_layout(falling, "falling")) == [
        "falling.yaml:25: scoring.table[10]: the score table must increase: 55 then 50"
    ]
    short = CLASSIC_YAML.replace("  max_counted: 12", "  table: [1, 3, 6, 10]")
    assert problems_of(write_layout(short, "short")) == [
        "short.yaml:25: scoring.table: the score table has 4 entries; a row can count 12 crosses"
    ]


def test_validate_cli_prints_every_problem_and_exits_2(write_layout: Write, run: Run) -> None:
    bad = write_layout(
        CLASSIC_YAML.replace(
            "fields: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]", "fields: [12, 11, 2]", 1
        )
    )
    result = run("validate", str(bad), "classic")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert (
        f"qwixx-print: {bad}:15: rows[2].fields[2]: lock needs at least 5 crosses, but the fields before it hold at most 2"
        in lines
    )
    assert "classic: valid" in lines
    assert lines[-1] == "qwixx-print: 1 of 2 layouts broken"


def test_printing_a_broken_layout_exits_2_without_traceback_or_file(
    write_layout: Write, run: Run, tmp_path: Path
) -> None:
    bad = write_layout(CLASSIC_YAML.replace("  threshold: 5", "  threshold: 11"))
    out = tmp_path / "never.pdf"
    result = run(str(bad), "--out", str(out))
    assert result.exit_code == 2
    assert result.output.startswith(
        f"qwixx-print: {bad}:9: rows[0].fields[10]: lock needs at least 11"
    )
    assert "(and 3 more: run 'qwixx-print validate')" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()
    assert list(tmp_path.glob("*.part")) == []


def test_example_in_layout_format_doc_is_valid_and_has_a_double_7(write_layout: Write) -> None:
    doc = (ROOT / "docs" / "layout-format.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    sheet = layout.load(write_layout(example, "my-sheet"))
    assert api.problems(sheet) == []
    assert [f.number for f in sheet.rows[0].fields if f.double] == [7]
    assert sheet.labels["title"] == "QWIXX · house rules"


def test_more_penalty_boxes_than_fit_beside_the_total_line_are_refused(
    write_layout: Write,
) -> None:
    seven = write_layout(CLASSIC_YAML.replace("  boxes: 4", "  boxes: 7", 1))
    assert problems_of(seven) == [
        "custom.yaml:22: penalties.boxes: 7 penalty boxes run into the total line: "
        "at most 6 fit beside it on a sheet of 4 rows"
    ]
    six = layout.load(write_layout(CLASSIC_YAML.replace("  boxes: 4", "  boxes: 6", 1)))
    assert api.problems(six) == []
    sheet = geometry.sheet_boxes(six)
    assert sheet.penalties[-1].right + 1.0 <= sheet.totals[0].x
    five_rows = dataclasses.replace(six, rows=(*six.rows, six.rows[0]))
    assert geometry.max_penalty_boxes(five_rows) == 4


def test_penalty_points_too_wide_for_the_penalty_box_are_refused(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("  points: 5", "  points: 100", 1))
    assert problems_of(path) == [
        "custom.yaml:23: penalties.points: penalty box ('\u2212100'): does not fit the penalty "
        "box (3.4 x 4.2 mm) even at 4 pt: shorten it"
    ]


def test_score_table_entries_past_max_counted_are_refused_not_ignored(
    write_layout: Write,
) -> None:
    table = "  max_counted: 12\n  table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91]"
    text = CLASSIC_YAML.replace(
        "  max_counted: 12   # the standard table n(n+1)/2: 1, 3, 6, ... 78", table
    )
    assert problems_of(write_layout(text)) == [
        "custom.yaml:26: scoring.table: the score table has 13 entries, but at most 12 crosses "
        "count (scoring.max_counted): drop the extra entries or raise it"
    ]


def test_a_sheet_needs_at_least_one_penalty_box(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("  boxes: 4", "  boxes: 0", 1))
    with pytest.raises(LayoutError) as refused:
        layout.load(path, path.name)
    assert str(refused.value) == "custom.yaml:22: penalties.boxes: must be from 1 to 10, got 0"
