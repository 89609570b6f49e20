"""The compiled kernel plays exactly the games of the reference engine: the same seeded dice
and bots through :func:`qwixx_print.sim.run.kernel_chunk` and through
:class:`qwixx_print.play.Game` give the same crosses, small boxes, penalties, rolls, locks,
end and scores, on every shipped layout.

The default run plays 40 games per layout and seating (the reference engine plays a few
hundred games a second); ``pytest -m nightly`` plays 1,000 per layout and seating."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import subprocess
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from qwixx_print import api, catalogue, layout, rules
from qwixx_print.play import Sheet
from qwixx_print.sim import dice, jit, kernel, lean, run, selfplay, tables

SEATINGS = {
    "gap-2 x2": (2, 2),
    "strong x2": (0, 0),
    "mixed x4": (1, 0, 3, 2),
    "solo gap-1": (1,),
}
"""Seats and strategy codes (k for gap-k, 0 for strong): every bot, 1, 2 and 4 players."""


DATA = Path(__file__).parents[1] / "data"
CUSTOM = [
    *sorted((DATA / "sim").glob("*.yaml")),
    DATA / "layouts" / "mixed-doubles-again.yaml",
]
"""Designers' layouts no shipped sheet covers: 5 dice, one row, repeated numbers, small boxes
with doubles, mixed colours with both."""


def differences(name: str, codes: Sequence[int], seed: int, games: int) -> list[str]:
    """Games where the kernel and the engine differ, as one line each."""
    sheet = api.checked(name)
    kernel = run.kernel_chunk(sheet, codes, seed, 0, games)
    found = []
    for g in range(games):
        played = selfplay.play_game(sheet, codes, seed, g)
        compiled = selfplay.Played(
            scores=tuple(kernel.scores[g].tolist()),
            penalties=tuple(kernel.penalties[g].tolist()),
            crossed=tuple(tuple(row) for row in kernel.crossed[g].tolist()),
            again=tuple(tuple(row) for row in kernel.again[g].tolist()),
            bonus=tuple(tuple(row) for row in kernel.bonus[g].tolist()),
            rolls=int(kernel.rolls[g]),
            by_locks=bool(kernel.ends[g] == 0),
            locked=int(kernel.locked[g]),
        )
        if compiled != played:
            found.append(f"{name} {codes} game {g}: kernel {compiled} engine {played}")
    return found


SIMULATED = catalogue.shipped_names()
"""Every shipped layout: the kernel plays them all."""


@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("name", SIMULATED)
def test_kernel_plays_the_engines_games(name: str, seating: str) -> None:
    assert differences(name, SEATINGS[seating], 7, 40) == []


@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("path", CUSTOM, ids=[p.stem for p in CUSTOM])
def test_kernel_plays_the_engines_games_on_custom_layouts(path: Path, seating: str) -> None:
    assert differences(str(path), SEATINGS[seating], 11, 25) == []


@pytest.mark.nightly
@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("name", SIMULATED)
def test_kernel_plays_the_engines_games_1000(name: str, seating: str) -> None:
    assert differences(name, SEATINGS[seating], 2026, 1000) == []


def masks_to_positions(masks: Sequence[int], ids: Sequence[str]) -> dict[str, list[int]]:
    """Per row (or bonus row) id, the indexes of the bits set in its mask."""
    return {key: [j for j in range(16) if m >> j & 1] for key, m in zip(ids, masks, strict=True)}


@pytest.mark.parametrize("name", ["nochmal", "big-points", "connected-chain", "connected-steps"])
def test_kernel_scores_what_the_rules_score(name: str) -> None:
    """The games are real: every kernel score is the rules' score of its crosses, small
    boxes and bonus cells on the seat's own sheet (its slip: a link crossed at one end only
    would be refused)."""
    sheet = api.checked(name)
    games = run.kernel_chunk(sheet, (2, 0, 1), 3, 0, 200)
    ids = [row.id for row in sheet.rows]
    for g in range(200):
        own = selfplay.sheets(sheet, 3, 3, g)
        for p in range(3):
            mine = own.get(selfplay.seats(3)[p], sheet)
            score = rules.score_crosses(
                mine,
                rules.Crosses(
                    fields=masks_to_positions(games.crossed[g, p].tolist(), ids),
                    again=masks_to_positions(games.again[g, p].tolist(), ids),
                    bonus=masks_to_positions(
                        games.bonus[g, p].tolist(), [b.id for b in sheet.bonus_rows]
                    ),
                    penalties=int(games.penalties[g, p]),
                ),
            )
            assert score.total == games.scores[g, p]
    assert games.again.any() == (name == "nochmal"), "the bots use the small boxes"
    assert games.bonus.any() == (name == "big-points"), "the bots use the bonus cells"


def test_kernel_plays_big_points_bonus_cells_connected_links_and_steps() -> None:
    """The §4 mechanics change the kernel's games: bonus cells are crossed and score, links
    cross partners the bots did not choose, the framed group adds points."""
    big = api.checked("big-points")
    flat = dataclasses.replace(big, bonus_rows=())
    with_cells, without = (run.kernel_chunk(s, (2, 2, 2), 4, 0, 100) for s in (big, flat))
    assert (with_cells.bonus != 0).any(axis=(1, 2)).sum() > 90
    assert with_cells.scores.mean() > without.scores.mean() + 20
    chain = api.checked("connected-chain")
    linked, unlinked = (
        run.kernel_chunk(s, (0, 0, 0), 4, 0, 100) for s in (chain, api.checked("classic"))
    )
    assert (linked.crossed != unlinked.crossed).any(axis=(1, 2)).sum() > 80
    steps = api.checked("connected-steps")
    classic = run.kernel_chunk(api.checked("classic"), (2, 2, 2), 4, 0, 100)
    framed = run.kernel_chunk(steps, (2, 2, 2), 4, 0, 100)
    assert (framed.crossed == classic.crossed).all()  # the frame changes no cross...
    assert (framed.scores > classic.scores).sum() > 250  # ...but adds points


def test_kernel_plays_x_change_swaps() -> None:
    """The kernel's X-Change games are not classic's: the same dice, but diamond swaps."""
    sheet = api.checked("x-change")
    plain = dataclasses.replace(sheet, diamonds=())
    for codes in ((2, 2, 2), (0, 0, 0)):
        swaps = run.kernel_chunk(sheet, codes, 4, 0, 100)
        without = run.kernel_chunk(plain, codes, 4, 0, 100)
        assert (swaps.crossed != without.crossed).any(axis=(1, 2)).sum() > 80
        assert swaps.scores.mean() > without.scores.mean()


def test_kernel_plays_longos_lucky_crosses_and_8_sided_dice() -> None:
    """Longo in the kernel: lucky numbers change the games; sums over 12 get crossed."""
    sheet = api.checked("longo")
    unlucky = dataclasses.replace(sheet, lucky_draw=None)
    for codes in ((2, 2, 2), (0, 0, 0)):
        lucky = run.kernel_chunk(sheet, codes, 4, 0, 100)
        without = run.kernel_chunk(unlucky, codes, 4, 0, 100)
        assert (lucky.crossed != without.crossed).any(axis=(1, 2)).sum() > 50
        assert ((lucky.crossed[:, :, 0] >> 11) & 0b1111).any()  # red 13..16


def test_dice_stream_is_splitmix64() -> None:
    """The stream both engines share: splitmix64 from seed * multiplier + game (published
    test vector of splitmix64 from state 0: 0xE220A8397B1DCDAF)."""
    assert dice.draw(0) == (dice.GAMMA, 0xE220A8397B1DCDAF)
    first = next(dice.rolls(1, 0, 4))
    assert len(first) == 6 and all(1 <= face <= 6 for face in first)
    assert next(dice.rolls(1, 0, 4)) == first
    assert next(dice.rolls(1, 1, 4)) != first or next(dice.rolls(2, 0, 4)) != first


def test_tables_hold_the_layout() -> None:
    t = tables.compile_layout(api.checked("farbbloecke"))
    assert t.fields.tolist() == [11, 11, 11, 11]
    assert t.number[2].tolist() == list(range(12, 1, -1))
    # row 1 ends in red 11-12, so its lock closes red (index 0 of the dice)
    assert t.lock_colour.tolist()[0] == 0
    assert t.next_field[0, 0, 7] == 5 and t.next_field[0, 6, 7] == -1


TWO_RED = DATA / "sim" / "bonuskette-two-red.yaml"
"""Bonuskette with its blue row and the bar's blue fields red: two one-colour red rows."""


