"""The HTTP part of the benchmark (`tools/benchmark.py`): `arbitre serve` on a loopback port,
loaded by wrk (when installed) or by threads of Python clients, and 16 ordinary clients beside
one client sending worst-case queries (`--neighbour`).
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

import httpx

from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import build_index
from bench_common import ROOT, percentile, print_rows, query_sets, scratch_project

# wrk (Debian package `wrk`) drives the HTTP load when installed: a C load generator takes a
# fraction of the CPU a Python client needs, so on a 2-core machine the server is measured
# rather than the client.  The Lua script cycles over the query list and prints one line with
# the figures the table needs.
WRK_SCRIPT = """
local paths = {%s}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n %% #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("ARBITRE %%d %%d %%d %%.3f %%.3f\\n", summary.requests,
    summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000))
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    root: Path, result_cache: bool = True, workers: int = 1, code: Path = ROOT
) -> tuple[subprocess.Popen, str]:
    """`arbitre serve` for `root` on a free loopback port, once it answers (`code`: the tree
    whose tools/arbitre runs)."""
    port = free_port()
    command = [sys.executable, "-m", "arbitre", "--root", str(root), "serve"]
    command += ["--port", str(port), "--workers", str(workers)]
    env = {**os.environ, "PYTHONPATH": str(code / "tools")}
    if not result_cache:
        env["ARBITRE_RESULT_CACHE"] = "0"
    server = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return server, base
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            stop_server(server)
            raise RuntimeError("the server did not start")
        time.sleep(0.2)


def stop_server(server: subprocess.Popen) -> None:
    """Stop the server and its worker processes (its own process group)."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    except ProcessLookupError:
        pass


def http_benchmark(
    root: Path,
    queries: list[str],
    clients: int,
    per_client: int,
    seconds: int,
    use_wrk: bool = True,
    result_cache: bool = True,
    workers: int = 1,
) -> dict:
    """HTTP load on one server: with wrk when installed, else with the Python client."""
    server, base = start_server(root, result_cache, workers)
    try:
        for q in queries[:20]:  # warm the server's caches like the in-process figures
            httpx.get(base + "/api/search", params={"q": q}, timeout=10)
        wrk = shutil.which("wrk") if use_wrk else None
        if wrk:
            return wrk_load(wrk, base, queries, clients, seconds)
        return python_load(base, queries, clients, per_client)
    finally:
        stop_server(server)


def wrk_load(wrk: str, base: str, queries: list[str], clients: int, seconds: int) -> dict:
    paths = ", ".join('"/api/search?q=' + quote(q, safe="") + '"' for q in queries)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT % paths)
    try:
        out = subprocess.run(
            [wrk, "-t2", f"-c{clients}", f"-d{seconds}s", "-s", script.name, base],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
            check=True,
        ).stdout
    finally:
        os.unlink(script.name)
    line = next(x for x in out.splitlines() if x.startswith("ARBITRE "))
    requests, duration_us, errors, p50, p95 = line.split()[1:]
    return {
        "client": "wrk, 2 threads",
        "requests": int(requests),
        "p50": float(p50),
        "p95": float(p95),
        "rps": int(requests) / (int(duration_us) / 1e6),
        "errors": [f"{errors} wrk errors (connect/read/write/non-2xx/timeout)"]
        if int(errors)
        else [],
    }


def python_load(base: str, queries: list[str], clients: int, per_client: int) -> dict:
    """16 threads of keep-alive httpx clients (in this process: they share its CPU)."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    def client(n: int) -> None:
        mine, bad = [], []
        with httpx.Client(base_url=base, timeout=10) as http:
            for i in range(per_client):
                q = queries[(n * per_client + i) % len(queries)]
                started = time.perf_counter()
                try:
                    r = http.get("/api/search", params={"q": q})
                    if r.status_code != 200:
                        bad.append(f"{r.status_code} {q}")
                except httpx.HTTPError as exc:
                    bad.append(f"{type(exc).__name__} {q}")
                mine.append((time.perf_counter() - started) * 1000)
        with lock:
            latencies.extend(mine)
            errors.extend(bad)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    return {
        "client": "Python httpx threads",
        "requests": len(latencies),
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "rps": len(latencies) / wall,
        "errors": errors,
    }


