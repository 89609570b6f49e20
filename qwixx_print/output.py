"""Safe output: a file is written to a temporary file beside it and renamed only when the
whole content is there, so a failing run never leaves a half-written or clobbered file."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from qwixx_print.errors import OutputError


def write_atomically(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Call ``write`` with a binary stream, then move what it wrote to ``path``.

    The temporary file lives in ``path``'s folder (same file system, so the rename is
    atomic). If ``write`` raises, the temporary file is removed and ``path`` is untouched.
    A symbolic link is followed (the file it points to is replaced, the link stays); a target
    that exists but is no regular file (``/dev/null``, a pipe) is written to directly and never
    replaced. Raises :class:`OutputError` when the folder is missing or not writable, ``path``
    is a folder or cannot be looked at (e.g. a name too long).
    """
    try:
        target = Path(os.path.realpath(path)) if path.is_symlink() else path
        mode, folder_mode = _mode(target), _mode(target.parent)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror})") from None
    folder = target.parent
    if folder_mode is None or not stat.S_ISDIR(folder_mode):
        what = "does not exist" if folder_mode is None else "is a file, not a folder"
        raise OutputError(f"{path}: the folder {folder} {what}")
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"{path}: is a folder; give a file name such as {path / 'sheets.pdf'}")
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(path, write)
        return
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write in {folder} ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
        os.chmod(temp, 0o666 & ~_umask())
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
