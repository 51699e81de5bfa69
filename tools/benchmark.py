"""Search benchmark: index build, in-process and HTTP latency, SQLite FTS5 baseline, 100x corpus.

    .venv/bin/python tools/benchmark.py [--quick]
    .venv/bin/python tools/benchmark.py --neighbour [--quick]   # only 16 clients + 1 worst-case
    .venv/bin/python tools/benchmark.py --soak 1000000          # only the memory soak
    .venv/bin/python tools/benchmark.py --compare [--baseline REF | --baseline-tree DIR]
                                                 # this code beside an earlier one, same run

Prints a Markdown table (and the machine it ran on) that tools/BENCHMARK.md quotes.  Everything runs
on loopback in temporary directories; the project's own .index/ is never touched.  Loops are
bounded: a fixed number of queries and requests, a timeout on the server start.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import itertools
import json
import os
import platform
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from arbitre.errors import ArbitreError  # noqa: E402
from arbitre.kb.knowledge import KnowledgeBase  # noqa: E402
from arbitre.kb.load import load_kb  # noqa: E402
from arbitre.paths import ProjectPaths  # noqa: E402
from arbitre.search.analysis import fold  # noqa: E402
from arbitre.search.evaluate import answer_rank, evaluate, load_queries  # noqa: E402
from arbitre.search.indexer import build_index, current_generation  # noqa: E402
from arbitre.search.searcher import Searcher  # noqa: E402

DEV_QUERIES = ROOT / "tests" / "data" / "dev-queries.yaml"
HOLDOUT_QUERIES = ROOT / "tests" / "data" / "holdout-queries.yaml"
HOLDOUT2_QUERIES = ROOT / "tests" / "data" / "holdout2-queries.yaml"
NATURAL_HOLDOUT_QUERIES = ROOT / "tests" / "data" / "natural-holdout-queries.yaml"

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


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def mib(n: int) -> str:
    return f"{n / 1_048_576:.1f} MiB"


def query_sets(kb: KnowledgeBase, n: int) -> dict[str, list[str]]:
    """Dev queries, rule numbers and glossary terms (every k-th, so the set is deterministic)."""
    dev = [q["q"] for q in load_queries(DEV_QUERIES)]
    numbers = [e.number for e in kb.entries if e.kind == "rule" and e.number]
    terms = [e.title for e in kb.entries if e.kind == "glossary" and e.title]
    step_n, step_t = max(1, len(numbers) // n), max(1, len(terms) // n)
    return {"dev": dev, "number": numbers[::step_n][:n], "term": terms[::step_t][:n]}


def time_queries(search, queries: list[str], repeat: int = 1) -> list[float]:
    for q in queries[:10]:  # warm caches
        search(q)
    times = []
    for _ in range(repeat):
        for q in queries:
            started = time.perf_counter()
            search(q)
            times.append((time.perf_counter() - started) * 1000)
    return times


# -- SQLite FTS5 baseline ----------------------------------------------------------------------


def fts5_build(kb: KnowledgeBase, path: Path) -> float:
    started = time.perf_counter()
    db = sqlite3.connect(path)
    db.execute(
        "CREATE VIRTUAL TABLE entries USING fts5(id UNINDEXED, title, text, "
        "tokenize = 'unicode61 remove_diacritics 2')"
    )
    db.executemany(
        "INSERT INTO entries VALUES (?, ?, ?)", [(e.id, e.title or "", e.text) for e in kb.entries]
    )
    db.commit()
    db.execute("INSERT INTO entries(entries) VALUES ('optimize')")
    db.commit()
    db.close()
    return time.perf_counter() - started


def fts5_searcher(path: Path):
    db = sqlite3.connect(path, check_same_thread=False)

    def search(q: str, game: str | None = None, limit: int = 10) -> dict:
        words = re.findall(r"[^\W_]+(?:\.[^\W_]+)*", fold(q))
        if not words:
            return {"hits": []}
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
        rows = db.execute(
            "SELECT id, title, text FROM entries WHERE entries MATCH ? ORDER BY bm25(entries) LIMIT ?",
            (match, limit),
        ).fetchall()
        return {"hits": [{"id": r[0], "title": r[1], "text": r[2]} for r in rows]}

    return search


# -- HTTP --------------------------------------------------------------------------------------


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


# -- synthetic corpus --------------------------------------------------------------------------


def synthetic_kb(kb: KnowledgeBase, factor: int) -> KnowledgeBase:
    """`factor` copies of every entry (ids, parents and refs renamed per copy, text unchanged)."""
    entries = []
    for k in range(factor):
        suffix = "" if k == 0 else f"-x{k}"

        def rename(entry_id: str | None, suffix: str = suffix) -> str | None:
            return None if entry_id is None else entry_id + suffix

        for e in kb.entries:
            entries.append(
                replace(
                    e,
                    id=rename(e.id),
                    parent=rename(e.parent),
                    refs=[rename(r) for r in e.refs],
                    defined_by=rename(e.defined_by),
                )
            )
    return KnowledgeBase(kb.games, entries)


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


# -- soak: memory over many distinct queries (#17) ---------------------------------------------


def rss_mib() -> float:
    """This process's resident memory now (Linux /proc), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def soak_queries(kb: KnowledgeBase, n: int, seed: int = 23):
    """`n` distinct queries: words of the corpus, typos of them and random letters, 1-6 words,
    then a word spelling the query's number in letters (distinct without keeping a set of the
    queries sent, which would itself grow by ~100 bytes a query)."""
    rng = random.Random(seed)
    words = sorted({w for e in kb.entries for w in re.findall(r"[^\W\d_]{4,}", e.text)})
    letters = "abcdefghijklmnopqrstuvwxyzéèàç"
    for i in range(n):
        parts = []
        for _ in range(rng.randint(1, 6)):
            word = rng.choice(words)
            roll = rng.random()
            if roll < 0.3:  # a typo: one letter replaced
                j = rng.randrange(len(word))
                word = word[:j] + rng.choice(letters) + word[j + 1 :]
            elif roll < 0.5:
                word = "".join(rng.choice(letters) for _ in range(rng.randint(3, 14)))
            parts.append(word)
        tag, k = "", i
        while True:
            tag, k = "bcdfghjklmnpqrstvwxz"[k % 20] + tag, k // 20
            if not k:
                break
        parts.append("q" + tag)
        yield " ".join(parts)


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks "
        "keepcost".split()
    ]


