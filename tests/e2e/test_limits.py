"""A real `arbitre serve` on loopback (#17, items 3, 6 and 9), with a short header timeout and
a small concurrency limit, against slow, idle and oversized clients, and schemathesis.

Bounded: at most 40 sockets, every read with a timeout, the server stopped at the end.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from arbitre.importers.writer import render_game, write_files
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import build_index
from tests.conftest import demo_import
from tests.e2e.serving import free_port, serving

pytestmark = pytest.mark.e2e
HEADER_TIMEOUT = 1.0
CONCURRENCY = 30
SCHEMATHESIS_EXAMPLES = 30  # per operation and phase: about 400 requests, under 10 s


def _connect(port: int, timeout: float = 10.0) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def _read_all(sock: socket.socket) -> bytes:
    out = b""
    try:
        while chunk := sock.recv(65536):
            out += chunk
    except TimeoutError:
        pass
    return out


def _request(port: int, target: str, method: str = "GET") -> tuple[int, dict, bytes]:
    with _connect(port) as sock:
        sock.sendall(f"{method} {target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        raw = _read_all(sock)
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    root = tmp_path_factory.mktemp("limits")
    (root / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    (root / "content" / "demo" / "sources").mkdir(parents=True)
    (root / "content" / "demo" / "sources" / "demo.txt").write_text("l\n" * 5, encoding="utf-8")
    write_files(render_game(demo_import(), root))
    # One edition, so that schemathesis reaches /api/diff/demo's answer, not only its errors.
    (root / "content" / "demo" / "editions.yaml").write_text(
        "game: demo\neditions:\n- {version: '1.0', date: null, source: demo.txt, documents: {},\n"
        "   changes: [{change: edited, id: demo/101.1, noted: 'Règle 101.1 précisée.', line: 1}]}\n",
        encoding="utf-8",
    )
    paths = ProjectPaths(root)
    build_index(load_kb(paths), paths.index, root=root)
    number = free_port()
    args = ["--port", str(number), "--header-timeout", str(HEADER_TIMEOUT)]
    args += ["--concurrency", str(CONCURRENCY)]
    with serving(root, args, lambda _p: _request(number, "/api/health")[0] == 200):
        yield number


def test_oversized_request_line_is_a_json_400(port):
    status, headers, body = _request(port, "/api/search?q=" + "a" * 70_000)
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert set(json.loads(body)) == {"error"}
    assert "request target (path and query) is longer than" in json.loads(body)["error"]


def test_a_target_just_over_the_limit_is_refused_and_one_under_it_is_not(port):
    from arbitre.search.limits import MAX_TARGET

    status, _headers, body = _request(port, "/api/health?x=" + "a" * MAX_TARGET)
    assert status == 400 and "request target" in json.loads(body)["error"]
    status, _headers, body = _request(port, "/api/health?x=" + "a" * (MAX_TARGET - 200))
    assert status == 200


def test_oversized_headers_are_a_json_400_that_says_so(port):
    with _connect(port) as sock:
        head = "GET /api/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
        head += "".join(f"X-Filler-{i}: {'b' * 1000}\r\n" for i in range(80))  # 80 kB
        sock.sendall((head + "\r\n").encode())
        raw = _read_all(sock)
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400")
    assert b"content-type: application/json" in head.lower()
    assert "request headers are longer than" in json.loads(body)["error"]


def test_head_health_over_http(port):
    status, headers, body = _request(port, "/api/health", method="HEAD")
    assert status == 200 and body == b"" and headers["content-type"] == "application/json"


def test_slow_clients_are_cut_off_and_ordinary_ones_served(port):
    slow = []
    for _ in range(CONCURRENCY // 2):
        sock = _connect(port, timeout=HEADER_TIMEOUT * 5)
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: t\r\n")  # headers never finished
        slow.append(sock)
    idle = [_connect(port, timeout=HEADER_TIMEOUT * 5) for _ in range(5)]  # send nothing
    try:
        for q in ("attaquer", "101.1", "carte épuisée"):
            status, _headers, body = _request(
                port, "/api/search?" + urllib.parse.urlencode({"q": q})
            )
            assert status == 200 and json.loads(body)["hits"]
        for sock in slow:  # a trickle of bytes does not keep a connection open
            sock.sendall(b"X")
        for sock in slow + idle:
            answer = _read_all(sock)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
            assert b'"error"' in answer
    finally:
        for sock in slow + idle:
            sock.close()


def test_over_the_concurrency_limit_is_a_json_503(port):
    held = [_connect(port, timeout=HEADER_TIMEOUT * 5) for _ in range(CONCURRENCY + 2)]
    try:
        status, headers, body = _request(port, "/api/health")
        assert status == 503
        assert headers["content-type"] == "application/json" and "error" in json.loads(body)
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert _request(port, "/api/health")[0] == 200


def test_the_editions_answers_over_http(port):
    status, _headers, body = _request(port, "/api/diff/demo")
    assert status == 200 and json.loads(body)["changes"][0]["noted"] == "Règle 101.1 précisée."
    status, _headers, body = _request(port, "/api/diff/demo?from=9")
    assert status == 404 and "no edition '9'" in json.loads(body)["error"]
    status, _headers, body = _request(port, "/api/entries/demo/101.1")
    assert json.loads(body)["history"][0]["noted"] == "Règle 101.1 précisée."


def test_the_openapi_document_tells_the_truth(port, tmp_path):
    """schemathesis generates valid and invalid requests and undeclared methods from the
    published document, and runs every check (undocumented status codes, schema-valid
    requests rejected, 405 without Allow, response schemas, server errors)."""
    command = [
        str(Path(sys.executable).parent / "schemathesis"),
        "run",
        f"http://127.0.0.1:{port}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        str(SCHEMATHESIS_EXAMPLES),
        "--generation-deterministic",
        "--max-redirects",
        "0",
        "--report-dir",
        str(tmp_path),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "passed" in done.stdout and "failed" not in done.stdout
