"""End to end: build the real knowledge base in a scratch copy, run `arbitre serve`, fetch over HTTP.

One real uvicorn process on a free loopback port; everything else about the API is tested in-process.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.browser.offline import controlled, installability
from tests.e2e.serving import free_port, serving

pytestmark = pytest.mark.e2e


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def server(built_root, request):
    """`arbitre serve` in one process, then with two worker processes (as `make serve`)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = ["--port", str(port), "--workers", str(request.param)]
    with serving(built_root, args, lambda _p: _get(base + "/api/health")[0] == 200, capture=True):
        yield base


def test_health(server):
    status, body = _get(server + "/api/health")
    assert status == 200
    assert json.loads(body)["status"] == "ok"


def test_entry_and_unknown_entry(server):
    status, body = _get(server + "/api/entries/the-spoils/609.1f")
    assert status == 200
    entry = json.loads(body)
    assert entry["id"] == "the-spoils/609.1f" and "dommages" in entry["text"]
    assert _get(server + "/api/entries/the-spoils/999.9z")[0] == 404


def test_search_finds_rule_by_number_and_page_has_its_anchor(server):
    status, body = _get(server + "/api/search?" + urllib.parse.urlencode({"q": "609.1f"}))
    assert status == 200
    hit = json.loads(body)["hits"][0]
    assert hit["id"] == "the-spoils/609.1f"
    page_url, _, anchor = hit["url"].partition("#")
    status, page = _get(server + page_url)
    assert status == 200
    assert f'id="{anchor}"'.encode() in page


def test_home_page(server):
    status, page = _get(server + "/")
    assert status == 200
    assert b"Arbitre" in page


def test_search_page_and_its_browser_search_are_served(server):
    """Served, the page runs the same browser search as a static copy: its module, the
    engine and the index come from the site's files, as JavaScript and JSON."""
    status, page = _get(server + "/recherche/")
    assert status == 200
    assert b"assets/search/page.js" in page
    for path, kind in (("engine.js", "javascript"), ("index.json", "json")):
        with urllib.request.urlopen(f"{server}/assets/search/{path}", timeout=10) as response:
            assert response.status == 200
            assert kind in response.headers["content-type"]


PAGE_TYPES = {
    "home": "/",
    "rule page": "/the-spoils/regles/section-6/",
    "glossary page": "/altered/glossaire/",
    "search page": "/recherche/?requete=609.1f",
    "examples page": "/the-spoils/exemples/",
    "news page": "/marvel-champions/nouveautes/",  # editions (#22)
}


def test_no_csp_violation_in_a_real_browser(server, browser):
    """Each page type loads in Chromium with the served Content-Security-Policy and logs no
    violation (nor any other console error): the policy fits what the site does.  (`browser`:
    the session's Chromium, tests/conftest.py, skipped with a reason when there is none.)"""
    problems: dict[str, list[str]] = {}
    for name, path in PAGE_TYPES.items():
        page = browser.new_page()
        try:
            messages: list[str] = []
            page.on(
                "console",
                lambda m, out=messages: out.append(m.text) if m.type == "error" else None,
            )
            page.on("pageerror", lambda e, out=messages: out.append(str(e)))
            response = page.goto(server + path, wait_until="networkidle")
            assert response is not None and response.status == 200, path
            assert "frame-ancestors" in response.headers["content-security-policy"]
            if messages:
                problems[name] = messages
        finally:
            page.close()
    assert problems == {}


def test_installable_when_served(server, browser, tmp_path):
    """Chromium finds nothing missing to install the served site (#23)."""
    errors, manifest_errors = installability(browser, server + "/", tmp_path / "profile")
    assert errors == [] and manifest_errors == []


def test_the_offline_worker_covers_the_site_without_csp_violation(server, browser):
    """Served, the worker is the site's root script, revalidated on every visit; its scope is
    the whole site; pages it answers from its cache keep the served policy and log nothing."""
    status, _ = _get(server + "/sw.js")
    assert status == 200
    with urllib.request.urlopen(server + "/sw.js", timeout=10) as response:
        assert response.headers["cache-control"] == "no-cache"
    context = browser.new_context()
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: messages.append(str(e)))
    try:
        page.goto(server + "/")
        controlled(page)
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == server + "/"
        for path in PAGE_TYPES.values():
            response = page.goto(server + path)
            assert response is not None and response.status == 200, path
            assert response.from_service_worker, path
            assert "frame-ancestors" in response.headers["content-security-policy"]
        # The worker answers the search with the index it holds, under the served policy too.
        page.goto(server + "/recherche/?requete=609.1f")
        page.wait_for_selector("#arb-results[data-search-done]")
        assert page.get_attribute("#arb-results", "data-search-source") == "worker"
        first = page.locator("#arb-results [data-entry]").first.get_attribute("data-entry")
        assert first == "the-spoils/609.1f"
        page.goto(server + "/r/609.1f")
        page.wait_for_url(re.compile(r"/the-spoils/regles/section-6/#609\.1f$"))
        assert page.locator(".arb-offline-get").count() == 0  # only on a game's page
        page.goto(server + "/the-spoils/")
        page.click("[data-offline-game=the-spoils]")
        page.wait_for_selector("[data-offline-game=the-spoils][data-offline-ready]", timeout=60_000)
    finally:
        context.close()
    assert messages == []
