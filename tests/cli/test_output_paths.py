"""Output paths never lose a file: refusals are one line with exit code 2, a failing run
leaves the target byte-identical and no temporary ``.part`` file behind (issue 6)."""

from __future__ import annotations

import errno
import os
import pty
import shutil
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import pytest
from pypdf import PdfReader

from qwixx_print import output
from qwixx_print.errors import LayoutError, OutputError
from tests.conftest import CLASSIC_YAML, Run

Write = Callable[..., Path]


@pytest.fixture
def good_pdf(tmp_path: Path, run: Run) -> Path:
    """A good classic PDF written by the CLI, the target a failing run must not damage."""
    path = tmp_path / "good.pdf"
    assert run("classic", "--out", str(path)).exit_code == 0
    return path


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def test_missing_folder_is_refused_and_not_created(tmp_path: Path, run: Run) -> None:
    target = tmp_path / "nowhere" / "sheets.pdf"
    result = run("classic", "--out", str(target))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {target}: the folder {target.parent} does not exist\n",
    )
    assert not target.parent.exists()


def test_folder_that_is_a_file_is_refused(good_pdf: Path, run: Run) -> None:
    target = good_pdf / "sheets.pdf"
    result = run("classic", "--out", str(target))
    assert (
        result.stderr == f"qwixx-print: {target}: the folder {good_pdf} is a file, not a folder\n"
    )


def test_output_path_that_is_a_folder_is_refused(tmp_path: Path, run: Run) -> None:
    result = run("classic", "--out", str(tmp_path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {tmp_path}: is a folder; give a file name such as {tmp_path}/sheets.pdf\n",
    )
    assert list(tmp_path.iterdir()) == []


def test_default_output_folder_blocked_by_a_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").write_bytes(b"not a folder")
    result = run("classic")
    assert (result.exit_code, result.stderr) == (
        2,
        "qwixx-print: output: is a file, not a folder: give --out FILE.pdf\n",
    )
    assert (tmp_path / "output").read_bytes() == b"not a folder"


@pytest.mark.skipif(
    os.geteuid() == 0 and shutil.which("setpriv") is None, reason="root without setpriv"
)
def test_read_only_folder_is_refused(tmp_path: Path) -> None:
    """Run as a user (root without its power to write anywhere: :func:`_unprivileged`)."""
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o555)
    target = folder / "sheets.pdf"
    done = _print_unprivileged(target)
    assert (done.returncode, done.stderr) == (
        2,
        f"qwixx-print: {target}: cannot write in {folder} (Permission denied)\n",
    )
    assert list(folder.iterdir()) == []


def test_failing_rename_keeps_the_existing_pdf_and_no_part_file(
    good_pdf: Path, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    before = good_pdf.read_bytes()

    def refuse(source: object, target: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "replace", refuse)
    result = run("classic", "--pages", "2", "--out", str(good_pdf))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {good_pdf}: cannot be written (Permission denied)\n",
    )
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("source:", "labels:\n  titel: My sheet\nsource:"), "labels.titel: unknown label 'titel'"),
        (("threshold: 5", "threshold: 08"), "lock.threshold: write the whole number '08'"),
    ],
    ids=["fails-while-drawing", "fails-while-loading"],
)
def test_failing_layout_keeps_the_existing_pdf(
    change: tuple[str, str], message: str, good_pdf: Path, write_layout: Write, run: Run
) -> None:
    before = good_pdf.read_bytes()
    bad = write_layout(CLASSIC_YAML.replace(*change))
    result = run(str(bad), "--out", str(good_pdf))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"qwixx-print: {bad}:")
    assert message in result.stderr
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []


