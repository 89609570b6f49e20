"""A non-editable `pip install .` works from any folder: layouts and fonts are in the wheel."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from .conftest import ROOT
from .pdfcheck import page_sizes


@pytest.mark.slow
def test_wheel_install_prints_classic_from_another_folder(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # reuse this environment's reportlab, click and PyYAML instead of downloading them
    Path(purelib, "outer.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # a copy of the sources without build/ or caches: a stale build/ would hide missing files
    source = tmp_path / "src"
    junk = (".venv", ".git", "build", "*.egg-info", "output", "__pycache__", ".*cache")
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*junk))
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", str(source)],
        check=True,
        capture_output=True,
    )
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
    assert Path(installed, "draw", "sheet.py").is_file()
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
