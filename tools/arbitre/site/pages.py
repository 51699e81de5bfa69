"""KnowledgeBase -> page contexts: what every generated page shows, before any template runs.

Pure: no I/O.  `site_pages(kb)` returns every page in a fixed order with a context of plain
values (strings already escaped for Markdown where they are Markdown); `site_nav(kb)` returns the
mkdocs `nav`.  Links between pages are relative `.md` paths, so mkdocs checks each one (and each
anchor) when it builds.  The worked examples of the rules model (one « Exemples commentés » page
per game, and the back-links on the rules they cite) are an argument; only when it is left out
do `site_pages`/`site_nav` load the shipped scenarios (site/examples.py).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections import Counter
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.model.examples import scenario_guide
from arbitre.model.render import example_anchor, result_items
from arbitre.site.edition_pages import edition_nav, edition_pages
from arbitre.site.edition_views import document_edition, entry_edition, game_edition
from arbitre.site.examples import (
    PROCEDURE_LABELS,
    WorkedExample,
    describe_setup,
    load_examples,
)
from arbitre.site.rulings import add_banners, cards_page, cards_page_path, rulings_view
from arbitre.site.shared import KIND_LABELS, Page, SiteData, relative_link
from arbitre.site.text import (
    Insert,
    escape_inline,
    number_spans,
    plain_excerpt,
    render_text,
    title_spans,
)
from arbitre.text import fold

KIND_PLURALS = {
    "section": "sections",
    "rule": "règles",
    "faq": "questions de FAQ",
    "glossary": "termes",
    "example": "exemples",
    "errata": "errata",
    "note": "notes",
}
ROLE_LABELS = {
    "commentary": "commentaire",
    "quote": "citation",
    "clarification": "clarification",
    "variant": "variante",
    "step": "étape",
    "table": "tableau",
    "front-matter": "introduction",
    "redirect": "renvoi",
    "subentry": "sous-entrée",
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
# Entries shown as Material admonitions: kind -> admonition type.
ADMONITIONS = {"faq": "question", "example": "example", "errata": "warning", "note": "note"}
# Above this many « Utilisé dans » links, the list folds into a collapsible block.
USED_IN_FOLD = 12


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order for French terms: accents, case and leading signs (« + », « ( »)
    ignored, then the text itself."""
    return (re.sub(r"^\W+", "", fold(text)), text)


def repeated_title(entry: Entry) -> int:
    """Length of the text's opening that repeats the entry's title (« Application des dommages
    — Tous les… » under the title « Application des dommages »), else 0: the title is printed
    once, in the entry's head."""
    if not entry.title or entry.kind != "rule":
        return 0
    if not fold(entry.text).startswith(fold(entry.title)):
        return 0
    rest = re.match(r"\s*[—–:.\-]+(?:\s+|$)", entry.text[len(entry.title) :])
    return len(entry.title) + rest.end() if rest else 0


def entry_body(data: SiteData, page: str, entry: Entry) -> str:
    """The entry's text with glossary terms and the entries it cites linked where they appear:
    a rule by its printed number, another entry by its title.  The links carry no hover text:
    the script previews the target (its definition, its text) from the game's data file."""
    kb = data.kb
    inserts: list[Insert] = []
    for span in data.spans.get(entry.id, []):
        term = kb.by_id[span.term]
        inserts.append(Insert(span.start, span.end, data.href(page, term.id), "", "arb-term"))
    cited = [kb.by_id[r] for r in entry.refs]
    numbers = {t.number: t.id for t in cited if t.number}
    titles = {t.title: t.id for t in cited if t.title and not t.number}
    spans = number_spans(entry.text, numbers) + title_spans(entry.text, titles)
    for start, end, target in sorted(spans):
        if any(i.start < end and start < i.end for i in inserts):
            continue
        inserts.append(Insert(start, end, data.href(page, target), "", "arb-ref"))
    skip = repeated_title(entry)
    if skip:
        inserts = [
            Insert(i.start - skip, i.end - skip, i.href, i.title, i.css)
            for i in inserts
            if i.start >= skip
        ]
    return render_text(entry.text[skip:], inserts)


def _heading(entry: Entry) -> str:
    """« 601 Commencer une Partie »; a title that already shows its number stands alone."""
    if entry.number and entry.title and entry.number in entry.title:
        return entry.title
    return " ".join(x for x in (entry.number, entry.title) if x)


