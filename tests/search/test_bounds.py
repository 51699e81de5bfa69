"""Typo correction does bounded work whatever the query (#17, item 5).

Counted, not timed: how many words typo correction looks at and how many candidates it
compares, for the worst inputs the API accepts (500 characters).
"""

from __future__ import annotations

import random
import string

from arbitre.search import typos as typos_module
from arbitre.search.indexer import current_generation
from arbitre.search.searcher import Searcher
from arbitre.search.typos import Typos
from arbitre.search.weights import MAX_TYPO_CANDIDATES, MAX_TYPO_WORDS


def _count_calls(monkeypatch, name: str) -> list[int]:
    calls = [0]
    original = getattr(typos_module, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(typos_module, name, counting)
    return calls


def test_a_very_long_word_costs_no_typo_work(tiny, monkeypatch):
    deletions = _count_calls(monkeypatch, "deletions")
    random.seed(7)
    word = "".join(random.choice(string.ascii_lowercase) for _ in range(400))
    body = tiny.search(word)
    assert body["total"] == 0 and body["suggestion"] is None
    assert deletions[0] == 0


def test_a_query_corrects_a_bounded_number_of_words(tiny, monkeypatch):
    corrected = []
    original = Typos.corrections

    def spy(self, reader, word):
        corrected.append(word)
        return original(self, reader, word)

    monkeypatch.setattr(Typos, "corrections", spy)
    random.seed(8)
    words = ["".join(random.choice("aeioulnrst") for _ in range(6)) for _ in range(70)]
    tiny.search(" ".join(words)[:500])
    assert 0 < len(corrected) <= MAX_TYPO_WORDS


def test_candidates_compared_per_word_are_bounded(tiny_project, monkeypatch):
    # A vocabulary where hundreds of words are one substitution away from the typed one (the
    # real corpus has at most about ten; a larger one could have many more).
    own = Searcher(current_generation(tiny_project.index))
    typed = "abcdefghijkl"
    neighbours = {
        typed[:i] + letter + typed[i + 1 :]
        for i in range(1, len(typed))
        for letter in string.ascii_lowercase
        if letter != typed[i]
    }
    deletes: dict[str, list[str]] = {}
    for word in neighbours:
        for form in typos_module.deletions(word):
            deletes.setdefault(form, []).append(word)
    own.typos.vocab = ({w: 1 for w in neighbours}, deletes)
    distances = _count_calls(monkeypatch, "edit_distance")
    with own._whoosh() as whoosh_searcher:
        found = own.typos.corrections(whoosh_searcher.reader(), typed)
    own.close()
    assert len(neighbours) > MAX_TYPO_CANDIDATES
    assert 0 < distances[0] <= MAX_TYPO_CANDIDATES
    assert found and all(typos_module.edit_distance(typed, c) == 1 for c in found)


def test_ordinary_typos_are_still_corrected(tiny):
    assert tiny.search("destrucion")["suggestion"] == "destruction"
