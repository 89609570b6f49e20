"""The header line of a sheet: its own rules, in the order they weigh (RULES.md §2, §4)."""

from __future__ import annotations

from collections.abc import Mapping

from qwixx_print import rules
from qwixx_print.layout import Layout

CLASSIC_LOCK = 5
"""The classic lock threshold (RULES.md §1 Locking); any other is printed in the header."""


TRACK_HINTS = {
    (2, 1): "track_hint",
    (1, 1): "track_hint_white_colour",
    (2, 0): "track_hint_white_white",
}
"""The header hint of a value track's trigger by its (white, coloured) dice (RULES-more.md §7:
Lucky 15's white + white + colour; the others ``generate value-track`` deals); any other
trigger prints as a dice sum."""


def header_hints(layout: Layout, text: Mapping[str, str]) -> list[tuple[str, str]]:
    """The sheet's own rules for the header line, as (label key, text) in order of weight,
    none on a classic sheet: the lock threshold when not 5, bonus rows, links, the framed
    group, diamonds, lucky numbers (RULES.md §4), the value track (RULES-more.md §7), link
    squares (RULES.md §7) and several lock fields (RULES.md §4), what doubles, small boxes,
    boxed fields and power symbols do, that mixed rows score on their own, and that the last
    field locks where the numbers are not in order (RULES.md §2). The sheet prints as many
    as fit."""
    parts = []
    if layout.lock_threshold != CLASSIC_LOCK:
        key = "lock_after_one" if layout.lock_threshold == 1 else "lock_after"
        parts.append((key, text[key].replace("{n}", str(layout.lock_threshold))))
    fields = [f for row in layout.rows for f in row.fields]
    for key, used in (  # RULES.md §4, before the older variants' marks
        ("bonus_row_hint", bool(layout.bonus_rows)),
        ("link_hint", bool(layout.links)),
        ("framed_hint", rules.has_framed(layout)),
        ("diamond_hint", bool(layout.diamonds)),
        ("lucky_hint", layout.lucky_draw is not None),
    ):
        if used:
            parts.append((key, text[key]))
    track = layout.value_track
    if track is not None:  # Lucky 15, RULES-more.md §7: its dice, or "dice sum" for others
        key = TRACK_HINTS.get((track.white, track.coloured), "track_hint_sum")
        parts.append((key, text[key].replace("{n}", str(track.total))))
    if any(row.squares for row in layout.rows):  # RULES.md §7 Connect 15
        a, b = layout.square_faces
        parts.append(
            ("square_hint", text["square_hint"].replace("{a}", str(a)).replace("{b}", str(b)))
        )
    if layout.lock_fields > 1:  # after the lucky numbers: the padlocks show it too
        parts.append(
            ("lock_fields_hint", text["lock_fields_hint"].replace("{n}", str(layout.lock_fields)))
        )
    for key, used in (
        ("double_hint", any(f.double for f in fields)),
        ("again_hint", any(row.again for row in layout.rows)),
        ("bonus_hint", any(f.bonus for f in fields)),
        ("power_hint", bool(rules.power_fields(layout))),
        ("mixed_hint", any(row.colour is None for row in layout.rows)),
        ("last_hint", any(row.colour is None or not row.in_order for row in layout.rows)),
    ):
        if used:
            parts.append((key, text[key]))
    return parts
