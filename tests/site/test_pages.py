"""Page contexts (pages.py) and the URL scheme (urls.py), from a knowledge base built in code."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from arbitre import urls
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.site.build import render_page
from arbitre.site.pages import site_nav, site_pages
from arbitre.site.shared import SiteData, relative_link
from arbitre.site.text import Insert, number_spans, render_text, title_spans

from .small_kb import small_kb


def _pages(kb: KnowledgeBase) -> dict[str, object]:
    return {p.path: p for p in site_pages(kb)}


def test_page_list_and_order() -> None:
    assert [p.file for p in site_pages(small_kb())] == [
        "index.md",
        "jeu-a/index.md",
        "jeu-a/regles/index.md",
        "jeu-a/faq/index.md",
        "jeu-a/glossaire/index.md",
        "jeu-a/nouveautes/index.md",
        "jeu-a/retirees/index.md",
        "jeu-b/index.md",
        "jeu-b/regles/index.md",
        "jeu-b/glossaire/index.md",
        "jeu-b/nouveautes/index.md",
        "lexique/index.md",
        "recherche/index.md",
        "hors-ligne/index.md",
    ]


def test_nav() -> None:
    assert site_nav(small_kb()) == [
        {"Accueil": "index.md"},
        {
            "Jeu A": [
                "jeu-a/index.md",
                {"Règles complètes": "jeu-a/regles/index.md"},
                {"FAQ": "jeu-a/faq/index.md"},
                {"Glossaire": "jeu-a/glossaire/index.md"},
                {"Nouveautés": "jeu-a/nouveautes/index.md"},
                {"Entrées retirées": "jeu-a/retirees/index.md"},
            ]
        },
        {
            "Jeu B": [
                "jeu-b/index.md",
                {"Règles": "jeu-b/regles/index.md"},
                {"Glossaire": "jeu-b/glossaire/index.md"},
                {"Nouveautés": "jeu-b/nouveautes/index.md"},
            ]
        },
        {"Lexique français ↔ anglais": "lexique/index.md"},
        {"Recherche": "recherche/index.md"},
    ]


def test_nav_tabs_use_the_short_title() -> None:
    """A game's tab says the name players call it by, so every tab fits a 1280-px header."""
    import dataclasses

    kb = small_kb()
    kb.games[0] = dataclasses.replace(kb.games[0], short_title="A")
    tabs = [next(iter(item)) for item in site_nav(kb)]
    assert tabs[1:3] == ["A", "Jeu B"]


def test_urls_and_anchors() -> None:
    kb = small_kb()
    assert urls.anchor("the-spoils/609.1f") == "609.1f"
    assert urls.anchor("marvel-champions/glossaire/allie") == "glossaire--allie"
    assert urls.entry_url(kb.by_id["jeu-a/101.1a/exemple"], kb) == "/jeu-a/regles/#101.1a--exemple"
    assert urls.entry_url(kb.by_id["jeu-a/glossaire/allie"]) == "/jeu-a/glossaire/#glossaire--allie"
    assert urls.page_file("") == "index.md"


@pytest.mark.parametrize(
    ("src", "dst", "anchor", "expected"),
    [
        ("jeu-a/regles/", "jeu-a/regles/", "101.1", "#101.1"),
        (
            "jeu-a/regles/",
            "jeu-a/glossaire/",
            "glossaire--allie",
            "../glossaire/index.md#glossaire--allie",
        ),
        ("", "jeu-a/regles/", "101.1", "jeu-a/regles/index.md#101.1"),
        ("lexique/", "", None, "../index.md"),
    ],
)
def test_relative_links(src: str, dst: str, anchor: str | None, expected: str) -> None:
    assert relative_link(src, dst, anchor) == expected


