"""The home page, each game's page and the document pages: one page per document, or for a long
document split by section (urls.split_documents) an index page and one page per section.

Pure, like pages.py; the entries on them are rendered by entry_views.py.
"""

from __future__ import annotations

import json
import posixpath
from collections import Counter
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.site.edition_views import document_edition, game_edition
from arbitre.site.entry_views import entries_context
from arbitre.site.example_pages import examples_summary
from arbitre.site.shared import Page, SiteData, game_link, relative_link
from arbitre.site.text import escape_inline

KIND_PLURALS = {
    "section": "sections",
    "rule": "règles",
    "faq": "questions de FAQ",
    "glossary": "termes",
    "example": "exemples",
    "errata": "errata",
    "note": "notes",
}
KIND_SINGULARS = {
    "section": "section",
    "rule": "règle",
    "faq": "question de FAQ",
    "glossary": "terme",
    "example": "exemple",
    "errata": "erratum",
    "note": "note",
}


def document_entries(kb: KnowledgeBase, game: str, document: str) -> list[Entry]:
    return [
        e for e in kb.entries if e.game == game and e.document == document and e.kind != "glossary"
    ]


def _kind_counts(entries: list[Entry]) -> list[str]:
    counts = Counter(e.kind for e in entries)
    order = ["section", "rule", "faq", "example", "errata", "note", "glossary"]
    return [
        f"{counts[k]} {KIND_PLURALS[k] if counts[k] > 1 else KIND_SINGULARS[k]}"
        for k in order
        if counts[k]
    ]


def _game_documents(data: SiteData, game: Game, from_page: str) -> list[dict[str, Any]]:
    kb = data.kb
    docs = []
    for doc_id, doc_title in game.documents:
        if doc_id == urls.GLOSSARY_SLUG:
            continue  # listed as the glossary
        entries = document_entries(kb, game.id, doc_id)
        page = urls.document_page(game.id, doc_id)
        sections = [
            {
                "title": escape_inline(section_title(kb.by_id[s])),
                "href": relative_link(from_page, urls.section_page(game.id, doc_id, s)),
            }
            for s in data.split.get((game.id, doc_id), [])
        ]
        docs.append(
            {
                "id": doc_id,
                "title": escape_inline(doc_title),
                "href": relative_link(from_page, page),
                "count": len(entries),
                "kinds": _kind_counts(entries),
                "sections": sections,
            }
        )
    return docs


def section_title(section: Entry) -> str:
    return " ".join(x for x in (section.number, section.title) if x) or urls.anchor(section.id)


def glossary_terms(kb: KnowledgeBase, game: str) -> list[Entry]:
    return [e for e in kb.entries if e.kind == "glossary" and e.game == game]


def home_page(data: SiteData) -> Page:
    kb = data.kb
    games = []
    for game in kb.games:
        terms = glossary_terms(kb, game.id)
        games.append(
            {
                "title": escape_inline(game.title),
                "href": relative_link("", urls.game_page(game.id)),
                "documents": _game_documents(data, game, ""),
                "terms": len(terms),
                "glossary_href": relative_link("", urls.glossary_page(game.id)) if terms else None,
                "examples": examples_summary(data, game.id, ""),
            }
        )
    return Page(
        "",
        "home.md.j2",
        "Arbitre",
        {
            "games": games,
            "entries": len(kb.entries),
            "terms": sum(1 for e in kb.entries if e.kind == "glossary"),
            "lexicon_href": relative_link("", urls.LEXICON_PAGE),
            "example": _example_entry(kb),
            "worked_examples": len(data.examples),
        },
    )


def _example_entry(kb: KnowledgeBase) -> dict[str, str] | None:
    """A numbered rule to show in the home page's search examples (the first one)."""
    for entry in kb.entries:
        if entry.kind == "rule" and entry.number:
            return {
                "id": entry.id,
                "number": entry.number,
                "href": relative_link("", urls.page_path(entry, kb), urls.anchor(entry.id)),
            }
    return None


