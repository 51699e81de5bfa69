"""Searches now run in a thread pool (#17, item 5): several at once on one Searcher give
exactly the answers they give one at a time."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from arbitre.search.indexer import current_generation
from arbitre.search.searcher import Searcher

QUERIES = [
    "Fugace",
    "609.1f",
    "attaque",
    "destrucion",
    "carte épuisée",
    "mon deck est vide",
    "pile de victoire",
    "riposte",
    "kind:faq bloquer",
    "exhausted",
    "joue en premier",
    "Vitesse",
]


def test_concurrent_searches_answer_as_sequential_ones(tiny_project):
    alone = Searcher(current_generation(tiny_project.index))
    try:
        expected = {q: alone.search(q) for q in QUERIES}
    finally:
        alone.close()
    shared = Searcher(current_generation(tiny_project.index))  # cold caches, filled concurrently
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(lambda q: (q, shared.search(q)), QUERIES * 20))
    finally:
        shared.close()
    assert all(answer == expected[q] for q, answer in answers)
