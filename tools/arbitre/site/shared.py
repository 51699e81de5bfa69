"""What every page builder shares: the `Page`, the `SiteData` computed once from the knowledge
base, the links between generated pages, and the French names of the entry kinds.

The page modules build on it (pages.py and the families it assembles: document_pages.py,
glossary_pages.py, example_pages.py, entry_views.py), and so does rulings.py (the « Cartes »
pages, the rulings under each entry), which pages.py and entry_views.py call: rulings.py needs
none of them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.terms import TermSpan, term_spans, used_in
from arbitre.model.core.trace import Trace
from arbitre.model.examples import examples_citing
from arbitre.site.editions import SiteEditions
from arbitre.site.examples import WorkedExample
from arbitre.site.text import escape_inline, plain_excerpt
from arbitre.text import fold

KIND_LABELS = {
    "section": "Section",
    "rule": "Règle",
    "faq": "FAQ",
    "glossary": "Glossaire",
    "example": "Exemple",
    "errata": "Errata",
    "note": "Note",
}


@dataclass
class Page:
    """One generated page: where it goes, which template renders it, and what it shows."""

    path: str  # page path, as in urls.py ("" for the home page)
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    banner: str | None = None  # Markdown shown under the page title (site/rulings.py)

    @property
    def file(self) -> str:
        return urls.page_file(self.path)


def relative_link(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A link from one generated page to another (or to an anchor on the same page)."""
    fragment = f"#{anchor}" if anchor else ""
    if from_page == to_page and anchor:
        return fragment
    start = posixpath.dirname(urls.page_file(from_page)) or "."
    return posixpath.relpath(urls.page_file(to_page), start) + fragment


def game_link(page: str, game_id: str, title: str) -> dict[str, str]:
    """What a page of one game says of its game: its title and the link back to its page."""
    return {"game": escape_inline(title), "game_href": relative_link(page, urls.game_page(game_id))}


class SiteData:
    """Everything computed once from the KB and shared by all pages."""

    def __init__(self, kb: KnowledgeBase, examples: list[WorkedExample] | None = None) -> None:
        self.kb = kb
        games = {g.id for g in kb.games}
        self.examples = [x for x in examples or [] if x.trace.game in games]
        # entry id -> the worked examples citing it (in a step or as a reproduced ruling).
        self.citing: dict[str, list[Trace]] = examples_citing([x.trace for x in self.examples])
        self.spans: dict[str, list[TermSpan]] = term_spans(kb)
        self.used_in = used_in(kb, {k: [s.term for s in v] for k, v in self.spans.items()})
        self.doc_titles = {(g.id, d): t for g in kb.games for d, t in g.documents}
        self.split = urls.split_documents(kb)
        self.editions = SiteEditions(kb)  # badges, histories, cautions (site/editions.py)
        # entry id -> glossary terms it defines (`defined_by`) or holds (a term's parent).
        self.defines: dict[str, list[str]] = {}
        for entry in kb.entries:
            if entry.kind != "glossary":
                continue
            for owner in (entry.defined_by, entry.parent):
                if owner and owner in kb.by_id and kb.by_id[owner].kind != "glossary":
                    listed = self.defines.setdefault(owner, [])
                    if entry.id not in listed:
                        listed.append(entry.id)

    def page_of(self, entry: Entry) -> str:
        return urls.page_path(entry, self.kb)

    def href(self, from_page: str, entry_id: str) -> str:
        target = self.kb.by_id[entry_id]
        return relative_link(from_page, self.page_of(target), urls.anchor(entry_id))

    def label(self, entry: Entry) -> str:
        """How a link to this entry reads: its number, else its title, else its kind and parent."""
        if entry.number:
            return entry.number
        # A generic title (« Exemple ») says less than the rule the entry belongs to.
        if entry.title and fold(entry.title) != fold(KIND_LABELS[entry.kind]):
            return entry.title if len(entry.title) <= 60 else entry.title[:57].rstrip() + "…"
        parent = self.kb.by_id.get(entry.parent) if entry.parent else None
        if parent is not None and (parent.number or parent.title):
            return f"{KIND_LABELS[entry.kind]} ({self.label(parent)})"
        return urls.anchor(entry.id)

    def heading(self, entry: Entry, state: Mapping[str, Entry] | None = None) -> str:
        """An entry as a list of entries names it (« Nouveautés », retired entries): its
        number and title; a title without a number of its own with the number of the rule it
        belongs to (« Remarque (4.2.5.c) »: three moved « Remarque » read apart); else how a
        link to it reads (« Note (Glossaire) »).  `state`: the entries of the edition `entry`
        is from, where that rule is looked up (today's by default)."""
        if entry.number or not entry.title:
            return " ".join(x for x in (entry.number, entry.title) if x) or self.label(entry)
        entries = self.kb.by_id if state is None else state
        parent = entries.get(entry.parent) if entry.parent else None
        return f"{entry.title} ({parent.number})" if parent and parent.number else entry.title

    def hover(self, entry: Entry) -> str:
        doc = self.doc_titles.get((entry.game, entry.document), entry.document)
        head = " ".join(x for x in (entry.number, entry.title) if x)
        if entry.kind == "glossary":
            # Short: the definition itself is previewed by the script (site/data.py).
            english = f" (anglais : {entry.english})" if entry.english else ""
            return f"{entry.title}{english} — glossaire"
        if not head:
            head = plain_excerpt(entry.text, 90)
        return f"{head} — {doc}"

    def link_view(
        self, from_page: str, entry_id: str, current: Entry | None = None
    ) -> dict[str, str]:
        target = self.kb.by_id[entry_id]
        label = self.label(target)
        if current is not None and target.game != current.game:
            game = self.kb.game(target.game)
            label = f"{label} ({game.title if game else target.game})"
        elif (
            current is not None
            and target.document != current.document
            and target.kind != "glossary"
        ):
            label = (
                f"{label} ({self.doc_titles.get((target.game, target.document), target.document)})"
            )
        return {
            "label": escape_inline(label),
            "href": self.href(from_page, entry_id),
            "title": self.hover(target),
        }
