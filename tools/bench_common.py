"""What every part of the benchmark (`tools/benchmark.py`) shares: the checkout's root and its
query sets, percentiles and sizes, the timing of a list of queries, the Markdown table.

Imported by `tools/benchmark.py` once it has put `tools/` on the import path.
"""

from __future__ import annotations

import time
from pathlib import Path

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.evaluate import load_queries
from arbitre.search.indexer import current_generation

ROOT = Path(__file__).resolve().parents[1]

DEV_QUERIES = ROOT / "tests" / "data" / "dev-queries.yaml"
HOLDOUT_QUERIES = ROOT / "tests" / "data" / "holdout-queries.yaml"
HOLDOUT2_QUERIES = ROOT / "tests" / "data" / "holdout2-queries.yaml"
NATURAL_HOLDOUT_QUERIES = ROOT / "tests" / "data" / "natural-holdout-queries.yaml"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


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


def print_rows(rows: list[tuple[str, str]]) -> None:
    print("| measure | figure |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


def built_generation(index_dir: Path) -> Path:
    """The index generation a build just wrote under `index_dir` (an error if there is none)."""
    generation = current_generation(index_dir)
    if generation is None:
        raise SystemExit(f"benchmark: no index generation under {index_dir}")
    return generation


def scratch_project(parent: Path, name: str = "project") -> Path:
    """A project under `parent` reading this checkout's knowledge base (links to its
    `content/`, `glossary/` and `mkdocs.yml`), with an index and a site of its own."""
    project = parent / name
    project.mkdir()
    for item in ("content", "glossary", "mkdocs.yml"):
        (project / item).symlink_to(ROOT / item)
    return project
