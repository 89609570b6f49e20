"""``qwixx-print generate``: fresh, valid, balanced sheets from a seed (issue 14;
docs/generate.md).

- :mod:`~qwixx_print.generate.families`: the families and the ``--from`` shuffles, each a
  small function from a seeded :class:`random.Random` to a valid layout.
- :mod:`~qwixx_print.generate.balance`: a candidate's figures from the simulator and the
  criteria (a)-(d) it must meet beside its twin.
- :mod:`~qwixx_print.generate.yamlfile`: the accepted layout as editable YAML.

The only randomness is a ``random.Random`` seeded with the text of the command and the seed
(``"chaos:7"``, ``"--from classic --shuffle colours:7"``), so the same family, seed and
version give the same bytes.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from importlib import metadata
from typing import NamedTuple

from qwixx_print import catalogue
from qwixx_print.errors import GenerateError, counted, did_you_mean, first_of
from qwixx_print.generate import balance, families, yamlfile
from qwixx_print.generate.families import FAMILIES, SHUFFLES
from qwixx_print.layout import Layout

DEFAULT_BUDGET = 30.0
"""Seconds a search may take by default (issue 14)."""

DEFAULT_PLAYERS = 4
NAME_ROOM = 12
"""Characters of a ``--from`` layout's name kept in the generated name (names hold 40)."""


class Generated(NamedTuple):
    """An accepted sheet: the ``layout``, its YAML ``text``, the figures of the sheet
    (``found``) and of its ``twin``, the ``tried`` candidates (the last accepted), the
    rejections per criterion (a candidate missing two counts twice) and the ``seconds``
    the search took; ``note``, the family and seed printed small on the sheet; ``seed``, the
    seed it was made from (which also draws a printed page's lucky numbers)."""

    layout: Layout
    text: str
    found: balance.Report
    twin: balance.Report
    tried: int
    rejected: Counter[str]
    seconds: float
    note: str
    seed: int


def version() -> str:
    """The installed qwixx-print version (written into every generated file)."""
    return metadata.version("qwixx-print")


class Recipe(NamedTuple):
    """What to generate: a family, or a ``--from`` layout with the aspect to shuffle."""

    label: str
    twin: Layout
    build: families.Build
    words: str
    title: str | None
    hint: str = "try another --seed or a larger --budget"

    def options(self, seed: int, players: int = 4) -> str:
        """The ``generate`` arguments that make this sheet again (``--players`` when not
        the default 4)."""
        seats = f" --players {players}" if players != DEFAULT_PLAYERS else ""
        return f"{self.words}{seats} --seed {seed}"

    def name(self, seed: int) -> str:
        """The generated layout's name (and default file stem)."""
        return f"{self.label}-{seed}"


def family_recipe(family: str) -> Recipe:
    """The recipe of ``family`` (one of :data:`FAMILIES`), from its shipped twin
    (:func:`qwixx_print.catalogue.checked`). Raises GenerateError for an unknown family."""
    if family not in FAMILIES:
        raise GenerateError(
            f"no such family '{family}' ({did_you_mean(family, FAMILIES)}families: "
            f"{', '.join(FAMILIES)}; "
            "or --from LAYOUT --shuffle colours|numbers|marks)"
        )
    twin, build, titled = FAMILIES[family]
    title = f"QWIXX · {family.replace('-', ' ').upper()}" if titled else None
    return Recipe(family, catalogue.checked(twin), build, family, title)


def from_recipe(source: Layout, given: str, aspect: str) -> Recipe:
    """The recipe of ``--from LAYOUT --shuffle aspect`` (``given``: LAYOUT as typed), whose
    twin is the layout itself. Raises GenerateError when ``source`` has nothing of
    ``aspect`` to shuffle or its colours cannot be dealt anew."""
    problem = shuffle_problem(source, aspect)
    if problem:
        raise GenerateError(f"{given}: {problem}")
    label = f"{source.name[:NAME_ROOM].rstrip(' .-')}-{aspect}"
    words = f"--from {given} --shuffle {aspect}"
    return Recipe(label, source, SHUFFLES[aspect], words, None)


def shuffle_problem(source: Layout, aspect: str) -> str | None:
    """Why ``aspect`` of ``source`` cannot be shuffled into a valid, different layout, or
    ``None`` (RULES.md §3: a mixed sheet gives each colour as many fields; bonus bar colours
    need one-colour rows, and so do the rows beside a bonus row, RULES.md §4)."""
    if aspect == "marks" and not any(
        f.double or f.bonus or f.power for row in source.rows for f in row.fields
    ):
        return "has no double, bonus or power fields: no marks to shuffle"
    if aspect == "colours":
        if source.bonus_bar:
            return "has a bonus bar, which needs one-colour rows: its colours stay"
        if source.bonus_rows:
            return "has bonus rows, which lie between one-colour rows: its colours stay"
        owned = Counter(f.colour for row in source.rows for f in row.fields)
        if len(owned) < 2:
            return "has fields of one colour only: no colours to shuffle"
        if set(source.dice) != set(owned) or len(set(owned.values())) > 1:
            counts = ", ".join(f"{c} {owned[c]}" for c in source.dice)
            return (
                "its colours own different numbers of fields "
                f"({counts}): a mixed sheet needs them equal"
            )
    return None