def http_rows(
    project: Path, queries: list[str], quick: bool, python_client: bool
) -> tuple[list[tuple[str, str]], list[str]]:
    """HTTP with 16 concurrent clients against a real uvicorn, then the worst-case neighbour:
    the rows, and the errors the clients met."""
    rows: list[tuple[str, str]] = []
    # The app caches rendered answers; the load cycles over a few hundred queries, so
    # most requests hit that cache.  Measured again with it off: every request searches.
    # `make serve` runs one worker process per core (2 here); one worker is shown too.
    http_errors: list[str] = []
    for cached, workers in ((True, 2), (False, 2), (False, 1)):
        http = http_benchmark(
            project,
            queries,
            clients=16,
            per_client=30 if quick else 100,
            seconds=5 if quick else 15,
            use_wrk=not python_client,
            result_cache=cached,
            workers=workers,
        )
        http_errors += http["errors"]
        rows.append(
            (
                f"HTTP /api/search, 16 clients, {http['client']}, {workers} server "
                f"worker{'s' if workers > 1 else ''}, result cache "
                f"{'on' if cached else 'off'} ({http['requests']} requests)",
                f"p50 {http['p50']:.1f} ms, p95 {http['p95']:.1f} ms, {http['rps']:.0f} req/s, "
                f"{len(http['errors'])} errors",
            )
        )

    # 16 ordinary clients alone, then beside one client sending worst-case queries.
    near_rows, near_errors = neighbour_rows(project, queries, quick)
    return rows + near_rows, http_errors + near_errors


def fail_on_errors(errors: list[str]) -> None:
    """After the table: the first HTTP errors and exit status 1, if there were any."""
    if errors:
        print("\nHTTP errors:", *errors[:10], sep="\n  ")
        raise SystemExit(1)


# -- one worst-case client beside ordinary ones (#17) -------------------------------------------


def worst_queries(n: int, seed: int = 17) -> list[str]:
    """Queries that cost the most typo-correction and scoring work the API accepts (500
    characters): one long random word, many unknown words, many common words."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    common = "attaque carte joueur dégâts tour action personnage effet jouer pioche main zone"
    out = []
    for i in range(n):
        kind = i % 3
        if kind == 0:
            q = "".join(rng.choice(letters) for _ in range(rng.randint(300, 500)))
        elif kind == 1:
            q = " ".join(
                "".join(rng.choice(letters) for _ in range(rng.randint(4, 9))) for _ in range(80)
            )
        else:
            q = " ".join(rng.choice(common.split()) for _ in range(70))
        out.append(q[:500])
    return out


def neighbour_benchmark(
    root: Path, queries: list[str], clients: int, per_client: int, workers: int
) -> dict:
    """`clients` ordinary clients, alone and then beside one client sending worst-case
    queries back to back; the ordinary clients' latencies (result cache off)."""
    server, base = start_server(root, result_cache=False, workers=workers)
    try:
        for q in queries[:20]:
            httpx.get(base + "/api/search", params={"q": q}, timeout=10)
        alone = python_load(base, queries, clients, per_client)
        stop = threading.Event()
        worst_times: list[float] = []

        def worst_client() -> None:
            with httpx.Client(base_url=base, timeout=30) as http:
                for q in itertools.cycle(worst_queries(60)):
                    if stop.is_set():
                        return
                    started = time.perf_counter()
                    http.get("/api/search", params={"q": q})
                    worst_times.append((time.perf_counter() - started) * 1000)

        thread = threading.Thread(target=worst_client)
        thread.start()
        try:
            beside = python_load(base, queries, clients, per_client)
        finally:
            stop.set()
            thread.join()
        return {"alone": alone, "beside": beside, "worst": worst_times}
    finally:
        stop_server(server)


def neighbour_rows(project: Path, queries: list[str], quick: bool) -> tuple[list, list[str]]:
    near = neighbour_benchmark(
        project, queries, clients=16, per_client=30 if quick else 100, workers=2
    )
    rows, errors = [], []
    for label, what in (("alone", "alone"), ("beside", "beside one worst-case client")):
        figures = near[label]
        errors += figures["errors"]
        rows.append(
            (
                f"HTTP /api/search, 16 ordinary clients {what}, Python client, 2 workers, "
                f"result cache off ({figures['requests']} requests)",
                f"p50 {figures['p50']:.1f} ms, p95 {figures['p95']:.1f} ms, "
                f"{figures['rps']:.0f} req/s, {len(figures['errors'])} errors",
            )
        )
    rows.append(
        (
            f"the worst-case client's own queries (n={len(near['worst'])}: 300-500 letters, "
            "80 unknown words, 70 common words)",
            f"p50 {percentile(near['worst'], 50):.1f} ms, p95 {percentile(near['worst'], 95):.1f} ms",
        )
    )
    return rows, errors


def neighbour_only(quick: bool) -> None:
    paths = ProjectPaths(ROOT)
    kb = load_kb(paths)
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as tmp:
        project = scratch_project(Path(tmp))
        build_index(kb, ProjectPaths(project).index, root=project)
        sets = query_sets(kb, 100 if quick else 300)
        rows, errors = neighbour_rows(project, [q for qs in sets.values() for q in qs], quick)
    print_rows(rows)
    fail_on_errors(errors)
