"""Rulings on the site: « Décisions et FAQ » under a rule or term, « À propos de » under a ruling,
the per-game « Cartes » page, and the banner of a game whose source is not the publisher's.

Pure, like pages.py: contexts of plain, escaped values.  Rendering is the `rulings_block` macro
of `_rulings.md.j2`, called once from the entry macro and the glossary page.
"""

from __future__ import annotations

from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import Game
from arbitre.site.edition_views import entry_or_retired_link
from arbitre.site.shared import Page, SiteData, game_link, relative_link
from arbitre.site.text import escape_inline, plain_excerpt
from arbitre.text import fold

CARDS_SLUG = "cartes"
HOW_LABELS = {
    "ref": "cité dans le texte",
    "term": "relu ; ses termes figurent dans la question",
    "reviewed": "relu",
    "heading": "classée sous cette carte",
}


def cards_page_path(game: str) -> str:
    return f"{game}/{CARDS_SLUG}/"


def card_anchor(name: str) -> str:
    """« Voile Doré » -> « carte-voile-dore »."""
    slug = "".join(c if c.isalnum() else "-" for c in fold(name))
    return "carte-" + "-".join(p for p in slug.split("-") if p)


def _question(entry: Entry) -> str:
    text = entry.title or plain_excerpt(entry.text, 120)
    if entry.kind == "errata":
        text = f"Errata — {text}"
    return escape_inline(text)


def ruling_link(data: SiteData, page: str, ruling_id: str) -> dict[str, str]:
    """A link to a ruling that reads as its question (an erratum: its card and text)."""
    ruling = data.kb.by_id[ruling_id]
    return {
        "label": _question(ruling),
        "href": relative_link(page, data.page_of(ruling), urls.anchor(ruling_id)),
        "title": escape_inline(plain_excerpt(ruling.text, 160)).replace('"', "'"),
    }


def rulings_view(data: SiteData, page: str, entry: Entry) -> dict[str, Any]:
    """What `rulings_block` shows for one entry: its rulings, or what it is about."""
    kb = data.kb
    if entry.is_ruling:
        about = []
        for link in entry.about:
            # An entry an edition removed (`id@version`) links to its last text.
            view = entry_or_retired_link(data, page, link.id, entry)
            about.append({**view, "title": f"{view['title']} ({HOW_LABELS[link.how]})"})
        cards = [
            {
                "label": escape_inline(card.name),
                "href": relative_link(page, cards_page_path(entry.game), card_anchor(card.name)),
                "title": f"Toutes les décisions sur cette carte ({HOW_LABELS[card.how]})",
            }
            for card in entry.cards
        ]
        return {"about": about, "cards": cards, "rulings": []}
    return {
        "about": [],
        "cards": [],
        "rulings": [ruling_link(data, page, r) for r in kb.rulings(entry.id)],
    }


def cards_page(data: SiteData, game: Game) -> Page | None:
    """Every card named by a ruling or erratum of the game, with those rulings."""
    cards = data.kb.card_rulings(game.id)
    if not cards:
        return None
    page = cards_page_path(game.id)
    rows = [
        {
            "name": escape_inline(name),
            "anchor": card_anchor(name),
            "rulings": [ruling_link(data, page, r) for r in rulings],
        }
        for name, rulings in cards.items()
    ]
    return Page(
        page,
        "cards.md.j2",
        f"Cartes — {game.title}",
        {
            **game_link(page, game.id, game.title),
            "count": len(rows),
            "rulings": len({r for rulings in cards.values() for r in rulings}),
            "cards": rows,
        },
    )


def authority_banner(game: Game) -> str | None:
    """The banner of every page of a game whose source was not written by its publisher."""
    if game.authority != "community":
        return None
    quote = escape_inline(game.authority_quote or "")
    said = f" Le document le dit lui-même : « {quote} »" if quote else ""
    return (
        '<span class="arb-badge arb-community">source communautaire</span> '
        f"Ce document est une compilation écrite par un joueur, pas le texte de l’éditeur.{said}\n"
        "{: .arb-authority }"
    )


def add_banners(pages: list[Page], games: list[Game]) -> None:
    """Put each game's banner (if any) on every page under that game's folder."""
    banners = {g.id: authority_banner(g) for g in games}
    for page in pages:
        game = page.path.split("/", 1)[0]
        if banners.get(game) and page.path.startswith(f"{game}/"):
            page.banner = banners[game]
