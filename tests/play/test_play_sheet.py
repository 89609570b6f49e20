"""The play engine's Sheet, move by move: RULES.md worked examples, every rule refusal of the
marks corpus reached as a refused move, and a scripted game per variant (issue 11)."""

from __future__ import annotations

import pytest

from qwixx_print import api
from qwixx_print.errors import RuleViolation
from qwixx_print.play import Sheet
from tests.conftest import ROOT


def sheet(name: str = "classic") -> Sheet:
    return Sheet(api.checked(name))


def cross_all(s: Sheet, row: str, *indexes: int) -> None:
    for i in indexes:
        s.cross(row, i)


# ----- RULES.md §1 worked examples


def test_seed_001_example_scores_74_move_by_move() -> None:
    s = sheet()
    cross_all(s, "red", 0, 1, 2, 3, 4, 5)  # 6 crosses: 21
    cross_all(s, "yellow", 0, 1, 2, 3)  # 4: 10
    cross_all(s, "green", 0, 1, 2, 3, 4, 5, 6, 10)  # 7 numbers, the 2, the lock: 9 = 45
    cross_all(s, "blue", 0, 1)  # 2: 3
    s.penalty()
    score = s.score()
    assert [r.points for r in score.rows.values()] == [21, 10, 45, 3]
    assert score.total == 74
    assert s.locked == ("green",)


def test_seed_003_lea_scores_68_and_a_locked_row_of_six_numbers_scores_28() -> None:
    s = sheet()
    cross_all(s, "red", 0, 1, 3, 4, 6, 7)
    cross_all(s, "yellow", 2, 3, 5, 6)
    cross_all(s, "green", 0, 2, 3, 5, 7, 8, 10)  # 7 numbers with the 2: 8 crosses
    cross_all(s, "blue", 0, 3, 4)
    s.penalty()
    assert s.score().total == 68
    assert s.score().rows["green"] == (8, True, 36)
    six = sheet()
    cross_all(six, "red", 0, 1, 2, 3, 4, 10)
    assert six.score().rows["red"] == (7, True, 28)


def test_eleven_numbers_and_the_lock_score_78() -> None:
    s = sheet()
    cross_all(s, "blue", *range(11))
    assert s.score().rows["blue"] == (12, True, 78)


# ----- the refusals of tests/data/bad/score/, reached as moves

SCHEMA_CASES = {
    "crosses-as-strings",
    "player-without-name",
    "row-given-twice",
    "same-name-twice",
    "connect15-square-written-as-one-number",
}
"""Corpus cases refused for the file's form, not a rule: no move can be written for them."""


def refuse_lock_after_four() -> tuple[Sheet, str, int, str]:
    s = sheet()
    cross_all(s, "red", 0, 1, 2, 3)
    return s, "red", 10, "red: the 12 locks the row only after 5 crosses; there are 4"


def refuse_red_ten_eleven_twelve() -> tuple[Sheet, str, int, str]:
    s = sheet()
    cross_all(s, "red", 8, 9)
    return s, "red", 10, "red: the 12 locks the row only after 5 crosses; there are 2"


def refuse_number_twice() -> tuple[Sheet, str, int, str]:
    s = sheet()
    s.cross("yellow", 3)
    return s, "yellow", 3, "yellow: the 5 is crossed already"


def refuse_number_not_in_row() -> tuple[Sheet, str, int, str]:
    return sheet(), "blue", 11, "blue: no field 11 (the row has fields 0 to 10)"


def refuse_unknown_row() -> tuple[Sheet, str, int, str]:
    reason = "the layout classic has no row 'purple' (rows: red, yellow, green, blue)"
    return sheet(), "purple", 0, reason


def refuse_row_id_of_newlines() -> tuple[Sheet, str, int, str]:
    reason = "the layout classic has no row '\\n\\n  ' (rows: red, yellow, green, blue)"
    return sheet(), "\n\n  ", 0, reason


