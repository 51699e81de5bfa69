"""The query plan, as data: what a query was understood to ask, before anything is retrieved.

`understand.py` builds it (words and their corrections, each word's terms per field with their
weights and provenance, glossary names, synonyms, phrases); `focus.py` adds the game a query
is about; the searcher retrieves and ranks with it; `explain` prints it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from whoosh.query import Term

from arbitre.search.analysis import forget_on_restem, stem
from arbitre.search.quoted import Quoted

PATTERN_CACHE = 8192  # compiled phrase patterns kept (two or so words each)
PATTERN_CACHED_LENGTH = 60


@dataclass
class Expansion:
    targets: list[str]  # entry ids the glossary name designates
    words: list[str]  # folded words of the French title it expands to
    titles: set[str] = field(default_factory=set)  # the French titles, as analyzed word keys
    positions: set[int] = field(default_factory=set)  # query words the name covers
    foreign: bool = False  # an English original or the other half of a « Vitesse/Speed » pair
    game: str = ""  # the game whose glossary has the name
    said: str = ""  # a name found by its other words, as the question spells it (« in play »)


@dataclass
class Concept:
    """One word of the query: every term that counts as finding it, and how rare it is."""

    terms: list[Term]
    weight: float
    # Phrases: stems, weight, and the games where they count (None: all).
    phrases: list[tuple[tuple[str, ...], float, frozenset[str] | None]] = field(
        default_factory=list
    )
    # Terms that count only in some games' entries (a game's own synonyms).
    scoped: list[tuple[Term, frozenset[str]]] = field(default_factory=list)


@dataclass
class Plan:
    words: list[str]
    corrected: list[str]
    concepts: list[Concept] = field(default_factory=list)
    boosted_ids: dict[str, float] = field(default_factory=dict)
    mentions: dict[str, float] = field(default_factory=dict)  # glossary id -> weight of its users
    names: set[str] = field(default_factory=set)
    whole_name: bool = False
    # Query word positions that spell a glossary name -> the games whose glossary has it.
    named_spans: dict[tuple[int, ...], set[str]] = field(default_factory=dict)
    # A named span whose name holds words the query drops (« in play » over « play »): the name.
    said: dict[tuple[int, ...], str] = field(default_factory=dict)
    # Query word positions that spell a game's name (`vocabulary.game_name_spans`).
    game_words: set[int] = field(default_factory=set)
    # The one game the query names, with the names typed (`Vocabulary.game_named`).
    game_named: tuple[str, list[str]] | None = None
    phrases: list[PhrasePattern] = field(default_factory=list)  # word sequences to find
    # Wording the query quotes (« rejoindre », 'ne peut pas'): its words and pattern (`quoted.py`).
    quoted: list[Quoted] = field(default_factory=list)
    # What the query was expanded to, for `explain`: (query words, added words, provenance).
    synonyms: list[tuple[str, list[str], str]] = field(default_factory=list)

    def spelled(self, span: tuple[int, ...]) -> str:
        """A named span as the query says the name (« in play », not « play »)."""
        return self.said.get(span) or " ".join(self.corrected[i] for i in span)


FOCUS_REASONS = {  # why a query was taken to be about a game (the site's search says it too)
    "glossary": "termes de son glossaire",
    "vocabulary": "mots propres à ce jeu",
    "candidates": "la plupart des meilleures réponses en viennent",
}
FOCUS_NAMED = "nommé dans la question"  # what a focus line says of a game the query names
# A focus line when no entry of the game the query names has any of its other words.
FOCUS_ABSENT = "dans tous les jeux : {title} ({because}) n'a aucun passage contenant {words}"
# The same when no game has them either (« xyzzy altered »: nothing found at all).
FOCUS_NOWHERE = "dans tous les jeux : aucun jeu n'a de passage contenant {words}"
# A focus line when the game the query names has some of its other words, not all.
FOCUS_MISSING = "dans {title} ({because}), dont aucun passage ne contient {words}"


def _quoted(words: list[str]) -> str:
    """Words as a focus line names them: « a », « b »."""
    return ", ".join(f"« {w} »" for w in words)


@dataclass(frozen=True)
class Focus:
    """The game a query without a game filter was taken to be about, and why."""

    game: str
    reason: str  # "glossary", "vocabulary" (the game's own words), "candidates"
    words: list[str]  # the query words that tell it
    named: bool = False  # the query names the game (« contrôle altered »): not in `as_dict`
    # A named game none of whose entries has any of the query's other words: their positions
    # (« mulligan altered »: the other games' entries are all there is, and come first).
    absent: tuple[int, ...] = ()
    # A named game whose entries have some of the query's other words, not these: their
    # positions (« taille de main ashes »: its entries still come first, the line says why
    # they are not about the hand's size).
    missing: tuple[int, ...] = ()

    def as_dict(
        self,
        title: str,
        absent: list[str] | None = None,
        missing: list[str] | None = None,
        found: bool = True,
    ) -> dict[str, Any]:
        """The API's focus; `absent`, `missing`: the words at `self.absent`, `self.missing` as
        typed (`Presenter.typed_words`); `found`: whether the query found anything at all."""
        because = FOCUS_NAMED if self.named else FOCUS_REASONS[self.reason]
        if self.words:
            because += " : " + _quoted(self.words)
        absent, missing = absent or [], missing or []
        message = f"dans {title} ({because})"
        for typed, line in ((absent, FOCUS_ABSENT), (missing, FOCUS_MISSING)):
            if typed:
                message = line.format(title=title, because=because, words=_quoted(typed))
        if absent and not found:  # no game has them: naming one would say it is the only one
            message = FOCUS_NOWHERE.format(words=_quoted(absent))
        return {
            "game": self.game,
            "title": title,
            "reason": self.reason,
            "words": list(self.words),
            "absent": absent,
            "missing": missing,
            "message": message,
        }


@dataclass(frozen=True)
class PhrasePattern:
    """Folded words in this order, any inflection, at most two (stop) words apart."""

    regex: re.Pattern[str]  # the whole pattern, from a word's start
    stems: tuple[str, ...]
    tail: re.Pattern[str]  # the same, matched where the first stem is found

    def search(self, folded: str) -> bool:
        """Whether `folded` has the phrase: `regex.search`, found faster.  Most candidates lack
        one of the stems, which a substring test tells; the others are tried only where the
        first stem starts a word (a scan of the whole text by the regex costs several times
        more)."""
        for s in self.stems:
            if s not in folded:
                return False
        first, tail = self.stems[0], self.tail
        at = folded.find(first)
        while at >= 0:
            if (at == 0 or not _word_char(folded[at - 1])) and tail.match(folded, at):
                return True
            at = folded.find(first, at + 1)
        return False


def _word_char(ch: str) -> bool:
    """`\\w` of a str regex: a letter, digit or other numeric character, or « _ »."""
    return ch.isalnum() or ch == "_"


def phrase_pattern(words: list[str]) -> PhrasePattern:
    """Folded words in this order, any inflection, at most two (stop) words apart.

    Compiling costs about what a query's whole retrieval does, so patterns are kept: at most
    PATTERN_CACHE of them, each of words shorter than PATTERN_CACHED_LENGTH in all (whatever
    the queries, the cache stays small)."""
    if sum(len(w) for w in words) < PATTERN_CACHED_LENGTH:
        return _cached_pattern(tuple(words))
    return _phrase_pattern(tuple(words))


def _phrase_pattern(words: tuple[str, ...]) -> PhrasePattern:
    stems = tuple(stem(w) for w in words)
    parts = [re.escape(s) + r"\w*" for s in stems]
    tail = r"(?:\W+\w+){0,2}?\W+".join(parts)
    return PhrasePattern(re.compile(r"\b" + tail), stems, re.compile(tail))


_cached_pattern = lru_cache(maxsize=PATTERN_CACHE)(_phrase_pattern)
forget_on_restem(_cached_pattern.cache_clear)  # (the patterns hold stems)
