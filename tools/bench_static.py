"""The site's search on a static copy (#14), for `tools/benchmark.py` (and `--static-search`
alone): the weight of the search's files and of what the offline worker keeps, then, in
Chromium (Playwright, imported only here and only when this part runs), the time to the first
results and the held-out recall of the static search.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from arbitre.search.evaluate import answer_rank, load_queries
from bench_common import (
    HOLDOUT2_QUERIES,
    HOLDOUT_QUERIES,
    NATURAL_HOLDOUT_QUERIES,
    ROOT,
    percentile,
)

STATIC_QUERIES = ["609.1f", "degats", "que se passe-t-il quand ma pioche est vide", "deplete"]


def static_search_rows(site: Path) -> list[tuple[str, str]]:
    """The browser search of a built `site/`: its weight, and in Chromium (Playwright, Debian's
    /usr/bin/chromium) the time from opening `/recherche/?requete=…` on a static copy served by
    http.server to the results shown, cold (new browser context: index downloaded and parsed),
    warm (the offline worker holds page, code and index, and answers the search) and warm once
    the worker was stopped (as Chromium stops an idle one); what the worker keeps; then the
    per-query time once loaded and the held-out recall@5 of the static search."""
    search_dir = site / "assets" / "search"
    if not (search_dir / "index.json").is_file():
        return [("static search", f"skipped: no {search_dir}/index.json (run `arbitre build`)")]
    rows: list[tuple[str, str]] = [weight_row(site, search_dir)]
    if (site / "sw.js").is_file():
        rows += offline_rows(site)
    from arbitre.chromium import CHROMIUM as chromium
    from arbitre.chromium import CHROMIUM_ARGS

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return [*rows, ("static search in Chromium", "skipped: Playwright not installed")]
    if not chromium.exists():
        return [*rows, ("static search in Chromium", f"skipped: no Chromium at {chromium}")]

    server, base = serve_site(site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
            openings = Openings()
            for query in STATIC_QUERIES:
                measure_openings(browser, base, query, openings)
            rows += opening_rows(openings)
            rows += engine_rows(browser, base)
            rows += header_box_rows(browser, base)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return rows


def weight_row(site: Path, search_dir: Path) -> tuple[str, str]:
    """The size of the index and of the code (the search's files and the offline worker)."""
    import gzip

    index = (search_dir / "index.json").read_bytes()
    code = b"".join(p.read_bytes() for p in sorted(search_dir.glob("*.js")))
    code += (search_dir / "search.css").read_bytes()
    if (site / "sw.js").is_file():  # the offline worker: its own code and the engine it holds
        code += (site / "sw.js").read_bytes()
    index_gz, code_gz = len(gzip.compress(index, 9)), len(gzip.compress(code, 9))
    return (
        "static search: index + code (the search's files and the offline worker)",
        f"index {len(index) / 1024:.0f} kB ({index_gz / 1024:.0f} kB gzipped), code "
        f"{len(code) / 1024:.0f} kB ({code_gz / 1024:.0f} kB gzipped); "
        f"total {(index_gz + code_gz) / 1024:.0f} kB gzipped",
    )


def serve_site(site: Path):
    """`site` served by http.server on a free loopback port, in a thread: (server, base URL)."""
    import functools
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@dataclass
class Openings:
    """Times to the first results, (page clock, wall clock) in ms, per way of opening the
    search page, and which part answered the warm searches (`data-search-source`)."""

    firsts: list[tuple[float, float]] = field(default_factory=list)
    warm: list[tuple[float, float]] = field(default_factory=list)
    restarted: list[tuple[float, float]] = field(default_factory=list)
    readied: list[tuple[float, float]] = field(default_factory=list)
    answered: set[str] = field(default_factory=set)


def measure_openings(browser, base: str, query: str, openings: Openings) -> None:
    """In a new browser context: `query` opened cold, then every query warm, warm once the
    worker was stopped, and typed in the header box once the worker was stopped."""
    context = browser.new_context()
    context.add_init_script(SEARCH_DONE_CLOCK)
    page = context.new_page()
    openings.firsts.append(first_results(page, base, query))
    # Warm (#23): the offline worker holds the page, the code and the index, and
    # answers the search (its engine built before it took control).
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    for again in STATIC_QUERIES:
        openings.warm.append(first_results(page, base, again))
        openings.answered.add(page.get_attribute("#arb-results", "data-search-source") or "")
    # The same once Chromium has stopped the idle worker (after 30 s): it starts
    # again, reads and parses the index, builds its engine.
    devtools = context.new_cdp_session(page)
    devtools.send("ServiceWorker.enable")
    for again in STATIC_QUERIES:
        devtools.send("ServiceWorker.stopAllWorkers")
        page.wait_for_timeout(100)
        openings.restarted.append(first_results(page, base, again))
    # What a player who comes back does: the header box gets the focus (which
    # readies the stopped worker), the question is typed and sent with Enter.
    for again in STATIC_QUERIES:
        devtools.send("ServiceWorker.stopAllWorkers")
        page.wait_for_timeout(100)
        openings.readied.append(typed_results(page, again))
    context.close()


def opening_rows(openings: Openings) -> list[tuple[str, str]]:
    """One row per way of opening the search page: median and max of both clocks."""
    rows = []
    for label, times in (
        ("cold", openings.firsts),
        (
            f"warm: the offline worker holds page, code and index, from the moment it "
            f"took control; answered by: {', '.join(sorted(openings.answered))}",
            openings.warm,
        ),
        ("warm, the worker restarted (stopped as Chromium does when idle)", openings.restarted),
        (
            "the worker restarted, readied by the header box's focus, the query typed "
            "(60 ms a key) and sent with Enter",
            openings.readied,
        ),
    ):
        page_times = [t for t, _ in times]
        walls = [w for _, w in times]
        rows.append(
            (
                f"static search: first results after opening /recherche/?requete=… "
                f"({label}, n={len(times)})",
                f"median {percentile(page_times, 50):.0f} ms, max {max(page_times):.0f} ms "
                f"from navigation start to data-search-done (Playwright's goto, or the "
                f"Enter key, to the selector: median {percentile(walls, 50):.0f} ms, "
                f"max {max(walls):.0f} ms)",
            )
        )
    return rows


def engine_rows(browser, base: str) -> list[tuple[str, str]]:
    """The static engine loaded in a page: per-query time and recall@5 of each held-out set."""
    rows = []
    page = browser.new_page()
    page.goto(base + "/")
    page.evaluate(
        "async () => { const m = await import('/assets/search/load.js');"
        " window.__engine = await m.loadEngine(); }"
    )
    for label, path in (
        ("holdout", HOLDOUT_QUERIES),
        ("holdout2", HOLDOUT2_QUERIES),
        ("natural-holdout", NATURAL_HOLDOUT_QUERIES),
    ):
        queries = load_queries(path)
        timed = page.evaluate(
            """qs => qs.map(q => { const t = performance.now();
              const r = window.__engine.search(q, {limit: 10});
              return [performance.now() - t, r.hits.map(h => [h.title || "", h.text])]; })""",
            [q["q"] for q in queries],
        )
        times = [t for t, _ in timed]
        ranks = [
            answer_rank([{"title": t, "text": x} for t, x in hits], q["expect"])
            for q, (_, hits) in zip(queries, timed, strict=True)
        ]
        recall = sum(1 for r in ranks if r is not None and r <= 5) / len(ranks)
        rows.append(
            (
                f"static search in Chromium, {label} set (n={len(queries)})",
                f"R@5 {recall:.3f}; per query p50 {percentile(times, 50):.1f} ms, "
                f"p95 {percentile(times, 95):.1f} ms",
            )
        )
    return rows


# The blind sets' held-apart halves a player may ask from a game's pages (#24): every natural
# set's, those added later too, and the English one's.
BOX_SETS = (
    *sorted(
        path.name.removesuffix("-holdout-queries.yaml")
        for path in (ROOT / "tests" / "data").glob("natural*-holdout-queries.yaml")
    ),
    "english",
)


def header_box_rows(browser, base: str) -> list[tuple[str, str]]:
    """The header box asked each held-apart question from a page of its game (header.js
    `boxSearch`: the open game's results unless the query points elsewhere): recall@1 of what
    it shows first, beside the same search of every game and of the game known."""
    rows = []
    page = browser.new_page()
    for name in BOX_SETS:
        queries = load_queries(ROOT / "tests" / "data" / f"{name}-holdout-queries.yaml")
        firsts: dict[str, list[int]] = {"box": [], "every game": [], "game known": []}
        for game in dict.fromkeys(q["game"] for q in queries):
            asked = [q for q in queries if q["game"] == game]
            page.goto(f"{base}/{game}/")
            shown = page.evaluate(
                """async qs => {
                  const box = await import('/assets/search/header.js');
                  const { search } = await import('/assets/search/load.js');
                  const form = document.querySelector('[data-arb-header-search]').form;
                  const first = (r) => r.hits.slice(0, 1).map(h => [h.title || "", h.text]);
                  const out = [];
                  for (const [q, game] of qs) {
                    out.push([
                      first((await box.boxSearch(form, q)).result),
                      first((await search(q, { limit: 8 })).result),
                      first((await search(q, { limit: 8, game })).result),
                    ]);
                  }
                  return out;
                }""",
                [[q["q"], q["game"]] for q in asked],
            )
            for q, answers in zip(asked, shown, strict=True):
                for key, hits in zip(firsts, answers, strict=True):
                    found = answer_rank([{"title": t, "text": x} for t, x in hits], q["expect"])
                    firsts[key].append(found == 1)
        n = len(queries)
        figures = ", ".join(f"{key} {sum(v) / n:.3f}" for key, v in firsts.items())
        rows.append((f"header box on a page of the game, {name}-holdout (n={n})", f"R@1 {figures}"))
    page.close()
    return rows


def offline_rows(site: Path) -> list[tuple[str, str]]:
    """What the offline worker keeps (#23): its shell from the first visit, and each game's
    « Disponible hors ligne » (sizes as the control shows them, 1 MB = 10^6 bytes)."""
    import gzip

    line = next(x for x in (site / "sw.js").read_text("utf-8").splitlines() if "BUILD =" in x)
    build = json.loads(line.split("=", 1)[1].strip().removesuffix(";"))
    shell = build["shell"]
    raw = sum(build["files"][k][1] for k in shell)
    packed = sum(len(gzip.compress((site / k).read_bytes(), 9)) for k in shell)
    games = ", ".join(
        f"{g['title']} {sum(build['files'][k][1] for k in g['files']) / 1e6:.1f} MB "
        f"({sum(k.endswith('.html') for k in g['files'])} pages)"
        for g in build["games"].values()
    )
    return [
        (
            f"offline: shell kept on the first visit ({len(shell)} files)",
            f"{raw / 1e6:.1f} MB ({packed / 1e6:.2f} MB gzipped)",
        ),
        ("offline: « Disponible hors ligne » per game", games),
    ]


# Installed before any script of each page: the page's own clock (ms since its navigation
# started) when #arb-results has `data-search-done`, the results shown — set by the page's
# script, or already there when the parser inserts it (the offline worker wrote the results in).
SEARCH_DONE_CLOCK = """new MutationObserver(() => {
  const out = document.getElementById("arb-results");
  if (out && out.hasAttribute("data-search-done") && window.__arbSearchDone === undefined)
    window.__arbSearchDone = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-search-done"]});"""


def first_results(page, base: str, query: str) -> tuple[float, float]:
    """Milliseconds from opening /recherche/?requete=… to its results shown: by the page's
    clock, from its navigation start (SEARCH_DONE_CLOCK), and by this process's, from
    Playwright's `goto` (which returns after the page's load event) to the selector."""
    started = time.perf_counter()
    page.goto(f"{base}/recherche/?requete={quote(query)}")
    page.wait_for_selector("#arb-results[data-search-done]", timeout=30_000)
    wall = (time.perf_counter() - started) * 1000
    return page.evaluate("window.__arbSearchDone"), wall


def typed_results(page, query: str) -> tuple[float, float]:
    """The same measure for a query typed in the header box and sent with Enter: from the
    search page's navigation start, and from the Enter key to the selector."""
    box = page.locator("[data-arb-header-search]").first
    box.focus()
    box.fill("")
    box.press_sequentially(query, delay=60)
    started = time.perf_counter()
    with page.expect_navigation():
        box.press("Enter")
    page.wait_for_selector("#arb-results[data-search-done]", timeout=30_000)
    wall = (time.perf_counter() - started) * 1000
    return page.evaluate("window.__arbSearchDone"), wall