def refuse_row_misspelt() -> tuple[Sheet, str, int, str]:
    reason = (
        "the layout classic has no row 'yelow' (did you mean 'yellow'? rows: red, yellow, "
        "green, blue)"
    )
    return sheet(), "yelow", 0, reason


CROSS_REFUSALS = {
    "lock-after-four": refuse_lock_after_four,
    "red-ten-eleven-twelve": refuse_red_ten_eleven_twelve,
    "number-twice": refuse_number_twice,
    "number-not-in-row": refuse_number_not_in_row,
    "unknown-row": refuse_unknown_row,
    "row-id-of-newlines": refuse_row_id_of_newlines,
    "row-misspelt": refuse_row_misspelt,
}


@pytest.mark.parametrize("case", sorted(CROSS_REFUSALS))
def test_corpus_refusal_is_a_refused_cross_that_changes_nothing(case: str) -> None:
    s, row, index, reason = CROSS_REFUSALS[case]()
    before = s.state
    verdict = s.can_cross(row, index)
    assert not verdict
    assert verdict.reason == reason
    with pytest.raises(RuleViolation) as info:
        s.cross(row, index)
    assert str(info.value) == reason
    assert s.state == before


def test_small_box_under_an_uncrossed_field_is_refused() -> None:
    s = sheet("nochmal")
    s.cross("red", 2)
    verdict = s.can_again("red", 3)
    assert verdict.reason == "red: the small box under 5 needs the 5 crossed, and it is not"


def test_a_fifth_penalty_is_refused_because_the_fourth_ended_the_game() -> None:
    s = sheet()
    for _ in range(4):
        s.penalty()
    assert s.over
    assert s.can_penalty().reason == "the game is over (4 penalties, the last penalty box)"


def test_a_third_lock_on_one_sheet_is_refused_because_two_closed_colours_end_the_game() -> None:
    s = sheet()
    cross_all(s, "red", 0, 1, 2, 3, 4, 10)
    cross_all(s, "yellow", 0, 1, 2, 3, 4)
    cross_all(s, "green", 0, 1, 2, 3, 4)
    s.cross("yellow", 10)
    assert s.over
    assert s.can_cross("green", 10).reason == "the game is over (red and yellow are closed)"


def test_every_rule_refusal_of_the_marks_corpus_has_an_engine_counterpart() -> None:
    corpus = {p.stem for p in (ROOT / "tests" / "data" / "bad" / "score").glob("*.yaml")}
    corpus = {c for c in corpus if not c.startswith("log-")}
    covered = set(CROSS_REFUSALS) | {
        "small-box-under-uncrossed-field",
        "five-penalties",
        "three-locks-on-one-sheet",
        # game-level: tests/play/test_play_game.py plays them
        "four-locked-colours",
        "two-final-locks-on-one-sheet",
        "last-penalty-and-two-locks",
        # RULES.md §4: tests/play/test_play_more.py refuses or forces them move by move
        "bigpoints-bonus-cell-beside-nothing",
        "longo-lock-after-five",
        "longo-two-lock-fields",
        "chain-link-crossed-at-one-end",
        "xchange-unknown-diamond",
        "xchange-diamond-without-its-field",  # a swap with a field of neither number
        "longo-lucky-numbers-equal",
        "chain-slip-not-named",
        # RULES-more.md §7: tests/play/test_play_lucky_15.py refuses them move by move
        "lucky-track-skips-a-field",
        "lucky-track-value-not-printed",
        "lucky-track-on-a-classic-sheet",
        # RULES.md §7: tests/play/test_play_squares.py refuses them move by move
        "connect15-square-the-row-lacks",
        "connect15-square-not-toward-the-lock",
    }
    assert corpus == covered | SCHEMA_CASES


# ----- crossing, undo, redo


def test_skipped_fields_are_gone_and_a_refused_move_is_not_recorded() -> None:
    s = sheet()
    s.cross("red", 5)
    assert s.can_cross("red", 3).reason == "red: 5 is left of your last cross (7)"
    assert len(s.history) == 1
    assert s.legal_crosses(5) == [("yellow", 3), ("green", 7), ("blue", 7)]
    assert s.legal_crosses(8, "red") == [("red", 6)]


