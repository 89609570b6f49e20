"""The ``qwixx-print`` command line (click). No logic of its own: it parses options, calls
:mod:`qwixx_print.api` and turns a :class:`~qwixx_print.errors.QwixxError` into one line on
stderr and exit code 2. Commands import what they need when they run, so ``--help`` loads
click and little else; reportlab is imported only when a PDF is written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from qwixx_print.choices import (
    DEFAULT_LANG,
    LANGUAGES,
    PAPERS,
    PER_PAGE,
    SIM_GAMES,
    SIM_PLAYERS,
)
from qwixx_print.errors import LayoutError, QwixxError
from qwixx_print.sim.strategy import STRATEGIES

F = TypeVar("F", bound=Callable[..., Any])


class UserError(click.ClickException):
    """A :class:`QwixxError` on its way to the terminal: one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"qwixx-print: {self.message}", err=True)


class WholeNumber(click.IntRange):
    """click's IntRange named for people: "'abc' is not a valid whole number."."""

    name = "whole number"


def count_option(name: str, most: int, default: int, text: str) -> Callable[[F], F]:
    """An option counting something, 1 to ``most`` (``N`` in the help)."""
    return click.option(
        name, type=WholeNumber(1, most), default=default, show_default=True, metavar="N", help=text
    )


class LayoutGroup(click.Group):
    """A group whose first argument may be a layout instead of a command:
    ``qwixx-print classic`` means ``qwixx-print print classic``."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "print", self.commands["print"], args
        return super().resolve_command(ctx, args)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:
            raise UserError(f"{exc.format_message()} (see 'qwixx-print --help')") from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except QwixxError as exc:
            raise UserError(str(exc)) from None
        except click.UsageError as exc:
            sub = f" {exc.ctx.info_name}" if exc.ctx and exc.ctx.parent else ""
            raise UserError(f"{exc.format_message()} (see 'qwixx-print{sub} --help')") from None


@click.group(cls=LayoutGroup, no_args_is_help=True)
@click.version_option(package_name="qwixx-print", prog_name="qwixx-print")
def cli() -> None:
    """Print Qwixx score sheets from YAML layouts, 8 per page, true to scale.

    \b
    qwixx-print classic                  write output/classic.pdf
    qwixx-print classic --out sheets.pdf --pages 3
    qwixx-print list                     the shipped layouts
    qwixx-print validate my-layout.yaml  check a layout against the rules
    qwixx-print score game.yaml          count the score of filled-in sheets
    qwixx-print simulate my-layout.yaml  play 10,000 games with bots and report

    LAYOUT is a shipped layout's name or the path of a .yaml file.
    Print the PDF at 100 % ("actual size"), not "fit to page".
    """


def _refuse_with_preview(names: tuple[str, ...]) -> None:
    """Refuse what ``--preview`` cannot do: show several layouts, or honour an option that
    shapes the PDF (``--out``, ``--pages``, ``--paper``, ``--per-page``) given beside it."""
    if len(names) > 1:
        raise UserError(f"--preview shows one layout, got {len(names)}: {', '.join(names)}")
    ctx = click.get_current_context()
    given = [
        f"--{name.replace('_', '-')}"
        for name in ("out", "pages", "paper", "per_page")
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    ]
    if given:
        verb, it = ("does", "it") if len(given) == 1 else ("do", "them")
        raise UserError(
            f"--preview writes one sheet as a PNG, without a PDF: {', '.join(given)} "
            f"{verb} not apply (drop {it}, or drop --preview)"
        )


@cli.command("print")
@click.argument("names", nargs=-1, required=True, metavar="LAYOUT...")
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=True, path_type=Path, allow_dash=True),
    help="PDF to write ('-': standard output). Default: output/LAYOUT.pdf, for several "
    "layouts output/sheets.pdf.",
)
@count_option("--pages", 1000, 1, "Pages per layout.")
@click.option("--paper", type=click.Choice(list(PAPERS)), default="a4", show_default=True)
@click.option(
    "--per-page",
    type=click.Choice([str(n) for n in PER_PAGE]),
    default="8",
    show_default=True,
    help="Sheets per page; fewer sheets are printed larger.",
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=DEFAULT_LANG,
    show_default=True,
    help="Language of the printed labels.",
)
@click.option(
    "--preview",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write one sheet as a PNG picture to this file instead of the PDF.",
)
def print_command(
    names: tuple[str, ...],
    out: Path | None,
    pages: int,
    paper: str,
    per_page: str,
    lang: str,
    preview: Path | None,
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
        out = api.default_out(sheets)
    target = None if str(out) == "-" else out
    api.print_sheets(sheets, target, pages, paper, int(per_page), lang)
    count = pages * len(sheets)
    sheet_count = count * int(per_page)
    summary = f"{count} page{'s' * (count != 1)}, {sheet_count} sheet{'s' * (sheet_count != 1)}"
    click.echo(
        f"wrote {target or 'standard output'}: {summary} ({', '.join(s.name for s in sheets)})",
        err=target is None,
    )


@cli.command("list")
def list_command() -> None:
    """List the shipped layouts, one per line, with their other names (aliases)."""
    from qwixx_print import layout, output

    for name in layout.shipped_names():
        sheet = layout.find(name)
        also = f" (also: {', '.join(sheet.aliases)})" if sheet.aliases else ""
        output.to_stdout(f"{name:<14} {sheet.description}{also}\n")


@cli.command("validate")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def validate_command(files: tuple[str, ...]) -> None:
    """Check layouts against RULES.md §3; exit 2 with located errors if any is broken."""
    from qwixx_print import api, layout, output

    broken = 0
    for file in files:
        try:
            found = api.problems(layout.find(file))
        except LayoutError as exc:
            found = [str(exc)]
        for line in found:
            click.echo(line, err=True)
        if found:
            broken += 1
        else:
            output.to_stdout(f"{file}: valid\n")
    if broken:
        raise UserError(f"{broken} of {len(files)} layout{'s' * (len(files) != 1)} broken")


@cli.command("score")
@click.argument("source", metavar="MARKS.yaml")
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=True, path_type=Path),
    help="Also write the filled-in sheets as a PDF, one per player.",
)
def score_command(source: str, as_json: bool, out: Path | None) -> None:
    """Score the filled-in sheets of MARKS.yaml ('-': standard input) and rank the players.

    The marks file names the layout and, per player, the numbers crossed in each row and
    the penalties (docs/scoring.md). Illegal sheets are refused, naming player, row and rule.
    """
    from qwixx_print import api, marks, output

    game = api.score(source)
    if out is not None:
        api.write_filled(game, out)
        count = len(game.sheets)
        click.echo(f"wrote {out}: {count} filled-in sheet{'s' * (count != 1)}", err=True)
    output.to_stdout(marks.as_json(game) if as_json else marks.table(game))


@cli.command("simulate")
@click.argument("names", nargs=-1, required=True, metavar="LAYOUT...")
@click.option(
    "--players", type=WholeNumber(1, SIM_PLAYERS), default=4, show_default=True, help="Seats."
)
@count_option("--games", SIM_GAMES, 10_000, "Games per layout.")
@click.option(
    "--seed",
    type=WholeNumber(0, 2**64 - 1),
    default=1,
    show_default=True,
    help="Same seed, same games, same numbers.",
)
@click.option(
    "--strategy",
    type=click.Choice(list(STRATEGIES)),
    default="gap-2",
    show_default=True,
    help="The bot every seat plays (docs/simulate.md).",
)
@click.option(
    "--jobs",
    type=WholeNumber(1, 256),
    help="Processes (default: the cores); the numbers do not depend on it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the sheet as a heat map of its cross rates to this PNG.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def simulate_command(
    names: tuple[str, ...],
    players: int,
    games: int,
    seed: int,
    strategy: str,
    jobs: int | None,
    as_json: bool,
    plot: Path | None,
    quiet: bool,
) -> None:
    """Play GAMES games of each LAYOUT with bots and report: scores, game length, how games
    end, penalties, lock and cross rates, the first player's wins. A layout other than
    classic gets a second line: classic played with the same dice."""
    from qwixx_print import api, output
    from qwixx_print.layout import Layout
    from qwixx_print.sim import report, run
    from qwixx_print.sim.simulate import simulate

    if plot is not None and len(names) > 1:
        raise UserError(f"--plot draws one layout, got {len(names)}: {', '.join(names)}")
    if plot is not None:
        output.check_target(plot, output.PNG)
    sheets: list[Layout] = []
    for sheet in map(api.checked, names):  # a layout named twice is played once
        if sheet not in sheets:
            sheets.append(sheet)
    result = simulate(
        sheets,
        players,
        games,
        seed,
        strategy,
        jobs or run.default_jobs(),
        quiet,
        warn=lambda message: click.echo(f"qwixx-print: {message}", err=True),
    )
    if plot is not None:
        api.heat_map(sheets[0], result.reports[0], plot)
    if as_json:
        output.to_stdout(report.as_json(result.reports))
    else:
        output.to_stdout(report.table(result.reports, result.compared))
    if plot is not None:
        click.echo(f"wrote {plot}: the heat map of {sheets[0].name}", err=True)
