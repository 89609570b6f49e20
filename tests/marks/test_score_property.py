"""Property (RULES.md §1 Score): for any legal classic sheet the total is the sum of n(n+1)/2
over its rows (n = crossed numbers, + 1 for the lock) minus 5 per penalty."""

from __future__ import annotations

import yaml
from hypothesis import given
from hypothesis import strategies as st

from qwixx_print import marks
from qwixx_print.errors import MarksError
from qwixx_print.yamldoc import parse
from tests.conftest import ROOT

NUMBERS = {
    "red": list(range(2, 13)),
    "yellow": list(range(2, 13)),
    "green": list(range(12, 1, -1)),
    "blue": list(range(12, 1, -1)),
}

# per row: which of the 10 fields before the last are crossed, whether the last is wanted,
# and a permutation seed for the order the numbers are written in
ROW = st.tuples(st.sets(st.integers(0, 9)), st.booleans(), st.randoms(use_true_random=False))


@given(st.lists(ROW, min_size=4, max_size=4), st.integers(0, 4))
def test_total_is_sum_of_triangles_minus_five_per_penalty(
    sheet: list[tuple[set[int], bool, object]], penalties: int
) -> None:
    crosses: dict[str, list[int]] = {}
    expected = -5 * penalties
    locks = 0
    for (row, numbers), (picked, wants_lock, rnd) in zip(NUMBERS.items(), sheet, strict=True):
        crossed = [numbers[k] for k in sorted(picked)]
        n = len(crossed)
        # legal: 5 before the last; 2 locks a sheet, or 1 when the last penalty ended the game
        if wants_lock and n >= 5 and locks < (1 if penalties == 4 else 2):
            crossed.append(numbers[-1])
            n += 2  # the last field and the lock
            locks += 1
        rnd.shuffle(crossed)  # type: ignore[attr-defined]
        crosses[row] = crossed
        expected += n * (n + 1) // 2
    text = yaml.safe_dump(
        {
            "layout": "classic",
            "players": [{"name": "P", "crosses": crosses, "penalties": penalties}],
        }
    )
    game = marks.score(marks.from_doc(parse(text.encode(), "p.yaml", MarksError), ROOT))
    assert game.sheets["P"].total == expected
