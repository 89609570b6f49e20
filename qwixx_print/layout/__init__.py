"""Layouts: the frozen dataclasses of a score sheet (:mod:`~qwixx_print.layout.model`) and
their loading from YAML (:mod:`~qwixx_print.layout.reading`; each mechanic's key by
:mod:`~qwixx_print.layout.variant_keys`).

A layout is data only (docs/layout-format.md). Loading checks the schema (keys, types, ranges,
colour names) and raises :class:`~qwixx_print.errors.LayoutError` located as
``file:line: rows[2].fields[10]: ...``; the game's invariants (RULES.md §3) are checked
afterwards by :func:`qwixx_print.rules.validate`.
"""

from __future__ import annotations

from qwixx_print.errors import LayoutError
from qwixx_print.layout.model import (
    MAX_FIELDS,
    MAX_ROWS,
    PALETTE,
    SQUARE_DICE,
    BonusRow,
    End,
    Field,
    Layout,
    Link,
    LuckyDraw,
    Row,
    Slip,
    ValueTrack,
)
from qwixx_print.layout.nodes import SIZE_KEYS
from qwixx_print.layout.reading import TOP_KEYS, from_doc, load

__all__ = [
    "MAX_FIELDS",
    "MAX_ROWS",
    "PALETTE",
    "SIZE_KEYS",
    "SQUARE_DICE",
    "TOP_KEYS",
    "BonusRow",
    "End",
    "Field",
    "Layout",
    "LayoutError",
    "Link",
    "LuckyDraw",
    "Row",
    "Slip",
    "ValueTrack",
    "from_doc",
    "load",
]
