"""The operations behind the CLI, callable from Python: find and check layouts, print them.

``render`` imports reportlab only when called, so importing this module stays light.
"""

from __future__ import annotations

import io
import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from qwixx_print import catalogue, labels, layout
from qwixx_print.catalogue import checked as checked
from qwixx_print.catalogue import rule_problems
from qwixx_print.errors import LayoutError, OutputError
from qwixx_print.layout import Layout
from qwixx_print.output import (
    FILLED,
    PDF,
    PNG,
    Kind,
    make_folder,
    stdout,
    to_stdout,
    write_atomically,
)

if TYPE_CHECKING:
    from qwixx_print import marks
    from qwixx_print.generate import Generated, Recipe


def problems(sheet: Layout, langs: Sequence[str] = labels.LANGUAGES) -> list[str]:
    """Every broken invariant of ``sheet`` (RULES.md §3, fitting on the sheet, and every
    label printable in each of ``langs``) as a located one-line message; empty when the
    layout is valid. The label check needs the font, so it imports the draw package (only
    when the layout passed the other checks)."""
    found = rule_problems(sheet)
    if not found:
        from qwixx_print.draw import check

        found = check.label_problems(sheet, langs)
    return [sheet.locate(p.place, p.message) for p in found]


def from_text(data: bytes, shown: str, default_name: str = "my-layout") -> Layout:
    """A layout from the YAML bytes ``data`` (an upload: ``shown`` names it in messages),
    read as strictly as a layout file (:func:`qwixx_print.yamldoc.parse`: at most 1 MB, no
    tags, aliases or duplicate keys) and built by the same schema; not yet checked against
    the rules (see :func:`problems`). Raises LayoutError, located, when it cannot be read."""
    from qwixx_print.yamldoc import parse  # imports PyYAML

    return layout.from_doc(parse(data, shown, LayoutError), default_name)


def bytes_of(write: Callable[[BinaryIO], None]) -> bytes:
    """What ``write`` writes to a binary stream, whole, as bytes (a PDF or PNG for the web
    page or standard output)."""
    whole = io.BytesIO()
    write(whole)
    return whole.getvalue()


def pdf_bytes(
    sheets: Sequence[Layout],
    pages: int,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    seed: int = 0,
) -> bytes:
    """The PDF that :func:`render` writes, as bytes: the same bytes as the CLI's file for
    the same options and ``seed`` (reportlab's invariant mode: no date, no random document
    id)."""
    return bytes_of(lambda stream: render(sheets, pages, stream, paper, per_page, lang, seed))


def preview_png(sheet: Layout, lang: str = labels.DEFAULT_LANG, px_per_mm: float = 4.0) -> bytes:
    """One sheet of ``sheet`` as PNG bytes, ``px_per_mm`` pixels per mm (see
    :func:`qwixx_print.draw.preview`). Raises LayoutError for a label that cannot be drawn."""
    from qwixx_print import draw

    return bytes_of(lambda stream: draw.preview(sheet, stream, lang, px_per_mm))


def render(
    sheets: Sequence[Layout],
    pages: int,
    stream: BinaryIO,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    seed: int = 0,
) -> None:
    """Write the PDF of ``pages`` pages per layout in ``sheets`` to ``stream``, labels in
    ``lang``, lucky numbers drawn from ``seed`` (see :func:`qwixx_print.draw.render`)."""
    from qwixx_print import draw

    draw.render(sheets, pages, stream, paper=paper, per_page=per_page, lang=lang, seed=seed)


def preview(sheet: Layout, out: Path, lang: str = labels.DEFAULT_LANG) -> Path:
    """Write one sheet of ``sheet`` as a PNG to ``out`` (atomically) and return ``out``
    (see :func:`qwixx_print.draw.preview`). Raises OutputError when it cannot be written."""
    from qwixx_print import draw

    write_atomically(out, lambda stream: draw.preview(sheet, stream, lang), PNG)
    return out


def heat_map(sheet: Layout, report: Mapping[str, Any], out: Path) -> Path:
    """Write the heat map of a ``simulate`` report of ``sheet`` as a PNG to ``out``
    (atomically) and return ``out`` (see :func:`qwixx_print.draw.heat.heat_map`). Raises
    OutputError when it cannot be written."""
    from qwixx_print.draw import heat

    write_atomically(out, lambda stream: heat.heat_map(sheet, report, stream), PNG)
    return out


