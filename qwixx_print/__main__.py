"""The ``qwixx-print`` command: the console script and ``python -m qwixx_print``.

A run is a short process that builds many objects and almost no reference cycles, so the
cyclic garbage collector is switched off for it: its passes over every object created while
click and reportlab are imported cost ~6 ms of a ~130 ms run (issue 7), while a 1000-page
run, nine layouts of 100 pages, or 300 layouts validated in one run peak at the same memory
either way (docs/performance.md). Importing ``qwixx_print`` as a library changes nothing.
"""

import gc
import sys

_HELP = {"--help", "-h", "--version", "help"}
"""Arguments whose whole output is text on standard output (as is no argument at all)."""


def main() -> None:
    """Run the command line (:func:`qwixx_print.cli.cli`) with the collector off. Help or
    the version asked for with standard output closed (``>&-``) is one line, exit 2, like
    every command's output (click would print nothing and exit 0)."""
    gc.disable()
    if sys.stdout is None and (len(sys.argv) < 2 or _HELP & set(sys.argv[1:])):
        from qwixx_print.errors import OutputError
        from qwixx_print.output import stdout

        try:
            stdout()
        except OutputError as exc:
            if sys.stderr is not None:
                print(f"qwixx-print: {exc}", file=sys.stderr)
            raise SystemExit(2) from None
    from qwixx_print.cli import cli

    cli(prog_name="qwixx-print")


if __name__ == "__main__":
    main()
