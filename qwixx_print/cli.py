"""The ``qwixx-print`` command line (click). No logic of its own: it parses options, calls
:mod:`qwixx_print.api` and turns a :class:`~qwixx_print.errors.QwixxError` into one line on
stderr and exit code 2. Commands import what they need when they run, so ``--help`` loads
click and little else; reportlab is imported only when a PDF is written."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from qwixx_print.choices import (
    DEFAULT_LANG,
    GENERATE_FAMILIES,
    LANGUAGES,
    PAPERS,
    PER_PAGE,
    SIM_GAMES,
    SIM_PLAYERS,
)
from qwixx_print.errors import LayoutError, QwixxError, counted
from qwixx_print.sim.strategy import STRATEGIES

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

F = TypeVar("F", bound=Callable[..., Any])


class UserError(click.ClickException):
    """A :class:`QwixxError` on its way to the terminal: one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        say(self.message)


def say(message: str) -> None:
    """``message`` as one line on stderr, with the ``qwixx-print:`` prefix every error gets."""
    click.echo(f"qwixx-print: {message}", err=True)


class WholeNumber(click.IntRange):
    """click's IntRange named for people: "'abc' is not a valid whole number."."""

    name = "whole number"


class FilePath(click.Path):
    """click's Path for a file to write, named for people: an empty name and a folder where
    a file is asked are refused in the project's words (``--out ''`` would be the current
    folder)."""

    def __init__(self, example: str, folder_ok: bool = False, dash: bool = False) -> None:
        super().__init__(dir_okay=folder_ok, path_type=Path, allow_dash=dash)
        self.example = example

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail(f"an empty file name: give one, such as {self.example}", param, ctx)
        if isinstance(value, str) and not self.dir_okay and os.path.isdir(value):
            example = os.path.join(value, self.example)
            self.fail(f"{value} is a folder; give a file name such as {example}", param, ctx)
        return super().convert(value, param, ctx)


class DatabaseName(click.ParamType[str]):
    """``serve --db``: a ``postgresql://`` URL as given, or an SQLite file (checked as
    :class:`FilePath`), as text."""

    name = "FILE|URL"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = str(value)
        if text.startswith(("postgresql://", "postgres://")):
            return text
        return str(FilePath("web.sqlite3").convert(text, param, ctx))


def count_option(name: str, most: int, default: int, text: str) -> Callable[[F], F]:
    """An option counting something, 1 to ``most`` (``N`` in the help)."""
    return click.option(
        name, type=WholeNumber(1, most), default=default, show_default=True, metavar="N", help=text
    )


def _layout_names() -> list[str]:
    """The shipped layouts' names and aliases (loads the stored parses, not reportlab)."""
    from qwixx_print import catalogue

    return [*catalogue.shipped_names(), *catalogue.shipped_aliases()]


