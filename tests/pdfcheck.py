"""Reading PDFs as a printer gets them: page sizes, words with positions in mm, fonts, forms."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader

MM = 72 / 25.4


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """(width, height) in pt of every page."""
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(path).pages]


def row_sequences(path: Path, page: int = 0) -> list[tuple[list[str], list[tuple[float, float]]]]:
    """Words on ``page`` grouped into lines (same baseline), left to right, split where a gap
    wider than 10 mm separates two sheets: (texts, centres in mm from the bottom left)."""
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        height = float(p.height)
        words = p.extract_words(keep_blank_chars=False, use_text_flow=False)
    lines: dict[int, list[Any]] = {}
    for w in words:
        lines.setdefault(round(float(w["bottom"]) * 2), []).append(w)
    out = []
    for key in sorted(lines):
        run: list[Any] = []
        for w in sorted(lines[key], key=lambda w: float(w["x0"])):
            if run and float(w["x0"]) - float(run[-1]["x1"]) > 10 * MM:
                out.append(_seq(run, height))
                run = []
            run.append(w)
        out.append(_seq(run, height))
    return out


def _seq(run: list[Any], height: float) -> tuple[list[str], list[tuple[float, float]]]:
    texts = [w["text"] for w in run]
    centres = [
        (
            (float(w["x0"]) + float(w["x1"])) / 2 / MM,
            (height - (float(w["top"]) + float(w["bottom"])) / 2) / MM,
        )
        for w in run
    ]
    return texts, centres


def fonts(path: Path) -> Iterator[tuple[str, bool]]:
    """(base font name, embedded?) for every font of every page and form in the PDF."""
    seen: set[int] = set()
    for page in PdfReader(path).pages:
        yield from _fonts_in(page.get("/Resources"), seen)


def _fonts_in(resources: Any, seen: set[int]) -> Iterator[tuple[str, bool]]:
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if id(font) in seen:
            continue
        seen.add(id(font))
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        yield str(font["/BaseFont"]), embedded
    for xobject in (resources.get("/XObject") or {}).values():
        yield from _fonts_in(xobject.get_object().get("/Resources"), seen)


def form_placements(path: Path, page: int = 0) -> dict[str, int]:
    """How often each Form XObject is drawn on ``page``, following forms placed inside forms,
    by the name its placing resources give it (e.g. ``{"/FormXob.page0": 1,
    "/FormXob.sheet0": 8, ...}``)."""
    counts: dict[str, int] = {}

    def visit(content: bytes, resources: Any, times: int) -> None:
        xobjects = resources.get("/XObject") or {}
        for name, ref in xobjects.items():
            form = ref.get_object()
            placed = content.count(f"{name} Do".encode())
            if form.get("/Subtype") != "/Form" or not placed:
                continue
            counts[str(name)] = counts.get(str(name), 0) + placed * times
            visit(form.get_data(), form.get("/Resources") or {}, placed * times)

    p = PdfReader(path).pages[page]
    visit(p.get_contents().get_data(), p["/Resources"], 1)
    return counts


def forms(path: Path) -> list[str]:
    """The Form XObjects in the PDF at ``path``, one entry per object (a name twice would
    mean the same drawing is stored twice), sorted."""
    found = {}
    for p in PdfReader(path).pages:
        stack = [p["/Resources"]]
        while stack:
            for name, ref in (stack.pop().get("/XObject") or {}).items():
                if ref.get_object().get("/Subtype") == "/Form" and ref.idnum not in found:
                    found[ref.idnum] = str(name)
                    stack.append(ref.get_object().get("/Resources") or {})
    return sorted(found.values())


def colours_at(
    path: Path, points: list[tuple[float, float]], page: int = 0
) -> list[tuple[int, ...]]:
    """The (r, g, b) a printer gets at each point (x, y) in mm from the page's bottom left,
    rendered with pypdfium2 at 300 dpi."""
    import pypdfium2

    scale = 300 / 72
    pdf = pypdfium2.PdfDocument(path)
    try:
        image = pdf[page].render(scale=scale).to_pil().convert("RGB")
    finally:
        pdf.close()
    return [
        tuple(image.getpixel((round(x * MM * scale), round(image.height - y * MM * scale))))
        for x, y in points
    ]


def assert_row_reads_back(
    path: Path, sheet: Any, index: int, numbers: str, origin: tuple[float, float]
) -> None:
    """Row ``index`` of the layout ``sheet`` holds ``numbers`` (as a rule gives them, space
    separated), and the PDF at ``path`` prints them at its fields' centres on the sheet at
    ``origin`` (mm): within 0.3 mm across, 0.8 mm up (the digits' optical middle)."""
    import pytest

    from qwixx_print import geometry

    assert [str(f.number) for f in sheet.rows[index].fields] == numbers.split()
    boxes = geometry.sheet_boxes(sheet).rows[index].fields
    ox, oy = origin
    found = [c for texts, c in row_sequences(path) if texts == numbers.split()]
    assert len(found) >= 2  # at least this row on each of the two sheets side by side
    nearest = min(found, key=lambda c: abs(c[0][1] - (oy + boxes[0].cy)) + abs(c[0][0] - ox))
    for (x, y), box in zip(nearest, boxes, strict=True):
        assert x == pytest.approx(ox + box.cx, abs=0.3)
        assert y == pytest.approx(oy + box.cy, abs=0.8)
