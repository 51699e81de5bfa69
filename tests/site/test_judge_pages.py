"""What the judge tools and previews read (site/data.py), and what players' pages no longer show."""

from __future__ import annotations

import json

import pytest

from arbitre import urls
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.site.build import render_site
from arbitre.site.data import entry_data_files, game_data
from arbitre.site.pages import site_nav, site_pages

from .small_kb import entry, small_examples, small_kb


def test_game_data_has_what_the_tools_show() -> None:
    records = game_data(small_kb(), "jeu-a")["entries"]
    rule = records["jeu-a/101.1a"]
    assert rule["n"] == "101.1a" and rule["k"] == "rule"
    assert rule["u"] == "jeu-a/regles/#101.1a"
    assert rule["p"] == "jeu-a/101.1"  # the breadcrumb walks the parents
    # Previous and next entry of the same kind, in reading order (sections read with rules).
    assert (rule["b"], rule["a"]) == ("jeu-a/101.1", "jeu-a/102")
    assert records["jeu-a/1"].get("b") is None
    assert rule["x"].startswith("La réserve active contient les cartes prêtes.")
    assert rule["s"] == "a.txt, l. 5–7"
    # Unresolved references go to the maintainer's « Source », with the probable target.
    assert records["jeu-a/102.1"]["r"] == [
        "« 608.2 » — La règle 608.2 n'existe pas ; 101.1a est la plus proche. "
        "(cible probable : jeu-a/101.1a)"
    ]
    # A term without text of its own previews the entry that defines it.
    assert records["jeu-a/glossaire/epuiser"]["x"].startswith("Épuiser : action de tourner")
    assert records["jeu-a/glossaire/epuiser"]["e"] == "Exhaust"


def test_data_files_are_compact_json_one_per_game() -> None:
    files = entry_data_files(small_kb())
    assert sorted(files) == ["assets/arbitre/data/jeu-a.json", "assets/arbitre/data/jeu-b.json"]
    assert json.loads(files["assets/arbitre/data/jeu-b.json"])["game"] == "jeu-b"
    assert ": " not in files["assets/arbitre/data/jeu-b.json"][:20]


def titled_kb() -> KnowledgeBase:
    kb = small_kb()
    repeated = entry(
        "jeu-a/103",
        "rule",
        "Application des dommages — Tous les dommages sont appliqués ensemble.",
        number="103",
        title="Application des dommages",
    )
    named = entry(
        "jeu-a/104",
        "rule",
        "Garde royal crée un effet.",
        number="104",
        title="Garde royal",
    )
    emphasised = entry(
        "jeu-a/105",
        "rule",
        "**Repos** : Les Personnages sont envoyés dans la Réserve.",
        number="105",
        title="Repos",
    )
    longer = entry(
        "jeu-a/106",
        "rule",
        "**Repos des Personnages** : ils vont dans la Réserve.",
        number="106",
        title="Repos",
    )
    return KnowledgeBase(kb.games, [*kb.entries, repeated, named, emphasised, longer])


def test_a_title_is_printed_once() -> None:
    files = render_site(titled_kb(), small_examples())
    page = files["jeu-a/regles/index.md"]
    assert "**Application des dommages**" in page
    assert "Application des dommages — Tous" not in page
    assert "\nTous les dommages sont appliqués ensemble.\n" in page
    # A title that only starts a sentence (a card name) stays in it.
    assert "Garde royal crée un effet." in page
    data = json.loads(files["assets/arbitre/data/jeu-a.json"])["entries"]
    assert data["jeu-a/103"]["x"] == "Tous les dommages sont appliqués ensemble."
    # The rulebook's own emphasis on the repeated title (Altered's « **Repos** : … »): the
    # same, on the page and in the copied citation.
    assert "**Repos** : Les" not in page
    assert "\nLes Personnages sont envoyés dans la [Réserve]" in page
    assert data["jeu-a/105"]["x"] == "Les Personnages sont envoyés dans la Réserve."
    # An emphasis going on past the title is the sentence's own.
    assert data["jeu-a/106"]["x"] == "Repos des Personnages : ils vont dans la Réserve."


def test_players_pages_carry_no_maintainer_noise() -> None:
    files = render_site(small_kb(), small_examples())
    pages = {k: v for k, v in files.items() if k.endswith(".md")}
    for name, text in pages.items():
        assert "a.txt" not in text and "b.txt" not in text, name  # source file names
        assert "arb-src" not in text and "l. 10" not in text, name  # source-line badges
        assert "Référence non résolue" not in text, name
    examples = files["jeu-a/exemples/index.md"]
    # The scenario file is in the collapsed « Source » of the example, not in its meta line.
    meta, _, rest = examples.partition('??? abstract "Source"')
    assert ".yaml" not in meta and ".yaml" in rest
    assert "title=" not in files["jeu-a/glossaire/index.md"]


def test_cited_by_is_grouped_by_kind_on_the_page() -> None:
    page = render_site(small_kb(), small_examples())["jeu-a/regles/index.md"]
    assert "Cité par — *règles* : [102.1](#102.1) ; *FAQ et errata* : [" in page


def test_a_long_glossary_is_split_by_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(urls, "GLOSSARY_LIMIT", 3)
    monkeypatch.setattr(urls, "GLOSSARY_PART", 3)
    kb = small_kb()
    parts = urls.glossary_parts(kb)
    # Six terms, pages of about three: letters are kept whole.
    assert parts == {"jeu-a": [("a-g", ["A", "E", "G"]), ("r", ["R"])]}
    allie = kb.by_id["jeu-a/glossaire/allie"]
    assert urls.page_path(allie, kb) == "jeu-a/glossaire/a-g/"
    assert urls.page_path(kb.by_id["jeu-a/glossaire/riposte-x"], kb) == "jeu-a/glossaire/r/"
    pages = {p.path: p for p in site_pages(kb, small_examples())}
    index = pages["jeu-a/glossaire/"]
    assert [p["title"] for p in index.context["parts"]] == ["A–G", "R"]
    # The index forwards old anchors to the part that now holds them.
    assert json.loads(index.context["forward"])["glossaire--allie"] == "a-g/"
    part = pages["jeu-a/glossaire/a-g/"]
    assert [g["letter"] for g in part.context["letters"]] == ["A", "E", "G"]
    assert part.title == "Glossaire — Jeu A (A–G)"
    glossary = next(
        item for item in site_nav(kb, small_examples())[1]["Jeu A"] if "Glossaire" in item
    )
    assert glossary["Glossaire"][1:] == [
        {"A–G": "jeu-a/glossaire/a-g/index.md"},
        {"R": "jeu-a/glossaire/r/index.md"},
    ]


def test_terms_neighbours_follow_the_alphabet() -> None:
    records = game_data(small_kb(), "jeu-a")["entries"]
    epuiser = records["jeu-a/glossaire/epuiser"]
    assert (epuiser["b"], epuiser["a"]) == ("jeu-a/glossaire/allie", "jeu-a/glossaire/garde")
