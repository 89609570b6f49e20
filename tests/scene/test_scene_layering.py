"""The layers: the scene (looks, shapes, font metrics) imports neither reportlab nor Flask,
and the web page counts a whole game, phone sheets drawn, without loading reportlab (the PDF
painter's library), each proven in a fresh Python process."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def loaded_after(code: str) -> set[str]:
    """The top-level modules a fresh Python has loaded after running ``code``."""
    script = code + "\nimport sys\nprint(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_the_scene_imports_neither_reportlab_nor_flask() -> None:
    loaded = loaded_after(
        "from qwixx_print import catalogue, geometry\n"
        "from qwixx_print.scene import fonts, hints, looks, palette, shapes\n"
        "sheet = catalogue.find('kraefte')\n"
        "boxes = geometry.sheet_boxes(sheet)\n"
        "assert fonts.fit_size('Penalties', boxes.penalty_label, 5.5) > 4\n"
        "assert shapes.field_corner(boxes.rows[0].fields[0]).w > 0\n"
        "assert shapes.name_misfit(sheet, 'Ann') is None\n"
        "assert hints.header_hints(sheet, {'power_hint': 'p', 'lock_after': 'x'})\n"
    )
    assert "qwixx_print" in loaded and "fontTools" not in loaded  # metrics stored
    assert "reportlab" not in loaded and "flask" not in loaded


def test_a_game_counted_on_the_web_page_never_loads_reportlab() -> None:
    loaded = loaded_after(
        "import tempfile, pathlib\n"
        "from qwixx_print.web import create_app\n"
        "folder = pathlib.Path(tempfile.mkdtemp())\n"
        "client = create_app(folder / 'web.sqlite3').test_client()\n"
        "game = client.post('/api/games', json={'layout': 'big-points', 'players': ['Ann', 'Bo']})\n"
        "assert game.status_code == 201, game.get_json()\n"
        "g = game.get_json()\n"
        "page = client.get(f\"/games/{g['game']}/{g['tokens']['Ann']}\")\n"
        "assert page.status_code == 200 and b'<svg' in page.data\n"
        "move = {'kind': 'penalty'}\n"
        "done = client.post(f\"/api/games/{g['game']}/{g['tokens']['Ann']}/moves\", json=move)\n"
        "assert done.status_code < 300, done.get_json()\n"
        "board = client.get(f\"/games/{g['game']}/{g['tokens']['Ann']}/board\")\n"
        "assert board.status_code == 200 and b'data-crossed=\"true\"' in board.data\n"
        "import shutil; shutil.rmtree(folder)\n"
    )
    assert "flask" in loaded and "qwixx_print" in loaded
    assert "reportlab" not in loaded
