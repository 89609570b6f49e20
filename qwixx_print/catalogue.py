"""The catalogue of layouts: the shipped names and their aliases, :func:`find` (a shipped
name or a layout file) and :func:`checked` (found and valid), the one place every front end
and every module that loads a layout by name asks (issue 21 item 7).

It stands above ``layout``, ``rules`` and ``geometry`` (a checked layout fits its sheet)
and below everything that plays, scores, simulates, generates or draws a named layout.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from qwixx_print import geometry, packaged, rules
from qwixx_print.errors import LayoutError, closest, first_of
from qwixx_print.layout import Layout, from_doc, load


def shipped_names() -> list[str]:
    """Names of the layouts shipped in the package (``layouts/*.yaml``), sorted."""
    return packaged.names("layouts")


def _shipped(name: str) -> Layout:
    return from_doc(packaged.doc("layouts", name, LayoutError), name)


@cache
def shipped_aliases() -> dict[str, str]:
    """Every other name of a shipped layout (its ``aliases:``) -> the layout's name, e.g.
    ``kräfte`` and ``bonus-b`` -> ``kraefte`` (issue 3; RULES.md §2 names the official pads)."""
    return {alias: name for name in shipped_names() for alias in _shipped(name).aliases}


def shipped_name(name: str) -> str | None:
    """The shipped layout's name that ``name`` gives: its name or an alias, in any case and
    Unicode form (``KRAEFTE``, ``Kräfte``, ``bonus-b`` -> ``kraefte``); None when it names
    no shipped layout. Never a path: a name with ``/`` or ``.yaml`` names nothing here."""
    key = unicodedata.normalize("NFC", name).lower()
    if key in shipped_names():
        return key
    return shipped_aliases().get(key)


def did_you_mean(name: str) -> str:
    """`` (did you mean 'classic'?)`` for a near miss among shipped names and aliases (the
    CLI's and the web page's hint); ``''`` when none is near."""
    known = {_folded(known): known for known in [*shipped_aliases(), *shipped_names()]}
    near = closest(_folded(name), known, cutoff=0.7)
    return f" (did you mean '{known[near]}'?)" if near is not None else ""


_SPELLINGS = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("k", "c"))


def _folded(name: str) -> str:
    """``name`` as it sounds, for near misses: lower case, umlauts spelt out, ``k`` as
    ``c``, doubled letters single (``klasik`` and ``classic`` both ``clasic``)."""
    text = name.lower()
    for letter, spelt in _SPELLINGS:
        text = text.replace(letter, spelt)
    return re.sub(r"(.)\1+", r"\1", text)


def is_path(name_or_path: str) -> bool:
    """Whether a LAYOUT argument names a file (it has a ``/`` or ends in ``.yaml``/``.yml``)
    rather than a shipped layout."""
    return Path(name_or_path).suffix in (".yaml", ".yml") or "/" in name_or_path


def find(name_or_path: str) -> Layout:
    """A shipped layout by name (``classic``) or alias (``kräfte``, ``double-b``; any case),
    or the layout file at a path.

    A path (anything with a ``/`` or ending in ``.yaml``/``.yml``) wins over a shipped name.
    Raises :class:`LayoutError` when neither exists, naming the shipped layouts.
    """
    path = Path(name_or_path)
    if is_path(name_or_path):
        if "/" not in name_or_path and not path.exists():
            shipped = did_you_mean(path.stem).replace("(did you mean", "(did you mean the layout")
            raise LayoutError(f"{name_or_path}: no such file{shipped}")
        return load(path, name_or_path)
    key = shipped_name(name_or_path)
    if key is None:
        files = [f"{name_or_path}{end}" for end in (".yaml", ".yml")]
        here = [file for file in files if Path(file).is_file()]
        if here:  # "night" beside night.yaml: the file is meant
            raise LayoutError(f"{name_or_path}: no such layout (did you mean {here[0]}?)")
        raise LayoutError(
            f"{name_or_path}: no such layout{did_you_mean(name_or_path)} "
            f"(shipped: {', '.join(shipped_names())}; or give a .yaml path)"
        )
    return _shipped(key)


def rule_problems(sheet: Layout) -> list[rules.Problem]:
    """RULES.md §3 and the sheet's room: the checks that need no font (the labels are checked
    where they are drawn, :func:`qwixx_print.api.problems`)."""
    return rules.validate(sheet) + geometry.fit_problems(sheet)


def checked(name_or_path: str) -> Layout:
    """The layout ``name_or_path`` (shipped name or YAML path), loaded and checked against
    the rules (RULES.md §3) and the sheet's room. Its labels are checked where they are
    drawn: rendering refuses a label that does not fit, located like these problems.

    Raises LayoutError with the first problem (and how many more) when it is not valid.
    """
    sheet = find(name_or_path)
    found = rule_problems(sheet)
    if found:
        raise LayoutError(first_of([sheet.locate(p.place, p.message) for p in found]))
    return sheet
