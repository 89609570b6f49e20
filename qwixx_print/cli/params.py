"""The command line's parts shared by every command: the one-line error (exit code 2), the
parameter types named for people, the options that shape a printed page, shell completion."""

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
)

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

F = TypeVar("F", bound=Callable[..., Any])


class UserError(click.ClickException):
    """A :class:`QwixxError` on its way to the terminal: one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        """Say the message in one line on stderr (:func:`say`), not click's two."""
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
    ``incomplete``; a path (with ``/`` or a ``.yaml`` end in view), or a start no shipped name
    has, is left to the shell's completion of file names."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or "." in incomplete:
        return complete_files(ctx, param, incomplete)
    found = [name for name in _layout_names() if name.startswith(incomplete)]
    names = [  # kräfte beside kraefte: the one without umlauts is enough
        CompletionItem(name)
        for name in found
        if _spelt_out(name) == name or _spelt_out(name) not in found
    ]
    return names or complete_files(ctx, param, incomplete)


def _spelt_out(name: str) -> str:
    """``name`` with its umlauts spelt out (``kräfte`` -> ``kraefte``): an alias that only
    spells a shipped name another way is not offered beside it."""
    return name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")


def complete_files(
    ctx: click.Context, param: click.Parameter | None, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of a file name (a marks file, a game log): left to the shell."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def complete_families(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of a FAMILY of ``generate``."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(name) for name in GENERATE_FAMILIES if name.startswith(incomplete)]


def given_options(*params: str) -> list[str]:
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