def test_document_context() -> None:
    page = _pages(small_kb())["jeu-a/regles/"]
    entries = {e["id"]: e for e in page.context["entries"]}
    assert list(entries) == [
        "jeu-a/1",
        "jeu-a/101",
        "jeu-a/101.1",
        "jeu-a/101.1a",
        "jeu-a/101.1a/exemple",
        "jeu-a/102",
        "jeu-a/102.1",
        "jeu-a/102.1/ndt",
    ]
    # The single top-level section titles the page.
    assert page.context["titled"] is True
    assert [entries[i]["heading_level"] for i in ("jeu-a/1", "jeu-a/101", "jeu-a/102")] == [1, 2, 2]
    rule = entries["jeu-a/101.1"]
    assert rule["anchor"] == "101.1"
    assert rule["inline_head"] is True
    assert rule["refs"] == [
        {"label": "102.1", "href": "#102.1", "title": "102.1 — Règles complètes"}
    ]
    # « Cité par » is grouped by kind: rules, then FAQ and errata (glossary, commentary).
    assert [(g["label"], [c["href"] for c in g["links"]]) for g in rule["cited_by"]] == [
        ("règles", ["#102.1"]),
        ("FAQ et errata", ["../faq/index.md#faq--q1"]),
    ]
    assert entries["jeu-a/101.1a"]["nested"] == 1
    assert entries["jeu-a/101.1a/exemple"]["nested"] == 2
    assert entries["jeu-a/101.1a/exemple"]["admonition"] == "example"
    assert entries["jeu-a/101.1a/exemple"]["box_title"] == "Exemple"
    note = entries["jeu-a/102.1/ndt"]
    assert note["badges"] == ["non officiel"]
    # « {X} » and « < » are escaped so that attr_list and HTML leave them alone.
    assert "\\{X}" in note["body"] and "a &lt; b" in note["body"]
    defining = entries["jeu-a/102.1"]
    assert [d["href"] for d in defining["defines"]] == ["../glossaire/index.md#glossaire--epuiser"]
    # Unresolved references are the maintainer's: not on the page (site/data.py has them).
    assert "unresolved" not in defining


def test_glossary_context() -> None:
    page = _pages(small_kb())["jeu-a/glossaire/"]
    letters = {g["letter"]: [t["title"] for t in g["terms"]] for g in page.context["letters"]}
    # Alphabetical with accents folded: « Épuiser » under E, between « Allié » and « Gardes ».
    assert letters == {
        "A": ["Allié"],
        "E": ["Épuiser"],
        "G": ["Gardes"],
        "R": ["Réserve", "Réserve active", "Riposte X"],
    }
    terms = {t["id"]: t for g in page.context["letters"] for t in g["terms"]}
    epuiser = terms["jeu-a/glossaire/epuiser"]
    assert epuiser["english"] == "Exhaust" and not epuiser["english_inferred"]
    assert epuiser["defined_by"]["href"] == "../regles/index.md#102.1"
    assert epuiser["refs"] == []  # its only ref is the defining rule, shown as « Défini par »
    assert [u["href"] for u in epuiser["used_in"]] == [
        "../regles/index.md#101.1",
        "../regles/index.md#101.1a--exemple",
        "../faq/index.md#faq--q1",
    ]
    assert terms["jeu-a/glossaire/reserve"]["english_inferred"] is True
    assert terms["jeu-a/glossaire/reserve-active"]["parent"]["label"] == "Réserve"


def test_lexicon_context() -> None:
    rows = _pages(small_kb())["lexique/"].context["rows"]
    assert [(r["term"], r["english"], r["game"], r["english_inferred"]) for r in rows] == [
        ("Allié", "Ally", "Jeu A", False),
        ("Allié", "Ally", "Jeu B", False),
        ("Épuiser", "Exhaust", "Jeu A", False),
        ("Gardes", None, "Jeu A", False),
        ("Réserve", "Reserve", "Jeu A", True),
        ("Réserve active", "Active reserve", "Jeu A", True),
        ("Riposte X", "Retaliate X", "Jeu A", False),
    ]


