"""``qwixx-print simulate``: the report's JSON keys and types, the same numbers for the same
seed with any ``--jobs``, classic with the same dice, the reference engine when the kernel
cannot run, the heat map's pixels and one-line refusals of bad input (issue 13)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pdfplumber
import pytest
from PIL import Image

from qwixx_print import api, geometry, layout
from qwixx_print.draw import PREVIEW_PX_PER_MM
from qwixx_print.scene import heatmap, palette
from qwixx_print.sim import report
from qwixx_print.sim import run as sim_run
from tests.conftest import CLASSIC_YAML, Run

pytestmark = pytest.mark.usefixtures("simulator")


def reports(run_cli: Run, *args: str) -> list[dict[str, Any]]:
    result = run_cli("simulate", *args, "--json", "--quiet")
    assert result.exit_code == 0, result.stderr
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def test_a_sheet_with_small_boxes_reports_each_small_boxs_rate(run: Run) -> None:
    """Nochmal's report ends with ``again_rate``: per row, per small box (every field but
    the last), the share of sheets with it crossed; the same shares the kernel's games give.
    Classic, beside it, has no such key."""
    nochmal, classic = reports(run, "nochmal", "--games", "400", "--players", "2", "--jobs", "1")
    assert tuple(classic) == report.KEYS
    assert tuple(nochmal) == (*report.KEYS, report.AGAIN_KEY)
    sheet = api.checked("nochmal")
    games = sim_run.kernel_chunk(sheet, (2, 2), 1, 0, 400)
    for r, row in enumerate(sheet.rows):
        counts = [int(((games.again[:, :, r] >> i) & 1).sum()) for i in range(len(row.fields) - 1)]
        assert nochmal["again_rate"][row.id] == [round(n / 800, 4) for n in counts]
    assert max(nochmal["again_rate"]["red"]) > 0.05


def test_chunk_totals_count_each_fields_crosses_as_a_bit_by_bit_count_does() -> None:
    """:func:`run.totals` counts, per row and field, the sheets with it crossed: for
    classic's 12 fields, Big Points' bonus cells and a made-up row of 21 fields (three bytes
    of a mask) the same as testing each bit of each mask."""
    for name in ("classic", "big-points"):
        sheet = api.checked(name)
        games = sim_run.kernel_chunk(sheet, (2, 2, 2), 7, 0, 500)
        totals = sim_run.totals(sheet, games)
        masks = [games.crossed[:, :, r] for r in range(len(sheet.rows))]
        masks += [games.bonus[:, :, k] for k in range(games.bonus.shape[2])]
        for mask, counted in zip(masks, totals.crosses, strict=True):
            assert counted == [int(((mask >> i) & 1).sum()) for i in range(len(counted))]
        assert sum(totals.crosses[0]) == int(sum(bin(m).count("1") for m in masks[0].ravel()))
    wide = np.array([[0], [1 << 20 | 1 << 8 | 3], [(1 << 21) - 1], [1 << 15]], dtype=np.int64)
    assert sim_run._counts(wide, 21) == [2, 2, *[1] * 6, 2, *[1] * 6, 2, *[1] * 4, 2]


def test_json_has_the_issue_keys_and_types(run: Run) -> None:
    found = reports(run, "doppelt", "--games", "300", "--players", "3", "--jobs", "1")
    assert [r["layout"] for r in found] == ["doppelt", "classic"]
    for rep in found:
        assert tuple(rep) == report.KEYS
        assert (rep["players"], rep["games"], rep["seed"], rep["strategy"]) == (3, 300, 1, "gap-2")
        for key in ("mean_score", "sd_score", "winner_mean", "rolls", "penalties_per_player"):
            assert isinstance(rep[key], float), key
        for key in ("p10", "p50", "p90"):
            assert isinstance(rep[key], int), key
        assert rep["p10"] <= rep["p50"] <= rep["p90"]
        assert rep["p10"] < rep["mean_score"] < rep["p90"] < rep["winner_mean"] + 60
        assert rep["ended_by_locks"] + rep["ended_by_penalties"] == pytest.approx(1.0)
        assert 0.0 <= rep["first_seat_wins"] <= 1.0
        sheet = api.checked(rep["layout"])
        assert list(rep["lock_rate"]) == [row.id for row in sheet.rows]
        assert all(0.0 <= rate <= 1.0 for rate in rep["lock_rate"].values())
        assert [len(rep["cross_rate"][row.id]) for row in sheet.rows] == [
            len(row.fields) for row in sheet.rows
        ]
        # the first fields of a row are crossed more often than its last field
        assert rep["cross_rate"]["red"][5] > rep["cross_rate"]["red"][10] > 0.0


def test_same_seed_same_numbers_with_any_jobs(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_run, "PARALLEL_FROM", 0)  # processes even for a small run
    games = 2 * sim_run.CHUNK + 7  # three chunks, the last a short one
    args = ("kraefte", "--games", str(games), "--players", "2")
    one = reports(run, *args, "--jobs", "1")
    three = reports(run, *args, "--jobs", "3")
    assert one == three
    assert reports(run, *args, "--jobs", "1", "--seed", "2") != one


def test_classic_line_is_classic_with_the_same_dice(run: Run) -> None:
    both = reports(run, "durcheinander", "--games", "500", "--strategy", "strong")
    alone = reports(run, "classic", "--games", "500", "--strategy", "strong")
    assert both[1] == alone[0]
    assert both[0] != both[1]


def test_text_report_names_every_layout_and_the_comparison(run: Run) -> None:
    result = run("simulate", "nochmal", "wirrwarr", "--games", "200", "--jobs", "1")
    assert result.exit_code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "200 games per layout, 4 players, strategy gap-2, seed 1"
    assert [line.split()[0] for line in lines[2:5]] == ["nochmal", "wirrwarr", "classic"]
    assert lines[4].endswith("(classic, same dice)")
    # red and yellow are alike but lock at unlike rates: the legend says why
    assert lines[-1] == (
        "locked in games: rows alike lock at unlike rates, as the bots break ties toward "
        "the upper row (docs/simulate.md)"
    )


def test_text_report_columns_stay_aligned_under_a_name_longer_than_its_column(run: Run) -> None:
    """``connected-chain`` (15 characters) is longer than the 14 the layout column had: the
    ten number columns (right-aligned) end where their headings do on every line."""
    result = run("simulate", "connected-chain", "--games", "100", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    head, chain, classic = result.stdout.splitlines()[1:4]
    assert chain.startswith("connected-chain  ") and classic.startswith("classic          ")

    def ends(line: str) -> list[int]:  # where each number column ends
        return [m.end() for m in re.finditer(r"\S+", line)][1:11]

    assert ends(head) == ends(chain) == ends(classic)
    assert len(set(ends(head))) == 10


def test_classic_line_beside_longo_says_its_dice_differ(run: Run) -> None:
    """Longo rolls 8-sided dice: the classic line has the same seed, not the same rolls."""
    result = run("simulate", "longo", "--games", "50", "--jobs", "1")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[3].endswith("(classic, same seed, other dice)")


def test_reference_engine_when_the_kernel_cannot_run(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("simulate", "bonuskette", "--games", "60", "--players", "2", "--json", "--jobs", "1")
    compiled = run(*args)
    monkeypatch.setattr(sim_run, "kernel_problem", lambda: "ModuleNotFoundError: numba")
    fallback = run(*args)
    assert fallback.exit_code == 0
    assert fallback.stderr == (
        "qwixx-print: the compiled kernel is not available (ModuleNotFoundError: numba); "
        "simulating with the reference engine, some 300 times slower\n"
    )
    assert fallback.stdout == compiled.stdout


def pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The pixel at (x, y) mm of the sheet, y from the sheet's bottom."""
    px = PREVIEW_PX_PER_MM
    rgb: tuple[int, int, int] = image.getpixel(  # type: ignore[assignment]
        (round(x_mm * px), round((geometry.SHEET_H - y_mm) * px))
    )
    return rgb


