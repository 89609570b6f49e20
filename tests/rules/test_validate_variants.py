"""RULES.md §3 on the variant sheets: every broken invariant gets its own located error
(``file:line: place: what``), through ``api.problems`` and ``qwixx-print validate``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from qwixx_print import api, catalogue, layout
from tests.conftest import CLASSIC_YAML, ROOT, Run

Write = Callable[..., Path]


def shipped(name: str) -> str:
    return (ROOT / "layouts" / f"{name}.yaml").read_text(encoding="utf-8")


def broken(write: Write, name: str, old: str, new: str, count: int = 1) -> list[str]:
    """The problems of shipped layout ``name`` with ``old`` replaced by ``new`` (``count``
    times), written as ``bad.yaml``."""
    text = shipped(name)
    assert text.count(old) >= count, old
    path = write(text.replace(old, new, count), "bad")
    return api.problems(layout.load(path, path.name))


def test_row_missing_a_number_is_located_at_the_row(write_layout: Write) -> None:
    assert broken(
        write_layout, "durcheinander", "[10, 6, 2, 8, 3, 4, 12, 5, 9, 7, 11]", "[10, 6, 2, 8, 3]"
    ) == [
        "bad.yaml:11: rows[0].fields: the row lacks 4, 5, 7, 9, 11, 12 (each of 2..12 once)",
        "bad.yaml:11: rows[0].fields[4]: lock needs at least 5 crosses, "
        "but the fields before it hold at most 4",
    ]


def test_number_twice_on_a_mixed_row_is_located_at_the_second(write_layout: Write) -> None:
    assert broken(
        write_layout, "farbbloecke", "{number: 11, colour: red}", "{number: 10, colour: red}"
    ) == [
        "bad.yaml:20: rows[0].fields[9]: 10 is twice in the row (also fields[8])",
        "bad.yaml:11: rows[0].fields: the row lacks 11 (each of 2..12 once)",
    ]


def test_lock_threshold_out_of_reach_of_doubles_is_located_at_the_last_field(
    write_layout: Write,
) -> None:
    found = broken(write_layout, "doppelt", "threshold: 7", "threshold: 15")
    assert found[0] == (
        "bad.yaml:21: rows[0].fields[10]: lock needs at least 15 crosses, "
        "but the fields before it hold at most 14"
    )
    assert len(found) == 4  # one per row
    assert broken(write_layout, "doppelt", "threshold: 7", "threshold: 14") == []


def test_score_table_too_short_for_sixteen_crosses(write_layout: Write) -> None:
    table = "max_counted: 16\n  table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78]\n#"
    assert broken(write_layout, "doppelt", "max_counted: 16", table) == [
        "bad.yaml:68: scoring.table: the score table has 12 entries; a row can count 16 crosses"
    ]


def test_score_table_not_increasing_on_nochmal(write_layout: Write) -> None:
    table = "table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 105, 136]"
    assert broken(write_layout, "nochmal", "max_counted: 16", table) == [
        "bad.yaml:27: scoring.table[14]: the score table must increase: 105 then 105"
    ]


def test_double_on_a_last_field(write_layout: Write) -> None:
    assert broken(
        write_layout,
        "doppelt",
        "      - 12\n  - id: yellow",
        "      - {number: 12, double: true}\n  - id: yellow",
    ) == [
        "bad.yaml:21: rows[0].fields[10]: the last field locks the row and cannot be a double field"
    ]


def test_bonus_on_a_last_field_also_unbalances_the_bar(write_layout: Write) -> None:
    assert broken(
        write_layout,
        "bonuskette",
        "      - 2\nbonus_bar",
        "      - {number: 2, bonus: true}\nbonus_bar",
    ) == [
        "bad.yaml:64: rows[3].fields[10]: the last field locks the row and cannot be a bonus field",
        "bad.yaml:65: bonus_bar: 13 bonus fields but a bonus bar of 12 fields",
    ]


def test_power_on_a_last_field_and_on_three_fields(write_layout: Write) -> None:
    assert broken(
        write_layout,
        "kraefte",
        "      - 12\n  - id: yellow",
        "      - {number: 12, power: plus-13}\n  - id: yellow",
    ) == [
        "bad.yaml:23: rows[0].fields[10]: the last field locks the row and cannot be a power field",
        "bad.yaml:18: rows[0].fields[5].power: power 'plus-13' is on 3 fields; it needs exactly 2",
    ]


def test_power_on_one_field(write_layout: Write) -> None:
    assert broken(write_layout, "kraefte", "{number: 8, power: plus-13}", "8") == [
        "bad.yaml:18: rows[0].fields[5].power: power 'plus-13' is on 1 field; it needs exactly 2"
    ]


def test_bonus_bar_shorter_than_the_bonus_fields(write_layout: Write) -> None:
    assert broken(write_layout, "bonuskette", ", blue, green]", "]") == [
        "bad.yaml:65: bonus_bar: 12 bonus fields but a bonus bar of 10 fields"
    ]


def test_bonus_bar_colour_without_a_row_of_its_colour(write_layout: Write) -> None:
    found = broken(
        write_layout,
        "bonuskette",
        "bonus_bar: [red,",
        "bonus_bar: [purple,",
    )
    assert found == ["bad.yaml:65: bonus_bar[0]: colour 'purple' has no die"]
    text = shipped("bonuskette").replace(
        "dice: [red, yellow, green, blue]", "dice: [red, yellow, green, blue, purple]"
    )
    path = write_layout(text.replace("bonus_bar: [red,", "bonus_bar: [purple,"), "bad2")
    assert api.problems(layout.load(path, path.name)) == [
        "bad2.yaml:65: bonus_bar[0]: no row is all purple: a bonus bar field needs a row of its colour"
    ]


def test_bonus_bar_too_long_for_the_sheet(write_layout: Write) -> None:
    long_bar = ", ".join(["red"] * 21)
    found = broken(
        write_layout,
        "bonuskette",
        "bonus_bar: [red, yellow, green, blue, green, red, blue, yellow, red, yellow, blue, green]",
        f"bonus_bar: [{long_bar}]",
    )
    assert found[-1] == (
        "bad.yaml:65: bonus_bar: 21 bonus bar fields would be 3.9 mm wide, below 4 mm: use at most 20"
    )


def test_unbalanced_colours_on_a_mixed_sheet(write_layout: Write) -> None:
    assert broken(
        write_layout, "farbbloecke", "{number: 12, colour: red}", "{number: 12, colour: blue}"
    ) == [
        "bad.yaml:9: rows: on a mixed sheet each colour owns the same number of fields: "
        "blue 12, green 11, red 10, yellow 11"
    ]


def test_die_without_fields_unbalances_a_mixed_sheet(write_layout: Write) -> None:
    assert broken(
        write_layout,
        "regenbogen",
        "dice: [red, yellow, green, blue]",
        "dice: [red, yellow, green, blue, purple]",
    ) == [
        "bad.yaml:9: rows: on a mixed sheet each colour owns the same number of fields: "
        "blue 11, green 11, purple 0, red 11, yellow 11"
    ]


def test_alias_must_be_a_lowercase_word(write_layout: Write) -> None:
    text = shipped("kraefte").replace("aliases: [kräfte, bonus-b]", "aliases: [Kräfte]")
    path = write_layout(text, "bad")
    with pytest.raises(layout.LayoutError) as info:
        layout.load(path, path.name)
    assert str(info.value) == (
        "bad.yaml:5: aliases[0]: alias 'Kräfte' must be a lowercase word (letters, digits, - or _)"
    )


def test_validate_cli_reports_every_variant_valid(run: Run) -> None:
    names = catalogue.shipped_names()
    result = run("validate", *names, "kräfte", "mixx-numbers")
    assert result.exit_code == 0
    assert result.output.splitlines() == [f"{n}: valid" for n in [*names, "kräfte", "mixx-numbers"]]


def test_last_field_with_two_marks_gets_an_error_for_each(write_layout: Write) -> None:
    found = broken(
        write_layout,
        "doppelt",
        "      - 12\n  - id: yellow",
        "      - {number: 12, double: true, power: plus-13}\n  - id: yellow",
    )
    assert found == [
        "bad.yaml:21: rows[0].fields[10]: the last field locks the row and cannot be a double field",
        "bad.yaml:21: rows[0].fields[10]: the last field locks the row and cannot be a power field",
        "bad.yaml:21: rows[0].fields[10].power: power 'plus-13' is on 1 field; it needs exactly 2",
    ]


def test_a_field_with_two_marks_is_refused_at_the_field(write_layout: Write) -> None:
    assert broken(
        write_layout,
        "bonuskette",
        "{number: 3, bonus: true}",
        "{number: 3, bonus: true, double: true}",
    ) == [
        "bad.yaml:13: rows[0].fields[1]: a field carries one mark, this one double and bonus: "
        "their marks share the field's frame; put them on different fields"
    ]


def test_one_bonus_field_and_one_bar_field_are_counted_in_the_singular(write_layout: Write) -> None:
    found = broken(
        write_layout,
        "bonuskette",
        "bonus_bar: [red, yellow, green, blue, green, red, blue, yellow, red, yellow, blue, green]",
        "bonus_bar: [red]",
    )
    assert "bad.yaml:65: bonus_bar: 12 bonus fields but a bonus bar of 1 field" in found
    classic = write_layout(
        CLASSIC_YAML.replace("[2, 3, 4, 5, 6, 7,", "[2, 3, 4, 5, 6, {number: 7, bonus: true},", 1)
    )
    assert api.problems(layout.load(classic, "c.yaml"))[0].endswith(
        "rows: 1 bonus field but a bonus bar of 0 fields"
    )
