"""The bots play the moves of the RULES.md §4 sheets through the reference engine: bonus
cells (Big Points), diamond swaps (X-Change), lucky crosses, 8-sided dice and two lock fields
(Longo); links and the framed group are the engine's. Hand-made positions check how each bot
ranks the new moves (docs/simulate.md); whole seeded games check that every move happens."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from qwixx_print import api, dealing, rules
from qwixx_print.compiled import throws
from qwixx_print.play import Game, Move
from qwixx_print.play.game import Dice
from qwixx_print.sim import bot_options, bots, dice, run, selfplay, strategy

GAP_2, STRONG = 2, 0


def sheet_of(name: str, lucky: tuple[int, ...] | None = None, **crossed: list[int]) -> Game:
    """A 2-player game of ``name`` whose first seat has ``crossed`` (row -> indexes)."""
    layout = api.checked(name)
    own = {"seat1": layout.sheet(lucky=lucky)} if lucky is not None else None
    g = Game(layout, selfplay.seats(2), own=own)
    for row, fields in crossed.items():
        for i in fields:
            g.sheets["seat1"].cross(row, i)
    return g


def white(g: Game, w1: int, w2: int, code: int = GAP_2) -> Move | None:
    sheet = g.sheets["seat1"]
    faces = dict.fromkeys(g.layout.dice, 1)
    choice = bots.white_choice(sheet, Dice((w1, w2), faces), False, code)
    return None if choice is None else choice.move(sheet)


def test_gap_k_counts_only_the_skipped_cells_of_a_bonus_row() -> None:
    g = sheet_of("big-points", red=[0, 1, 2, 3, 4])
    # the white 6: yellow 6 skips 4 fields, green 6 six, the bonus cell 6 its 4 cells before
    assert white(g, 3, 3) is None
    for c in range(4):
        g.sheets["seat1"].play(Move("bonus", "red-yellow", c))
    # with cells 2..5 crossed, the bonus cell 6 skips none
    assert white(g, 3, 3) == Move("bonus", "red-yellow", 4)


def test_strong_values_a_bonus_cell_for_both_rows_beside_it() -> None:
    g = sheet_of("big-points", red=[0])
    sheet = g.sheets["seat1"]
    cell = bot_options.Option(0, 0, "bonus")
    # red goes from 1 to 2 crosses (+2 points), yellow from 0 to 1 (+1); nothing skipped
    assert bots.strong_value(sheet, cell) == 3.0
    assert white(g, 1, 1, STRONG) == Move("bonus", "red-yellow", 0)


def test_a_bonus_cross_counts_in_the_strong_bots_gain_of_a_row() -> None:
    g = sheet_of("big-points", red=[0])
    sheet = g.sheets["seat1"]
    before = bots.strong_value(sheet, bot_options.Option(0, 1))  # red 3: 1 -> 2 crosses
    sheet.play(Move("bonus", "red-yellow", 0))
    after = bots.strong_value(sheet, bot_options.Option(0, 1))  # red 3: 2 -> 3 counted crosses
    assert (before, after) == (2.0, 3.0)


def test_gap_k_swaps_a_diamond_when_it_skips_less() -> None:
    # red holds 2, 3, 4; the white 8 skips 3 in red, its diamond 8/5 makes it red 5 (none)
    g = sheet_of("x-change", red=[0, 1, 2])
    assert white(g, 4, 4) == Move("swap", "red", 3, 0)
    # diamond 0 used: the 8/6 diamond would make it red 6 (no field skipped) but jump 4
    # diamonds; the plain red 8 skips 2 fields (6, 7)
    g.sheets["seat1"].play(Move("swap", "red", 3, 0))
    assert white(g, 4, 4) == Move("cross", "red", 6)
    assert white(g, 4, 4, code=1) is None


def test_strong_charges_a_swap_for_the_diamonds_it_uses() -> None:
    g = sheet_of("x-change", red=[0, 1, 2])
    sheet = g.sheets["seat1"]
    cross = bots.strong_value(sheet, bot_options.Option(0, 3))
    assert (
        bots.strong_value(sheet, bot_options.Option(0, 3, "swap", 0))
        == cross - strategy.DIAMOND_COST
    )
    assert bots.strong_value(sheet, bot_options.Option(0, 3, "swap", 2)) == (
        cross - 3 * strategy.DIAMOND_COST
    )


def test_a_lucky_cross_skips_nothing() -> None:
    # red holds 2..7; the white 9 skips 1 in red; 9 is lucky: green and blue have the fewest
    # crosses (none), the lucky cross takes green's next free field
    g = sheet_of("longo", lucky=(4, 9), red=[0, 1, 2, 3, 4, 5], yellow=[0])
    assert white(g, 4, 5) == Move("lucky", "green")
    # strong values it as green's next field, and prefers red's 7th cross (+7 points)
    sheet = g.sheets["seat1"]
    lucky = bots.strong_value(sheet, bot_options.Option(2, 0, "lucky"))
    assert lucky == bots.strong_value(sheet, bot_options.Option(2, 0)) == 1.0
    assert white(g, 4, 5, STRONG) == Move("cross", "red", 7)
    # without lucky numbers, the 9 in red
    assert white(sheet_of("longo", red=[0, 1, 2, 3, 4, 5]), 4, 5) == Move("cross", "red", 7)


def test_either_of_longos_two_lock_fields_is_a_lock() -> None:
    g = sheet_of("longo", red=[0, 1, 2, 3, 4, 5])
    assert white(g, 8, 7) == Move("cross", "red", 13)  # the 15 locks (skips -1)
    assert white(g, 8, 7, STRONG) == Move("cross", "red", 13)
    g = sheet_of("longo", red=[0, 1, 2, 3, 4])  # 5 crosses: neither locks yet
    assert white(g, 8, 8) == Move("cross", "green", 0)


def test_ways_of_8_sided_dice() -> None:
    assert [throws(n) for n in range(13)] == [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    d8 = [throws(n, 8) for n in range(2, 17)]
    assert d8 == [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1] and sum(d8) == 64
    assert throws(17, 8) == throws(1, 8) == 0


def test_longo_rolls_8_sided_dice() -> None:
    faces = [f for _, roll in zip(range(200), dice.rolls(1, 0, 4, 8), strict=False) for f in roll]
    assert set(faces) == set(range(1, 9))


def test_seats_get_their_own_slips_and_lucky_numbers() -> None:
    chain = api.checked("connected-chain")
    assert [s.slip for s in selfplay.sheets(chain, 5, 1, 0).values()] == ["A", "B", "C", "D", "E"]
    assert [s.slip for s in selfplay.sheets(chain, 4, 1, 1).values()] == ["E", "A", "B", "C"]
    longo = selfplay.sheets(api.checked("longo"), 4, 1, 3)
    assert len({s.lucky for s in longo.values()}) == 4
    assert all(len(s.lucky) == 2 and min(s.lucky) >= 3 for s in longo.values())
    assert selfplay.sheets(api.checked("classic"), 4, 1, 0) == {}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_kernel_seats_get_the_slips_dealt_to_each_game(players: int) -> None:
    """``run.slip_indexes`` deals a chunk's slips once per round of the slips: every game's
    are those :func:`qwixx_print.dealing.slip_order` deals to its page."""
    chain = api.checked("connected-chain")
    for first, count in ((0, 23), (7, 3), (12, 1)):
        dealt = run.slip_indexes(chain, players, first, count).tolist()
        assert dealt == [dealing.slip_order(chain, players, first + g) for g in range(count)]
    assert run.slip_indexes(chain, 4, 1, 2).tolist() == [[4, 0, 1, 2], [3, 4, 0, 1]]


@pytest.mark.parametrize("sets", [1, 3, 78])
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_kernel_seats_get_the_lucky_numbers_the_reference_deals(sets: int, seed: int) -> None:
    """``run.lucky_masks`` (compiled) deals each game's seats the sets
    ``dice.lucky_draws`` deals the reference engine, different sets while there are enough
    (3 sets, 5 seats: 3 different, then 2 more different), whatever the chunk."""
    pool = [100 + k for k in range(sets)]
    for players in (1, 2, 5):
        for first, count in ((0, 60), (37, 5)):
            bits = np.array(pool, dtype=np.int64)
            masks = run.dealt_lucky(seed, first, count, players, bits).tolist()
            for g in range(count):
                drawn = dice.lucky_draws(seed, first + g, players, sets)
                assert masks[g] == [pool[j] for j in drawn]
                blocks = [drawn[b : b + sets] for b in range(0, players, sets)]
                assert all(len(set(block)) == len(block) for block in blocks)


def test_lucky_numbers_are_dealt_evenly() -> None:
    """Over 2,000 games of 4 seats, each of Longo's 78 pairs is dealt about equally often
    (60 to 150 times, the expectation 102.6: a draw's modulo bias is below 1e-17)."""
    longo = api.checked("longo")
    masks = run.lucky_masks(longo, 4, 11, 0, 2000)
    counts = Counter(masks.ravel().tolist())
    assert len(counts) == 78
    assert min(counts.values()) >= 60 and max(counts.values()) <= 150
    assert all(len(set(game)) == 4 for game in masks.tolist())


def moves_played(name: str, codes: tuple[int, ...], games: int) -> tuple[Counter[str], list[int]]:
    """The kinds of move made in ``games`` seeded games of ``name``, and every score."""
    layout = api.checked(name)
    kinds: Counter[str] = Counter()
    scores = []
    for n in range(games):
        g = Game(layout, selfplay.seats(len(codes)), own=selfplay.sheets(layout, len(codes), 5, n))
        selfplay.play(g, codes, dice.rolls(5, n, len(layout.dice), layout.number_range[1] // 2))
        assert g.over
        for entry in g.entries:
            white_moves = entry.get("white")
            made = list(white_moves.values()) if isinstance(white_moves, dict) else []
            made.append(entry.get("colour"))
            kinds.update(m.kind for m in made if isinstance(m, Move))
        for sheet in g.sheets.values():
            scores.append(sheet.score().total)
            if name == "connected-chain":  # the engine crossed every link partner
                s, b = sheet.state, sheet.board
                for (r, i), (q, j) in b.partner.items():
                    assert (i in s.crossed[r]) == (j in s.crossed[q])
    return kinds, scores


@pytest.mark.parametrize(
    ("name", "kind"),
    [("big-points", "bonus"), ("x-change", "swap"), ("longo", "lucky")],
)
@pytest.mark.parametrize("code", [GAP_2, STRONG])
def test_simulated_games_make_the_sheets_own_moves(name: str, kind: str, code: int) -> None:
    kinds, scores = moves_played(name, (code, code, code), 12)
    assert kinds[kind] > 12 and kinds["cross"] > kinds[kind]
    assert max(scores) > 60


def test_longo_games_cross_the_sums_only_8_sided_dice_make() -> None:
    layout = api.checked("longo")
    high = 0
    for n in range(10):
        played = selfplay.play_game(layout, (GAP_2, GAP_2), 1, n)
        for masks in played.crossed:
            # red and yellow hold 13..16 at indexes 11..14, green and blue at 0..3
            high += sum(bin(m >> 11).count("1") for m in masks[:2])
            high += sum(bin(m & 0b1111).count("1") for m in masks[2:])
    assert high > 10
    assert rules.max_counted(layout, layout.rows[0]) == 15
