"""The ``qwixx-print`` command line (click). No logic of its own: it parses options, calls
:mod:`qwixx_print.api` and turns a :class:`~qwixx_print.errors.QwixxError` into one line on
stderr and exit code 2. reportlab is imported only when a PDF is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from qwixx_print import api, layout
from qwixx_print.errors import LayoutError, QwixxError
from qwixx_print.geometry import PAPERS, PER_PAGE
from qwixx_print.output import make_folder

DEFAULT_FOLDER = Path("output")


class UserError(click.ClickException):
    """A :class:`QwixxError` on its way to the terminal: one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"qwixx-print: {self.message}", err=True)


class LayoutGroup(click.Group):
    """A group whose first argument may be a layout instead of a command:
    ``qwixx-print classic`` means ``qwixx-print print classic``."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "print", self.commands["print"], args
        return super().resolve_command(ctx, args)

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

    LAYOUT is a shipped layout's name or the path of a .yaml file.
    Print the PDF at 100 % ("actual size"), not "fit to page".
    """


@cli.command("print")
@click.argument("names", nargs=-1, required=True, metavar="LAYOUT...")
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=True, path_type=Path, allow_dash=True),
    help="PDF to write ('-': standard output). Default: output/LAYOUT.pdf.",
)
@click.option(
    "--pages", type=click.IntRange(1, 1000), default=1, show_default=True, help="Pages per layout."
)
@click.option("--paper", type=click.Choice(list(PAPERS)), default="a4", show_default=True)
@click.option(
    "--per-page",
    type=click.Choice([str(n) for n in PER_PAGE]),
    default="8",
    show_default=True,
    help="Sheets per page; fewer sheets are printed larger.",
)
def print_command(
    names: tuple[str, ...], out: Path | None, pages: int, paper: str, per_page: str
) -> None:
    """Write a PDF of LAYOUT sheets (several layouts: one after the other)."""
    sheets = [api.checked(name) for name in names]
    if out is None:
        make_folder(DEFAULT_FOLDER)
        out = DEFAULT_FOLDER / (f"{sheets[0].name}.pdf" if len(sheets) == 1 else "sheets.pdf")
    target = None if str(out) == "-" else out
    api.print_sheets(sheets, target, pages, paper, int(per_page))
    count = pages * len(sheets)
    summary = f"{count} page{'s' * (count != 1)}, {count * int(per_page)} sheets"
    click.echo(
        f"wrote {target or 'standard output'}: {summary} ({', '.join(s.name for s in sheets)})",
        err=target is None,
    )


@cli.command("list")
def list_command() -> None:
    """List the shipped layouts, one per line."""
    for name in layout.shipped_names():
        sheet = layout.find(name)
        click.echo(f"{name:<14} {sheet.description}")


@cli.command("validate")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def validate_command(files: tuple[str, ...]) -> None:
    """Check layouts against RULES.md §3; exit 2 with located errors if any is broken."""
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
            click.echo(f"{file}: valid")
    if broken:
        raise UserError(f"{broken} of {len(files)} layout{'s' * (len(files) != 1)} broken")


def main() -> None:
    """Entry point of the ``qwixx-print`` console script."""
    cli(prog_name="qwixx-print")
