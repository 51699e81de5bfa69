"""The package's layers, and a walk of its imports that keeps to them.

`LAYERS` is the order, bottom to top, written once: a module may import its own group (kb/ imports
kb/) and any group of a lower layer; never a higher layer, never a sibling group of its own layer
(search/ and model/ do not import each other).  Inside model/, `MODEL_LAYERS` says the same of the
engine, the games and what runs them: a game never imports another game, core/ imports no game.
And no module may reach itself through its imports (no circle), inside a group or across groups.

The walk reads the source (ast), never imports it, and counts every import: at the top of a
module, inside a function (a deferred import is still a dependency, and a common way to hide a
loop) and under `if TYPE_CHECKING:` (the type is part of what a reader of the module must know;
only the interpreter skips it).  An import by name at run time (importlib.import_module: the
importers' table) is not seen.  Importing `a.b.c` also runs the `__init__` of `a.b`; that is not
counted as an import of the package's face unless a name is taken from it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tools" / "arbitre"

# Bottom to top.  A group is a module or a subpackage of arbitre ("__init__" is arbitre/__init__.py).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "errors", "paths", "text", "chromium"),  # the ground: they import nothing of ours
    ("lock",),  # one writer at a time (its error is an ArbitreError)
    ("kb",),  # entries, the two-phase loader, the knowledge base
    ("urls", "history_json"),  # where an entry lives on the site; an entry's editions as JSON
    ("permalinks", "export"),  # short links; an entry as JSON: what search and site both show
    ("importers", "model", "search"),  # source -> records; the rules model; index, query, API
    ("site",),  # the static site: pages, the browser's search index, the worked examples
    ("pipeline", "rulings_report"),  # what the maintainers' commands run
    ("edition",),  # bringing an edition in, its report and worklist (on the pipeline's import)
    ("cli",),
    ("__main__",),
)

# Inside model/: the engine, the games on it, then what loads and runs their scenarios.
MODEL_LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "core", "files"),
    ("the_spoils", "marvel_champions", "four_souls", "ashes", "altered", "render"),
    ("examples",),
    ("commands", "accounting"),
)


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, dotted
    target: str  # the imported module (or package face), dotted
    where: str  # path:line of the import


def module_names(root: Path) -> dict[str, Path]:
    """Every module of the package under `root`, by dotted name (a package by its __init__)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest dotted prefix of `name` that is a module of the package."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def imports_of(module: str, path: Path, modules: dict[str, Path], root: Path) -> list[Import]:
    """The imports of one module that land in the package, wherever they stand in the file."""
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    where = path.relative_to(root.parent).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            wanted = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            # `from a import b`: b is a submodule if the package has one, else a name of a.
            wanted = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names
            ]
        else:
            continue
        for name in dict.fromkeys(wanted):
            target = _resolve(name, modules)
            if target is not None and target != module:
                found.append(Import(module, target, f"{where}:{node.lineno}"))
    return found


def import_graph(root: Path) -> list[Import]:
    modules = module_names(root)
    return [i for m, p in modules.items() for i in imports_of(m, p, modules, root)]


