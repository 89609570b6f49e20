"""The generate families of the sheets of RULES.md §4 and §7 (issue 25 item 6): what each deals
anew and what it keeps from its twin, the PDF of a generated sheet whose sheets differ
(Chain's slips, Longo's lucky numbers) dealt as copies of a layout are, and the figures of
the sheets written beside their twins'. The tests every family passes (valid for 40 seeds,
50 different sheets from 50 seeds but for steps' 240 sheets, balanced and loaded back equal,
the kernel's options at every state) are parametrised over all families in test_generate.py
and tests/sim/test_sim_probe.py."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pypdf
import pytest

from qwixx_print import api, catalogue, labels, layout, rules
from qwixx_print.generate import candidates, family_recipe, mechanics
from qwixx_print.generate.families import FAMILIES
from qwixx_print.layout import Layout, ValueTrack
from tests.conftest import ROOT, Run

pytestmark = pytest.mark.usefixtures("simulator")


def sheets(family: str, seed: int = 2, count: int = 20) -> list[Layout]:
    """The first ``count`` candidates of ``family`` for ``seed``."""
    return list(itertools.islice(candidates(family_recipe(family), seed), count))


def thirds(numbers: list[int], kept: int) -> list[set[int]]:
    inner = numbers[: len(numbers) - kept]
    n = len(inner)
    return [set(inner[k * n // 3 : (k + 1) * n // 3]) for k in range(3)]


def numbers(row: layout.Row) -> list[int]:
    return [f.number for f in row.fields]


def test_bonus_rows_keep_one_order_of_numbers_beside_each_bonus_row_within_thirds() -> None:
    twin = api.checked("big-points")
    seen = set()
    for sheet in sheets("bonus-rows"):
        assert sheet.bonus_rows == twin.bonus_rows
        by_id = {row.id: numbers(row) for row in sheet.rows}
        for bonus, old in zip(sheet.bonus_rows, twin.rows[::2], strict=True):
            upper, lower = (by_id[i] for i in bonus.between)
            assert upper == lower  # a bonus cell carries the number of both
            assert upper[-1] == numbers(old)[-1]  # the lock's number stays
            assert thirds(upper, 1) == thirds(numbers(old), 1)
            seen.add(tuple(upper))
    assert len(seen) == 40


def test_chain_slips_use_every_allowed_pair_once_in_one_column_never_side_by_side() -> None:
    for sheet in sheets("chain"):
        assert [s.name for s in sheet.slips] == ["A", "B", "C", "D", "E"]
        assert (sheet.slip, sheet.links) == ("A", sheet.slips[0].links)
        pairs = [link for slip in sheet.slips for link in slip.links]
        # 3 rows next to each other x 10 columns before the lock: 30 pairs, each once
        assert len(set(pairs)) == len(pairs) == 30
        ids = [row.id for row in sheet.rows]
        for slip in sheet.slips:
            ends: dict[str, list[int]] = {}
            for (row_a, col_a), (row_b, col_b) in slip.links:
                assert col_a == col_b and ids.index(row_b) == ids.index(row_a) + 1
                ends.setdefault(row_a, []).append(col_a)
                ends.setdefault(row_b, []).append(col_b)
            for cols in ends.values():
                cols.sort()
                assert all(b - a > 1 for a, b in itertools.pairwise(cols)), cols
                assert sum(c < 5 for c in cols) == sum(c >= 5 for c in cols)
    assert len(mechanics.chain_offsets(5, 4)) == 100


def framed(sheet: Layout) -> tuple[tuple[int, int], ...]:
    """The (row, field) places of ``sheet``'s framed fields, top to bottom, left to right."""
    return tuple(
        (r, i) for r, row in enumerate(sheet.rows) for i, f in enumerate(row.fields) if f.framed
    )


