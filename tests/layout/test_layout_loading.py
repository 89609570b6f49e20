"""Layout loading: the YAML schema, strict parsing and located errors (file:line: place: what)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pypdf
import pytest

from qwixx_print import catalogue, layout
from qwixx_print.errors import LayoutError
from tests.conftest import CLASSIC_YAML, ROOT, Run

Write = Callable[..., Path]


def error_of(path: Path) -> str:
    with pytest.raises(LayoutError) as info:
        layout.load(path, path.name)
    return str(info.value)


def test_classic_round_trips_into_frozen_dataclasses(write_layout: Write) -> None:
    sheet = layout.load(write_layout(CLASSIC_YAML))
    assert [row.id for row in sheet.rows] == ["red", "yellow", "green", "blue"]
    assert [f.number for f in sheet.rows[2].fields] == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
    assert {f.colour for f in sheet.rows[0].fields} == {"red"}
    assert (sheet.lock_threshold, sheet.penalty_boxes, sheet.penalty_points) == (5, 4, 5)
    assert sheet.rows[3].lock_colour == "blue"
    assert sheet == catalogue.find("classic")
    with pytest.raises(AttributeError):
        sheet.rows[0].id = "x"  # type: ignore[misc]


def test_wrong_type_names_file_line_and_place(write_layout: Write) -> None:
    path = write_layout(
        CLASSIC_YAML.replace("fields: [12, 11, 10, 9, 8", "fields: [12, eleven, 10, 9, 8", 1)
    )
    assert error_of(path) == (
        "custom.yaml:15: rows[2].fields[1]: expected a whole number, got 'eleven'"
    )


def test_unknown_key_names_line_and_suggests(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("  threshold: 5", "  treshold: 5"))
    assert error_of(path) == (
        "custom.yaml:20: lock.treshold: unknown key 'treshold' (did you mean 'threshold'?)"
    )


def test_duplicate_key_is_refused_not_overwritten(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("  threshold: 5", "  threshold: 5\n  threshold: 4"))
    assert error_of(path) == "custom.yaml:21: the key 'threshold' appears twice (first on line 20)"


def test_python_object_tag_is_refused(write_layout: Write) -> None:
    text = CLASSIC_YAML.replace("name: classic", "name: !!python/object/apply:os.system ['true']")
    assert error_of(write_layout(text)) == (
        "custom.yaml:2: the tag tag:yaml.org,2002:python/object/apply:os.system "
        "is not allowed: remove it, write plain data"
    )


def test_zero_padded_number_is_not_read_as_octal_or_eight(write_layout: Write) -> None:
    path = write_layout(
        CLASSIC_YAML.replace("fields: [2, 3, 4, 5, 6, 7, 8,", "fields: [2, 3, 4, 5, 6, 7, 08,", 1)
    )
    assert "custom.yaml:9: rows[0].fields[6]: write the whole number '08' plainly" in error_of(path)


def test_unknown_colour_lists_the_known_ones(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("colour: red", "colour: crimson"))
    assert error_of(path).startswith(
        "custom.yaml:8: rows[0].colour: unknown colour 'crimson': use one of"
    )


def test_mixed_field_with_own_colour_and_marks(write_layout: Write) -> None:
    text = CLASSIC_YAML.replace(
        "fields: [2, 3, 4,",
        "fields: [2, {number: 3, colour: blue, double: true}, {number: 4, power: plus-13},",
        1,
    )
    row = layout.load(write_layout(text)).rows[0]
    assert (row.fields[1].colour, row.fields[1].double) == ("blue", True)
    assert (row.fields[2].colour, row.fields[2].power) == ("red", "plus-13")
    assert row.colour is None


def test_shipped_name_and_unknown_name(write_layout: Write) -> None:
    assert catalogue.find("classic").name == "classic"
    with pytest.raises(
        LayoutError, match=r"^nosuch: no such layout \(shipped: big-points, bonuskette, classic,"
    ):
        catalogue.find("nosuch")
    assert "classic" in catalogue.shipped_names()


def test_a_mistyped_layout_name_gets_a_suggestion() -> None:
    with pytest.raises(
        LayoutError, match=r"^classicc: no such layout \(did you mean 'classic'\?\)"
    ):
        catalogue.find("classicc")
    with pytest.raises(LayoutError, match=r"^kraft: no such layout \(did you mean 'kraefte'\?\)"):
        catalogue.find("kraft")


def test_a_named_pipe_is_refused_instead_of_waiting_forever(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(LayoutError) as info:
        layout.load(fifo, "pipe.yaml")
    assert (
        str(info.value) == "pipe.yaml: is not a regular file (a pipe or device?): give a YAML file"
    )


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_utf16_and_utf32_with_a_byte_order_mark_are_read(
    encoding: str, tmp_path: Path, run: Run
) -> None:
    """YAML 1.2 §5.2: Windows Notepad's "Unicode" (UTF-16 with BOM) is a layout file too."""
    text = CLASSIC_YAML.replace("name: classic", "name: Kräfte-Ω")
    bom = {"utf-16-be": "\ufeff", "utf-32-be": "\ufeff"}.get(encoding, "")
    path = tmp_path / "notepad.yaml"
    path.write_bytes((bom + text).encode(encoding))
    assert path.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff", b"\x00\x00")
    sheet = layout.load(path)
    assert sheet.name == "Kräfte-Ω"
    assert [f.number for f in sheet.rows[2].fields] == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
    result = run("validate", str(path))
    assert (result.exit_code, result.stdout) == (0, f"{path}: valid\n")


