"""Safe output: a file is written to a temporary file beside it and renamed only when the
whole content is there, so a failing run never leaves a half-written or clobbered file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from qwixx_print.errors import OutputError


def write_atomically(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Call ``write`` with a binary stream, then move what it wrote to ``path``.

    The temporary file lives in ``path``'s folder (same file system, so the rename is
    atomic). If ``write`` raises, the temporary file is removed and ``path`` is untouched.
    Raises :class:`OutputError` when the folder is missing or not writable, or ``path`` is a
    folder.
    """
    folder = path.parent
    if not folder.is_dir():
        raise OutputError(f"{path}: the folder {folder} does not exist")
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name such as {path / 'sheets.pdf'}")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write in {folder} ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise OutputError(f"{path}: cannot be written ({exc.strerror})") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
