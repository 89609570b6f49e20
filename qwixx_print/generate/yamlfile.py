"""A generated layout as YAML a person can edit, in the shipped layouts' style
(docs/layout-format.md): comments on top (what made it and its balance figures), one row per
block, a one-colour row's plain numbers on one line, a field with its own colour or a mark
as ``{number: N, ...}``; the keys of RULES.md §4 (bonus rows, slips or links, framed fields,
diamonds, lucky numbers, lock fields) and §7 (link squares, the value track) as the shipped
sheets write them; keys left at their defaults are left out, but for the value track's, which
is written whole (its colour and its trigger's dice), as lucky-15.yaml does."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence

from qwixx_print.layout import PALETTE, End, Field, Layout, Link, Row
from qwixx_print.output import GENERATED

MAGIC = GENERATED.magic.decode()
"""How every generated file starts: an existing ``.yaml`` that does not is never replaced."""

SEAL = "# generate replaces this file only while it is unedited: sha256 "
"""How the last line of every generated file starts; the first 16 hex digits of the SHA-256
of all the lines before it follow. A file whose seal does not match was edited (or not
written by this version) and is replaced only with ``--force`` (issue 20 item 4)."""

_DEFAULTS = Layout(name="", rows=(), dice=(), colours={})


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def _word(text: str) -> str:
    """``text`` plain when it is a lowercase word, else quoted (a hex colour's ``#`` would
    start a comment)."""
    return text if _WORD.fullmatch(text) else _quoted(text)


_WORD = re.compile(r"[a-z][a-z0-9-]*")


def _flow(items: Sequence[str]) -> str:
    return f"[{', '.join(map(_word, items))}]"


def _field(f: Field, row_colour: str | None) -> str:
    parts = [f"number: {f.number}"]
    if f.colour != row_colour:
        parts.append(f"colour: {_word(f.colour)}")
    if f.double:
        parts.append("double: true")
    if f.bonus:
        parts.append("bonus: true")
    if f.power is not None:
        parts.append(f"power: {_word(f.power)}")
    if f.framed:
        parts.append("framed: true")
    return f"{{{', '.join(parts)}}}" if len(parts) > 1 else str(f.number)


def _row(row: Row) -> list[str]:
    lines = [f"  - id: {_word(row.id)}"]
    if row.colour is not None:
        lines.append(f"    colour: {_word(row.colour)}")
    if row.again:
        lines.append("    again: true")
    fields = [_field(f, row.colour) for f in row.fields]
    if all(text.isdigit() for text in fields):
        lines.append(f"    fields: [{', '.join(fields)}]")
    else:
        lines.append("    fields:")
        lines += [f"      - {text}" for text in fields]
    if row.squares:
        between = (f"[{row.fields[a].number}, {row.fields[b].number}]" for a, b in row.squares)
        lines.append(f"    squares: [{', '.join(between)}]")
    return lines


def _end(sheet: Layout, end: End) -> str:
    """A link end as a layout writes it, ``ROW NUMBER`` (``red 6``)."""
    row_id, index = end
    row = next(r for r in sheet.rows if r.id == row_id)
    text = f"{row_id} {row.fields[index].number}"
    return text if _WORD.fullmatch(row_id) else _quoted(text)


def _links(sheet: Layout, links: Sequence[Link]) -> str:
    return f"[{', '.join(f'[{_end(sheet, a)}, {_end(sheet, b)}]' for a, b in links)}]"


def _mechanics(sheet: Layout) -> list[str]:
    """The keys of RULES.md §4 and §7 a sheet has: bonus rows, links or slips, diamonds,
    link squares' trigger, lucky numbers, the value track (docs/layout-format.md)."""
    lines = []
    if sheet.bonus_rows:
        lines.append("bonus_rows:")
        lines += [
            f"  - {{id: {_word(b.id)}, between: {_flow(list(b.between))}}}"
            for b in sheet.bonus_rows
        ]
    if sheet.slips:
        lines.append("slips:")
        for slip in sheet.slips:
            lines += [f"  - name: {_word(slip.name)}", f"    links: {_links(sheet, slip.links)}"]
    elif sheet.links:
        lines.append(f"links: {_links(sheet, sheet.links)}")
    if sheet.diamonds:
        lines.append(f"diamonds: [{', '.join(f'[{a}, {b}]' for a, b in sheet.diamonds)}]")
    if (sheet.square_faces, sheet.square_dice) != (_DEFAULTS.square_faces, _DEFAULTS.square_dice):
        faces = ", ".join(map(str, sheet.square_faces))
        lines.append(
            f"square_trigger: {{faces: [{faces}], dice: {_flow(list(sheet.square_dice))}}}"
        )
    if sheet.lucky_draw is not None:
        draw = sheet.lucky_draw
        lines.append(f"lucky: {{count: {draw.count}, from: {draw.low}, to: {draw.high}}}")
    track = sheet.value_track
    if track is not None:  # written whole, as lucky-15.yaml writes it
        lines += [
            "value_track:",
            f"  values: [{', '.join(map(str, track.values))}]",
            f"  colour: {_word(track.colour)}",
            f"  trigger: {{total: {track.total}, white: {track.white}, "
            f"coloured: {track.coloured}}}",
        ]
    return lines


