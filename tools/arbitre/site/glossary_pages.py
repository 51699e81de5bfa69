"""The glossary of each game (one page, or an index and one page per range of letters past
urls.glossary_parts' threshold) and the cross-game « Lexique français ↔ anglais ».

Pure, like pages.py; a term is an entry (entry_views.py) with its English name, aliases,
defining entry and « Utilisé dans ».
"""

from __future__ import annotations

import json
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game
from arbitre.site.document_pages import document_entries, glossary_terms
from arbitre.site.edition_views import document_edition
from arbitre.site.entry_views import entries_context, entry_view, sort_key
from arbitre.site.shared import Page, SiteData, game_link, relative_link
from arbitre.site.text import escape_inline, plain_excerpt

# Above this many « Utilisé dans » links, the list folds into a collapsible block.
USED_IN_FOLD = 12


def glossary_pages(data: SiteData, game: Game) -> list[Page]:
    """The glossary of a game: one page, or (urls.glossary_parts) an index page and one page
    per range of letters."""
    kb = data.kb
    terms = glossary_terms(kb, game.id)
    # A document named « glossaire » shares this page: its heading and introduction come first,
    # entries filed under a term (an FAQ answer, an example) follow that term.
    others = document_entries(kb, game.id, urls.GLOSSARY_SLUG)
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
        **game_link(page, game.id, game.title),
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
                    "intro": entries_context(data, page, intro, 2),
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
                "intro": entries_context(data, page, intro, 2),
                "letters": [],
                "parts": [
                    {
                        "title": part_title(letters),
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
                "title": part_title(other[1]),
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
                f"Glossaire — {game.title} ({part_title(letters)})",
                {
                    **common,
                    "edition": document_edition(data, ppage, game.id, urls.GLOSSARY_SLUG),
                    "game_href": relative_link(ppage, urls.game_page(game.id)),
                    "lexicon_href": relative_link(ppage, urls.LEXICON_PAGE),
                    "glossary_href": relative_link(ppage, page),
                    "intro": [],
                    "letters": _letters(data, ppage, by_part.get(slug, []), under_term),
                    "parts": [],
                    "part": part_title(letters),
                    "previous": neighbours[0],
                    "next": neighbours[1],
                    "forward": None,
                },
            )
        )
    return pages


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
