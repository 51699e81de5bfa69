"""GET and HEAD /api/search as plain ASGI, answered before FastAPI's routing and middleware.

The search is most of a server's requests, and FastAPI's stack around it — routing, the
request's dependencies, the exception, headers and gzip middlewares, anyio's thread hop —
cost a third of a request's CPU once the search itself got faster (#24).  `ArbitreApp` hands
this one path to `SearchEndpoint`, which sends the very bytes the stack sends: the same status,
the same headers in the same order (`Cache-Control`, the security headers of `web.py`,
`Vary` and gzip by starlette's rule: a body of GZIP_MINIMUM bytes or more, gzipped when the
request's first Accept-Encoding header names gzip), HEAD as a bodiless GET, and every error
the JSON of the API's one shape, {"error": message}, with its status: 400 for a parameter, 503
(with Retry-After) while no index can be served, 500 for a bug (which the stack sends from
outside its middlewares, with the headers its handler gives; the bug is logged and raised again,
as there).

Searches run off the event loop in a pool of SEARCH_THREADS threads (`SearchThreads`): a long
query never holds up the loop, and at most that many run at once (#17).  The answer is rendered and gzipped in
the thread.  The route stays declared in FastAPI for the OpenAPI document (and answers through
`search` when this endpoint is not in front).
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import re
import threading
import weakref
import zlib
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from fastapi import FastAPI

from arbitre.errors import ArbitreError, IndexMissing, NotFound
from arbitre.search.live import LiveIndex
from arbitre.search.query import InvalidQuery
from arbitre.search.web import API_CSP, cache_control, security_headers

log = logging.getLogger("arbitre.search.app")
PATH = "/api/search"
MAX_LIMIT = 100
MAX_OFFSET = 10_000
SEARCH_THREADS = 4  # searches running at once per process (they share one GIL)
DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII digits only: not « 5_0 », « +5 », « ٥ »
GZIP_MINIMUM = 500  # bytes: smaller bodies are sent as they are (the site's rule too)
GZIP_LEVEL = 6

_JSON = (b"content-type", b"application/json")
_VARY = (b"vary", b"Accept-Encoding")
_GZIP = (b"content-encoding", b"gzip")
_OK_CACHE = (b"cache-control", cache_control(PATH, 200).encode("latin-1"))
_ERROR_CACHE = (b"cache-control", cache_control(PATH, 400).encode("latin-1"))
_SECURITY = [  # the API's security headers (its path never gets the site's policy)
    (name.lower().encode("latin-1"), value.encode("latin-1"))
    for name, value in security_headers(PATH, lambda: API_CSP).items()
]


def int_param(params: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = params.get(name)
    if raw is None or raw == "":
        return default
    if not DIGITS.fullmatch(raw):
        raise InvalidQuery(
            f"parameter {name!r} must be a whole number written with the digits 0-9 only, "
            f"got {raw[:40]!r}"
        )
    value = int(raw)
    if value < low or value > high:
        raise InvalidQuery(f"parameter {name!r} must be between {low} and {high}, got {value}")
    return value


def gzipped(body: bytes) -> bytes:
    """The body as starlette's GZipMiddleware compresses it (byte for byte)."""
    compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return compressor.compress(body) + compressor.flush()


def query_params(scope: Mapping[str, Any]) -> dict[str, str]:
    """The query string's parameters as starlette reads them (the last of a repeated one)."""
    return dict(parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True))


def _accepts_gzip(scope: Mapping[str, Any]) -> bool:
    for name, value in scope["headers"]:
        if name.lower() == b"accept-encoding":  # the first one, as starlette's Headers.get
            return "gzip" in value.decode("latin-1")
    return False


class SearchThreads:
    """`count` threads taking calls from one queue, each answering the event loop that asked
    (a thread's answer is one `call_soon_threadsafe`: no concurrent future chained to an
    asyncio one).  Started at the first call; they end when the pool is dropped."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._calls: queue.SimpleQueue[tuple | None] = queue.SimpleQueue()
        self._started = False
        self._lock = threading.Lock()
        weakref.finalize(self, _stop, self._calls, count)

    def run(self, func: Callable[..., Any], *args: Any) -> asyncio.Future:
        """`func(*args)` in one of the threads; the future is the event loop's."""
        if not self._started:
            self._start()
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._calls.put((loop, future, func, args))
        return future

    def _start(self) -> None:
        with self._lock:
            if self._started:
                return
            for n in range(self.count):
                name = f"arbitre-search-{n}"
                threading.Thread(
                    target=_serve_calls, args=(self._calls,), name=name, daemon=True
                ).start()
            self._started = True