def _box_title(entry: Entry) -> str:
    """The title line of an admonition: a question stands alone; « Note du traducteur » needs
    no « Note — » before it; otherwise the kind, then the number and title."""
    label = KIND_LABELS[entry.kind]
    head = _heading(entry)
    if entry.kind == "faq" and head:
        return head
    if head and entry.title and fold(label) in fold(entry.title):
        return head
    return f"{label} — {head}" if head else label


def _starts_paragraph(markdown: str) -> bool:
    first = markdown.lstrip().split("\n", 1)[0]
    return not re.match(r"(?:[-*+]|\d+[.)]|>|#|\||```|\s)", first)


def entry_view(data: SiteData, page: str, entry: Entry, heading_base: int) -> dict[str, Any]:
    """What the entry template needs for one entry on one page."""
    kb = data.kb
    ancestors = kb.ancestors(entry.id)
    same_doc = [a for a in ancestors if a.document == entry.document and a.game == entry.game]
    section_depth = sum(1 for a in same_doc if a.kind == "section")
    # Nesting below the nearest section: sub-rules and examples are indented under their rule.
    nested = 0
    for a in reversed(same_doc):
        if a.kind == "section":
            break
        nested += 1
    # The kind is already said by the admonition title or the page (glossary); roles are not.
    badges: list[str] = []
    if entry.role and entry.role in ROLE_LABELS:
        badges.append(ROLE_LABELS[entry.role])
    if not entry.official:
        badges.append("non officiel")
    heading = _heading(entry)
    body = entry_body(data, page, entry) if entry.text.strip() else ""
    return {
        "id": entry.id,
        "anchor": urls.anchor(entry.id),
        "kind": entry.kind,
        "kind_label": KIND_LABELS[entry.kind],
        "box_title": escape_inline(_box_title(entry)),
        "admonition": ADMONITIONS.get(entry.kind),
        "badges": badges,
        "number": escape_inline(entry.number) if entry.number else None,
        "title": escape_inline(entry.title) if entry.title else None,
        "heading": escape_inline(heading or KIND_LABELS[entry.kind]),
        "heading_level": min(6, heading_base + section_depth),
        "nested": min(nested, 3),
        "card": escape_inline(entry.card) if entry.card else None,
        "body": body,
        # A rule without a title reads « 101.1 Text… » in one paragraph, like the printed rules.
        "inline_head": bool(
            body
            and not entry.title
            and not entry.card
            and entry.kind not in ADMONITIONS
            and _starts_paragraph(body)
        ),
        "refs": [data.link_view(page, r, entry) for r in entry.refs],
        # A term citing the entry that defines it is listed once, under « Termes définis ».
        "cited_by": cited_by_groups(
            data,
            page,
            entry,
            [c for c in kb.cited_by(entry.id) if c not in data.defines.get(entry.id, [])],
        ),
        "examples": example_links(data, page, entry.id),
        "rulings_block": rulings_view(data, page, entry),
        "edition": entry_edition(data, page, entry),
        # Terms this entry defines, unless the page lists them itself (the glossary page).
        "defines": [
            data.link_view(page, t, entry)
            for t in data.defines.get(entry.id, [])
            if data.page_of(kb.by_id[t]) != page
        ],
        # Source lines and unresolved references are the maintainer's: the script shows them
        # in the entry's « Source » disclosure, from the game's data file (site/data.py).
        "notes": [escape_inline(n) for n in entry.notes],
    }


# « Cité par », one group per kind of citing entry, in this order.
CITED_BY_GROUPS = ("règles", "FAQ et errata", "glossaire", "commentaires")


def citing_group(entry: Entry) -> str:
    if entry.role in ("commentary", "quote") or entry.kind in ("note", "example"):
        return "commentaires"
    if entry.kind in ("faq", "errata"):
        return "FAQ et errata"
    if entry.kind == "glossary":
        return "glossaire"
    return "règles"


def cited_by_groups(
    data: SiteData, page: str, entry: Entry, citing: list[str]
) -> list[dict[str, Any]]:
    """The entries citing `entry`, grouped (rules, FAQ and errata, glossary, commentary)."""
    groups: dict[str, list[dict[str, str]]] = {}
    for cid in citing:
        groups.setdefault(citing_group(data.kb.by_id[cid]), []).append(
            data.link_view(page, cid, entry)
        )
    return [{"label": g, "links": groups[g]} for g in CITED_BY_GROUPS if g in groups]


