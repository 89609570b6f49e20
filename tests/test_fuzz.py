"""Fuzzing the readers: mutated valid files are either accepted or refused with the project's
own error (a :class:`QwixxError` with a one-line message), never anything else (issue 6).

A file kind is a :class:`Target`: valid seed documents and the check that reads one. Adding a
kind (e.g. marks files for ``score``) is one more entry in :data:`TARGETS`. Each target runs
:data:`CI_EXAMPLES` examples per strategy in CI and :data:`NIGHTLY_EXAMPLES` under
``-m nightly``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwixx_print import api, layout, yamldoc
from qwixx_print.errors import LayoutError, QwixxError

from .conftest import CLASSIC_YAML

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
    """Parse, load and validate a layout file's bytes, as ``qwixx-print validate`` does."""
    doc = yamldoc.parse(data, "fuzz.yaml", LayoutError)
    return api.problems(layout.from_doc(doc, "fuzz"))


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
scoring: {max_counted: 12, table: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91]}
bonus_bar: [red]
labels: {title: "Qwixx · fuzz"}
"""

TARGETS: tuple[Target, ...] = (
    Target("layout", (yaml.safe_load(CLASSIC_YAML), yaml.safe_load(RICH_YAML)), check_layout),
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


def _mutate(draw: st.DrawFn, data: Data, keys: list[str], raws: list[str]) -> Data:
    """One mutation at a random place: replace, delete, add a key (one of ``keys`` or any),
    wrap in a list, or put raw YAML text (kept in ``raws``, written in after dumping)."""
    place = draw(st.sampled_from(_paths(data)))
    parent = None
    node = data
    for key in place:
        parent, node = node, node[key]
    op = draw(st.sampled_from(("replace", "delete", "add", "raw", "wrap")))
    if op == "add" and isinstance(node, dict):
        key = draw(st.sampled_from(keys) | st.text(max_size=12) | st.sampled_from(SURPRISES))
        node[key] = draw(_values)
        return data
    if op == "raw":
        raws.append(draw(st.sampled_from(SURPRISES)))
        value: Data = _RAW.format(len(raws) - 1)
    elif op == "wrap":
        value = [node]
    else:
        value = draw(_values)
    if parent is None:
        return value if op != "delete" else {}
    if op == "delete":
        del parent[place[-1]]
    else:
        parent[place[-1]] = value
    return data


@st.composite
def mutated_files(draw: st.DrawFn, target: Target) -> bytes:
    """A seed of ``target`` with 1 to 4 mutations, as the bytes of a YAML file."""
    data = yaml.safe_load(yaml.safe_dump(draw(st.sampled_from(target.seeds))))
    keys = sorted({k for place in _paths(data) for k in place if isinstance(k, str)})
    raws: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        data = _mutate(draw, data, keys, raws)
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
        chunk = draw(st.binary(max_size=6) | st.sampled_from([s.encode() for s in SURPRISES]))
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


def _fuzz(target: Target, strategy: str, examples: int) -> None:
    @settings(
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
    _fuzz(target, strategy, NIGHTLY_EXAMPLES)
