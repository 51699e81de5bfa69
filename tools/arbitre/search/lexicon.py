"""Words: a word French knows (or a common English word) is never taken for a typo.

The typo corrector (`typos.py`) replaces a word the index lacks by the nearest index words.
Before it does, it asks the lexicon: every form and lemma of simplemma's French dictionary
(already the source of the lemma table), folded as query words are, and the ENGLISH_COMMON most
frequent words of pyspellchecker's English word list (players mix in English: « fan-made »,
« combo »; a rare English word such as « personage » is far more often a French typo).  A word
found there stays as typed whatever the index holds: « fouiller » is not « feuille », « truc »
not « troc », « pote » not « porte », « made » not « mode ».

Only the lexicon's words within the typo budget of an index word matter (any other word has no
correction anyway), so an index generation keeps just those (`near_words`: about 20,000 words,
50 kB gzipped, in `words.json`), and the browser's index carries the same list: both sides
decide alike, and the browser gets no whole dictionary.
"""

from __future__ import annotations

import hashlib
import itertools
from functools import cache

from arbitre.search.analysis import fold
from arbitre.search.typos import Vocabulary, deletions, max_edits, nearest
from arbitre.search.weights import MAX_TYPO_LENGTH

ENGLISH_COMMON = 20_000


@cache
def lexicon() -> frozenset[str]:
    """simplemma's French forms and lemmas and the common English words, folded, of the
    length a typo may have."""
    from simplemma.strategies import DefaultDictionaryFactory
    from spellchecker import SpellChecker

    dictionary = DefaultDictionaryFactory().get_dictionary("fr")
    frequencies = SpellChecker(language="en", distance=1).word_frequency.dictionary
    common = sorted(frequencies.items(), key=lambda item: (-item[1], item[0]))[:ENGLISH_COMMON]
    words = {fold(w) for w in (*dictionary, *dictionary.values(), *(w for w, _n in common))}
    return frozenset(w for w in words if w.isalpha() and max_edits(w))


_near: dict[str, list[str]] = {}  # vocabulary digest -> near words (one build, two readers)


def near_words(vocabulary: Vocabulary) -> list[str]:
    """The lexicon's words that the corrector would otherwise replace: those within the typo
    budget of an index word (`typos.nearest` finds one), sorted.

    `arbitre build` asks twice (the index, then the browser's index) for the same vocabulary:
    the answer is kept for the last two vocabularies."""
    vocab, deletes = vocabulary
    digest = hashlib.sha256(repr(sorted(vocab.items())).encode()).hexdigest()
    if digest not in _near:
        if len(_near) >= 2:
            _near.clear()
        keys = vocab.keys() | deletes.keys()
        _near[digest] = sorted(
            word
            for word in lexicon()
            if word not in vocab and _may_reach(word, keys) and nearest(word, vocabulary)
        )
    return _near[digest]


_PAIRS = {n: list(itertools.combinations(range(n), 2)) for n in range(2, MAX_TYPO_LENGTH + 1)}


def _may_reach(word: str, keys: set[str]) -> bool:
    """Whether one of `word`'s forms with one (or, for a long word, two) letters deleted is an
    index word or one of their one-deletion forms: the lookup `nearest` starts from, done
    without sorting or measuring anything (most words fail it)."""
    if word in keys or not keys.isdisjoint(deletions(word)):
        return True
    if max_edits(word) < 2:
        return False
    return not keys.isdisjoint(
        [word[:i] + word[i + 1 : j] + word[j + 1 :] for i, j in _PAIRS[len(word)]]
    )
