"""The KnowledgeBase: every entry of every game, with the indexes the site and search need."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from arbitre.kb.entry import Entry


@dataclass
class Game:
    id: str
    title: str
    source: str
    documents: list[tuple[str, str]]  # (document id, title), in reading order

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "source": self.source,
            "documents": [{"id": d, "title": t} for d, t in self.documents],
        }


@dataclass
class KnowledgeBase:
    games: list[Game]
    entries: list[Entry]
    locations: dict[str, tuple[str, int]] = field(default_factory=dict)  # id -> (yaml path, line)

    def __post_init__(self) -> None:
        self.by_id: dict[str, Entry] = {}
        for e in self.entries:
            self.by_id.setdefault(e.id, e)
        self._children: dict[str, list[Entry]] = defaultdict(list)
        self._cited_by: dict[str, list[str]] = defaultdict(list)
        for e in self.entries:
            if e.parent:
                self._children[e.parent].append(e)
            for ref in e.refs:
                if e.id not in self._cited_by[ref]:
                    self._cited_by[ref].append(e.id)

    def get(self, entry_id: str) -> Entry | None:
        return self.by_id.get(entry_id)

    def game(self, game_id: str) -> Game | None:
        return next((g for g in self.games if g.id == game_id), None)

    def children(self, entry_id: str) -> list[Entry]:
        return list(self._children.get(entry_id, []))

    def cited_by(self, entry_id: str) -> list[str]:
        return list(self._cited_by.get(entry_id, []))

    def entries_of(self, game: str, document: str | None = None) -> list[Entry]:
        return [
            e
            for e in self.entries
            if e.game == game and (document is None or e.document == document)
        ]

    def ancestors(self, entry_id: str) -> list[Entry]:
        """From the root down to the parent of `entry_id`."""
        chain: list[Entry] = []
        current = self.by_id.get(entry_id)
        seen = set()
        while current is not None and current.parent and current.parent not in seen:
            seen.add(current.parent)
            parent = self.by_id.get(current.parent)
            if parent is None:
                break
            chain.append(parent)
            current = parent
        return list(reversed(chain))

    def to_export(self) -> dict[str, Any]:
        """The stable JSON export: {"games": [...], "entries": [...]} (documented in README)."""
        return {
            "games": [g.to_dict() for g in self.games],
            "entries": [e.to_dict() for e in self.entries],
        }