def test_bar_field_of_a_colour_with_two_rows_crosses_the_first_from_the_top() -> None:
    """RULES.md §6: the bar's red field forces its cross into the top red row, in the engine
    and in the kernel's tables (the engine kept the last such row, the kernel the first)."""
    sheet = api.checked(str(TWO_RED))
    engine = Sheet(sheet)
    engine.cross("yellow", 3)  # the boxed yellow 5 earns bar field 0, red
    assert engine.crossed("red") == (0,) and engine.crossed("blue") == ()
    engine.cross("blue", 2)  # the boxed 10 of the lower red row: bar field 1, yellow
    engine.cross("yellow", 6)  # the boxed yellow 8: bar field 2, green
    engine.cross("green", 1)  # the boxed green 11: bar field 3, red (was blue)
    assert engine.crossed("red") == (0, 1) and engine.crossed("blue") == (2,)
    assert tables.compile_layout(sheet).bar_row.tolist()[0] == 0  # red: row 0, not row 3


def test_kernel_and_engine_play_the_same_games_on_two_rows_of_one_colour() -> None:
    """The issue's case (2 players, 300 games, seed 5): the kernel's mean was 70.2 against
    the engine's 73.1; now every game is the same, so both means are the kernel's."""
    assert differences(str(TWO_RED), (2, 2), 5, 300) == []
    games = run.kernel_chunk(api.checked(str(TWO_RED)), (2, 2), 5, 0, 300)
    assert round(float(games.scores.mean()), 1) == 70.2


