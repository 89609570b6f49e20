"""The choices the CLI offers: paper sizes, sheets per page, label languages.

Plain data, so ``qwixx-print --help`` can list them without importing layouts or geometry.
"""

from qwixx_print import packaged

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes, portrait, in mm (ISO 216 A4; US Letter 8.5 x 11 in)."""

PER_PAGE = (1, 2, 4, 8)
"""Sheets per page the imposition offers."""

DEFAULT_LANG = "en"
"""Language of the printed labels unless ``--lang`` says otherwise."""

LANGUAGES: tuple[str, ...] = tuple(packaged.names("lang"))
"""Language codes with a label file in ``qwixx_print/lang`` (``de``, ``en``, ``fr``, ...)."""

LANGUAGE_NAMES: dict[str, str] = {
    "de": "Deutsch",
    "en": "English",
    "fr": "Français",
    "nl": "Nederlands",
    "pl": "Polski",
}
"""Each language's name in its own words, by code: what a menu shows (the web page's
Language); a label file in ``qwixx_print/lang`` adds its line here (a test keeps both
equal)."""

SIM_PLAYERS = 5
"""Most seats ``simulate`` plays (issue 13)."""

SIM_GAMES = 10_000_000
"""Most games per layout ``simulate`` plays (issue 13)."""

GENERATE_FAMILIES = (
    "mixed-colours",
    "mixed-numbers",
    "rainbow",
    "chaos",
    "doubles",
    "bonus",
    "powers",
    "bonus-rows",
    "chain",
    "steps",
    "diamonds",
    "lucky-numbers",
    "link-squares",
    "value-track",
    "small-boxes",
)
"""The families of ``generate`` (issues 14 and 25), as
:data:`qwixx_print.generate.families.FAMILIES` names them (a test keeps both equal)."""