def game_page(data: SiteData, game: Game) -> Page:
    page = urls.game_page(game.id)
    terms = glossary_terms(data.kb, game.id)
    return Page(
        page,
        "game.md.j2",
        game.title,
        {
            "title": escape_inline(game.title),
            "game_id": game.id,  # the « Disponible hors ligne » control (assets/offline/game.js)
            "source": escape_inline(posixpath.basename(game.source)) if game.source else None,
            "documents": _game_documents(data, game, page),
            "terms": len(terms),
            "with_english": sum(1 for t in terms if t.english),
            "glossary_href": relative_link(page, urls.glossary_page(game.id)) if terms else None,
            "home_href": relative_link(page, ""),
            "examples": examples_summary(data, game.id, page),
            "edition": game_edition(data, page, game.id),
        },
    )


def _single_root(entries: list[Entry]) -> bool:
    """True when the first entry is a section that holds every other entry of the list: it then
    titles the page (h1) instead of repeating under the document's title."""
    if not entries or entries[0].kind != "section":
        return False
    ids = {e.id for e in entries}
    return all(e.parent in ids for e in entries[1:]) and (entries[0].parent not in ids)


def document_pages(data: SiteData, game: Game, doc_id: str, doc_title: str) -> list[Page]:
    kb = data.kb
    entries = document_entries(kb, game.id, doc_id)
    page = urls.document_page(game.id, doc_id)
    common = {
        **game_link(page, game.id, game.title),
        "document": escape_inline(doc_title),
        "kinds": _kind_counts(entries),
        "source": escape_inline(posixpath.basename(game.source)) if game.source else None,
    }
    sections = data.split.get((game.id, doc_id))

    def document_page(
        shown: list[Entry], listed: list[dict[str, Any]], forward: str | None
    ) -> Page:
        """The document's own page: `shown` entries, `listed` section pages, old anchors."""
        titled = _single_root(shown)
        return Page(
            page,
            "document.md.j2",
            doc_title,
            {
                **common,
                "edition": document_edition(data, page, game.id, doc_id),
                "count": len(entries),
                "titled": titled,
                "entries": entries_context(data, page, shown, 1 if titled else 2),
                "sections": listed,
                "forward": forward,
            },
        )

    if not sections:
        return [document_page(entries, [], None)]
    split = urls.split_sections(kb)
    outside = [e for e in entries if e.id not in split]
    forward = {
        urls.anchor(e.id): urls.section_page(game.id, doc_id, split[e.id])
        for e in entries
        if e.id in split
    }
    prefix = page
    listed = [
        {
            "title": escape_inline(section_title(kb.by_id[s])),
            "href": relative_link(page, urls.section_page(game.id, doc_id, s)),
            "count": sum(1 for v in split.values() if v == s),
        }
        for s in sections
    ]
    # Old links to /<game>/<doc>/#anchor land on the section page that holds the anchor.
    moved = json.dumps(
        {a: p[len(prefix) :] for a, p in sorted(forward.items())},
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    pages = [document_page(outside, listed, moved)]
    for position, section_id in enumerate(sections):
        section = kb.by_id[section_id]
        members = [e for e in entries if split.get(e.id) == section_id]
        members.sort(key=lambda e: e.id != section_id)  # the section itself opens its page
        spage = urls.section_page(game.id, doc_id, section_id)
        depth = sum(
            1 for a in kb.ancestors(section_id) if a.kind == "section" and a.document == doc_id
        )
        previous = sections[position - 1] if position > 0 else None
        following = sections[position + 1] if position + 1 < len(sections) else None
        pages.append(
            Page(
                spage,
                "section.md.j2",
                section_title(section),
                {
                    **common,
                    "edition": document_edition(data, spage, game.id, doc_id),
                    "document_href": relative_link(spage, page),
                    "count": len(members),
                    # The section is the page's title (h1); its subsections start at h2.
                    "entries": entries_context(data, spage, members, 1 - depth),
                    "previous": _neighbour(kb, spage, game.id, doc_id, previous),
                    "next": _neighbour(kb, spage, game.id, doc_id, following),
                },
            )
        )
    return pages


def _neighbour(
    kb: KnowledgeBase, page: str, game: str, doc: str, section_id: str | None
) -> dict[str, str] | None:
    if section_id is None:
        return None
    return {
        "title": escape_inline(section_title(kb.by_id[section_id])),
        "href": relative_link(page, urls.section_page(game, doc, section_id)),
    }