def _document_entries(kb: KnowledgeBase, game: str, document: str) -> list[Entry]:
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
        entries = _document_entries(kb, game.id, doc_id)
        page = urls.document_page(game.id, doc_id)
        sections = [
            {
                "title": escape_inline(_section_title(kb.by_id[s])),
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


def _section_title(section: Entry) -> str:
    return " ".join(x for x in (section.number, section.title) if x) or urls.anchor(section.id)


def _glossary_terms(kb: KnowledgeBase, game: str) -> list[Entry]:
    return [e for e in kb.entries if e.kind == "glossary" and e.game == game]


def home_page(data: SiteData) -> Page:
    kb = data.kb
    games = []
    for game in kb.games:
        terms = _glossary_terms(kb, game.id)
        games.append(
            {
                "title": escape_inline(game.title),
                "href": relative_link("", urls.game_page(game.id)),
                "documents": _game_documents(data, game, ""),
                "terms": len(terms),
                "glossary_href": relative_link("", urls.glossary_page(game.id)) if terms else None,
                "examples": _examples_summary(data, game.id, ""),
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
    terms = _glossary_terms(data.kb, game.id)
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
            "examples": _examples_summary(data, game.id, page),
            "edition": game_edition(data, page, game.id),
        },
    )


def _entries_context(
    data: SiteData, page: str, entries: list[Entry], heading_base: int
) -> list[dict[str, Any]]:
    views = [entry_view(data, page, e, heading_base) for e in entries]
    return views


def _single_root(entries: list[Entry]) -> bool:
    """True when the first entry is a section that holds every other entry of the list: it then
    titles the page (h1) instead of repeating under the document's title."""
    if not entries or entries[0].kind != "section":
        return False
    ids = {e.id for e in entries}
    return all(e.parent in ids for e in entries[1:]) and (entries[0].parent not in ids)


def document_pages(data: SiteData, game: Game, doc_id: str, doc_title: str) -> list[Page]:
    kb = data.kb
    entries = _document_entries(kb, game.id, doc_id)
    page = urls.document_page(game.id, doc_id)
    common = {
        "game": escape_inline(game.title),
        "game_href": relative_link(page, urls.game_page(game.id)),
        "document": escape_inline(doc_title),
        "kinds": _kind_counts(entries),
        "source": escape_inline(posixpath.basename(game.source)) if game.source else None,
    }
    sections = data.split.get((game.id, doc_id))
    if not sections:
        titled = _single_root(entries)
        return [
            Page(
                page,
                "document.md.j2",
                doc_title,
                {
                    **common,
                    "edition": document_edition(data, page, game.id, doc_id),
                    "count": len(entries),
                    "titled": titled,
                    "entries": _entries_context(data, page, entries, 1 if titled else 2),
                    "sections": [],
                    "forward": None,
                },
            )
        ]
    split = urls.split_sections(kb)
    outside = [e for e in entries if e.id not in split]
    forward = {
        urls.anchor(e.id): urls.section_page(game.id, doc_id, split[e.id])
        for e in entries
        if e.id in split
    }
    prefix = page
    pages = [
        Page(
            page,
            "document.md.j2",
            doc_title,
            {
                **common,
                "edition": document_edition(data, page, game.id, doc_id),
                "count": len(entries),
                "titled": _single_root(outside),
                "entries": _entries_context(data, page, outside, 1 if _single_root(outside) else 2),
                "sections": [
                    {
                        "title": escape_inline(_section_title(kb.by_id[s])),
                        "href": relative_link(page, urls.section_page(game.id, doc_id, s)),
                        "count": sum(1 for v in split.values() if v == s),
                    }
                    for s in sections
                ],
                # Old links to /<game>/<doc>/#anchor land on the section page that holds the anchor.
                "forward": json.dumps(
                    {a: p[len(prefix) :] for a, p in sorted(forward.items())},
                    ensure_ascii=False,
                    sort_keys=True,
                    separators=(",", ":"),
                ),
            },
        )
    ]
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
                _section_title(section),
                {
                    **common,
                    "edition": document_edition(data, spage, game.id, doc_id),
                    "document_href": relative_link(spage, page),
                    "count": len(members),
                    # The section is the page's title (h1); its subsections start at h2.
                    "entries": _entries_context(data, spage, members, 1 - depth),
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
        "title": escape_inline(_section_title(kb.by_id[section_id])),
        "href": relative_link(page, urls.section_page(game, doc, section_id)),
    }


def glossary_pages(data: SiteData, game: Game) -> list[Page]:
    """The glossary of a game: one page, or (urls.glossary_parts) an index page and one page
    per range of letters."""
    kb = data.kb
    terms = _glossary_terms(kb, game.id)
    # A document named « glossaire » shares this page: its heading and introduction come first,
    # entries filed under a term (an FAQ answer, an example) follow that term.
    others = _document_entries(kb, game.id, urls.GLOSSARY_SLUG)
    if not terms and not others:
        return []
    page = urls.glossary_page(game.id)
    under_term: dict[str, list[Entry]] = {}
    intro: list[Entry] = []
    for entry in others:
        owner = next((a for a in reversed(kb.ancestors(entry.id)) if a.kind == "glossary"), None)
        if owner is None:
            intro.append(entry)
        else:
            under_term.setdefault(owner.id, []).append(entry)
    parts = urls.glossary_parts(kb).get(game.id, [])
    common = {
        "game": escape_inline(game.title),
        "game_href": relative_link(page, urls.game_page(game.id)),
        "lexicon_href": relative_link(page, urls.LEXICON_PAGE),
        "count": len(terms),
        "edition": document_edition(data, page, game.id, urls.GLOSSARY_SLUG),
    }
    if not parts:
        return [
            Page(
                page,
                "glossary.md.j2",
                f"Glossaire — {game.title}",
                {
                    **common,
                    "intro": _entries_context(data, page, intro, 2),
                    "letters": _letters(data, page, terms, under_term),
                    "parts": [],
                    "part": None,
                    "forward": None,
                },
            )
        ]
    by_part: dict[str, list[Entry]] = {}
    for term in terms:
        by_part.setdefault(urls.glossary_part_of(kb, term) or "", []).append(term)
    forward = {
        urls.anchor(e.id): urls.glossary_part_page(game.id, urls.glossary_part_of(kb, e) or "")
        for e in [*terms, *[x for xs in under_term.values() for x in xs]]
    }
    pages = [
        Page(
            page,
            "glossary.md.j2",
            f"Glossaire — {game.title}",
            {
                **common,
                "intro": _entries_context(data, page, intro, 2),
                "letters": [],
                "parts": [
                    {
                        "title": _part_title(letters),
                        "href": relative_link(page, urls.glossary_part_page(game.id, slug)),
                        "count": len(by_part.get(slug, [])),
                    }
                    for slug, letters in parts
                ],
                "part": None,
                "forward": json.dumps(
                    {a: p[len(page) :] for a, p in sorted(forward.items())},
                    ensure_ascii=False,
                    sort_keys=True,
                    separators=(",", ":"),
                ),
            },
        )
    ]
    for position, (slug, letters) in enumerate(parts):
        ppage = urls.glossary_part_page(game.id, slug)
        neighbours = [
            {
                "title": _part_title(other[1]),
                "href": relative_link(ppage, urls.glossary_part_page(game.id, other[0])),
            }
            if 0 <= i < len(parts) and (other := parts[i])
            else None
            for i in (position - 1, position + 1)
        ]
        pages.append(
            Page(
                ppage,
                "glossary.md.j2",
                f"Glossaire — {game.title} ({_part_title(letters)})",
                {
                    **common,
                    "edition": document_edition(data, ppage, game.id, urls.GLOSSARY_SLUG),
                    "game_href": relative_link(ppage, urls.game_page(game.id)),
                    "lexicon_href": relative_link(ppage, urls.LEXICON_PAGE),
                    "glossary_href": relative_link(ppage, page),
                    "intro": [],
                    "letters": _letters(data, ppage, by_part.get(slug, []), under_term),
                    "parts": [],
                    "part": _part_title(letters),
                    "previous": neighbours[0],
                    "next": neighbours[1],
                    "forward": None,
                },
            )
        )
    return pages


def _part_title(letters: list[str]) -> str:
    names = ["autres" if x == "#" else x for x in (letters[0], letters[-1])]
    return names[0] if names[0] == names[1] else f"{names[0]}–{names[1]}"


def _letters(
    data: SiteData, page: str, terms: list[Entry], under_term: dict[str, list[Entry]]
) -> list[dict[str, Any]]:
    """The terms of a glossary page, by initial letter."""
    letters: dict[str, list[dict[str, Any]]] = {}
    for term in sorted(terms, key=lambda t: sort_key(t.title or t.id)):
        view = term_view(data, page, term)
        view["entries"] = _entries_context(data, page, under_term.get(term.id, []), 4)
        letters.setdefault(urls.term_letter(term.title or ""), []).append(view)
    return [
        {
            "letter": letter,
            "anchor": f"arb-lettre-{letter.lower() if letter != '#' else 'autres'}",
            "terms": views,
        }
        for letter, views in sorted(letters.items(), key=lambda kv: (kv[0] == "#", kv[0]))
    ]


def term_view(data: SiteData, page: str, term: Entry) -> dict[str, Any]:
    kb = data.kb
    view = entry_view(data, page, term, 3)
    defined_by = None
    if term.defined_by and term.defined_by in kb.by_id:
        definer = kb.by_id[term.defined_by]
        defined_by = {
            **data.link_view(page, definer.id, term),
            "excerpt": escape_inline(plain_excerpt(definer.text, 400))
            if not term.text.strip()
            else None,
        }
    parent = None
    if term.parent and term.parent in kb.by_id and kb.by_id[term.parent].kind == "glossary":
        parent = data.link_view(page, term.parent, term)
    users = [data.link_view(page, u, term) for u in data.used_in.get(term.id, [])]
    # The defining entry is shown as « Défini par »; « Voir aussi » lists the other refs.
    view["refs"] = [
        r for r, rid in zip(view["refs"], term.refs, strict=True) if rid != term.defined_by
    ]
    view.update(
        {
            "english": escape_inline(term.english) if term.english else None,
            "english_inferred": term.english_inferred,
            "aliases": [escape_inline(a) for a in sorted(term.aliases, key=sort_key)],
            "defined_by": defined_by,
            "parent": parent,
            "used_in": users,
            "used_in_folded": len(users) > USED_IN_FOLD,
        }
    )
    return view


def lexicon_page(data: SiteData) -> Page:
    kb = data.kb
    page = urls.LEXICON_PAGE
    games = {g.id: g.title for g in kb.games}
    rows = []
    for term in sorted(
        (e for e in kb.entries if e.kind == "glossary"),
        key=lambda t: (*sort_key(t.title or t.id), t.game, t.id),
    ):
        rows.append(
            {
                "term": escape_inline(term.title or urls.anchor(term.id)),
                "href": data.href(page, term.id),
                "english": escape_inline(term.english) if term.english else None,
                "english_inferred": term.english_inferred,
                "game": escape_inline(games.get(term.game, term.game)),
                "game_href": relative_link(page, urls.glossary_page(term.game)),
                "redirect": term.role == "redirect",
            }
        )
    return Page(
        page,
        "lexicon.md.j2",
        "Lexique français ↔ anglais",
        {
            "rows": rows,
            "count": len(rows),
            "with_english": sum(1 for r in rows if r["english"]),
            "inferred": sum(1 for r in rows if r["english_inferred"]),
        },
    )


def scenario_guide_page() -> Page:
    """« Écrire un scénario »: how a judge writes and runs a scenario of the rules model."""
    return Page(
        urls.SCENARIO_GUIDE_PAGE, "guide.md.j2", "Écrire un scénario", {"body": scenario_guide()}
    )


def offline_page() -> Page:
    """« Hors ligne »: what the offline worker shows for a page it does not hold while the
    network is away (assets/offline/sw.js).  Outside the navigation (mkdocs.yml `not_in_nav`)."""
    return Page(urls.OFFLINE_PAGE, "offline.md.j2", "Hors ligne")


def search_page(data: SiteData) -> Page:
    """The « Recherche » page: a form whose results the site's own search computes in the
    browser (assets/search/page.js over the index `arbitre build` writes)."""
    kinds = sorted({e.kind for e in data.kb.entries}, key=list(KIND_LABELS).index)
    return Page(
        urls.SEARCH_PAGE,
        "search.md.j2",
        "Recherche",
        {
            "games": [{"id": g.id, "title": g.title} for g in data.kb.games],
            "kinds": [{"id": k, "label": KIND_LABELS[k]} for k in kinds],
        },
    )


# --- worked examples (arbitre.model) ---------------------------------------------------------


def example_links(data: SiteData, page: str, entry_id: str) -> list[dict[str, str]]:
    """Links to the worked examples that cite an entry (« Exemples commentés : »)."""
    return [
        {
            # « Vitesse 0 » for « Vitesse 0 : le personnage inflige ses dommages, en dernier »;
            # the whole title is the hover text.
            "label": escape_inline(trace.title.split(" : ", 1)[0]),
            "href": relative_link(page, urls.examples_page(trace.game), example_anchor(trace)),
            "title": f"{trace.title} — exemple commenté "
            f"({PROCEDURE_LABELS.get(trace.procedure, trace.procedure)})",
        }
        for trace in data.citing.get(entry_id, [])
    ]


def cited_label(data: SiteData, entry: Entry, full: bool = False) -> str:
    """How an example cites an entry: a numbered rule by its number, a commentary by the
    heading it comments, a paragraph without a title by its heading and position.  `full`:
    a long title (a FAQ question) is not cut."""
    kb = data.kb
    if entry.number and "." in entry.number:
        return entry.number
    parent = kb.by_id.get(entry.parent) if entry.parent else None
    parent_name = ""
    if parent is not None:
        parent_name = parent.title or parent.number or ""
        parent_name = parent_name[:1].upper() + parent_name[1:]
    if entry.role in ("commentary", "quote") and parent_name:
        return f"{ROLE_LABELS[entry.role].capitalize()} ({parent_name})"
    if entry.title and fold(entry.title) != fold(KIND_LABELS[entry.kind]):
        head = _heading(entry)
        return head if full or len(head) <= 60 else head[:57].rstrip() + "…"
    if not entry.title and not entry.number and parent_name:
        last = entry.id.rsplit("/", 1)[1]
        return f"{parent_name} § {last}" if last.isdigit() else parent_name
    if not entry.title and not entry.number:
        return f"« {plain_excerpt(entry.text, 50)} »"
    return data.label(entry)


def cited_view(
    data: SiteData, page: str, rule_id: str, full: bool = False
) -> dict[str, str | None]:
    """A rule cited by a worked example; an id the knowledge base lacks is shown as code."""
    entry = data.kb.by_id.get(rule_id)
    if entry is None:
        return {"label": f"`{rule_id}`", "href": None, "title": ""}
    return {
        "label": escape_inline(cited_label(data, entry, full)),
        "href": data.href(page, rule_id),
        "title": data.hover(entry),
    }


def _procedure_order(example: WorkedExample) -> tuple[int, str]:
    order = list(PROCEDURE_LABELS)
    procedure = example.trace.procedure
    return (order.index(procedure) if procedure in order else len(order), example.trace.scenario)


def game_examples(data: SiteData, game: str) -> list[WorkedExample]:
    """The worked examples of a game, grouped by procedure, then by scenario slug."""
    return sorted((x for x in data.examples if x.trace.game == game), key=_procedure_order)


def example_view(data: SiteData, page: str, example: WorkedExample) -> dict[str, Any]:
    trace = example.trace
    kb = data.kb
    rulings = []
    for ruling in trace.rulings:
        entry = kb.by_id.get(ruling.id)
        rulings.append(
            {
                "link": cited_view(data, page, ruling.id, full=True),
                "document": escape_inline(
                    data.doc_titles.get((entry.game, entry.document), entry.document)
                )
                if entry is not None
                else None,
                "quote": escape_inline(ruling.quote) if ruling.quote else None,
            }
        )
    return {
        "anchor": example_anchor(trace),
        "title": escape_inline(trace.title),
        "procedure": PROCEDURE_LABELS.get(trace.procedure, trace.procedure),
        "file": example.file,
        "rulings": rulings,
        "state": describe_setup(example.setup.get("state") or {}, trace.game),
        "actions": describe_setup(example.setup.get("actions") or {}, trace.game),
        "steps": [
            {
                "text": escape_inline(step.text_fr),
                "rules": [cited_view(data, page, r) for r in step.rule_ids],
            }
            for step in trace.steps
        ],
        "result": [
            {"label": escape_inline(label), "value": escape_inline(value)}
            for label, value in result_items(trace)
        ],
        "notes": [escape_inline(n) for n in trace.notes],
    }


def examples_page(data: SiteData, game: Game) -> Page | None:
    """The « Exemples commentés » page of a game, or None when it has no worked example."""
    examples = game_examples(data, game.id)
    if not examples:
        return None
    page = urls.examples_page(game.id)
    views = [example_view(data, page, x) for x in examples]
    return Page(
        page,
        "examples.md.j2",
        f"Exemples commentés — {game.title}",
        {
            "game": escape_inline(game.title),
            "game_href": relative_link(page, urls.game_page(game.id)),
            "count": len(views),
            "procedures": len({x.trace.procedure for x in examples}),
            "examples": views,
            "rulings": sum(len(v["rulings"]) for v in views),
        },
    )


def _examples_summary(data: SiteData, game: str, from_page: str) -> dict[str, Any] | None:
    """What the home and game pages say about a game's worked examples."""
    examples = game_examples(data, game)
    if not examples:
        return None
    page = urls.examples_page(game)
    return {
        "href": relative_link(from_page, page),
        "count": len(examples),
        "procedures": len({x.trace.procedure for x in examples}),
        "items": [
            {
                "title": escape_inline(x.trace.title),
                "href": relative_link(from_page, page, example_anchor(x.trace)),
                "procedure": PROCEDURE_LABELS.get(x.trace.procedure, x.trace.procedure),
            }
            for x in examples
        ],
    }


def site_pages(kb: KnowledgeBase, examples: list[WorkedExample] | None = None) -> list[Page]:
    """Every page of the site, in navigation order.  `examples`: the worked examples to show
    (default: every shipped scenario of the games of `kb`, site/examples.py)."""
    data = SiteData(kb, load_examples(kb) if examples is None else examples)
    pages = [home_page(data)]
    for game in kb.games:
        pages.append(game_page(data, game))
        for doc_id, doc_title in game.documents:
            if doc_id != urls.GLOSSARY_SLUG:  # shown by the glossary page
                pages.extend(document_pages(data, game, doc_id, doc_title))
        worked = examples_page(data, game)
        if worked is not None:
            pages.append(worked)
        pages.extend(glossary_pages(data, game))
        pages.extend(p for p in [cards_page(data, game)] if p is not None)
        pages.extend(edition_pages(data, game))
    pages.append(lexicon_page(data))
    if data.examples:
        pages.append(scenario_guide_page())
    pages.append(search_page(data))
    pages.append(offline_page())
    add_banners(pages, kb.games)
    return pages


def site_nav(kb: KnowledgeBase, examples: list[WorkedExample] | None = None) -> list[Any]:
    """The mkdocs `nav`: home, one section per game (overview first, then its documents, its
    worked examples and its glossary), the lexicon."""
    if examples is None:
        examples = load_examples(kb)
    with_examples = {x.trace.game for x in examples}
    split = urls.split_documents(kb)
    nav: list[Any] = [{"Accueil": urls.page_file("")}]
    for game in kb.games:
        items: list[Any] = [urls.page_file(urls.game_page(game.id))]
        for doc_id, doc_title in game.documents:
            if doc_id == urls.GLOSSARY_SLUG:
                continue  # the glossary page, listed last
            doc_file = urls.page_file(urls.document_page(game.id, doc_id))
            sections = split.get((game.id, doc_id))
            if sections:
                children: list[Any] = [doc_file]
                children += [
                    {
                        _section_title(kb.by_id[s]): urls.page_file(
                            urls.section_page(game.id, doc_id, s)
                        )
                    }
                    for s in sections
                ]
                items.append({doc_title: children})
            else:
                items.append({doc_title: doc_file})
        if game.id in with_examples:
            items.append({"Exemples commentés": urls.page_file(urls.examples_page(game.id))})
        if _glossary_terms(kb, game.id) or urls.GLOSSARY_SLUG in dict(game.documents):
            glossary = urls.page_file(urls.glossary_page(game.id))
            parts = urls.glossary_parts(kb).get(game.id)
            if parts:
                children = [glossary] + [
                    {_part_title(letters): urls.page_file(urls.glossary_part_page(game.id, slug))}
                    for slug, letters in parts
                ]
                items.append({"Glossaire": children})
            else:
                items.append({"Glossaire": glossary})
        if kb.card_rulings(game.id):
            items.append({"Cartes": urls.page_file(cards_page_path(game.id))})
        items.extend(edition_nav(kb, game.id))
        nav.append({game.short_title: items})
    nav.append({"Lexique français ↔ anglais": urls.page_file(urls.LEXICON_PAGE)})
    if examples:
        nav.append({"Écrire un scénario": urls.page_file(urls.SCENARIO_GUIDE_PAGE)})
    nav.append({"Recherche": urls.page_file(urls.SEARCH_PAGE)})
    return nav
