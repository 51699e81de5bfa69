"""Editions as JSON, for `arbitre export --json` and the API (`GET /api/entries/{id}`).

- an entry's `history`: the editions it existed in, newest first, each `{"version", "change"}`
  with `change` what that edition did to it — `added`, `edited`, `moved` (with `edited`: whether
  its words changed too), `renumbered` (only the numbers it cites changed), or null — and, when
  they differ from today's, its `id`, `number`, `title` and `text` as they stood then; `noted`:
  what the document itself says it changed (a first edition's own summary);
- a game's `editions`: `{"version", "date", "source", "documents", "counts"}`, oldest first
  (the last is current; `counts`: what it changed against the one before, none for the first);
- the `retired` entries: each entry an edition removed, as it last stood, under its
  `id@version` (the id a ruling's `about` keeps), with `retired: {"id", "last", "removed_in"}`.
"""

from __future__ import annotations

import weakref
from typing import Any

from arbitre.kb.changes import EntryChange
from arbitre.kb.diffs import LABELS
from arbitre.kb.editions import History
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase

_DIFFS: weakref.WeakKeyDictionary[History, list[list[EntryChange]]] = weakref.WeakKeyDictionary()


def _diffs(history: History) -> list[list[EntryChange]]:
    """Per edition: what it changed against the edition before, in a reader's terms
    (kb/changes.py; nothing for the first), computed once per history."""
    if history not in _DIFFS:
        _DIFFS[history] = [[]] + [
            history.diff(older.version, newer.version)
            for older, newer in zip(history.editions, history.editions[1:], strict=False)
        ]
    return _DIFFS[history]


def entry_history(kb: KnowledgeBase, entry_id: str) -> list[dict[str, Any]] | None:
    """The `history` of a current entry (None when its game has no editions record)."""
    entry = kb.get(entry_id)
    history = kb.history(entry.game) if entry is not None else None
    if entry is None or history is None or not history.editions:
        return None
    diffs = _diffs(history)
    out: list[dict[str, Any]] = []
    for stage in history.stages(entry_id):
        index = history.version_index(stage.version)
        item: dict[str, Any] = {"version": stage.version, "change": None}
        found = next((c for c in diffs[index] if c.new is not None and c.id == stage.id), None)
        if found is not None:
            item["change"] = found.change
            if found.change == "moved":
                item["edited"] = found.edited
        elif stage.change is not None and (stage.change.change == "added" or index == 0):
            item["change"] = stage.change.change
        if index == 0 and stage.change is not None and stage.change.noted:
            item["noted"] = stage.change.noted
        then: Entry = stage.entry
        if stage.id != entry.id:
            item["id"] = stage.id
        for field in ("number", "title", "text"):
            if getattr(then, field) != getattr(entry, field):
                item[field] = getattr(then, field)
        out.append(item)
    return out


def game_editions(kb: KnowledgeBase, game: str) -> list[dict[str, Any]]:
    """A game's `editions`, oldest first."""
    history = kb.history(game)
    if history is None:
        return []
    diffs = _diffs(history)
    out = []
    for index, edition in enumerate(history.editions):
        counts = dict.fromkeys(LABELS, 0)
        for change in diffs[index]:
            if change.change in counts:
                counts[change.change] += 1
        out.append(
            {
                "version": edition.version,
                "date": edition.date,
                "source": edition.source,
                "documents": {
                    doc: {"version": info.version, "date": info.date, "quote": info.quote}
                    for doc, info in sorted(edition.documents.items())
                },
                "counts": counts if index else None,
            }
        )
    return out


def retired_view(kb: KnowledgeBase, qualified: str) -> dict[str, Any] | None:
    """An entry an edition removed, as it last stood, under its `id@version`."""
    found = kb.retired(qualified)
    if found is None:
        return None
    entry, last, removed = found
    return {
        **entry.to_dict(),
        "id": qualified,
        "retired": {"id": entry.id, "last": last.version, "removed_in": removed.version},
    }


def retired_entries(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Every entry an edition removed, game by game, in `id@version` order."""
    out = []
    for game in kb.games:
        history = kb.history(game.id)
        for qualified in sorted(history.retired() if history else {}):
            view = retired_view(kb, qualified)
            if view is not None:
                out.append(view)
    return out