def tinted_by(rgb: tuple[int, int, int], alpha: float) -> tuple[int, ...]:
    """``rgb`` under the heat map's tint at opacity ``alpha``."""
    return tuple(round(c + (h * 255 - c) * alpha) for c, h in zip(rgb, palette.HEAT, strict=True))


def off(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """The largest difference of two colours in one channel."""
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def test_heat_map_tints_fields_by_their_cross_rate(run: Run, tmp_path: Path) -> None:
    plot = tmp_path / "heat.png"
    rep = reports(run, "classic", "--games", "3", "--players", "2", "--plot", str(plot))[0]
    heat = Image.open(plot).convert("RGB")
    api.preview(api.checked("classic"), tmp_path / "plain.png")
    plain = Image.open(tmp_path / "plain.png").convert("RGB")
    assert heat.width == plain.width and heat.height > plain.height  # the legend below
    sheet = api.checked("classic")
    boxes = geometry.sheet_boxes(sheet)
    darkening = {}
    for row, row_boxes in zip(sheet.rows, boxes.rows, strict=True):
        for j, box in enumerate(row_boxes.fields):
            where = (box.x + 0.92 * box.w, box.y + 0.55 * box.h)
            tinted, untinted = pixel(heat, *where), pixel(plain, *where)
            darkening[row.id, j] = sum(tinted) / sum(untinted)
            if rep["cross_rate"][row.id][j] == 0.0:
                assert max(abs(a - b) for a, b in zip(tinted, untinted, strict=True)) <= 2
    rates = {(r, j): rate for r, rates in rep["cross_rate"].items() for j, rate in enumerate(rates)}
    most = max(rates, key=lambda k: rates[k])
    assert darkening[most] == min(darkening.values())
    box = boxes.rows[[r.id for r in sheet.rows].index(most[0])].fields[most[1]]
    where = (box.x + 0.92 * box.w, box.y + 0.55 * box.h)  # the scene's darkest tint
    assert off(pixel(heat, *where), tinted_by(pixel(plain, *where), heatmap.MAX_ALPHA)) <= 3
    crossed = [k for k in rates if rates[k] > 0]
    assert 0 < len(crossed) < len(rates)  # both kinds of field are on the map


def test_connected_chain_heat_map_draws_no_one_slips_links(run: Run, tmp_path: Path) -> None:
    """The seats play every slip in turn, so the pooled rates are drawn without slip A's
    links (a newcomer read them as A's): no bar between linked fields; the legend says so."""
    plot = tmp_path / "heat.png"
    run("simulate", "connected-chain", "--games", "50", "--players", "3", "--plot", str(plot))
    heat = Image.open(plot).convert("RGB")
    sheet = api.checked("connected-chain")
    boxes = geometry.sheet_boxes(sheet)
    index = {row.id: k for k, row in enumerate(sheet.rows)}
    for (ra, ia), (rb, _) in sheet.links:
        a, b = boxes.rows[index[ra]].fields[ia], boxes.rows[index[rb]].fields[0]
        bar = pixel(heat, a.cx, (a.y + b.top) / 2)  # where slip A's bar would be
        assert min(bar) > 200, bar  # the white gap between the rows
    rep = json.loads(run("simulate", "connected-chain", "--games", "50", "--json").stdout)[0]
    text = heat_text(sheet, rep)
    assert "slips A-E pooled: their links are not drawn" in text
    assert "pooled" not in heat_text(api.checked("classic"), {**rep, "layout": "classic"})
    longo = json.loads(run("simulate", "longo", "--games", "20", "--json").stdout)[0]
    assert "lucky numbers differ from sheet to sheet: not drawn" in heat_text(
        api.checked("longo"), longo
    )


def heat_text(sheet: layout.Layout, rep: dict[str, Any]) -> str:
    """The words of the heat map of ``rep``, drawn into a PDF and read back."""
    from reportlab.pdfgen.canvas import Canvas

    from qwixx_print.draw import heat

    out = io.BytesIO()
    c = Canvas(out)
    heat.draw_heat(c, sheet, rep)
    c.save()
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        return str(pdf.pages[0].extract_text())


def test_big_points_report_and_heat_map_count_the_bonus_cells(run: Run, tmp_path: Path) -> None:
    """Bonus cells have their cross rates in the report, and the heat map tints them: a cell
    crossed on a share of the sheets darker than one crossed on none."""
    plot = tmp_path / "heat.png"
    rep = reports(run, "big-points", "--games", "200", "--players", "2", "--plot", str(plot))[0]
    sheet = api.checked("big-points")
    assert list(rep["cross_rate"]) == ["red", "yellow", "green", "blue", "red-yellow", "green-blue"]
    cells = rep["cross_rate"]["red-yellow"]
    assert len(cells) == 11 and 0.0 < max(cells) < 1.0
    api.preview(sheet, tmp_path / "plain.png")
    heat, plain = (Image.open(tmp_path / f).convert("RGB") for f in ("heat.png", "plain.png"))
    boxes = geometry.sheet_boxes(sheet).bonus_rows[0]
    darkening = []
    for box in boxes:
        where = (box.cx + 0.3 * box.w, box.cy)  # inside the round cell, beside its number
        darkening.append(sum(pixel(heat, *where)) / sum(pixel(plain, *where)))
    most = max(range(11), key=lambda j: cells[j])
    assert darkening[most] == min(darkening) < 0.9
    peak = max(rate for rates in rep["cross_rate"].values() for rate in rates)
    for j, box in enumerate(boxes):  # tinted in proportion to the most crossed field's rate
        where = (box.cx + 0.3 * box.w, box.cy)
        alpha = heatmap.MAX_ALPHA * cells[j] / peak
        assert off(pixel(heat, *where), tinted_by(pixel(plain, *where), alpha)) <= 3, j
        assert (darkening[j] < 0.999) == (cells[j] > 0.0), j


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "0"], "Invalid value for '--players': 0 is not in the range 1<=x<=5."),
        (["--players", "6"], "Invalid value for '--players': 6 is not in the range 1<=x<=5."),
        (["--games", "0"], "Invalid value for '--games': 0 is not in the range 1<=x<=10000000."),
        (
            ["--games", "10000001"],
            "Invalid value for '--games': 10000001 is not in the range 1<=x<=10000000.",
        ),
        (["--strategy", "best"], "Invalid value for '--strategy': 'best' is not one of"),
        (["--jobs", "0"], "Invalid value for '--jobs': 0 is not in the range 1<=x<=256."),
    ],
)
def test_bad_options_are_one_line_and_nothing_is_written(
    run: Run, tmp_path: Path, args: list[str], message: str
) -> None:
    plot = tmp_path / "heat.png"
    result = run("simulate", "classic", *args, "--plot", str(plot))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"qwixx-print: {message}")
    assert result.stderr.count("\n") == 1 and result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_bad_layouts_and_plots_are_one_line_and_nothing_is_written(
    run: Run, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(CLASSIC_YAML.replace("threshold: 5", "threshold: 11"), encoding="utf-8")
    plot = tmp_path / "heat.png"
    cases = [
        (["nosuch"], "qwixx-print: nosuch: no such layout"),
        ([str(broken)], f"qwixx-print: {broken}:"),
        (["classic", "doppelt"], "qwixx-print: --plot draws one layout, got 2: classic, doppelt"),
    ]
    for names, start in cases:
        result = run("simulate", *names, "--games", "10", "--plot", str(plot))
        assert (result.exit_code, result.stdout) == (2, ""), names
        assert result.stderr.startswith(start) and result.stderr.count("\n") == 1, result.stderr
    result = run("simulate", "classic", "--games", "10", "--plot", str(tmp_path / "heat.pdf"))
    assert result.stderr == f"qwixx-print: {tmp_path}/heat.pdf: a PNG file name must end in .png\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.yaml"]


