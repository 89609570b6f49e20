"""`--lang`: every printed label in German, English, Dutch, Polish or French, letters that
round-trip exactly, a glyph for every character, and English for a key a language lacks."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest

from qwixx_print import api, catalogue, labels, layout
from qwixx_print.choices import LANGUAGE_NAMES
from qwixx_print.scene import fonts
from tests.conftest import CLASSIC_YAML, ROOT, Run

Write = Callable[..., Path]
POLISH_LETTERS = "łśżźćńąę"
PANGRAM = "Zażółć gęślą jaźń"  # Polish: every letter with a diacritic but one


def words_and_chars(path: Path) -> tuple[list[str], str]:
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        return [w["text"] for w in page.extract_words()], "".join(c["text"] for c in page.chars)


def test_the_five_languages_are_offered() -> None:
    assert labels.LANGUAGES == ("de", "en", "fr", "nl", "pl")


def test_every_language_has_its_name_for_the_menus() -> None:
    assert tuple(LANGUAGE_NAMES) == labels.LANGUAGES
    assert list(LANGUAGE_NAMES.values()) == [
        "Deutsch",
        "English",
        "Français",
        "Nederlands",
        "Polski",
    ]
    for code, name in LANGUAGE_NAMES.items():  # as each label file names its language
        text = (ROOT / "qwixx_print" / "lang" / f"{code}.yaml").read_text(encoding="utf-8")
        assert text.split("\n")[0].split()[1].rstrip(":") == name, code


def test_no_language_has_a_key_english_lacks() -> None:
    english = set(labels.language("en"))
    assert {"title", "penalties", "total"} <= english
    for code in labels.LANGUAGES:
        assert set(labels.language(code)) <= english, code


def test_every_language_prints_one_kind_of_apostrophe() -> None:
    """A sheet's words use the typographic apostrophe (U+2019), never the typewriter one
    beside it (a French header mixed the two: a newcomer's finding)."""
    straight = {
        (code, key): text
        for code in labels.LANGUAGES
        for key, text in labels.language(code).items()
        if "'" in text
    }
    assert straight == {}


@pytest.mark.parametrize(
    ("lang", "penalties", "total"),
    [
        ("de", "Fehlwürfe", "Gesamt"),  # seed 003
        ("nl", "Mislukte worpen", "Totaal"),  # seed 001
        ("pl", "Błędy", "Suma"),  # seed 004
        ("fr", "Coups manqués", "Total"),
        ("en", "Penalties", "Total"),
    ],
)
def test_labels_print_in_the_chosen_language(
    tmp_path: Path, run: Run, lang: str, penalties: str, total: str
) -> None:
    out = tmp_path / f"{lang}.pdf"
    result = run("classic", "--lang", lang, "--out", str(out))
    assert result.exit_code == 0, result.output
    words, _ = words_and_chars(out)
    text = " ".join(words)
    assert text.count(f"{penalties} \u22125") == 8
    assert words.count(total) == 8
    assert words.count("QWIXX") == 8


def test_polish_letters_round_trip_exactly(tmp_path: Path, run: Run, write_layout: Write) -> None:
    path = write_layout(CLASSIC_YAML + f'labels:\n  title: "{PANGRAM}"\n')
    out = tmp_path / "pl.pdf"
    assert run(str(path), "--lang", "pl", "--out", str(out)).exit_code == 0
    words, chars = words_and_chars(out)
    assert " ".join(words).count(PANGRAM) == 8
    assert words.count("Błędy") == 8 and words.count("Suma") == 8
    for letter in POLISH_LETTERS:
        assert letter in chars, letter


@pytest.mark.parametrize(
    "letters",
    [
        POLISH_LETTERS + POLISH_LETTERS.upper() + "ó",
        "ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇ",  # Czech
        "ğĞıİşŞçÇöÖüÜ",  # Turkish
        "äöüßÄÖÜéèêàçœ",  # German, French
        "ȘșȚțĂăÂâÎî",  # Romanian
        "Nguyễn Thị Hương",  # Vietnamese
        "Дмитрий Їжак",  # Russian, Ukrainian
        "Γιώργος",  # Greek
        "№ 5 € £ ™ \u2013 \u2014 \u201c\u201d \u2026 \u2212",  # punctuation, currency, signs
    ],
)
def test_the_font_has_every_letter_of_our_languages(letters: str) -> None:
    assert fonts.missing_glyphs(letters, fonts.FONT) == ""
    assert fonts.missing_glyphs(letters, fonts.FONT_BOLD) == ""


def test_the_font_leaves_out_symbol_blocks_the_sheet_draws_as_shapes() -> None:
    assert fonts.missing_glyphs("★●▲■◆→✓", fonts.FONT) == "★●▲■◆→✓"


def test_every_shipped_label_prints_in_every_language() -> None:
    assert api.problems(catalogue.find("classic"), labels.LANGUAGES) == []


def test_a_character_the_font_lacks_is_refused_located(write_layout: Write, run: Run) -> None:
    path = write_layout(CLASSIC_YAML + 'labels:\n  title: "QWIXX \u6f22\u5b57"\n')
    expected = (
        "custom.yaml:27: labels.title: label 'title' ('QWIXX \u6f22\u5b57'): the font has no "
        "glyph for '\u6f22' (U+6F22), '\u5b57' (U+5B57)"
    )
    assert api.problems(layout.load(path, "custom.yaml")) == [expected]
    result = run(str(path), "--out", str(path.with_suffix(".pdf")))
    assert result.exit_code == 2
    assert result.output == f"qwixx-print: {path}{expected.removeprefix('custom.yaml')}\n"
    assert not path.with_suffix(".pdf").exists()


def test_a_key_a_language_lacks_prints_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"en": labels.language("en"), "xx": {"title": "KWIKS"}}
    monkeypatch.setattr(labels, "language", files.__getitem__)
    merged = labels.for_layout(catalogue.find("classic"), "xx")
    assert merged == {**labels.language("en"), "title": "KWIKS"}
    assert (merged["penalties"], merged["bonus"]) == ("Penalties", "Bonus")


