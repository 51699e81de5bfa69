"""Every cache of the search is bounded (#17, item 6): a server sees every distinct query."""

from __future__ import annotations

import random
import string

from arbitre.search import analysis
from arbitre.search.analysis import fold, stem


def test_the_folding_cache_is_bounded():
    limit = analysis._fold_cached.cache_info().maxsize
    assert limit is not None
    for i in range(limit + 2_000):
        fold(f"Éq{i}")
    assert analysis._fold_cached.cache_info().currsize <= limit


def test_the_stem_cache_is_bounded_and_keeps_no_long_word():
    info = analysis._stem_cached.cache_info()
    assert info.maxsize is not None
    before = info.currsize
    random.seed(3)
    for _ in range(50):
        stem("".join(random.choice(string.ascii_lowercase) for _ in range(300)))
    assert analysis._stem_cached.cache_info().currsize == before


def test_searcher_caches_stay_bounded_over_many_distinct_queries(tiny):
    random.seed(4)
    for _ in range(400):
        words = ["".join(random.choice("aeioulnrstcdp") for _ in range(random.randint(4, 12)))]
        tiny.search(" ".join(words * random.randint(1, 3)))
    assert len(tiny.postings.stored_cache) <= tiny.doc_count
    assert len(tiny.postings.folded_cache) <= tiny.doc_count
    assert len(tiny.presenter.tokens_cache) <= tiny.doc_count
    assert len(tiny.postings.cache) <= 50_001


def test_the_postings_cache_is_bounded_by_its_pairs_too(tiny_project, monkeypatch):
    from arbitre.search import postings as postings_module
    from arbitre.search import searcher as searcher_module
    from arbitre.search.indexer import current_generation

    own = searcher_module.Searcher(current_generation(tiny_project.index))
    monkeypatch.setattr(postings_module, "POSTINGS_CACHE_ENTRIES", 10)
    try:
        for q in ("attaque", "carte épuisée", "dommages de combat", "personnage", "joueur actif"):
            own.search(q)
            held = sum(len(scores) for scores in own.postings.cache.values())
            assert held <= 10 or len(own.postings.cache) == 1
    finally:
        own.close()


def test_the_result_cache_is_bounded_in_bytes(tiny_project):
    from arbitre.search import live as live_module
    from arbitre.search.indexer import current_generation

    own = live_module.Searcher(current_generation(tiny_project.index))
    try:
        render = live_module._renderer(own, 1000)
        answers = render.answers
        answers.max_bytes = 16 * 3000  # room for a few small answers only
        for q in ("attaque", "carte", "joueur", "personnage", "dommages", "Fugace", "riposte"):
            for limit in (1, 2, 3, 100):
                body = render(q, None, None, limit, 0)
                assert body == render(q, None, None, limit, 0)  # the same bytes, cached or not
        assert answers.bytes <= answers.max_bytes
        assert 0 < len(answers._items) < 28
    finally:
        own.close()


def _invented(i: int) -> str:
    """A word no index has, distinct for every i (« zqb », « zqc », …, « zqcb », …)."""
    tag = ""
    while True:
        tag, i = "bcdfghjklmnpqrstvwxz"[i % 20] + tag, i // 20
        if not i:
            return "zq" + tag


def _held(searcher) -> dict[str, int]:
    """The size of every container a Searcher keeps, its stages' included."""
    held = {}
    owners = {"searcher": searcher}
    owners.update(
        (name, value)
        for name, value in vars(searcher).items()
        if type(value).__module__.startswith("arbitre.search.")
    )
    for owner, obj in owners.items():
        for name, value in vars(obj).items():
            if isinstance(value, dict | list | set):
                held[f"{owner}.{name}"] = len(value)
    return held


def test_no_searcher_cache_grows_with_words_the_index_does_not_have(tiny_project):
    """A server sees endless distinct misspellings and invented words (the soak's queries
    each have some): what a Searcher keeps per word is bounded by the index's own words, so
    queries of new unknown words, beside known ones, leave every container as it was."""
    from arbitre.search.indexer import current_generation
    from arbitre.search.searcher import Searcher

    own = Searcher(current_generation(tiny_project.index))
    known = ["attaque", "carte épuisée", "dommages de combat", "joueur actif", "riposte", ""]
    try:
        own.warm()
        for i in range(120):  # every known word's caches filled
            own.search(f"{known[i % len(known)]} {_invented(i)}")
        before = _held(own)
        for i in range(120, 600):
            own.search(f"{known[i % len(known)]} {_invented(i)} {_invented(i + 10_000)}")
        grown = {k: (before.get(k), n) for k, n in _held(own).items() if n > before.get(k, 0)}
        assert grown == {}
    finally:
        own.close()
