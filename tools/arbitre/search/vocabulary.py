"""Players' vocabulary per game (`vocabulary.yaml`): how players name each game, and the
words they use for its documents' terms, each pair with its provenance.

- `names`: how players name the game in a query (« four souls », « isaac »): a query naming
  one game is about it;
- `words`: words of players that belong to this game alone though its documents may not
  print them (« Phoenixborn » for Ashes' Héritier);
- `pairs`: groups like the thesaurus's (`words` the documents print, `from` words players
  type that lead to them one way), which expand only in this game's entries.  Each pair has
  a `source` (an entry id of that game whose text pairs the words) or a `reason`.

The thesaurus (`thesaurus.py`) loads the pairs with the general groups; the searcher asks
this module for the names and words that focus a query on a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

from arbitre.search.analysis import analyze, fold
from arbitre.search.language import ENGLISH_FUNCTION_WORDS


@dataclass(frozen=True)
class Pair:
    game: str
    words: tuple[str, ...]  # as the documents print them
    sources: tuple[str, ...]  # players' words that lead to `words` (one way)
    source: str | None  # an entry id whose text shows the pairing
    reason: str | None  # why, when no entry shows it

    @property
    def provenance(self) -> str:
        return f"{self.game}: " + (f"source {self.source}" if self.source else str(self.reason))


@dataclass
class GameVocabulary:
    game: str
    names: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    pairs: list[Pair] = field(default_factory=list)


class VocabularyError(ValueError):
    """A row of vocabulary.yaml that cannot be used (no provenance, no words)."""


class Vocabulary:
    def __init__(self, games: dict[str, GameVocabulary]) -> None:
        self.games = games
        markers = [
            (fold(marker), game)
            for game, vocabulary in sorted(games.items())
            for marker in (*vocabulary.names, *vocabulary.words)
        ]
        self._markers = [
            (re.compile(r"(?<!\w)" + re.escape(key).replace(r"\ ", r"[\s'-]+") + r"(?!\w)"), key, g)
            for key, g in markers
            if key
        ]
        # A key's first word is in the text wherever the key is: most texts need no search.
        self._firsts = [key.split()[0] for _pattern, key, _game in self._markers]
        self._names = frozenset(fold(name) for g in games.values() for name in g.names)

    @classmethod
    def parse(cls, data: dict[str, Any]) -> Vocabulary:
        games: dict[str, GameVocabulary] = {}
        for game, row in sorted((data.get("games") or {}).items()):
            vocabulary = GameVocabulary(
                game,
                names=[str(n) for n in row.get("names") or []],
                words=[str(w) for w in row.get("words") or []],
            )
            for i, pair in enumerate(row.get("pairs") or [], 1):
                words = tuple(str(w) for w in pair.get("words") or [])
                sources = tuple(str(w) for w in pair.get("from") or [])
                source, reason = pair.get("source"), pair.get("reason")
                if not words or len(words) + len(sources) < 2:
                    raise VocabularyError(f"{game} pair {i}: needs two words or `from` words")
                if not source and not reason:
                    raise VocabularyError(f"{game} pair {i} {words}: no `source` nor `reason`")
                vocabulary.pairs.append(Pair(game, words, sources, source, reason))
            games[game] = vocabulary
        return cls(games)

    def pairs(self) -> list[Pair]:
        return [pair for game in sorted(self.games) for pair in self.games[game].pairs]

    def marker_keys(self) -> list[tuple[str, str]]:
        """(folded marker, game) in the order `markers_in` tries them (for the site's search)."""
        return [(key, game) for _pattern, key, game in self._markers]

    def name_words(self) -> list[list[str]]:
        """Every game's names as a query's words read them: in French (« the spoils »: the,
        spoils) and in English, whose function words a query drops (« binding isaac »)."""
        words = set()
        for name in (name for g in self.games.values() for name in g.names):
            french = tuple(analyze(name, stemmed=False))
            words |= {french, tuple(w for w in french if w not in ENGLISH_FUNCTION_WORDS)}
        return sorted(list(w) for w in words if w)

    def name_markers(self) -> list[str]:
        """The games' names as `markers_in` gives them (folded)."""
        return sorted(self._names)

    def game_named(self, text: str) -> tuple[str, list[str]] | None:
        """The one game whose name a query types (« contrôle altered »), with that name."""
        names = self._names
        found = [(g, [m for m in ms if m in names]) for g, ms in self.markers_in(text).items()]
        named = [(game, typed) for game, typed in found if typed]
        if len(named) != 1:
            return None
        game, typed = named[0]
        # « marvel champions » said once, not also as « marvel »
        return game, [m for m in typed if not any(m != o and m in o.split() for o in typed)]

    def markers_in(self, text: str) -> dict[str, list[str]]:
        """The games a query names or uses the own words of: game -> the markers found."""
        folded = fold(text)
        found: dict[str, list[str]] = {}
        for (pattern, key, game), first in zip(self._markers, self._firsts, strict=True):
            if first in folded and pattern.search(folded) and key not in found.get(game, []):
                found.setdefault(game, []).append(key)
        return found


def game_name_spans(words: list[str], names: list[list[str]]) -> list[tuple[int, ...]]:
    """The spans of `words` that spell a game's name (a name's words in a row, each as written
    or with an « s » more or less: « marvel champion »), the longest where two start alike
    (« marvel champions », not « marvel »), in the query's order — when other words remain: a
    query that is only a game's name (« the binding of isaac ») asks about the game."""
    firsts = {name[0] for name in names}
    if not any(w in firsts or w + "s" in firsts or w[:-1] in firsts for w in words):
        return []  # most queries name no game
    spans: dict[int, tuple[int, ...]] = {}
    for name in names:
        for start in range(len(words) - len(name) + 1):
            if all(_same_word(words[start + i], w) for i, w in enumerate(name)):
                if len(name) > len(spans.get(start, ())):
                    spans[start] = tuple(range(start, start + len(name)))
    found: list[tuple[int, ...]] = []
    for start in sorted(spans):  # (a name inside a longer one found before it is that one's)
        if not found or start > found[-1][-1]:
            found.append(spans[start])
    covered = {i for span in found for i in span}
    rest = [w for i, w in enumerate(words) if i not in covered]
    return found if any(w not in ENGLISH_FUNCTION_WORDS for w in rest) else []


def _same_word(typed: str, name: str) -> bool:
    return typed == name or typed == name + "s" or typed + "s" == name


@cache
def load_vocabulary() -> Vocabulary:
    text = resources.files("arbitre.search").joinpath("vocabulary.yaml").read_text("utf-8")
    return Vocabulary.parse(yaml.safe_load(text))
