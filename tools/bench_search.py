"""The in-process part of the benchmark (`tools/benchmark.py`): query latency per kind of query,
relevance, the SQLite FTS5 baseline over the same entries and a synthetic corpus of `factor`
copies of every entry.  Each `*_rows` function returns rows of the Markdown table.
"""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import replace
from pathlib import Path

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.analysis import fold
from arbitre.search.evaluate import evaluate, load_queries
from arbitre.search.indexer import IndexStats, build_index
from arbitre.search.searcher import Searcher
from bench_common import (
    DEV_QUERIES,
    HOLDOUT2_QUERIES,
    HOLDOUT_QUERIES,
    built_generation,
    mib,
    percentile,
    time_queries,
)


def latency_rows(
    searcher: Searcher, sets: dict[str, list[str]], quick: bool
) -> list[tuple[str, str]]:
    """In-process latency of each query set, then of all of them."""
    rows = []
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
    return rows


def relevance_rows(searcher: Searcher) -> list[tuple[str, str]]:
    """The whoosh search's recall and MRR on the dev and held-out sets, no game filter."""
    rows = []
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
    return rows


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


def fts5_rows(
    kb: KnowledgeBase, sets: dict[str, list[str]], tmp_path: Path
) -> list[tuple[str, str]]:
    """SQLite FTS5 over the same entries: its build, latency and relevance."""
    rows = []
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
    return rows


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
                    id=e.id + suffix,
                    parent=rename(e.parent),
                    refs=[r + suffix for r in e.refs],
                    defined_by=rename(e.defined_by),
                )
            )
    return KnowledgeBase(kb.games, entries)


def synthetic_rows(
    kb: KnowledgeBase,
    stats: IndexStats,
    searcher: Searcher,
    sets: dict[str, list[str]],
    tmp_path: Path,
    quick: bool,
) -> list[tuple[str, str]]:
    """Synthetic corpus: factor x the real entries (10x with `quick`, else 100x), its build
    against the real index's (`stats`) and its latency against the real one's (`searcher`)."""
    factor = 10 if quick else 100
    big = synthetic_kb(kb, factor)
    big_dir = tmp_path / "big" / ".index"
    big_stats = build_index(big, big_dir, root=tmp_path / "big", procs=1)
    big_searcher = Searcher(built_generation(big_dir))
    big_queries = sets["dev"] + sets["term"][:50] + sets["number"][:50]
    big_times = time_queries(big_searcher.search, big_queries)
    # The same queries again: their terms' postings are now cached, as a server's
    # frequent vocabulary would be.
    big_warm = time_queries(big_searcher.search, big_queries)
    small_times = time_queries(
        searcher.search, sets["dev"] + sets["term"][:50] + sets["number"][:50]
    )
    rows = [
        (
            f"synthetic corpus {factor}x ({len(big.entries)} entries) build",
            f"{big_stats.seconds:.1f} s ({big_stats.seconds / stats.seconds:.0f}x), "
            f"{mib(big_stats.size_bytes)} ({big_stats.size_bytes / stats.size_bytes:.0f}x)",
        ),
        (
            f"synthetic corpus {factor}x latency",
            f"first run p50 {percentile(big_times, 50):.1f} ms, p95 {percentile(big_times, 95):.1f} ms; "
            f"repeated p50 {percentile(big_warm, 50):.1f} ms, p95 {percentile(big_warm, 95):.1f} ms "
            f"(real corpus, same queries: p50 {percentile(small_times, 50):.1f}, p95 {percentile(small_times, 95):.1f})",
        ),
    ]
    big_searcher.close()
    return rows
