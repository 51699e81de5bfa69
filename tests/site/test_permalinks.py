"""Short links /r/<id> (permalinks.py): what a path names, and the static pages for it."""

from __future__ import annotations

import posixpath
import re

import pytest

from arbitre import urls
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.permalinks import PermalinkIndex, permalink_pages, permalink_paths

from .small_kb import entry, small_kb


def shared_kb() -> KnowledgeBase:
    """The small KB plus a rule « 1.1 » in jeu-a: jeu-b has one too."""
    kb = small_kb()
    extra = entry("jeu-a/1.1", "rule", "Une règle du jeu A.", number="1.1", title="Premier")
    return KnowledgeBase(kb.games, [*kb.entries, extra])


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("jeu-a/101.1a", ["jeu-a/101.1a"]),
        ("jeu-a/101.1A", ["jeu-a/101.1a"]),  # as some rulebooks print it
        ("JEU-A/101.1a/", ["jeu-a/101.1a"]),
        ("101.1a", ["jeu-a/101.1a"]),  # one game has it: no game needed
        ("101.1A", ["jeu-a/101.1a"]),
        ("glossaire/epuiser", ["jeu-a/glossaire/epuiser"]),
        ("glossaire/allie", ["jeu-a/glossaire/allie", "jeu-b/glossaire/allie"]),
        ("1.1", ["jeu-a/1.1", "jeu-b/1.1"]),  # several: a choice, in the games' order
        ("jeu-b/1.1", ["jeu-b/1.1"]),
        ("jeu-a/999.9z", []),
        ("", []),
    ],
)
def test_what_a_short_link_names(path: str, expected: list[str]) -> None:
    assert [e.id for e in PermalinkIndex(shared_kb()).resolve(path)] == expected


def _target(page_path: str, html: str) -> str:
    """Where a redirect page sends the browser, as a site path with its anchor."""
    refresh = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', html)
    assert refresh, html
    href = refresh.group(1)
    path, _, anchor = href.partition("#")
    return posixpath.normpath(posixpath.join(posixpath.dirname(page_path), path)) + "/#" + anchor


def test_static_pages_redirect_to_the_entry_with_relative_links() -> None:
    kb = shared_kb()
    pages = permalink_pages(kb)
    for path in ("r/jeu-a/101.1a/index.html", "r/jeu-a/101.1A/index.html", "r/101.1a/index.html"):
        assert _target(path, pages[path]) == "jeu-a/regles/#101.1a"
    page = pages["r/jeu-a/glossaire/allie/index.html"]
    assert _target("r/jeu-a/glossaire/allie/index.html", page) == (
        urls.page_path(kb.by_id["jeu-a/glossaire/allie"], kb) + "#glossaire--allie"
    )
    assert 'lang="fr"' in page and "location.replace" in page


def test_a_number_of_several_games_is_a_choice_page() -> None:
    page = permalink_pages(shared_kb())["r/1.1/index.html"]
    assert "http-equiv" not in page
    assert "Ce numéro existe dans 2 jeux" in page
    links = re.findall(r'<li><a href="([^"]+)">([^<]+)</a>', page)
    assert links == [
        ("../../jeu-a/regles/#1.1", "Jeu A — 1.1 Premier"),
        ("../../jeu-b/regles/#1.1", "Jeu B — 1.1"),
    ]


def test_every_entry_has_its_short_link_and_capitals_only_for_numbers() -> None:
    kb = small_kb()
    paths = set(permalink_paths(kb))
    assert {e.id for e in kb.entries} <= paths
    assert "jeu-a/101.1A" in paths and "101.1A" in paths
    assert "jeu-a/GLOSSAIRE/ALLIE" not in paths
    index = PermalinkIndex(kb)
    assert all(index.resolve(p) or index.retired(p) for p in paths)


@pytest.mark.parametrize(
    ("path", "current", "retired"),
    [
        # 101.2 in the first edition of jeu-a is 102.1 in the second: it lands there.
        ("jeu-a/101.2", ["jeu-a/102.1"], None),
        ("101.2", ["jeu-a/102.1"], None),
        # 101.3 was removed: its last text, by its old id or its id@version.
        ("jeu-a/101.3", [], "jeu-a/101.3@2023-05-01"),
        ("101.3", [], "jeu-a/101.3@2023-05-01"),
        ("jeu-a/101.3@2023-05-01", [], "jeu-a/101.3@2023-05-01"),
        ("JEU-A/101.3@2023-05-01", [], "jeu-a/101.3@2023-05-01"),
        # A current id is never an old one.
        ("jeu-a/102.1", ["jeu-a/102.1"], None),
    ],
)
def test_ids_of_earlier_editions(path: str, current: list[str], retired: str | None) -> None:
    index = PermalinkIndex(small_kb())
    assert [e.id for e in index.resolve(path)] == current
    found = index.retired(path)
    assert (found[0] if found else None) == retired
    if found:
        assert found[1].number == "101.3"  # the entry as it last stood


def test_static_pages_of_old_ids() -> None:
    kb = small_kb()
    pages = permalink_pages(kb)
    moved = "r/jeu-a/101.2/index.html"
    assert _target(moved, pages[moved]) == "jeu-a/regles/#102.1"
    for path in ("r/jeu-a/101.3/index.html", "r/jeu-a/101.3@2023-05-01/index.html"):
        assert _target(path, pages[path]) == "jeu-a/retirees/#101.3@2023-05-01"
    assert _target("r/101.3/index.html", pages["r/101.3/index.html"]) == (
        "jeu-a/retirees/#101.3@2023-05-01"
    )