def _libc() -> ctypes.CDLL | None:
    """glibc, for mallinfo2 and malloc_trim (None elsewhere: those columns are then blank)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        return libc
    except (OSError, AttributeError):
        return None


def heap_mib(libc: ctypes.CDLL | None) -> tuple[float, float]:
    """malloc's heap: bytes in use and bytes free but kept by the process, in MiB."""
    if libc is None:
        return float("nan"), float("nan")
    info = libc.mallinfo2()
    return (info.uordblks + info.hblkhd) / 1_048_576, info.fordblks / 1_048_576


def soak(n: int) -> None:
    """Send `n` distinct random queries through the app's search (result cache included, no
    HTTP) and print the process's memory as it goes: every cache is bounded, so it levels off.

    Besides RSS, the columns tell a leak from fragmentation: Python's live objects (pymalloc
    blocks, in thousands), malloc's heap in use and malloc's heap free but not returned to the
    system; at the end, RSS again after `malloc_trim(0)` hands the free heap back."""
    from arbitre.search import analysis
    from arbitre.search.app import create_app
    from arbitre.search.searcher import Searcher as _Searcher

    paths = ProjectPaths(ROOT)
    kb = load_kb(paths)
    libc = _libc()
    with tempfile.TemporaryDirectory(prefix="arbitre-soak-") as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        for name in ("content", "glossary", "mkdocs.yml"):
            (project / name).symlink_to(ROOT / name)
        app = create_app(ProjectPaths(project), kb)
        live = app.state.index.get()
        assert isinstance(live.searcher, _Searcher)
        start = rss_mib()
        print(f"soak: {n} distinct queries; RSS after start {start:.0f} MiB")
        print(
            "| queries | RSS MiB | Python objects (k) | malloc in use MiB | malloc free MiB "
            "| postings cache (terms) | fold cache | stem cache | word games "
            "| result cache | s |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        started = time.perf_counter()
        peak = start
        step = max(1, n // 20)
        answers = getattr(live.render, "answers", None)

        for i, q in enumerate(soak_queries(kb, n), 1):
            try:
                live.render(q, None, None, 10, 0)
            except ArbitreError:
                pass
            if i % step == 0 or i == n:
                now = rss_mib()
                peak = max(peak, now)
                used, free = heap_mib(libc)
                print(
                    f"| {i} | {now:.0f} | {sys.getallocatedblocks() / 1000:.0f} | {used:.0f} | "
                    f"{free:.0f} | {len(live.searcher.postings.cache)} | "
                    f"{analysis._fold_cached.cache_info().currsize} | "
                    f"{analysis._stem_cached.cache_info().currsize} | "
                    f"{len(live.searcher.focus.word_games)} | "
                    f"{len(answers._items) if answers else 0} | "
                    f"{time.perf_counter() - started:.0f} |",
                    flush=True,
                )
        print(f"soak: peak RSS {peak:.0f} MiB ({peak - start:+.0f} MiB over the start)")
        if libc is not None:
            gc.collect()
            libc.malloc_trim(0)
            print(f"soak: RSS after malloc_trim(0) {rss_mib():.0f} MiB")


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
        project = Path(tmp) / "project"
        project.mkdir()
        for name in ("content", "glossary", "mkdocs.yml"):
            (project / name).symlink_to(ROOT / name)
        build_index(kb, ProjectPaths(project).index, root=project)
        sets = query_sets(kb, 100 if quick else 300)
        rows, errors = neighbour_rows(project, [q for qs in sets.values() for q in qs], quick)
    print("| measure | figure |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    if errors:
        print("\nHTTP errors:", *errors[:10], sep="\n  ")
        raise SystemExit(1)


# -- side by side with an earlier version of the code (#24) --------------------------------------

BASELINE = "e40ebb9"  # main before #24: the players' questions and the search as named stages
ALL_QUERY_SETS = sorted((ROOT / "tests" / "data").glob("*-queries.yaml"))

# Run in a child process whose PYTHONPATH is one side's tools/: the APIs used here are the same
# in both versions (load_kb, build_index, Searcher).
BUILD_CHILD = """
import sys
from pathlib import Path
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.search.indexer import build_index
project = ProjectPaths(Path(sys.argv[1]))
build_index(load_kb(project), project.index, root=project.root)
"""
INPROCESS_CHILD = """
import json, sys, time
from pathlib import Path
from arbitre.search.indexer import current_generation
from arbitre.search.searcher import Searcher
searcher = Searcher(current_generation(Path(sys.argv[1])))
searcher.warm()
queries = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
for q in queries:  # once, as a server's first requests would
    searcher.search(q)
wall, cpu = [], 0.0
for _ in range(int(sys.argv[3])):
    for q in queries:
        started, ticks = time.perf_counter(), time.process_time()
        searcher.search(q)
        wall.append((time.perf_counter() - started) * 1000)
        cpu += time.process_time() - ticks
print(json.dumps({"wall": wall, "cpu_ms": cpu * 1000 / len(wall)}))
"""


def _side_env(code: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(code / "tools")}


def _baseline_tree(ref: str, into: Path) -> Path:
    """The tree of commit `ref` (`git archive`: nothing of the checkout changes)."""
    tree = into / f"arbitre-{ref}"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", ref],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def _process_cpu(pid: int) -> float:
    """CPU seconds used by a process and its children still running (from /proc)."""
    total = 0.0
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    for each in [pid, *(int(c) for c in children.split())]:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _http_side(
    project: Path, code: Path, queries: list[str], seconds: int, wrk: str | None
) -> dict:
    """One worker, result cache off, 16 clients over `queries`; with the server's CPU time."""
    server, base = start_server(project, result_cache=False, workers=1, code=code)
    try:
        for q in queries:  # every query once, as the in-process figures
            httpx.get(base + "/api/search", params={"q": q}, timeout=30)
        before = _process_cpu(server.pid)
        if wrk:
            figures = wrk_load(wrk, base, queries, 16, seconds)
        else:
            figures = python_load(base, queries, 16, max(1, seconds * 12))
        figures["cpu_ms"] = (_process_cpu(server.pid) - before) * 1000 / max(figures["requests"], 1)
        return figures
    finally:
        stop_server(server)


def compare(baseline: str, baseline_tree: Path | None, quick: bool, python_client: bool) -> None:
    """The search of this checkout beside an earlier one's, in one run on one machine:
    in-process latency and CPU per query over every query set, and one `arbitre serve` worker's
    throughput with the result cache off.  Both index the same knowledge base (this checkout's
    content), each with its own code; the two sides alternate, twice each (the machine's load
    changes by the minute)."""
    queries = [q["q"] for path in ALL_QUERY_SETS for q in load_queries(path)]
    rounds, repeat, seconds = (1, 1, 5) if quick else (2, 3, 15)
    wrk = None if python_client else shutil.which("wrk")
    with tempfile.TemporaryDirectory(prefix="arbitre-compare-") as tmp:
        tmp_path = Path(tmp)
        old = baseline_tree or _baseline_tree(baseline, tmp_path)
        sides = {f"main {baseline}" if not baseline_tree else str(old): old, "this change": ROOT}
        query_file = tmp_path / "queries.json"
        query_file.write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
        projects = {}
        for name, code in sides.items():
            project = tmp_path / f"project-{len(projects)}"
            project.mkdir()
            for item in ("content", "glossary", "mkdocs.yml"):
                (project / item).symlink_to(ROOT / item)
            subprocess.run(
                [sys.executable, "-c", BUILD_CHILD, str(project)], env=_side_env(code), check=True
            )
            projects[name] = project
        results: dict[str, dict[str, list]] = {name: {"inproc": [], "http": []} for name in sides}
        for _ in range(rounds):
            for name, code in sides.items():
                out = subprocess.run(
                    [sys.executable, "-c", INPROCESS_CHILD, str(projects[name] / ".index")]
                    + [str(query_file), str(repeat)],
                    env=_side_env(code),
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
                results[name]["inproc"].append(json.loads(out.splitlines()[-1]))
            for name, code in sides.items():
                results[name]["http"].append(
                    _http_side(projects[name], code, queries, seconds, wrk)
                )
    rows: list[tuple[str, ...]] = []
    for name in sides:
        inproc, http = results[name]["inproc"], results[name]["http"]
        wall = [t for r in inproc for t in r["wall"]]
        rows.append(
            (
                name,
                f"p50 {percentile(wall, 50):.2f} ms, p95 {percentile(wall, 95):.2f} ms, "
                f"CPU {min(r['cpu_ms'] for r in inproc):.2f} ms/query",
                ", ".join(f"{h['rps']:.0f}" for h in http) + " req/s",
                ", ".join(f"{h['p95']:.0f}" for h in http) + " ms",
                ", ".join(f"{h['cpu_ms']:.2f}" for h in http) + " ms",
            )
        )
    old_name, new_name = list(sides)
    ratio = [
        n["rps"] / o["rps"]
        for o, n in zip(results[old_name]["http"], results[new_name]["http"], strict=True)
    ]
    cpu_ratio = [
        o["cpu_ms"] / n["cpu_ms"]
        for o, n in zip(results[old_name]["http"], results[new_name]["http"], strict=True)
    ]
    cpu = platform.processor() or platform.machine()
    print(
        f"Machine: {platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the end\n"
        f"{len(queries)} queries (every query set), the same knowledge base on both sides; "
        f"HTTP: {'wrk' if wrk else 'Python client'}, 16 clients, {seconds} s, one worker, "
        f"result cache off; {rounds} alternating round(s)\n"
    )
    print("| code | in-process (every set) | HTTP throughput | HTTP p95 | server CPU per request |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(
        f"\nthroughput, this change / {old_name}, round by round: "
        + ", ".join(f"{r:.2f}x" for r in ratio)
        + "; server CPU per request, the other way: "
        + ", ".join(f"{r:.2f}x" for r in cpu_ratio)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer requests; 10x corpus instead of 100x"
    )
    parser.add_argument(
        "--static-search",
        action="store_true",
        help="only the section of the site's browser search (needs a built site/)",
    )
    parser.add_argument(
        "--site",
        type=Path,
        default=ROOT / "site",
        help="with --static-search: the built site to measure (another build, to compare)",
    )
    parser.add_argument(
        "--python-client",
        action="store_true",
        help="drive the HTTP load with the Python client even when wrk is installed",
    )
    parser.add_argument(
        "--soak",
        type=int,
        metavar="N",
        help="only the memory soak: N distinct random queries (e.g. 1000000), then exit",
    )
    parser.add_argument(
        "--neighbour",
        action="store_true",
        help="only the worst-case-neighbour HTTP case, then exit",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help=f"only this code beside an earlier one (default: main {BASELINE}), then exit",
    )
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    parser.add_argument(
        "--baseline-tree", type=Path, help="a checkout of the code to compare with, instead"
    )
    parser.add_argument(
        "--editions",
        action="store_true",
        help="only `edition add` of the largest document against a plain import, then exit",
    )
    args = parser.parse_args()
    if args.compare:
        compare(args.baseline, args.baseline_tree, args.quick, args.python_client)
        return
    if args.editions:
        import bench_editions

        print_rows(bench_editions.rows())
        return
    if args.static_search:
        print_rows(static_search_rows(args.site))
        return
    if args.soak:
        soak(args.soak)
        return
    if args.neighbour:
        neighbour_only(args.quick)
        return
    quick = args.quick
    paths = ProjectPaths(ROOT)
    started = time.perf_counter()
    kb = load_kb(paths)
    load_s = time.perf_counter() - started
    rows: list[tuple[str, str]] = []

    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as tmp:
        tmp_path = Path(tmp)
        project = tmp_path / "project"
        project.mkdir()
        for name in ("content", "glossary", "mkdocs.yml"):
            (project / name).symlink_to(ROOT / name)
        bench_paths = ProjectPaths(project)

        stats = build_index(kb, bench_paths.index, root=project)
        searcher = Searcher(current_generation(bench_paths.index))
        searcher.warm()  # as the server does at start (stored fields, lengths, vocabulary)
        sets = query_sets(kb, 100 if quick else 300)
        rows.append(
            (
                "Knowledge base",
                f"{len(kb.entries)} entries, {len(kb.games)} games (YAML load {load_s:.2f} s)",
            )
        )
        rows.append(("whoosh index build", f"{stats.seconds:.2f} s, {mib(stats.size_bytes)}"))
        all_times: list[float] = []
        for name, queries in sets.items():
            times = time_queries(searcher.search, queries, repeat=1 if quick else 3)
            all_times += times
            rows.append(
                (
                    f"in-process latency, {name} queries (n={len(queries)})",
                    f"p50 {percentile(times, 50):.1f} ms, p95 {percentile(times, 95):.1f} ms",
                )
            )
        rows.append(
            (
                "in-process latency, all",
                f"p50 {percentile(all_times, 50):.1f} ms, p95 {percentile(all_times, 95):.1f} ms",
            )
        )
        for label, path in (
            ("dev", DEV_QUERIES),
            ("holdout", HOLDOUT_QUERIES),
            ("holdout2", HOLDOUT2_QUERIES),
        ):
            report = evaluate(searcher.search, load_queries(path), game_filter=False)["overall"]
            rows.append(
                (
                    f"whoosh relevance, {label} set, no game filter",
                    f"R@1 {report['recall@1']:.3f}, R@5 {report['recall@5']:.3f}, MRR@10 {report['mrr@10']:.3f}",
                )
            )

        # SQLite FTS5 over the same entries.
        db_path = tmp_path / "fts5.sqlite"
        fts_build = fts5_build(kb, db_path)
        fts = fts5_searcher(db_path)
        fts_times = time_queries(fts, [q for qs in sets.values() for q in qs])
        rows.append(("SQLite FTS5 build", f"{fts_build:.2f} s, {mib(db_path.stat().st_size)}"))
        rows.append(
            (
                "SQLite FTS5 latency, all",
                f"p50 {percentile(fts_times, 50):.2f} ms, p95 {percentile(fts_times, 95):.2f} ms",
            )
        )
        for label, path in (("dev", DEV_QUERIES), ("holdout2", HOLDOUT2_QUERIES)):
            fts_report = evaluate(fts, load_queries(path), game_filter=False)["overall"]
            rows.append(
                (
                    f"SQLite FTS5 relevance, {label} set",
                    f"R@1 {fts_report['recall@1']:.3f}, R@5 {fts_report['recall@5']:.3f}, MRR@10 {fts_report['mrr@10']:.3f}",
                )
            )

        # HTTP with 16 concurrent clients against a real uvicorn.
        http_queries = [q for qs in sets.values() for q in qs]
        # The app caches rendered answers; the load cycles over a few hundred queries, so
        # most requests hit that cache.  Measured again with it off: every request searches.
        # `make serve` runs one worker process per core (2 here); one worker is shown too.
        http_errors: list[str] = []
        for cached, workers in ((True, 2), (False, 2), (False, 1)):
            http = http_benchmark(
                project,
                http_queries,
                clients=16,
                per_client=30 if quick else 100,
                seconds=5 if quick else 15,
                use_wrk=not args.python_client,
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
        near_rows, near_errors = neighbour_rows(project, http_queries, quick)
        rows += near_rows
        http_errors += near_errors

        # Synthetic corpus: factor x the real entries.
        factor = 10 if quick else 100
        big = synthetic_kb(kb, factor)
        big_dir = tmp_path / "big" / ".index"
        big_stats = build_index(big, big_dir, root=tmp_path / "big", procs=1)
        big_searcher = Searcher(current_generation(big_dir))
        big_queries = sets["dev"] + sets["term"][:50] + sets["number"][:50]
        big_times = time_queries(big_searcher.search, big_queries)
        # The same queries again: their terms' postings are now cached, as a server's
        # frequent vocabulary would be.
        big_warm = time_queries(big_searcher.search, big_queries)
        small_times = time_queries(
            searcher.search, sets["dev"] + sets["term"][:50] + sets["number"][:50]
        )
        rows.append(
            (
                f"synthetic corpus {factor}x ({len(big.entries)} entries) build",
                f"{big_stats.seconds:.1f} s ({big_stats.seconds / stats.seconds:.0f}x), "
                f"{mib(big_stats.size_bytes)} ({big_stats.size_bytes / stats.size_bytes:.0f}x)",
            )
        )
        rows.append(
            (
                f"synthetic corpus {factor}x latency",
                f"first run p50 {percentile(big_times, 50):.1f} ms, p95 {percentile(big_times, 95):.1f} ms; "
                f"repeated p50 {percentile(big_warm, 50):.1f} ms, p95 {percentile(big_warm, 95):.1f} ms "
                f"(real corpus, same queries: p50 {percentile(small_times, 50):.1f}, p95 {percentile(small_times, 95):.1f})",
            )
        )
        big_searcher.close()
        searcher.close()
    rows += static_search_rows(ROOT / "site")

    cpu = platform.processor() or platform.machine()
    print(
        f"Machine: {platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}{' (--quick)' if quick else ''}\n"
    )
    print("| measure | figure |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    if http_errors:
        print("\nHTTP errors:", *http_errors[:10], sep="\n  ")
        raise SystemExit(1)


# -- the site's search on a static copy (#14) ---------------------------------------------------

STATIC_QUERIES = ["609.1f", "degats", "que se passe-t-il quand ma pioche est vide", "deplete"]


def static_search_rows(site: Path) -> list[tuple[str, str]]:
    """The browser search of a built `site/`: its weight, and in Chromium (Playwright, Debian's
    /usr/bin/chromium) the time from opening `/recherche/?requete=…` on a static copy served by
    http.server to the results shown, cold (new browser context: index downloaded and parsed),
    warm (the offline worker holds page, code and index, and answers the search) and warm once
    the worker was stopped (as Chromium stops an idle one); what the worker keeps; then the
    per-query time once loaded and the held-out recall@5 of the static search."""
    import functools
    import gzip
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    search_dir = site / "assets" / "search"
    if not (search_dir / "index.json").is_file():
        return [("static search", f"skipped: no {search_dir}/index.json (run `arbitre build`)")]
    rows: list[tuple[str, str]] = []
    index = (search_dir / "index.json").read_bytes()
    code = b"".join(p.read_bytes() for p in sorted(search_dir.glob("*.js")))
    code += (search_dir / "search.css").read_bytes()
    if (site / "sw.js").is_file():  # the offline worker: its own code and the engine it holds
        code += (site / "sw.js").read_bytes()
    index_gz, code_gz = len(gzip.compress(index, 9)), len(gzip.compress(code, 9))
    rows.append(
        (
            "static search: index + code (the search's files and the offline worker)",
            f"index {len(index) / 1024:.0f} kB ({index_gz / 1024:.0f} kB gzipped), code "
            f"{len(code) / 1024:.0f} kB ({code_gz / 1024:.0f} kB gzipped); "
            f"total {(index_gz + code_gz) / 1024:.0f} kB gzipped",
        )
    )
    if (site / "sw.js").is_file():
        rows += offline_rows(site)
    from arbitre.chromium import CHROMIUM as chromium
    from arbitre.chromium import CHROMIUM_ARGS

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return [*rows, ("static search in Chromium", "skipped: Playwright not installed")]
    if not chromium.exists():
        return [*rows, ("static search in Chromium", f"skipped: no Chromium at {chromium}")]

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
            firsts: list[tuple[float, float]] = []
            warm: list[tuple[float, float]] = []
            restarted: list[tuple[float, float]] = []
            readied: list[tuple[float, float]] = []
            answered: set[str] = set()
            for query in STATIC_QUERIES:
                context = browser.new_context()
                context.add_init_script(SEARCH_DONE_CLOCK)
                page = context.new_page()
                firsts.append(first_results(page, base, query))
                # Warm (#23): the offline worker holds the page, the code and the index, and
                # answers the search (its engine built before it took control).
                page.wait_for_function(
                    "() => navigator.serviceWorker.controller !== null", timeout=60_000
                )
                for again in STATIC_QUERIES:
                    warm.append(first_results(page, base, again))
                    answered.add(page.get_attribute("#arb-results", "data-search-source") or "")
                # The same once Chromium has stopped the idle worker (after 30 s): it starts
                # again, reads and parses the index, builds its engine.
                devtools = context.new_cdp_session(page)
                devtools.send("ServiceWorker.enable")
                for again in STATIC_QUERIES:
                    devtools.send("ServiceWorker.stopAllWorkers")
                    page.wait_for_timeout(100)
                    restarted.append(first_results(page, base, again))
                # What a player who comes back does: the header box gets the focus (which
                # readies the stopped worker), the question is typed and sent with Enter.
                for again in STATIC_QUERIES:
                    devtools.send("ServiceWorker.stopAllWorkers")
                    page.wait_for_timeout(100)
                    readied.append(typed_results(page, again))
                context.close()
            for label, times in (
                ("cold", firsts),
                (
                    f"warm: the offline worker holds page, code and index, from the moment it "
                    f"took control; answered by: {', '.join(sorted(answered))}",
                    warm,
                ),
                ("warm, the worker restarted (stopped as Chromium does when idle)", restarted),
                (
                    "the worker restarted, readied by the header box's focus, the query typed "
                    "(60 ms a key) and sent with Enter",
                    readied,
                ),
            ):
                page_times = [t for t, _ in times]
                walls = [w for _, w in times]
                rows.append(
                    (
                        f"static search: first results after opening /recherche/?requete=… "
                        f"({label}, n={len(times)})",
                        f"median {percentile(page_times, 50):.0f} ms, max {max(page_times):.0f} ms "
                        f"from navigation start to data-search-done (Playwright's goto, or the "
                        f"Enter key, to the selector: median {percentile(walls, 50):.0f} ms, "
                        f"max {max(walls):.0f} ms)",
                    )
                )
            page = browser.new_page()
            page.goto(base + "/")
            page.evaluate(
                "async () => { const m = await import('/assets/search/load.js');"
                " window.__engine = await m.loadEngine(); }"
            )
            for label, path in (
                ("holdout", HOLDOUT_QUERIES),
                ("holdout2", HOLDOUT2_QUERIES),
                ("natural-holdout", NATURAL_HOLDOUT_QUERIES),
            ):
                queries = load_queries(path)
                timed = page.evaluate(
                    """qs => qs.map(q => { const t = performance.now();
                      const r = window.__engine.search(q, {limit: 10});
                      return [performance.now() - t, r.hits.map(h => [h.title || "", h.text])]; })""",
                    [q["q"] for q in queries],
                )
                times = [t for t, _ in timed]
                ranks = [
                    answer_rank([{"title": t, "text": x} for t, x in hits], q["expect"])
                    for q, (_, hits) in zip(queries, timed, strict=True)
                ]
                recall = sum(1 for r in ranks if r is not None and r <= 5) / len(ranks)
                rows.append(
                    (
                        f"static search in Chromium, {label} set (n={len(queries)})",
                        f"R@5 {recall:.3f}; per query p50 {percentile(times, 50):.1f} ms, "
                        f"p95 {percentile(times, 95):.1f} ms",
                    )
                )
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return rows


def offline_rows(site: Path) -> list[tuple[str, str]]:
    """What the offline worker keeps (#23): its shell from the first visit, and each game's
    « Disponible hors ligne » (sizes as the control shows them, 1 MB = 10^6 bytes)."""
    import gzip

    line = next(x for x in (site / "sw.js").read_text("utf-8").splitlines() if "BUILD =" in x)
    build = json.loads(line.split("=", 1)[1].strip().removesuffix(";"))
    shell = build["shell"]
    raw = sum(build["files"][k][1] for k in shell)
    packed = sum(len(gzip.compress((site / k).read_bytes(), 9)) for k in shell)
    games = ", ".join(
        f"{g['title']} {sum(build['files'][k][1] for k in g['files']) / 1e6:.1f} MB "
        f"({sum(k.endswith('.html') for k in g['files'])} pages)"
        for g in build["games"].values()
    )
    return [
        (
            f"offline: shell kept on the first visit ({len(shell)} files)",
            f"{raw / 1e6:.1f} MB ({packed / 1e6:.2f} MB gzipped)",
        ),
        ("offline: « Disponible hors ligne » per game", games),
    ]


# Installed before any script of each page: the page's own clock (ms since its navigation
# started) when #arb-results has `data-search-done`, the results shown — set by the page's
# script, or already there when the parser inserts it (the offline worker wrote the results in).
SEARCH_DONE_CLOCK = """new MutationObserver(() => {
  const out = document.getElementById("arb-results");
  if (out && out.hasAttribute("data-search-done") && window.__arbSearchDone === undefined)
    window.__arbSearchDone = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-search-done"]});"""


def first_results(page, base: str, query: str) -> tuple[float, float]:
    """Milliseconds from opening /recherche/?requete=… to its results shown: by the page's
    clock, from its navigation start (SEARCH_DONE_CLOCK), and by this process's, from
    Playwright's `goto` (which returns after the page's load event) to the selector."""
    started = time.perf_counter()
    page.goto(f"{base}/recherche/?requete={quote(query)}")
    page.wait_for_selector("#arb-results[data-search-done]", timeout=30_000)
    wall = (time.perf_counter() - started) * 1000
    return page.evaluate("window.__arbSearchDone"), wall


def typed_results(page, query: str) -> tuple[float, float]:
    """The same measure for a query typed in the header box and sent with Enter: from the
    search page's navigation start, and from the Enter key to the selector."""
    box = page.locator("[data-arb-header-search]").first
    box.focus()
    box.fill("")
    box.press_sequentially(query, delay=60)
    started = time.perf_counter()
    with page.expect_navigation():
        box.press("Enter")
    page.wait_for_selector("#arb-results[data-search-done]", timeout=30_000)
    wall = (time.perf_counter() - started) * 1000
    return page.evaluate("window.__arbSearchDone"), wall


def print_rows(rows: list[tuple[str, str]]) -> None:
    print("| measure | figure |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
