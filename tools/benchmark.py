"""Search benchmark: index build, in-process and HTTP latency, SQLite FTS5 baseline, 100x corpus.

    .venv/bin/python tools/benchmark.py [--quick]

Prints a Markdown table (and the machine it ran on) that the README quotes.  Everything runs
on loopback in temporary directories; the project's own .index/ is never touched.  Loops are
bounded: a fixed number of queries and requests, a timeout on the server start.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from arbitre.kb.knowledge import KnowledgeBase  # noqa: E402
from arbitre.kb.load import load_kb  # noqa: E402
from arbitre.paths import ProjectPaths  # noqa: E402
from arbitre.search.analysis import fold  # noqa: E402
from arbitre.search.evaluate import evaluate, load_queries  # noqa: E402
from arbitre.search.indexer import build_index, current_generation  # noqa: E402
from arbitre.search.searcher import Searcher  # noqa: E402

DEV_QUERIES = ROOT / "tests" / "data" / "dev-queries.yaml"


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


def http_benchmark(root: Path, queries: list[str], clients: int, per_client: int) -> dict:
    port = free_port()
    code = (
        f"import sys; from pathlib import Path; sys.path.insert(0, {str(ROOT / 'tools')!r})\n"
        "from arbitre.paths import ProjectPaths\nfrom arbitre.search.app import create_app\n"
        "import uvicorn\n"
        f"uvicorn.run(create_app(ProjectPaths(Path({str(root)!r}))), host='127.0.0.1', port={port}, "
        "log_level='warning', access_log=False)\n"
    )
    server = subprocess.Popen([sys.executable, "-c", code])
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)
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
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    return {
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer requests; 10x corpus instead of 100x"
    )
    args = parser.parse_args()
    quick = args.quick
    paths = ProjectPaths(ROOT)
    started = time.perf_counter()
    kb = load_kb(paths)
    load_s = time.perf_counter() - started
    queries_dev = load_queries(DEV_QUERIES)
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
        report = evaluate(searcher.search, queries_dev, game_filter=False)["overall"]
        rows.append(
            (
                "whoosh relevance, dev set, no game filter",
                f"R@1 {report['recall@1']:.3f}, R@5 {report['recall@5']:.3f}, MRR@10 {report['mrr@10']:.3f}",
            )
        )

        # SQLite FTS5 over the same entries.
        db_path = tmp_path / "fts5.sqlite"
        fts_build = fts5_build(kb, db_path)
        fts = fts5_searcher(db_path)
        fts_times = time_queries(fts, [q for qs in sets.values() for q in qs])
        fts_report = evaluate(fts, queries_dev, game_filter=False)["overall"]
        rows.append(("SQLite FTS5 build", f"{fts_build:.2f} s, {mib(db_path.stat().st_size)}"))
        rows.append(
            (
                "SQLite FTS5 latency, all",
                f"p50 {percentile(fts_times, 50):.2f} ms, p95 {percentile(fts_times, 95):.2f} ms",
            )
        )
        rows.append(
            (
                "SQLite FTS5 relevance, dev set",
                f"R@1 {fts_report['recall@1']:.3f}, R@5 {fts_report['recall@5']:.3f}, MRR@10 {fts_report['mrr@10']:.3f}",
            )
        )

        # HTTP with 16 concurrent clients against a real uvicorn.
        http_queries = [q for qs in sets.values() for q in qs]
        http = http_benchmark(project, http_queries, clients=16, per_client=30 if quick else 100)
        rows.append(
            (
                f"HTTP /api/search, 16 clients ({http['requests']} requests)",
                f"p50 {http['p50']:.1f} ms, p95 {http['p95']:.1f} ms, {http['rps']:.0f} req/s, "
                f"{len(http['errors'])} errors",
            )
        )

        # Synthetic corpus: factor x the real entries.
        factor = 10 if quick else 100
        big = synthetic_kb(kb, factor)
        big_dir = tmp_path / "big" / ".index"
        big_stats = build_index(big, big_dir, root=tmp_path / "big", procs=1)
        big_searcher = Searcher(current_generation(big_dir))
        big_times = time_queries(
            big_searcher.search, sets["dev"] + sets["term"][:50] + sets["number"][:50]
        )
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
                f"p50 {percentile(big_times, 50):.1f} ms, p95 {percentile(big_times, 95):.1f} ms "
                f"(real corpus, same queries: p50 {percentile(small_times, 50):.1f}, p95 {percentile(small_times, 95):.1f})",
            )
        )
        big_searcher.close()
        searcher.close()

    cpu = platform.processor() or platform.machine()
    print(
        f"Machine: {platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}{' (--quick)' if quick else ''}\n"
    )
    print("| measure | figure |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    if http["errors"]:
        print("\nHTTP errors:", *http["errors"][:10], sep="\n  ")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
