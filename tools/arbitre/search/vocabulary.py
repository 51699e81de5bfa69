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

from arbitre.search.analysis import fold


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

    def markers_in(self, text: str) -> dict[str, list[str]]:
        """The games a query names or uses the own words of: game -> the markers found."""
        folded = fold(text)
        found: dict[str, list[str]] = {}
        for pattern, key, game in self._markers:
            if pattern.search(folded) and key not in found.get(game, []):
                found.setdefault(game, []).append(key)
        return found


@cache
def load_vocabulary() -> Vocabulary:
    text = resources.files("arbitre.search").joinpath("vocabulary.yaml").read_text("utf-8")
    return Vocabulary.parse(yaml.safe_load(text))
