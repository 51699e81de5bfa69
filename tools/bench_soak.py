"""The memory soak of the benchmark (`tools/benchmark.py --soak N`): N distinct random queries
through the app's search, in this process, and its memory as it goes.
"""

from __future__ import annotations

import ctypes
import gc
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from arbitre.errors import ArbitreError
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from bench_common import ROOT, scratch_project


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
        project = scratch_project(Path(tmp))
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
                    f"{len(live.searcher.focus.owners)} | "
                    f"{len(answers._items) if answers else 0} | "
                    f"{time.perf_counter() - started:.0f} |",
                    flush=True,
                )
        print(f"soak: peak RSS {peak:.0f} MiB ({peak - start:+.0f} MiB over the start)")
        if libc is not None:
            gc.collect()
            libc.malloc_trim(0)
            print(f"soak: RSS after malloc_trim(0) {rss_mib():.0f} MiB")