def test_help_does_not_import_numba() -> None:
    code = "import sys; from qwixx_print.cli import cli; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "False"


def test_first_simulate_says_at_once_that_the_simulator_is_being_prepared(tmp_path: Path) -> None:
    """Issue 20: with an empty cache the first line on stderr says that the simulator is
    being compiled, once, about how long, and where it is kept; the next run says nothing."""
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "qwixx_print", "simulate", "classic", "--games", "50", "-q"]
    env = {**os.environ, "QWIXX_PRINT_CACHE": str(cache)}

    def simulate() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command, capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path, check=True
        )

    first = simulate()
    line = first.stderr.splitlines()[0]
    kept = re.fullmatch(
        r"qwixx-print: preparing the simulator for sheets built as classic, with gap bots "
        r"\(also every report's classic line\): about 10 s \(more on a busy machine\), this "
        r"first time only; each kind "
        r"of sheet has a simulator of its own, prepared once and kept in (.+)",
        line,
    )
    assert kept and Path(kept[1]).parent == cache / "kernel"
    assert first.stderr.count("\n") == 1
    again = simulate()
    assert (again.stderr, again.stdout) == ("", first.stdout)


def test_simulate_runs_as_a_command(tmp_path: Path) -> None:
    """The installed command, in a fresh process (the kernel's compile cached on disk)."""
    done = subprocess.run(
        [sys.executable, "-m", "qwixx_print", "simulate", "regenbogen", "--games", "2000",
         "--players", "5", "--strategy", "gap-3"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[2].startswith("regenbogen")
    assert list(tmp_path.iterdir()) == []


class Terminal(io.StringIO):
    """A standard error that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_shows_on_a_terminal_once_a_run_takes_over_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bar's rule with a clock the test sets (a timed subprocess run was flaky on a
    busy host): nothing during the first second, then click's bar up to 100 %."""
    clock = [100.0]
    terminal = Terminal()
    monkeypatch.setattr(sim_run.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(sim_run.sys, "stderr", terminal)
    progress = sim_run.Progress(4000, quiet=False)
    progress.step(1000)
    clock[0] += 0.5
    progress.step(1000)
    assert terminal.getvalue() == ""
    clock[0] += 1.0
    progress.step(1000)
    progress.step(1000)
    progress.close()
    assert "simulating" in terminal.getvalue() and "100%" in terminal.getvalue()
    quiet = sim_run.Progress(4000, quiet=True)
    clock[0] += 5.0
    quiet.step(4000)
    quiet.close()
    assert terminal.getvalue().count("simulating") >= 1 and quiet.bar is None


MORE_SHEETS = ("big-points", "connected-chain", "connected-steps")
"""The RULES.md §4 sheets with bonus rows, links and the framed group (X-Change and Longo:
test_sim_kernel.py)."""


@pytest.mark.parametrize("name", MORE_SHEETS)
def test_simulate_plays_the_rules_4_sheets_with_the_kernel(
    run: Run, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The compiled kernel plays the §4 sheets' moves (the reference engine is not called,
    nothing is said on stderr), and the figures are those of real games."""

    def no_reference(*args: object) -> None:
        raise AssertionError("the reference engine played")

    monkeypatch.setattr(sim_run, "reference_chunk", no_reference)
    result = run("simulate", name, "--games", "40", "--players", "3", "--json", "--jobs", "1")
    assert result.exit_code == 0
    assert result.stderr == ""
    rep, classic = json.loads(result.stdout)
    sheet = api.checked(name)
    assert (rep["layout"], rep["games"], classic["layout"]) == (name, 40, "classic")
    assert list(rep["lock_rate"]) == ["red", "yellow", "green", "blue"]
    assert 0.0 < max(rep["lock_rate"].values()) <= 1.0
    assert [len(rep["cross_rate"][row.id]) for row in sheet.rows] == [
        len(row.fields) for row in sheet.rows
    ]
    assert 10 < rep["rolls"] < 60 and rep["p10"] < rep["mean_score"] < rep["p90"]
    assert rep != {**classic, "layout": name}


def test_rules_4_sheets_score_their_own_way(run: Run) -> None:
    """Bonus cells and the framed group add points, Longo's longer rows and d8 dice too."""
    names = (*MORE_SHEETS, "x-change", "longo")
    found = reports(run, *names, "--games", "60", "--players", "3", "--jobs", "1")
    means = {rep["layout"]: rep["mean_score"] for rep in found}
    assert means["big-points"] > 1.5 * means["classic"]
    assert means["connected-steps"] > means["classic"] + 5
    assert means["longo"] > means["classic"]
    longo = next(rep for rep in found if rep["layout"] == "longo")
    assert longo["cross_rate"]["red"][14] == 0.0 or longo["lock_rate"]["red"] > 0.0
    assert sum(longo["cross_rate"]["red"][11:13]) > 0.0  # the 13 and the 14: d8 sums


@pytest.mark.parametrize("name", ["longo", "connected-chain"])
def test_rules_4_sheets_give_the_same_numbers_with_any_jobs(
    run: Run, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Slips and lucky numbers are dealt per game, so chunks in processes play the same."""
    monkeypatch.setattr(sim_run, "PARALLEL_FROM", 0)
    monkeypatch.setattr(sim_run, "CHUNK", 40)
    args = (name, "--games", "87", "--players", "4", "--strategy", "strong")
    one = reports(run, *args, "--jobs", "1")
    two = reports(run, *args, "--jobs", "2")
    assert one == two
    assert reports(run, *args, "--jobs", "1", "--seed", "2")[0] != one[0]


def test_classic_line_beside_longo_and_kraefte_says_the_dice_per_layout(run: Run) -> None:
    """Issue 20 item 7: kraefte rolls classic's dice, longo does not; the mark names each."""
    result = run("simulate", "longo", "kraefte", "--players", "2", "--games", "50", "--jobs", "1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[2:5]] == ["longo", "kraefte", "classic"]
    assert lines[4].endswith("(classic, same dice as kraefte; same seed, other dice than longo)")
    assert "(classic" not in lines[2] + lines[3]
