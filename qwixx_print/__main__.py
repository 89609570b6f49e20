"""``python -m qwixx_print``: the same as the ``qwixx-print`` command."""

from qwixx_print.cli import main

main()