def test_long_documents_are_split_per_section(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(urls, "PAGE_LIMIT", 5)
    kb = small_kb()
    # jeu-a/regles has 8 entries under one top-level section: split at the level below it.
    assert urls.split_documents(kb) == {("jeu-a", "regles"): ["jeu-a/101", "jeu-a/102"]}
    assert (
        urls.entry_url(kb.by_id["jeu-a/101.1a/exemple"], kb) == "/jeu-a/regles/101/#101.1a--exemple"
    )
    assert urls.entry_url(kb.by_id["jeu-a/1"], kb) == "/jeu-a/regles/#1"
    pages = _pages(kb)
    assert {"jeu-a/regles/", "jeu-a/regles/101/", "jeu-a/regles/102/"} <= set(pages)
    index = pages["jeu-a/regles/"].context
    assert [e["id"] for e in index["entries"]] == ["jeu-a/1"]
    # Old document-page links are forwarded to the section page holding the anchor.
    assert '"101.1a--exemple":"101/"' in index["forward"]
    section = pages["jeu-a/regles/102/"].context
    assert (
        section["entries"][0]["id"] == "jeu-a/102" and section["entries"][0]["heading_level"] == 1
    )
    # Links across the split pages are relative to each page: the game, the document, a rule.
    assert (section["game_href"], section["document_href"]) == ("../../index.md", "../index.md")
    assert index["game_href"] == "../index.md"
    rule = next(e for e in section["entries"] if e["id"] == "jeu-a/102.1")
    assert rule["refs"][0]["href"] == "../101/index.md#101.1"
    nav = site_nav(kb)[1]["Jeu A"][1]
    assert nav == {
        "Règles complètes": [
            "jeu-a/regles/index.md",
            {"101 Les cartes": "jeu-a/regles/101/index.md"},
            {"102 Le tour": "jeu-a/regles/102/index.md"},
        ]
    }


def test_number_spans_never_match_inside_a_longer_number() -> None:
    text = "Voir 408.41, 1408.4, 408.4a puis 408.4. Fin"
    assert [text[s:e] for s, e, _ in number_spans(text, {"408.4": "x"})] == ["408.4"]
    assert number_spans(text, {"408.4": "x"})[0][0] == text.index("408.4.")


def test_title_spans_fold_case_and_accents() -> None:
    text = "Voir aussi : riposte x, Epuiser."
    spans = title_spans(text, {"Riposte X": "a", "Épuiser": "b"})
    assert [(text[s:e], t) for s, e, t in spans] == [("riposte x", "a"), ("Epuiser", "b")]


def test_render_text_inserts_links_and_separates_lists() -> None:
    text = "Une carte :\n- un\n- deux\n# Titre"
    out = render_text(text, [Insert(4, 9, "x.md#c", 'Déf. "carte"', "arb-term")])
    assert out == (
        'Une [carte](x.md#c "Déf. &quot;carte&quot;"){ .arb-term } :\n\n- un\n- deux\n\n**Titre**'
    )


def test_search_page_offers_every_game_and_the_kinds_the_kb_has():
    page = _pages(small_kb())["recherche/"]
    assert [g["id"] for g in page.context["games"]] == [g.id for g in small_kb().games]
    kinds = {k["id"]: k["label"] for k in page.context["kinds"]}
    assert set(kinds) == {e.kind for e in small_kb().entries}
    assert all(label and label != kind for kind, label in kinds.items())
    text = render_page(page)
    assert 'id="arb-results"' in text and "assets/search/page.js" in text
    assert "/api/search" not in text
    # No inline script here: the index and the engine start from the page's <head> (#23,
    # theme/main.html; tests/site/test_build.py).
    assert re.findall(r"<script>(.*?)</script>", text, re.DOTALL) == []


def test_a_list_of_changes_names_an_entry_by_number_and_title_else_as_links_do() -> None:
    data = SiteData(small_kb())
    by_id = data.kb.by_id
    assert data.heading(by_id["jeu-a/101"]) == "101 Les cartes"
    assert data.heading(by_id["jeu-a/101.1"]) == "101.1"
    # no number, no title: what it is and where (an id's anchor says neither)
    assert data.heading(by_id["jeu-a/102.1/ndt"]) == "Note (102.1)"
    # a title but no number of its own: the rule it belongs to (three moved « Remarque » of
    # an edition's « Nouveautés » read apart), in the edition the entry is from
    example = by_id["jeu-a/101.1a/exemple"]
    assert data.heading(example) == "Exemple (101.1a)"
    then = replace(by_id["jeu-a/101.1a"], number="101.1b")
    assert data.heading(example, {"jeu-a/101.1a": then}) == "Exemple (101.1b)"
    assert data.heading(example, {}) == "Exemple"
    # a FAQ question under an unnumbered heading: its title alone
    faq = by_id["jeu-a/faq/q1"]
    assert data.heading(faq) == "Une carte épuisée quitte-t-elle le jeu ?"
