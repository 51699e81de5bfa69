"""The glossary of each game (one page, or an index and one page per range of letters past
urls.glossary_parts' threshold) and the cross-game « Lexique français ↔ anglais ».

Pure, like pages.py; a term is an entry (entry_views.py) with its English name, aliases,
defining entry and « Utilisé dans ».
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game
from arbitre.site.document_pages import document_entries, forward_map, glossary_terms
from arbitre.site.edition_views import document_edition
from arbitre.site.entry_views import entries_context, entry_view, sort_key
from arbitre.site.shared import Page, SiteData, game_link, relative_link
from arbitre.site.text import escape_inline, plain_excerpt

# Above this many « Utilisé dans » links, the list folds into a collapsible block.
USED_IN_FOLD = 12


@dataclass(frozen=True)
class _Glossary:
    """A game's glossary, gathered once for its pages."""

    data: SiteData
    game: Game
    terms: list[Entry]
    intro: list[Entry]  # the glossary document's heading and introduction
    under_term: dict[str, list[Entry]]  # its other entries, by the id of the term they follow
    parts: list[tuple[str, list[str]]]  # urls.glossary_parts: [] when on one page
    by_part: dict[str, list[Entry]]  # the terms of each part, by the part's slug

    @property
    def page(self) -> str:
        return urls.glossary_page(self.game.id)


def glossary_pages(data: SiteData, game: Game) -> list[Page]:
    """The glossary of a game: one page, or (urls.glossary_parts) an index page and one page
    per range of letters."""
    glossary = _glossary(data, game)
    if glossary is None:
        return []
    parts = range(len(glossary.parts))
    return [_glossary_page(glossary), *(_part_page(glossary, position) for position in parts)]


def _glossary(data: SiteData, game: Game) -> _Glossary | None:
    """A game's terms and the other entries of its glossary document, or None without any."""
    kb = data.kb
    terms = glossary_terms(kb, game.id)
    # A document named « glossaire » shares this page: its heading and introduction come first,
    # entries filed under a term (an FAQ answer, an example) follow that term.
    others = document_entries(kb, game.id, urls.GLOSSARY_SLUG)
    if not terms and not others:
        return None
    under_term: dict[str, list[Entry]] = {}
    intro: list[Entry] = []
    for entry in others:
        owner = next((a for a in reversed(kb.ancestors(entry.id)) if a.kind == "glossary"), None)
        if owner is None:
            intro.append(entry)
        else:
            under_term.setdefault(owner.id, []).append(entry)
    by_part: dict[str, list[Entry]] = {}
    for term in terms:
        by_part.setdefault(urls.glossary_part_of(kb, term) or "", []).append(term)
    parts = urls.glossary_parts(kb).get(game.id, [])
    return _Glossary(data, game, terms, intro, under_term, parts, by_part)


def _common(glossary: _Glossary, page: str) -> dict[str, Any]:
    """What every page of the glossary shows: its game, the lexicon, its size and edition."""
    game = glossary.game
    return {
        **game_link(page, game.id, game.title),
        "lexicon_href": relative_link(page, urls.LEXICON_PAGE),
        "count": len(glossary.terms),
        "edition": document_edition(glossary.data, page, game.id, urls.GLOSSARY_SLUG),
    }


def _glossary_page(glossary: _Glossary) -> Page:
    """The glossary's own page: its introduction, then every term, or for a split glossary a
    link to each part and where each anchor went."""
    data, page, parts = glossary.data, glossary.page, glossary.parts
    return Page(
        page,
        "glossary.md.j2",
        f"Glossaire — {glossary.game.title}",
        {
            **_common(glossary, page),
            "intro": entries_context(data, page, glossary.intro, 2),
            "letters": [] if parts else _letters(data, page, glossary.terms, glossary.under_term),
            "parts": [
                {
                    **_part_link(glossary, page, slug, letters),
                    "count": len(glossary.by_part.get(slug, [])),
                }
                for slug, letters in parts
            ],
            "part": None,
            "forward": _forward(glossary) if parts else None,
        },
    )


def _forward(glossary: _Glossary) -> str:
    """Old links to /<game>/glossaire/#anchor: the part page that holds each anchor."""
    kb, game = glossary.data.kb, glossary.game.id
    shown = [*glossary.terms, *[x for xs in glossary.under_term.values() for x in xs]]
    forward = {
        urls.anchor(e.id): urls.glossary_part_page(game, urls.glossary_part_of(kb, e) or "")
        for e in shown
    }
    return forward_map(glossary.page, forward)


def _part_link(glossary: _Glossary, page: str, slug: str, letters: list[str]) -> dict[str, str]:
    """A link from `page` to the part of the glossary that holds `letters`."""
    return {
        "title": part_title(letters),
        "href": relative_link(page, urls.glossary_part_page(glossary.game.id, slug)),
    }


def _part_page(glossary: _Glossary, position: int) -> Page:
    """The page of one range of letters of a split glossary, with links to its neighbours."""
    parts = glossary.parts
    slug, letters = parts[position]
    page = urls.glossary_part_page(glossary.game.id, slug)
    neighbours = [
        _part_link(glossary, page, *parts[i]) if 0 <= i < len(parts) else None
        for i in (position - 1, position + 1)
    ]
    return Page(
        page,
        "glossary.md.j2",
        f"Glossaire — {glossary.game.title} ({part_title(letters)})",
        {
            **_common(glossary, page),
            "glossary_href": relative_link(page, glossary.page),
            "intro": [],
            "letters": _letters(
                glossary.data, page, glossary.by_part.get(slug, []), glossary.under_term
            ),
            "parts": [],
            "part": part_title(letters),
            "previous": neighbours[0],
            "next": neighbours[1],
            "forward": None,
        },
    )


def part_title(letters: list[str]) -> str:
    names = ["autres" if x == "#" else x for x in (letters[0], letters[-1])]
    return names[0] if names[0] == names[1] else f"{names[0]}–{names[1]}"


def _letters(
    data: SiteData, page: str, terms: list[Entry], under_term: dict[str, list[Entry]]
) -> list[dict[str, Any]]:
    """The terms of a glossary page, by initial letter."""
    letters: dict[str, list[dict[str, Any]]] = {}
    for term in sorted(terms, key=lambda t: sort_key(t.title or t.id)):
        view = term_view(data, page, term)
        view["entries"] = entries_context(data, page, under_term.get(term.id, []), 4)
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