def test_a_layouts_own_label_wins_over_the_language() -> None:
    sheet = catalogue.find("classic")
    own = dataclasses.replace(sheet, labels={"total": "Razem"})
    merged = labels.for_layout(own, "de")
    assert (merged["title"], merged["penalties"], merged["total"]) == (
        "QWIXX",
        "Fehlwürfe",
        "Razem",
    )
    assert merged["power-plus-13"] == "+13 Punkte"


def test_an_unknown_language_is_refused_by_the_cli(run: Run) -> None:
    result = run("classic", "--lang", "xx")
    assert result.exit_code == 2
    assert "'xx' is not one of 'de', 'en', 'fr', 'nl', 'pl'" in result.output


def test_a_label_with_a_character_the_font_lacks_is_refused_located(
    write_layout: Callable[..., Path], run: Run
) -> None:
    path = write_layout(CLASSIC_YAML + 'labels:\n  title: "QWIXX \U0001f3b2 night"\n', "emoji")
    for args in (("validate", str(path)), (str(path), "--out", str(path.with_suffix(".pdf")))):
        result = run(*args)
        assert result.exit_code == 2
        assert (
            f"{path}:27: labels.title: label 'title' ('QWIXX \U0001f3b2 night'): "
            "the font has no glyph for '\U0001f3b2' (U+1F3B2)"
        ) in result.stderr
        assert "Traceback" not in result.output
    assert not path.with_suffix(".pdf").exists()


def test_a_legend_with_a_character_the_font_lacks_is_refused_not_a_crash(
    tmp_path: Path, run: Run
) -> None:
    text = (ROOT / "layouts" / "kraefte.yaml").read_text(encoding="utf-8")
    path = tmp_path / "emoji-legend.yaml"
    path.write_text(text.replace('title: "QWIXX · KRÄFTE"', 'power-plus-13: "plus \U0001f3b2 13"'))
    result = run("validate", str(path))
    assert result.exit_code == 2
    assert (
        f"{path}:67: labels.power-plus-13: label 'power-plus-13' ('plus \U0001f3b2 13'): "
        "the font has no glyph for '\U0001f3b2' (U+1F3B2)"
    ) in result.stderr


def test_a_label_pasted_decomposed_is_composed_before_the_glyph_check(
    write_layout: Write, run: Run, tmp_path: Path
) -> None:
    """A Mac pastes ``é`` as ``e`` + U+0301 (NFD); the font has no combining accent, but the
    label prints once composed (NFC)."""
    decomposed = "Cafe\u0301 Qwixx"
    path = write_layout(
        CLASSIC_YAML.replace("rows:", f'labels:\n  title: "{decomposed}"\nrows:', 1)
    )
    assert layout.load(path).labels["title"] == "Caf\u00e9 Qwixx"
    assert run("validate", str(path)).exit_code == 0
    out = tmp_path / "cafe.pdf"
    assert run(str(path), "--out", str(out)).exit_code == 0
    words, chars = words_and_chars(out)
    assert words.count("Caf\u00e9") == 8 and "\u0301" not in chars
