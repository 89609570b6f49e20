"""Fuzzing the readers: mutated valid files are either accepted or refused with the project's
own error (a :class:`QwixxError` with a one-line message), never anything else (issue 6).

A file kind is a :class:`Target`: valid seed documents and the check that reads one. Adding a
kind is one more entry in :data:`TARGETS`: layouts (``validate``), marks files and game logs
(``score``). Each target runs
:data:`CI_EXAMPLES` examples per strategy in CI, the same ones on every run (the
``deterministic`` profile of conftest), and :data:`NIGHTLY_EXAMPLES` new random ones under
``-m nightly``; a failure found there goes into the corpus of ``tests/data/bad/``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwixx_print import api, geometry, layout, marks, yamldoc
from qwixx_print.errors import LayoutError, MarksError, QwixxError
from qwixx_print.play import log as playlog
from tests.conftest import CLASSIC_YAML, EXPLORE, ROOT

CI_EXAMPLES = 300
NIGHTLY_EXAMPLES = 5000

Data = Any
"""A YAML document as Python data: dicts, lists, str, int, float, bool, None."""


@dataclass(frozen=True)
class Target:
    """A kind of input file to fuzz.

    ``seeds`` are valid documents as data; ``check`` reads the bytes of one file the way the
    CLI does (parse, load, validate or score) and raises only :class:`QwixxError` on bad input.
    """

    name: str
    seeds: tuple[Data, ...]
    check: Callable[[bytes], object]


def check_layout(data: bytes) -> object:
    """Parse, load and validate a layout file's bytes, as ``qwixx-print validate`` does, and
    lay out the sheet (mm geometry) of a valid one; the problems found."""
    doc = yamldoc.parse(data, "fuzz.yaml", LayoutError)
    sheet = layout.from_doc(doc, "fuzz")
    found = api.problems(sheet)
    if not found:
        geometry.sheet_boxes(sheet)
    return found


RICH_YAML = """\
name: rich
description: "every key of the format"
source: tests
dice: [red, yellow, green, teal]
colours:
  teal: "#00a0a0"
numbers: {from: 2, to: 12, each_once: true}
rows:
  - id: red
    colour: red
    fields: [2, {number: 3, double: true}, {number: 4, bonus: true}, 5, 6, 7, 8, 9, 10, 11, 12]
  - id: yellow
    colour: yellow
    fields: [2, 3, {number: 4, power: plus-13}, 5, 6, 7, 8, 9, 10, 11, 12]
  - id: green
    colour: green
    fields: [12, 11, 10, 9, {number: 8, power: plus-13}, 7, 6, 5, 4, 3, 2]
  - id: teal
    colour: teal
    fields: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
lock: {threshold: 5}
penalties: {boxes: 4, points: 5}
scoring: {max_counted: 13, table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91]}
bonus_bar: [red]
labels: {title: "Qwixx · fuzz"}
"""


def check_marks(data: bytes) -> object:
    """Parse, load and score a marks file's bytes, as ``qwixx-print score`` does (layouts by
    shipped name, or relative to tests/data/marks). Scoring raises on every problem, so a
    file that scores has none: the empty list, like a valid layout's."""
    doc = yamldoc.parse(data, "fuzz.yaml", MarksError)
    game = marks.score(marks.from_doc(doc, ROOT / "tests" / "data" / "marks"))
    assert len(game.sheets) == len(game.marks.players)
    return []


MARKS_SEEDS = (
    (ROOT / "tests" / "data" / "marks" / "lea.yaml").read_text(encoding="utf-8"),
    """\
layout: nochmal
players:
  - {name: Ana, crosses: {red: [2, 3, 4, 5], blue: [12, 3]}, again: {red: [3, 5]}, penalties: 2}
  - {name: Ben, crosses: {yellow: [2, 3, 4, 5, 6, 7, 12]}, again: {yellow: [2]}}
""",
    """\
layout: kraefte
players:
  - {name: Cem, crosses: {red: [2, 3, 4, 5, 7, 8, 12], yellow: [10], green: [12, 8]}}
  - {name: Dora, crosses: {blue: [12, 11, 6]}, penalties: 4}
""",
)


def check_log(data: bytes) -> object:
    """Parse and replay a game log's bytes, as ``qwixx-print score`` does, and score it."""
    doc = yamldoc.parse(data, "fuzz.yaml", MarksError)
    game = playlog.from_doc(doc, base=ROOT / "tests" / "data" / "marks")
    assert all(sheet.score().total >= -100 for sheet in game.sheets.values())
    return []


LOG_SEEDS = (
    """\
game-log: 1
layout: classic
players: [Léa, Sam]
moves:
  - {roll: {white: [3, 4], red: 2, yellow: 6, green: 5, blue: 1}}
  - {white: {Léa: cross red 5, Sam: cross green 5}}
  - {colour: cross yellow 8}
  - {roll: {white: [5, 6], red: 2, yellow: 6, green: 5, blue: 1}}
  - {white: {Léa: cross red 9, Sam: pass}}
  - {colour: pass}
""",
    """\
game-log: 1
layout: nochmal
players: [Ana, Ben]
table: true
moves:
  - {player: Ana, move: cross red 4}
  - {player: Ana, move: again red 4}
  - {player: Ana, move: undo}
  - {next: Ben}
  - {player: Ben, move: penalty}
  - {player: Ben, move: concede green}
""",
)

