"""The ``generate`` command: new balanced sheets from a seed, written as YAML (and a PDF)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from qwixx_print.choices import GENERATE_FAMILIES, SIM_PLAYERS
from qwixx_print.cli.group import cli
from qwixx_print.cli.params import (
    FilePath,
    UserError,
    WholeNumber,
    complete_families,
    complete_layouts,
    count_option,
    lang_option,
    paper_option,
    per_page_option,
)
from qwixx_print.errors import counted

if TYPE_CHECKING:
    from qwixx_print.generate import Generated
    from qwixx_print.layout import Layout


@cli.command("generate")
@click.argument("family", required=False, metavar="[FAMILY]", shell_complete=complete_families)
@click.option(
    "--from",
    "source",
    metavar="LAYOUT",
    shell_complete=complete_layouts,
    help="Make a sheet from this layout (with --shuffle).",
)
@click.option(
    "--shuffle",
    type=click.Choice(["colours", "numbers", "marks"]),
    help="With --from: the aspect dealt anew.",
)
@click.option(
    "--seed",
    type=WholeNumber(0, 2**63 - 1),
    help="Same seed, same sheet. Default: a random seed (in the file name).",
)
@click.option(
    "--out",
    "-o",
    type=FilePath("sheet.yaml", folder_ok=True),
    help="The YAML to write (with --count: a folder). Default: output/FAMILY-SEED.yaml.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace a generated YAML even if it was edited since.",
)
@click.option("--print", "to_print", is_flag=True, help="Also write the PDF.")
@click.option(
    "--out-pdf",
    type=FilePath("sheets.pdf"),
    help="The PDF --print writes. Default: output/FAMILY-SEED.pdf.",
)
@click.option(
    "--preview",
    type=FilePath("sheet.png"),
    help="Also write one sheet as a PNG picture to this file.",
)
@count_option(
    "--count", 64, 1, "Sheets, seeds SEED, SEED+1 ...; with --print all on one PDF, one per seed."
)
@count_option("--players", SIM_PLAYERS, 4, "Seats simulated.")
@count_option("--pages", 1000, 1, "With --print: the PDF's pages this many times over.")
@click.option(
    "--budget",
    type=click.FloatRange(1, 3600),
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help="Time to find each balanced sheet.",
)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Only the 'wrote' lines: no balance table (the file has it).",
)
@paper_option
@per_page_option
@lang_option
def generate_command(
    family: str | None,
    source: str | None,
    shuffle: str | None,
    seed: int | None,
    out: Path | None,
    force: bool,
    to_print: bool,
    out_pdf: Path | None,
    preview: Path | None,
    count: int,
    players: int,
    pages: int,
    budget: float,
    quiet: bool,
    paper: str,
    per_page: str,
    lang: str,
) -> None:
    """Make new sheets from a seed: valid, balanced by simulation, written as YAML.

    \b
    FAMILY, each measured against its twin (a shipped sheet): mixed-colours
    (Farbblöcke), mixed-numbers (Durcheinander), rainbow (Regenbogen), chaos
    (Wirrwarr), doubles (Doppelt), bonus (Bonuskette), powers (Kräfte), bonus-rows
    (Big Points), chain (Connected Chain), steps (Connected Steps), diamonds
    (X-Change), lucky-numbers (Longo), link-squares (Connect 15), value-track
    (Lucky 15), small-boxes (Nochmal); or --from LAYOUT --shuffle
    colours|numbers|marks.
    \b
    qwixx-print generate chaos --seed 7            write output/chaos-7.yaml
    qwixx-print generate rainbow --count 8 --print 8 different sheets on one page

    Each sheet is played by bots beside the shipped sheet of its family (for --from, the
    layout itself) and kept only when its scores, game length, locks and the first
    player's wins stay close to it.
    """
    from qwixx_print import api

    _refuse_generate_options(family, source, shuffle)
    if out_pdf is not None:
        to_print = True
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1_000_000)
    made = api.recipe(family, source, shuffle)
    names = [made.name(seed + k) for k in range(count)]
    yamls = _generated_paths(out, names)
    pdf = (out_pdf or _default_pdf(names)) if to_print else None
    _check_targets(yamls, pdf, preview, force)
    sheets = api.generate(made, seed, count, players, budget)
    for sheet, path in zip(sheets, yamls, strict=True):
        api.write_generated(sheet, path, force)
        click.echo(
            f"wrote {path}: {sheet.layout.name} ({counted(sheet.tried, 'candidate')}, "
            f"{sheet.seconds:.1f} s)"
        )
    for line in _repeats(sheets):
        click.echo(line)
    if pdf is not None:
        api.print_generated(sheets, pdf, paper, int(per_page), lang, pages)
        click.echo(f"wrote {pdf}: {printed_summary(len(sheets), int(per_page), pages)}")
    if preview is not None:
        click.echo(f"wrote {api.preview(sheets[0].layout, preview, lang)}: one sheet")
    if count == 1 and not quiet:
        from qwixx_print.sim import report

        click.echo(report.table([sheets[0].found, sheets[0].twin]), nl=False)


def _repeats(sheets: list[Generated]) -> list[str]:
    """A note for each sheet the same as an earlier one of this run: a family with few
    sheets deals one again for another seed (``steps`` has 240; docs/generate.md)."""
    found = []
    for k, sheet in enumerate(sheets):
        same = next((e for e in sheets[:k] if _same_sheet(e.layout, sheet.layout)), None)
        if same is not None:
            found.append(
                f"note: {sheet.layout.name} is the same sheet as {same.layout.name} "
                "(this family has few sheets: docs/generate.md)"
            )
    return found


def _same_sheet(a: Layout, b: Layout) -> bool:
    """Whether two generated layouts play and print alike but for their names and seeds."""
    return replace(a, name="", description="", source="") == replace(
        b, name="", description="", source=""
    )


def _refuse_generate_options(family: str | None, source: str | None, shuffle: str | None) -> None:
    """Refuse a FAMILY with --from, neither, or --from and --shuffle without the other."""
    if family is not None and source is not None:
        raise UserError(f"give a FAMILY or --from LAYOUT, not both ({family}, --from {source})")
    if family is None and source is None:
        raise UserError(
            f"give a FAMILY ({', '.join(GENERATE_FAMILIES)}) or --from LAYOUT --shuffle ASPECT"
        )
    if source is not None and shuffle is None:
        raise UserError("--from needs --shuffle colours, numbers or marks")
    if source is None and shuffle is not None:
        raise UserError("--shuffle needs --from LAYOUT (a family shuffles its own aspect)")


def printed_summary(count: int, per_page: int, pages: int) -> str:
    """What ``generate --print`` wrote: ``count`` sheets repeated to fill ``per_page`` slots
    a page, ``pages`` times over (:func:`qwixx_print.plan.assorted`): "1 generated sheet, 8
    copies on 1 page", "3 generated sheets, 8 in all on 1 page"."""
    distinct = pages * -(-count // per_page)
    slots = distinct * per_page
    on = counted(distinct, "page")
    if count == 1:
        copies = f"{slots} cop{'y' if slots == 1 else 'ies'}"
        return f"1 generated sheet, {copies} on {on}"
    if slots > count:
        return f"{counted(count, 'generated sheet')}, {slots} in all on {on}"
    return f"{counted(count, 'generated sheet')} on {on}"


def _generated_paths(out: Path | None, names: list[str]) -> list[Path]:
    """Where the YAML of each generated sheet goes: ``out`` for one sheet, files named
    after the sheets in the folder ``out`` (default ``output``) for several."""
    from qwixx_print import api, output

    if out is not None and len(names) == 1:
        return [out]
    folder = out or api.DEFAULT_FOLDER
    if out is None:
        output.make_folder(folder)
    elif not out.is_dir():
        what = f"{out} is a file" if out.exists() else f"there is no folder {out} (make it first)"
        raise UserError(
            f"{out}: with --count, --out names a folder for the {len(names)} files, and {what}"
        )
    return [folder / f"{name}.yaml" for name in names]


def _default_pdf(names: list[str]) -> Path:
    from qwixx_print import api, output

    output.make_folder(api.DEFAULT_FOLDER)
    stem = names[0] if len(names) == 1 else f"{names[0]}-to-{names[-1].rsplit('-', 1)[1]}"
    return api.DEFAULT_FOLDER / f"{stem}.pdf"


def _check_targets(yamls: list[Path], pdf: Path | None, preview: Path | None, force: bool) -> None:
    """Check every file ``generate`` will write before the search (nothing is written if
    one cannot be; an edited YAML only with ``force``)."""
    from qwixx_print import api, output

    for path in yamls:
        api.check_generated_target(path, force)
    if pdf is not None:
        output.check_target(pdf, output.PDF)
    if preview is not None:
        output.check_target(preview, output.PNG)