def circles(graph: list[Import]) -> list[list[str]]:
    """The groups of modules that import each other in a loop (strongly connected, Tarjan)."""
    edges: dict[str, set[str]] = {}
    for i in graph:
        edges.setdefault(i.source, set()).add(i.target)
        edges.setdefault(i.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def group_of(module: str, prefix: str, layers: tuple[tuple[str, ...], ...]) -> tuple[int, str]:
    """(layer number, group) of a module under `prefix` ("arbitre", "arbitre.model")."""
    rest = module.removeprefix(prefix).lstrip(".")
    name = rest.split(".")[0] if rest else "__init__"
    for number, layer in enumerate(layers):
        if name in layer:
            return number, name
    raise LookupError(f"{module}: {name!r} has no place in the layers of {prefix}")


def layer_breaks(
    graph: list[Import], prefix: str, layers: tuple[tuple[str, ...], ...]
) -> list[str]:
    """Each import from a lower layer to a higher one, or between sibling groups of one layer."""
    breaks = []
    for i in graph:
        if not (i.source.startswith(prefix) and i.target.startswith(prefix)):
            continue
        (low, source), (high, target) = (
            group_of(i.source, prefix, layers),
            group_of(i.target, prefix, layers),
        )
        if source == target or low > high:
            continue
        how = "a higher layer" if low < high else "a sibling of its layer"
        breaks.append(f"{i.where}: {i.source} imports {i.target}: {source} -> {target} is {how}")
    return breaks


# --- the package ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph() -> list[Import]:
    return import_graph(PACKAGE)


def _describe(circle: list[str], graph: list[Import]) -> str:
    inside = [i for i in graph if i.source in circle and i.target in circle]
    return "; ".join(f"{i.where} {i.source} -> {i.target}" for i in inside)


def test_no_module_imports_itself_through_others(graph):
    assert [_describe(c, graph) for c in circles(graph)] == []


def test_every_module_has_its_place_in_the_layers(graph):
    for module in module_names(PACKAGE):
        group_of(module, "arbitre", LAYERS)
        if module.startswith("arbitre.model"):
            group_of(module, "arbitre.model", MODEL_LAYERS)


def test_no_import_runs_up_the_layers_or_across_siblings(graph):
    assert layer_breaks(graph, "arbitre", LAYERS) == []


def test_in_the_model_a_game_imports_the_engine_and_no_other_game(graph):
    model = [i for i in graph if i.source.startswith("arbitre.model.")]
    assert layer_breaks(model, "arbitre.model", MODEL_LAYERS) == []


def test_the_walk_sees_the_imports_that_matter(graph):
    """A few imports the package really has, of each kind the walk must read."""
    seen = {(i.source, i.target) for i in graph}
    assert ("arbitre.cli", "arbitre.model.commands") in seen  # inside a function
    assert ("arbitre.urls", "arbitre.kb.knowledge") in seen  # under TYPE_CHECKING
    assert ("arbitre.search.app", "arbitre") in seen  # a name of the package's face
    assert (
        "arbitre.model.the_spoils",
        "arbitre.model.the_spoils.combat",
    ) in seen  # `from a import b`


# --- the walk, on packages written for the test ------------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "demo"
    for name, text in {"__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_loop_through_a_deferred_and_a_type_checking_import_is_a_circle(tmp_path):
    root = _package(
        tmp_path,
        {
            "pages.py": "def link():\n    from demo.rulings import cards\n    return cards\n",
            "rulings.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from demo.pages import link\n"
                "def cards(): ...\n"
            ),
            "text.py": "",
        },
    )
    graph = import_graph(root)
    assert circles(graph) == [["demo.pages", "demo.rulings"]]
    assert "demo/pages.py:2 demo.pages -> demo.rulings" in _describe(circles(graph)[0], graph)


def test_a_longer_loop_and_relative_imports_are_found(tmp_path):
    root = _package(
        tmp_path,
        {
            "a.py": "from . import b\n",
            "b.py": "from .sub import c\n",
            "sub/__init__.py": "",
            "sub/c.py": "from ..a import thing\n",
        },
    )
    assert circles(import_graph(root)) == [["demo.a", "demo.b", "demo.sub.c"]]


def test_a_package_without_loops_has_no_circle(tmp_path):
    root = _package(
        tmp_path, {"low.py": "X = 1\n", "high.py": "import demo.low\nfrom demo import low\n"}
    )
    graph = import_graph(root)
    assert {(i.source, i.target) for i in graph} == {("demo.high", "demo.low")}
    assert circles(graph) == []


def test_an_import_up_the_layers_or_across_siblings_is_a_break(tmp_path):
    root = _package(
        tmp_path,
        {
            "kb.py": "from demo.site import page\n",  # up
            "search.py": "import demo.site\n",  # sibling
            "site.py": "from demo.kb import entry\nfrom demo import search\n",  # down, sibling
        },
    )
    layers = (("__init__", "kb"), ("search", "site"))
    assert layer_breaks(import_graph(root), "demo", layers) == [
        "demo/kb.py:1: demo.kb imports demo.site: kb -> site is a higher layer",
        "demo/search.py:1: demo.search imports demo.site: search -> site is a sibling of its layer",
        "demo/site.py:2: demo.site imports demo.search: site -> search is a sibling of its layer",
    ]
    with pytest.raises(LookupError, match="'site' has no place"):
        layer_breaks(import_graph(root), "demo", (("__init__", "kb"), ("search",)))
