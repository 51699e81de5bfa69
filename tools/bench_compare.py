"""`tools/benchmark.py --compare`: the search of this checkout beside an earlier version of the
code, in one run on one machine (in-process latency and CPU, one worker's HTTP throughput).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

from arbitre.search.evaluate import load_queries
from bench_common import ROOT, percentile, scratch_project
from bench_http import python_load, start_server, stop_server, wrk_load

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


def compare(
    baseline: str,
    baseline_tree: Path | None,
    quick: bool,
    python_client: bool,
    rounds: int | None = None,
) -> None:
    """The search of this checkout beside an earlier one's, in one run on one machine:
    in-process latency and CPU per query over every query set, and one `arbitre serve` worker's
    throughput with the result cache off.  Both index the same knowledge base (this checkout's
    content), each with its own code; the two sides alternate, `rounds` times each (default
    twice: the machine's load changes by the minute)."""
    queries = [q["q"] for path in ALL_QUERY_SETS for q in load_queries(path)]
    default_rounds, repeat, seconds = (1, 1, 5) if quick else (2, 3, 15)
    rounds = rounds or default_rounds
    wrk = None if python_client else shutil.which("wrk")
    with tempfile.TemporaryDirectory(prefix="arbitre-compare-") as tmp:
        tmp_path = Path(tmp)
        old = baseline_tree or _baseline_tree(baseline, tmp_path)
        sides = {f"main {baseline}" if not baseline_tree else str(old): old, "this change": ROOT}
        query_file = tmp_path / "queries.json"
        query_file.write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
        projects = _build_sides(sides, tmp_path)
        results = _measure_sides(sides, projects, queries, query_file, rounds, repeat, seconds, wrk)
    _print_comparison(sides, results, queries, rounds, seconds, wrk)


def _build_sides(sides: dict[str, Path], tmp_path: Path) -> dict[str, Path]:
    """A scratch project per side (this checkout's content), indexed with that side's code."""
    projects: dict[str, Path] = {}
    for name, code in sides.items():
        project = scratch_project(tmp_path, f"project-{len(projects)}")
        subprocess.run(
            [sys.executable, "-c", BUILD_CHILD, str(project)], env=_side_env(code), check=True
        )
        projects[name] = project
    return projects


def _measure_sides(
    sides: dict[str, Path],
    projects: dict[str, Path],
    queries: list[str],
    query_file: Path,
    rounds: int,
    repeat: int,
    seconds: int,
    wrk: str | None,
) -> dict[str, dict[str, list]]:
    """`rounds` rounds, each side in turn: in-process (every query `repeat` times, in a child
    process), then HTTP."""
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
            results[name]["http"].append(_http_side(projects[name], code, queries, seconds, wrk))
    return results


def _comparison_rows(
    sides: dict[str, Path], results: dict[str, dict[str, list]]
) -> list[tuple[str, ...]]:
    """One row per side: in-process latency and CPU, HTTP throughput, p95 and CPU per round."""
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
    return rows


def _print_comparison(
    sides: dict[str, Path],
    results: dict[str, dict[str, list]],
    queries: list[str],
    rounds: int,
    seconds: int,
    wrk: str | None,
) -> None:
    """The machine and the run's settings, the table, then the ratios round by round."""
    rows = _comparison_rows(sides, results)
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
    old_http, new_http = results[old_name]["http"], results[new_name]["http"]
    print(  # every round's requests together: each side served as long in each round
        f"over the run: throughput {_pooled(new_http, 'rps') / _pooled(old_http, 'rps'):.2f}x, "
        f"server CPU per request {_per_request(old_http) / _per_request(new_http):.2f}x"
    )


def _pooled(http: list[dict], key: str) -> float:
    return sum(h[key] for h in http)


def _per_request(http: list[dict]) -> float:
    """Server CPU per request over every round (each round's CPU weighted by its requests)."""
    return sum(h["cpu_ms"] * h["requests"] for h in http) / max(_pooled(http, "requests"), 1)
