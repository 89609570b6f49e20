"""The dice and the lucky numbers of simulated games: a splitmix64 stream per game, shared by
the compiled kernel and the reference engine, so both roll exactly the same dice and deal the
same lucky numbers.

Game ``g`` of a run with seed ``s`` starts its stream at ``s * SEED_MULTIPLIER + g`` (mod
2**64). Each draw adds :data:`GAMMA` to the state and mixes it (Steele, Lea and Flood,
"Fast splittable pseudorandom number generators", 2014); a die is ``1 + draw % 6``
(``% 8`` for 8-sided dice). A roll draws ``2 + len(layout.dice)`` dice in a fixed order:
the two white dice, then one die per colour in ``layout.dice`` order, closed colours
included (their values are not used), so two layouts with the same number of dice see the
same rolls (common random numbers).

Longo's lucky numbers (RULES.md §4) are dealt from a second stream of the game, started at
the dice stream's start xor :data:`LUCKY_SALT` (:func:`lucky_draws`): as a page of the game's
sheets would hold them (different sets while there are enough), but not the numbers of a
printed page (:func:`qwixx_print.dealing.lucky_sets`), whose Mersenne Twister costs some 5 us
to seed: twice what the kernel takes to play a game (docs/simulate.md).
"""

from __future__ import annotations

from collections.abc import Iterator

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB
SEED_MULTIPLIER = 0xD1342543DE82EF95
LUCKY_SALT = 0x6A09E667F3BCC908
"""Xor'ed into a game's dice stream start to start its lucky numbers' stream."""
MAX_SEED = MASK
"""Largest seed: seeds are unsigned 64-bit numbers."""


def start(seed: int, game: int) -> int:
    """The stream state of game number ``game`` (0-based) of a run seeded ``seed``."""
    return (seed * SEED_MULTIPLIER + game) & MASK


def draw(state: int) -> tuple[int, int]:
    """The next ``(state, value)`` of a splitmix64 stream: 64-bit unsigned values."""
    state = (state + GAMMA) & MASK
    z = state
    z = ((z ^ (z >> 30)) * MIX_1) & MASK
    z = ((z ^ (z >> 27)) * MIX_2) & MASK
    return state, z ^ (z >> 31)


def rolls(seed: int, game: int, dice: int, faces: int = 6) -> Iterator[tuple[int, ...]]:
    """The endless rolls of game ``game``: tuples of ``2 + dice`` values 1..``faces`` (white,
    white, then the coloured dice in layout order; ``faces`` 8 on Longo, RULES.md §4)."""
    state = start(seed, game)
    while True:
        roll = []
        for _ in range(2 + dice):
            state, value = draw(state)
            roll.append(1 + value % faces)
        yield tuple(roll)


def lucky_draws(seed: int, game: int, players: int, sets: int) -> list[int]:
    """The lucky numbers of the ``players`` seats of game ``game`` (RULES.md §4 Longo), as
    indexes ``0 .. sets - 1`` into the layout's sets of lucky numbers
    (:func:`qwixx_print.dealing.lucky_pool`): each draw ``value % sets`` of the game's lucky
    stream, a set already dealt among the last ``len(picked) % sets`` drawn again, so the
    seats hold different sets while there are enough, as a page's sheets do. The compiled
    kernel's twin is :func:`qwixx_print.sim.state.deal_lucky`."""
    state = start(seed, game) ^ LUCKY_SALT
    picked: list[int] = []
    while len(picked) < players:
        state, value = draw(state)
        j = value % sets
        if j not in picked[len(picked) - len(picked) % sets :]:
            picked.append(j)
    return picked