@pytest.mark.parametrize(
    ("failure", "raised"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), OutputError),
        (LayoutError("custom.yaml:3: rows: broken"), LayoutError),
        (KeyboardInterrupt(), KeyboardInterrupt),
    ],
)
def test_writer_failing_midway_keeps_the_target_whole(
    good_pdf: Path, failure: BaseException, raised: type[BaseException]
) -> None:
    before = good_pdf.read_bytes()

    def half_then_fail(stream: BinaryIO) -> None:
        stream.write(b"%PDF-1.4 half")
        raise failure

    with pytest.raises(raised) as info:
        output.write_atomically(good_pdf, half_then_fail)
    if raised is OutputError:
        assert str(info.value) == f"{good_pdf}: cannot be written (No space left on device)"
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []


def test_stdout_gets_the_same_bytes_as_the_file(good_pdf: Path, run: Run) -> None:
    result = run("classic", "--out", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes == good_pdf.read_bytes()
    assert result.stderr == "wrote standard output: 1 page, 8 sheets (classic)\n"


def test_stdout_that_is_a_terminal_is_refused() -> None:
    leader, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "qwixx_print", "classic", "--out", "-"],
            stdout=terminal,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
        os.set_blocking(leader, False)
        try:
            shown = os.read(leader, 4096)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(terminal)
        os.close(leader)
    assert done.returncode == 2
    assert done.stderr == (
        "qwixx-print: -: will not write a PDF to a terminal: redirect it, e.g. > sheets.pdf\n"
    )
    assert shown == b""


