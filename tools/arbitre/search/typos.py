"""Typo correction: the index's words, and the nearest of them to a word it does not know.

SymSpell-style: a word and a typo of it share a form with one or two letters deleted, so a
one-deletion index over the vocabulary (built once, on the first unknown word) finds the
candidates, and an edit distance counting a swap as one edit keeps the nearest.  The work per
word is bounded whatever the input (`weights.MAX_TYPO_*`).
"""

from __future__ import annotations

import threading
from collections.abc import Container
from typing import Any

from arbitre.search.weights import MAX_TYPO_CANDIDATES, MAX_TYPO_LENGTH


def max_edits(word: str) -> int:
    """Typos tolerated in a word of this length."""
    if len(word) <= 3 or len(word) > MAX_TYPO_LENGTH or word.isdigit():
        return 0
    return 1 if len(word) <= 7 else 2


Vocabulary = tuple[dict[str, int], dict[str, list[str]]]  # words with their df, one-deletion index


class Typos:
    """The index's words with their document frequency, and their one-deletion index; and the
    lexicon (`lexicon.py`: French, common English), whose words are never typos."""

    def __init__(
        self, words: Container[str] = frozenset(), players: dict[str, int] | None = None
    ) -> None:
        self._lock = threading.Lock()
        self.vocab: Vocabulary | None = None
        self.words = words  # the lexicon: never typos
        # the players' questions' words the index's exact fields lack (`players_words.py`)
        self.players = players or {}

    def vocabulary(self, reader: Any) -> Vocabulary:
        """Every indexed word with its document frequency (and the players' own words, with the
        entries whose questions use them), and a one-deletion index over them.

        Built once, on the first unknown word, because whoosh's Levenshtein automata cost
        several milliseconds per field and word.
        """
        with self._lock:
            if self.vocab is None:
                vocab = indexed_words(reader)
                for word, count in self.players.items():
                    vocab.setdefault(word, count)
                self.vocab = (vocab, deletion_index(vocab))
            return self.vocab

    def corrections(self, reader: Any, word: str) -> list[str]:
        """Indexed words within the typo budget of `word`, most plausible first; none for a
        word of the lexicon (« fouiller » is not « feuille ») or a players' word (« dispo »).
        With none within the budget, the word as French spells its « k » (`spoken_k`:
        « attaker » is « attaquer », « kapacité » « capacité »), when the index has it."""
        if word in self.words or word in self.players:
            return []
        vocabulary = self.vocabulary(reader)
        return nearest(word, vocabulary) or [w for w in spoken_k(word) if w in vocabulary[0]][:1]


def spoken_k(word: str) -> list[str]:
    """A word typed with « k » for the sound French spells « qu » or « c » (« attaker »,
    « bloker », « kestion », « kapacité »), spelled both ways; none without a « k », nor for a
    word too short to correct (`max_edits`: « ki », « koi » are no typos of « ci », « quoi »)."""
    if "k" not in word or not max_edits(word):
        return []
    return [word.replace("k", "qu"), word.replace("k", "c")]


def indexed_words(reader: Any) -> dict[str, int]:
    """The words of the exact fields (what the rulebooks print, folded; none starting with a
    digit) with their document frequency, summed over the fields."""
    vocab: dict[str, int] = {}
    for fieldname in ("title_exact", "names_exact", "text_exact"):
        for raw, info in reader.iter_field(fieldname):
            word = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            if not word[0].isdigit():
                vocab[word] = vocab.get(word, 0) + info.doc_frequency()
    return vocab


def deletion_index(vocab: dict[str, int]) -> dict[str, list[str]]:
    """One-deletion form -> the words (of more than three letters) it comes from."""
    deletes: dict[str, list[str]] = {}
    for word in vocab:
        if len(word) > 3:
            for form in deletions(word):
                deletes.setdefault(form, []).append(word)
    return deletes


def nearest(word: str, vocabulary: Vocabulary) -> list[str]:
    """The words of `vocabulary` within the typo budget of `word`, most plausible first."""
    edits = max_edits(word)
    plausible = _plausible(word, edits, vocabulary)
    vocab = vocabulary[0]
    distance = {c: edit_distance(word, c) for c in plausible}
    candidates = [c for c, d in distance.items() if d <= edits]
    if candidates:  # only the nearest: a farther word is another word, not this one
        best = min(distance[c] for c in candidates)
        candidates = [c for c in candidates if distance[c] == best]
    candidates.sort(key=lambda c: (distance[c], -vocab[c], c))
    return candidates[:3]


def reaches(word: str, vocabulary: Vocabulary) -> bool:
    """Whether `nearest` finds a word (told at the first one found)."""
    edits = max_edits(word)
    return any(edit_distance(word, c) <= edits for c in _plausible(word, edits, vocabulary))


def _plausible(word: str, edits: int, vocabulary: Vocabulary) -> list[str]:
    """The words sharing a form with `word` once up to `edits` letters are deleted, that could
    be a typo of it (at most MAX_TYPO_CANDIDATES, the most frequent)."""
    if edits == 0:
        return []
    vocab, deletes = vocabulary
    forms = {word} | deletions(word)
    if edits > 1:
        forms |= {f2 for f in list(forms) for f2 in deletions(f)}
    found: set[str] = set()
    for form in forms:
        if form in vocab:
            found.add(form)
        found.update(deletes.get(form, ()))
    found.discard(word)
    plausible = [c for c in found if may_be_typo(word, c, edits)]
    if len(plausible) > MAX_TYPO_CANDIDATES:
        plausible = sorted(plausible, key=lambda c: (-vocab[c], c))[:MAX_TYPO_CANDIDATES]
    return plausible


def may_be_typo(word: str, meant: str, edits: int) -> bool:
    """Whether `word` could be `meant` mistyped, before measuring: the first letter is rarely
    wrong, unless swapped with the second (« etat » for « teat »), and the lengths differ by at
    most `edits`."""
    begins = word[0] == meant[0] or word[:2] == meant[1::-1]
    return begins and abs(len(word) - len(meant)) <= edits


def deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def edit_distance(a: str, b: str) -> int:
    """Edit distance counting a swap of two adjacent letters as one edit (optimal string alignment)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]