PLAIN = ["classic", "connected-steps", "durcheinander"]
"""The shipped layouts the plain kernel plays: built as classic (every row of one colour, each
number once, one lock field, no doubles), 4 rows and 4 coloured dice."""
OWN_ENTRY = {
    "big-points": run.BONUS_ROWS,
    "bonuskette": run.CHAINS,
    "connected-chain": run.CHAINS,
    "doppelt": run.DOUBLES,
    "farbbloecke": run.MIXED,
    "kraefte": run.CHAINS,
    "nochmal": run.SMALL_BOXES,
    "regenbogen": run.MIXED,
    "wirrwarr": run.MIXED,
    "x-change": run.SWAPS,
}
"""The shipped layouts the plain kernel plays with doubles, rows of mixed colours, crosses
that set off others, small boxes, diamonds or bonus rows (issue 24; the lean kernel played
the first two kinds before, the general kernel the others), each by its entry point."""
CHAINS_CUSTOM = [p for p in CUSTOM if p.stem == "bonuskette-two-red"]
"""The designers' layouts of classic's counts with a bonus bar or powers (the plain kernel's
entry point for them)."""

PLAIN_CUSTOM = [
    p
    for p in CUSTOM
    if p.stem
    in ("againdouble", "doubled-blocks", "five", "one", "two-red-rows", "mixed-doubles-again")
]
"""The designers' layouts the plain kernel plays by its general entry point (not of classic's
counts, or with more than one of doubles, mixed colours and chains)."""
LEAN_CUSTOM = [p for p in CUSTOM if p.stem == "twice"]
"""The designers' layouts the lean kernel plays (a number twice in a row; the others have
small boxes or powers)."""