DEFAULT_FOLDER = Path("output")
"""Where PDFs go when no ``--out`` is given, relative to the working folder."""


def default_out(sheets: Sequence[Layout], names: Sequence[str]) -> Path:
    """The PDF for ``sheets``, given as the LAYOUT arguments ``names``: ``output/NAME.pdf``
    for one layout, named after its file for a path (``my-sheet.yaml``:
    ``output/my-sheet.pdf``, whatever its ``name:``), ``output/sheets.pdf`` for several;
    creates the ``output`` folder. Raises OutputError when it cannot be created."""
    make_folder(DEFAULT_FOLDER)
    if len(names) != 1:
        return DEFAULT_FOLDER / "sheets.pdf"
    name = Path(names[0]).stem if catalogue.is_path(names[0]) else sheets[0].name
    return DEFAULT_FOLDER / f"{name}.pdf"


def print_sheets(
    sheets: Sequence[Layout],
    out: Path | None,
    pages: int,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    seed: int = 0,
) -> Path | None:
    """Render ``sheets`` to ``out`` (``None``: standard output), atomically; return ``out``.
    ``seed`` draws the lucky numbers of sheets that have them (RULES.md §4 Longo): the same
    seed gives the same PDF, byte for byte.

    Raises OutputError when standard output is a terminal, closed or full, or ``out`` cannot
    be written.
    """
    return _write_pdf(
        out, lambda stream: render(sheets, pages, stream, paper, per_page, lang, seed)
    )


def new_seed() -> int:
    """A fresh seed for the lucky numbers of a print run (0 to 999999), from the system's
    randomness: ``--seed`` gives it back to reprint the same pages."""
    import random

    return random.SystemRandom().randrange(1_000_000)


def _write_pdf(
    out: Path | None, write: Callable[[BinaryIO], None], kind: Kind = PDF
) -> Path | None:
    """Let ``write`` write a PDF (``kind``) to ``out`` atomically, or whole to standard
    output (``None``); return ``out``. Raises OutputError when standard output is a
    terminal, closed or full, or ``out`` cannot be written."""
    if out is None:
        if stdout().isatty():
            raise OutputError(
                "-: will not write a PDF to a terminal: redirect it, e.g. > sheets.pdf"
            )
        to_stdout(bytes_of(write))
        return None
    write_atomically(out, write, kind)
    return out


def unprintable_name(sheet: Layout, name: str) -> str | None:
    """Why the filled-in sheets of ``sheet`` (as :func:`filled_pdf` draws them) cannot
    print the player's ``name``, in one line naming the character the font lacks or the
    room the name needs (:func:`qwixx_print.scene.shapes.name_misfit`, the rule ``score``
    checks); None when they can."""
    from qwixx_print.scene import shapes

    misfit = shapes.name_misfit(sheet, name)
    return None if misfit is None else misfit.reason


def score(source: str) -> marks.ScoredGame:
    """Load the marks file or game log ``source`` (``-``: standard input) with a checked
    layout and score it (see :func:`qwixx_print.marks.score`; a log is replayed move by move
    by :func:`qwixx_print.play.log.from_doc`), and check that every player's name prints on a
    filled-in sheet (:func:`qwixx_print.draw.filled.check_names`: the same limits with or
    without ``--out``). Raises MarksError, LayoutError, RuleViolation or GameLogError with a
    located one-line message."""
    from qwixx_print import marks
    from qwixx_print.draw import filled
    from qwixx_print.play import log

    doc, base = marks.read_source(source)
    if log.is_log(doc):
        game = log.scored(log.from_doc(doc, base=base), doc)
    else:
        game = marks.score(marks.from_doc(doc, base))
    filled.check_names(game)
    return game


def filled_pdf(game: marks.ScoredGame) -> bytes:
    """The filled-in sheets of ``game`` as PDF bytes, as :func:`write_filled` writes them
    with its defaults (A4, 8 per page, English)."""
    from qwixx_print.draw import filled

    return bytes_of(lambda stream: filled.render(game, stream))


def write_filled(
    game: marks.ScoredGame,
    out: Path | None,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
) -> Path | None:
    """Write the filled-in sheets of ``game`` as a PDF to ``out`` (``None``: standard
    output), atomically, ``per_page`` on ``paper`` with labels in ``lang`` (see
    :func:`qwixx_print.draw.filled.render`); return ``out``. Raises OutputError as
    :func:`print_sheets` does."""
    from qwixx_print.draw import filled

    return _write_pdf(
        out, lambda stream: filled.render(game, stream, paper, per_page, lang), FILLED
    )


