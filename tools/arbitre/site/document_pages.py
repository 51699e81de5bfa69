"""The home page, each game's page and the document pages: one page per document, or for a long
document split by section (urls.split_documents) an index page and one page per section.

Pure, like pages.py; the entries on them are rendered by entry_views.py.
"""

from __future__ import annotations

import json
import posixpath
from collections import Counter
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Document:
    """One document of a game, gathered once for its pages."""

    data: SiteData
    game: Game
    id: str
    title: str
    entries: list[Entry]  # document_entries: all but the glossary's terms
    common: dict[str, Any]  # what each of its pages says of it
    sections: list[str]  # the sections with a page of their own (urls.split_documents), or []

    @property
    def page(self) -> str:
        return urls.document_page(self.game.id, self.id)


def document_pages(data: SiteData, game: Game, doc_id: str, doc_title: str) -> list[Page]:
    """A document's page, or for a document split by section (urls.split_documents) its index
    page and one page per section."""
    doc = _document(data, game, doc_id, doc_title)
    if not doc.sections:
        return [_document_page(doc, doc.entries, [], None)]
    return [_split_index(doc), *(_section_page(doc, i) for i in range(len(doc.sections)))]


def _document(data: SiteData, game: Game, doc_id: str, doc_title: str) -> _Document:
    """A document's entries, sections and what its pages say of it."""
    entries = document_entries(data.kb, game.id, doc_id)
    common = {  # what every page of the document says (the links, each page its own)
        "document": escape_inline(doc_title),
        "kinds": _kind_counts(entries),
        "source": escape_inline(posixpath.basename(game.source)) if game.source else None,
    }
    sections = data.split.get((game.id, doc_id)) or []
    return _Document(data, game, doc_id, doc_title, entries, common, sections)


def _document_page(
    doc: _Document, shown: list[Entry], listed: list[dict[str, Any]], forward: str | None
) -> Page:
    """The document's own page: `shown` entries, `listed` section pages, old anchors."""
    titled = _single_root(shown)
    return Page(
        doc.page,
        "document.md.j2",
        doc.title,
        {
            **doc.common,
            **game_link(doc.page, doc.game.id, doc.game.title),
            "edition": document_edition(doc.data, doc.page, doc.game.id, doc.id),
            "count": len(doc.entries),
            "titled": titled,
            "entries": entries_context(doc.data, doc.page, shown, 1 if titled else 2),
            "sections": listed,
            "forward": forward,
        },
    )


def _split_index(doc: _Document) -> Page:
    """The index page of a split document: the entries outside its sections, a link to each
    section page, and where each anchor went."""
    kb = doc.data.kb
    split = urls.split_sections(kb)
    outside = [e for e in doc.entries if e.id not in split]
    forward = {
        urls.anchor(e.id): urls.section_page(doc.game.id, doc.id, split[e.id])
        for e in doc.entries
        if e.id in split
    }
    listed = [
        {
            "title": escape_inline(section_title(kb.by_id[s])),
            "href": relative_link(doc.page, urls.section_page(doc.game.id, doc.id, s)),
            "count": sum(1 for v in split.values() if v == s),
        }
        for s in doc.sections
    ]
    # Old links to /<game>/<doc>/#anchor land on the section page that holds the anchor.
    return _document_page(doc, outside, listed, forward_map(doc.page, forward))


def forward_map(page: str, forward: dict[str, str]) -> str:
    """The JSON map a page gives the script for old links to its anchors: anchor -> the page
    that now holds it, as a path under `page`."""
    return json.dumps(
        {a: p[len(page) :] for a, p in sorted(forward.items())},
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )


def _section_page(doc: _Document, position: int) -> Page:
    """The page of the document's `position`-th section, with links to its neighbours."""
    kb = doc.data.kb
    game, sections = doc.game.id, doc.sections
    section_id = sections[position]
    split = urls.split_sections(kb)
    members = [e for e in doc.entries if split.get(e.id) == section_id]
    members.sort(key=lambda e: e.id != section_id)  # the section itself opens its page
    spage = urls.section_page(game, doc.id, section_id)
    depth = sum(1 for a in kb.ancestors(section_id) if a.kind == "section" and a.document == doc.id)
    previous = sections[position - 1] if position > 0 else None
    following = sections[position + 1] if position + 1 < len(sections) else None
    return Page(
        spage,
        "section.md.j2",
        section_title(kb.by_id[section_id]),
        {
            **doc.common,
            **game_link(spage, game, doc.game.title),
            "edition": document_edition(doc.data, spage, game, doc.id),
            "document_href": relative_link(spage, doc.page),
            "count": len(members),
            # The section is the page's title (h1); its subsections start at h2.
            "entries": entries_context(doc.data, spage, members, 1 - depth),
            "previous": _neighbour(kb, spage, game, doc.id, previous),
            "next": _neighbour(kb, spage, game, doc.id, following),
        },
    )


def _neighbour(
    kb: KnowledgeBase, page: str, game: str, doc: str, section_id: str | None
) -> dict[str, str] | None:
    if section_id is None:
        return None
    return {
        "title": escape_inline(section_title(kb.by_id[section_id])),
        "href": relative_link(page, urls.section_page(game, doc, section_id)),
    }
