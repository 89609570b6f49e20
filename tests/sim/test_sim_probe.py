"""At every state the bots' games reach, the kernel's legal options are the engine's
(issue 21 item 4): :mod:`qwixx_print.sim.probe` rebuilds the kernel's state from the engine's
game before each action and asks the kernel's own option functions, for the white sum of
every seat and the white + colour sums of the active one (crosses, lock fields, small boxes,
bonus cells, diamond swaps, lucky crosses), on every shipped layout, the designers' layouts
of ``tests/data`` and sheets drawn from ``generate``'s families.

The default run plays a few games per layout (a few seconds each); ``pytest -m nightly``
plays 200 per layout and seating."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from qwixx_print import catalogue
from qwixx_print.generate import candidates, family_recipe
from qwixx_print.generate.families import FAMILIES
from qwixx_print.play import Game
from qwixx_print.play.game import Dice
from qwixx_print.sim import dice, plain, probe, selfplay, tables

SEATINGS = {"gap-2 and strong": (2, 0), "gap-1, gap-3 and strong": (1, 3, 0)}
"""Both bots, 2 and 3 seats (the states differ by bot: they cross different fields)."""

DATA = Path(__file__).parents[1] / "data"
CUSTOM = [*sorted((DATA / "sim").glob("*.yaml")), DATA / "layouts" / "mixed-doubles-again.yaml"]


def agree(name: str, seed: int, games: int) -> None:
    """The two engines offer the same options at every state of ``games`` games per
    seating, and the games reach states."""
    sheet = catalogue.checked(name)
    for codes in SEATINGS.values():
        states, found = probe.compare(sheet, codes, seed, games)
        assert found == []
        assert states >= 10 * games  # two actions a turn, a dozen turns a game at least


@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_kernel_offers_the_engines_options_at_every_state(name: str) -> None:
    agree(name, 5, 4)


@pytest.mark.parametrize("path", CUSTOM, ids=[p.stem for p in CUSTOM])
def test_kernel_offers_the_engines_options_on_designers_layouts(path: Path) -> None:
    agree(str(path), 6, 3)


@pytest.mark.parametrize("family", FAMILIES)
def test_kernel_offers_the_engines_options_on_generated_sheets(family: str) -> None:
    for sheet in itertools.islice(candidates(family_recipe(family), 21), 2):
        for codes in SEATINGS.values():
            states, found = probe.compare(sheet, codes, 8, 2)
            assert found == [] and states >= 20


@pytest.mark.nightly
@pytest.mark.parametrize("name", catalogue.shipped_names())
def test_kernel_offers_the_engines_options_at_every_state_200(name: str) -> None:
    agree(name, 2026, 200)


@pytest.mark.nightly
@pytest.mark.parametrize("family", FAMILIES)
def test_kernel_offers_the_engines_options_on_generated_sheets_many(family: str) -> None:
    for seed, sheet in enumerate(itertools.islice(candidates(family_recipe(family), 1), 20)):
        for codes in SEATINGS.values():
            assert probe.compare(sheet, codes, seed, 10)[1] == []


def test_the_probe_finds_a_kernel_that_misreads_the_lock() -> None:
    """A kernel whose tables put classic's locks one field early (the 11 and the 3 lock)
    refuses those fields before five crosses, where the engine offers them: the comparison
    names the seat, the sums and the fields (the true tables agree at every state)."""
    sheet = catalogue.checked("classic")
    t = tables.compile_layout(sheet)
    wrong = t._replace(lock_start=t.lock_start - 1)
    found: list[str] = []
    g = Game(sheet, selfplay.seats(2))

    def watch(g: Game, roll: Dice, phase: str) -> None:
        assert probe.differences(g, t, roll, phase) == []
        found.extend(probe.differences(g, wrong, roll, phase))

    selfplay.play(g, (2, 2), dice.rolls(3, 0, 4), watch)
    assert found[:2] == [
        "roll 5 white seat1 sums (11,) yellow: engine only [('cross', 1, 9, -1)], kernel only []",
        "roll 5 colour seat1 sums (11,) yellow: engine only [('cross', 1, 9, -1)], kernel only []",
    ]
    assert "engine only [('cross', 2, 9, -1), ('cross', 3, 9, -1)]" in found[2]


def test_the_probe_finds_a_plain_kernel_that_misreads_the_lock() -> None:
    """The plain kernel's own option function, asked at every state of a classic game: with
    the true tables it offers the general kernel's options for every seat's white sum; with
    the locks put one field early it refuses the 11 and the 3 (field 9) before five
    crosses and offers the 12 and the 2 (field 10) there."""
    sheet = catalogue.checked("classic")
    t = tables.compile_layout(sheet)
    view = plain.plain_tables(t)
    wrong = view._replace(lock=view.lock - 1)
    found: list[tuple[int, probe.View, probe.View]] = []
    g = Game(sheet, selfplay.seats(2))

    def watch(g: Game, roll: Dice, phase: str) -> None:
        s = probe.state_of(g, t)
        for p in range(2):
            right = probe.plain_options(view, s, p, (roll.white_sum,))
            assert right == probe.kernel_options(t, s, p, (roll.white_sum,))
            misread = probe.plain_options(wrong, s, p, (roll.white_sum,))
            if misread != right:
                found.append((roll.white_sum, right - misread, misread - right))

    selfplay.play(g, (2, 2), dice.rolls(3, 0, 4), watch)
    lost = {(total, j) for total, fewer, _ in found for _, _, j, _ in fewer}
    extra = {(total, j) for total, _, more in found for _, _, j, _ in more}
    assert lost and lost <= {(3, 9), (11, 9)}
    assert extra and extra <= {(2, 10), (12, 10)}
