"""No module of the package imports a layer above its own (issue 21 item 7).

The layers are those of README.md, "How it is built", lowest first; every import counts, at
the top of a module, inside a function or only for type checking, read from the source with
``ast`` (nothing is imported).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "qwixx_print"

LAYERS = (
    # reading files and saying what is wrong: strict YAML, the stored parses, the options
    ("errors", "output", "folders", "doc", "yamldoc", "packaged", "choices"),
    ("layout", "labels"),  # the frozen dataclasses of a sheet, its labels
    ("rules",),  # validation and scoring
    ("geometry", "dealing", "compiled"),  # boxes in mm; which sheet goes where; play's facts
    ("catalogue",),  # the shipped layouts, find and checked
    ("scene",),  # how a sheet looks, for the PDF and the phone alike: no reportlab, no Flask
    ("marks", "play"),  # marks files; the move-by-move engine and its logs
    ("sim",),  # bots, the kernel, the report: stands on play
    ("generate",),  # stands on sim and rules
    ("plan",),  # the page plan: which sheet (blank, own, filled-in) in which slot of which page
    ("draw",),  # the only module importing reportlab
    ("api",),  # the operations behind the front ends
    ("cli", "web"),  # the front ends
    ("__main__",),  # python -m qwixx_print
)
"""Top-level modules and packages of ``qwixx_print``, by layer, lowest first."""

ENTRY = {"cli": {"__main__"}, "web": {"cli"}, "api": {"cli", "web"}}
"""Who alone may import each of these: the command line is started by ``__main__``, the web
server by the command line's ``serve``; ``api`` serves only the two front ends."""


def unit(module: str) -> str:
    """The top-level module or package of ``qwixx_print.a.b`` (``a``; ``""`` for the package
    itself, whose ``__init__`` holds only the version)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def module_of(path: Path) -> str:
    """The dotted name of the source file ``path`` of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (``from qwixx_print import a`` imports
    ``qwixx_print.a``), anywhere in its source."""
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        names = found.setdefault(module_of(path), set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {a.name for a in node.names if a.name.startswith("qwixx_print")}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("qwixx_print"):
                assert node.module is not None and node.level == 0
                names.add(node.module)
                if node.module == "qwixx_print":
                    names |= {f"qwixx_print.{a.name}" for a in node.names}
    return found


def rank() -> dict[str, int]:
    """Top-level unit -> its layer (the package itself is the lowest)."""
    ranks = {name: k for k, layer in enumerate(LAYERS) for name in layer}
    return {"": 0, **ranks}


def upward(graph: Mapping[str, set[str]]) -> list[str]:
    """The imports of ``graph`` that run up the layers or break :data:`ENTRY`, one line
    each."""
    ranks, found = rank(), []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            src, dst = unit(module), unit(target)
            if src == dst:
                continue
            if ranks[dst] > ranks[src]:
                found.append(f"{module} imports {target}, a layer above it")
            if dst in ENTRY and src not in ENTRY[dst]:
                only = " and ".join(sorted(ENTRY[dst]))
                found.append(f"{module} imports {target}, which only {only} may")
    return found


def test_every_module_of_the_package_has_a_layer() -> None:
    units = {unit(module) for module in imports()}
    assert units - set(rank()) == set()
    listed = [name for layer in LAYERS for name in layer]
    assert len(listed) == len(set(listed)), "a unit in two layers"
    assert "catalogue" in units and "compiled" in units


def test_no_module_imports_a_layer_above_it() -> None:
    assert upward(imports()) == []


CORE = ("layout", "rules", "compiled", "geometry", "scene", "play")
"""What the engine, the kernel and both drawings stand on, lowest first (issue 21): each
imports nothing above it, so none imports the simulator, the generator, the page plan, the
PDF, ``api`` or a front end."""

ABOVE_CORE = ("sim", "generate", "plan", "draw", "api", "cli", "web", "__main__")


def test_the_core_imports_nothing_above_it_and_only_the_entries_import_the_front_ends() -> None:
    """Issue 21's "no import runs back up", said for its units by name, so that it holds
    even if :data:`LAYERS` were reordered: ``layout`` < ``rules`` < ``compiled`` and
    ``geometry`` < ``scene`` < ``play`` < all of :data:`ABOVE_CORE`; no module of the core
    imports one of those; ``cli`` is imported only by ``__main__``, ``web`` only by ``cli``
    (``serve``)."""
    ranks, graph = rank(), imports()
    layout, rules, compiled, geometry, scene, play = (ranks[name] for name in CORE)
    assert layout < rules < compiled == geometry < scene < play
    assert play < min(ranks[name] for name in ABOVE_CORE)
    found = [
        f"{module} imports {target}"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if unit(module) in CORE and unit(target) in ABOVE_CORE
    ]
    assert found == []
    front = {"cli": set(), "web": set()}
    for module, targets in graph.items():
        for target in targets:
            if unit(target) in front and unit(module) != unit(target):
                front[unit(target)].add(unit(module))
    assert front == {"cli": {"__main__"}, "web": {"cli"}}


def test_the_check_finds_an_import_running_back_up() -> None:
    """What the simulator did before the catalogue: ``sim.simulate`` importing ``api`` in a
    function to load classic; and the engine importing the drawing."""
    graph = {
        "qwixx_print.sim.simulate": {"qwixx_print.api", "qwixx_print.sim.run"},
        "qwixx_print.play.sheet": {"qwixx_print.draw.marks", "qwixx_print.rules"},
    }
    assert upward(graph) == [
        "qwixx_print.play.sheet imports qwixx_print.draw.marks, a layer above it",
        "qwixx_print.sim.simulate imports qwixx_print.api, a layer above it",
        "qwixx_print.sim.simulate imports qwixx_print.api, which only cli and web may",
    ]


def test_the_sources_import_what_the_layers_list() -> None:
    """The walk sees function-level imports: ``cli`` starts the web server in ``serve``."""
    graph = imports()
    assert "qwixx_print.web.server" in graph["qwixx_print.cli.games"]
    assert "qwixx_print.catalogue" in graph["qwixx_print.sim.simulate"]


def test_no_two_modules_of_the_package_share_a_name() -> None:
    """The brief's naming rule: ``play/state.py`` and ``sim/state.py`` (two branches of one
    round) would both be called ``state``; each module name (a package's ``__init__`` aside)
    names one module."""
    seen: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if path.name != "__init__.py":
            seen.setdefault(path.stem, []).append(module_of(path))
    assert {name: sorted(mods) for name, mods in seen.items() if len(mods) > 1} == {}
