"""The app's exception handlers: every error, whatever layer raises it, as {"error": message}.

400 for a parameter or any user-facing error, 404 for an unknown game or edition, 503 while no
index can be served, starlette's own status for its errors (405 with `Allow`), 500 for a bug.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbitre.errors import ArbitreError, IndexMissing, NotFound
from arbitre.search.web import cache_control, security_headers

log = logging.getLogger("arbitre.search.app")


def json_error(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """An error answer of the API: {"error": message}."""
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def add_error_handlers(app: FastAPI, csp: Callable[[], str]) -> None:
    """Register the handlers, most specific first; `csp` is the site's policy, for a 500."""

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        details = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        return json_error(400, f"invalid request: {details}")

    @app.exception_handler(IndexMissing)
    async def index_missing(_request: Request, exc: IndexMissing) -> JSONResponse:
        return json_error(503, exc.message, {"Retry-After": "30"})

    @app.exception_handler(NotFound)  # an unknown game or edition (kb/diffs.py)
    async def not_found(_request: Request, exc: NotFound) -> JSONResponse:
        return json_error(404, exc.message)

    @app.exception_handler(ArbitreError)  # InvalidQuery and any other user-facing error
    async def arbitre_error(_request: Request, exc: ArbitreError) -> JSONResponse:
        return json_error(400, exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return json_error(exc.status_code, str(exc.detail), exc.headers)

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        # Sent by starlette from outside the middlewares: HttpHeaders' headers given here.
        path = request.url.path
        headers = {"Cache-Control": cache_control(path, 500), **security_headers(path, csp)}
        message = f"internal error ({type(exc).__name__}); the server log has details"
        return json_error(500, message, headers)
