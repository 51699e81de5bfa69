"""The JSON API's routes under /api/, what the OpenAPI document declares of them, and /docs.

The answers are the CLI's JSON (`run_search`, `entry_view`, `diff_json`), read from the index
and the knowledge base served now (`LiveIndex`).  A route's docstring is its description in the
OpenAPI document.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from arbitre import __version__
from arbitre.export import entry_view
from arbitre.history_json import retired_view
from arbitre.kb.diffs import diff_json
from arbitre.kb.entry import KINDS
from arbitre.search.endpoint import MAX_LIMIT, MAX_OFFSET, SearchEndpoint
from arbitre.search.handlers import json_error
from arbitre.search.live import LiveIndex
from arbitre.search.site_routes import ShortLinks
from arbitre.search.web import docs_page, finish_openapi

MAX_QUERY = 500  # characters, as `parse_query` enforces

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


def _param(
    name: str, schema: dict[str, Any], description: str, required: bool = False
) -> dict[str, Any]:
    """A query parameter as the OpenAPI document declares it."""
    return {
        "name": name,
        "in": "query",
        "required": required,
        "schema": schema,
        "description": description,
    }


def _search_parameters(games: list[str]) -> list[dict[str, Any]]:
    """/api/search's query parameters as the OpenAPI document declares them (the handler reads
    them itself, so that every mistake is a 400 naming the parameter)."""
    return [
        _param(
            "q",
            {"type": "string", "minLength": 1, "maxLength": MAX_QUERY, "pattern": r"\S"},
            "words, a rule number (« 609.1f », « règle 408 »), an English term",
            required=True,
        ),
        _param("game", {"type": "string", "enum": games}, "only this game"),
        _param("kind", {"type": "string", "enum": list(KINDS)}, "only this kind of entry"),
        _param(
            "limit",
            {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 10},
            "hits per page",
        ),
        _param(
            "offset",
            {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0},
            "hits to skip",
        ),
    ]


def _diff_parameters(games: list[str]) -> list[dict[str, Any]]:
    """/api/diff/{game}'s parameters as the OpenAPI document declares them."""
    game = {"name": "game", "in": "path", "required": True}
    return [
        {**game, "schema": {"type": "string", "enum": games}},
        _param("from", VERSION_PARAM, "the older edition (default: the one before `to`)"),
        _param("to", VERSION_PARAM, "the newer edition (default: the current one)"),
    ]


def add_api_routes(
    app: FastAPI, index: LiveIndex, endpoint: SearchEndpoint, links: ShortLinks, games: list[str]
) -> None:
    """Register /api/search, /api/entries/…, /api/diff/… and /api/health, in this order."""
    _add_search(app, endpoint, games)
    _add_entries(app, links)
    _add_diff(app, index, games)
    _add_health(app, index)


def _add_search(app: FastAPI, endpoint: SearchEndpoint, games: list[str]) -> None:
    @app.get(
        "/api/search",
        summary="Search every game's rules, FAQ and glossary",
        responses={
            200: {"description": "hits", "content": {"application/json": {"schema": SEARCH_RESULT}}}
        },
        openapi_extra={"parameters": _search_parameters(games)},
    )
    async def api_search(request: Request) -> Response:
        """`q`: words, a rule number (« 609.1f », « règle 408 »), an English term; inline
        `game:` and `kind:` filters work too.  `limit` 1–100 (default 10), `offset` 0–10000."""
        # GET and HEAD are answered by `endpoint` ahead of this route (`ArbitreApp`), with the
        # same bytes; the route declares the operation for the OpenAPI document.
        body, _packed = await endpoint.search(request.query_params)
        return Response(body, media_type="application/json")


def _add_entries(app: FastAPI, links: ShortLinks) -> None:
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
        return json_error(404, f"no entry {entry_id!r}")


def _add_diff(app: FastAPI, index: LiveIndex, games: list[str]) -> None:
    @app.get(
        "/api/diff/{game}",
        summary="What changed between two editions of a game's source",
        responses={
            200: {
                "description": "the same JSON as `arbitre diff --json`",
                "content": {"application/json": {"schema": DIFF_RESULT}},
            }
        },
        openapi_extra={"parameters": _diff_parameters(games)},
    )
    def api_diff(request: Request) -> JSONResponse:
        """Entries added, removed, edited (with the word diff) and moved between editions
        `from` and `to`; for a first edition, what its document says it changed."""
        params = request.query_params
        game = request.path_params["game"]
        older, newer = params.get("from") or None, params.get("to") or None
        return JSONResponse(diff_json(index.knowledge(), game, older, newer))


def _add_health(app: FastAPI, index: LiveIndex) -> None:
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


def add_docs(app: FastAPI) -> None:
    """The OpenAPI document made exact (`finish_openapi`, built once), and /docs showing it."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = finish_openapi(FastAPI.openapi(app), ERRORS)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(docs_page(openapi()))
