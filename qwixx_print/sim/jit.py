"""numba's ``njit``, set to cache compiled code in the user's cache folder
(:func:`qwixx_print.folders.kernel_cache`), never beside the package's source: the installed
package stays read-only at run time. Import ``njit`` from here, never from numba."""

from __future__ import annotations

import os

from qwixx_print import folders

CACHE, LASTING = folders.kernel_cache()
"""The folder the compiled kernel is cached in, and whether it outlasts this process."""

os.environ["NUMBA_CACHE_DIR"] = str(CACHE)  # numba reads it when first imported ...
from numba.core import config  # noqa: E402

config.CACHE_DIR = str(CACHE)  # type: ignore[attr-defined]  # ... and if imported before
from numba import njit  # noqa: E402

__all__ = ["CACHE", "LASTING", "njit"]
