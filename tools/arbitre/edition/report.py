"""What changed between two editions, as plain text for a maintainer's terminal (the JSON,
which `arbitre diff --json` and the API share, is kb/diffs.py)."""

from __future__ import annotations

from typing import Any

from arbitre.kb.changes import EntryChange, render_word_diff
from arbitre.kb.diffs import LABELS


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
                lines.append(f"      {part}: {_excerpt(ops)}")
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
