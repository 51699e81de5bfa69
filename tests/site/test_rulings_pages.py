"""Rulings on the site: « Décisions et FAQ », « À propos de », the « Cartes » page, the banner of a
community source; rendered from the small KB with links added, then built with mkdocs."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from arbitre.kb.entry import AboutLink, CardLink
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.paths import ProjectPaths
from arbitre.site import build as site_build
from arbitre.site.build import render_page
from arbitre.site.pages import site_nav, site_pages

from .small_kb import small_kb
from .test_build import broken_links, parse

ROOT = Path(__file__).resolve().parents[2]


def linked_kb() -> KnowledgeBase:
    kb = small_kb()
    by_id = {e.id: e for e in kb.entries}
    by_id["jeu-a/faq/q1"].about = [
        AboutLink("jeu-a/101.1", "reviewed"),
        AboutLink("jeu-a/glossaire/epuiser", "term"),
    ]
    by_id["jeu-a/faq/q1"].cards = [CardLink("Garde royal", "heading")]
    by_id["jeu-a/faq/errata-1"].cards = [
        CardLink("Garde royal", "heading"),
        CardLink("Épée d'or", "reviewed"),
    ]
    games = [
        dataclasses.replace(g, authority="community", authority_quote="Règles écrites par Jon.")
        if g.id == "jeu-b"
        else g
        for g in kb.games
    ]
    return KnowledgeBase(games, kb.entries)


def _rendered() -> dict[str, str]:
    return {p.path: render_page(p) for p in site_pages(linked_kb(), [])}


def test_a_rule_lists_its_rulings_and_a_term_too():
    pages = _rendered()
    rules = pages["jeu-a/regles/"]
    block = rules.split('id="101.1"', 1)[1].split("</div>", 1)[0]
    assert "*Décisions et FAQ :*" in block
    assert "- [Une carte épuisée quitte-t-elle le jeu ?](../faq/index.md#faq--q1 " in block
    glossary = pages["jeu-a/glossaire/"]
    term = glossary.split("{#glossaire--epuiser}", 1)[1].split("\n### ", 1)[0]
    assert "*Décisions et FAQ :*" in term and "../faq/index.md#faq--q1" in term
    # An entry no ruling is about has no block.
    assert rules.count("*Décisions et FAQ :*") == 1


def test_a_ruling_shows_what_it_is_about_and_links_its_cards():
    faq = _rendered()["jeu-a/faq/"]
    about = faq.split('id="faq--q1"', 1)[1].split("</div>", 1)[0]
    lines = about.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("*À propos de :*"))
    line = lines[at]
    assert "../regles/index.md#101.1" in line and "../glossaire/index.md#glossaire--epuiser" in line
    assert "*Cartes :* [Garde royal](../cartes/index.md#carte-garde-royal" in line
    assert lines[at + 1] == "{: .arb-meta .arb-about }"


def test_cards_page_lists_each_card_with_its_rulings():
    pages = {p.path: p for p in site_pages(linked_kb(), [])}
    assert "jeu-b/cartes/" not in pages  # no ruling of jeu-b names a card
    text = render_page(pages["jeu-a/cartes/"])
    assert text.startswith("# Cartes — Jeu A {#arb-top}\n")
    assert "2 cartes nommées par 2 décisions" in text
    garde = text.split("{#carte-garde-royal}", 1)[1].split("\n## ", 1)[0]
    assert garde.count("\n- [") == 2 and "../faq/index.md#faq--q1" in garde
    assert "## Épée d'or {#carte-epee-d-or}" in text
    nav = site_nav(linked_kb(), [])
    assert {"Cartes": "jeu-a/cartes/index.md"} in nav[1]["Jeu A"]


def test_community_banner_on_every_page_of_that_game_only():
    pages = _rendered()
    for path, text in pages.items():
        banner = "{: .arb-authority }" in text
        assert banner == path.startswith("jeu-b/"), path
    first = pages["jeu-b/regles/"].split("\n")
    assert first[0].startswith("# ") and "source communautaire</span> Ce document" in first[2]
    assert "« Règles écrites par Jon. »" in first[2]


def test_site_builds_with_every_rulings_link_landing(tmp_path):
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    project = ProjectPaths(tmp_path)
    list(site_build.build_site(linked_kb(), project, examples=[]))
    assert broken_links(project.site) == []
    cards = parse(project.site / "jeu-a" / "cartes" / "index.html")
    assert {"carte-garde-royal", "carte-epee-d-or"} <= cards.ids
    faq = parse(project.site / "jeu-a" / "faq" / "index.html")
    assert "../cartes/#carte-garde-royal" in faq.links
