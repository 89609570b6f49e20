"""The header's hints and the framed group's frames take their facts from the one place
(issue 21): the framed group and the powers from ``rules``, a row's order from the layout."""

from __future__ import annotations

from collections import defaultdict

import pytest

from qwixx_print import catalogue, geometry, rules
from qwixx_print.scene import hints, padmarks


def keys(name: str) -> list[str]:
    """The label keys of the header hints of the shipped layout ``name``."""
    return [key for key, _ in hints.header_hints(catalogue.find(name), defaultdict(str))]


def test_the_hints_name_the_framed_group_the_powers_and_rows_out_of_order() -> None:
    assert keys("classic") == []
    assert keys("connected-steps") == ["framed_hint"]
    assert keys("kraefte") == ["power_hint"]
    assert keys("durcheinander") == ["last_hint"]
    assert [row.in_order for row in catalogue.find("classic").rows] == [True] * 4
    assert [row.in_order for row in catalogue.find("durcheinander").rows] == [False] * 4


def test_the_frames_stand_on_the_framed_fields_the_rules_name() -> None:
    steps = catalogue.find("connected-steps")
    sheet = geometry.sheet_boxes(steps)
    frames = [it for it in padmarks.framed(steps, sheet) if it.part == "frame"]
    assert len(frames) == len(rules.framed_fields(steps)) == 11
    for frame, (r, i) in zip(frames, rules.framed_fields(steps), strict=True):
        assert frame.box.cx == pytest.approx(sheet.rows[r].fields[i].cx)
    assert rules.framed_fields(catalogue.find("classic")) == ()
    assert rules.has_framed(steps) and not rules.has_framed(catalogue.find("kraefte"))
