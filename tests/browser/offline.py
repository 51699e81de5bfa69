"""What the offline tests do in a page: wait for the worker, search, read what the worker holds."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

from arbitre.chromium import CHROMIUM, CHROMIUM_ARGS

WORKER_TIMEOUT = 60_000  # ms: installing the real site's shell on a busy machine


def controlled(page) -> None:
    """Wait until the offline worker is installed and answers this page's requests."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=WORKER_TIMEOUT, polling=100
    )


def search_page_hits(tab, base: str, query: str, **filters: str) -> list[str]:
    """The entries /recherche/ lists for `query` (filters: jeu, type, page) in the page open in `tab`, in rank order."""
    params = urllib.parse.urlencode({"requete": query, **filters})
    tab.goto(f"{base}/recherche/?{params}")
    tab.wait_for_selector("#arb-results[data-search-done]")
    return tab.locator("#arb-results [data-entry]").evaluate_all(
        "items => items.map(i => i.dataset.entry)"
    )


def search_source(page) -> str:
    """Who answered the open /recherche/ page: « worker » (the offline worker) or « page »."""
    return page.locator("#arb-results").get_attribute("data-search-source") or ""


def own_engine_hits(tab, query: str, **filters: str) -> list[str]:
    """The entries the page's own engine (its index downloaded and parsed in the page open in `tab`) finds
    for `query`, as /recherche/ lists them (filters: jeu, type, page)."""
    return tab.evaluate(
        """async ([q, game, kind, offset]) => {
          const m = await import(new URL("assets/search/load.js", location.origin + "/").href);
          const engine = await m.loadEngine();
          return engine.search(q, { game, kind, limit: 10, offset }).hits.map((h) => h.id);
        }""",
        [query, filters.get("jeu"), filters.get("type"), 10 * (int(filters.get("page", 1)) - 1)],
    )


# Installed before a page's scripts: whether #arb-results came from the parser with its results
# already shown (`data-search-done`: the offline worker wrote them into the page it served).
PARSED_WITH_RESULTS = """window.__arbParsedDone = null;
new MutationObserver((_, observer) => {
  const out = document.getElementById("arb-results");
  if (!out) return;
  window.__arbParsedDone = out.hasAttribute("data-search-done");
  observer.disconnect();
}).observe(document, { subtree: true, childList: true });"""


def written_by_worker(page) -> bool:
    """Whether the open /recherche/ page's results were written by the worker into the page it
    served, and left as they are by the page's script (which drops `data-search-key` when it
    shows results itself).  Needs PARSED_WITH_RESULTS installed."""
    page.wait_for_function("document.querySelector('#arb-search [name=requete]').value !== ''")
    return page.evaluate(
        "window.__arbParsedDone === true && 'searchKey' in document.getElementById('arb-results').dataset"
    )


def header_hits(page, query: str) -> list[str]:
    """The entries the header box shows for `query` on the open page."""
    box = page.locator("[data-arb-header-search]")
    box.fill("")
    box.fill(query)
    page.wait_for_selector(
        f".arb-header-search__results[data-query={query!r}]", state="attached", timeout=30_000
    )
    return page.locator(".arb-header-search__results .arb-header-hit").evaluate_all(
        "hits => hits.map(h => h.dataset.entry)"
    )


def cache_names(page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def worker_version(site: Path) -> str:
    """The version `arbitre build` wrote into the site's sw.js."""
    head = (site / "sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    return head.split("version ", 1)[1].split(":", 1)[0]


def wait_held(page, url: str) -> None:
    """Wait until the worker holds `url` (a page it keeps after the player opened it)."""
    page.wait_for_function(
        "url => caches.match(url).then(r => Boolean(r))", arg=url, timeout=WORKER_TIMEOUT
    )


def installability(browser, url: str, profile: Path) -> tuple[list, list]:
    """Chromium's installability errors for the page at `url` (DevTools' Page.getInstallability-
    Errors) and its manifest's parsing errors, in a persistent profile: Chromium installs nothing
    from an incognito one, which a default browser context is."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.goto(url)
        controlled(page)
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        manifest = session.send("Page.getAppManifest")
        return errors, manifest["errors"]
    finally:
        context.close()


# A query that would be markup if it were written into a page unescaped.
HOSTILE_QUERY = '"><img src=x onerror="window.__arbPwned=1"><b>riposte</b>'


def shown_as_text(tab, query: str) -> bool:
    """Whether the open /recherche/ page shows `query` as the player typed it, as text: no
    element of it in the results, its handler never run, its words in the count line."""
    return tab.evaluate(
        """(q) => !document.querySelector("#arb-results img, #arb-results b")
          && window.__arbPwned === undefined
          && document.querySelector("#arb-results .arb-count").textContent.includes(`«\u00a0${q}\u00a0»`)""",
        query,
    )
