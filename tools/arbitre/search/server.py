"""`arbitre serve`: uvicorn with the limits a public server needs, and errors in JSON.

The limits, per worker process, are `search/limits.py`'s: a header timeout (408), an idle
keep-alive timeout, a concurrency limit (503), and the longest request target and headers (400).

Errors uvicorn itself sends (an unparsable or oversized request, the concurrency limit) are
JSON of the API's shape, {"error": message}, like every error of the app.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from typing import Any

from uvicorn.protocols.http.flow_control import service_unavailable
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from arbitre.errors import ArbitreError
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import current_generation
from arbitre.search.limits import CONCURRENCY, HEADER_TIMEOUT, KEEP_ALIVE, MAX_HEADERS, MAX_TARGET
from arbitre.search.service import index_problem, load_searcher

log = logging.getLogger("arbitre.search.server")
STATUS_TEXT = {400: b"Bad Request", 408: b"Request Timeout", 503: b"Service Unavailable"}


def _json_error(status: int, message: str) -> bytes:
    body = json.dumps({"error": message}).encode()
    return b"".join(
        [
            b"HTTP/1.1 %d %s\r\n" % (status, STATUS_TEXT[status]),
            b"content-type: application/json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"cache-control: no-store\r\n",
            b"x-content-type-options: nosniff\r\n",
            b"connection: close\r\n\r\n",
            body,
        ]
    )


async def _json_service_unavailable(scope: Any, receive: Any, send: Any) -> None:
    body = json.dumps({"error": "too many connections or requests at once; retry shortly"})
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", b"1"),
                (b"cache-control", b"no-store"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body.encode(), "more_body": False})


class ArbitreHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header timeout and JSON errors."""

    # Set by `serve`; a worker process reads it from the environment its parent gave it.
    header_timeout = float(os.environ.get("ARBITRE_HEADER_TIMEOUT") or HEADER_TIMEOUT)
    _header_timer: Any = None
    _header_bytes = 0
    _refusal: str | None = None  # why the request being parsed is refused

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0
        self._arm_header_timer()

    def on_url(self, url: bytes) -> None:
        if len(self.url) + len(url) > MAX_TARGET:
            self._refuse(f"the request target (path and query) is longer than {MAX_TARGET} bytes")
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_bytes += len(name) + len(value)
        if self._header_bytes > MAX_HEADERS:
            self._refuse(f"the request headers are longer than {MAX_HEADERS} bytes in all")
        super().on_header(name, value)

    def _refuse(self, reason: str) -> None:
        """Stop parsing this request: httptools turns the exception into a parser error, which
        uvicorn answers with `send_400_response`, given `reason` here."""
        self._refusal = reason
        raise ValueError(reason)

    def on_headers_complete(self) -> None:
        self._disarm_header_timer()
        super().on_headers_complete()

    def _arm_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered: its headers did arrive
        message = f"no complete request headers within {self.header_timeout:g} s"
        self.transport.write(_json_error(408, message))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        self.transport.write(_json_error(400, f"invalid HTTP request: {self._refusal or msg}"))
        self.transport.close()

    def _start_asgi_task(self, cycle: Any, app: Any) -> None:
        if app is service_unavailable:
            app = _json_service_unavailable
        super()._start_asgi_task(cycle, app)


def server_config(app: Any, host: str, port: int, workers: int = 1, **limits: Any) -> Any:
    import uvicorn

    return uvicorn.Config(
        app,
        factory=isinstance(app, str),
        workers=workers,
        host=host,
        port=port,
        http="arbitre.search.server:ArbitreHttpProtocol",
        timeout_keep_alive=limits.get("keep_alive", KEEP_ALIVE),
        limit_concurrency=limits.get("concurrency", CONCURRENCY),
        log_level="info",
        access_log=False,
    )


def check_index(paths: ProjectPaths) -> None:
    """Build the index if missing or stale; then open and read it all once.  A damaged index
    stops the server here, with one line saying where it is and how to rebuild it, instead of
    workers that fail and restart."""
    from arbitre.search.app import ensure_index

    ensure_index(paths, load_kb(paths))
    problem = index_problem(paths)
    if problem:
        raise ArbitreError(problem)
    generation = current_generation(paths.index)
    assert generation is not None  # index_problem says when there is none
    searcher = load_searcher(paths, generation, warm=True)
    searcher.close()


def serve(
    paths: ProjectPaths,
    host: str = "127.0.0.1",
    port: int = 8000,
    workers: int = 1,
    header_timeout: float = HEADER_TIMEOUT,
    keep_alive: int = KEEP_ALIVE,
    concurrency: int = CONCURRENCY,
) -> None:
    """Run the app under uvicorn until interrupted (one process, or `workers` processes that
    each hold their own copy of the knowledge base and index caches)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    check_index(paths)
    os.environ["ARBITRE_ROOT"] = str(paths.root)  # inherited by the workers
    os.environ["ARBITRE_HEADER_TIMEOUT"] = str(header_timeout)
    ArbitreHttpProtocol.header_timeout = header_timeout
    config = server_config(
        "arbitre.search.app:app_from_env",
        host,
        port,
        workers,
        keep_alive=keep_alive,
        concurrency=concurrency,
    )
    # TCP_NODELAY on the listening socket: uvicorn binds it with protocol 0, so asyncio never
    # sets TCP_NODELAY on the connections it accepts, and each response then waits ~40 ms for
    # a delayed ACK (Nagle).  Linux passes the option on to the accepted sockets.
    sock = config.bind_socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if workers <= 1:
        uvicorn.Server(config).run(sockets=[sock])
    else:
        Multiprocess(config, sockets=[sock]).run()
