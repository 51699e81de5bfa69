"""What changed between two editions, as the JSON of `arbitre diff --json` and `GET /api/diff`,
and as plain text for a maintainer's terminal.

JSON: `{"game", "from", "to", "counts", "changes": [...], "renumbered": [...]}` — each change
`{"change": "added"|"removed"|"edited"|"moved", "id", "from"?, "edited"?, "number", "title",
"diff"?}` (`id` the entry's id in the newer edition, its old id when removed; `from` the old id
of a moved entry; `edited` whether a moved entry's title or text changed too; `diff` the
word-level diff of title and text as [op, text] runs, op "=", "-" or "+").  An entry whose text
changed only because a rule it cites was renumbered is no edit: it is listed under `renumbered`.
With one edition, `from` is null and `changes` are what the document says it changed (`noted`).
"""

from __future__ import annotations

from typing import Any

from arbitre.errors import ArbitreError, NotFound
from arbitre.kb.changes import EntryChange, render_word_diff
from arbitre.kb.knowledge import KnowledgeBase

LABELS = {"added": "added", "removed": "removed", "edited": "edited", "moved": "moved"}


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
        changes = [
            {"change": c.change, "id": c.id, "noted": c.noted, "line": c.line} for c in noted
        ]
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


def _excerpt(ops: list[tuple[str, str]], context: int = 8) -> str:
    """The word diff with long unchanged runs cut to their first and last words."""
    kept: list[tuple[str, str]] = []
    for index, (op, text) in enumerate(ops):
        words = text.split(" ")
        if op == "=" and len(words) > 2 * context:
            head = " ".join(words[:context]) if index > 0 else ""
            tail = " ".join(words[-context:]) if index < len(ops) - 1 else ""
            text = " … ".join(x for x in (head, tail) if x) if (head or tail) else ""
            if index == 0:
                text = "… " + text
            elif index == len(ops) - 1:
                text = text + " …"
        kept.append((op, text))
    return render_word_diff(kept)


def describe(change: EntryChange | dict[str, Any]) -> str:
    """One change as one or more lines of plain text."""
    data = change.to_dict() if isinstance(change, EntryChange) else change
    title = data.get("title") or data.get("number") or ""
    name = f"{data['id']}" + (f" « {title} »" if title else "")
    kind = data["change"]
    if kind == "moved":
        head = f"  moved     {data['from']} -> {name}" + (
            " (text edited too)" if data.get("edited") else ""
        )
    elif kind == "renumbered":
        head = f"  numbers   {name} (only the numbers of the rules it cites changed)"
    else:
        head = f"  {kind:<9} {name}"
    if data.get("noted"):
        return f"{head}\n      the document says (l.{data.get('line')}): {data['noted']}"
    lines = [head]
    diff = data.get("diff")
    if diff and kind != "renumbered":
        for part in ("title", "text"):
            ops = [tuple(op) for op in diff[part]]
            if any(op != "=" for op, _ in ops):
                lines.append(f"      {part}: {_excerpt(ops)}")  # type: ignore[arg-type]
    return "\n".join(lines)


def render_text(report: dict[str, Any]) -> str:
    counts = report["counts"]
    span = (
        f"{report['from']} -> {report['to']}"
        if report["from"]
        else f"{report['to']} (the document's own words)"
    )
    lines = [
        f"{report['game']}: {span}: "
        + ", ".join(f"{counts[k]} {k}" for k in LABELS)
        + (
            f"; {len(report['renumbered'])} with renumbered references only"
            if report["renumbered"]
            else ""
        )
    ]
    lines += [describe(c) for c in report["changes"]]
    lines += [describe(c) for c in report["renumbered"]]
    return "\n".join(lines)
