"""The real site on a static copy, in Chromium, installed and then offline (#23).

Each test serves the static copy on an origin of its own (`own_host`: its own worker and
caches), visits it while the network answers, then cuts the network by stopping the server —
what a phone losing the network mid-game sees.  Contract: `<link rel="manifest">` on every
page; `[data-offline-game=<game>]` on `/<game>/` starts the download when clicked and gets
`data-offline-ready` once every page of the game is held; `/recherche/` keeps `data-entry` and
`data-search-done` offline.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.browser.offline import (
    HOSTILE_QUERY,
    PARSED_WITH_RESULTS,
    controlled,
    header_hits,
    installability,
    own_engine_hits,
    search_page_hits,
    search_source,
    shown_as_text,
    wait_held,
    written_by_worker,
)

QUERIES = [  # (query, filters): rule numbers, words, a question, English, filtered
    ("609.1f", {}),
    ("dégâts", {}),
    ("que se passe-t-il quand ma pioche est vide", {}),
    ("deplete", {}),
    ("cout de reserve", {"jeu": "altered"}),
    ("attaque", {"jeu": "marvel-champions", "type": "faq"}),
    ("butin", {"jeu": "four-souls"}),
]
HEADER_QUERIES = ["609.1f", "degats", "voile dore"]
OFFLINE_TITLE = "Hors ligne - Arbitre"


def test_installable_on_a_static_copy(browser, own_host, tmp_path):
    errors, manifest_errors = installability(browser, own_host.url + "/", tmp_path / "profile")
    assert errors == [] and manifest_errors == []


def test_the_search_answers_offline_as_online(page, own_host):
    online = {q: search_page_hits(page, own_host.url, q, **f) for q, f in QUERIES}
    page.goto(own_host.url + "/")
    controlled(page)
    header_online = {q: header_hits(page, q) for q in HEADER_QUERIES}
    assert all(online.values()) and all(header_online.values())

    own_host.stop()
    assert {q: search_page_hits(page, own_host.url, q, **f) for q, f in QUERIES} == online
    page.goto(own_host.url + "/")
    assert {q: header_hits(page, q) for q in HEADER_QUERIES} == header_online
    assert page.console_errors == []


def test_the_worker_answers_the_search_with_the_index_it_holds(page, own_host):
    """Once the worker controls the page it answers /recherche/ (and the header box): the page
    neither downloads nor parses the index, and lists what its own engine would."""
    page.goto(own_host.url + "/recherche/?requete=riposte")
    page.wait_for_selector("#arb-results[data-search-done]")
    assert search_source(page) == "page"  # the first visit: no worker yet
    controlled(page)
    for query, filters in QUERIES:
        by_worker = search_page_hits(page, own_host.url, query, **filters)
        assert search_source(page) == "worker", query
        loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert not [url for url in loaded if url.endswith("/index.json")], query
        assert by_worker == own_engine_hits(page, query, **filters), query

    # A query the engine refuses: the worker's reason, as the page's engine gives it.
    search_page_hits(page, own_host.url, "dégâts", jeu="monopoly")
    assert search_source(page) == ""
    said = page.locator("#arb-results .arb-error").inner_text()
    assert said == "jeu inconnu\u00a0: «\u00a0monopoly\u00a0»"  # (French no-break spaces)
    assert page.console_errors == []


def test_a_search_link_comes_with_its_results_written_in_by_the_worker(page, own_host):
    """Once the worker controls the site, a search link's page comes with its results (#23):
    #arb-results is parsed with them shown, the page's script leaves them as they are, and they
    are what the page's own engine lists — filters, a page after the first, a query the engine
    refuses alike.  A search made from the page afterwards is asked of the worker as before."""
    page.add_init_script(PARSED_WITH_RESULTS)
    page.goto(own_host.url + "/")
    controlled(page)
    for query, filters in [*QUERIES, ("attaque", {"page": "2"})]:
        hits = search_page_hits(page, own_host.url, query, **filters)
        assert written_by_worker(page), (query, filters)
        assert search_source(page) == "worker", query
        assert hits and hits == own_engine_hits(page, query, **filters), (query, filters)
    assert page.locator(".arb-pager").inner_text().startswith("← Précédents")

    assert search_page_hits(page, own_host.url, HOSTILE_QUERY)
    assert written_by_worker(page) and shown_as_text(page, HOSTILE_QUERY)

    search_page_hits(page, own_host.url, "dégâts", jeu="monopoly")
    assert written_by_worker(page) and search_source(page) == ""
    said = page.locator("#arb-results .arb-error").inner_text()
    assert said == "jeu inconnu\u00a0: «\u00a0monopoly\u00a0»"

    page.fill("#arb-search [name=requete]", "riposte")
    page.select_option("#arb-search [name=jeu]", "")
    page.wait_for_function(
        "document.getElementById('arb-results').dataset.searchSource === 'worker'"
    )
    assert not written_by_worker(page)  # shown by the page's script, asked of the worker
    asked = page.locator("#arb-results [data-entry]").evaluate_all(
        "i => i.map(e => e.dataset.entry)"
    )
    assert asked == own_engine_hits(page, "riposte")
    assert page.console_errors == []


def test_a_search_box_focus_wakes_the_worker_chromium_stopped(page, own_host):
    """Chromium stops a worker idle for 30 s; a player coming back to search focuses a box
    (the header's or the search page's own), which starts it again — it builds its engine
    while the question is typed (#23) — and nothing else on the page does."""
    page.goto(own_host.url + "/recherche/?requete=riposte")
    page.wait_for_selector("#arb-results[data-search-done]")
    controlled(page)
    page.reload()
    page.wait_for_selector("#arb-results[data-search-done]")
    devtools = page.context.new_cdp_session(page)
    running: list[str] = []

    def updated(event: dict) -> None:
        running[:] = [v["runningStatus"] for v in event["versions"] if v["status"] == "activated"]

    devtools.on("ServiceWorker.workerVersionUpdated", updated)
    devtools.send("ServiceWorker.enable")

    def wait_for(status: str) -> None:
        for _ in range(100):
            if running == [status]:
                return
            page.wait_for_timeout(50)
        raise AssertionError((status, running))

    # A page the worker served is not sent to it to be kept (register.js): once the page has
    # been quiet for 2 s, nothing has woken the worker.
    devtools.send("ServiceWorker.stopAllWorkers")
    wait_for("stopped")
    page.wait_for_timeout(2500)
    assert running == ["stopped"]
    for box in ("[data-arb-header-search]", "#arb-search [name=requete]"):
        page.evaluate("document.activeElement?.blur()")  # no box has the focus
        devtools.send("ServiceWorker.stopAllWorkers")
        wait_for("stopped")
        page.wait_for_timeout(1000)
        assert running == ["stopped"], box  # nothing wakes it but the player
        page.focus(box)
        wait_for("running")
    assert page.console_errors == []


def test_short_links_land_offline_on_their_entry(page, own_host):
    rules = own_host.url + "/the-spoils/regles/section-6/"
    page.goto(rules)
    controlled(page)
    wait_held(page, rules)  # opened before the worker ran: kept once it does
    wait_held(page, own_host.url + "/assets/arbitre/data/the-spoils.json")  # its judge tools
    own_host.stop()
    for link in ("/r/the-spoils/609.1f", "/r/609.1F", "/r/The-Spoils/609.1f/"):
        page.goto(own_host.url + link)
        page.wait_for_url(re.compile(r"/the-spoils/regles/section-6/#609\.1f$"))
        assert page.locator('[id="609.1f"]').is_visible()
        page.wait_for_selector('.arb-tools[data-entry="the-spoils/609.1f"]')

    # Several games share it: the choice, offline too, each link to its game's entry.
    page.goto(own_host.url + "/r/glossaire/deck")
    assert page.locator("h1").inner_text() == "« glossaire/deck » : plusieurs jeux"
    links = page.locator("li a").evaluate_all("links => links.map(a => a.href)")
    assert len(links) >= 2 and all(link.endswith("#glossaire--deck") for link in links)

    # An entry whose page is not on this device: the « Hors ligne » page, ready to search it.
    page.goto(own_host.url + "/r/altered/7.4.3.b")
    assert page.title() == OFFLINE_TITLE
    assert page.url.endswith("/altered/regles/7/#7.4.3.b")
    assert page.locator("#arb-offline-q").input_value() == "7.4.3.b"
    assert page.console_errors == []


def test_a_page_not_on_this_device_shows_the_french_offline_page(page, own_host):
    page.goto(own_host.url + "/")
    controlled(page)
    own_host.stop()
    response = page.goto(own_host.url + "/ashes/faq/")
    assert response is not None and response.status == 200
    assert page.title() == OFFLINE_TITLE
    assert page.locator("h1").inner_text().startswith("Hors ligne")
    page.wait_for_selector("text=n’est pas encore sur cet appareil")
    assert "/ashes/faq/" in page.locator("#arb-offline-wanted").inner_text()
    assert page.locator("#arb-offline-held a").count() >= 1  # what this device holds

    # It offers the search, which works offline: its box, and the header's.
    assert header_hits(page, "609.1f")[0] == "the-spoils/609.1f"
    page.fill("#arb-offline-q", "609.1f")
    with page.expect_navigation():
        page.click("#arb-offline-q ~ button")
    page.wait_for_selector("#arb-results[data-search-done]")
    assert page.locator("#arb-results [data-entry]").first.get_attribute("data-entry") == (
        "the-spoils/609.1f"
    )
    assert page.console_errors == []


def statuses(page) -> list[str]:
    return page.evaluate("window.__statuses")


RECORD_STATUSES = """() => {
  window.__statuses = [];
  const status = document.getElementById("arb-offline-status");
  new MutationObserver(() => window.__statuses.push(status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
}"""


def test_a_game_made_available_offline_opens_every_page_offline(page, own_host, static_copy):
    page.goto(own_host.url + "/the-spoils/")
    control = page.locator("[data-offline-game=the-spoils]")
    status = page.locator("#arb-offline-status")
    page.wait_for_function(
        "() => / Mo\\)/.test(document.getElementById('arb-offline-status').textContent)",
        timeout=60_000,
    )
    assert re.fullmatch(
        r"Gardez les \d+ pages de The Spoils sur cet appareil \(\d+(,\d)? Mo\) pour les lire "
        r"sans réseau\.",
        status.inner_text(),
    )
    page.evaluate(RECORD_STATUSES)
    control.click()
    page.wait_for_selector("[data-offline-game=the-spoils][data-offline-ready]", timeout=60_000)
    assert any(s.startswith("Téléchargement : ") for s in statuses(page))  # its progress
    assert re.fullmatch(
        r"Disponible hors ligne : les \d+ pages de The Spoils sont sur cet appareil "
        r"\(\d+(,\d)? Mo\)\.",
        status.inner_text(),
    )

    own_host.stop()
    pages = sorted(Path(static_copy, "the-spoils").rglob("index.html"))
    assert len(pages) > 10
    for index in pages:
        path = "/" + index.parent.relative_to(static_copy).as_posix() + "/"
        response = page.goto(own_host.url + path)
        assert response is not None and response.status == 200, path
        assert page.title() != OFFLINE_TITLE, path
    # Its pages' glossary definitions load offline too.
    page.goto(own_host.url + "/the-spoils/regles/section-6/")
    page.locator(".md-content a.arb-term").first.hover()
    page.wait_for_selector(".arb-preview")
    page.goto(own_host.url + "/the-spoils/")
    page.wait_for_selector("[data-offline-game=the-spoils][data-offline-ready]")
    assert page.console_errors == []


def test_making_a_game_available_offline_can_be_undone(page, own_host):
    page.goto(own_host.url + "/ashes/")
    page.click("[data-offline-game=ashes]")
    page.wait_for_selector("[data-offline-game=ashes][data-offline-ready]", timeout=60_000)
    page.click(".arb-offline-undo")
    page.wait_for_selector("[data-offline-game=ashes][data-offline-ready]", state="detached")
    assert page.locator("#arb-offline-status").inner_text().startswith("Retiré : ")
    assert page.locator(".arb-offline-undo").is_hidden()
    own_host.stop()
    page.goto(own_host.url + "/ashes/faq/")
    assert page.title() == OFFLINE_TITLE


def test_a_download_without_network_says_so_in_french(page, own_host):
    page.goto(own_host.url + "/ashes/")
    controlled(page)
    own_host.stop()
    page.click("[data-offline-game=ashes]")
    page.wait_for_selector("text=Le téléchargement s’est interrompu (le réseau ne répond pas).")
    assert page.locator("[data-offline-game=ashes][data-offline-ready]").count() == 0
