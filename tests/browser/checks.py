"""What every page of the site must pass in Chromium, shared by the browser tests: no serious
accessibility violation (axe-core), no request to another site."""

from __future__ import annotations


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def requests_of(browser, url: str) -> list[str]:
    """Every URL a desktop page asks for while `url` loads (and the pointer moves over it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    requested: list[str] = []
    tab.on("request", lambda r: requested.append(r.url))
    try:
        tab.goto(url, wait_until="networkidle")
        tab.mouse.move(400, 400)
    finally:
        context.close()
    return requested


def third_party(requested: list[str], site: str) -> list[str]:
    return [u for u in requested if not u.startswith((site, "data:", "blob:"))]
