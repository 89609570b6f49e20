"""Safe output: a file is written to a temporary file beside it and renamed only when the
whole content is there, so a failing run never leaves a half-written or clobbered file; and
standard output that cannot be written is a one-line error, not a traceback."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, NamedTuple, TextIO

from qwixx_print.errors import OutputError


class Kind(NamedTuple):
    """A kind of file we write: its ``name``, the ``suffix`` its file name must end in and
    the ``magic`` bytes it starts with."""

    name: str
    suffix: str
    magic: bytes


PDF = Kind("PDF", ".pdf", b"%PDF-")
PNG = Kind("PNG", ".png", b"\x89PNG\r\n\x1a\n")


def stdout() -> TextIO:
    """Standard output; raises OutputError when the program was started without one
    (``>&-``: Python then has ``sys.stdout`` set to ``None``)."""
    if sys.stdout is None:
        raise OutputError("-: cannot write to standard output: it is closed (>&-)")
    return sys.stdout


def to_stdout(data: str | bytes) -> None:
    """Write ``data`` (text, or bytes such as a PDF) to standard output and flush it.

    Raises OutputError when it cannot be written (``> /dev/full``: a full disk, an I/O
    error; ``>&-``: closed). A closed pipe (``| head -1``) stays a BrokenPipeError: the CLI
    ends quietly with status 2 (see :func:`drop_stdout`), a reader that has gone needs no
    message.
    """
    stream = stdout()
    try:
        if isinstance(data, bytes):
            _write_all(stream, data)
        else:
            stream.write(data)
            stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"-: cannot write to standard output ({exc.strerror})") from None


def _write_all(stream: TextIO, data: bytes) -> None:
    """Write ``data`` to the file under ``stream`` until all of it is written: a pipe whose
    reader stops mid-way takes part of a large write, and only the next write fails (with
    BrokenPipeError), so a short write is never taken for the whole."""
    stream.flush()
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation: a stream in memory (tests)
        stream.buffer.write(data)
        stream.buffer.flush()
        return
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def drop_stdout() -> None:
    """Point standard output at the null device after its reader has gone (a
    BrokenPipeError), so the interpreter's last flush at exit has nowhere to fail."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


def _check_kind(path: Path, target: Path, mode: int | None, kind: Kind) -> None:
    """Refuse a regular-file target whose name does not end in ``kind.suffix``, or an
    existing file that is not already of ``kind``: a layout, a marks file or anything else a
    typo names is never overwritten."""
    if path.suffix.lower() != kind.suffix:
        raise OutputError(f"{path}: a {kind.name} file name must end in {kind.suffix}")
    if mode is not None and stat.S_ISREG(mode):
        try:
            with target.open("rb") as existing:
                start = existing.read(len(kind.magic))
        except OSError as exc:
            raise OutputError(f"{path}: cannot be read ({exc.strerror})") from None
        if start != kind.magic and start:
            raise OutputError(
                f"{path}: exists and is not a {kind.name}: not overwritten (choose another name)"
            )


def check_target(path: Path, kind: Kind = PDF) -> tuple[Path, int | None]:
    """Check, before any work, that ``path`` can take a file of ``kind`` (the checks of
    :func:`write_atomically`); returns the real target (a symbolic link followed) and its
    ``st_mode`` (``None``: nothing there yet). A regular file without write permission for
    anyone is refused even for root (read-only means "keep it"). Raises
    :class:`OutputError`."""
    try:
        target = Path(os.path.realpath(path)) if path.is_symlink() else path
        mode, folder_mode = _mode(target), _mode(target.parent)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror})") from None
    if folder_mode is None or not stat.S_ISDIR(folder_mode):
        what = "does not exist" if folder_mode is None else "is a file, not a folder"
        raise OutputError(f"{path}: the folder {target.parent} {what}")
    if mode is not None and stat.S_ISDIR(mode):
        example = path / f"sheets{kind.suffix}"
        raise OutputError(f"{path}: is a folder; give a file name such as {example}")
    if mode is None or stat.S_ISREG(mode):
        _check_kind(path, target, mode, kind)
    writable = mode is not None and mode & 0o222 and os.access(target, os.W_OK)
    if mode is not None and stat.S_ISREG(mode) and not writable:
        raise OutputError(
            f"{path}: is read-only: not replaced (make it writable, or choose another name)"
        )
    return target, mode


def write_atomically(path: Path, write: Callable[[BinaryIO], None], kind: Kind = PDF) -> None:
    """Call ``write`` with a binary stream, then move what it wrote to ``path``.

    The temporary file lives in ``path``'s folder (same file system, so the rename is
    atomic). If ``write`` raises, the temporary file is removed and ``path`` is untouched.
    A symbolic link is followed (the file it points to is replaced, the link stays); a file
    replaced keeps its permission bits (``chmod 600`` stays 600), a new one gets 0666 less
    the umask; a target that exists but is no regular file (``/dev/null``, a pipe) is
    written to directly and never replaced. A file path must end in ``kind.suffix``, and an
    existing file there must be empty or of that ``kind`` already (see :func:`_check_kind`).
    Raises :class:`OutputError` when the folder is missing or not writable, ``path`` is a
    folder, a file the user may not write or that has no write permission for anyone (even
    for root: read-only means "keep it"; refused, not replaced) or cannot be
    looked at (e.g. a name too long), or the checks of ``kind`` fail.
    """
    target, mode = check_target(path, kind)
    folder = target.parent
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(path, write)
        return
    try:
        # the temporary name holds at most 200 characters of the target's: ~15 are added,
        # and a file name has at most 255
        handle, temp = tempfile.mkstemp(prefix=f".{target.name[:200]}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write in {folder} ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
        os.chmod(temp, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise OutputError(f"{path}: cannot be written ({exc.strerror})") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _mode(path: Path) -> int | None:
    """``st_mode`` of ``path``, or ``None`` when nothing is there."""
    try:
        return path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None


def _write_in_place(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Write to a device or pipe at ``path``: nothing there to keep whole."""
    try:
        with path.open("wb") as stream:
            write(stream)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror})") from None


def make_folder(folder: Path) -> None:
    """Create ``folder`` (one level) unless it exists; raises :class:`OutputError` when it
    cannot be created or a file of that name is in the way."""
    try:
        folder.mkdir(exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{folder}: is a file, not a folder: give --out FILE.pdf") from None
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create the folder ({exc.strerror})") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