def recipe(family: str | None, source: str | None = None, shuffle: str | None = None) -> Recipe:
    """What ``generate`` makes: ``family``, or the layout ``source`` (a shipped name or a
    path, checked) with its ``shuffle`` aspect dealt anew. Raises GenerateError (an unknown
    family, nothing to shuffle) or LayoutError (a broken ``source``)."""
    from qwixx_print import generate as gen

    if source is not None:
        return gen.from_recipe(checked(source), source, shuffle or "")
    return gen.family_recipe(family or "")


def generate(
    made: Recipe, seed: int, count: int = 1, players: int = 4, budget: float = 30.0
) -> list[Generated]:
    """``count`` balanced sheets of ``made`` (:func:`recipe`), seeds ``seed .. seed +
    count - 1``, each searched for at most ``budget`` seconds (see
    :func:`qwixx_print.generate.search`). Raises GenerateError when one finds no balanced
    sheet in time."""
    from qwixx_print.generate import balance, search

    judge = balance.Judge(made.twin, players)
    return [search(made, seed + k, players, budget, judge) for k in range(count)]


def print_generated(
    sheets: Sequence[Generated],
    out: Path,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    pages: int = 1,
) -> Path:
    """Write the PDF of generated ``sheets`` to ``out`` (atomically): each sheet its own
    form with its seed printed small, ``per_page`` different sheets a page (one sheet: a page
    of copies; slips dealt in turn and lucky numbers drawn from the first sheet's seed),
    ``pages`` times over (see :func:`qwixx_print.draw.render_sheets`). Raises
    OutputError."""
    write_atomically(out, _generated_pdf(sheets, paper, per_page, lang, pages))
    return out


def generated_pdf_bytes(
    sheets: Sequence[Generated],
    paper: str = "a4",
    per_page: int = 8,
    lang: str = labels.DEFAULT_LANG,
    pages: int = 1,
) -> bytes:
    """The PDF :func:`print_generated` writes, as bytes: the same bytes as its file
    (reportlab's invariant mode)."""
    return bytes_of(_generated_pdf(sheets, paper, per_page, lang, pages))


def _generated_pdf(
    sheets: Sequence[Generated], paper: str, per_page: int, lang: str, pages: int
) -> Callable[[BinaryIO], None]:
    from qwixx_print import draw

    notes = [(sheet.layout, sheet.note) for sheet in sheets]
    seed = sheets[0].seed  # the lucky numbers' too: the same command, the same PDF
    return lambda stream: draw.render_sheets(notes, stream, paper, per_page, lang, pages, seed)


def check_generated_target(out: Path, force: bool = False) -> None:
    """Check that ``out`` can take a generated layout: nothing there, or a file that
    ``generate`` wrote and nobody edited since (its seal matches,
    :func:`qwixx_print.generate.yamlfile.unedited`); with ``force`` an edited generated file
    too. A file that does not start with the generated header is never replaced. Raises
    OutputError naming ``--force`` for an edited one (issue 20 item 4)."""
    from qwixx_print.generate import yamlfile
    from qwixx_print.output import GENERATED, check_target

    target, mode = check_target(out, GENERATED)
    if force or mode is None or not stat.S_ISREG(mode):
        return
    try:
        data = target.read_bytes()
    except OSError as exc:
        raise OutputError(f"{out}: cannot be read ({exc.strerror})") from None
    if data and not yamlfile.unedited(data):
        why = "edited since generate wrote it"
        if yamlfile.SEAL.encode() not in data:
            why = "has no seal line (edited, or written by an older qwixx-print)"
        raise OutputError(
            f"{out}: {why}: not replaced (--force replaces it; or choose another --out)"
        )


def write_generated(sheet: Generated, out: Path, force: bool = False) -> Path:
    """Write a generated sheet's YAML to ``out`` (atomically) and return ``out``; an
    existing file is replaced only as :func:`check_generated_target` allows. Raises
    OutputError."""
    from qwixx_print.output import GENERATED

    check_generated_target(out, force)
    data = sheet.text.encode("utf-8")

    def write(stream: BinaryIO) -> None:
        stream.write(data)

    write_atomically(out, write, GENERATED)
    return out