def _serve_calls(calls: queue.SimpleQueue) -> None:
    while (call := calls.get()) is not None:
        loop, future, func, args = call
        try:
            result = func(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the request that asked
            loop.call_soon_threadsafe(_settle, future, None, exc)
        else:
            loop.call_soon_threadsafe(_settle, future, result, None)
        del call, future, args  # nothing of a request kept while waiting for the next


def _settle(future: asyncio.Future, result: Any, exc: BaseException | None) -> None:
    if future.cancelled():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)


def _stop(calls: queue.SimpleQueue, count: int) -> None:
    for _ in range(count):
        calls.put(None)


class SearchEndpoint:
    """/api/search's answers for one app: its index, its pool of search threads."""

    def __init__(self, index: LiveIndex, threads: int = SEARCH_THREADS) -> None:
        self.index = index
        self.pool = SearchThreads(threads)

    async def search(
        self, params: Mapping[str, str], compress: bool = False
    ) -> tuple[bytes, bytes | None]:
        """The rendered answer, and it gzipped when `compress` and worth it; the search runs
        in the pool.  Raises ArbitreError for what the request gave (IndexMissing: no index)."""
        size = int_param(params, "limit", 10, 1, MAX_LIMIT)
        start = int_param(params, "offset", 0, 0, MAX_OFFSET)
        live = self.index.get()
        return await self.pool.run(_render, live.render, params, size, start, compress)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        head = scope["method"] == "HEAD"
        compress = _accepts_gzip(scope)
        try:
            body, packed = await self.search(query_params(scope), compress)
        except Exception as exc:  # noqa: BLE001 - every error is answered, a bug raised again
            await self._error(exc, compress, head, send)
            if not isinstance(exc, ArbitreError):
                raise
            return
        await _send(send, 200, body, packed, len(body) >= GZIP_MINIMUM, head, _OK_CACHE)

    async def _error(self, exc: Exception, compress: bool, head: bool, send: Any) -> None:
        if not isinstance(exc, ArbitreError):
            log.exception("unexpected error", exc_info=exc)
            body = _json_error(f"internal error ({type(exc).__name__}); the server log has details")
            # As the app's handler gives them (starlette sends it from outside the middlewares).
            headers = [
                _ERROR_CACHE,
                *_SECURITY,
                (b"content-length", str(len(body)).encode()),
                _JSON,
            ]
            await send({"type": "http.response.start", "status": 500, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        status, first = 400, []
        if isinstance(exc, IndexMissing):
            status, first = 503, [(b"retry-after", b"30")]
        elif isinstance(exc, NotFound):
            status = 404
        body = _json_error(exc.message)
        big = len(body) >= GZIP_MINIMUM
        packed = gzipped(body) if big and compress else None
        await _send(send, status, body, packed, big, head, _ERROR_CACHE, first)


def _render(
    render: Any, params: Mapping[str, str], size: int, start: int, compress: bool
) -> tuple[bytes, bytes | None]:
    body: bytes = render(
        params.get("q", ""), params.get("game") or None, params.get("kind") or None, size, start
    )
    return body, gzipped(body) if compress and len(body) >= GZIP_MINIMUM else None


def _json_error(message: str) -> bytes:
    """What starlette's JSONResponse renders."""
    return json.dumps(
        {"error": message}, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


async def _send(
    send: Any,
    status: int,
    body: bytes,
    packed: bytes | None,
    big: bool,
    head: bool,
    cache: tuple[bytes, bytes],
    first: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """One response with the headers, in the order, that FastAPI's stack gives it."""
    sent = packed if packed is not None else body
    headers = [*(first or ()), (b"content-length", str(len(sent)).encode()), _JSON]
    if big:
        headers.append(_VARY)
        if packed is not None:
            headers.append(_GZIP)
    headers.append(cache)
    headers += _SECURITY
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else sent})


class ArbitreApp(FastAPI):
    """The FastAPI app, with GET and HEAD /api/search answered ahead of it (`search_endpoint`)."""

    search_endpoint: SearchEndpoint | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        endpoint = self.search_endpoint
        if (
            endpoint is not None
            and scope["type"] == "http"
            and scope["path"] == PATH
            and scope["method"] in ("GET", "HEAD")
        ):
            scope["app"] = self
            await endpoint(scope, receive, send)
            return
        await super().__call__(scope, receive, send)
