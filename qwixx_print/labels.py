"""Printed labels: a language's defaults (``qwixx_print/lang/<code>.yaml``) under a layout's
own ``labels:``. Data only; no drawing.

English (``en.yaml``) holds every key; another language may leave keys out, and a missing key
prints in English, so a new label needs only a line in ``en.yaml`` to work everywhere."""

from __future__ import annotations

from functools import cache

from qwixx_print import packaged
from qwixx_print.choices import DEFAULT_LANG, LANGUAGES
from qwixx_print.doc import Node
from qwixx_print.errors import LayoutError
from qwixx_print.layout import Layout

__all__ = ["DEFAULT_LANG", "LANGUAGES", "for_layout", "language"]


@cache
def language(code: str) -> dict[str, str]:
    """The labels of language ``code`` (``en``) as its file gives them, without the English
    fallback; raises LayoutError for an unknown code."""
    if code not in LANGUAGES:
        raise LayoutError(f"no labels for language '{code}'")
    doc = packaged.doc("lang", code, LayoutError)
    return {key: node.text(200) for key, node in Node.root(doc, LayoutError).items()}


def for_layout(layout: Layout, lang: str = DEFAULT_LANG) -> dict[str, str]:
    """Every label key -> text for ``layout`` in ``lang``: the layout's labels win, then
    ``lang``'s file, then English for keys that file lacks.

    Raises LayoutError, located in the layout, for a label key no language knows.
    """
    known = language(DEFAULT_LANG)
    merged = {**known, **language(lang)}
    for key, text in layout.labels.items():
        if key not in known:
            raise LayoutError(
                layout.locate(("labels", key), f"unknown label '{key}' (known: {', '.join(known)})")
            )
        merged[key] = text
    return merged
