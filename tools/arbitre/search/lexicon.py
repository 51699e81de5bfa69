"""Words: a word French knows (or a common English word) is never taken for a typo.

The typo corrector (`typos.py`) replaces a word the index lacks by the nearest index words.
Before it does, it asks the lexicon: every form and lemma of simplemma's French dictionary
(already the source of the lemma table), the French words pyspellchecker's list saw in use (the
invariable words simplemma lacks: « vite », « gars »), folded as query words are, and the
ENGLISH_COMMON most frequent words of pyspellchecker's English list (players mix in English: « fan-made »,
« combo »; a rare English word such as « personage » is far more often a French typo).  A word
found there stays as typed whatever the index holds: « fouiller » is not « feuille », « truc »
not « troc », « pote » not « porte », « made » not « mode ».

An index generation keeps the lexicon as one sorted text (`lexicon.txt.gz`, 0.6 MB), which a
searcher reads in a few milliseconds and looks words up in by bisection (`Lexicon`: about 4 MB
in memory, where a set of its 250,000 words would take 25).  The browser needs only the
lexicon's words within the typo budget of an index word (any other word has no correction
anyway): its index carries those (`near_words`: about 21,000 words, 50 kB gzipped), so both
sides decide alike and the browser gets no whole dictionary.
"""

from __future__ import annotations

import bisect
import gzip
import itertools
from array import array
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from arbitre.search.analysis import fold
from arbitre.search.asking import lookalikes as question_lookalikes
from arbitre.search.elision import lookalikes
from arbitre.search.typos import Vocabulary, deletions, max_edits, reaches
from arbitre.search.weights import MAX_TYPO_LENGTH

ENGLISH_COMMON = 20_000
# pyspellchecker's French list gives this count to the 98,000 words it took from a dictionary
# without seeing them used; the lexicon takes the 42,000 it saw used.
DICTIONARY_ONLY = 50


@cache
def lexicon() -> frozenset[str]:
    """simplemma's French forms and lemmas and the common English words, folded, of the
    length a typo may have."""
    french, english = word_lists()
    return frozenset(w for w in french | english if max_edits(w))


@cache
def word_lists() -> tuple[frozenset[str], frozenset[str]]:
    """The French words and the common English words, folded, alphabetic, of any length: the
    lexicon's sources, which `foreign.py` also reads (loaded once, about a second)."""
    from simplemma.strategies import DefaultDictionaryFactory
    from spellchecker import SpellChecker

    dictionary = DefaultDictionaryFactory().get_dictionary("fr")
    frequencies = SpellChecker(language="en", distance=1).word_frequency.dictionary
    common = sorted(frequencies.items(), key=lambda item: (-item[1], item[0]))[:ENGLISH_COMMON]
    # simplemma lists the words that have forms; a word without (« vite », « gars », « pois »)
    # comes from pyspellchecker's French list, the words it counted in use.
    in_use = SpellChecker(language="fr", distance=1).word_frequency.dictionary
    used = (w for w, n in in_use.items() if n > DICTIONARY_ONLY)
    french = {fold(w) for w in (*dictionary, *dictionary.values(), *used)}
    english = {fold(w) for w, _n in common}
    return (
        frozenset(w for w in french if w.isalpha()),
        frozenset(w for w in english if w.isalpha()),
    )


def write_lexicon(path: Path) -> None:
    """The lexicon, sorted, one word a line, gzipped (what `Lexicon.read` reads)."""
    path.write_bytes(gzip.compress("\n".join(sorted(lexicon())).encode("utf-8"), mtime=0))


class Lexicon:
    """A sorted word list held as one string, looked up by bisection."""

    def __init__(self, text: str) -> None:
        self._text = text
        starts = array("I", [0])
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        self._starts = starts

    @classmethod
    def read(cls, path: Path) -> Lexicon:
        return cls(gzip.decompress(path.read_bytes()).decode("utf-8"))

    def __len__(self) -> int:
        return len(self._starts) if self._text else 0

    def __getitem__(self, i: int) -> str:
        start = self._starts[i]
        end = self._starts[i + 1] - 1 if i + 1 < len(self._starts) else len(self._text)
        return self._text[start:end]

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word or "\n" in word:
            return False
        i = bisect.bisect_left(self, word)
        return i < len(self) and self[i] == word


def browser_words(
    vocabulary: Vocabulary, english: Vocabulary, players: Iterable[str] = ()
) -> list[str]:
    """The lexicon's words the browser's index carries: those near an index word
    (`near_words`), and those with an elision's shape (« dont », « celle »: `elision.py`) or
    one edit from a question word (« comment »'s « commet »: `asking.py`), which the browser
    must know are words; those near `english` (an English question's vocabulary:
    `english_typos.py`); and the players' own words (`players_words.py`, in `vocabulary` but
    in no field the browser reads a word from) that are words of the lexicon (« steps »)."""
    vocab = vocabulary[0]
    own = set(players)
    known = vocab.keys() - own  # the words the browser finds in its fields
    shaped = lookalikes(lexicon(), known.__contains__)  # (as the browser's elision reads)
    asking = question_lookalikes(lexicon())
    near, near_english = map(set, _near_each([vocabulary, english]))  # one pass for both
    near |= near_english - known
    near |= own & lexicon()
    return sorted(near | {w for w in (*shaped, *asking) if w not in known})


def near_words(vocabulary: Vocabulary) -> list[str]:
    """The lexicon's words that the corrector would otherwise replace: those within the typo
    budget of an index word (`typos.nearest` finds one: `typos.reaches`), sorted."""
    return _near_each([vocabulary])[0]


def _near_each(vocabularies: list[Vocabulary]) -> list[list[str]]:
    """`near_words` of each vocabulary, in one pass over the lexicon (a word's deleted forms,
    most of the work, worked out once for all)."""
    keys = [vocab.keys() | deletes.keys() for vocab, deletes in vocabularies]
    found: list[list[str]] = [[] for _ in vocabularies]
    for word in sorted(lexicon()):
        forms = _Forms(word)
        for k, vocabulary in enumerate(vocabularies):
            if word not in vocabulary[0] and forms.may_reach(keys[k]):
                if reaches(word, vocabulary):
                    found[k].append(word)
    return found


_PAIRS = {n: list(itertools.combinations(range(n), 2)) for n in range(2, MAX_TYPO_LENGTH + 1)}


class _Forms:
    """A word's forms with one (or, for a long word, two) letters deleted, worked out when
    first asked."""

    def __init__(self, word: str) -> None:
        self.word = word
        self._one: set[str] | None = None
        self._two: list[str] | None = None

    def may_reach(self, keys: set[str]) -> bool:
        """Whether the word or one of its forms is an index word or one of their
        one-deletion forms: the lookup `nearest` starts from, done without sorting or
        measuring anything (most words fail it)."""
        word = self.word
        if self._one is None:
            self._one = deletions(word)
        if word in keys or not keys.isdisjoint(self._one):
            return True
        if max_edits(word) < 2:
            return False
        if self._two is None:
            self._two = [word[:i] + word[i + 1 : j] + word[j + 1 :] for i, j in _PAIRS[len(word)]]
        return not keys.isdisjoint(self._two)
