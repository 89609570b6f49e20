"""Readers of single values of a layout file, shared by the readers of its rows
(:mod:`~qwixx_print.layout.reading`) and of its mechanics
(:mod:`~qwixx_print.layout.variant_keys`): colours, ids, whole numbers in a range. Each
raises :class:`~qwixx_print.errors.LayoutError` located at its node.
"""

from __future__ import annotations

import re

from qwixx_print.doc import Node

HEX = re.compile(r"#[0-9a-fA-F]{6}")
"""A colour's sRGB hex code."""

ID = re.compile(r"[a-z][a-z0-9_-]{0,30}")
"""A row id or colour name: a lowercase word."""

SIZE_KEYS = ("size", "width", "height", "field_size", "font_size", "scale", "margin")
"""Keys a designer may try but a layout has none of: sizes follow from the sheet geometry."""

NO_SIZES = {
    key: f"a layout sets no sizes ('{key}'): fields are sized to fit the sheet, "
    "so use fewer rows or fields for bigger ones"
    for key in SIZE_KEYS
}
"""The message of each of :data:`SIZE_KEYS`, for ``Node.mapping``'s ``explained``."""


def colour(node: Node, table: dict[str, str]) -> str:
    """A known colour name of ``table``, or a hex code that becomes its own name (added to
    ``table``)."""
    name = node.text(30)
    if name in table:
        return name
    if HEX.fullmatch(name):
        table[name.lower()] = name.lower()
        return name.lower()
    node.fail(
        f"unknown colour '{name}': use one of {', '.join(table)} or a hex code like \"#e2231a\""
    )


def int_in(keys: dict[str, Node], key: str, default: int, low: int, high: int) -> int:
    """The whole number ``low``..``high`` at ``key`` of ``keys``, ``default`` without it."""
    return keys[key].integer(low, high) if key in keys else default
