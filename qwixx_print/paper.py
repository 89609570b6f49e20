"""Paper sizes and sheets per page: the choices of ``--paper`` and ``--per-page``.

Plain data, so the CLI can offer them without importing the geometry.
"""

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes, portrait, in mm (ISO 216 A4; US Letter 8.5 x 11 in)."""

PER_PAGE = (1, 2, 4, 8)
"""Sheets per page the imposition offers."""
