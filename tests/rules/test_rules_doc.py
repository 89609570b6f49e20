"""docs/RULES.md keeps one text with the project's specification: §1-§3 of shared/RULES.md
and §4, §5, §7 of shared/RULES-more.md, word for word (issues 11, 16, 25)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

SHARED = ROOT.parent / "shared"
DOCS = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """``## N.`` sections of ``text`` by number, each up to the next."""
    parts = re.split(r"^## (\d+)\.", text, flags=re.MULTILINE)
    return {parts[k]: parts[k + 1].strip() for k in range(1, len(parts) - 1, 2)}


@pytest.mark.skipif(
    not SHARED.is_dir(), reason="shared/ (the specification) is not beside the clone"
)
@pytest.mark.parametrize(
    ("file", "number"),
    [
        ("RULES.md", "1"),
        ("RULES.md", "2"),
        ("RULES.md", "3"),
        ("RULES-more.md", "4"),
        ("RULES-more.md", "5"),
        ("RULES-more.md", "7"),
    ],
)
def test_docs_rules_holds_the_specification_word_for_word(file: str, number: str) -> None:
    spec = sections((SHARED / file).read_text(encoding="utf-8"))
    assert sections(DOCS)[number] == spec[number]


def test_docs_rules_lists_the_decisions_of_the_engine() -> None:
    decisions = sections(DOCS)["6"]
    assert "Table play" in decisions and "automatic" in decisions


def test_docs_rules_lists_the_decisions_of_the_more_sheets() -> None:
    decisions = sections(DOCS)["6"]
    for words in ("Bonus rows", "lock fields", "Lucky rows", "Slips", "X-Change swaps"):
        assert words in decisions