def test_undo_and_redo_are_last_in_first_out_and_a_new_move_clears_redo() -> None:
    s = sheet()
    cross_all(s, "red", 0, 1, 2)
    assert s.undo().index == 2
    assert s.undo().index == 1
    assert s.crossed("red") == (0,)
    s.redo()
    assert s.crossed("red") == (0, 1)
    s.cross("yellow", 0)
    assert s.can_redo().reason == "there is no undone move to redo"
    while s.can_undo():
        s.undo()
    assert s.score().total == 0
    assert s.can_undo().reason == "there is no move to undo"


def test_concede_closes_the_row_counts_toward_the_end_and_scores_no_lock() -> None:
    s = sheet()
    cross_all(s, "red", 0, 1, 2)
    s.concede("red")
    assert s.can_cross("red", 5).reason == "red: red is closed"
    assert s.can_concede("red").reason == "red: red is closed already"
    assert s.score().rows["red"] == (3, False, 6)
    assert not s.over
    s.concede("blue")
    assert s.over


def test_finish_ends_the_game_and_only_undo_remains() -> None:
    s = sheet()
    s.cross("red", 0)
    s.finish()
    assert s.over
    assert s.can_cross("red", 1).reason == "the game is over (finished by hand)"
    assert s.can_penalty().reason == "the game is over (finished by hand)"
    s.undo()
    assert s.can_cross("red", 1)


# ----- variants


def test_doppelt_locks_at_seven_crosses_with_doubles_counting_two() -> None:
    s = sheet("doppelt")
    cross_all(s, "red", 1, 3, 7)  # 3, 5, 9: three doubles, 6 crosses
    assert (
        s.can_cross("red", 10).reason
        == "red: the 12 locks the row only after 7 crosses; there are 6"
    )
    s.cross("red", 8)  # the 10: 7 crosses
    s.cross("red", 10)
    assert s.score().rows["red"] == (9, True, 45)


def test_nochmal_small_box_only_under_the_most_recent_cross_and_sixteen_count() -> None:
    s = sheet("nochmal")
    s.cross("red", 0)
    s.cross("red", 1)
    assert s.can_again("red", 0).reason == (
        "red: the small box under 2 may be crossed only while the 2 is your most recent cross "
        "in the row (it is the 3)"
    )
    s.again("red", 1)
    twice = "red: the 3 and the small box under it are crossed already"
    assert s.can_again("red", 1).reason == twice
    # a second tap on the box lands on its field, a cross: the same words, naming the box
    assert s.can_cross("red", 1).reason == twice
    assert s.can_cross("red", 0).reason == "red: the 2 is crossed already"
    for i in range(2, 10):
        s.cross("red", i)
        s.again("red", i)
    s.cross("red", 10)
    assert s.can_again("red", 10).reason == "red: the last field (12) has no small box"
    # 10 fields + 9 small boxes + the 12 + the lock = 21 crosses, 16 count
    assert s.score().rows["red"] == (16, True, 136)


def test_bonuskette_chain_of_two_bar_fields_forced_lock_and_struck_bar_fields() -> None:
    s = sheet("bonuskette")
    s.cross("red", 3)  # red 5
    s.cross("yellow", 3)  # boxed yellow 5 -> bar 0 red -> red 6 (boxed) -> bar 1 yellow -> yellow 6
    assert s.bar_earned == (0, 1)
    assert s.crossed("red") == (3, 4)
    assert s.crossed("yellow") == (3, 4)
    cross_all(s, "green", 0)  # green 12
    cross_all(s, "green", 2, 3, 4)  # 10, 9, 8: green holds 4
    s.cross("green", 5)  # boxed green 7 (5 crosses) -> bar 2 green -> green 6, 6 crosses
    assert s.bar_earned == (0, 1, 2)
    assert s.crossed("green") == (0, 2, 3, 4, 5, 6)
    cross_all(s, "green", 9)  # green 3: 7 crosses, the 2 is next
    s.cross("blue", 2)  # boxed blue 10 -> bar 3 blue -> blue 9, not boxed
    s.cross("blue", 4)  # boxed blue 8 -> bar 4 green -> the green 2: a forced lock
    assert s.bar_earned == (0, 1, 2, 3, 4)
    assert s.locked == ("green",)
    assert s.score().rows["green"] == (9, True, 45)
    assert s.bar_struck == (11,)  # the green bar field left
    s.undo()
    assert s.locked == ()
    assert s.bar_earned == (0, 1, 2, 3)
    assert s.bar_struck == ()


