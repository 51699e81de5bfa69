"""The HTTP app: the JSON API under /api/, permalinks under /r/, and the built site at /.

An ASGI app served by uvicorn, in one process or several workers.  The API answers with the same JSON as the CLI (`run_search`,
`entry_view`).  Every parameter error is a 400 with {"error": message}; an unknown id is a
404 with the same shape; nothing a client sends can produce a 422 or a 500.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbitre import __version__
from arbitre.errors import ArbitreError, IndexMissing
from arbitre.export import entry_view
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths, find_root
from arbitre.search.indexer import build_index
from arbitre.search.query import InvalidQuery
from arbitre.search.service import index_problem, open_searcher
from arbitre.site.permalinks import PermalinkIndex, choice_html
from arbitre.site.urls import entry_url

log = logging.getLogger("arbitre.search.app")
MAX_LIMIT = 100
RESULT_CACHE = 2048  # rendered /api/search answers kept per app (the index never changes under it)

NO_SITE = """<!doctype html>
<html lang="fr"><meta charset="utf-8"><title>Arbitre</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Arbitre</h1>
<p>Le site n'est pas construit : lancez <code>arbitre build</code> (ou <code>make serve</code>),
puis rechargez cette page.</p>
<p>The site is not built yet: run <code>arbitre build</code>. The API works already:
<a href="/api/health">/api/health</a>, <a href="/api/search?q=attaque">/api/search?q=attaque</a>,
<a href="/docs">/docs</a>.</p>
</body></html>
"""

NOT_FOUND = """<!doctype html>
<html lang="fr"><meta charset="utf-8"><title>Page introuvable — Arbitre</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Page introuvable</h1>
<p>Aucune entrée ne porte cet identifiant. <a href="/recherche/">Chercher une règle</a>.</p>
</body></html>
"""


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _int_param(request: Request, name: str, default: int, low: int, high: int | None) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise InvalidQuery(f"parameter {name!r} must be an integer, got {raw!r}") from None
    if value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise InvalidQuery(f"parameter {name!r} must be {bounds}, got {value}")
    return value


def ensure_index(paths: ProjectPaths, kb: KnowledgeBase) -> None:
    """Build the index when it is missing or stale, so `serve` always answers fresh results."""
    problem = index_problem(paths)
    if problem:
        log.warning("%s -- rebuilding the index now", problem)
        build_index(kb, paths.index, root=paths.root)


def create_app(
    paths: ProjectPaths, kb: KnowledgeBase | None = None, result_cache: int = RESULT_CACHE
) -> FastAPI:
    """The app for one project.  Loads the knowledge base and opens the index once.

    `result_cache`: how many rendered search answers to keep (0: none).  One app serves one
    index generation, so an answer never goes stale while the app runs.
    """
    kb = kb if kb is not None else load_kb(paths)
    ensure_index(paths, kb)
    searcher = open_searcher(paths)
    searcher.warm()

    def render_search(q: str, game: str | None, kind: str | None, size: int, start: int) -> bytes:
        result = searcher.search(q, game=game, kind=kind, limit=size, offset=start)
        # The bytes JSONResponse would send, rendered once per distinct request.
        return json.dumps(
            result, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
        ).encode("utf-8")

    if result_cache:
        render_search = lru_cache(maxsize=result_cache)(render_search)
    app = FastAPI(
        title="Arbitre",
        version=__version__,
        description="Règles de jeux de cartes en français : recherche, entrées, permaliens.",
    )

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        details = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        return _error(400, f"invalid request: {details}")

    @app.exception_handler(InvalidQuery)
    async def invalid_query(_request: Request, exc: InvalidQuery) -> JSONResponse:
        return _error(400, exc.message)

    @app.exception_handler(IndexMissing)
    async def index_missing(_request: Request, exc: IndexMissing) -> JSONResponse:
        return _error(503, exc.message)

    @app.exception_handler(ArbitreError)
    async def arbitre_error(_request: Request, exc: ArbitreError) -> JSONResponse:
        return _error(400, exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.get("/api/search", summary="Search every game's rules, FAQ and glossary")
    async def api_search(
        request: Request,
        q: str = "",
        game: str | None = None,
        kind: str | None = None,
        limit: str | None = None,
        offset: str | None = None,
    ) -> Response:
        """`q`: words, a rule number (« 609.1f », « règle 408 »), an English term; inline
        `game:` and `kind:` filters work too.  `limit` 1–100 (default 10), `offset` ≥ 0."""
        # Runs on the event loop: a search takes a few milliseconds of CPU, less than a hop
        # to the thread pool costs, and the GIL would serialise the threads anyway.
        size = _int_param(request, "limit", 10, 1, MAX_LIMIT)
        start = _int_param(request, "offset", 0, 0, 10_000)
        body = render_search(q, game or None, kind or None, size, start)
        return Response(body, media_type="application/json")

    @app.get(
        "/api/entries/{entry_id:path}",
        summary="One entry, with the entries citing it and its children",
    )
    def api_entry(entry_id: str) -> JSONResponse:
        if kb.get(entry_id) is None:
            return _error(404, f"no entry {entry_id!r}")
        return JSONResponse(entry_view(kb, entry_id))

    @app.get("/api/health", summary="Liveness, entry count and index fingerprint")
    def api_health() -> dict[str, Any]:
        return {
            "status": "ok",
            "version": __version__,
            "entries": len(kb.entries),
            "games": [g.id for g in kb.games],
            "index": {
                "fingerprint": searcher.fingerprint,
                "entries": searcher.entry_count,
                "built": searcher.meta.get("built"),
            },
        }

    short_links = PermalinkIndex(kb)

    @app.get("/r/{entry_id:path}", summary="Permalink: redirects to the entry on the site")
    def permalink(entry_id: str) -> Any:
        # The same answers as the static copy's r/ pages (site/permalinks.py): any case, a
        # number without its game, a choice page, and a French « page introuvable », not JSON.
        entries = short_links.resolve(entry_id)
        if len(entries) == 1:
            return RedirectResponse(entry_url(entries[0], kb), status_code=302)
        if entries:
            return HTMLResponse(choice_html(kb, entry_id, entries, lambda e: entry_url(e, kb)))
        not_found = paths.site / "404.html"
        page = not_found.read_text(encoding="utf-8") if not_found.is_file() else NOT_FOUND
        return HTMLResponse(page, status_code=404)

    site: Path = paths.site
    if (site / "index.html").is_file():
        app.mount("/", StaticFiles(directory=site, html=True), name="site")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        def no_site() -> HTMLResponse:
            return HTMLResponse(NO_SITE, status_code=503)

    return app


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


def serve(paths: ProjectPaths, host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Run the app under uvicorn until interrupted.

    With one worker the app runs in this process.  With several, each is a process of its own
    with its own copy of the knowledge base and index caches (a search holds the GIL for a few
    milliseconds, so one process serves one search at a time); the index is checked and, if
    stale, rebuilt here first, so that the workers do not race to rebuild it.
    """
    import uvicorn

    cache = _result_cache_size()
    if workers <= 1:
        app = create_app(paths, result_cache=cache)
        uvicorn.run(app, host=host, port=port, log_level="info", access_log=False)
        return
    from uvicorn.supervisors import Multiprocess

    ensure_index(paths, load_kb(paths))
    os.environ["ARBITRE_ROOT"] = str(paths.root)  # inherited by the workers
    config = uvicorn.Config(
        "arbitre.search.app:app_from_env",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="info",
        access_log=False,
    )
    # What uvicorn.run does for several workers, plus TCP_NODELAY on the shared socket: uvicorn
    # binds it with protocol 0, so asyncio never sets TCP_NODELAY on the connections it accepts,
    # and each response then waits ~40 ms for a delayed ACK (Nagle).  Linux passes the option
    # on from the listening socket to the accepted ones.
    sock = config.bind_socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    Multiprocess(config, sockets=[sock]).run()