def _settings(sheet: Layout) -> list[str]:
    """The top-level keys after ``rows`` that differ from a layout's defaults."""
    d = _DEFAULTS
    lines = _mechanics(sheet)
    if sheet.lock_threshold != d.lock_threshold or sheet.lock_fields != d.lock_fields:
        lines += ["lock:", f"  threshold: {sheet.lock_threshold}"]
        if sheet.lock_fields != d.lock_fields:
            lines.append(f"  fields: {sheet.lock_fields}")
    if (sheet.penalty_boxes, sheet.penalty_points) != (d.penalty_boxes, d.penalty_points):
        lines += [
            "penalties:",
            f"  boxes: {sheet.penalty_boxes}",
            f"  points: {sheet.penalty_points}",
        ]
    if sheet.max_counted != d.max_counted or sheet.score_table is not None:
        lines += ["scoring:", f"  max_counted: {sheet.max_counted}"]
        if sheet.score_table is not None:
            lines.append(f"  table: [{', '.join(map(str, sheet.score_table))}]")
    if sheet.bonus_bar:
        lines.append(f"bonus_bar: {_flow(list(sheet.bonus_bar))}")
    if sheet.labels:
        lines.append("labels:")
        lines += [f"  {key}: {_quoted(text)}" for key, text in sheet.labels.items()]
    return lines


def _head(sheet: Layout) -> list[str]:
    """The keys before ``rows``."""
    lines = [f"name: {_word(sheet.name)}"]
    if sheet.description:
        lines.append(f"description: {_quoted(sheet.description)}")
    lines += [f"source: {_quoted(sheet.source)}", f"dice: {_flow(list(sheet.dice))}"]
    own = {
        name: hex_code for name, hex_code in sheet.colours.items() if PALETTE.get(name) != hex_code
    }
    if own:
        lines.append("colours:")
        lines += [f"  {_word(name)}: {_quoted(hex_code)}" for name, hex_code in own.items()]
    if sheet.number_range != _DEFAULTS.number_range or not sheet.each_number_once:
        low, high = sheet.number_range
        lines += ["numbers:", f"  from: {low}", f"  to: {high}"]
        lines.append(f"  each_once: {str(sheet.each_number_once).lower()}")
    return lines


def text(sheet: Layout, comments: Sequence[str]) -> str:
    """The YAML of ``sheet``, headed by :data:`MAGIC` and ``comments`` (one ``#`` line each;
    the first continues the magic line) and ending in its :data:`SEAL` line. Loading it gives
    back ``sheet`` (but its ``doc``)."""
    first, *rest = comments
    lines = [f"{MAGIC} {first}".rstrip(), *(f"# {line}".rstrip() for line in rest)]
    lines += _head(sheet)
    lines.append("rows:")
    for row in sheet.rows:
        lines += _row(row)
    lines += _settings(sheet)
    return sealed("\n".join(lines) + "\n")


def _digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:16]


def sealed(body: str) -> str:
    """``body`` (whole lines) followed by its :data:`SEAL` line."""
    return f"{body}{SEAL}{_digest(body.encode('utf-8'))}\n"


def unedited(data: bytes) -> bool:
    """Whether ``data`` (a file's bytes) is byte for byte as :func:`sealed` made it: its
    last line is the seal of all the lines before it."""
    if not data.endswith(b"\n"):
        return False
    head, _, last = data[:-1].rpartition(b"\n")
    body = head + b"\n"
    return last == f"{SEAL}{_digest(body)}".encode()
