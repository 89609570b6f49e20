"""Where qwixx-print writes at run time: the user's own folders (platformdirs), never the
installed package, which stays read-only (a reinstall, a read-only install or a shared install
all keep working).

- the cache (the compiled simulator): ``platformdirs.user_cache_dir("qwixx-print")``, e.g.
  ``~/.cache/qwixx-print`` on Linux; the environment variable ``QWIXX_PRINT_CACHE`` names
  another folder;
- the data (the web counter's database): ``platformdirs.user_data_dir("qwixx-print")``, e.g.
  ``~/.local/share/qwixx-print``.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

CACHE_VARIABLE = "QWIXX_PRINT_CACHE"
"""The environment variable that moves the cache folder."""

APP = "qwixx-print"


def cache_folder() -> Path:
    """The cache folder: ``$QWIXX_PRINT_CACHE`` if set and not empty, else the user's cache
    folder for qwixx-print. It may not exist yet."""
    given = os.environ.get(CACHE_VARIABLE, "")
    if given:
        return Path(given).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def data_folder() -> Path:
    """The user's data folder for qwixx-print (it may not exist yet)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def kernel_cache() -> tuple[Path, bool]:
    """The folder of the compiled simulator (``kernel`` in :func:`cache_folder`), made if
    missing, and whether it is that lasting folder. Where it cannot be made or written (a
    read-only home, a bad ``$QWIXX_PRINT_CACHE``), a fresh temporary folder serves this
    process only and is removed at exit: the simulator then compiles anew on every run, and
    never writes beside its own code."""
    folder = cache_folder() / "kernel"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-")  # noqa: SIM115
        probe.close()
    except OSError:
        temporary = Path(tempfile.mkdtemp(prefix="qwixx-print-kernel-"))
        atexit.register(shutil.rmtree, temporary, ignore_errors=True)
        return temporary, False
    return folder, True
