"""The header prints every rule of the sheet's own (docs/layout-format.md: every key prints
its hint line): beside a long title it wraps them on two lines or narrows the title, on every
shipped sheet in every language, on generated sheets, and on the newcomer's game night sheet
whose title "QWIXX · Spieleabend" had left two of its three hints out."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from qwixx_print import api, catalogue, geometry, labels, layout
from qwixx_print.generate import candidates, family_recipe
from qwixx_print.generate.families import FAMILIES
from qwixx_print.layout import Layout
from qwixx_print.scene import header, hints
from qwixx_print.scene.items import Text
from tests.pdfcheck import row_sequences

NIGHT = """\
name: game night
colours:
  purple: "#7b3fa0"
rows:
  - id: red
    colour: red
    fields: [2, 3, 4, {number: 5, double: true}, 6, 7, 8, 9, 10, 11, 12]
  - id: purple
    colour: purple
    fields: [12, 11, 10, 9, {number: 8, framed: true}, {number: 7, framed: true}, 6, 5, 4, 3, 2]
  - id: green
    colour: green
    fields: [12, 11, 10, 9, 8, {number: 7, framed: true}, 6, 5, {number: 4, double: true}, 3, 2]
lock:
  threshold: 5
penalties:
  boxes: 5
  points: 5
diamonds: [[8, 5], [9, 7], [11, 3]]
labels:
  title: "TITLE"
"""


def printed_hints(sheet: Layout, lang: str) -> tuple[list[str], list[Text]]:
    """The rules hint's lines as the header prints them, and the items of the title and
    the hint."""
    text = labels.for_layout(sheet, lang)
    items = header.header(sheet, geometry.sheet_boxes(sheet), text, rules_hint=True)
    texts = [i for i in items if isinstance(i, Text)]
    return [t.text for t in texts if t.id == "rules hint"], texts


def assert_every_hint(sheet: Layout, lang: str) -> list[Text]:
    """Every hint of ``sheet`` is printed in ``lang``, in order, and a hint on two lines
    breaks between two rules (at a middle dot, left out), never inside one."""
    parts = hints.header_hints(sheet, labels.for_layout(sheet, lang))
    wanted = " \u00b7 ".join(part for _, part in parts)
    said, texts = printed_hints(sheet, lang)
    assert " \u00b7 ".join(said) == wanted, (sheet.name, lang)
    return texts


def night(tmp_path: Path, title: str) -> Layout:
    path = tmp_path / "night.yaml"
    path.write_text(NIGHT.replace("TITLE", title), encoding="utf-8")
    return layout.load(path, "night.yaml")


def test_a_long_title_keeps_all_three_hints_of_the_game_night_sheet(tmp_path: Path) -> None:
    sheet = night(tmp_path, "QWIXX \u00b7 Spieleabend")
    texts = assert_every_hint(sheet, "en")
    lines = [t for t in texts if t.id == "rules hint"]
    assert len(lines) == 2 and lines[0].y > lines[1].y  # wrapped on two lines
    assert [t.size for t in lines] == [5.0, 5.0]  # the least: at a dot, not inside a rule
    title = next(t for t in texts if t.id == "title")
    assert (
        title.text == "QWIXX \u00b7 Spieleabend" and title.size == 8.5
    )  # looks.TITLE_PT, not shrunk
    # and on paper: both lines, right of the title
    out = tmp_path / "night.pdf"
    api.print_sheets([sheet], out, 1, per_page=8)
    lines = [" ".join(t) for t, _ in row_sequences(out)]
    assert lines.count("framed fields score again") == 8
    assert lines.count("diamond: white sum = its other number \u00b7 \u00d72 = two crosses") == 8


@pytest.mark.parametrize("lang", labels.LANGUAGES)
def test_every_shipped_sheet_prints_every_hint_in_every_language(lang: str) -> None:
    for name in catalogue.shipped_names():
        assert_every_hint(catalogue.find(name), lang)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_generated_sheets_print_every_hint(family: str) -> None:
    for sheet in itertools.islice(candidates(family_recipe(family), 1), 4):
        assert_every_hint(sheet, "en")


LONGO_HINT = {
    "de": (
        "abschließen nach 6 Kreuzen \u00b7 Glückszahl: nächstes Feld, leerste Reihe",
        "letzte 2: jede schließt ab",
    ),
    "fr": (
        "verrou après 6 croix \u00b7 chance : case suivante, rangée la plus vide",
        "les 2 derniers verrouillent",
    ),
    "nl": (
        "sluiten na 6 kruisjes \u00b7 geluksgetal: volgend vak, leegste rij",
        "elk van de laatste 2 sluit af",
    ),
    "pl": (
        "zamek po 6 krzyżykach \u00b7 szczęście: następne pole, najpustszy rząd",
        "zamyka jedna z 2 ostatnich",
    ),
}
"""Longo's rules hint, two lines in these languages: a newcomer read "letzte / 2: jede
schließt ab", the last rule split where the line was full."""


@pytest.mark.parametrize("lang", sorted(LONGO_HINT))
def test_longos_hint_on_two_lines_breaks_at_a_dot_not_inside_a_rule(
    lang: str, tmp_path: Path
) -> None:
    out = tmp_path / "longo.pdf"
    api.print_sheets([catalogue.find("longo")], out, 1, per_page=8, lang=lang)
    lines = [" ".join(t) for t, _ in row_sequences(out)]
    first, second = LONGO_HINT[lang]
    assert (lines.count(first), lines.count(second)) == (8, 8)  # each of the 8 sheets
    said, _ = printed_hints(catalogue.find("longo"), lang)
    assert said == [first, second]