def test_utf16_marks_file_with_a_byte_order_mark_is_scored(tmp_path: Path, run: Run) -> None:
    marks = (ROOT / "tests" / "data" / "marks" / "lea.yaml").read_text(encoding="utf-8")
    path = tmp_path / "lea16.yaml"
    path.write_bytes(marks.encode("utf-16"))
    result = run("score", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert '"name": "Léa"' in result.stdout and '"total": 68' in result.stdout


def _qwixx_print(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """``qwixx-print ARGS`` as its own process, bytes in and out."""
    return subprocess.run(
        [sys.executable, "-m", "qwixx_print", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_notepad_unicode_files_are_read_by_every_command_alike(tmp_path: Path) -> None:
    """UTF-16 LE with its byte-order mark FF FE (Notepad's "Unicode", PowerShell 5's ``>``)
    is read as UTF-8 is (issue 12.2; docs/layout-format.md): a layout by
    validate and print, a marks file and a game log by score, from a file and from
    standard input, each giving what its UTF-8 twin gives."""
    from qwixx_print.play import log as playlog
    from tests.play.test_play_log import lea_log

    layout_file = tmp_path / "kräfte-ω.yaml"
    layout_file.write_bytes(CLASSIC_YAML.replace("name: classic", "name: Ω sheet").encode("utf-16"))
    assert layout_file.read_bytes()[:2] == b"\xff\xfe"
    done = _qwixx_print("validate", str(layout_file))
    assert (done.returncode, done.stdout.decode()) == (0, f"{layout_file}: valid\n")
    pdf = tmp_path / "sheet.pdf"
    assert _qwixx_print(str(layout_file), "--out", str(pdf)).returncode == 0
    assert pypdf.PdfReader(pdf).metadata.title == "Qwixx score sheets: Ω sheet"
    marks = (ROOT / "tests" / "data" / "marks" / "lea.yaml").read_text(encoding="utf-8")
    marks = marks.replace("layout: classic", f"layout: {layout_file.name}")
    marks_file = tmp_path / "lea16.yaml"
    marks_file.write_bytes(marks.encode("utf-16"))
    log_text = playlog.dumps(lea_log())
    for args, stdin in (
        (("score", str(marks_file)), None),
        (("score", "-"), log_text.encode("utf-16")),
        (("score", "-"), log_text.encode("utf-32")),
    ):
        done = _qwixx_print(*args, stdin=stdin)
        assert done.returncode == 0, done.stderr.decode()
        assert "   1. Léa    68" in done.stdout.decode("utf-8")


def test_a_mistake_in_a_utf16_file_is_located_as_in_utf8(tmp_path: Path) -> None:
    path = tmp_path / "u16.yaml"
    path.write_bytes(CLASSIC_YAML.replace("  threshold: 5", "  treshold: 5").encode("utf-16"))
    done = _qwixx_print("validate", str(path))
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[0] == (
        f"qwixx-print: {path}:20: lock.treshold: unknown key 'treshold' (did you mean 'threshold'?)"
    )


def test_broken_utf16_after_its_byte_order_mark_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_bytes(b"\xff\xfe" + "name: x\n".encode("utf-16-le") + b"\x00\xdc")
    assert error_of(path) == "broken.yaml: not valid UTF-16 text: save the file as UTF-8"


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("title", ["Classic", "Spieleabend · Größe"])
def test_utf16_without_a_byte_order_mark_is_named_as_such(
    tmp_path: Path, codec: str, title: str
) -> None:
    """A layout saved as UTF-16 without its mark is told so, not as a U+0000 nobody can see
    or a byte at some line (a newcomer's finding), whatever its letters; a UTF-8 file with
    one stray 0 byte is still told where it is."""
    path = tmp_path / "u16.yaml"
    path.write_bytes(f"{CLASSIC_YAML}# {title}\n".encode(codec))
    assert error_of(path) == (
        "u16.yaml: UTF-16 text without a byte-order mark (every other byte is 0): "
        "save the file as UTF-8"
    )
    path.write_bytes(CLASSIC_YAML.encode().replace(b"classic", b"cla\x00ssic", 1))
    assert "the character U+0000 is not allowed in YAML" in error_of(path)


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ("{each_once: false}", ((2, 12), False)),
        ("{to: 12}", ((2, 12), True)),
        ("{from: 2, each_once: true}", ((2, 12), True)),
        ("{to: 12, each_once: false}", ((2, 12), False)),
        ("{}", ((2, 12), True)),
    ],
)
def test_numbers_keys_left_out_take_their_documented_defaults(
    numbers: str, expected: tuple[tuple[int, int], bool], write_layout: Write
) -> None:
    text = CLASSIC_YAML.replace("rows:", f"numbers: {numbers}\nrows:", 1)
    sheet = layout.load(write_layout(text))
    assert (sheet.number_range, sheet.each_number_once) == expected


def test_numbers_from_above_the_default_to_is_refused_naming_the_default(
    write_layout: Write,
) -> None:
    path = write_layout(CLASSIC_YAML.replace("rows:", "numbers: {from: 13}\nrows:", 1))
    assert error_of(path).endswith("numbers.from: must not be above 'to' (12, the default)")


def test_a_row_id_with_a_look_alike_letter_names_the_character(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("  - id: red", "  - id: r\u0435d", 1))
    assert error_of(path).endswith(
        "rows[0].id: row id 'r\u0435d' must be a lowercase word (letters, digits, - or _): "
        "'\u0435' (U+0435 CYRILLIC SMALL LETTER IE) is not one of a-z, 0-9, - and _"
    )


def test_names_are_composed_so_a_pasted_name_is_the_same_name(write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML.replace("name: classic", "name: Cafe\u0301"))
    assert layout.load(path).name == "Caf\u00e9"


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    """``qwixx-print validate PATH`` as its own process."""
    return subprocess.run(
        [sys.executable, "-m", "qwixx_print", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


THREE_MISTAKES = (
    CLASSIC_YAML.replace("fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "fields: [2, 3, x4]", 1)
    .replace("    colour: yellow", "    colour: yelow", 1)
    .replace("  threshold: 5", "  treshold: 5")
)
"""The classic layout with a field that is no number (line 9), an unknown colour (line 11)
and a misspelt key (line 20)."""


def test_validate_tells_every_schema_mistake_of_a_file_at_once(tmp_path: Path) -> None:
    """Not only the first: one located line each, in the order of the file, then the sum."""
    path = tmp_path / "three.yaml"
    path.write_text(THREE_MISTAKES, encoding="utf-8")
    done = _validate(path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"qwixx-print: {path}:9: rows[0].fields[2]: expected a whole number, got 'x4'",
        f"qwixx-print: {path}:11: rows[1].colour: unknown colour 'yelow': use one of red, "
        'yellow, green, blue, purple, orange, grey, black or a hex code like "#e2231a"',
        f"qwixx-print: {path}:20: lock.treshold: unknown key 'treshold' (did you mean 'threshold'?)",
        "qwixx-print: 1 of 1 layout broken",
    ]


def test_printing_a_layout_with_three_mistakes_names_the_first_and_counts_the_others(
    tmp_path: Path,
) -> None:
    path = tmp_path / "three.yaml"
    path.write_text(THREE_MISTAKES, encoding="utf-8")
    out = tmp_path / "never.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print", str(path), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (
        2,
        f"qwixx-print: {path}:9: rows[0].fields[2]: expected a whole number, got 'x4' "
        "(and 2 more: run 'qwixx-print validate')\n",
    )
    assert not out.exists()


def test_a_broken_part_tells_nothing_about_the_parts_that_use_it(write_layout: Write) -> None:
    """A colour entry with a bad hex code is still a colour for the row that names it, a
    broken 'numbers' lets the fields hold any number, a broken row does not make the links
    to it look broken: each mistake is told once, where it is."""
    text = (
        CLASSIC_YAML.replace(
            "dice: [red, yellow, green, blue]",
            'colours: {teal: "#12"}\ndice: [teal, yellow, green, blue]',
        )
        .replace("    colour: red", "    colour: teal", 1)
        .replace("rows:", "numbers: {from: 1, to: 12, each_once: yes}\nrows:", 1)
        .replace(
            "fields: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
            "fields: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
            1,
        )
        .replace(
            "fields: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]",
            "fields: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, zwei]",
            1,
        )
        + "links:\n  - [green 12, blue 12]\n"
    )
    with pytest.raises(LayoutError) as info:
        layout.load(write_layout(text, "parts"), "parts.yaml")
    assert info.value.problems == (
        "parts.yaml:5: colours.teal: colour must be a hex code like \"#e2231a\", got '#12'",
        "parts.yaml:7: numbers.each_once: expected true or false, got 'yes'",
        "parts.yaml:17: rows[2].fields[10]: expected a whole number, got 'zwei'",
    )


def test_a_yaml_syntax_error_stays_one_line(tmp_path: Path) -> None:
    """Where the YAML itself cannot be read, nothing further can be: one refusal."""
    path = tmp_path / "syntax.yaml"
    path.write_text(THREE_MISTAKES.replace("name: classic", "name: [classic"), encoding="utf-8")
    done = _validate(path)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 2
    assert done.stderr.startswith(f"qwixx-print: {path}:")
    assert "not valid YAML" in done.stderr.splitlines()[0]
