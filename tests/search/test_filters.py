"""Filters are exact and `total` counts what the pages list (#17, item 1).

Before the fix, a glossary-term query with `kind=` returned the defining entry's sub-entries
whatever their kind (they were added after the filter), and `total` disagreed with the hits
collected page by page.
"""

from __future__ import annotations

import pytest

KINDS = ("faq", "rule", "glossary", "section")


def _queries(kb) -> list[str]:
    titles = [e.title for e in kb.entries if e.kind == "glossary" and e.title][::9]
    numbers = [e.number for e in kb.entries if e.kind == "rule" and e.number][::60]
    return titles + numbers + ["attaque", "carte épuisée", "que se passe-t-il si mon deck est vide"]


def _all_pages(searcher, query: str, size: int = 7, **filters) -> tuple[int, list[dict]]:
    first = searcher.search(query, limit=size, **filters)
    hits, offset = [], 0
    while offset < first["total"]:
        page = searcher.search(query, limit=size, offset=offset, **filters)
        assert page["total"] == first["total"], (query, filters, offset)
        assert page["hits"], (query, filters, offset)
        hits += page["hits"]
        offset += size
    return first["total"], hits


def test_kind_filter_is_exact_on_every_page(real, real_kb):
    leaks = []
    for query in _queries(real_kb):
        for kind in KINDS:
            for hit in real.search(query, kind=kind, limit=100)["hits"]:
                if hit["kind"] != kind:
                    leaks.append((query, kind, hit["id"]))
    assert leaks == []


@pytest.mark.parametrize("filters", [{"kind": "rule"}, {"game": "altered"}, {}])
def test_total_is_the_number_of_hits_across_pages(real, real_kb, filters):
    wrong = []
    for query in _queries(real_kb)[::2]:
        total, hits = _all_pages(real, query, **filters)
        ids = [h["id"] for h in hits]
        if total > 150:
            continue  # long tails: the first pages are checked by the assertions in _all_pages
        if len(ids) != total or len(set(ids)) != len(ids):
            wrong.append((query, total, len(ids), len(set(ids))))
        for key, value in filters.items():
            assert {h[key] for h in hits} <= {value}, (query, filters)
    assert wrong == []


def test_inline_filters_are_exact_too(real):
    for query, kind in (("kind:rule Fugace", "rule"), ("kind:faq attaque", "faq")):
        body = real.search(query, limit=100)
        assert body["hits"] and {h["kind"] for h in body["hits"]} == {kind}
