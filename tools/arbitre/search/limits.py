"""The limits of `arbitre serve`, per worker process: the server's defaults and the CLI's.

A module of constants only, so that the CLI shows them as its options' defaults without
loading uvicorn (`search/server.py` applies them).

- HEADER_TIMEOUT: a connection must deliver a request's headers within this many seconds of
  opening (or of its first byte, on a kept-alive connection); otherwise it gets a 408 and is
  closed.  Slow clients and idle connections that never send anything are cut off.
- KEEP_ALIVE: an idle kept-alive connection is closed after this many seconds.
- CONCURRENCY: connections plus requests in progress; beyond it a request gets a 503.
- MAX_TARGET, MAX_HEADERS: a request target (path and query) or request headers longer than
  this are refused with a 400 that says which was too long (httptools itself would take
  headers of any size, and refuses a target over 64 kB with a message that names nothing).
"""

from __future__ import annotations

HEADER_TIMEOUT = 10.0
KEEP_ALIVE = 5
CONCURRENCY = 256
MAX_TARGET = 16_384  # bytes of path and query: /api/search's 500 characters, percent-encoded
MAX_HEADERS = 65_536  # bytes of header names and values, all headers of a request together
