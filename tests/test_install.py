"""A non-editable `pip install .` works from any folder: layouts and fonts are in the wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.pdfcheck import page_sizes

PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
"""Prints where a Python installs packages."""


def _venv_with_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A new virtual environment reusing this one's dependencies (no downloads), and a copy
    of the sources without build/ or caches (a stale build/ would hide missing files)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    Path(_python(venv, PURELIB), "outer.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    source = tmp_path / "src"
    junk = (".venv", ".git", "build", "*.egg-info", "output", "__pycache__", ".*cache")
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*junk))
    return venv, source


def _python(venv: Path, code: str, cwd: Path | None = None) -> str:
    """What ``code`` prints, run by the Python of ``venv``, without its final newline."""
    return subprocess.run(
        [venv / "bin" / "python", "-c", code], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def _pip_install(venv: Path, *args: str) -> None:
    subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-deps", *args],
        check=True,
        capture_output=True,
    )


@pytest.mark.slow
def test_wheel_install_prints_classic_from_another_folder(tmp_path: Path) -> None:
    venv, source = _venv_with_copy(tmp_path)
    python = venv / "bin" / "python"
    _pip_install(venv, str(source))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run(
        [venv / "bin" / "qwixx-print", "classic", "--out", "x.pdf"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "wrote x.pdf: 1 page, 8 sheets (classic)\n"
    assert len(page_sizes(elsewhere / "x.pdf")) == 1
    installed = subprocess.run(
        [
            python,
            "-c",
            "import qwixx_print, pathlib; print(pathlib.Path(qwixx_print.__file__).parent)",
        ],
        cwd=elsewhere,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert Path(installed).is_relative_to(venv)
    assert not Path(installed, "layouts").is_symlink()
    assert Path(installed, "fonts", "LICENSE-DejaVu.txt").is_file()
    assert Path(installed, "draw", "blank.py").is_file()
    assert Path(installed, "parsed", "layouts", "classic.json").is_file()
    # the stored parses match the installed files, so printing needs no YAML parser
    code = (
        "import sys; from qwixx_print import packaged; from qwixx_print.errors import QwixxError; "
        "packaged.doc('layouts', 'classic', QwixxError); print('yaml' in sys.modules)"
    )
    check = subprocess.run(
        [python, "-c", code],
        cwd=elsewhere,
        check=True,
        capture_output=True,
        text=True,
    )
    assert check.stdout.splitlines()[-1] == "False"
    # the web page's templates and static files (htmx with its licence) are in the wheel
    web = (
        "from pathlib import Path; from qwixx_print.web import create_app; "
        "c = create_app(Path('web.sqlite3')).test_client(); "
        "print(*(c.get(u).status_code for u in "
        "('/', '/static/htmx.min.js', '/static/LICENSE-htmx.txt', '/games/new')))"
    )
    served = subprocess.run(
        [python, "-c", web], cwd=elsewhere, check=True, capture_output=True, text=True
    )
    assert served.stdout.split() == ["200"] * 4


def test_help_does_not_import_reportlab_flask_or_waitress() -> None:
    code = (
        "import sys; from qwixx_print.cli import cli; "
        "print(sorted(m for m in ('reportlab', 'flask', 'waitress', 'segno', 'sqlite3') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "[]"
    run = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "--help"], capture_output=True, text=True, check=True
    )
    assert "Usage: qwixx-print" in run.stdout


def test_the_command_runs_without_the_cyclic_collector_and_the_library_keeps_it(
    tmp_path: Path,
) -> None:
    command = (
        "import gc, sys\n"
        "from qwixx_print.__main__ import main\n"
        "sys.argv = ['qwixx-print', 'classic', '--out', 'x.pdf']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        "    print(exit.code, gc.isenabled())\n"
    )
    run = subprocess.run([sys.executable, "-c", command], cwd=tmp_path, capture_output=True)
    assert run.stdout.decode().splitlines()[-1] == "0 False"
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF-")
    library = "import gc; from qwixx_print import api; print(gc.isenabled())"
    run = subprocess.run([sys.executable, "-c", library], capture_output=True, text=True)
    assert run.stdout == "True\n"


@pytest.mark.slow
def test_simulate_writes_nothing_into_the_package_and_a_reinstall_keeps_every_command(
    tmp_path: Path,
) -> None:
    """The README's two commands in a row (install, then reinstall editable) after a
    simulation: the compiled simulator's cache goes to the user's cache folder
    (``$QWIXX_PRINT_CACHE`` here), nothing is left in the installed package that could
    shadow the editable install, and every command still runs."""
    venv, source = _venv_with_copy(tmp_path)
    _pip_install(venv, str(source))
    program = venv / "bin" / "qwixx-print"
    cache = tmp_path / "cache"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "QWIXX_PRINT_CACHE": str(cache)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [program, *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, (args, done.stderr)
        return done

    simulated = run("simulate", "classic", "--games", "20", "--players", "2", "-q", "--jobs", "1")
    assert simulated.stdout.splitlines()[2].startswith("classic ")
    site = Path(_python(venv, PURELIB))
    installed = site / "qwixx_print"
    written = [p.name for p in installed.rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert written == []
    assert any(cache.rglob("*.nbi")), "the compiled simulator was not cached in QWIXX_PRINT_CACHE"
    # the second README command: the same package, now editable, over the first install
    _pip_install(venv, "-e", str(source))
    assert not installed.exists() or not any(installed.rglob("*.py"))
    marks = source / "tests" / "data" / "marks" / "lea.yaml"
    assert run("--help").stdout.startswith("Usage: qwixx-print")
    assert "classic" in run("list").stdout
    assert run("classic", "--out", "x.pdf").stdout.startswith("wrote x.pdf")
    assert (elsewhere / "x.pdf").read_bytes().startswith(b"%PDF-")
    assert run("validate", "classic").returncode == 0
    assert "Léa" in run("score", str(marks)).stdout
    again = run("simulate", "classic", "--games", "5", "-q", "--jobs", "1")
    assert again.stdout.splitlines()[2].startswith("classic ")
    assert run("generate", "--help").stdout.startswith("Usage:")
    assert run("serve", "--help").stdout.startswith("Usage:")
    editable = _python(venv, "import qwixx_print; print(qwixx_print.__file__)", elsewhere)
    assert Path(editable).is_relative_to(source)
    assert not any(source.rglob("*.nbi")), "the editable install's simulator wrote beside its code"


def test_an_unwritable_cache_folder_gives_a_temporary_one_not_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qwixx_print import folders

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(folders.CACHE_VARIABLE, str(blocker))
    folder, lasting = folders.kernel_cache()
    assert not lasting
    assert folder.is_dir() and not folder.is_relative_to(ROOT)
    (folder / "probe").write_text("written")
    monkeypatch.setenv(folders.CACHE_VARIABLE, str(tmp_path / "cache"))
    assert folders.kernel_cache() == (tmp_path / "cache" / "kernel", True)