def candidates(recipe: Recipe, seed: int, players: int = DEFAULT_PLAYERS) -> Iterator[Layout]:
    """The endless, seeded stream of candidate sheets of ``recipe``, named for ``seed``
    (their ``source:`` names the command, with ``players``)."""
    rng = random.Random(f"{recipe.words}:{seed}")
    made_by = f"qwixx-print generate {recipe.options(seed, players)}"
    source = f"generated by {made_by} (qwixx-print {version()})"
    labels = dict(recipe.twin.labels)
    if recipe.title is not None:
        labels["title"] = recipe.title
    while True:
        sheet = recipe.build(rng, recipe.twin)
        yield replace(
            sheet,
            name=recipe.name(seed),
            description=f"{recipe.twin.name} made anew from seed {seed}",
            source=source,
            aliases=(),
            labels=labels,
        )


def search(
    recipe: Recipe,
    seed: int,
    players: int = DEFAULT_PLAYERS,
    budget: float = DEFAULT_BUDGET,
    judge: balance.Judge | None = None,
) -> Generated:
    """Try :func:`candidates` until one meets balance criteria (a)-(d) beside the twin
    (same dice; :class:`balance.Judge`: a screen, then a longer run) or ``budget`` seconds
    pass (counted after the twin's first run). Raises GenerateError with the best
    candidate's figures and the criterion it missed. ``judge``: one made before for the
    same twin and players (several sheets share the twin's runs)."""
    judge = judge or balance.Judge(recipe.twin, players)
    start = time.monotonic()
    rejected: Counter[str] = Counter()
    best: tuple[float, list[balance.Miss]] | None = None
    for tried, sheet in enumerate(candidates(recipe, seed, players), start=1):
        _check(sheet)
        found, missed = judge.judge(sheet)
        elapsed = time.monotonic() - start
        if not missed:
            twin = judge.full()
            text = yamlfile.text(sheet, comments(recipe, seed, found, twin))
            note = f"{recipe.label} · seed {seed}"
            return Generated(sheet, text, found, twin, tried, rejected, elapsed, note, seed)
        rejected.update(m.criterion for m in missed)
        beyond = sum(m.beyond for m in missed)
        if best is None or beyond < best[0]:
            best = (beyond, missed)
        if elapsed >= budget:
            assert best is not None
            raise GenerateError(
                f"generate {recipe.options(seed, players)}: no balanced sheet in {budget:g} s "
                f"({counted(tried, 'candidate')}); the best missed: "
                + "; ".join(m.text for m in best[1])
                + f" ({recipe.hint})"
            )
    raise AssertionError("candidates never end")


def _check(sheet: Layout) -> None:
    """Refuse a candidate that breaks RULES.md §3 or does not fit the sheet: never happens
    (families are valid by construction; tests prove it), but never written either."""
    found = catalogue.rule_problems(sheet)
    if found:
        raise GenerateError(first_of([sheet.locate(p.place, p.message) for p in found]))


def _least_locked(found: balance.Report) -> tuple[str, float]:
    rates: dict[str, float] = found["lock_rate"]
    return min(rates.items(), key=lambda item: item[1])


class Figure(NamedTuple):
    """One line of a generated sheet's balance figures: ``what`` is measured, the sheet's
    value and its ``twin``'s (as printed) and the ``criterion`` (a)-(d) it meets."""

    what: str
    sheet: str
    twin: str
    criterion: str


def balance_figures(found: balance.Report, twin: balance.Report) -> list[Figure]:
    """The figures of criteria (a)-(d), the sheet's beside its twin's: the file's head
    (:func:`comments`) and the web page's table show these."""
    (low_row, low), (twin_row, twin_low) = _least_locked(found), _least_locked(twin)
    mean = sum(found["lock_rate"].values()) / len(found["lock_rate"])
    return [
        Figure(
            "mean score",
            f"{found['mean_score']:.1f}",
            f"{twin['mean_score']:.1f}",
            "(a) within 5 %",
        ),
        Figure(
            "rolls per game", f"{found['rolls']:.1f}", f"{twin['rolls']:.1f}", "(b) within 10 %"
        ),
        Figure(
            "least locked row",
            f"{low_row} {low:.0%}",
            f"{twin_row} {twin_low:.0%}",
            f"(c) at least {balance.LOCK_SHARE * mean:.0%}, half the mean row's",
        ),
        Figure(
            "first seat wins",
            f"{found['first_seat_wins']:.1%}",
            f"{twin['first_seat_wins']:.1%}",
            f"(d) fair {1 / found['players']:.1%}",
        ),
    ]


def balance_head(found: balance.Report) -> str:
    """What the figures are: games, bots, the simulation seed."""
    return (
        f"Balance: {found['games']} games of {found['players']} {balance.STRATEGY} bots, "
        f"simulation seed {balance.SEED}, the same dice for both sheets:"
    )


def comments(recipe: Recipe, seed: int, found: balance.Report, twin: balance.Report) -> list[str]:
    """The comment lines on top of a generated file: what made it and its balance figures
    beside its twin's."""
    rows = [
        f"{f.what:22}{f.sheet:>16}{f.twin:>16}   {f.criterion}"
        for f in balance_figures(found, twin)
    ]
    return [
        f"{recipe.options(seed, found['players'])} (qwixx-print {version()}).",
        balance_head(found),
        f"{'':22}{found['layout']:>16}{twin['layout']:>16}",
        *rows,
    ]
