"""The ``qwixx-print`` command line (click). No logic of its own: it parses options, calls
:mod:`qwixx_print.api` and turns a :class:`~qwixx_print.errors.QwixxError` into one line on
stderr and exit code 2. Commands import what they need when they run, so ``--help`` loads
click and little else; reportlab is imported only when a PDF is written."""

from qwixx_print.cli import games, generating, sheets
from qwixx_print.cli.group import cli

__all__ = ["cli", "games", "generating", "sheets"]
