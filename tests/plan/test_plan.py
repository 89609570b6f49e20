"""The page plan (qwixx_print.plan: which sheet in which slot of which page) and its one
writer (qwixx_print.draw.write, one cache of drawn sheets for print, generated and
filled-in pages)."""

from __future__ import annotations

import io
from pathlib import Path

from qwixx_print import api, dealing, draw, plan
from qwixx_print.draw import filled
from tests.conftest import ROOT
from tests.pdfcheck import form_placements, forms, page_sizes

CLASSIC = api.checked("classic")
LONGO = api.checked("longo")
CHAIN = api.checked("connected-chain")
LEA = str(ROOT / "tests" / "data" / "marks" / "lea.yaml")


def test_copies_of_a_plain_layout_are_one_page_of_its_blank_repeated() -> None:
    made = plan.copies([CLASSIC], 3)
    (part,) = made.parts
    assert part.same
    assert [blank.name for blank in part.blanks] == ["sheet0"]
    assert len(part.pages) == 3
    assert all(slot == plan.Slot(part.blanks[0]) for page in part.pages for slot in page)
    assert made.pages == 3


def test_copies_of_longo_take_each_pages_lucky_numbers_from_the_dealing() -> None:
    made = plan.copies([LONGO], 2, seed=5)
    (part,) = made.parts
    assert not part.same
    for p, page in enumerate(part.pages):
        lucky = [slot.own.lucky for slot in page if slot.own is not None]
        assert lucky == [sheet.lucky for sheet in dealing.deal(LONGO, 8, 5, p)]
        assert len(set(lucky)) == 8


def test_copies_of_connected_chain_on_4_a_page_go_on_through_the_slips() -> None:
    made = plan.copies([CHAIN], 3, per_page=4)
    (part,) = made.parts
    slips = ["".join(str(slot.own.slip) for slot in page if slot.own) for page in part.pages]
    assert slips == ["ABCD", "EABC", "DEAB"]
    assert not part.same
    assert plan.copies([CHAIN], 3).parts[0].same  # 8 a page hold every slip: A-E, A-C


def test_several_layouts_are_one_part_each_with_its_own_blank() -> None:
    made = plan.copies([CLASSIC, LONGO, CHAIN], 1)
    assert [part.blanks[0].name for part in made.parts] == ["sheet0", "sheet1", "sheet2"]
    assert made.title == "Qwixx score sheets: classic, longo, connected-chain"


def test_assorted_sheets_fill_a_last_page_with_its_own_sheets_in_turn() -> None:
    sheets = [(CLASSIC, f"seed {k}") for k in range(11)]
    made = plan.assorted(sheets, per_page=8, pages=2)
    (part,) = made.parts
    notes = [[slot.blank.note for slot in page] for page in part.pages]
    assert len(notes) == 4  # two pages, twice over
    assert notes[0] == [f"seed {k}" for k in range(8)]
    assert notes[1] == ["seed 8", "seed 9", "seed 10"] * 2 + ["seed 8", "seed 9"]
    assert notes[2:] == notes[:2]
    assert len(part.blanks) == 11


def test_assorted_sheets_whose_sheets_differ_deal_them_as_their_copies_would() -> None:
    """A generated Chain or Longo sheet (issue 25 item 6): slot s of page p shows the s-th
    sheet the dealing deals for page p, over the blank drawn without own values."""
    made = plan.assorted([(CHAIN, "chain · seed 1"), (CLASSIC, "x")], per_page=4, pages=2)
    (part,) = made.parts
    assert [blank.own for blank in part.blanks] == [False, True]
    slips = [[slot.own.slip if slot.own else None for slot in page] for page in part.pages]
    # 4 a page hold no 5 slips: they go on from page to page (ABCD, EABC) as for copies
    assert slips == [["A", None, "C", None], ["E", None, "B", None]]
    made = plan.assorted([(LONGO, "lucky · seed 9")], per_page=8, pages=2, seed=9)
    (part,) = made.parts
    for p, page in enumerate(part.pages):
        lucky = [slot.own.lucky for slot in page if slot.own is not None]
        assert lucky == [sheet.lucky for sheet in dealing.deal(LONGO, 8, 9, p)]
        assert len(set(lucky)) == 8
    assert part.pages[0] != part.pages[1]


def test_filled_in_sheets_are_one_slot_a_player_in_file_order() -> None:
    game = api.score(LEA)
    made = plan.filled_in(game, per_page=1)
    (part,) = made.parts
    players = [[slot.marks.player.name for slot in page if slot.marks] for page in part.pages]
    assert players == [["Léa"], ["Sam"]]
    assert part.pages[0][0].marks is not None
    assert part.pages[0][0].marks.score.total == 68
    assert part.blanks[0].rules_hint is False


def written(made: plan.Plan, path: Path) -> Path:
    out = io.BytesIO()
    draw.write(made, out)
    path.write_bytes(out.getvalue())
    return path


def test_the_writer_draws_each_distinct_sheet_once_over_all_pages(tmp_path: Path) -> None:
    pdf = written(plan.copies([CHAIN], 3), tmp_path / "chain.pdf")
    assert len(page_sizes(pdf)) == 3
    # the blank, one form a slip (A-E), one page form placed on all three pages, the guides
    names = forms(pdf)
    assert names.count("/FormXob.sheet0") == 1
    assert sorted(n for n in names if n.startswith("/FormXob.sheet0.")) == [
        f"/FormXob.sheet0.{k}" for k in range(5)
    ]
    assert names.count("/FormXob.page0") == 1
    assert form_placements(pdf, 2)["/FormXob.sheet0.0"] == 2  # slip A twice a page: A-E, A-C


def test_the_writer_places_filled_in_sheets_over_one_blank(tmp_path: Path) -> None:
    game = api.score(LEA)
    pdf = written(plan.filled_in(game), tmp_path / "filled.pdf")
    assert form_placements(pdf, 0)["/FormXob.blank"] == 2
    whole = io.BytesIO()
    filled.render(game, whole)
    assert whole.getvalue() == pdf.read_bytes()  # filled.render is this plan and writer
