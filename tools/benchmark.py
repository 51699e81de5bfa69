"""Search benchmark: index build, in-process and HTTP latency, SQLite FTS5 baseline, 100x corpus.

    .venv/bin/python tools/benchmark.py [--quick]
    .venv/bin/python tools/benchmark.py --neighbour [--quick]   # only 16 clients + 1 worst-case
    .venv/bin/python tools/benchmark.py --soak 1000000          # only the memory soak
    .venv/bin/python tools/benchmark.py --compare [--baseline REF | --baseline-tree DIR]
                                                 # this code beside an earlier one, same run

Prints a Markdown table (and the machine it ran on) that tools/BENCHMARK.md quotes.  Everything runs
on loopback in temporary directories; the project's own .index/ is never touched.  Loops are
bounded: a fixed number of queries and requests, a timeout on the server start.

This file reads the options and runs the sections; the sections live beside it: bench_search.py
(in-process latency, relevance, the SQLite FTS5 baseline, the synthetic corpus), bench_http.py
(`arbitre serve` under load, the worst-case neighbour), bench_static.py (the site's search in
Chromium, the offline worker), bench_soak.py, bench_compare.py, bench_editions.py, and
bench_common.py (what they share).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from arbitre.kb.load import load_kb  # noqa: E402
from arbitre.paths import ProjectPaths  # noqa: E402
from arbitre.search.indexer import build_index  # noqa: E402
from arbitre.search.searcher import Searcher  # noqa: E402
from bench_common import ROOT, built_generation, mib, print_rows, query_sets, scratch_project  # noqa: E402
from bench_compare import BASELINE, compare  # noqa: E402
from bench_http import fail_on_errors, http_rows, neighbour_only  # noqa: E402
from bench_search import fts5_rows, latency_rows, relevance_rows, synthetic_rows  # noqa: E402
from bench_soak import soak  # noqa: E402
from bench_static import static_search_rows  # noqa: E402


def parse_args() -> argparse.Namespace:
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
        "--rounds",
        type=int,
        default=None,
        help="with --compare: how many times the two sides alternate (default 2; 1 with --quick)",
    )
    parser.add_argument(
        "--editions",
        action="store_true",
        help="only `edition add` of the largest document against a plain import, then exit",
    )
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    if args.compare:
        compare(args.baseline, args.baseline_tree, args.quick, args.python_client, args.rounds)
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
    full_run(args.quick, args.python_client)


def full_run(quick: bool, python_client: bool) -> None:
    """Every section but the soak, the comparison and the editions, in one table."""
    paths = ProjectPaths(ROOT)
    started = time.perf_counter()
    kb = load_kb(paths)
    load_s = time.perf_counter() - started
    rows: list[tuple[str, str]] = []

    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as tmp:
        tmp_path = Path(tmp)
        project = scratch_project(tmp_path)
        bench_paths = ProjectPaths(project)

        stats = build_index(kb, bench_paths.index, root=project)
        searcher = Searcher(built_generation(bench_paths.index))
        searcher.warm()  # as the server does at start (stored fields, lengths, vocabulary)
        sets = query_sets(kb, 100 if quick else 300)
        rows.append(
            (
                "Knowledge base",
                f"{len(kb.entries)} entries, {len(kb.games)} games (YAML load {load_s:.2f} s)",
            )
        )
        rows.append(("whoosh index build", f"{stats.seconds:.2f} s, {mib(stats.size_bytes)}"))
        rows += latency_rows(searcher, sets, quick)
        rows += relevance_rows(searcher)
        rows += fts5_rows(kb, sets, tmp_path)
        http_queries = [q for qs in sets.values() for q in qs]
        load_rows, http_errors = http_rows(project, http_queries, quick, python_client)
        rows += load_rows
        rows += synthetic_rows(kb, stats, searcher, sets, tmp_path, quick)
        searcher.close()
    rows += static_search_rows(ROOT / "site")
    print_report(rows, http_errors, quick)


def print_report(rows: list[tuple[str, str]], http_errors: list[str], quick: bool) -> None:
    """The machine, the table, then the HTTP errors if any (exit status 1)."""
    cpu = platform.processor() or platform.machine()
    print(
        f"Machine: {platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}{' (--quick)' if quick else ''}\n"
    )
    print_rows(rows)
    fail_on_errors(http_errors)


if __name__ == "__main__":
    main()
