"""The HTTP app: the JSON API under /api/, permalinks under /r/, and the built site at /.

An ASGI app served by uvicorn (`search/server.py`), in one process or several workers.  The API
answers with the same JSON as the CLI (`run_search`, `entry_view`, `diff_json`).  An id an
earlier edition gave is answered too: a 302 to the entry's current id, or the entry an edition
removed, as it last stood, marked `retired`.  Every error of the API, whatever layer raises it,
is JSON of one shape, {"error": message}: 400 for a parameter (named, with the reason), 404 for
an unknown id, game, edition or path, 405 with `Allow`, 503 while no index can be served, 500
for a bug.  Searches run in a thread pool, off the event loop, at most
SEARCH_THREADS at a time; the index generation is swapped without a restart (`search/live.py`).
GET and HEAD /api/search are answered ahead of FastAPI's stack, with the same bytes
(`search/endpoint.py`).  The routes are in `api_routes.py` and `site_routes.py`, the error
handlers in `handlers.py`; `create_app` puts them together.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from arbitre import __version__
from arbitre.errors import ArbitreError
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.lock import writing
from arbitre.paths import ProjectPaths, find_root
from arbitre.search.api_routes import add_api_routes, add_docs
from arbitre.search.endpoint import ArbitreApp, SearchEndpoint
from arbitre.search.handlers import add_error_handlers
from arbitre.search.indexer import build_index
from arbitre.search.live import LiveIndex
from arbitre.search.service import index_problem
from arbitre.search.site_routes import ShortLinks, add_permalinks, add_site
from arbitre.search.web import HttpHeaders, site_csp

log = logging.getLogger("arbitre.search.app")
RESULT_CACHE = 2048  # rendered /api/search answers kept per index generation


def ensure_index(paths: ProjectPaths, kb: KnowledgeBase) -> None:
    """Build the index when it is missing, stale or of another format, so `serve` answers
    fresh results.  A damaged index is left alone: `serve` reports it (see `server.py`)."""
    problem = index_problem(paths)
    if problem and "is damaged" not in problem:
        log.warning("%s -- rebuilding the index now", problem)
        with writing(paths.root, "arbitre serve (index rebuild)", wait=600):
            build_index(kb, paths.index, root=paths.root)


def create_app(
    paths: ProjectPaths, kb: KnowledgeBase | None = None, result_cache: int = RESULT_CACHE
) -> FastAPI:
    """The app for one project.  Loads the knowledge base and opens the index once; picks up
    a newer index generation while it runs.

    `result_cache`: how many rendered search answers to keep per generation (0: none).
    """
    reload_kb = None if kb is not None else (lambda: load_kb(paths))
    kb = kb if kb is not None else load_kb(paths)
    ensure_index(paths, kb)
    index = LiveIndex(paths, kb, result_cache, load_kb=reload_kb)
    if index.problem:
        log.error("%s", index.problem)
    endpoint = SearchEndpoint(index)
    csp = _SiteCsp(paths.site)
    app = ArbitreApp(
        title="Arbitre",
        version=__version__,
        description="Règles de jeux de cartes en français : recherche, entrées, permaliens.",
        docs_url=None,
        redoc_url=None,
    )
    # Registered in this order: starlette tries the routes in turn, the site at / last.
    add_error_handlers(app, csp)
    links = ShortLinks(index)  # the permalink index of the knowledge base now served
    add_api_routes(app, index, endpoint, links, [g.id for g in kb.games])
    add_permalinks(app, links, paths.site)
    add_docs(app)
    add_site(app, paths.site)
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=6)
    app.add_middleware(HttpHeaders, csp=csp)
    app.state.index = index
    app.search_endpoint = endpoint
    return app


class _SiteCsp:
    """The site's Content-Security-Policy, recomputed when its home page is rebuilt."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self._stamp: float | None = None
        self._value = ""

    def __call__(self) -> str:
        try:
            stamp = (self.site / "index.html").stat().st_mtime
        except OSError:
            stamp = None
        if stamp != self._stamp or not self._value:
            self._value, self._stamp = site_csp(self.site), stamp
        return self._value


def app_from_env() -> FastAPI:
    """The app for the project named by $ARBITRE_ROOT: what each worker process of a
    multi-worker server builds (uvicorn imports it by name)."""
    return create_app(ProjectPaths(find_root()), result_cache=_result_cache_size())


def _result_cache_size() -> int:
    """$ARBITRE_RESULT_CACHE (0 turns the cache off, as the benchmark does), else RESULT_CACHE."""
    raw = os.environ.get("ARBITRE_RESULT_CACHE", "")
    try:
        return max(0, int(raw)) if raw else RESULT_CACHE
    except ValueError:
        raise ArbitreError(f"ARBITRE_RESULT_CACHE must be an integer, got {raw!r}") from None
