"""The commands about sheets: ``print``, ``list``, ``validate`` and ``score``."""

from __future__ import annotations

from pathlib import Path

import click

from qwixx_print.cli.group import cli
from qwixx_print.cli.params import (
    FilePath,
    UserError,
    WholeNumber,
    complete_files,
    complete_layouts,
    count_option,
    given_options,
    lang_option,
    paper_option,
    per_page_option,
    say,
)
from qwixx_print.errors import LayoutError, counted


def _refuse_with_preview(names: tuple[str, ...]) -> None:
    """Refuse what ``--preview`` cannot do: show several layouts, or honour an option that
    shapes the PDF (``--out``, ``--pages``, ``--paper``, ``--per-page``) given beside it."""
    if len(names) > 1:
        raise UserError(f"--preview shows one layout, got {len(names)}: {', '.join(names)}")
    given = given_options("out", "pages", "paper", "per_page", "seed")
    if given:
        verb, it = ("does", "it") if len(given) == 1 else ("do", "them")
        raise UserError(
            f"--preview writes one sheet as a PNG, without a PDF: {', '.join(given)} "
            f"{verb} not apply (drop {it}, or drop --preview)"
        )


@cli.command("print")
@click.argument(
    "names", nargs=-1, required=True, metavar="LAYOUT...", shell_complete=complete_layouts
)
@click.option(
    "--out",
    "-o",
    type=FilePath("sheets.pdf", folder_ok=True, dash=True),
    help="PDF to write ('-': standard output). Default: output/LAYOUT.pdf (a file's name "
    "without .yaml), for several layouts output/sheets.pdf.",
)
@count_option("--pages", 1000, 1, "Pages per layout.")
@paper_option
@per_page_option
@lang_option
@click.option(
    "--preview",
    type=FilePath("sheet.png"),
    help="Write one sheet as a PNG picture to this file instead of the PDF.",
)
@click.option(
    "--seed",
    type=WholeNumber(0, 999_999),
    metavar="N",
    help="Draw the lucky numbers (Longo) from this seed: the same seed prints the same "
    "pages. Default: a new one, shown when used.",
)
def print_command(
    names: tuple[str, ...],
    out: Path | None,
    pages: int,
    paper: str,
    per_page: str,
    lang: str,
    preview: Path | None,
    seed: int | None,
) -> None:
    """Write a PDF of LAYOUT sheets (several layouts: one after the other)."""
    from qwixx_print import api

    if preview is not None:
        _refuse_with_preview(names)
    sheets = [api.checked(name) for name in names]
    if preview is not None:
        click.echo(f"wrote {api.preview(sheets[0], preview, lang)}: one sheet ({sheets[0].name})")
        return
    if out is None:
        out = api.default_out(sheets, names)
    target = None if str(out) == "-" else out
    drawn = any(sheet.lucky_draw is not None for sheet in sheets)
    if seed is None:
        seed = api.new_seed() if drawn else 0
    api.print_sheets(sheets, target, pages, paper, int(per_page), lang, seed)
    count = pages * len(sheets)
    summary = f"{counted(count, 'page')}, {counted(count * int(per_page), 'sheet')}"
    if drawn:
        summary += f", lucky numbers of --seed {seed}"
    click.echo(
        f"wrote {target or 'standard output'}: {summary} ({', '.join(s.name for s in sheets)})",
        err=target is None,
    )


@cli.command("list")
def list_command() -> None:
    """List the shipped layouts, one per line, with their other names (aliases)."""
    from qwixx_print import catalogue, output

    names = catalogue.shipped_names()
    width = max(len(name) for name in names)
    for name in names:
        sheet = catalogue.find(name)
        also = f" (also: {', '.join(sheet.aliases)})" if sheet.aliases else ""
        output.to_stdout(f"{name:<{width}}  {sheet.description}{also}\n")


@cli.command("validate")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", shell_complete=complete_layouts
)
def validate_command(files: tuple[str, ...]) -> None:
    """Check layouts against the game's rules; exit 2 with located errors if any is broken.

    Each row holds each number of its range once, the lock can be reached, the score table
    rises and covers every count, every colour has a die, the bonus and power fields match,
    fields and labels fit the sheet, and every character has a glyph in the font.
    """
    from qwixx_print import api, catalogue, output

    broken = 0
    for file in files:
        try:
            found = api.problems(catalogue.find(file))
        except LayoutError as exc:
            found = list(exc.problems)
        for line in found:
            say(line)
        if found:
            broken += 1
        else:
            output.to_stdout(f"{file}: valid\n")
    if broken:
        raise UserError(f"{broken} of {len(files)} layout{'s' * (len(files) != 1)} broken")


@cli.command("score")
@click.argument("source", metavar="MARKS.yaml", shell_complete=complete_files)
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@click.option(
    "--out",
    "-o",
    type=FilePath("filled.pdf", folder_ok=True, dash=True),
    help="Also write the filled-in sheets as a PDF, one per player ('-': the PDF on "
    "standard output, the table on standard error).",
)
@paper_option
@per_page_option
@lang_option
def score_command(
    source: str, as_json: bool, out: Path | None, paper: str, per_page: str, lang: str
) -> None:
    """Score the filled-in sheets of MARKS.yaml ('-': standard input) and rank the players.

    The marks file names the layout (a shipped name or a .yaml path) and, per player, the
    numbers crossed in each row (by row id; a crossed last field also crosses its lock;
    Nochmal's small boxes under 'again:' the same way) and the penalties:

    \b
      layout: classic
      players:
        - name: Léa
          crosses: {red: [2, 3, 5], green: [12, 10, 9, 7, 5, 4, 2]}
          penalties: 1
        - name: Sam
          crosses: {red: [3, 4]}

    Illegal sheets are refused, naming player, row and rule.
    """
    from qwixx_print import api, marks, output

    if out is None and given_options("paper", "per_page", "lang"):
        given = ", ".join(given_options("paper", "per_page", "lang"))
        raise UserError(f"{given}: only for the filled-in sheets: add --out FILE.pdf")
    to_stdout = out is not None and str(out) == "-"
    if to_stdout and as_json:
        raise UserError("--out - puts the PDF on standard output: --json cannot go there too")
    game = api.score(source)
    report = marks.as_json(game) if as_json else marks.table(game)
    if out is None:
        output.to_stdout(report)
        return
    target = None if to_stdout else out
    api.write_filled(game, target, paper, int(per_page), lang)
    shown = target or "standard output"
    click.echo(f"wrote {shown}: {counted(len(game.sheets), 'filled-in sheet')}", err=True)
    if to_stdout:
        click.echo(report, err=True, nl=False)
    else:
        output.to_stdout(report)
