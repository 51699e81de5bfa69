"""The domain thesaurus (`thesaurus.yaml`, plus each game's pairs from `vocabulary.yaml`):
groups of words players use for the same notion.

A query word or phrase found in a group expands, at low weight, to the group's other members.
Matching is by French stem (« meurt » finds the group of « mourir » only if listed; « dégâts »
and « dégât » share a stem), phrases by consecutive stems after stop words are dropped.

A group may also list `from` phrases: words a player types (slang, everyday French) that lead
to the group's `words` but are never searched for when those are typed, because the rulebooks
do not use them or use them for something else (« voir » opens every « Voir aussi »).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from arbitre.search.analysis import analyze, forget_on_restem, stem
from arbitre.search.vocabulary import Pair, load_vocabulary


@dataclass(frozen=True)
class Phrase:
    words: tuple[str, ...]  # folded words, stop words removed
    stems: tuple[str, ...]


@dataclass(frozen=True)
class Group:
    phrases: tuple[Phrase, ...]  # what a match expands to
    games: frozenset[str] | None  # None: every game
    sources: tuple[Phrase, ...] = ()  # `from`: lead to `phrases`, never expanded to
    provenance: str = "thesaurus.yaml"  # where the group comes from (`--explain` prints it)
    vocabulary: bool = False  # a game's players' vocabulary pair (vocabulary.yaml)


@dataclass(frozen=True)
class Match:
    start: int
    size: int
    group: Group
    phrase: Phrase


class Thesaurus:
    def __init__(self, groups: list[Group]) -> None:
        self.groups = groups
        self._index: dict[tuple[str, ...], list[Group]] = {}
        for group in groups:
            for phrase in (*group.phrases, *group.sources):
                groups_here = self._index.setdefault(phrase.stems, [])
                if group not in groups_here:  # « jeton » and « jetons »: one stem, one match
                    groups_here.append(group)
        self.longest = max((len(k) for k in self._index), default=1)
        self.words = frozenset(
            w for group in groups for p in (*group.phrases, *group.sources) for w in p.words
        )

    def knows(self, word: str) -> bool:
        """Whether a folded word is written in one of the groups (players' words: « perso »,
        « expé »), as typed: a typo sharing the stem of one is still a typo."""
        return word in self.words

    @classmethod
    def parse(cls, data: dict, pairs: list[Pair] | None = None) -> Thesaurus:
        """The general groups of `data` (thesaurus.yaml), then each game's `pairs`
        (vocabulary.yaml), which count in that game's entries only."""
        groups = []
        for row in data.get("groups") or []:
            phrases = _phrases(row["words"])
            sources = _phrases(row.get("from") or [])
            games = row.get("games")
            if len(phrases) + len(sources) > 1 and phrases:
                groups.append(
                    Group(tuple(phrases), frozenset(games) if games else None, tuple(sources))
                )
        for pair in pairs or []:
            phrases, sources = _phrases(list(pair.words)), _phrases(list(pair.sources))
            if phrases and len(phrases) + len(sources) > 1:
                groups.append(
                    Group(
                        tuple(phrases),
                        frozenset([pair.game]),
                        tuple(sources),
                        "vocabulary.yaml " + pair.provenance,
                        vocabulary=True,
                    )
                )
        return cls(groups)

    def matches(self, words: list[str], game: str | None) -> list[Match]:
        """Groups whose phrases occur in `words` (folded query words), longest spans first.
        A span matched by a longer phrase is not matched again by a shorter one of the same
        layer; the general thesaurus and the games' vocabulary are two layers, so that a game's
        « pioche vide » does not hide that « pioche » is the other games' « deck »."""
        stems = [stem(w) for w in words]
        found: list[Match] = []
        covered: dict[bool, set[int]] = {False: set(), True: set()}  # by `Group.vocabulary`
        for size in range(min(self.longest, len(words)), 0, -1):
            for start in range(0, len(words) - size + 1):
                span = set(range(start, start + size))
                blocked = {layer: bool(span & taken) for layer, taken in covered.items()}
                key = tuple(stems[start : start + size])
                for group in self._index.get(key, ()):
                    if blocked[group.vocabulary]:
                        continue
                    if game is not None and group.games is not None and game not in group.games:
                        continue
                    phrase = next(p for p in (*group.phrases, *group.sources) if p.stems == key)
                    found.append(Match(start, size, group, phrase))
                    covered[group.vocabulary] |= span
        return found


def _phrases(raws: list) -> list[Phrase]:
    phrases = []
    for raw in raws:
        words = tuple(analyze(str(raw), stemmed=False))
        if words:
            phrases.append(Phrase(words, tuple(stem(w) for w in words)))
    return phrases


@cache
def load_thesaurus() -> Thesaurus:
    text = resources.files("arbitre.search").joinpath("thesaurus.yaml").read_text("utf-8")
    return Thesaurus.parse(yaml.safe_load(text), load_vocabulary().pairs())


forget_on_restem(load_thesaurus.cache_clear)  # (its phrases are stemmed)
