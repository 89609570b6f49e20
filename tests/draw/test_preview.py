"""`--preview sheet.png`: one sheet as a PNG picture, drawn as the PDF draws it."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pytest
from PIL import Image

from qwixx_print import api, catalogue, geometry
from tests.conftest import Run


def test_preview_writes_one_sheet_at_12_pixels_per_mm(tmp_path: Path, run: Run) -> None:
    out = tmp_path / "sheet.png"
    result = run("classic", "--preview", str(out), "--lang", "nl")
    assert (result.exit_code, result.output) == (0, f"wrote {out}: one sheet (classic)\n")
    with Image.open(out) as image:
        assert image.format == "PNG" and image.mode == "RGB"
        assert image.size == (1152, 780)  # 96 x 65 mm
        red = geometry.sheet_boxes(catalogue.find("classic")).rows[0].band
        x = round((red.x + 0.3) * 12)  # the band's rim, left of the first field
        y = round((65 - red.cy) * 12)
        r, g, b = image.getpixel((x, y))  # type: ignore[misc]
        assert r > 200 and g < 80 and b < 80  # the red row's band, #e2231a
        corner = image.crop((0, 0, 12, 12))
        assert corner.getextrema() == ((255, 255), (255, 255), (255, 255))  # white paper
    assert not list(tmp_path.glob("*.pdf"))


def test_preview_of_two_layouts_is_refused(tmp_path: Path, run: Run) -> None:
    result = run("classic", "classic", "--preview", str(tmp_path / "x.png"))
    assert result.exit_code == 2
    assert result.output == "qwixx-print: --preview shows one layout, got 2: classic, classic\n"


def test_preview_into_a_missing_folder_is_one_line_exit_2(tmp_path: Path, run: Run) -> None:
    target = tmp_path / "nowhere" / "x.png"
    result = run("classic", "--preview", str(target))
    assert result.exit_code == 2
    assert result.output == (f"qwixx-print: {target}: the folder {target.parent} does not exist\n")


def test_preview_refuses_the_options_that_shape_the_pdf(tmp_path: Path, run: Run) -> None:
    out = tmp_path / "x.png"
    result = run("classic", "--preview", str(out), "--per-page", "1", "--paper", "letter")
    assert result.exit_code == 2
    assert result.output == (
        "qwixx-print: --preview writes one sheet as a PNG, without a PDF: --paper, --per-page "
        "do not apply (drop them, or drop --preview)\n"
    )
    assert not out.exists()
    assert run("classic", "--preview", str(out), "--lang", "de").exit_code == 0


def test_preview_says_its_resolution_so_viewers_print_it_to_scale(tmp_path: Path, run: Run) -> None:
    out = tmp_path / "sheet.png"
    assert run("classic", "--preview", str(out)).exit_code == 0
    data = out.read_bytes()
    at = data.index(b"pHYs")
    x, y, unit = struct.unpack(">IIB", data[at + 4 : at + 13])
    assert (x, y, unit) == (12000, 12000, 1)  # 12 px/mm, in metres: 304.8 dpi
    with Image.open(out) as image:
        assert image.info["dpi"] == (pytest.approx(304.8, abs=0.01),) * 2


def test_pictures_made_in_threads_at_once_call_pdfium_one_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pdfium crashes the process when two threads call it at once, even for different
    documents (pypdfium2's documentation); the web server made the print page's pictures in
    several threads and died now and then. Every pdfium call (document, page, bitmap, and
    their closing) now happens under one lock."""
    import threading
    import time

    import pypdfium2

    from qwixx_print import draw

    real = pypdfium2.PdfDocument
    active, most, lock = [0], [0], threading.Lock()

    class Watched:
        """A document whose life counts as one pdfium call from opening to closing."""

        def __init__(self, data: bytes) -> None:
            with lock:
                active[0] += 1
                most[0] = max(most[0], active[0])
            time.sleep(0.02)  # long enough for another thread to come in
            self.document = real(data)

        def __getitem__(self, k: int) -> object:
            return self.document[k]

        def close(self) -> None:
            self.document.close()
            with lock:
                active[0] -= 1

    monkeypatch.setattr(pypdfium2, "PdfDocument", Watched)
    sheet = api.checked("classic")
    outs = [io.BytesIO() for _ in range(6)]
    threads = [threading.Thread(target=draw.preview, args=(sheet, out, "en", 2.0)) for out in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert most[0] == 1
    assert all(out.getvalue().startswith(b"\x89PNG") for out in outs)
