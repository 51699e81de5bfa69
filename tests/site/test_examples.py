"""The « Exemples commentés » pages: the rules model's worked examples on the site.

Contexts from the small KB (small_kb.small_examples) and from the real knowledge base: every rule
an example cites links to the anchor of that rule on its page, and the rules link back.
"""

from __future__ import annotations

import posixpath
from typing import Any

import pytest

from arbitre import urls
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load_kb
from arbitre.model.examples import worked_examples
from arbitre.model.render import example_anchor
from arbitre.paths import ProjectPaths
from arbitre.site.examples import describe_setup, load_examples
from arbitre.site.pages import site_nav, site_pages
from arbitre.site.shared import Page

from .small_kb import small_examples, small_kb
from .test_build import ROOT


def _pages(kb: KnowledgeBase, examples: Any = None) -> dict[str, Page]:
    return {p.path: p for p in site_pages(kb, examples)}


def _entry_views(page: Page) -> dict[str, dict[str, Any]]:
    views = list(page.context.get("entries", []))
    for letter in page.context.get("letters", []):
        views += letter["terms"]
        for term in letter["terms"]:  # a FAQ answered under a glossary term
            views += term.get("entries", [])
    return {v["id"]: v for v in views}


def _target(page: str, href: str) -> tuple[str, str]:
    """(page path, anchor) that a relative `.md` link of `page` points to."""
    target, _, anchor = href.partition("#")
    if not target:
        return page, anchor
    file = posixpath.normpath(posixpath.join(posixpath.dirname(urls.page_file(page)), target))
    assert file.endswith("index.md"), href
    return file.removesuffix("index.md"), anchor


# --- small knowledge base ---------------------------------------------------------------------


def test_examples_page_of_the_small_kb() -> None:
    pages = _pages(small_kb(), small_examples())
    assert "jeu-a/exemples/" in pages and "jeu-b/exemples/" not in pages
    context = pages["jeu-a/exemples/"].context
    assert context["count"] == 1 and context["rulings"] == 1
    example = context["examples"][0]
    assert example["anchor"] == "exemple--allie-epuise"
    assert example["file"] == "jeu-a--allie-epuise.yaml"
    assert [r["label"] for r in example["steps"][0]["rules"]] == ["101.1", "Épuiser"]
    assert [r["href"] for r in example["steps"][0]["rules"]] == [
        "../regles/index.md#101.1",
        "../glossaire/index.md#glossaire--epuiser",
    ]
    # An id the knowledge base lacks is shown as code, without a link.
    assert example["steps"][2]["rules"][1] == {"label": "`jeu-a/999`", "href": None, "title": ""}
    ruling = example["rulings"][0]
    assert ruling["link"]["href"] == "../faq/index.md#faq--q1"
    assert ruling["document"] == "FAQ"
    assert ruling["quote"] == "Non : une carte épuisée reste en jeu."
    # Empty results are left out; the labels are French.
    assert example["result"] == [{"label": "Épuisés à la fin", "value": "Allié"}]
    assert example["notes"] == [
        "La règle 101.1 ne dit pas quand l'Allié se redresse ; le modèle suit 102.1."
    ]
    assert example["state"] == [
        "- Joueurs : Alice, Bruno",
        "- Attaquants :",
        "    - Allié (Force : 2, points de vie : 3, à couvert)",
    ]


def test_cited_entries_link_back_to_the_example() -> None:
    pages = _pages(small_kb(), small_examples())
    rules = _entry_views(pages["jeu-a/regles/"])
    back = [
        {
            "label": "Épuiser un Allié",
            "href": "../exemples/index.md#exemple--allie-epuise",
            "title": "Épuiser un Allié : il ne peut plus attaquer — exemple commenté (combat)",
        }
    ]
    assert rules["jeu-a/101.1"]["examples"] == back
    assert rules["jeu-a/102"]["examples"] == back  # a section
    assert rules["jeu-a/101.1a"]["examples"] == []
    assert _entry_views(pages["jeu-a/faq/"])["jeu-a/faq/q1"]["examples"] == back  # the ruling
    terms = _entry_views(pages["jeu-a/glossaire/"])
    assert terms["jeu-a/glossaire/epuiser"]["examples"][0]["href"] == back[0]["href"]


def test_nav_home_and_game_page_mention_the_examples() -> None:
    kb, examples = small_kb(), small_examples()
    assert site_nav(kb, examples)[1]["Jeu A"] == [
        "jeu-a/index.md",
        {"Règles complètes": "jeu-a/regles/index.md"},
        {"FAQ": "jeu-a/faq/index.md"},
        {"Exemples commentés": "jeu-a/exemples/index.md"},
        {"Glossaire": "jeu-a/glossaire/index.md"},
        {"Nouveautés": "jeu-a/nouveautes/index.md"},
        {"Entrées retirées": "jeu-a/retirees/index.md"},
    ]
    # Without examples, no page and no nav item.
    assert "Exemples commentés" not in str(site_nav(kb, []))
    pages = _pages(kb, examples)
    home = pages[""].context
    assert home["worked_examples"] == 1
    assert home["games"][0]["examples"]["href"] == "jeu-a/exemples/index.md"
    assert home["games"][1]["examples"] is None
    game = pages["jeu-a/"].context["examples"]
    assert game["items"][0]["href"] == "exemples/index.md#exemple--allie-epuise"
    files = [p.file for p in site_pages(kb, examples)]
    assert files.index("jeu-a/exemples/index.md") == files.index("jeu-a/glossaire/index.md") - 1


