"""The ``qwixx-print`` group: a layout name may stand for ``print LAYOUT``, a misspelt command
is named, every :class:`~qwixx_print.errors.QwixxError` becomes one line and exit code 2;
and ``help``. The commands join it from :mod:`qwixx_print.cli.sheets`,
:mod:`qwixx_print.cli.games` and :mod:`qwixx_print.cli.generating`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from qwixx_print.cli.params import UserError, complete_layouts
from qwixx_print.errors import QwixxError, closest, did_you_mean

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


class LayoutGroup(click.Group):
    """A group whose first argument may be a layout instead of a command:
    ``qwixx-print classic`` means ``qwixx-print print classic``. A word close to a command
    (``valdate``) that is no shipped layout is refused with the command it resembles; the
    command list in ``--help`` shows each command's whole first sentence; shell completion
    offers commands and shipped layouts. It works for every command added to the group."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command ``args`` name: ``print`` when the first is no command (a layout), after
        refusing a word close to a command that is no shipped layout."""
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
        near = closest(word, self.commands, cutoff=0.75)
        if near is not None and word.lower() not in catalogue.shipped_aliases():
            raise UserError(
                f"no such command or layout '{word}' (did you mean the command "
                f"'{near}'? see 'qwixx-print --help')"
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
        commands = super().shell_complete(ctx, incomplete)
        layouts = complete_layouts(ctx, None, incomplete)
        if commands and all(item.type == "file" for item in layouts):
            return commands  # "va": validate, not a file named va...
        return commands + layouts

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """click's parsing, a usage error said in one line that points to ``--help``."""
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
        hint = did_you_mean(command, group.commands)
        raise UserError(
            f"no such command '{command}' ({hint}commands: {', '.join(group.commands)})"
        )
    with click.Context(found, info_name=command, parent=ctx.parent) as sub:
        click.echo(found.get_help(sub))