def complete_layouts(
    ctx: click.Context, param: click.Parameter | None, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of a LAYOUT: the shipped names and aliases starting with
    ``incomplete``; a path (with ``/`` or a ``.yaml`` end in view) is left to the shell."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or "." in incomplete:
        return [CompletionItem(incomplete, type="file")]
    return [CompletionItem(name) for name in _layout_names() if name.startswith(incomplete)]


class LayoutGroup(click.Group):
    """A group whose first argument may be a layout instead of a command:
    ``qwixx-print classic`` means ``qwixx-print print classic``. A word close to a command
    (``valdate``) that is no shipped layout is refused with the command it resembles; the
    command list in ``--help`` shows each command's whole first sentence; shell completion
    offers commands and shipped layouts. It works for every command added to the group."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            if not ctx.resilient_parsing:  # not while completing: never fail there
                self._refuse_misspelt_command(args[0])
            return "print", self.commands["print"], args
        return super().resolve_command(ctx, args)

    def _refuse_misspelt_command(self, word: str) -> None:
        """Raise UserError naming the command ``word`` resembles, unless it is a path or a
        shipped layout (then printing it, or saying it is no layout, is the answer)."""
        from qwixx_print import catalogue

        if "/" in word or "." in word or word.lower() in catalogue.shipped_names():
            return  # printing a shipped layout needs no difflib (start-up stays light)
        import difflib

        close = difflib.get_close_matches(word, list(self.commands), n=1, cutoff=0.75)
        if close and word.lower() not in catalogue.shipped_aliases():
            raise UserError(
                f"no such command or layout '{word}' (did you mean the command "
                f"'{close[0]}'? see 'qwixx-print --help')"
            )

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1000)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        return super().shell_complete(ctx, incomplete) + complete_layouts(ctx, None, incomplete)

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
        except BrokenPipeError:  # the reader of our output has gone (| head): nothing to say
            from qwixx_print import output

            output.drop_stdout()
            raise click.exceptions.Exit(2) from None
        except click.UsageError as exc:
            sub = f" {exc.ctx.info_name}" if exc.ctx and exc.ctx.parent else ""
            raise UserError(f"{exc.format_message()} (see 'qwixx-print{sub} --help')") from None


@click.group(
    cls=LayoutGroup, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]}
)
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
    qwixx-print generate chaos --seed 7  a new, balanced sheet from a seed
    qwixx-print serve                    the web page: print sheets, count a game

    LAYOUT is a shipped layout's name or the path of a .yaml file.
    Print the PDF at 100 % ("actual size"), not "fit to page".
    """


def _given(*params: str) -> list[str]:
    """The options among ``params`` (parameter names: ``per_page``) that the command line of
    the running command gives, as typed (``--per-page``)."""
    ctx = click.get_current_context()
    return [
        f"--{name.replace('_', '-')}"
        for name in params
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    ]


paper_option = click.option(
    "--paper",
    type=click.Choice(list(PAPERS), case_sensitive=False),
    default="a4",
    show_default=True,
)
per_page_option = click.option(
    "--per-page",
    type=click.Choice([str(n) for n in PER_PAGE]),
    default="8",
    show_default=True,
    help="Sheets per page; fewer sheets are printed larger.",
)
lang_option = click.option(
    "--lang",
    type=click.Choice(LANGUAGES, case_sensitive=False),
    default=DEFAULT_LANG,
    show_default=True,
    help="Language of the printed labels.",
)
"""The options that shape a printed page, shared by every command that prints sheets."""


def _refuse_with_preview(names: tuple[str, ...]) -> None:
    """Refuse what ``--preview`` cannot do: show several layouts, or honour an option that
    shapes the PDF (``--out``, ``--pages``, ``--paper``, ``--per-page``) given beside it."""
    if len(names) > 1:
        raise UserError(f"--preview shows one layout, got {len(names)}: {', '.join(names)}")
    given = _given("out", "pages", "paper", "per_page", "seed")
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
            found = [str(exc)]
        for line in found:
            say(line)
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

    if out is None and _given("paper", "per_page", "lang"):
        given = ", ".join(_given("paper", "per_page", "lang"))
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


@cli.command("simulate")
@click.argument(
    "names", nargs=-1, required=True, metavar="LAYOUT...", shell_complete=complete_layouts
)
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
    help="The bot every seat plays.",
)
@click.option(
    "--jobs",
    type=WholeNumber(1, 256),
    help="Processes (default: the cores); the numbers do not depend on it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.option(
    "--plot",
    type=FilePath("heat.png"),
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
    """Play many games of each LAYOUT with bots and report how it plays.

    The report: scores, game length, how games end, penalties, lock and cross rates, the
    first player's wins. A layout other than classic gets a second line: classic played
    with the same dice. gap-k crosses a field that skips at most k others; strong weighs
    what a cross skips against what it gains."""
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
        output.to_stdout(report.table(result.reports, result.compared, result.other_dice))
    if plot is not None:
        click.echo(f"wrote {plot}: the heat map of {sheets[0].name}", err=True)


@cli.command("help")
@click.argument("command", required=False, metavar="[COMMAND]")
@click.pass_context
def help_command(ctx: click.Context, command: str | None) -> None:
    """Show this help, or a command's: 'qwixx-print help score' (same as 'score --help')."""
    assert ctx.parent is not None
    group = ctx.parent.command
    assert isinstance(group, click.Group)
    if command is None:
        click.echo(ctx.parent.get_help())
        return
    found = group.get_command(ctx, command)
    if found is None:
        import difflib  # only on this error path

        close = difflib.get_close_matches(command, list(group.commands), n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise UserError(
            f"no such command '{command}' ({hint}commands: {', '.join(group.commands)})"
        )
    with click.Context(found, info_name=command, parent=ctx.parent) as sub:
        click.echo(found.get_help(sub))


def complete_families(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of a FAMILY of ``generate``."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(name) for name in GENERATE_FAMILIES if name.startswith(incomplete)]


@cli.command("generate")
@click.argument("family", required=False, metavar="[FAMILY]", shell_complete=complete_families)
@click.option(
    "--from",
    "source",
    metavar="LAYOUT",
    shell_complete=complete_layouts,
    help="Make a sheet from this layout (with --shuffle).",
)
@click.option(
    "--shuffle",
    type=click.Choice(["colours", "numbers", "marks"]),
    help="With --from: the aspect dealt anew.",
)
@click.option(
    "--seed",
    type=WholeNumber(0, 2**63 - 1),
    help="Same seed, same sheet. Default: a random seed (in the file name).",
)
@click.option(
    "--out",
    "-o",
    type=FilePath("sheet.yaml", folder_ok=True),
    help="The YAML to write (with --count: a folder). Default: output/FAMILY-SEED.yaml.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace a generated YAML even if it was edited since.",
)
@click.option("--print", "to_print", is_flag=True, help="Also write the PDF.")
@click.option(
    "--out-pdf",
    type=FilePath("sheets.pdf"),
    help="The PDF --print writes. Default: output/FAMILY-SEED.pdf.",
)
@click.option(
    "--preview",
    type=FilePath("sheet.png"),
    help="Also write one sheet as a PNG picture to this file.",
)
@count_option(
    "--count", 64, 1, "Sheets, seeds SEED, SEED+1 ...; with --print all on one PDF, each different."
)
@count_option("--players", SIM_PLAYERS, 4, "Seats simulated.")
@count_option("--pages", 1000, 1, "With --print: the PDF's pages this many times over.")
@click.option(
    "--budget",
    type=click.FloatRange(1, 3600),
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help="Time to find each balanced sheet.",
)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Only the 'wrote' lines: no balance table (the file has it).",
)
@paper_option
@per_page_option
@lang_option
def generate_command(
    family: str | None,
    source: str | None,
    shuffle: str | None,
    seed: int | None,
    out: Path | None,
    force: bool,
    to_print: bool,
    out_pdf: Path | None,
    preview: Path | None,
    count: int,
    players: int,
    pages: int,
    budget: float,
    quiet: bool,
    paper: str,
    per_page: str,
    lang: str,
) -> None:
    """Make new sheets from a seed: valid, balanced by simulation, written as YAML.

    \b
    FAMILY: mixed-colours, mixed-numbers, rainbow, chaos, doubles, bonus, powers,
    bonus-rows (Big Points), chain, steps (Connected), diamonds (X-Change),
    lucky-numbers (Longo); or --from LAYOUT --shuffle colours|numbers|marks.
    \b
    qwixx-print generate chaos --seed 7            write output/chaos-7.yaml
    qwixx-print generate rainbow --count 8 --print 8 different sheets on one page

    Each sheet is played by bots beside the shipped sheet of its family (for --from, the
    layout itself) and kept only when its scores, game length, locks and the first
    player's wins stay close to it.
    """
    from qwixx_print import api

    _refuse_generate_options(family, source, shuffle)
    if out_pdf is not None:
        to_print = True
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1_000_000)
    made = api.recipe(family, source, shuffle)
    names = [made.name(seed + k) for k in range(count)]
    yamls = _generated_paths(out, names)
    pdf = (out_pdf or _default_pdf(names)) if to_print else None
    _check_targets(yamls, pdf, preview, force)
    sheets = api.generate(made, seed, count, players, budget)
    for sheet, path in zip(sheets, yamls, strict=True):
        api.write_generated(sheet, path, force)
        click.echo(
            f"wrote {path}: {sheet.layout.name} ({counted(sheet.tried, 'candidate')}, "
            f"{sheet.seconds:.1f} s)"
        )
    if pdf is not None:
        api.print_generated(sheets, pdf, paper, int(per_page), lang, pages)
        click.echo(f"wrote {pdf}: {counted(len(sheets), 'generated sheet')}")
    if preview is not None:
        click.echo(f"wrote {api.preview(sheets[0].layout, preview, lang)}: one sheet")
    if count == 1 and not quiet:
        from qwixx_print.sim import report

        click.echo(report.table([sheets[0].found, sheets[0].twin]), nl=False)


def _refuse_generate_options(family: str | None, source: str | None, shuffle: str | None) -> None:
    """Refuse a FAMILY with --from, neither, or --from and --shuffle without the other."""
    if family is not None and source is not None:
        raise UserError(f"give a FAMILY or --from LAYOUT, not both ({family}, --from {source})")
    if family is None and source is None:
        raise UserError(
            f"give a FAMILY ({', '.join(GENERATE_FAMILIES)}) or --from LAYOUT --shuffle ASPECT"
        )
    if source is not None and shuffle is None:
        raise UserError("--from needs --shuffle colours, numbers or marks")
    if source is None and shuffle is not None:
        raise UserError("--shuffle needs --from LAYOUT (a family shuffles its own aspect)")


def _generated_paths(out: Path | None, names: list[str]) -> list[Path]:
    """Where the YAML of each generated sheet goes: ``out`` for one sheet, files named
    after the sheets in the folder ``out`` (default ``output``) for several."""
    from qwixx_print import api, output

    if out is not None and len(names) == 1:
        return [out]
    folder = out or api.DEFAULT_FOLDER
    if out is None:
        output.make_folder(folder)
    elif not out.is_dir():
        raise UserError(f"{out}: with --count, --out names a folder for the {len(names)} files")
    return [folder / f"{name}.yaml" for name in names]


def _default_pdf(names: list[str]) -> Path:
    from qwixx_print import api, output

    output.make_folder(api.DEFAULT_FOLDER)
    stem = names[0] if len(names) == 1 else f"{names[0]}-to-{names[-1].rsplit('-', 1)[1]}"
    return api.DEFAULT_FOLDER / f"{stem}.pdf"


def _check_targets(yamls: list[Path], pdf: Path | None, preview: Path | None, force: bool) -> None:
    """Check every file ``generate`` will write before the search (nothing is written if
    one cannot be; an edited YAML only with ``force``)."""
    from qwixx_print import api, output

    for path in yamls:
        api.check_generated_target(path, force)
    if pdf is not None:
        output.check_target(pdf, output.PDF)
    if preview is not None:
        output.check_target(preview, output.PNG)


@cli.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the same network open the page.",
)
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, metavar="PORT"
)
@click.option(
    "--db",
    type=DatabaseName(),
    envvar="QWIXX_PRINT_DB",
    help="The database of the games and uploaded layouts: an SQLite file, or a "
    "postgresql://USER@HOST/DB URL (env QWIXX_PRINT_DB). Default: an SQLite file in the "
    "user's data folder.",
)
@click.option(
    "--idle-days",
    type=click.FloatRange(0.01, 3650),
    default=3.0,
    show_default=True,
    metavar="DAYS",
    help="A game not played for this long is deleted.",
)
@click.option(
    "--games-per-address",
    type=WholeNumber(1, 500),
    default=50,
    show_default=True,
    metavar="N",
    help="Most games started from one client address (500 in all).",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    metavar="NAME",
    help="Another host name the page may be opened by (e.g. the name a proxy serves it "
    "under); repeatable. Always allowed: localhost, 127.0.0.1, ::1, --host, and for "
    "0.0.0.0 the network address.",
)
def serve_command(
    host: str,
    port: int,
    db: str | None,
    idle_days: float,
    games_per_address: int,
    allowed_hosts: tuple[str, ...],
) -> None:
    """Serve the web page: print any sheet, and count a game on every player's phone.

    Listens on loopback (this computer only) unless --host says otherwise. Ctrl-C stops it.
    Several servers may share one database.
    """
    from qwixx_print.web.running import LIMITS
    from qwixx_print.web.server import serve
    from qwixx_print.web.storage import GameLimits

    if db is not None and not db.startswith(("postgresql://", "postgres://")):
        folder = Path(db).parent
        if not folder.exists():  # a typo would serve an empty database
            raise UserError(f"{db}: the folder {folder} does not exist")
    limits = GameLimits(LIMITS.most, games_per_address, idle_days * 86400)
    serve(host, port, db, click.echo, allowed_hosts, games=limits)
