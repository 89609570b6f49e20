"""numba's ``njit``, set to cache compiled code in the user's cache folder
(:func:`qwixx_print.folders.kernel_cache`), never beside the package's source: the installed
package stays read-only at run time. Import ``njit`` from here, never from numba.

numba's disk cache notices a change of the compiled function's own file only; the kernels
also compile in constants of other modules (index constants of :mod:`qwixx_print.sim.tables`,
strategy codes of :mod:`qwixx_print.sim.strategy`). So the cache lives in a subfolder named
by a digest of every source file of :mod:`qwixx_print.sim` (:data:`CACHE`): a changed source
is a new folder, never a stale kernel. (The strong bot's weights are data, not constants:
:attr:`qwixx_print.sim.tables.KernelTables.weights`.)"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from qwixx_print import folders


def source_digest() -> str:
    """The first 16 hex digits of the SHA-256 of the sources of :mod:`qwixx_print.sim`
    (file names and contents, in name order)."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


ROOT, LASTING = folders.kernel_cache()
"""The folder of every compiled kernel, and whether it outlasts this process."""
CACHE = ROOT / source_digest()
"""The folder this version of the kernel is cached in (in :data:`ROOT`)."""
CACHE.mkdir(exist_ok=True)

os.environ["NUMBA_CACHE_DIR"] = str(CACHE)  # numba reads it when first imported ...
from numba.core import config  # noqa: E402

config.CACHE_DIR = str(CACHE)  # type: ignore[attr-defined]  # ... and if imported before
from numba import njit  # noqa: E402

__all__ = ["CACHE", "LASTING", "ROOT", "njit", "source_digest"]
