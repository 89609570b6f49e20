"""The commands that play games: ``simulate`` (bots) and ``serve`` (the web counter)."""

from __future__ import annotations

from pathlib import Path

import click

from qwixx_print.choices import SIM_GAMES, SIM_PLAYERS
from qwixx_print.cli.group import cli
from qwixx_print.cli.params import (
    DatabaseName,
    FilePath,
    UserError,
    WholeNumber,
    complete_layouts,
    count_option,
)
from qwixx_print.sim.strategy import STRATEGIES


@cli.command("simulate")
@click.argument(
    "names", nargs=-1, required=True, metavar="LAYOUT...", shell_complete=complete_layouts
)
@click.option(
    "--players", type=WholeNumber(1, SIM_PLAYERS), default=4, show_default=True, help="Seats."
)
@count_option("--games", SIM_GAMES, 10_000, "Games per layout.")
@click.option(
    "--seed",
    type=WholeNumber(0, 2**64 - 1),
    default=1,
    show_default=True,
    help="Same seed, same games, same numbers.",
)
@click.option(
    "--strategy",
    type=click.Choice(list(STRATEGIES)),
    default="gap-2",
    show_default=True,
    help="The bot every seat plays.",
)
@click.option(
    "--jobs",
    type=WholeNumber(1, 256),
    help="Processes (default: the cores); the numbers do not depend on it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the reports as JSON.")
@click.option(
    "--plot",
    type=FilePath("heat.png"),
    help="Write the sheet as a heat map of its cross rates to this PNG.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def simulate_command(
    names: tuple[str, ...],
    players: int,
    games: int,
    seed: int,
    strategy: str,
    jobs: int | None,
    as_json: bool,
    plot: Path | None,
    quiet: bool,
) -> None:
    """Play many games of each LAYOUT with bots and report how it plays.

    The report: scores, game length, how games end, penalties, lock and cross rates, the
    first player's wins. A layout other than classic gets a second line: classic played
    with the same dice. gap-k crosses a field that skips at most k others; strong weighs
    what a cross skips against what it gains."""
    from qwixx_print import api, output
    from qwixx_print.layout import Layout
    from qwixx_print.sim import report, run
    from qwixx_print.sim.simulate import simulate

    if plot is not None and len(names) > 1:
        raise UserError(f"--plot draws one layout, got {len(names)}: {', '.join(names)}")
    if plot is not None:
        output.check_target(plot, output.PNG)
    sheets: list[Layout] = []
    for sheet in map(api.checked, names):  # a layout named twice is played once
        if sheet not in sheets:
            sheets.append(sheet)
    result = simulate(
        sheets,
        players,
        games,
        seed,
        strategy,
        jobs or run.default_jobs(),
        quiet,
        warn=lambda message: click.echo(f"qwixx-print: {message}", err=True),
    )
    if plot is not None:
        api.heat_map(sheets[0], result.reports[0], plot)
    if as_json:
        output.to_stdout(report.as_json(result.reports))
    else:
        output.to_stdout(report.table(result.reports, result.compared, result.other_dice))
    if plot is not None:
        click.echo(f"wrote {plot}: the heat map of {sheets[0].name}", err=True)


@cli.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the same network open the page.",
)
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, metavar="PORT"
)
@click.option(
    "--db",
    type=DatabaseName(),
    envvar="QWIXX_PRINT_DB",
    help="The database of the games and uploaded layouts: an SQLite file, or a "
    "postgresql://USER@HOST/DB URL (env QWIXX_PRINT_DB). Default: an SQLite file in the "
    "user's data folder.",
)
@click.option(
    "--idle-days",
    type=click.FloatRange(0.01, 3650),
    default=3.0,
    show_default=True,
    metavar="DAYS",
    help="A game not played for this long is deleted.",
)
@click.option(
    "--games-per-address",
    type=WholeNumber(1, 500),
    default=50,
    show_default=True,
    metavar="N",
    help="Most games started from one client address (500 in all).",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    metavar="NAME",
    help="Another host name the page may be opened by (e.g. the name a proxy serves it "
    "under); repeatable. Always allowed: localhost, 127.0.0.1, ::1, --host, and for "
    "0.0.0.0 the network address.",
)
def serve_command(
    host: str,
    port: int,
    db: str | None,
    idle_days: float,
    games_per_address: int,
    allowed_hosts: tuple[str, ...],
) -> None:
    """Serve the web page: print any sheet, and count a game on every player's phone.

    Listens on loopback (this computer only) unless --host says otherwise. Ctrl-C stops it.
    Several servers may share one database.
    """
    from qwixx_print.web.running import LIMITS
    from qwixx_print.web.server import serve
    from qwixx_print.web.storage import GameLimits

    if db is not None and not db.startswith(("postgresql://", "postgres://")):
        folder = Path(db).parent
        if not folder.exists():  # a typo would serve an empty database
            raise UserError(f"{db}: the folder {folder} does not exist")
    limits = GameLimits(LIMITS.most, games_per_address, idle_days * 86400)
    serve(host, port, db, click.echo, allowed_hosts, games=limits)
