"""The operations behind the CLI, callable from Python: find and check layouts, print them.

``render`` imports reportlab only when called, so importing this module stays light.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from qwixx_print import geometry, layout, marks, rules
from qwixx_print.errors import LayoutError, OutputError
from qwixx_print.layout import Layout
from qwixx_print.output import write_atomically


def problems(sheet: Layout) -> list[str]:
    """Every broken invariant of ``sheet`` (RULES.md §3, and fitting on the sheet) as a
    located one-line message; empty when the layout is valid."""
    found = rules.validate(sheet) + geometry.fit_problems(sheet)
    return [sheet.locate(p.place, p.message) for p in found]


def checked(name_or_path: str) -> Layout:
    """The layout ``name_or_path`` (shipped name or YAML path), loaded and validated.

    Raises LayoutError with the first problem (and how many more) when it is not valid.
    """
    sheet = layout.find(name_or_path)
    found = problems(sheet)
    if found:
        more = f" (and {len(found) - 1} more: run 'qwixx-print validate')" if len(found) > 1 else ""
        raise LayoutError(found[0] + more)
    return sheet


def render(
    sheets: Sequence[Layout], pages: int, stream: BinaryIO, paper: str = "a4", per_page: int = 8
) -> None:
    """Write the PDF of ``pages`` pages per layout in ``sheets`` to ``stream``
    (see :func:`qwixx_print.draw.render`)."""
    from qwixx_print import draw

    draw.render(sheets, pages, stream, paper=paper, per_page=per_page)


def print_sheets(
    sheets: Sequence[Layout], out: Path | None, pages: int, paper: str = "a4", per_page: int = 8
) -> Path | None:
    """Render ``sheets`` to ``out`` (``None``: standard output), atomically; return ``out``.

    Raises OutputError when standard output is a terminal or ``out`` cannot be written.
    """
    if out is None:
        if sys.stdout.isatty():
            raise OutputError(
                "-: will not write a PDF to a terminal: redirect it, e.g. > sheets.pdf"
            )
        whole = io.BytesIO()
        render(sheets, pages, whole, paper, per_page)
        sys.stdout.buffer.write(whole.getvalue())
        sys.stdout.buffer.flush()
        return None
    write_atomically(out, lambda stream: render(sheets, pages, stream, paper, per_page))
    return out


def score(source: str) -> marks.Game:
    """Load the marks file ``source`` (``-``: standard input) with a checked layout and score
    it (see :func:`qwixx_print.marks.score`). Raises MarksError, LayoutError or
    RuleViolation with a located one-line message."""
    return marks.score(marks.load(source, find=checked))


def write_filled(game: marks.Game, out: Path) -> Path:
    """Write the filled-in sheets of ``game`` as a PDF to ``out``, atomically (see
    :func:`qwixx_print.draw.filled.render`); raises OutputError when it cannot be written."""
    from qwixx_print.draw import filled

    write_atomically(out, lambda stream: filled.render(game, stream))
    return out
