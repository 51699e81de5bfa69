"""The KnowledgeBase: every entry of every game, with the indexes the site and search need."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from arbitre.kb.editions import QUALIFIED, Edition, History
from arbitre.kb.entry import Entry
from arbitre.text import fold


@dataclass
class Game:
    id: str
    title: str
    source: str
    documents: list[tuple[str, str]]  # (document id, title), in reading order
    short_title: str = ""  # the name players call it by (game.yaml `short_title`), else title
    authority: str = "official"  # or "community": who wrote the source (game.yaml)
    authority_quote: str | None = None  # the source's own words saying so

    def __post_init__(self) -> None:
        self.short_title = self.short_title or self.title

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "short_title": self.short_title,
            "source": self.source,
            "authority": self.authority,
            "authority_quote": self.authority_quote,
            "documents": [{"id": d, "title": t} for d, t in self.documents],
        }


@dataclass
class KnowledgeBase:
    games: list[Game]
    entries: list[Entry]
    locations: dict[str, tuple[str, int]] = field(default_factory=dict)  # id -> (yaml path, line)
    # entry id -> players' questions it answers (`content/<game>/questions.yaml`, kb/questions.py)
    questions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # game id -> its editions and what each changed (`content/<game>/editions.yaml`, kb/editions.py)
    histories: dict[str, History] = field(default_factory=dict)
    # game id -> (edition, kind, id, entry) -> the item a person settled (`content/<game>/
    # reviewed.yaml`, kb/review.py `Settled`): which rulings no longer apply, for the site
    reviewed: dict[str, dict[tuple[str, str, str, str], Any]] = field(default_factory=dict)

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
        # The reverse of the rulings' `about`, derived here and never stored in the YAML.
        self._rulings: dict[str, list[str]] = defaultdict(list)
        for e in self.entries:
            for link in e.about:
                if e.id not in self._rulings[link.id]:
                    self._rulings[link.id].append(e.id)

    def get(self, entry_id: str) -> Entry | None:
        return self.by_id.get(entry_id)

    def game(self, game_id: str) -> Game | None:
        return next((g for g in self.games if g.id == game_id), None)

    def children(self, entry_id: str) -> list[Entry]:
        return list(self._children.get(entry_id, []))

    def cited_by(self, entry_id: str) -> list[str]:
        return list(self._cited_by.get(entry_id, []))

    def rulings(self, entry_id: str) -> list[str]:
        """The FAQ answers and errata about this entry (their `about`), in reading order."""
        return list(self._rulings.get(entry_id, []))

    def card_rulings(self, game: str) -> dict[str, list[str]]:
        """Card name -> the rulings of `game` that concern it, names sorted; a name keeps the
        first spelling met (« Voile Doré » / « Voile doré » are one card)."""
        names: dict[str, str] = {}
        found: dict[str, list[str]] = {}
        for e in self.entries:
            if e.game != game:
                continue
            for card in e.cards:
                key = fold(card.name)
                names.setdefault(key, card.name)
                ids = found.setdefault(key, [])
                if e.id not in ids:
                    ids.append(e.id)
        return {names[k]: found[k] for k in sorted(found)}

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

    # -- editions ---------------------------------------------------------------------------

    def history(self, game: str) -> History | None:
        return self.histories.get(game)

    def edition(self, game: str) -> Edition | None:
        """The current edition of a game's source (None when it has no editions file)."""
        history = self.histories.get(game)
        return history.current if history else None

    def former(self, entry_id: str) -> str | None:
        """The current id of an entry an edition renamed or renumbered away from `entry_id`
        (None when `entry_id` is current, or unknown)."""
        if entry_id in self.by_id:
            return None
        history = self.histories.get(entry_id.split("/", 1)[0])
        return history.former_ids().get(entry_id) if history else None

    def retired(self, ref: str) -> tuple[Entry, Edition, Edition] | None:
        """For `id@version` naming an entry some edition removed: the entry as it stood in
        `version`, that edition, and the edition that removed it."""
        match = QUALIFIED.match(ref)
        history = self.histories.get(ref.split("/", 1)[0]) if match else None
        return history.retired().get(ref) if history else None

    def superseded(self, ref: str) -> str | None:
        """Why `ref`, no current id, is still known to an edition (kb/editions.py), or None."""
        if ref in self.by_id:
            return None
        history = self.histories.get(ref.split("/", 1)[0])
        return history.superseded(ref) if history else None

    def _former(self, entry_id: str, fields: tuple[str, ...]) -> list[str]:
        """The values of `fields` (title, number) an entry had in earlier editions and no
        longer has, newest first, each once."""
        entry = self.by_id.get(entry_id)
        history = self.histories.get(entry.game) if entry else None
        if entry is None or history is None or len(history.editions) < 2:
            return []
        today = {getattr(entry, name) for name in fields}
        found: list[str] = []
        for stage in history.stages(entry_id)[1:]:
            for name in fields:
                value = getattr(stage.entry, name)
                if value and value not in today and value not in found:
                    found.append(value)
        return found

    def former_names(self, entry_id: str) -> list[str]:
        """The titles and numbers an entry had in earlier editions and no longer has, so that
        search still finds it by them (« 608.1d » for the step now numbered 608.1e)."""
        return self._former(entry_id, ("title", "number"))

    def former_numbers(self, entry_id: str) -> list[str]:
        """The numbers an entry was printed with in earlier editions and no longer is (the
        number search ranks the entry right after the one printed with it today)."""
        return self._former(entry_id, ("number",))

    def retired_ids(self, game: str) -> dict[str, str]:
        """Plain id -> `id@version` for every entry of `game` some edition removed whose id no
        current entry has taken (the newest such removal wins)."""
        history = self.histories.get(game)
        found: dict[str, str] = {}
        for qualified, (entry, _last, _removed) in (history.retired() if history else {}).items():
            if entry.id not in self.by_id:
                found[entry.id] = qualified
        return found

    def to_export(self) -> dict[str, Any]:
        """The stable JSON export's games and entries (content/README.md, « The JSON export »)."""
        return {
            "games": [g.to_dict() for g in self.games],
            "entries": [e.to_dict() for e in self.entries],
        }