def test_steps_deal_11_framed_fields_as_one_staircase_through_every_row() -> None:
    for sheet in sheets("steps", count=40):
        cells = framed(sheet)
        assert len(cells) == 11
        assert {r for r, _ in cells} == {0, 1, 2, 3}
        assert all(b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) for a, b in itertools.pairwise(cells))
        assert max(i for _, i in cells) <= 9  # never the lock field


def test_steps_has_240_staircases_and_the_seeds_deal_every_one() -> None:
    """docs/generate.md: 80 ways to cut 11 framed fields into 4 steps of 1 to 5, from 3
    first columns; so seeds repeat sheets (50 seeds: 49 different), and 2,000 seeds deal
    all 240, each a valid staircase (the test above)."""
    assert len(mechanics._step_lengths(11, 4)) == 80
    recipe = family_recipe("steps")
    dealt = Counter(framed(next(candidates(recipe, seed))) for seed in range(2000))
    assert len(dealt) == 240
    assert len({framed(next(candidates(recipe, seed))) for seed in range(50)}) == 49


def test_diamonds_pair_the_twins_numbers_anew_each_two_different_no_pair_twice() -> None:
    twin = api.checked("x-change")
    want = Counter(n for pair in twin.diamonds for n in pair)
    assert want == Counter({n: 2 for n in range(3, 12)})
    deals = set()
    for sheet in sheets("diamonds"):
        assert Counter(n for pair in sheet.diamonds for n in pair) == want
        assert all(a != b for a, b in sheet.diamonds)
        assert len({frozenset(pair) for pair in sheet.diamonds}) == 9
        assert sheet.rows == twin.rows
        deals.add(sheet.diamonds)
    assert len(deals) == 20


def test_lucky_numbers_keep_the_lock_fields_and_the_draw_and_shuffle_within_thirds() -> None:
    twin = api.checked("longo")
    for sheet in sheets("lucky-numbers"):
        assert (sheet.lucky_draw, sheet.lock_fields, sheet.number_range) == (
            twin.lucky_draw,
            2,
            (2, 16),
        )
        for row, old in zip(sheet.rows, twin.rows, strict=True):
            assert numbers(row)[-2:] == numbers(old)[-2:]
            assert thirds(numbers(row), 2) == thirds(numbers(old), 2)
        assert [numbers(r) for r in sheet.rows] != [numbers(r) for r in twin.rows]


def test_link_squares_stand_between_new_neighbours_before_the_lock_never_side_by_side() -> None:
    twin = api.checked("connect-15")
    assert len(mechanics.square_places(3, 9)) == 35  # 3 squares, 9 places before the 12
    placed = set()
    for sheet in sheets("link-squares"):
        assert (sheet.square_faces, sheet.square_dice) == (twin.square_faces, twin.square_dice)
        for row, old in zip(sheet.rows, twin.rows, strict=True):
            assert len(row.squares) == len(old.squares) == 3
            assert all(b == a + 1 and b <= 9 for a, b in row.squares)  # none beside the lock
            starts = [a for a, _ in row.squares]
            assert all(b - a >= 2 for a, b in itertools.pairwise(starts))
            assert numbers(row) == numbers(old)
        placed.add(tuple(row.squares for row in sheet.rows))
    assert len(placed) == 20


LUCKY_15 = (2, 1, 15)
"""Lucky 15's trigger: white + white + colour = 15 (RULES.md §7)."""


def test_the_chance_of_a_trigger_is_the_share_of_rolls_the_rules_let_cross_the_track() -> None:
    """mechanics.trigger_chance against every roll of 2 white and 4 coloured d6, each asked of
    the rule itself (rules.trigger_totals, which play and scoring ask)."""
    rolls = list(itertools.product(range(1, 7), repeat=6))
    for white, coloured, total in (LUCKY_15, (1, 1, 2), (2, 0, 7), (2, 1, 7)):
        track = ValueTrack((5,), "orange", total, white, coloured)
        hits = sum(total in rules.trigger_totals(track, roll[:2], roll[2:]) for roll in rolls)
        assert mechanics.trigger_chance((white, coloured, total), 6, 4) == hits / 6**6
    assert round(mechanics.trigger_chance(LUCKY_15, 6, 4), 4) == 0.1438


