"""The balance report of ``simulate``: statistics from :class:`~qwixx_print.sim.run.Totals`,
as a table for people and as JSON for programs (issue 13; docs/simulate.md)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from qwixx_print.compiled import Compiled
from qwixx_print.layout import Layout
from qwixx_print.sim.run import TIE_SHARES, Totals

KEYS = (
    "layout",
    "players",
    "games",
    "seed",
    "strategy",
    "mean_score",
    "sd_score",
    "p10",
    "p50",
    "p90",
    "winner_mean",
    "rolls",
    "ended_by_locks",
    "ended_by_penalties",
    "penalties_per_player",
    "lock_rate",
    "first_seat_wins",
    "cross_rate",
)
"""The keys of a report, in order (issue 13); a layout with small boxes (Nochmal) adds
:data:`AGAIN_KEY` last."""
AGAIN_KEY = "again_rate"
"""Per row with small boxes, per small box (under fields 0 .. last - 1), the share of sheets
with it crossed (RULES.md §2 Nochmal)."""


def percentile(scores: dict[int, int], share: float) -> int:
    """The nearest-rank percentile: the smallest score that at least ``share`` of the
    sheets reach or stay below."""
    total = sum(scores.values())
    rank = max(1, math.ceil(share * total))
    seen = 0
    for score in sorted(scores):
        seen += scores[score]
        if seen >= rank:
            return score
    raise ValueError("no scores")


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4)


def report(
    layout: Layout, totals: Totals, players: int, seed: int, strategy: str
) -> dict[str, Any]:
    """The report of one layout: the keys of :data:`KEYS`. Scores are per seat (every sheet
    of every game); shares are of games (``lock_rate``, ``ended_by_*``, ``first_seat_wins``:
    a tie for first counts as a shared win) or of sheets (``cross_rate``, per field)."""
    t = totals
    mean = t.score_sum / t.sheets
    variance = max(0.0, t.score_squares / t.sheets - mean * mean)
    board = Compiled.of(layout)
    again = {
        row_id: [_share(n, t.sheets) for n in counts[:last]]
        for row_id, has, last, counts in zip(
            board.ids, board.again, board.lasts, t.again, strict=True
        )
        if has
    }
    return {
        "layout": layout.name,
        "players": players,
        "games": t.games,
        "seed": seed,
        "strategy": strategy,
        "mean_score": round(mean, 2),
        "sd_score": round(math.sqrt(variance), 2),
        "p10": percentile(t.scores, 0.1),
        "p50": percentile(t.scores, 0.5),
        "p90": percentile(t.scores, 0.9),
        "winner_mean": round(t.winner_sum / t.games, 2),
        "rolls": round(t.rolls / t.games, 2),
        "ended_by_locks": _share(t.by_locks, t.games),
        "ended_by_penalties": _share(t.games - t.by_locks, t.games),
        "penalties_per_player": round(t.penalties / t.sheets, 3),
        "lock_rate": {
            row.id: _share(n, t.games) for row, n in zip(layout.rows, t.locks, strict=True)
        },
        "first_seat_wins": _share(t.first_wins, t.games * TIE_SHARES),
        "cross_rate": {
            key: [_share(n, t.sheets) for n in counts]
            for key, counts in zip(_crossable(layout), t.crosses, strict=True)
        },
        **({AGAIN_KEY: again} if again else {}),
    }


def _crossable(layout: Layout) -> list[str]:
    """The ids of the rows, then of the bonus rows (Big Points): the keys of ``cross_rate``."""
    board = Compiled.of(layout)
    return [*board.ids, *board.bonus_ids]


def as_json(reports: Sequence[dict[str, Any]]) -> str:
    """The reports as a JSON list (one object per layout, the classic comparison last)."""
    return json.dumps(list(reports), ensure_ascii=False, indent=2) + "\n"


_COLUMNS = (
    ("layout", "{}", 14),
    ("mean_score", "{:.1f}", 6),
    ("sd_score", "{:.1f}", 5),
    ("p10", "{}", 4),
    ("p50", "{}", 4),
    ("p90", "{}", 4),
    ("winner_mean", "{:.1f}", 6),
    ("rolls", "{:.1f}", 5),
    ("ended_by_locks", "{:.0%}", 6),
    ("penalties_per_player", "{:.2f}", 5),
    ("first_seat_wins", "{:.0%}", 6),
)
_HEADS = ("layout", "mean", "sd", "p10", "p50", "p90", "winner", "rolls", "locks", "pen", "first")


def table(
    reports: Sequence[dict[str, Any]],
    compared: str | None = None,
    other_dice: Sequence[str] = (),
) -> str:
    """The reports as a text table: one line per layout (``compared``: the name of the
    classic comparison line, marked "same dice", or "same seed, other dice" when every
    other layout is in ``other_dice``, the layouts whose dice differ; naming the layouts
    when only some are), then each layout's lock rates. The layout column is as wide as
    the longest name (at least 14 characters), so the columns stay aligned."""
    first = reports[0]
    widths = [w for _, _, w in _COLUMNS]
    widths[0] = max(widths[0], *(len(rep["layout"]) for rep in reports))
    lines = [
        f"{first['games']} games per layout, {first['players']} players, strategy "
        f"{first['strategy']}, seed {first['seed']}",
        "  ".join(
            f"{h:<{w}}" if i == 0 else f"{h:>{w}}"
            for i, (h, w) in enumerate(zip(_HEADS, widths, strict=True))
        ),
    ]
    for rep in reports:
        cells = []
        for i, ((key, fmt, _), width) in enumerate(zip(_COLUMNS, widths, strict=True)):
            text = fmt.format(rep[key])
            cells.append(f"{text:<{width}}" if i == 0 else f"{text:>{width}}")
        mark = (
            f"  (classic, {_dice_note(reports, compared, other_dice)})"
            if rep["layout"] == compared
            else ""
        )
        lines.append("  ".join(cells) + mark)
    lines.append("")
    for rep in reports:
        rates = ", ".join(f"{row} {rate:.0%}" for row, rate in rep["lock_rate"].items())
        lines.append(f"{rep['layout']}: locked in games: {rates}")
    lines.append("mean, sd, p10, p50, p90: score per player; winner: mean winning score;")
    lines.append(
        "rolls: per game; locks: games ended by locks (the rest by penalties); "
        "pen: penalties per player; first: games won by the first player"
    )
    lines.append(
        "locked in games: rows alike lock at unlike rates, as the bots break ties toward "
        "the upper row (docs/simulate.md)"
    )
    return "\n".join(lines) + "\n"


def _dice_note(
    reports: Sequence[dict[str, Any]], compared: str | None, other: Sequence[str]
) -> str:
    """Whether the comparison line saw the same dice as the layouts above it, per layout
    when they differ (``simulate longo kraefte``: kraefte yes, longo no)."""
    names = [rep["layout"] for rep in reports if rep["layout"] != compared]
    same = [name for name in names if name not in other]
    if not other:
        return "same dice"
    if not same:
        return "same seed, other dice"
    return f"same dice as {', '.join(same)}; same seed, other dice than {', '.join(other)}"
