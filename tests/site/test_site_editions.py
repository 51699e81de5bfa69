"""The site shows editions (#22 item 7), on the real project with a next edition of The Spoils and
of Marvel Champions (tests/editions/projects.py), built once: « Nouveautés », badges, histories,
the edition of each document, the caution on a ruling, old short links, the citation's edition."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arbitre.kb.load import load_kb
from arbitre.paths import ProjectPaths
from arbitre.urls import entry_url

from .test_build import broken_links, parse


def html(site: Path, page: str) -> str:
    """A built page, its no-break spaces (`site/typography.py`) read as spaces: these tests
    are about its words."""
    text = (site / page.strip("/") / "index.html").read_text(encoding="utf-8")
    return text.replace("\u00a0", " ")


def block(page_html: str, anchor: str) -> str:
    """The HTML of the entry (or change) whose id is `anchor`, up to the next one."""
    start = page_html.index(f'id="{anchor}"')
    end = page_html.find('<div class="arb-', start + 10)
    return page_html[start : end if end > 0 else None]


def entry_page(root: Path, entry_id: str) -> tuple[str, str]:
    kb = load_kb(ProjectPaths(root))
    page, _, anchor = entry_url(kb.by_id[entry_id], kb).partition("#")
    return html(root / "site", page), anchor


def test_the_news_page_lists_each_change_linked_with_its_word_diff(editions_site):
    news = html(editions_site, "the-spoils/nouveautes/")
    assert "en vigueur : édition du 15 juin 2014 · depuis l’édition du 31 décembre 2013" in news
    assert (
        "2 entrées modifiées, 1 nouvelle entrée, 3 entrées renumérotées ou renommées, 1 entrée retirée"
        in news
    )
    parsed = parse(editions_site / "the-spoils/nouveautes/index.html")
    links = set(parsed.links)
    for target in (
        "../regles/section-2/#202.9",  # edited
        "../regles/section-6/#608.1d",  # added
        "../regles/section-6/#608.1e",  # renumbered
        "../regles/section-6/#608.1f",
        "../intro/#intro--le-but-du-jeu",  # renamed
        "../retirees/#202.9a@2013-12-31",  # removed: its last text
    ):
        assert target in links, target
    edited = block(news, "nv-202.9")
    assert "<del>pas</del><ins>jamais</ins>" in edited
    assert "<ins>, pas même ceux des lieux,</ins>" in edited
    assert "auparavant 608.1d Bloqueurs" in block(news, "nv-608.1e")
    assert "<del>But</del><ins>Le but</ins> du jeu" in block(news, "nv-intro--le-but-du-jeu")
    assert "<del>Ceci veut dire" in block(news, "nv-retire-202.9a")


def test_every_link_of_the_edition_pages_lands(editions_site):
    assert broken_links(editions_site) == []


def test_a_changed_entry_carries_its_badge_linking_to_the_news(editions_root):
    page, anchor = entry_page(editions_root, "the-spoils/202.9")
    entry = block(page, anchor)
    assert re.search(r'<a class="arb-badge arb-changed" href="../../nouveautes/#nv-202.9"', entry)
    assert ">modifié en juin 2014</a>" in entry
    page, anchor = entry_page(editions_root, "the-spoils/608.1d")
    assert ">nouveau en juin 2014</a>" in block(page, anchor)
    assert ">renuméroté en juin 2014</a>" in block(page, "608.1e")
    # Unchanged entries carry nothing.
    assert "arb-changed" not in block(page, "608.1c")
    page, anchor = entry_page(editions_root, "marvel-champions/errata/alerte")
    assert ">modifié en v1.5</a>" in block(page, anchor)


def test_the_history_shows_each_text_with_its_word_diff_collapsed(editions_root):
    page, anchor = entry_page(editions_root, "the-spoils/202.9")
    history = block(page, anchor).split('<details class="arb-history">', 1)[1]
    assert " open" not in history.split(">", 1)[0]  # collapsed
    stages = history.split("<li>")[1:]
    assert len(stages) == 2
    assert "<strong>juin 2014</strong> (édition courante)" in stages[0]
    assert "<del>pas</del><ins>jamais</ins>" in stages[0]
    assert "<strong>31 décembre 2013</strong>" in stages[1]
    assert "Une Faction n’est pas affectée par les effets à moins" in stages[1]
    # Renumbered: the history says the number it had.
    page, _ = entry_page(editions_root, "the-spoils/608.1e")
    assert "auparavant 608.1d" in block(page, "608.1e")


def test_each_document_names_its_edition_in_its_own_words(editions_site):
    def line(page: str) -> str:
        found = re.search(
            r'<p class="arb-page-meta arb-edition">(.*?)</p>', html(editions_site, page)
        )
        assert found, page
        return re.sub(r"<[^>]+>", "", found.group(1))

    # Not re-issued by the new edition: its own words stay.
    assert line("the-spoils/faq/").startswith("Édition : FAQ v1.5 du 10 mai 2011 — le document")
    assert line("the-spoils/regles/section-2/").startswith(
        "Édition : Règles complètes du 15 juin 2014"
    )
    assert line("marvel-champions/errata/").startswith(  # the guide prints no date
        "Édition : Guide de référence v1.5 — le document : « VERSION 1.5 »"
    )
    assert line("ashes/faq/").startswith("Édition sans date")
    assert line("four-souls/regles/").startswith("Édition : Règles complètes v1.3")


def test_a_ruling_resting_on_changed_text_cautions_players(editions_root):
    page, anchor = entry_page(editions_root, "the-spoils/faq/15")
    ruling = block(page, anchor)
    caution = re.search(r'<p class="arb-caution">(.*?)</p>', ruling, re.S).group(1)
    assert "La règle a changé depuis cette réponse (juin 2014)" in caution
    assert 'href="../regles/section-2/#202.9"' in caution
    assert 'href="../retirees/#202.9a@2013-12-31"' in caution
    # « À propos de » keeps the removed rule, linked to its last text.
    assert "202.9a (retirée en juin 2014)" in ruling


def test_a_ruling_a_person_said_no_longer_applies_says_so(editions_root, tmp_path):
    from arbitre.site.build import render_site

    table = editions_root / "content/the-spoils/reviewed.yaml"
    table.write_text(
        "'2014-06':\n- {kind: ruling, id: the-spoils/faq/15, entry: the-spoils/202.9, "
        "verdict: outdated}\n",
        encoding="utf-8",
    )
    try:
        kb = load_kb(ProjectPaths(editions_root))
    finally:
        table.unlink()
    faq = render_site(kb, [])["the-spoils/faq/index.md"]
    ruling = faq.split('id="faq--15"', 1)[1].split("</div>", 1)[0]
    assert "Cette réponse ne s’applique plus depuis l’édition de juin 2014." in ruling
    assert "{: .arb-caution .arb-outdated }" in ruling


def test_the_removed_entry_keeps_its_last_text(editions_site):
    retired = html(editions_site, "the-spoils/retirees/")
    entry = block(retired, "202.9a@2013-12-31")
    assert "retirée en juin 2014" in entry
    assert "Ceci veut dire que vous ne pouvez pas sélectionner (pick) une Faction" in entry
    assert 'href="../faq/#faq--15"' in entry  # the ruling still about it


@pytest.mark.parametrize(
    ("short", "target"),
    [
        # a renamed entry: its old id lands on it
        ("the-spoils/intro/but-du-jeu", "the-spoils/intro/#intro--le-but-du-jeu"),
        ("intro/but-du-jeu", "the-spoils/intro/#intro--le-but-du-jeu"),
        # a removed one: its last text, by its id and by id@version
        ("the-spoils/202.9a", "the-spoils/retirees/#202.9a@2013-12-31"),
        ("202.9A", "the-spoils/retirees/#202.9a@2013-12-31"),
        ("the-spoils/202.9a@2013-12-31", "the-spoils/retirees/#202.9a@2013-12-31"),
        # an old number a new entry took: the entry that has it today
        ("the-spoils/608.1d", "the-spoils/regles/section-6/#608.1d"),
    ],
)
def test_old_short_links_on_the_static_copy(editions_site, short, target):
    page = editions_site / "r" / short / "index.html"
    refresh = parse(page).links[0]
    landed = (page.parent / refresh.partition("#")[0]).resolve()
    assert f"{landed.relative_to(editions_site.resolve())}/#{refresh.partition('#')[2]}" == target


def test_every_id_of_an_earlier_edition_has_its_short_link(editions_root, editions_site):
    kb = load_kb(ProjectPaths(editions_root))
    for game in ("the-spoils", "marvel-champions"):
        history = kb.history(game)
        for edition in history.editions:
            missing = [
                i for i in history.state(edition.version) if not (editions_site / "r" / i).is_dir()
            ]
            assert missing == [], (game, edition.version, missing[:5])


def test_the_citation_names_the_edition(editions_site):
    data = json.loads((editions_site / "assets/arbitre/data/the-spoils.json").read_text("utf-8"))
    assert data["c"] == "The Spoils — Règles complètes du 15 juin 2014"
    assert data["entries"]["the-spoils/faq/15"]["c"] == "The Spoils — FAQ v1.5 du 10 mai 2011"
    assert "c" not in data["entries"]["the-spoils/202.9"]  # the game's default