MARKS = str(Path(__file__).parents[1] / "data" / "marks" / "lea.yaml")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args", [["classic", "--out", "-"], ["list"], ["validate", "classic"], ["score", MARKS]]
)
def test_full_standard_output_is_one_line_exit_2(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "qwixx_print", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert (done.returncode, done.stderr) == (
        2,
        "qwixx-print: -: cannot write to standard output (No space left on device)\n",
    )


@pytest.mark.parametrize("args", [["classic", "--out", "-"], ["list"], ["score", MARKS]])
def test_closed_pipe_ends_quietly_with_exit_2_without_a_success_message(args: list[str]) -> None:
    """``| head``: the reader has gone, which needs no message; exit 2, not 1 (issue 12.3)."""
    reader = subprocess.Popen(
        [sys.executable, "-m", "qwixx_print", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # before the program has written anything
    with reader.stderr:
        error = reader.stderr.read()
    assert (reader.wait(timeout=60), error) == (2, b"")


def test_a_reader_that_stops_mid_pdf_is_exit_2_not_success() -> None:
    """A reader that keeps the first 100 bytes of a large PDF and closes: the pipe takes
    part of the write, and the rest must fail, not be reported as written (newcomer)."""
    reader = subprocess.Popen(
        [sys.executable, "-m", "qwixx_print", "classic", "--out", "-", "--pages", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    time.sleep(0.2)
    assert reader.stdout.read(100).startswith(b"%PDF-")
    reader.stdout.close()
    with reader.stderr:
        error = reader.stderr.read()
    assert (reader.wait(timeout=60), error) == (2, b"")


def _with_closed(stream: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the CLI in a shell that closes ``stream`` (``>&-`` or ``2>&-``) first."""
    return subprocess.run(
        ["sh", "-c", f'exec "$0" -m qwixx_print "$@" {stream}', sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["classic", "--out", "-"],
        ["list"],
        ["validate", "classic"],
        ["score", MARKS],
        ["--help"],
        ["--version"],
        ["score", "-h"],
        [],
    ],
)
def test_closed_standard_output_is_one_line_exit_2(args: list[str]) -> None:
    done = _with_closed(">&-", *args)
    assert (done.returncode, done.stderr) == (
        2,
        "qwixx-print: -: cannot write to standard output: it is closed (>&-)\n",
    )


def test_closed_standard_error_still_writes_the_pdf_and_refuses_with_exit_2(
    tmp_path: Path,
) -> None:
    out = tmp_path / "sheets.pdf"
    done = _with_closed("2>&-", "classic", "--out", str(out))
    assert (done.returncode, done.stdout) == (0, f"wrote {out}: 1 page, 8 sheets (classic)\n")
    assert out.read_bytes().startswith(b"%PDF-")
    for args in (["nosuch-layout"], ["validate", str(out)], ["classic", "--pages", "x"]):
        done = _with_closed("2>&-", *args)
        assert (done.returncode, done.stdout) == (2, ""), args
    done = _with_closed(">&- 2>&-", "list")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "")


@pytest.mark.parametrize("pages", ["0", "100000", "-3"])
def test_pages_outside_the_range_are_refused_with_the_range(
    pages: str, tmp_path: Path, run: Run
) -> None:
    result = run("classic", "--pages", pages, "--out", str(tmp_path / "s.pdf"))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: Invalid value for '--pages': {pages} is not in the range 1<=x<=1000. "
        "(see 'qwixx-print print --help')\n",
    )
    assert list(tmp_path.iterdir()) == []


def test_pages_that_are_not_a_number_are_refused_in_plain_words(run: Run) -> None:
    result = run("classic", "--pages", "abc")
    assert (result.exit_code, result.stderr) == (
        2,
        "qwixx-print: Invalid value for '--pages': 'abc' is not a valid whole number. "
        "(see 'qwixx-print print --help')\n",
    )


def test_pipe_target_is_written_through_not_replaced(good_pdf: Path, run: Run) -> None:
    pipe = good_pdf.parent / "pipe.pdf"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()))
    reader.start()
    result = run("classic", "--out", str(pipe))
    reader.join(timeout=60)
    assert result.exit_code == 0
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert received == [good_pdf.read_bytes()]


def test_symlink_target_keeps_the_link_and_replaces_its_file(good_pdf: Path, run: Run) -> None:
    real = good_pdf.parent / "real.pdf"
    real.write_bytes(b"%PDF-1.4 an older print")
    link = good_pdf.parent / "link.pdf"
    link.symlink_to(real.name)
    assert run("classic", "--out", str(link)).exit_code == 0
    assert os.readlink(link) == "real.pdf"
    assert real.read_bytes() == good_pdf.read_bytes()


def test_file_name_too_long_is_refused(tmp_path: Path, run: Run) -> None:
    target = tmp_path / ("x" * 300 + ".pdf")
    result = run("classic", "--out", str(target))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {target}: cannot be written (File name too long)\n",
    )


def test_out_never_overwrites_a_file_that_is_not_a_pdf(tmp_path: Path, run: Run) -> None:
    marks = tmp_path / "game.pdf"
    marks.write_text("layout: classic\nplayers: []\n")
    before = marks.read_bytes()
    result = run("classic", "--out", str(marks))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {marks}: exists and is not a PDF: not overwritten (choose another name)\n",
    )
    assert marks.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "name", "kind"),
    [
        (["classic", "--out"], "game.yaml", "a PDF file name must end in .pdf"),
        (["classic", "--out"], "sheet.png", "a PDF file name must end in .pdf"),
        (["classic", "--preview"], "sheet.pdf", "a PNG file name must end in .png"),
    ],
)
def test_out_name_must_end_in_its_kind(
    tmp_path: Path, run: Run, args: list[str], name: str, kind: str
) -> None:
    target = tmp_path / name
    target.write_text("keep me")
    result = run(*args, str(target))
    assert (result.exit_code, result.stderr) == (2, f"qwixx-print: {target}: {kind}\n")
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_replacing_a_pdf_keeps_its_file_mode(mode: int, good_pdf: Path, run: Run) -> None:
    good_pdf.chmod(mode)
    result = run("classic", "--pages", "2", "--out", str(good_pdf))
    assert result.exit_code == 0, result.stderr
    assert stat.S_IMODE(good_pdf.stat().st_mode) == mode
    assert len(PdfReader(good_pdf).pages) == 2  # written anew


def test_new_pdf_gets_the_umask_mode(tmp_path: Path, run: Run) -> None:
    mask = os.umask(0o027)
    try:
        assert run("classic", "--out", str(tmp_path / "new.pdf")).exit_code == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.pdf").stat().st_mode) == 0o640


def _print_unprivileged(target: Path) -> subprocess.CompletedProcess[str]:
    """``qwixx-print classic --out TARGET`` run without root's power to write anywhere."""
    return subprocess.run(
        [*_unprivileged(), sys.executable, "-m", "qwixx_print", "classic", "--out", str(target)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _unprivileged() -> list[str]:
    """A command prefix that runs a program without root's power to write any file: none
    for a user, ``setpriv`` dropping the DAC override capabilities for root."""
    if os.geteuid() != 0:
        return []
    caps = "-dac_override,-dac_read_search"
    return ["setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]


def test_read_only_pdf_is_refused_even_for_root(tmp_path: Path, run: Run) -> None:
    """chmod 444 says "keep it": root could replace it, but is refused too (newcomer)."""
    target = tmp_path / "kept.pdf"
    target.write_bytes(b"%PDF-1.4 kept\n")
    target.chmod(0o444)
    result = run("classic", "--out", str(target))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {target}: is read-only: not replaced "
        "(make it writable, or choose another name)\n",
    )
    assert target.read_bytes() == b"%PDF-1.4 kept\n"


def test_a_pdf_name_of_250_characters_is_written(tmp_path: Path, run: Run) -> None:
    """The temporary file beside it must fit the 255-character limit too (newcomer)."""
    target = tmp_path / ("x" * 246 + ".pdf")
    result = run("classic", "--out", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes().startswith(b"%PDF-")
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(
    os.geteuid() == 0 and shutil.which("setpriv") is None, reason="root without setpriv"
)
def test_read_only_pdf_is_refused_in_one_line_and_kept(tmp_path: Path) -> None:
    """A file the user may not write is not replaced behind their back (renaming over it
    needs only the folder's permission)."""
    target = tmp_path / "priv.pdf"
    target.write_bytes(b"%PDF-1.4 kept\n")
    target.chmod(0o444)
    done = _print_unprivileged(target)
    assert (done.returncode, done.stderr) == (
        2,
        f"qwixx-print: {target}: is read-only: not replaced "
        "(make it writable, or choose another name)\n",
    )
    assert target.read_bytes() == b"%PDF-1.4 kept\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["classic", "--out", ""], "Invalid value for '--out' / '-o': an empty file name: "
         "give one, such as sheets.pdf"),
        (["simulate", "classic", "--plot", " "], "Invalid value for '--plot': an empty file "
         "name: give one, such as heat.png"),
        (["classic", "--preview", "{tmp}"], "Invalid value for '--preview': {tmp} is a folder; "
         "give a file name such as {tmp}/sheet.png"),
    ],
)  # fmt: skip
def test_an_empty_file_name_or_a_folder_for_a_file_is_said_in_our_words(
    tmp_path: Path, run: Run, args: list[str], message: str
) -> None:
    """``--out ''`` meant the current folder (newcomer); click's own "File '...' is a
    directory." is said as every other folder refusal."""
    result = run(*(a.format(tmp=tmp_path) for a in args))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"qwixx-print: {message.format(tmp=tmp_path)} (see ")
    assert result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_list_lines_up_every_description(run: Run) -> None:
    lines = run("list").stdout.splitlines()
    starts = {len(line) - len(line.split(maxsplit=1)[1]) for line in lines}
    assert len(lines) > 1 and len(starts) == 1


def test_score_out_a_folder_suggests_a_filled_pdf(tmp_path: Path, run: Run) -> None:
    """``score --out`` writes filled-in sheets: its help and its refusal say filled.pdf."""
    marks = tmp_path / "game.yaml"
    marks.write_text("layout: classic\nplayers:\n  - name: Ann\n", encoding="utf-8")
    result = run("score", str(marks), "--out", str(tmp_path))
    assert (result.exit_code, result.stderr) == (
        2,
        f"qwixx-print: {tmp_path}: is a folder; give a file name such as {tmp_path}/filled.pdf\n",
    )
