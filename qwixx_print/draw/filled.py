"""Filled-in sheets for teaching the scoring (``qwixx-print score --out``): the blank sheet of
:func:`qwixx_print.draw.blank.draw_sheet`, one per player, with a pen cross on every crossed
field, small box, link square (Connect 15), value track field (Lucky 15) and penalty box,
the struck locks, the row points, penalty points (and the track's points) and total
written into the total line, and the player's name and power effects on the title line.

Positions come from :func:`qwixx_print.geometry.sheet_boxes`, so a cross lands on the field of
its number. Sheets are imposed as printed sheets are (8 per page unless asked otherwise).
"""

from __future__ import annotations

from dataclasses import replace
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from qwixx_print import geometry, labels, plan, rules
from qwixx_print.choices import DEFAULT_LANG
from qwixx_print.draw import check, pads, paint, write
from qwixx_print.errors import MarksError
from qwixx_print.geometry import Box
from qwixx_print.layout import Layout
from qwixx_print.marks import Player, ScoredGame
from qwixx_print.scene import build, header, padmarks, shapes


def _effects(sheet: rules.SheetScore) -> tuple[str, str]:
    """What the end powers add to the total line's sum, in full
    (``powers +26: weakest-double (blue) +3, plus-13 +13, no-penalties +10``) and short
    (``powers +26``); both empty without them."""
    parts = [
        f"{e.power}{f' ({e.row})' if e.row else ''} +{e.points}" for e in sheet.powers if e.points
    ]
    if not parts:
        return "", ""
    short = f"powers +{sum(e.points for e in sheet.powers)}"
    return f"{short}: {', '.join(parts)}", short


def _marks(
    layout: Layout, crosses: rules.Crosses, sheet: rules.SheetScore, player: Player
) -> build.Marks:
    """The scene's marks of a ``player``'s sheet of ``layout`` (their ``crosses``, scored
    ``sheet``): the crossed fields, small boxes, link squares and value track fields, the
    locks, the penalties, the bonus bar's fields earned and struck (known from a game's log
    only) and the points written in the total line (a box for each of
    :func:`qwixx_print.rules.total_parts`: the power points, the framed group's, the value
    track's, where the sheet has them)."""
    written = [str(s.points) for s in sheet.rows.values()] + [str(sheet.penalty_points)]
    written += [str(sheet.part_points(part)) for part in rules.total_parts(layout)]
    written.append(str(sheet.total))
    locked = {rid for rid, s in sheet.rows.items() if s.locked}
    return build.Marks(
        crosses.fields,
        crosses.again,
        locked,
        penalties=sheet.penalties,
        written=written,
        squares=crosses.squares,
        track=crosses.track,
        bonus=crosses.bonus,
        diamonds=crosses.diamonds,
        bar_earned=player.bar_earned,
        bar_struck=player.bar_struck,
    )


def _fill(
    c: Canvas,
    layout: Layout,
    player: Player,
    sheet: rules.SheetScore,
    boxes: geometry.SheetBoxes,
    title: str,
) -> None:
    crosses = rules.crosses_of(layout, player)  # scored already: no rule is broken
    marks = _marks(layout, crosses, sheet, player)
    pen = build.pen_marks(layout, boxes, replace(marks, track=frozenset()))
    paint.items(c, pen + build.bar_marks(layout, boxes, marks))
    pads.own(c, layout, boxes)  # the player's own sheet: its slip's links, lucky numbers
    paint.items(c, padmarks.crossed(layout, boxes, marks))
    paint.items(c, build.track_crosses(boxes, marks))  # over the marks of §4, as ever
    paint.items(c, build.written(boxes, marks))
    name_box, name = header.name(player.name, boxes, title)
    paint.items(c, name)
    room = effects_box(layout, boxes, title, name_box)
    paint.items(c, header.effects(_effects(sheet), room))


def _clear_of(box: Box, obstacles: list[Box]) -> Box:
    """``box`` with its bottom raised above every obstacle that reaches into it."""
    bottom = box.y
    for other in obstacles:
        if other.x < box.right and other.right > box.x and other.y < box.top:
            bottom = max(bottom, other.top)
    return Box(box.x, bottom, box.w, max(box.top - bottom, 0.0))


def effects_box(layout: Layout, boxes: geometry.SheetBoxes, title: str, name_box: Box) -> Box:
    """The power effects' own box on the title line, mm: from 2 mm right of the printed
    ``title`` to 1.5 mm left of the name, above every power badge that reaches into it."""
    left = shapes.title_end(boxes.title, title) + 2.0
    room = Box(left, boxes.title.y, max(name_box.x - 1.5 - left, 0.0), boxes.title.h)
    return _clear_of(room, shapes.badge_boxes(layout, boxes))


def check_names(game: ScoredGame, lang: str = DEFAULT_LANG) -> None:
    """Refuse a player's name that the filled-in sheet (labels in ``lang``) cannot print
    (:func:`qwixx_print.scene.shapes.name_misfit`). ``score`` checks this with or without
    ``--out``, so a name is accepted or refused alike. Raises MarksError located at the
    player's name."""
    for player in game.marks.players:
        misfit = shapes.name_misfit(game.marks.layout, player.name, lang)
        if misfit is not None:
            where = (*player.place, "name")
            raise MarksError(game.marks.doc.message(where, misfit.message()))


def draw_filled(
    c: Canvas, layout: Layout, player: Player, sheet: rules.SheetScore, lang: str = DEFAULT_LANG
) -> None:
    """Draw ``player``'s filled-in sheet of ``layout`` (scored ``sheet``, labels in ``lang``)
    with its lower-left corner at the current origin, as :func:`render` places each: the
    blank sheet without the rules hint, then the player's own values and pen marks."""
    check.draw_checked(c, layout, lang, rules_hint=False, own=False)
    boxes = geometry.sheet_boxes(layout)
    title = labels.for_layout(layout, lang)["title"]
    _fill(c, player.sheet(layout), player, sheet, boxes, title)


def draw_marks(
    c: Canvas, layout: Layout, marks: plan.FilledIn, boxes: geometry.SheetBoxes, lang: str
) -> None:
    """Draw a player's filled-in ``marks`` over the blank of ``layout`` (labels in ``lang``,
    ``boxes`` its boxes) in mm of one sheet: crosses, points, name and power effects on the
    player's own sheet. Raises LayoutError for a name the font cannot print."""
    title = labels.for_layout(layout, lang)["title"]
    _fill(c, marks.sheet, marks.player, marks.score, boxes, title)


def render(
    game: ScoredGame,
    out: BinaryIO,
    paper: str = "a4",
    per_page: int = 8,
    lang: str = DEFAULT_LANG,
) -> None:
    """Write the filled-in sheets of ``game`` (one per player, in file order) as a PDF to the
    binary stream ``out``, ``per_page`` per ``paper`` page with cut marks, labels in ``lang``,
    imposed as printed sheets are: the plan of :func:`qwixx_print.plan.filled_in` drawn by
    :func:`qwixx_print.draw.write`.

    Raises ValueError for an unknown paper or count, LayoutError for bad labels and
    MarksError, located at the player, for a name the font cannot print.
    """
    check_names(game, lang)
    write(plan.filled_in(game, per_page), out, paper, lang)
