"""GET and HEAD /api/search answered ahead of FastAPI (#24): the same bytes as the stack.

`search/endpoint.py` answers the search without FastAPI's routing and middleware; the route
FastAPI declares answers the same requests when the endpoint is taken away.  Both must send the
same status, headers (in order) and body, for answers, every kind of error, gzip or not, GET or
HEAD.
"""

from __future__ import annotations

import threading
import time
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from arbitre.search.app import create_app
from tests.search.conftest import tiny_kb

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

REQUESTS = [
    {"q": "attaque"},
    {"q": "attaque", "limit": "50", "offset": "1"},
    {"q": "destrucion"},
    {"q": "609.1f"},
    {"q": "exhausted", "game": "the-spoils"},
    {"q": "kind:faq bloquer"},
    {"q": "zzzzqqq"},  # nothing found: a body under the gzip threshold
    {"q": ""},
    {},
    {"q": "attaque", "limit": "5_0"},
    {"q": "attaque", "offset": "10001"},
    {"q": "attaque", "game": "nope"},
    {"q": "attaque", "kind": "nope"},
    {"q": "a" * 501},
    {"q": "x" * 600, "game": "y" * 600},  # an error long enough to be gzipped
    [("q", "attaque"), ("q", "riposte"), ("limit", "1"), ("limit", "3")],  # the last one counts
]


@pytest.fixture(scope="module")
def app(tiny_project):
    return create_app(tiny_project, tiny_kb(), result_cache=0)


def _answers(client, app, endpoint, requests) -> list:
    app.search_endpoint = endpoint
    out = []
    for method in ("GET", "HEAD"):
        for encoding in ("gzip", "identity"):
            for params in requests:
                response = client.request(
                    method, "/api/search", params=params, headers={"Accept-Encoding": encoding}
                )
                out.append((response.status_code, response.headers.raw, response.content))
    return out


def test_the_same_bytes_as_fastapi(app):
    client = TestClient(app, raise_server_exceptions=False)
    endpoint = app.search_endpoint
    assert endpoint is not None
    try:
        fast = _answers(client, app, endpoint, REQUESTS)
        stack = _answers(client, app, None, REQUESTS)
    finally:
        app.search_endpoint = endpoint
    assert fast == stack
    assert any(b"content-encoding" in dict(headers) for _status, headers, _body in fast)


def test_errors_of_the_index_and_bugs_as_fastapi_sends_them(app, monkeypatch):
    client = TestClient(app, raise_server_exceptions=False)
    endpoint, index = app.search_endpoint, app.state.index
    live = index.get()

    def broken(*_args):
        raise RuntimeError("boom")

    try:
        monkeypatch.setattr(
            index, "_live", type(live)(live.generation, live.kb, live.searcher, broken)
        )
        fast = _answers(client, app, endpoint, [{"q": "attaque"}])
        stack = _answers(client, app, None, [{"q": "attaque"}])
        assert fast == stack and fast[0][0] == 500
        monkeypatch.setattr(index, "_live", None)
        monkeypatch.setattr(index, "_checked", time.monotonic() + 3600)  # no look for a newer one
        for problem in ("no index", "no index " + "x" * 600):
            monkeypatch.setattr(index, "problem", problem)
            fast = _answers(client, app, endpoint, [{"q": "attaque"}])
            stack = _answers(client, app, None, [{"q": "attaque"}])
            assert fast == stack and fast[0][0] == 503
            assert dict(fast[0][1])[b"retry-after"] == b"30"
    finally:
        app.search_endpoint = endpoint


def test_other_methods_and_paths_go_to_fastapi(app):
    client = TestClient(app, raise_server_exceptions=False)
    assert client.post("/api/search", params={"q": "x"}).status_code == 405
    assert client.get("/api/search/", params={"q": "x"}, follow_redirects=False).status_code == 307


def test_searches_run_in_the_endpoints_threads_at_most_four_at_once(app, monkeypatch):
    """Off the event loop (a long query never holds it up), SEARCH_THREADS at a time."""
    from arbitre.search.endpoint import SEARCH_THREADS

    client = TestClient(app)
    index = app.state.index
    live = index.get()
    running, most, lock = [0], [0], threading.Lock()
    names = set()

    def slow(*args):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            names.add(threading.current_thread().name)
        time.sleep(0.05)
        with lock:
            running[0] -= 1
        return live.render(*args)

    monkeypatch.setattr(index, "_live", type(live)(live.generation, live.kb, live.searcher, slow))
    with client, ThreadPoolExecutor(max_workers=12) as clients:  # one event loop, 12 clients
        statuses = list(
            clients.map(
                lambda _n: client.get("/api/search", params={"q": "attaque"}).status_code,
                range(12),
            )
        )
    assert statuses == [200] * 12
    assert 1 < most[0] <= SEARCH_THREADS
    assert all(name.startswith("arbitre-search") for name in names)
