"""`scripts/make-pictures` regenerates the README and docs pictures with `--preview` (and
the heat map of docs/simulate.md with `simulate --plot`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

from qwixx_print import catalogue
from qwixx_print.choices import GENERATE_FAMILIES
from tests.conftest import ROOT


def test_make_pictures_draws_every_shipped_layout_and_the_classic_page(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make-pictures"), str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for name in catalogue.shipped_names():
        with Image.open(tmp_path / "sheets" / f"{name}.png") as colour:
            assert (colour.size, colour.mode) == ((1152, 780), "RGB")
        with Image.open(tmp_path / "sheets" / f"{name}-grey.png") as grey:
            assert (grey.size, grey.mode) == ((1152, 780), "L")
    with Image.open(tmp_path / "classic-page.png") as page:
        assert page.size == (579, 819)  # A4 at 70 dpi
    with Image.open(tmp_path / "simulate-farbbloecke.png") as heat:
        assert heat.size == (1152, 936)  # the sheet and the legend below, 12 px/mm
    for family in GENERATE_FAMILIES:
        with Image.open(tmp_path / "generated" / f"{family}.png") as sheet:
            assert (sheet.size, sheet.mode) == ((1152, 780), "RGB")
    with Image.open(tmp_path / "generated" / "week.png") as week:
        assert week.size == (579, 819)


def test_the_readme_shows_pictures_the_script_makes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for picture in (
        "docs/classic-page.png",
        "docs/sheets/classic.png",
        "docs/sheets/classic-grey.png",
    ):
        assert f"]({picture})" in readme
        assert (ROOT / picture).is_file()


def test_the_generate_docs_show_pictures_the_script_makes() -> None:
    text = (ROOT / "docs" / "generate.md").read_text(encoding="utf-8")
    for picture in [
        *(f"generated/{family}.png" for family in GENERATE_FAMILIES),
        "generated/week.png",
    ]:
        assert f"]({picture})" in text
        assert (ROOT / "docs" / picture).is_file()