def test_each_kernel_takes_exactly_its_layouts() -> None:
    """Plain layouts of classic's counts: the plain kernel's classic entry points (with a
    strong seat the one with the strong bot's code), with doubles or mixed colours their own
    entry points; other plain ones its general entry; then the lean kernel (no shipped
    layout); the rest the general kernel."""
    for names, gap, strong in (
        (SIMULATED, run.CLASSIC_GAP, run.CLASSIC),
        ([str(p) for p in CUSTOM], run.PLAIN, run.PLAIN),
    ):
        variants = {name: run.variant_of(api.checked(name)) for name in names}
        assert [n for n in names if variants[n] == gap] == (
            PLAIN if gap == run.CLASSIC_GAP else [str(p) for p in PLAIN_CUSTOM]
        )
        for name in names:
            with_strong = run.variant_of(api.checked(name), (2, 0))
            assert with_strong == (strong if variants[name] == gap else variants[name]), name
    for name, variant in OWN_ENTRY.items():
        assert run.variant_of(api.checked(name)) == variant, name
        assert run.variant_of(api.checked(name), (0, 0)) == variant, name
    assert [n for n in SIMULATED if run.variant_of(api.checked(n)) == run.LEAN] == []
    custom = [p for p in CUSTOM if run.variant_of(api.checked(str(p))) == run.LEAN]
    assert custom == LEAN_CUSTOM
    chains = [p for p in CUSTOM if run.variant_of(api.checked(str(p))) == run.CHAINS]
    assert chains == CHAINS_CUSTOM


GENERAL_MECHANICS = {
    "connect-15": tables.USES_SQUARES,
    "longo": tables.USES_LUCKY,
    "lucky-15": tables.USES_TRACK,
}
"""The mechanics each shipped layout of the general kernel is compiled for (and no others)."""


def test_the_general_kernel_is_compiled_for_each_layouts_mechanics() -> None:
    """Each shipped layout of the general kernel gets the variant of its own mechanics
    (``run.compiled_name``), one mechanic each; the mechanics come from the tables (a
    layout without a mechanic's fields has none of it); the variant's module is written into
    this version's cache folder."""
    general = [
        n for n in catalogue.shipped_names() if run.variant_of(api.checked(n)) == run.GENERAL
    ]
    assert {n: run.mechanics(api.checked(n)) for n in general} == GENERAL_MECHANICS
    assert run.compiled_name(api.checked("longo"), (2, 0)) == "general-080"
    assert run.compiled_name(api.checked("classic")) == run.CLASSIC_GAP
    assert run.mechanics(api.checked("doppelt")) == tables.USES_DOUBLES
    assert run.mechanics(api.checked("nochmal")) == tables.USES_SMALL_BOXES
    assert run.mechanics(api.checked("x-change")) == tables.USES_DIAMONDS
    assert run.mechanics(api.checked("classic")) == 0
    assert run.mechanics(api.checked("big-points")) == tables.USES_BONUS_ROWS
    longo = api.checked("longo")
    assert run.mechanics(dataclasses.replace(longo, lucky_draw=None, lucky=())) == 0
    run.kernel_chunk(longo, (2, 2), 1, 0, 1)
    assert (jit.CACHE / "general_080.py").exists()
    assert (jit.CACHE / "general-080.compiled").exists()


def general_games(
    sheet: layout.Layout, codes: Sequence[int], seed: int, games: int
) -> tables.Games:
    """The games of the general kernel, whichever kernel :func:`run.kernel_chunk` picks."""
    t = tables.compile_layout(sheet)
    played = tables.Games.zeros(games, len(codes), len(sheet.rows), len(sheet.bonus_rows))
    none = np.zeros((games, len(codes)), dtype=np.int64)
    slips = run.slip_indexes(sheet, len(codes), 0, games)
    kernel.play_games(t, np.array(codes, dtype=np.int64), seed, 0, played, none, slips)
    return played


def lean_games(sheet: layout.Layout, codes: Sequence[int], seed: int, games: int) -> tables.Games:
    """The games of the lean kernel, whichever kernel :func:`run.kernel_chunk` picks."""
    view = lean.lean_tables(tables.compile_layout(sheet))
    played = tables.Games.zeros(games, len(codes), len(sheet.rows), len(sheet.bonus_rows))
    lean.play_lean_games(view, np.array(codes, dtype=np.int64), seed, 0, played)
    return played


LEAN_AND_PLAIN = [
    *PLAIN,
    *OWN_ENTRY,
    *(str(p) for p in PLAIN_CUSTOM + CHAINS_CUSTOM + LEAN_CUSTOM),
]


