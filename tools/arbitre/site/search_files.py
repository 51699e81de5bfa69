"""The site's search, as files of the site: the engine's ES modules and style sheet
(`site/assets/search/`) and the index of every entry (`client_index`), under assets/search/.
The site's `engine.js` is the engine's modules joined in one file (`bundle.py`, #23); the
modules the pages load themselves (load.js, page.js, header.js, results.js) are copied as they are.

The mkdocs-material theme is extended by `site/theme/` (its header's search box and the
module that drives it); `build.run_mkdocs` puts that folder ahead of the theme's templates.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.client_index import build_client_index
from arbitre.site.bundle import bundle, classic
from arbitre.site.shared import KIND_LABELS

SEARCH_DIR = "assets/search"
INDEX_FILE = f"{SEARCH_DIR}/index.json"
ASSET_SUFFIXES = (".js", ".css")
ENGINE = "engine.js"  # the engine's entry module: on the site, the whole engine in one file
# Loaded by the pages, copied as they are; results.js, which imports nothing, is joined into the
# engine too (the offline worker writes results with it).
PAGE_MODULES = ("load.js", "page.js", "header.js", "results.js")
WORKER_ENGINE = "ArbitreSearch"  # the engine's name in the offline worker (site/offline.py)


def theme_dir() -> Path:
    """The folder of template overrides (partials/header.html, main.html)."""
    return Path(str(resources.files("arbitre.site").joinpath("theme")))


@cache
def browser_sources() -> Mapping[str, str]:
    """The search's browser files (site/assets/search/): name -> text, read once a process
    (the pages' engine and the offline worker's are made from the same reading)."""
    assets = resources.files("arbitre.site").joinpath("assets", "search")
    return MappingProxyType(
        {
            item.name: item.read_text(encoding="utf-8")
            for item in assets.iterdir()
            if item.name.endswith(ASSET_SUFFIXES)
        }
    )


def worker_engine() -> str:
    """The engine as a classic script for the offline worker, which answers the pages'
    searches with the index it holds (#23): `const ArbitreSearch = {Engine, InvalidQuery, …}`,
    with what it needs to write a search link's results into the page (results.js)."""
    return classic(browser_sources(), ENGINE, WORKER_ENGINE)


def search_files(kb: KnowledgeBase) -> dict[str, str]:
    """site_src-relative path -> text, for the search's code and index."""
    files: dict[str, str] = {}
    code = browser_sources()
    for name in sorted(code):
        if name in PAGE_MODULES or name.endswith(".css"):
            files[f"{SEARCH_DIR}/{name}"] = code[name]
    files[f"{SEARCH_DIR}/{ENGINE}"] = bundle(code, ENGINE)
    index = build_client_index(kb)
    index["kind_labels"] = KIND_LABELS
    files[INDEX_FILE] = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    return files
