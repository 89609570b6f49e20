"""The ``qwixx-print`` command: the console script and ``python -m qwixx_print``.

A run is a short process that builds many objects and almost no reference cycles, so the
cyclic garbage collector is switched off for it: its passes over every object created while
click and reportlab are imported cost ~6 ms of a ~130 ms run (issue 7), while a 1000-page
run, nine layouts of 100 pages, or 300 layouts validated in one run peak at the same memory
either way (docs/performance.md). Importing ``qwixx_print`` as a library changes nothing.
"""

import gc


def main() -> None:
    """Run the command line (:func:`qwixx_print.cli.cli`) with the collector off."""
    gc.disable()
    from qwixx_print.cli import cli

    cli(prog_name="qwixx-print")


if __name__ == "__main__":
    main()