@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("name", LEAN_AND_PLAIN, ids=[Path(name).stem for name in LEAN_AND_PLAIN])
def test_plain_and_lean_kernels_play_the_general_kernels_games(name: str, seating: str) -> None:
    """2,000 games per layout and seating, every result of every game the same: the kernel
    that plays the layout, the general kernel and (on a layout that fits it) the lean kernel:
    on Bonuskette, Kräfte and Connected Chain the plain kernel's chains are the general
    kernel's (each seat on its own slip), on Nochmal its small boxes, on X-Change its swaps, on
    Big Points its bonus cells."""
    sheet = api.checked(name)
    codes = SEATINGS[seating]
    plain = name in [*PLAIN, *OWN_ENTRY, *map(str, PLAIN_CUSTOM + CHAINS_CUSTOM)]
    assert run.variant_of(sheet, codes) in (
        (
            run.CLASSIC_GAP,
            run.CLASSIC,
            run.PLAIN,
            run.DOUBLES,
            run.MIXED,
            run.CHAINS,
            run.SMALL_BOXES,
            run.SWAPS,
            run.BONUS_ROWS,
        )
        if plain
        else (run.LEAN,)
    )
    played = run.kernel_chunk(sheet, codes, 9, 0, 2000)
    others = [general_games(sheet, codes, 9, 2000)]
    if plain and lean.fits(tables.compile_layout(sheet), False):
        others.append(lean_games(sheet, codes, 9, 2000))
    for other in others:
        for key in tables.Games._fields:
            assert (getattr(played, key) == getattr(other, key)).all(), key


C_LOOP = Path(__file__).resolve().parents[2] / "benchmarks" / "c_loop.py"


def c_loop() -> types.ModuleType:
    """``benchmarks/c_loop.py``, the C reference loop's driver."""
    spec = importlib.util.spec_from_file_location("c_loop", C_LOOP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [1, 2, 4])
def test_c_reference_loop_plays_the_kernels_games(tmp_path: Path, players: int) -> None:
    """benchmarks/gap2.c, written from docs/simulate.md, plays the kernel's classic gap-2
    games on the same seeds: rolls, ends, locks, scores, penalties and crosses, game by game."""
    loop = c_loop()
    if loop.compiler() is None:
        pytest.skip("no C compiler")
    program = loop.build(tmp_path)
    sheet = api.checked("classic")
    played = run.kernel_chunk(sheet, (2,) * players, 3, 100, 3000)
    assert loop.games(program, 3, 100, 3000, players) == loop.as_rows(played)


WEIGHT_RUN = """
import hashlib, json, sys
from qwixx_print import api
from qwixx_print.sim import jit, run, selfplay, strategy
strategy.SKIP_WEIGHT = float(sys.argv[1])
found = {}
for name in ("classic", "kraefte"):
    sheet = api.checked(name)
    games = run.kernel_chunk(sheet, (0, 0), 5, 0, 300)
    found[name] = games.scores.tolist()
    same = [selfplay.play_game(sheet, (0, 0), 5, g).scores for g in range(15)]
    assert same == [tuple(s) for s in games.scores[:15].tolist()], name
files = {str(p): p.stat().st_mtime_ns for p in jit.CACHE.rglob("*") if p.is_file()}
print(json.dumps({"scores": found, "files": files}))
"""


def test_a_changed_bot_weight_reaches_both_kernels_without_a_new_compile() -> None:
    """The strong bot's weights are data (``KernelTables.weights``): a weight changed in a
    fresh process changes the games of the plain and the general kernel, which still play
    the reference bots' games, and the compiled cache is not touched."""

    def play(weight: float) -> dict[str, Any]:
        done = subprocess.run(
            [sys.executable, "-c", WEIGHT_RUN, str(weight)],
            capture_output=True,
            text=True,
            timeout=900,
            check=True,
        )
        return dict(json.loads(done.stdout.splitlines()[-1]))

    before = play(0.6)
    changed = play(1.5)
    for name in ("classic", "kraefte"):
        assert changed["scores"][name] != before["scores"][name], name
    assert changed["files"] == before["files"]
    assert play(0.6)["scores"] == before["scores"]
