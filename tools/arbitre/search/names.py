"""The glossary names a query can use: French terms, aliases, abbreviations, English originals.

Built once per index generation from its `meta.json` glossary table (`documents.glossary_names`);
`matches` finds the names in a query's words, longest first, and `typed` the name a whole query
spells stop words and all.  `twin` tells which entries are one passage under several names.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from whoosh.lang.snowball.english import EnglishStemmer

from arbitre.search.analysis import CACHED_LENGTH, STEM_CACHE, analyze, fold
from arbitre.search.language import ENGLISH_FUNCTION_WORDS
from arbitre.search.plan import Expansion

_ENGLISH = EnglishStemmer()


class GlossaryNames:
    """Name key -> game -> Expansion, with the English and as-typed lookups."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self._names: dict[str, dict[str, Expansion]] = {}  # name key -> game -> expansion
        self._names_en: dict[str, dict[str, Expansion]] = {}  # English names, by English stems
        self._names_typed: dict[str, dict[str, Expansion]] = {}  # names with their stop words
        # English names holding English function words (« In play », « Roll a die »), by their
        # other words — an English question's words, which lack its function words —, each
        # expansion `said` as typed, which the question must spell (`matches`).
        self._names_spoken: dict[str, dict[str, list[Expansion]]] = {}
        self.longest = 1
        # The words of the English names, however spelled (`english_typos.py`), function
        # words aside.
        self.english_words: set[str] = set()
        # Names that analyse alike in one game (« Joueur » and « Par joueur », the term
        # « Endurance » and the pair « d'endurance/Life » of running text): the one naming
        # entries wins, then the one spelt with no stop word, then a French one.
        ranked = []
        for row in rows:
            # As printed: « pouvoir de dés » keeps its « dés », which « des » would lose.
            key = " ".join(analyze(row["name"], stemmed=False))
            if key:
                rank = (bool(row["targets"]), typed_key(row["name"]) == key, not row["foreign"])
                ranked.append((rank, key, row))
        ranked.sort(key=lambda item: item[0])  # stable: the best of each key is written last
        for _rank, key, row in ranked:
            titles = {" ".join(analyze(title, stemmed=False)) for title in row["expand"]}
            words = sorted({w for title in titles for w in title.split()})
            expansion = Expansion(
                list(row["targets"]),
                words,
                titles - {""},
                foreign=bool(row.get("foreign")),
                game=row["game"],
            )
            self._names.setdefault(key, {})[row["game"]] = expansion
            if expansion.foreign:  # « fizzle » finds « Fizzling », « exhaustion » « exhausted »
                self._names_en.setdefault(english_key(key), {})[row["game"]] = expansion
            if expansion.foreign or row.get("english"):
                self.english_words.update(
                    w
                    for w in typed_key(row["name"]).split()
                    if w.isalpha() and w not in ENGLISH_FUNCTION_WORDS
                )
            bare = without_variable(key)
            if bare:  # « Riposte X », « Retaliate X » are typed « riposte », « retaliate »
                self._names.setdefault(bare, {}).setdefault(row["game"], expansion)
                if expansion.foreign:
                    self._names_en.setdefault(english_key(bare), {}).setdefault(
                        row["game"], expansion
                    )
            self.longest = max(self.longest, len(key.split()))
            # The name as typed, stop words kept: « pouvoir de des » is « pouvoir de dés »
            # typed without accents, though « des » alone is an article.
            self._names_typed.setdefault(typed_key(row["name"]), {})[row["game"]] = expansion
            spoken = spoken_key(row["name"]) if expansion.foreign else ""
            if spoken and spoken != key:
                self._names_spoken.setdefault(spoken, {}).setdefault(row["game"], []).append(
                    replace(expansion, said=typed_key(row["name"]))
                )
        # Entries that are the same passage under another name: a glossary term and the entry
        # defining it (not the several entries a redirect names: each is a passage of its own).
        self._twins: dict[str, str] = {}
        for row in rows:
            targets = list(row["same"])
            if len(targets) > 1:
                group = self._twins.get(targets[0], targets[0])
                for target in targets:
                    self._twins.setdefault(target, group)

    def get(self, key: str) -> dict[str, Expansion]:
        """The expansions of a name key (its words analysed, unstemmed), per game."""
        return self._names.get(key, {})

    def typed_keys(self) -> set[str]:
        """Every name of several words as typed (`typed_key`), English and French."""
        return {key for key in self._names_typed if " " in key}

    def english_word(self, word: str) -> bool:
        """Whether a word is an English glossary name of one word, inflected or not (« stun »
        for Marvel Champions' « Stunned »)."""
        return english_key(word) in self._names_en

    def named_word(self, word: str) -> bool:
        """Whether a word is a glossary name of one word, or an English one inflected: an
        English function word so is a keyword (Marvel Champions' « Then », The Spoils'
        « while », listed among « Tant que »'s aliases)."""
        return word in self._names or self.english_word(word)

    def twin(self, entry_id: str) -> str:
        """The entry standing for every entry of its passage (itself when alone)."""
        return self._twins.get(entry_id, entry_id)

    def matches(
        self,
        words: list[str],
        game: str | None,
        typed: list[str] | None = None,
        unknown: set[int] | frozenset[int] = frozenset(),
        spoken: str = "",
    ) -> tuple[list[Expansion], set[int]]:
        """Glossary names found in the query, longest first; and the positions they cover.

        A span holding a word the index does not know (`unknown` positions of the words as
        `typed`) may also be an inflection of an English name (« fizzle » for « Fizzling »).
        `spoken`: an English question as typed (`typed_key`), whose words the English names
        holding function words are found by — when it spells the name (« in play »).
        """
        found: list[Expansion] = []
        covered: set[int] = set()
        n = len(words)
        for size in range(min(self.longest, n), 0, -1):
            for start in range(0, n - size + 1):
                span = set(range(start, start + size))
                if span & covered:
                    continue
                per_game = self._names.get(" ".join(words[start : start + size]))
                if not per_game and typed and span & unknown:
                    per_game = self._names_en.get(
                        english_key(" ".join(typed[start : start + size]))
                    )
                if spoken:  # (a game's own name of these words first: « play » is a name too)
                    said = self._spoken(" ".join(words[start : start + size]), spoken)
                    per_game = {**said, **(per_game or {})} if said else per_game
                if not per_game:
                    continue
                for g, expansion in sorted(per_game.items()):
                    if game is None or g == game:
                        found.append(replace(expansion, positions=span))
                        covered |= span
        return found, covered

    def _spoken(self, key: str, spoken: str) -> dict[str, Expansion]:
        """The English names with function words whose other words are `key`, per game, if
        the question (`spoken`, as typed) spells them."""
        found: dict[str, Expansion] = {}
        for g, names in self._names_spoken.get(key, {}).items():
            for expansion in reversed(names):  # the best ranked first (see above)
                if f" {expansion.said} " in f" {spoken} ":
                    found[g] = expansion
                    break
        return found

    def typed(self, key: str, game: str | None, size: int) -> list[Expansion]:
        """The names a whole query of `size` words spells (`typed_key`, stop words kept),
        covering every position."""
        return [
            replace(expansion, positions=set(range(size)))
            for g, expansion in sorted(self._names_typed.get(key, {}).items())
            if game is None or g == game
        ]


def spoken_key(name: str) -> str:
    """An English name's words but its function words (« in play »: « play »), as an English
    question's words are read."""
    return " ".join(w for w in typed_key(name).split() if w not in ENGLISH_FUNCTION_WORDS)


def typed_key(text: str) -> str:
    """Every word of `text`, folded, stop words included."""
    return " ".join(re.findall(r"[^\W_]+", fold(text)))


def without_variable(key: str) -> str | None:
    """A keyword's name without its variable (« riposte x » -> « riposte »), or None."""
    words = key.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1] == "x" else None


def english_key(key: str) -> str:
    """A name's words by their English (Snowball) stems."""
    return " ".join(_english_stem(word) for word in key.split())


def _english_stem(word: str) -> str:
    return _english_stem_cached(word) if len(word) < CACHED_LENGTH else _ENGLISH.stem(word)


_english_stem_cached = lru_cache(maxsize=STEM_CACHE)(_ENGLISH.stem)
