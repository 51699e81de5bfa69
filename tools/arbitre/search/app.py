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
(`search/endpoint.py`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from arbitre import __version__
from arbitre.errors import ArbitreError, IndexMissing, NotFound
from arbitre.export import entry_view
from arbitre.history_json import retired_view
from arbitre.kb.diffs import diff_json
from arbitre.kb.entry import KINDS
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.lock import writing
from arbitre.paths import ProjectPaths, find_root
from arbitre.permalinks import PermalinkIndex, choice_html
from arbitre.search.endpoint import MAX_LIMIT, MAX_OFFSET, ArbitreApp, SearchEndpoint
from arbitre.search.indexer import build_index
from arbitre.search.live import LiveIndex
from arbitre.search.service import index_problem
from arbitre.search.web import (
    HttpHeaders,
    cache_control,
    docs_page,
    finish_openapi,
    security_headers,
    site_csp,
)
from arbitre.urls import WEB_MANIFEST, entry_url, retired_url

log = logging.getLogger("arbitre.search.app")
MAX_QUERY = 500  # characters, as `parse_query` enforces
RESULT_CACHE = 2048  # rendered /api/search answers kept per index generation

NO_SITE = """<!doctype html>
<html lang="fr"><meta charset="utf-8"><title>Arbitre</title>
<body>
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


def _error(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def ensure_index(paths: ProjectPaths, kb: KnowledgeBase) -> None:
    """Build the index when it is missing, stale or of another format, so `serve` answers
    fresh results.  A damaged index is left alone: `serve` reports it (see `server.py`)."""
    problem = index_problem(paths)
    if problem and "is damaged" not in problem:
        log.warning("%s -- rebuilding the index now", problem)
        with writing(paths.root, "arbitre serve (index rebuild)", wait=600):
            build_index(kb, paths.index, root=paths.root)


def _search_parameters(games: list[str]) -> list[dict[str, Any]]:
    """/api/search's query parameters as the OpenAPI document declares them (the handler reads
    them itself, so that every mistake is a 400 naming the parameter)."""

    def param(
        name: str, schema: dict[str, Any], description: str, required: bool = False
    ) -> dict[str, Any]:
        return {
            "name": name,
            "in": "query",
            "required": required,
            "schema": schema,
            "description": description,
        }

    return [
        param(
            "q",
            {"type": "string", "minLength": 1, "maxLength": MAX_QUERY, "pattern": r"\S"},
            "words, a rule number (« 609.1f », « règle 408 »), an English term",
            required=True,
        ),
        param("game", {"type": "string", "enum": games}, "only this game"),
        param("kind", {"type": "string", "enum": list(KINDS)}, "only this kind of entry"),
        param(
            "limit",
            {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 10},
            "hits per page",
        ),
        param(
            "offset",
            {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0},
            "hits to skip",
        ),
    ]


SEARCH_RESULT = {
    "type": "object",
    "required": ["query", "total", "hits", "suggestion", "replacements", "language"],
    "properties": {
        "query": {"type": "string"},
        "total": {"type": "integer", "minimum": 0},
        "hits": {"type": "array", "items": {"type": "object"}},
        "suggestion": {
            "type": ["string", "null"],
            "description": "the query as typed with its corrected words replaced, or null",
        },
        "language": {
            "type": "string",
            "enum": ["fr", "en"],
            "description": "the language the query was read in (en: through the English terms)",
        },
        "replacements": {
            "type": "array",
            "description": "each corrected word: as typed, and what the suggestion puts instead",
            "items": {
                "type": "object",
                "required": ["typed", "suggested"],
                "properties": {"typed": {"type": "string"}, "suggested": {"type": "string"}},
            },
        },
    },
}
DIFF_RESULT = {
    "type": "object",
    "required": ["game", "from", "to", "counts", "changes", "renumbered"],
    "properties": {
        "game": {"type": "string"},
        "from": {"type": ["string", "null"]},
        "to": {"type": "string"},
        "counts": {"type": "object"},
        "changes": {"type": "array", "items": {"type": "object"}},
        "renumbered": {"type": "array", "items": {"type": "object"}},
    },
}
# A version as `arbitre edition add` takes it, or nothing (the default edition).
VERSION_PARAM = {"type": "string", "pattern": r"^([0-9A-Za-z][0-9A-Za-z.\-]{0,31})?$"}
ERRORS = {
    "/api/search": {
        "400": "a parameter is missing, malformed or out of range (the message names it)",
        "503": "no search index can be served (the message says why and how to rebuild it)",
    },
    "/api/entries/{entry_id}": {"404": "no entry has this id, today or in an earlier edition"},
    "/api/diff/{game}": {
        "400": "`from` is a newer edition than `to`",
        "404": "no such game, no editions record for it, or no such edition",
    },
    "/api/health": {"503": "no search index can be served (the message says why)"},
}


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

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        details = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        return _error(400, f"invalid request: {details}")

    @app.exception_handler(IndexMissing)
    async def index_missing(_request: Request, exc: IndexMissing) -> JSONResponse:
        return _error(503, exc.message, {"Retry-After": "30"})

    @app.exception_handler(NotFound)  # an unknown game or edition (kb/diffs.py)
    async def not_found(_request: Request, exc: NotFound) -> JSONResponse:
        return _error(404, exc.message)

    @app.exception_handler(ArbitreError)  # InvalidQuery and any other user-facing error
    async def arbitre_error(_request: Request, exc: ArbitreError) -> JSONResponse:
        return _error(400, exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail), exc.headers)

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        # Sent by starlette from outside the middlewares: HttpHeaders' headers given here.
        path = request.url.path
        headers = {"Cache-Control": cache_control(path, 500), **security_headers(path, csp)}
        message = f"internal error ({type(exc).__name__}); the server log has details"
        return _error(500, message, headers)

    @app.get(
        "/api/search",
        summary="Search every game's rules, FAQ and glossary",
        responses={
            200: {"description": "hits", "content": {"application/json": {"schema": SEARCH_RESULT}}}
        },
        openapi_extra={"parameters": _search_parameters([g.id for g in kb.games])},
    )
    async def api_search(request: Request) -> Response:
        """`q`: words, a rule number (« 609.1f », « règle 408 »), an English term; inline
        `game:` and `kind:` filters work too.  `limit` 1–100 (default 10), `offset` 0–10000."""
        # GET and HEAD are answered by `endpoint` ahead of this route (`ArbitreApp`), with the
        # same bytes; the route declares the operation for the OpenAPI document.
        body, _packed = await endpoint.search(request.query_params)
        return Response(body, media_type="application/json")

    short_links: dict[str, Any] = {}  # the permalink index of the knowledge base now served

    def links() -> tuple[KnowledgeBase, PermalinkIndex]:
        current = index.knowledge()
        if short_links.get("kb") is not current:
            short_links.update(kb=current, index=PermalinkIndex(current))
        return current, short_links["index"]

    @app.get(
        "/api/entries/{entry_id:path}",
        summary="One entry, with the entries citing it, its children and its history",
        responses={
            302: {
                "description": "an id an earlier edition gave: the entry's current id, or "
                "`id@version` of the entry as an edition removed it (Location)",
                "headers": {"Location": {"schema": {"type": "string"}}},
            }
        },
    )
    def api_entry(entry_id: str) -> Response:
        """`history`: the editions the entry existed in, newest first.  `id@version` of an
        entry an edition removed answers it as it last stood, marked `retired`."""
        current, short = links()
        if current.get(entry_id) is not None:
            return JSONResponse(entry_view(current, entry_id))
        retired = retired_view(current, entry_id)
        if retired is not None:
            return JSONResponse(retired)
        target = short.old.get(entry_id)
        if target is not None:
            return RedirectResponse(f"/api/entries/{target}", status_code=302)
        return _error(404, f"no entry {entry_id!r}")

    @app.get(
        "/api/diff/{game}",
        summary="What changed between two editions of a game's source",
        responses={
            200: {
                "description": "the same JSON as `arbitre diff --json`",
                "content": {"application/json": {"schema": DIFF_RESULT}},
            }
        },
        openapi_extra={
            "parameters": [
                {
                    "name": "game",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "enum": [g.id for g in kb.games]},
                },
                {
                    "name": "from",
                    "in": "query",
                    "required": False,
                    "schema": VERSION_PARAM,
                    "description": "the older edition (default: the one before `to`)",
                },
                {
                    "name": "to",
                    "in": "query",
                    "required": False,
                    "schema": VERSION_PARAM,
                    "description": "the newer edition (default: the current one)",
                },
            ]
        },
    )
    def api_diff(request: Request) -> JSONResponse:
        """Entries added, removed, edited (with the word diff) and moved between editions
        `from` and `to`; for a first edition, what its document says it changed."""
        params = request.query_params
        game = request.path_params["game"]
        older, newer = params.get("from") or None, params.get("to") or None
        return JSONResponse(diff_json(index.knowledge(), game, older, newer))

    @app.get("/api/health", summary="Liveness, entry count and index fingerprint")
    def api_health() -> dict[str, Any]:
        live = index.get()  # IndexMissing -> 503 with the reason
        body: dict[str, Any] = {
            "status": "ok",
            "version": __version__,
            "entries": len(live.kb.entries),
            "games": [g.id for g in live.kb.games],
            "index": {
                "generation": live.generation.name,
                "fingerprint": live.searcher.fingerprint,
                "entries": live.searcher.entry_count,
                "built": live.searcher.meta.get("built"),
            },
        }
        if index.problem:  # a newer generation failed to load; the last good one serves
            body["warning"] = index.problem
        return body

    @app.get(
        "/r/{entry_id:path}",
        summary="Permalink: redirects to the entry on the site",
        response_class=HTMLResponse,
        responses={
            200: {"description": "a French page choosing between the games with that number"},
            302: {
                "description": "the entry's page on the site (an id an earlier edition gave "
                "too: the entry today, or the last text of an entry an edition removed)"
            },
            404: {
                "description": "no entry has this id: the site's French « page introuvable »",
                "content": {"text/html": {"schema": {"type": "string"}}},
            },
        },
    )
    def permalink(entry_id: str) -> Any:
        # The same answers as the static copy's r/ pages (permalinks.py): any case, a
        # number without its game, a choice page, and a French « page introuvable », not JSON.
        current, short = links()
        entries = short.resolve(entry_id)
        if len(entries) == 1:
            return RedirectResponse(entry_url(entries[0], current), status_code=302)
        retired = None if entries else short.retired(entry_id)
        if retired is not None:
            return RedirectResponse(retired_url(retired[0]), status_code=302)
        if entries:
            return HTMLResponse(
                choice_html(
                    current,
                    entry_id,
                    entries,
                    lambda e: entry_url(e, current),
                    manifest="/" + WEB_MANIFEST,
                )
            )
        not_found = paths.site / "404.html"
        page = not_found.read_text(encoding="utf-8") if not_found.is_file() else NOT_FOUND
        return HTMLResponse(page, status_code=404)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = finish_openapi(FastAPI.openapi(app), ERRORS)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(docs_page(openapi()))

    site: Path = paths.site
    if (site / "index.html").is_file():
        app.mount("/", StaticFiles(directory=site, html=True), name="site")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        def no_site() -> HTMLResponse:
            return HTMLResponse(NO_SITE, status_code=503)

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
