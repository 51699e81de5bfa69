"""The site's engine.js is the engine's modules joined in one file (site/bundle.py, #23): the
same code, in dependency order, or a build error that says what it cannot join."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from arbitre.errors import ArbitreError
from arbitre.site.bundle import bundle, classic, declared
from arbitre.site.search_files import (
    ENGINE,
    PAGE_MODULES,
    SEARCH_DIR,
    WORKER_ENGINE,
    search_files,
    worker_engine,
)

from .small_kb import small_kb


def _sources() -> dict[str, str]:
    folder = resources.files("arbitre.site").joinpath("assets", "search")
    return {p.name: p.read_text("utf-8") for p in folder.iterdir() if p.name.endswith(".js")}


def test_the_site_engine_is_every_module_it_imports_dependencies_first():
    sources = _sources()
    joined = bundle(sources, ENGINE)
    order = re.findall(r"^// -- ([\w-]+\.js) -+$", joined, re.M)
    assert order[-1] == ENGINE and len(order) == len(set(order)) > 8
    # A page's module the engine joins too imports nothing: the pages load it alone.
    assert set(PAGE_MODULES) & set(order) == {"results.js"}
    assert not re.search(r"^\s*import\b", sources["results.js"], re.M)
    for i, name in enumerate(order):
        deps = re.findall(r'^import \{[^}]*\} from "\./([\w-]+\.js)";', sources[name], re.M)
        assert all(order.index(d) < i for d in deps), name
        # Each module's text is there whole, less its import lines.
        body = re.sub(
            r'^(?:import|export) \{[^}]*\} from "\./[\w-]+\.js";\n', "", sources[name], flags=re.M
        )
        assert body in joined, name
    assert not re.search(r"^import ", joined, re.M)
    files = search_files(small_kb())
    assert files[f"{SEARCH_DIR}/{ENGINE}"] == joined
    assert {k.rsplit("/", 1)[1] for k in files} == {
        *PAGE_MODULES,
        ENGINE,
        "search.css",
        "index.json",
    }


def test_what_the_bundler_cannot_join_is_an_error():
    ok = {
        "a.js": 'import { b } from "./b.js";\nexport const a = b;\n',
        "b.js": "export const b = 1;\n",
    }
    assert bundle(ok, "a.js").index("const b = 1") < bundle(ok, "a.js").index("const a = b")
    with pytest.raises(ArbitreError, match="both declare « x »"):
        bundle(
            {
                **ok,
                "b.js": "export const b = 1;\nconst x = 2;\n",
                "a.js": ok["a.js"] + "function x() {}\n",
            },
            "a.js",
        )
    with pytest.raises(ArbitreError, match="cycle"):
        bundle({**ok, "b.js": 'import { a } from "./a.js";\nexport const b = 1;\n'}, "a.js")
    with pytest.raises(ArbitreError, match="does not export it"):
        bundle({**ok, "b.js": "const b = 1;\n"}, "a.js")
    with pytest.raises(ArbitreError, match="not in the folder"):
        bundle({"a.js": 'import { c } from "./c.js";\n'}, "a.js")
    with pytest.raises(ArbitreError, match="does not read"):
        bundle({**ok, "b.js": 'export const b = 1;\nimport * as z from "./z.js";\n'}, "a.js")


def test_declared_names_are_the_top_level_ones():
    names, exported = declared(
        "export let A, B, C;\nconst d = 1, e = 2;\nexport function f() {\n  const inner = 1;\n}\n"
        "export class G extends H {}\nasync function i() {}\n"
    )
    assert names == {"A", "B", "C", "d", "f", "G", "i"} and exported == {"A", "B", "C", "f", "G"}


def test_the_worker_engine_is_the_same_code_as_a_classic_script():
    """The offline worker (a classic script) holds the engine as `ArbitreSearch`: the site's
    engine.js without its `export` keywords, in one function returning what engine.js exports
    (its re-exports too); it runs in Chromium in tests/browser/test_offline.py."""
    joined, worker = bundle(_sources(), ENGINE), worker_engine()
    assert worker.startswith(joined.split("\n// -- ", 1)[0])  # the same header
    assert f"\nconst {WORKER_ENGINE} = (() => {{\n" in worker
    assert worker.rstrip().endswith(
        "return { Engine, InvalidQuery, failureHtml, requestKey, resultsHtml, searchKey, searchRequest };\n})();"
    )
    assert not re.search(r"^\s*(?:import|export)\b", worker, re.M)
    for line in joined.splitlines():  # every line is there, less a leading `export `
        assert line.removeprefix("export ") in worker, line


def test_a_classic_script_returns_the_entry_exports_or_says_why_it_cannot():
    sources = {
        "a.js": 'import { b } from "./b.js";\nexport { c } from "./b.js";\nexport async function a() { return b; }\n',
        "b.js": "export const b = 1;\nexport class c {}\n",
    }
    script = classic(sources, "a.js", "Joined")
    assert (
        "async function a()" in script and "\nconst b = 1;" in script and "\nclass c {}" in script
    )
    assert "return { a, c };" in script
    with pytest.raises(ArbitreError, match="a classic script cannot hold"):
        classic({**sources, "a.js": sources["a.js"] + "const d = 1;\nexport { d };\n"}, "a.js", "J")