def test_examples_of_games_the_kb_lacks_are_left_out() -> None:
    example = small_examples()[0]
    elsewhere = type(example)(
        type(example.trace)(**{**example.trace.__dict__, "game": "autre-jeu"}), example.setup
    )
    pages = _pages(small_kb(), [elsewhere])
    assert not any(p.endswith("exemples/") for p in pages)


def test_describe_setup_in_french() -> None:
    state = {
        "players": [{"name": "Tess", "identity": {"name": "Black Panther", "hp": 11}}],
        "target": "faction",
        "monster": {"name": "Gurdy", "boss": True, "reward": {"cents": 7}},
        "adventure": [{"name": "Région", "types": ["foret", "eau"], "face_down": False}],
        "cards": [
            {
                "name": "Faux démon",
                "kind": "unit",
                "life": 3,
                "effect": {"kind": "destroy", "target": "self"},
                "rolls": [{"die": 5, "modifiers": [{"source": "Meat", "value": 1}]}],
            }
        ],
        "ruling": "jeu/faq/1",  # for the model only: not shown
    }
    assert describe_setup(state, "ashes") == [
        "- Joueurs :",
        "    - Tess (identité : Black Panther (PV : 11))",
        "- Cible : la faction",
        "- Monstre : Gurdy (boss, récompense (¢ : 7))",
        "- Aventure :",
        "    - Région (types : Forêt, Eau ; face cachée : non)",
        "- Cartes :",
        "    - **Faux démon** — type : unité, points de vie : 3, effet (type : détruit, cible : elle-même)",
        "        - Jets de dés :",
        "            - dé : 5",
        "                - modificateurs :",
        "                    - source : Meat, valeur : 1",
    ]


# --- the real knowledge base ------------------------------------------------------------------


@pytest.fixture(scope="module")
def real() -> tuple[KnowledgeBase, dict[str, Page]]:
    if not (ROOT / "content" / "the-spoils" / "game.yaml").is_file():
        pytest.skip("The Spoils is not imported yet (arbitre import)")
    kb = load_kb(ProjectPaths(ROOT))
    if "the-spoils/609.1f" not in kb.by_id:
        pytest.skip("the-spoils/609.1f is not in the YAML")
    return kb, _pages(kb, load_examples(kb))


def test_every_game_with_scenarios_has_an_examples_page(real) -> None:  # type: ignore[no-untyped-def]
    kb, pages = real
    traces = worked_examples(kb)
    for game in {t.game for t in traces}:
        page = pages[urls.examples_page(game)]
        anchors = [x["anchor"] for x in page.context["examples"]]
        assert sorted(anchors) == sorted(example_anchor(t) for t in traces if t.game == game)
        assert len(set(anchors)) == len(anchors)


def test_every_cited_id_links_to_its_anchor(real) -> None:  # type: ignore[no-untyped-def]
    kb, pages = real
    traces = {example_anchor(t): t for t in worked_examples(kb)}  # (each run is every scenario)
    checked = 0
    for path, page in pages.items():
        if not path.endswith(f"/{urls.EXAMPLES_SLUG}/"):
            continue
        for example in page.context["examples"]:
            trace = traces[example["anchor"]]
            cited = [r for s in example["steps"] for r in s["rules"]]
            cited += [r["link"] for r in example["rulings"]]
            ids = [rid for step in trace.steps for rid in step.rule_ids]
            ids += [r.id for r in trace.rulings]
            assert len(cited) == len(ids)
            for view, rule_id in zip(cited, ids, strict=True):
                assert view["href"] is not None, f"{trace.scenario}: {rule_id} is not in the KB"
                target_page, anchor = _target(path, view["href"])
                entry = kb.by_id[rule_id]
                assert anchor == urls.anchor(rule_id)
                assert target_page == urls.page_path(entry, kb), (trace.scenario, rule_id)
                # The anchor is on that page: its context shows the entry.
                assert rule_id in _entry_views(pages[target_page]), (trace.scenario, rule_id)
                checked += 1
    assert checked > 100


def test_609_1f_links_back_to_its_examples(real) -> None:  # type: ignore[no-untyped-def]
    kb, pages = real
    entry = kb.by_id["the-spoils/609.1f"]
    page = urls.page_path(entry, kb)
    links = _entry_views(pages[page])["the-spoils/609.1f"]["examples"]
    hrefs = [link["href"] for link in links]
    assert (
        posixpath.relpath(
            urls.page_file(urls.examples_page("the-spoils")),
            posixpath.dirname(urls.page_file(page)),
        )
        + "#exemple--vitesse-zero"
        in hrefs
    )
    assert all(_target(page, h)[0] == "the-spoils/exemples/" for h in hrefs)
    assert [link["label"] for link in links if link["href"].endswith("vitesse-zero")] == [
        "Vitesse 0"
    ]


def test_the_examples_page_is_deterministic(real) -> None:  # type: ignore[no-untyped-def]
    kb, pages = real
    again = _pages(kb, load_examples(kb))
    assert again["the-spoils/exemples/"].context == pages["the-spoils/exemples/"].context
