"""The bilingual table (`bilingual.yaml`): the rules' general vocabulary in English, and the
French words the rulebooks print for it.  A query read as English (`language.py`) has its
words matched here by their English stems, longest phrase first (« hit points » before
« points »), and each match adds its French words to the query (`understand.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from arbitre.search.analysis import analyze, stem
from arbitre.search.language import ENGLISH_FUNCTION_WORDS, words_of
from arbitre.search.names import english_key


@dataclass(frozen=True)
class Translation:
    english: tuple[str, ...]  # the English phrases, as typed in the table
    french: tuple[tuple[str, ...], ...]  # each French phrase's folded words (stop words out)
    source: str  # the entry that prints the French word in that sense

    @property
    def provenance(self) -> str:
        return f"bilingual.yaml source {self.source}"

    def stems(self) -> list[tuple[str, ...]]:
        """The French phrases' stems (for the phrases of several words)."""
        return [tuple(stem(w) for w in words) for words in self.french]


@dataclass(frozen=True)
class BilingualMatch:
    start: int
    size: int
    translation: Translation
    english: str  # the table's English phrase that matched


class Bilingual:
    def __init__(self, translations: list[Translation]) -> None:
        self.translations = translations
        self._index: dict[str, list[tuple[Translation, str]]] = {}  # English key -> pairs
        self.words: set[str] = set()  # the English words of its phrases (`english_typos.py`)
        for translation in translations:
            for phrase in translation.english:
                # As a query's words are: folded, English function words left out (« end of
                # turn » is « end turn »).
                words = [w for w in words_of(phrase) if w not in ENGLISH_FUNCTION_WORDS]
                self.words.update(words)
                key = english_key(" ".join(words))
                pairs = self._index.setdefault(key, [])
                if key and all(t != translation for t, _phrase in pairs):
                    pairs.append((translation, phrase))
        self.longest = max((len(k.split()) for k in self._index), default=1)

    def index(self) -> dict[str, list[tuple[Translation, str]]]:
        """English key -> (translation, the phrase it came from), in the table's order."""
        return self._index

    @classmethod
    def parse(cls, data: dict) -> Bilingual:
        translations = []
        for row in data.get("pairs") or []:
            french = tuple(
                tuple(words)
                for words in (analyze(str(f), stemmed=False) for f in row["fr"])
                if words
            )
            translations.append(
                Translation(tuple(str(e) for e in row["en"]), french, str(row["source"]))
            )
        return cls(translations)

    def matches(
        self, words: list[str], skip: set[int] | frozenset[int] = frozenset()
    ) -> list[BilingualMatch]:
        """The table's phrases in a query's folded words (longest first, never overlapping,
        never over the positions in `skip`)."""
        found: list[BilingualMatch] = []
        covered = set(skip)
        for size in range(min(self.longest, len(words)), 0, -1):
            for start in range(len(words) - size + 1):
                span = set(range(start, start + size))
                if span & covered:
                    continue
                for translation, phrase in self._index.get(
                    english_key(" ".join(words[start : start + size])), ()
                ):
                    found.append(BilingualMatch(start, size, translation, phrase))
                    covered |= span
        return found


@cache
def load_bilingual() -> Bilingual:
    text = resources.files("arbitre.search").joinpath("bilingual.yaml").read_text("utf-8")
    return Bilingual.parse(yaml.safe_load(text))