def test_bonuskette_forced_cross_on_an_unready_lock_is_lost_and_the_bar_field_used() -> None:
    s = sheet("bonuskette")
    cross_all(s, "red", 0, 2, 3, 5, 6, 8, 9)  # red 2, 4, 5, 7, 8, 10, 11: not boxed fields
    s.undo()
    cross_all(s, "red", 9)  # red holds 6; 12 next
    assert s.crossed("red") == (0, 2, 3, 5, 6, 8, 9)
    s.cross("yellow", 3)  # bar 0 red -> red 12 with 7 crosses: locks
    assert s.locked == ("red",)
    t = sheet("bonuskette")
    cross_all(t, "red", 0, 9)  # red 2, 11: 2 crosses, the 12 is next but may not be crossed
    t.cross("yellow", 3)  # bar 0 red -> the 12 is refused: lost
    assert t.bar_earned == (0,)
    assert t.crossed("red") == (0, 9)


def test_kraefte_two_in_weakest_crosses_twice_in_the_weakest_row_and_undoes() -> None:
    s = sheet("kraefte")
    cross_all(s, "red", 0, 1, 2)  # red 4 carries two-in-weakest
    cross_all(s, "yellow", 0)
    cross_all(s, "green", 0)
    s.cross("blue", 6)  # blue 6: the pair is complete; weakest open row: yellow (1), first
    assert s.crossed("yellow") == (0, 1, 2)
    assert s.crossed("blue") == (6,)
    s.undo()
    assert s.crossed("yellow") == (0,)
    assert s.crossed("blue") == ()


def test_kraefte_one_in_each_crosses_the_next_field_of_every_row_and_undoes() -> None:
    s = sheet("kraefte")
    cross_all(s, "yellow", 3)  # yellow 5 carries one-in-each
    s.cross("green", 7)  # green 5: the pair; red, yellow, green, blue each get the next field
    assert s.crossed("red") == (0,)
    assert s.crossed("yellow") == (3, 4)
    assert s.crossed("green") == (7, 8)
    assert s.crossed("blue") == (0,)
    s.undo()
    assert [s.crossed(r) for r in ("red", "yellow", "green", "blue")] == [(), (3,), (), ()]


def test_kraefte_end_powers_act_in_the_score() -> None:
    s = sheet("kraefte")
    s.cross("red", 5)  # red 7 and green 8 carry plus-13
    s.cross("green", 4)
    s.penalty()
    assert [e.power for e in s.score().powers] == ["plus-13"]
    assert s.score().total == 1 + 1 - 5 + 13


def test_farbbloecke_lock_closes_the_colour_of_its_last_field() -> None:
    s = sheet("farbbloecke")
    cross_all(s, "row1", 0, 3, 6, 7, 9)  # yellow 2, blue 5, green 8, 9, red 11
    assert s.legal_crosses(12, "red") == [("row1", 10)]
    assert s.legal_crosses(12, "yellow") == []  # row2 ends in a yellow 12, but holds nothing
    s.cross("row1", 10)
    assert s.closed == {"red"}
    assert s.legal_crosses(10, "red") == []
    # the red die is out, but red fields of other rows stay open to the white sum
    assert s.legal_crosses(10) == [("row2", 8), ("row3", 2), ("row4", 2)]
    assert s.score().rows["row1"] == (7, True, 28)
