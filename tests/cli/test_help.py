"""Help where people look for it (issue 12.10, 12.11): ``-h`` beside ``--help``, a ``help``
command, the closest names for a misspelt command or layout, whole command descriptions,
help text that needs no file a ``pip install`` lacks, and shell completion."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from qwixx_print import catalogue
from qwixx_print.cli import cli
from tests.conftest import Run

COMMANDS = sorted(cli.commands)


def test_h_shows_the_same_help_as_help_on_the_program(run: Run) -> None:
    short, long = run("-h"), run("--help")
    assert (short.exit_code, long.exit_code) == (0, 0)
    assert short.output == long.output
    assert short.output.startswith("Usage: ") and "[OPTIONS] COMMAND [ARGS]..." in short.output


@pytest.mark.parametrize("command", COMMANDS)
def test_h_shows_the_same_help_as_help_on_every_command(command: str, run: Run) -> None:
    short, long = run(command, "-h"), run(command, "--help")
    assert (short.exit_code, long.exit_code) == (0, 0)
    assert short.output == long.output
    assert short.output.startswith("Usage: ") and f" {command} [OPTIONS]" in short.output
    assert "-h, --help" in short.output


def test_h_after_a_layout_shows_the_print_help(run: Run) -> None:
    result = run("classic", "-h")
    assert result.exit_code == 0
    assert result.output == run("print", "--help").output


def test_help_command_shows_the_program_help_or_a_commands(run: Run) -> None:
    assert run("help").output == run("--help").output
    for command in COMMANDS:
        result = run("help", command)
        assert (result.exit_code, result.output) == (0, run(command, "--help").output)


def test_help_for_a_misspelt_command_names_the_closest(run: Run) -> None:
    result = run("help", "scor")
    assert (result.exit_code, result.stderr) == (
        2,
        "qwixx-print: no such command 'scor' (did you mean 'score'? "
        f"commands: {', '.join(cli.commands)})\n",
    )


@pytest.mark.parametrize(
    ("word", "command"), [("valdate", "validate"), ("lst", "list"), ("socre", "score")]
)
def test_a_misspelt_command_names_the_command_it_resembles(
    word: str, command: str, run: Run
) -> None:
    result = run(word, "classic")
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: no such command or layout '{word}' (did you mean the command "
        f"'{command}'? see 'qwixx-print --help')\n",
    )


@pytest.mark.parametrize(
    ("word", "closest"), [("klassik", "classic"), ("dopelt", "doppelt"), ("kreafte", "kraefte")]
)
def test_a_misspelt_layout_names_the_closest_shipped_layout(
    word: str, closest: str, run: Run
) -> None:
    result = run(word)
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"qwixx-print: {word}: no such layout (did you mean '{closest}'?) (shipped: "
    )


def test_a_missing_yaml_file_named_like_a_shipped_layout_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("classic.yaml")
    assert (result.exit_code, result.stderr) == (
        2,
        "qwixx-print: classic.yaml: no such file (did you mean the layout 'classic'?)\n",
    )
    result = run("nothing-like-it.yaml")
    assert result.stderr == "qwixx-print: nothing-like-it.yaml: no such file\n"


def test_help_lists_every_command_with_its_whole_first_sentence(run: Run) -> None:
    shown = run("--help").output
    listed = " ".join(shown.split("Commands:")[1].split())
    assert "..." not in listed
    for command in COMMANDS:
        first = cli.commands[command].help or ""
        sentence = " ".join(first.split("\n\n")[0].split())
        assert f"{command} {sentence}" in listed


def test_help_texts_name_no_file_a_pip_install_lacks(run: Run) -> None:
    """A user who installed the wheel has no ``docs/`` folder and no RULES.md."""
    for args in [[], *([command] for command in COMMANDS)]:
        text = run(*args, "--help").output
        assert not re.search(r"docs/|\.md\b", text), args


def test_the_marks_example_in_the_score_help_scores(tmp_path: Path, run: Run) -> None:
    text = run("score", "--help").output
    example = text.split("layout: classic")[1].split("\n\n")[0]
    example = "\n".join(line[4:] for line in ("    layout: classic" + example).splitlines())
    marks = tmp_path / "game.yaml"
    marks.write_text(example, encoding="utf-8")
    assert yaml.safe_load(example)["players"][0]["name"] == "Léa"
    result = run("score", str(marks), "--json")
    assert result.exit_code == 0, result.stderr
    assert '"name": "Sam"' in result.stdout


def complete(*words: str) -> list[str]:
    """What bash completion offers after ``qwixx-print WORDS`` (the last word incomplete)."""
    env = {
        **os.environ,
        "_QWIXX_PRINT_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(["qwixx-print", *words]),
        "COMP_CWORD": str(len(words)),
    }
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    return [line.split(",", 1)[1] for line in done.stdout.splitlines()]


def test_completion_offers_commands_and_shipped_layouts() -> None:
    spelt = {"kräfte": "kraefte", "farbblöcke": "farbbloecke"}  # a name spelt with umlauts
    assert all(spelt[a] in catalogue.shipped_names() for a in spelt)
    aliases = [a for a in catalogue.shipped_aliases() if a not in spelt]
    expected = [*cli.commands, *catalogue.shipped_names(), *aliases]
    assert sorted(complete("")) == sorted(expected)
    assert complete("kr") == ["kraefte"]  # one name to complete to, not two spellings
    assert complete("krä") == ["kräfte"]
    assert complete("va") == ["validate"]


def test_completion_offers_layouts_after_a_layout_and_after_validate() -> None:
    assert complete("classic", "dop") == ["doppelt"]
    assert complete("validate", "cl") == ["classic"]
    assert sorted(complete("print", "double-")) == ["double-a", "double-b"]


def test_the_readme_documents_completion_the_way_click_offers_it() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    for shell in ("bash", "zsh", "fish"):
        assert f"_QWIXX_PRINT_COMPLETE={shell}_source qwixx-print" in readme


def test_completion_leaves_file_names_to_the_shell_for_marks_files_and_own_layouts() -> None:
    # (the value of a "file,g" line: bash then completes file names starting with g)
    assert complete("score", "g") == ["g"]
    assert complete("validate", "night") == ["night"]
    assert complete("validate", "cl") == ["classic"]


def test_completion_marks_file_names_as_files() -> None:
    env = {
        **os.environ,
        "_QWIXX_PRINT_COMPLETE": "bash_complete",
        "COMP_WORDS": "qwixx-print score ga",
        "COMP_CWORD": "2",
    }
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.splitlines() == ["file,ga"]


def test_a_layout_name_beside_its_yaml_file_suggests_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(Path(__file__).parents[2] / "layouts" / "classic.yaml", tmp_path / "night.yaml")
    result = run("validate", "night")
    assert (result.exit_code, result.stderr.splitlines()[0]) == (
        2,
        "qwixx-print: night: no such layout (did you mean night.yaml?)",
    )
    assert run("validate", "night.yaml").exit_code == 0