def test_value_tracks_deal_triggers_about_as_likely_as_lucky_15s_and_values_scaled_to_them() -> (
    None
):
    twin = api.checked("lucky-15")
    dealt = mechanics.triggers(LUCKY_15, 6, 4)
    # white + white + colour = 5, 6, 7, 14, 15, 16; white + colour = 2, 12; white + white = 4..10
    assert [t for t, _ in dealt] == [
        *((2, 1, n) for n in (5, 6, 7, 14, 15, 16)),
        (1, 1, 2),
        (1, 1, 12),
        *((2, 0, n) for n in range(4, 11)),
    ]
    own = mechanics.trigger_chance(LUCKY_15, 6, 4)
    assert all(0.5 * own <= chance <= 1.6 * own for _, chance in dealt)
    seen, tracks = set(), set()
    for sheet in sheets("value-track", count=60):
        track = sheet.value_track
        assert track is not None and track.colour == "orange"
        assert (sheet.rows, sheet.lock_threshold, sheet.max_counted) == (twin.rows, 5, 12)
        trigger = (track.white, track.coloured, track.total)
        assert trigger in dict(dealt)
        values = track.values
        assert 3 <= len(values) <= 6
        assert all(a < b for a, b in itertools.pairwise(values))
        scale = own / mechanics.trigger_chance(trigger, 6, 4)  # a rarer trigger pays more
        assert round(3 * scale) <= values[0] <= round(8 * scale)
        seen.add(trigger)
        tracks.add(track)
    assert len(seen) >= 12 and len(tracks) == 60


HINT_KEYS = {
    (2, 1): "track_hint",
    (1, 1): "track_hint_white_colour",
    (2, 0): "track_hint_white_white",
}
"""The header hint of each kind of trigger the family deals, by its (white, coloured) dice."""


@pytest.mark.parametrize("lang", labels.LANGUAGES)
def test_each_kind_of_trigger_the_family_deals_prints_whole_in_the_header(
    lang: str, tmp_path: Path
) -> None:
    """A generated value track's trigger may be white + white + colour, white + colour or
    white + white, and differs from sheet to sheet: the header names its dice and total, whole,
    in every language, at 8 sheets a page (the sheet keeps the title QWIXX: beside "QWIXX ·
    VALUE TRACK" the rule did not fit and was left out)."""
    first: dict[tuple[int, int], Layout] = {}
    for sheet in sheets("value-track", count=40):
        assert sheet.value_track is not None
        first.setdefault((sheet.value_track.white, sheet.value_track.coloured), sheet)
    assert sorted(first) == sorted(HINT_KEYS)
    for dice, sheet in first.items():
        assert sheet.value_track is not None and "title" not in sheet.labels
        out = tmp_path / f"{sheet.value_track.total}.pdf"
        api.print_sheets([sheet], out, 1, per_page=8, lang=lang)
        printed = " ".join(" ".join(_page_text(out)).split())
        key = HINT_KEYS[dice]
        hint = labels.for_layout(sheet, lang)[key].replace("{n}", str(sheet.value_track.total))
        assert printed.count(hint) == 8, (lang, hint)
    english = labels.for_layout(api.checked("lucky-15"))
    assert english["track_hint_white_colour"].startswith("white + colour = {n}: ")
    assert english["track_hint_white_white"].startswith("white + white = {n}: ")


def test_small_boxes_stay_on_every_row_and_numbers_swap_only_with_a_neighbour() -> None:
    twin = api.checked("nochmal")
    orders = set()
    for sheet in sheets("small-boxes", count=40):
        assert (sheet.lock_threshold, sheet.max_counted) == (7, 16)
        for row, old in zip(sheet.rows, twin.rows, strict=True):
            assert row.again and (row.id, row.colour) == (old.id, old.colour)
            new, was = numbers(row), numbers(old)
            assert new[-1] == was[-1]  # the lock's number stays
            for k in range(0, 10, 2):  # fields 1-2, 3-4, ... 9-10: in place or swapped
                assert new[k : k + 2] in (was[k : k + 2], was[k : k + 2][::-1])
            orders.add(tuple(new))
    # 32 orders a row, rising or falling: 64; 160 rows dealt at random meet about 59 of them
    assert 50 <= len(orders) <= 64


