#!/usr/bin/env python3
"""Bytes per extra page of every shipped layout (issue 16: < 1 kB classic, < 4 kB Longo).

    .venv/bin/python benchmarks/pages.py

Renders each layout with ``--pages 1`` and ``--pages 101`` (8 per A4 page, seed 1) in
process and prints (size of 101 pages - size of 1 page) / 100. Sheets that differ from each
other (Connected slips, Longo lucky numbers; RULES.md §4) cost a small form each: slips one
per slip for the whole run, lucky numbers one per sheet of every page.
"""

from __future__ import annotations

import io

from qwixx_print import api, catalogue

TARGETS = {"classic": 1024, "longo": 4096}
"""Bytes per extra page that issue 16 allows."""


def size(name: str, pages: int) -> int:
    """Bytes of the PDF of ``pages`` pages of ``name``."""
    out = io.BytesIO()
    api.render([api.checked(name)], pages, out, seed=1)
    return len(out.getvalue())


def main() -> None:
    print("| layout | 1 page | 101 pages | per extra page | target |")
    print("| --- | --- | --- | --- | --- |")
    for name in catalogue.shipped_names():
        one, many = size(name, 1), size(name, 101)
        per = (many - one) / 100
        target = TARGETS.get(name)
        verdict = "" if target is None else f"< {target} B: {'met' if per < target else 'NOT met'}"
        print(f"| {name} | {one:,} B | {many:,} B | {per:,.0f} B | {verdict} |")


if __name__ == "__main__":
    main()
