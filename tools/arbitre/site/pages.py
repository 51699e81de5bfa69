"""KnowledgeBase -> page contexts: what every generated page shows, before any template runs.

Pure: no I/O.  `site_pages(kb)` returns every page in a fixed order with a context of plain
values (strings already escaped for Markdown where they are Markdown); `site_nav(kb)` returns the
mkdocs `nav`.  Links between pages are relative `.md` paths, so mkdocs checks each one (and each
anchor) when it builds.  The worked examples of the rules model (one « Exemples commentés » page
per game, and the back-links on the rules they cite) are an argument; only when it is left out
do `site_pages`/`site_nav` load the shipped scenarios (site/examples.py).

This module assembles the page families and holds the small one-template pages (« Écrire un
scénario », « Hors ligne », « Recherche »).  The others: home, game and document pages
(document_pages.py), glossaries and the lexicon (glossary_pages.py), worked examples
(example_pages.py), editions (edition_pages.py), « Cartes » (rulings.py); one entry as a page
shows it: entry_views.py.
"""

from __future__ import annotations

from typing import Any

from arbitre import urls
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.model.examples import scenario_guide
from arbitre.site.document_pages import (
    document_pages,
    game_page,
    glossary_terms,
    home_page,
    section_title,
)
from arbitre.site.edition_pages import edition_nav, edition_pages
from arbitre.site.example_pages import examples_page
from arbitre.site.examples import WorkedExample, load_examples
from arbitre.site.glossary_pages import glossary_pages, lexicon_page, part_title
from arbitre.site.rulings import add_banners, cards_page, cards_page_path
from arbitre.site.shared import KIND_LABELS, Page, SiteData


def scenario_guide_page() -> Page:
    """« Écrire un scénario »: how a judge writes and runs a scenario of the rules model."""
    return Page(
        urls.SCENARIO_GUIDE_PAGE, "guide.md.j2", "Écrire un scénario", {"body": scenario_guide()}
    )


def offline_page() -> Page:
    """« Hors ligne »: what the offline worker shows for a page it does not hold while the
    network is away (assets/offline/worker/).  Outside the navigation (mkdocs.yml `not_in_nav`)."""
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
                        section_title(kb.by_id[s]): urls.page_file(
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
        if glossary_terms(kb, game.id) or urls.GLOSSARY_SLUG in dict(game.documents):
            glossary = urls.page_file(urls.glossary_page(game.id))
            parts = urls.glossary_parts(kb).get(game.id)
            if parts:
                children = [glossary] + [
                    {part_title(letters): urls.page_file(urls.glossary_part_page(game.id, slug))}
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
