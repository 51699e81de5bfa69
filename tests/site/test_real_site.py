"""The real site, built from the checked-in YAML (skipped until the YAML exists)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.site.build import build_site
from arbitre.urls import entry_url

from .test_build import broken_links, parse

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    if not (ROOT / "content" / "the-spoils" / "game.yaml").is_file():
        pytest.skip("The Spoils is not imported yet (arbitre import)")
    kb = load_kb(ProjectPaths(ROOT))
    if "the-spoils/609.1f" not in kb.by_id:
        pytest.skip("the-spoils/609.1f is not in the YAML")
    target = ProjectPaths(tmp_path_factory.mktemp("real"))
    shutil.copy(ROOT / "mkdocs.yml", target.mkdocs_yml)
    list(build_site(kb, target))
    return kb, target


def test_rule_page_has_the_anchor_of_609_1f(built) -> None:  # type: ignore[no-untyped-def]
    kb, target = built
    url = entry_url(kb.by_id["the-spoils/609.1f"], kb)
    page, _, anchor = url.partition("#")
    assert anchor == "609.1f"
    assert anchor in parse(target.site / page.strip("/") / "index.html").ids


def test_every_entry_has_its_anchor_on_its_page(built) -> None:  # type: ignore[no-untyped-def]
    kb, target = built
    ids: dict[str, set[str]] = {}
    missing = []
    for entry in kb.entries:
        page, _, anchor = entry_url(entry, kb).partition("#")
        if page not in ids:
            ids[page] = parse(target.site / page.strip("/") / "index.html").ids
        if anchor not in ids[page]:
            missing.append(entry.id)
    assert missing == []


def test_every_link_lands_on_an_existing_anchor(built) -> None:  # type: ignore[no-untyped-def]
    _kb, target = built
    assert broken_links(target.site) == []


def test_worked_examples_and_their_back_links(built) -> None:  # type: ignore[no-untyped-def]
    kb, target = built
    examples = parse(target.site / "the-spoils" / "exemples" / "index.html")
    assert "exemple--vitesse-zero" in examples.ids
    # Each step cites its rules by links to their anchors (checked by the broken-links test).
    assert any(h.endswith("#609.1f") for h in examples.links)
    page, _, _ = entry_url(kb.by_id["the-spoils/609.1f"], kb).partition("#")
    rules = parse(target.site / page.strip("/") / "index.html")
    assert any(h.endswith("exemples/#exemple--vitesse-zero") for h in rules.links)


PAGE_LIMIT = 400_000  # bytes of HTML (#14: light pages; the Marvel Champions glossary was 1.4 MB)


def test_no_page_over_400_kb_of_html(built) -> None:  # type: ignore[no-untyped-def]
    _, target = built
    sizes = {p.relative_to(target.site): p.stat().st_size for p in target.site.rglob("*.html")}
    assert len(sizes) > 5000  # the pages and the short links under r/
    assert {str(p): s for p, s in sizes.items() if s > PAGE_LIMIT} == {}


def test_short_links_and_players_pages(built) -> None:  # type: ignore[no-untyped-def]
    kb, target = built
    # One short link per entry (its target is checked by the broken-links test).
    missing = [e.id for e in kb.entries if not (target.site / "r" / e.id / "index.html").is_file()]
    assert missing == []
    assert (target.site / "r/the-spoils/609.1F/index.html").is_file()
    assert "plusieurs jeux" in (target.site / "r/glossaire/deck/index.html").read_text("utf-8")
    # Players' pages: no source-line badges, no source file names, no unresolved-reference box.
    for page in target.site.rglob("index.html"):
        if page.parent.relative_to(target.site).parts[:1] in (("r",), ("search",)):
            continue
        html = page.read_text(encoding="utf-8")
        assert "arb-src" not in html, page
        assert "{: ." not in html, page  # an attr_list line printed as text (the pagers did)
        assert "Référence non résolue" not in html, page
        assert "_1954c37249931fef.txt" not in html, page
        assert not re.search(r"https?://(?!127\.0\.0\.1)[^\"']*\.(?:css|js|woff2?)\b", html), page
    # 609.1f prints its title once.
    section = (target.site / "the-spoils/regles/section-6/index.html").read_text("utf-8")
    assert section.count("Application des dommages") >= 1
    assert "Application des dommages</strong>" in section
    assert "Application des dommages —" not in section


def test_marvel_champions_news_are_the_documents_own_words(built) -> None:  # type: ignore[no-untyped-def]
    """One edition per game today: Marvel Champions v1.4 lists what it changed itself (#22)."""
    kb, target = built
    news = (target.site / "marvel-champions/nouveautes/index.html").read_text("utf-8")
    news = news.replace("\u00a0", " ")  # (the page's French no-break spaces)
    noted = re.findall(r'<span class="arb-badge" id="nv-([^"]+)">modifié</span>', news)
    assert noted == [
        "glossaire--defense-defendre",
        "glossaire--modes-de-jeu",
        "glossaire--vous-votre",
        "faq",
        "errata",
    ]
    assert "« Page 12, « Défense / Défendre » : clarification de son fonctionnement. »" in news
    for entry_id in ("marvel-champions/glossaire/defense-defendre", "marvel-champions/faq"):
        page, _, anchor = entry_url(kb.by_id[entry_id], kb).partition("#")
        html = (target.site / page.strip("/") / "index.html").read_text("utf-8")
        badge = f'href="{"../" * (page.count("/") - 2)}nouveautes/#nv-{anchor}"'
        assert re.search(
            rf'<a class="arb-badge arb-changed" {badge}[^>]*>modifié en v1.4</a>', html
        )
    # A game with one edition and no words of its own about it: nothing to compare yet.
    spoils = (target.site / "the-spoils/nouveautes/index.html").read_text("utf-8")
    assert "Arbitre ne connaît qu’une édition de ce document" in spoils
