"""`arbitre serve --workers 2` picks up a rebuilt index in every worker, without a restart (#17).

The in-process test (`tests/search/test_live_index.py`) swaps the generation of one app; here
two real worker processes share one listening socket, and `arbitre index` runs beside them.
Which worker answers a connection is read from Linux's /proc (the worker holding the server
side of that TCP connection), so the test knows it has heard both.

Bounded: at most MAX_CONNECTIONS connections to find both workers, every wait with a deadline,
the server stopped at the end.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from arbitre.importers.writer import render_game, write_files
from arbitre.kb.load import load_kb
from arbitre.search.indexer import build_index
from tests.conftest import demo_import, make_entry
from tests.e2e.serving import free_port, serving

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc"),
]
MAX_CONNECTIONS = 200
SWAP_DEADLINE = 60.0  # seconds for both workers to serve the new generation


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid`."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _server_socket_inode(server_port: int, client_port: int | None) -> int | None:
    """The inode of the server's side of the loopback connection from `client_port` (None:
    of the listening socket)."""
    local = f"0100007F:{server_port:04X}"
    remote = "00000000:0000" if client_port is None else f"0100007F:{client_port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == local and fields[2] == remote:
            return int(fields[9])
    return None


def _holders(pids: set[int], inode: int) -> set[int]:
    """The processes among `pids` that hold this socket."""
    return {pid for pid in pids if _owner({pid}, inode)}


def _workers(server: int, port: int) -> set[int]:
    """The server's worker processes: its children that listen on `port` (not, for instance,
    multiprocessing's resource tracker)."""
    listening = _server_socket_inode(port, None)
    return _holders(_children(server), listening) if listening else set()


def _owner(workers: set[int], inode: int) -> int | None:
    target = f"socket:[{inode}]"
    for pid in workers:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(fd) == target:
                    return pid
            except OSError:
                continue
    return None


def _get(connection: http.client.HTTPConnection, target: str) -> dict:
    connection.request("GET", target)
    response = connection.getresponse()
    body = response.read()
    assert response.status == 200, body
    return json.loads(body)


def _search(connection: http.client.HTTPConnection, q: str) -> list[str]:
    found = _get(connection, "/api/search?" + urllib.parse.urlencode({"q": q}))
    return [hit["id"] for hit in found["hits"]]


@pytest.fixture
def two_workers(demo_tree):
    """`arbitre serve --workers 2` on the demo project: (paths, port, server process)."""
    build_index(load_kb(demo_tree), demo_tree.index, root=demo_tree.root)
    port = free_port()
    args = ["--port", str(port), "--workers", "2", "--keep-alive", "60"]

    def ready(process) -> bool:
        return len(_workers(process.pid, port)) >= 2 and _answers(port)

    with serving(demo_tree.root, args, ready) as process:
        yield demo_tree, port, process


def _answers(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            return bool(_get(connection, "/api/health"))
        finally:
            connection.close()
    except OSError:
        return False


def _one_connection_per_worker(port: int, server: int) -> dict[int, http.client.HTTPConnection]:
    """Kept-alive connections, one held by each worker process."""
    workers = _workers(server, port)
    held: dict[int, http.client.HTTPConnection] = {}
    for _ in range(MAX_CONNECTIONS):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        _get(connection, "/api/health")  # accepted and answered: the connection is owned
        client_port = connection.sock.getsockname()[1]
        inode = _server_socket_inode(port, client_port)
        owner = _owner(workers, inode) if inode else None
        if owner is not None and owner not in held:
            held[owner] = connection
            if len(held) == len(workers):
                return held
        else:
            connection.close()
    for connection in held.values():
        connection.close()
    raise AssertionError(f"heard {len(held)} of {len(workers)} workers in {MAX_CONNECTIONS}")


def test_both_workers_serve_a_rebuilt_index_without_a_restart(two_workers):
    paths, port, server = two_workers
    held = _one_connection_per_worker(port, server.pid)
    assert len(held) == 2
    try:
        before = {pid: _get(c, "/api/health")["index"] for pid, c in held.items()}
        assert len({b["generation"] for b in before.values()}) == 1
        for connection in held.values():
            assert _search(connection, "zorglub") == []

        game = demo_import()
        game.entries.append(
            make_entry(
                "faq/2", "faq", "Oui, la zorglub se pioche.", document="faq", title="Zorglub ?"
            )
        )
        write_files(render_game(game, paths.root))
        done = subprocess.run(
            [sys.executable, "-m", "arbitre", "--root", str(paths.root), "index"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr

        old = next(iter(before.values()))
        swapped: dict[int, dict] = {}
        deadline = time.monotonic() + SWAP_DEADLINE
        while len(swapped) < len(held):
            assert time.monotonic() < deadline, f"workers still on the old index: {swapped}"
            for pid, connection in held.items():
                index = _get(connection, "/api/health")["index"]
                hits = _search(connection, "zorglub")
                if _get(connection, "/api/health")["index"] != index:
                    continue  # swapped between the two requests: the search's is unknown
                if index["generation"] == old["generation"]:
                    assert index["fingerprint"] == old["fingerprint"]
                    assert hits == []
                else:  # never a mix: the new generation's entries with it
                    assert index["fingerprint"] != old["fingerprint"]
                    assert hits == ["demo/faq/2"], (pid, hits)
                    swapped[pid] = index
            time.sleep(0.3)
        assert _workers(server.pid, port) == set(held)  # the same two processes: no restart
        assert len({s["generation"] for s in swapped.values()}) == 1
        for connection in held.values():
            assert _get(connection, "/api/entries/demo/faq/2")["id"] == "demo/faq/2"
    finally:
        for connection in held.values():
            connection.close()