def test_every_shipped_sheet_but_classic_is_the_twin_of_a_family_and_the_docs_say_which() -> None:
    """Every mechanic of the shipped sheets has a family (issue 25 item 6): each shipped sheet
    with one is a family's twin; docs/variants.md's table names the family beside it."""
    twins = {family.twin: name for name, family in FAMILIES.items()}
    assert set(twins) == set(catalogue.shipped_names()) - {"classic"}
    table = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    for twin, family in twins.items():
        assert re.search(rf"^\| `{twin}` \|.*\| `{family}` \|$", table, re.M), twin


def _page_text(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def test_a_printed_chain_sheet_deals_slips_a_to_e_as_its_copies_would(
    tmp_path: Path, run: Run
) -> None:
    pdf = tmp_path / "chain.pdf"
    args = ["generate", "chain", "--seed", "4", "--out", str(tmp_path / "c.yaml")]
    assert run(*args, "--out-pdf", str(pdf)).exit_code == 0
    (text,) = _page_text(pdf)
    # each sheet's text ends in its note and its slip's letter
    slips = re.findall(r"Total\nchain · seed 4\n([A-Z])\b", text)
    assert slips == ["A", "B", "C", "D", "E", "A", "B", "C"]  # as on a page of Connected
    copies = tmp_path / "copies.pdf"
    assert run(str(tmp_path / "c.yaml"), "--out", str(copies)).exit_code == 0
    (printed,) = _page_text(copies)
    assert re.findall(r"Total\n([A-Z])\b", printed) == slips


def test_a_printed_lucky_numbers_sheet_draws_8_pairs_from_its_seed_the_same_each_time(
    tmp_path: Path, run: Run
) -> None:
    made = []
    for k in range(2):
        pdf = tmp_path / f"{k}.pdf"
        out = tmp_path / f"{k}.yaml"
        assert (
            run(
                "generate", "lucky-numbers", "--seed", "6", "--out", str(out), "--out-pdf", str(pdf)
            ).exit_code
            == 0
        )
        made.append(pdf.read_bytes())
    assert made[0] == made[1]
    (text,) = _page_text(tmp_path / "0.pdf")
    drawn = re.findall(r"Total\nlucky-numbers · seed 6\n(\d+)\n(\d+)\b", text)
    pairs = [(int(a), int(b)) for a, b in drawn]
    assert len(pairs) == len(set(pairs)) == 8  # 8 different pairs, as on a page of Longo
    assert all(3 <= a < b <= 15 for a, b in pairs)


def test_each_family_of_the_pads_takes_its_rules_from_its_shipped_twin() -> None:
    expected = {
        "bonus-rows": "big-points",
        "chain": "connected-chain",
        "steps": "connected-steps",
        "diamonds": "x-change",
        "lucky-numbers": "longo",
        "link-squares": "connect-15",
        "value-track": "lucky-15",
        "small-boxes": "nochmal",
    }
    twins = {family: family_recipe(family).twin.name for family in expected}
    assert twins == expected
    for family, twin in twins.items():
        sheet = next(candidates(family_recipe(family), 1))
        old = api.checked(twin)
        settings = ("lock_threshold", "lock_fields", "max_counted", "penalty_boxes", "dice")
        assert [getattr(sheet, key) for key in settings] == [getattr(old, key) for key in settings]
        if family == "value-track":  # the twin's title: room for the trigger's rule
            assert "title" not in sheet.labels
        else:
            assert sheet.labels["title"] == f"QWIXX · {family.replace('-', ' ').upper()}"
