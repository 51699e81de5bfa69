"""The entries of each game as JSON for the browser: `assets/arbitre/data/<game>.json`.

The pages carry no per-entry tooltips or tools in their HTML (a glossary page would weigh
megabytes); the script (assets/arbitre.js) loads a game's file once, on the first hover, tap or
targeted entry, and takes from it what the judge tools and previews show: number, title, page,
ancestors (breadcrumb), previous and next entry of the same kind, the plain text (copy-citation,
previews; a term's definition), the edition a citation names (« The Spoils — Règles complètes
du 31 décembre 2013 »: the game's `c`, or an entry's own `c` when its document's differs) and the
maintainer's « Source » (file, lines, unresolved references).
"""

from __future__ import annotations

import json
import posixpath
from collections import Counter
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.site.entry_views import repeated_title, sort_key
from arbitre.site.text import plain_excerpt
from arbitre.site.versions import document_label

DATA_DIR = "assets/arbitre/data"
TEXT_LIMIT = 100_000  # no cut in practice: the citation copies the whole text


def data_file(game: str) -> str:
    return f"{DATA_DIR}/{game}.json"


def definition(term: Entry, kb: KnowledgeBase) -> str:
    """What a glossary term's preview says: its text, else its defining entry's, else the
    entry a redirect points to."""
    text = term.text
    if not text.strip() and term.defined_by and term.defined_by in kb.by_id:
        text = kb.by_id[term.defined_by].text
    if not text.strip() and term.role == "redirect" and term.refs and term.refs[0] in kb.by_id:
        text = kb.by_id[term.refs[0]].text
    return plain_excerpt(text, TEXT_LIMIT)


def _neighbours(kb: KnowledgeBase, game: str) -> dict[str, tuple[str | None, str | None]]:
    """entry id -> (previous, next) entry of the same kind in the same document (a rule's
    neighbours are rules; sections and rules of numbered rulebooks read as one sequence; terms
    in the glossary's alphabetical order)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for entry in kb.entries:
        if entry.game != game:
            continue
        kind = "rule" if entry.kind in ("rule", "section") else entry.kind
        groups.setdefault((entry.document, kind), []).append(entry.id)
    out: dict[str, tuple[str | None, str | None]] = {}
    for (_document, kind), ids in groups.items():
        if kind == "glossary":  # the glossary reads alphabetically
            ids.sort(key=lambda i: sort_key(kb.by_id[i].title or i))
        for i, entry_id in enumerate(ids):
            out[entry_id] = (ids[i - 1] if i else None, ids[i + 1] if i + 1 < len(ids) else None)
    return out


def entry_record(
    kb: KnowledgeBase, entry: Entry, prev: str | None, nxt: str | None
) -> dict[str, Any]:
    start, end = entry.source.line_start, entry.source.line_end
    lines = f"l. {start}" if start == end else f"l. {start}–{end}"
    record: dict[str, Any] = {
        "k": entry.kind,
        "u": f"{urls.page_path(entry, kb)}#{urls.anchor(entry.id)}",
        "x": definition(entry, kb)
        if entry.kind == "glossary"
        else plain_excerpt(entry.text[repeated_title(entry) :], TEXT_LIMIT),
        "s": f"{posixpath.basename(entry.source.file)}, {lines}",
    }
    optional = {
        "n": entry.number,
        "t": entry.title,
        "e": entry.english,
        "p": entry.parent,
        "b": prev,
        "a": nxt,
        "r": [
            f"« {u.target} » — {u.note}"
            + (f" (cible probable : {u.intended})" if u.intended else "")
            for u in entry.unresolved
        ],
    }
    record.update({k: v for k, v in optional.items() if v})
    return record


def citation_editions(kb: KnowledgeBase, game: str) -> dict[str, str]:
    """Document -> how a copied citation names its edition (« Marvel Champions — Guide de
    référence v1.4 »); empty when the game has no editions record."""
    info, history = kb.game(game), kb.history(game)
    if info is None or history is None or not history.editions:
        return {}
    return {
        doc: f"{info.title} — {document_label(history, info.documents, doc).text}"
        for doc, _title in info.documents
    }


def game_data(kb: KnowledgeBase, game: str) -> dict[str, Any]:
    neighbours = _neighbours(kb, game)
    entries = [e for e in kb.entries if e.game == game]
    records = {e.id: entry_record(kb, e, *neighbours[e.id]) for e in entries}
    data: dict[str, Any] = {"game": game, "entries": records}
    editions = citation_editions(kb, game)
    if editions:
        common = Counter(editions.get(e.document, "") for e in entries).most_common(1)
        data["c"] = common[0][0] if common else ""
        for entry in entries:
            label = editions.get(entry.document, data["c"])
            if label != data["c"]:
                records[entry.id]["c"] = label
    return data


def entry_data_files(kb: KnowledgeBase) -> dict[str, str]:
    """One JSON file per game (path under site_src -> text), compact and deterministic."""
    return {
        data_file(g.id): json.dumps(
            game_data(kb, g.id), ensure_ascii=False, sort_keys=True, separators=(",", ":")
        )
        for g in kb.games
    }