TARGETS: tuple[Target, ...] = (
    Target("layout", (yaml.safe_load(CLASSIC_YAML), yaml.safe_load(RICH_YAML)), check_layout),
    Target("marks", tuple(yaml.safe_load(seed) for seed in MARKS_SEEDS), check_marks),
    Target("log", tuple(yaml.safe_load(seed) for seed in LOG_SEEDS), check_log),
)

SURPRISES = (
    "08", "1e1", "0x1F", "0o17", "1_000", "1:30", ".inf", "-.inf", ".nan", "5.0", "+5", "-0",
    "NO", "yes", "on", "Off", "~", "null", "true", "", "'", '"', "[", "{", "&a", "*a", "!!str",
    "!!python/object/apply:os.system ['true']", "#e2231a", "red", "9" * 40, "x" * 300, "\t",
    "a: b", "- x", "|", ">", "%", "@", "`", "\\u0000", "\u00e9", "\U0001f600",
)  # fmt: skip
"""Plain YAML text that a careless reader types wrongly or that breaks the syntax."""

_scalars = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.booleans(),
    st.none(),
    st.sampled_from(SURPRISES),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=15) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=20,
)
_RAW = "zzraw{}zz"


def _paths(data: Data, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``data`` (the root is ``()``)."""
    found = [path]
    if isinstance(data, dict | list):
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for key, value in items:
            found += _paths(value, (*path, key))
    return found


def _mutate(draw: st.DrawFn, data: Data, seed: Data, raws: list[str]) -> None:
    """One mutation of ``data`` in place: replace a value (by one of ``seed``'s own values,
    a near number or anything), delete it, wrap it in a list, put raw YAML text there (kept in
    ``raws``, written in after dumping), or add a key (one of ``seed``'s or any) to a mapping."""
    places = _paths(data)
    op = draw(st.sampled_from(("replace", "replace", "delete", "add", "raw", "wrap")))
    if op == "add":
        mappings = [place for place in places if isinstance(_at(data, place), dict)]
        keys = sorted({k for place in _paths(seed) for k in place if isinstance(k, str)})
        key = draw(st.sampled_from(keys) | st.text(max_size=12) | st.sampled_from(SURPRISES))
        if mappings:
            _at(data, draw(st.sampled_from(mappings)))[key] = draw(_values)
        return
    if len(places) < 2:
        return
    place = draw(st.sampled_from(places[1:]))
    parent, key = _at(data, place[:-1]), place[-1]
    if op == "delete":
        del parent[key]
    elif op == "raw":
        raws.append(draw(st.sampled_from(SURPRISES)))
        parent[key] = _RAW.format(len(raws) - 1)
    elif op == "wrap":
        parent[key] = [parent[key]]
    else:
        own = [_at(seed, p) for p in _paths(seed) if not isinstance(_at(seed, p), dict | list)]
        near = st.sampled_from(own) | st.integers(-3, 20) | st.booleans()
        parent[key] = draw(near | _values)


def _at(data: Data, place: tuple[Any, ...]) -> Data:
    for key in place:
        data = data[key]
    return data


@st.composite
def mutated_files(draw: st.DrawFn, target: Target) -> bytes:
    """A seed of ``target`` with 1 to 3 mutations, as the bytes of a YAML file."""
    seed = draw(st.sampled_from(target.seeds))
    data = yaml.safe_load(yaml.safe_dump(seed))
    raws: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        _mutate(draw, data, seed, raws)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    for index, raw in enumerate(raws):
        text = text.replace(_RAW.format(index), raw)
    return text.encode("utf-8")


@st.composite
def damaged_files(draw: st.DrawFn, target: Target) -> bytes:
    """A seed of ``target`` as text with random bytes inserted, deleted or overwritten."""
    data = bytearray(yaml.safe_dump(draw(st.sampled_from(target.seeds))).encode("utf-8"))
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(data)))
        chunk = draw(
            st.text(max_size=6).map(str.encode)
            | st.binary(max_size=3)
            | st.sampled_from([s.encode() for s in SURPRISES])
        )
        cut = draw(st.integers(0, 6))
        data[at : at + cut] = chunk
    return bytes(data)


def accepts_or_refuses(target: Target, data: bytes) -> None:
    """``target.check`` returns, or raises a QwixxError with a one-line message."""
    try:
        target.check(data)
    except QwixxError as exc:
        message = str(exc)
        assert message and "\n" not in message, repr(message)


STRATEGIES = {"mutated": mutated_files, "damaged": damaged_files}


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_seeds_are_valid(target: Target) -> None:
    for seed in target.seeds:
        assert target.check(yaml.safe_dump(seed).encode("utf-8")) == []


def _fuzz(target: Target, strategy: str, examples: int, explore: bool = False) -> None:
    """Run ``examples`` examples: the same ones on every run, or new random ones with
    ``explore`` (nightly; add what it finds to ``tests/data/bad/``)."""

    @settings(
        parent=EXPLORE if explore else None,
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(STRATEGIES[strategy](target))
    def run(data: bytes) -> None:
        accepts_or_refuses(target, data)

    run()


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_fuzzed_files_are_accepted_or_refused_with_own_error(target: Target, strategy: str) -> None:
    _fuzz(target, strategy, CI_EXAMPLES)


@pytest.mark.nightly
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_fuzzed_files_at_depth(target: Target, strategy: str) -> None:
    _fuzz(target, strategy, NIGHTLY_EXAMPLES, explore=True)
