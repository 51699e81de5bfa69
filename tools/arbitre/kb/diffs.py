"""What changed between two editions, as JSON: the answer of `arbitre diff --json` and of
`GET /api/diff/{game}` alike.

`{"game", "from", "to", "counts", "changes": [...], "renumbered": [...]}` — each change
`{"change": "added"|"removed"|"edited"|"moved", "id", "from"?, "edited"?, "number", "title",
"diff"?}` (`id` the entry's id in the newer edition, its old id when removed; `from` the old id
of a moved entry; `edited` whether a moved entry's text changed too; `diff` the
word-level diff of title and text as [op, text] runs, op "=", "-" or "+").  An entry whose text
changed only because a rule it cites was renumbered is no edit: it is listed under `renumbered`.
With one edition, `from` is null and `changes` are what the document says it changed (`noted`).
"""

from __future__ import annotations

from typing import Any

from arbitre.errors import ArbitreError, NotFound
from arbitre.kb.knowledge import KnowledgeBase

LABELS = ("added", "removed", "edited", "moved")


def resolve_versions(
    kb: KnowledgeBase, game: str, older: str | None, newer: str | None
) -> tuple[str | None, str]:
    """The two editions a diff compares: by default the previous and the current one."""
    history = kb.history(game)
    if kb.game(game) is None:
        raise NotFound(f"unknown game {game!r} (known: {', '.join(g.id for g in kb.games)})")
    if history is None or not history.editions:
        raise NotFound(f"{game}: no editions record (content/{game}/editions.yaml)")
    versions = [e.version for e in history.editions]
    for value in (older, newer):
        if value is not None and value not in versions:
            raise NotFound(f"{game}: no edition {value!r} (editions: {', '.join(versions)})")
    newer = newer or versions[-1]
    if older is None:
        index = versions.index(newer)
        older = versions[index - 1] if index > 0 else None
    elif versions.index(older) > versions.index(newer):
        raise ArbitreError(f"{game}: --from {older} is newer than --to {newer}")
    return older, newer


def diff_json(kb: KnowledgeBase, game: str, older: str | None, newer: str | None) -> dict[str, Any]:
    older, newer = resolve_versions(kb, game, older, newer)
    history = kb.history(game)
    assert history is not None
    if older is None:
        noted = history.noted() if newer == history.editions[0].version else []
        changes = []
        for c in noted:
            entry = kb.get(c.id)
            changes.append(
                {
                    "change": c.change,
                    "id": c.id,
                    "number": entry.number if entry else None,
                    "title": entry.title if entry else None,
                    "noted": c.noted,
                    "line": c.line,
                }
            )
        return {
            "game": game,
            "from": None,
            "to": newer,
            "counts": _counts(changes),
            "changes": changes,
            "renumbered": [],
        }
    found = history.diff(older, newer)
    changes = [c.to_dict() for c in found if c.change != "renumbered"]
    return {
        "game": game,
        "from": older,
        "to": newer,
        "counts": _counts(changes),
        "changes": changes,
        "renumbered": [c.to_dict() for c in found if c.change == "renumbered"],
    }


def _counts(changes: list[dict[str, Any]]) -> dict[str, int]:
    counts = dict.fromkeys(LABELS, 0)
    for change in changes:
        counts[change["change"]] += 1
    return counts
