"""A new build reaches a player who has the site offline, all at once (#23).

A small site is built (tests/site/small_kb.py), served as plain files and opened in Chromium;
then it is rebuilt with one entry changed, as `arbitre build` does after a fixed typo.  The
player keeps seeing the first build — pages, search index, game data — until the new one is
installed and « recharger » is pressed, then sees only the new one, offline too.
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.paths import ProjectPaths
from arbitre.site.build import build_site
from tests.browser.conftest import StaticHost
from tests.browser.offline import (
    cache_names,
    controlled,
    header_hits,
    search_page_hits,
    search_source,
    worker_version,
)
from tests.site.small_kb import small_examples, small_kb

ROOT = Path(__file__).resolve().parents[2]
CHANGED = "jeu-a/101.1"
NEW_WORDS = "Zorglub : une carte retournée le reste."
RULES = "/jeu-a/regles/"
BANNER = "Nouvelle version des règles disponible — recharger"


def changed_kb() -> KnowledgeBase:
    """The small knowledge base with one entry's text changed."""
    kb = small_kb()
    entries = [
        dataclasses.replace(e, text=f"{e.text} {NEW_WORDS}") if e.id == CHANGED else e
        for e in kb.entries
    ]
    return KnowledgeBase(kb.games, entries)


@pytest.fixture
def project(tmp_path: Path, browser) -> ProjectPaths:
    """A project whose site is the small knowledge base's (`browser`: skip without Chromium)."""
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    paths = ProjectPaths(tmp_path)
    list(build_site(small_kb(), paths, examples=small_examples()))
    return paths


@pytest.fixture
def player(browser, project: ProjectPaths) -> Iterator[tuple[StaticHost, object]]:
    """The small site served as plain files, and a page of a fresh browser context."""
    host = StaticHost(project.site)
    context = browser.new_context()
    try:
        yield host, context.new_page()
    finally:
        context.close()
        host.stop()


def rebuild(paths: ProjectPaths) -> str:
    first = worker_version(paths.site)
    list(build_site(changed_kb(), paths, examples=small_examples()))
    assert worker_version(paths.site) != first
    return worker_version(paths.site)


def entry_text(page) -> str:
    return page.locator(f'[id="{CHANGED.split("/", 1)[1]}"]').inner_text()


def game_data_text(page) -> str:
    """What the page's previews and judge tools read for the changed entry."""
    return page.evaluate(
        """id => fetch(new URL("assets/arbitre/data/jeu-a.json", document.baseURI.replace(/jeu-a\\/.*$/, "")))
          .then(r => r.json()).then(d => d.entries[id].x)""",
        CHANGED,
    )


def test_a_new_build_is_installed_offered_and_switches_everything_together(player, project):
    host, page = player
    page.goto(host.url + "/jeu-a/")
    controlled(page)
    page.click("[data-offline-game=jeu-a]")
    page.wait_for_selector("[data-offline-game=jeu-a][data-offline-ready]")
    page.goto(host.url + RULES)
    assert "Zorglub" not in entry_text(page)
    assert CHANGED not in header_hits(page, "zorglub")

    version = rebuild(project)
    # The open site stays the first build while the new one installs, then is offered.
    page.goto(host.url + RULES)
    page.wait_for_selector(".arb-update button", timeout=60_000)
    assert page.locator(".arb-update").inner_text() == BANNER
    assert "Zorglub" not in entry_text(page)
    assert CHANGED not in header_hits(page, "zorglub")
    assert "Zorglub" not in game_data_text(page)
    assert CHANGED not in search_page_hits(page, host.url, "zorglub")
    assert search_source(page) == "worker"  # the running version's, with its own index
    page.goto(host.url + RULES)
    page.wait_for_selector(".arb-update button", timeout=60_000)

    with page.expect_navigation():
        page.click(".arb-update button")
    controlled(page)
    assert "Zorglub" in entry_text(page)
    assert header_hits(page, "zorglub")[0] == CHANGED
    assert "Zorglub" in game_data_text(page)
    assert search_page_hits(page, host.url, "zorglub")[0] == CHANGED
    assert search_source(page) == "worker"
    page.goto(host.url + RULES)
    assert cache_names(page) == ["arbitre-settings", f"arbitre-version-{version}"]

    # The game kept offline was refreshed with the update: with the network cut, every page of
    # it opens, the changed one in its new words.
    host.stop()
    for index in sorted((project.site / "jeu-a").rglob("index.html")):
        path = "/" + index.parent.relative_to(project.site).as_posix() + "/"
        page.goto(host.url + path)
        assert page.title() != "Hors ligne - Arbitre", path
    page.goto(host.url + RULES)
    assert "Zorglub" in entry_text(page)
    assert header_hits(page, "zorglub")[0] == CHANGED


def test_a_page_opened_after_the_site_moved_on_is_not_searched_with_the_old_index(player, project):
    """A page the worker never held, fetched once the server has the new build, is of the new
    build: it is shown, and the index its search box loads is the new one too (not the old
    version's copy); the new version is then offered."""
    host, page = player
    page.goto(host.url + "/")
    controlled(page)
    rebuild(project)
    page.goto(host.url + RULES)
    assert "Zorglub" in entry_text(page)
    assert header_hits(page, "zorglub")[0] == CHANGED
    page.wait_for_selector(".arb-update button", timeout=60_000)
