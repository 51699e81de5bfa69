"""Short links, judge tools, previews, glossary taps, print and dark styles on a static copy."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from .checks import requests_of, serious_violations, third_party

RULE = "/the-spoils/regles/section-6/#609.1f"


def _tools(page) -> dict[str, str]:
    page.wait_for_selector(".arb-tools")
    return page.evaluate(
        """() => {
          const box = document.querySelector('.arb-tools');
          const text = (s) => (box.querySelector(s) || {}).textContent || '';
          return {entry: box.dataset.entry, crumbs: text('.arb-crumbs'),
                  prev: text('.arb-prev'), next: text('.arb-next'),
                  inside: box.closest('[id]').id};
        }"""
    )


@pytest.mark.parametrize(
    "link", ["/r/the-spoils/609.1f", "/r/the-spoils/609.1F", "/r/609.1f", "/r/609.1F/"]
)
def test_short_link_lands_on_the_rule_with_its_tools(page, static_site, link):
    page.goto(static_site + link)
    page.wait_for_url(re.compile(r"/the-spoils/regles/section-6/#609\.1f$"))
    tools = _tools(page)
    assert tools["entry"] == "the-spoils/609.1f"
    assert tools["inside"] == "609.1f"
    assert re.search(
        r"609 Résoudre un Combat › 609\.1 › 609\.1f Application des dommages", tools["crumbs"]
    )
    assert "609.1e" in tools["prev"] and "609.1g" in tools["next"]
    assert page.console_errors == []


def test_a_local_id_several_games_share_is_a_choice(page, static_site):
    page.goto(static_site + "/r/glossaire/deck")
    links = page.locator("main li a")
    assert links.count() == 3
    assert "plusieurs jeux" in page.locator("h1").inner_text()
    links.nth(2).click()
    page.wait_for_url(re.compile(r"/the-spoils/glossaire/#glossaire--deck$"))


def test_copy_citation_gives_short_link_number_title_text_and_edition(browser, static_site):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=static_site)
    tab = context.new_page()
    try:
        tab.goto(static_site + RULE)
        _tools(tab)
        tab.get_by_role("button", name="Copier la citation").click()
        tab.wait_for_selector(".arb-copy-status:text('Citation copiée.')")
        copied = tab.evaluate("navigator.clipboard.readText()")
    finally:
        context.close()
    lines = copied.split("\n")
    assert lines[0] == "609.1f Application des dommages"
    assert lines[1].startswith("Tous les dommages de combats assignés précédemment")
    assert lines[-2] == "The Spoils — Règles complètes du 31 décembre 2013"  # its edition
    assert lines[-1] == static_site + "/r/the-spoils/609.1f"


def test_clicking_a_number_moves_the_tools_and_source_is_collapsed(page, static_site):
    page.goto(static_site + RULE)
    _tools(page)
    page.locator('[id="609.1g"] a.arb-num').click()
    page.wait_for_function(
        "document.querySelector('.arb-tools').dataset.entry === 'the-spoils/609.1g'"
    )
    assert page.locator(".arb-tools").count() == 1
    source = page.locator(".arb-tools details.arb-source")
    assert source.get_attribute("open") is None
    source.locator("summary").click()
    assert "000_1954c37249931fef.txt, l. " in source.inner_text()


def test_hovering_a_rule_reference_previews_its_text(page, static_site):
    page.goto(static_site + "/the-spoils/regles/section-6/")
    page.locator('[id="609.1f"] .arb-meta a', has_text="609.1g").first.hover()
    preview = page.locator(".arb-preview")
    preview.wait_for()
    assert "609.1g Répétition" in preview.inner_text()
    assert "Répéter les étapes A à F" in preview.inner_text()


def test_a_tapped_glossary_term_opens_in_place_then_navigates(phone_page, static_site):
    phone_page.goto(static_site + "/the-spoils/regles/section-6/")
    term = phone_page.locator('[id="609.1f"] a.arb-term').first
    term.scroll_into_view_if_needed()
    before = phone_page.url
    term.tap()
    preview = phone_page.locator(".arb-preview")
    preview.wait_for()
    assert phone_page.url == before
    assert "anglais" in preview.inner_text()
    assert preview.locator("a", has_text="Lire dans le glossaire").count() == 1
    term.tap()
    phone_page.wait_for_url(re.compile(r"/the-spoils/glossaire/#glossaire--"))


def test_every_tapped_term_opens_in_place_on_a_page_opened_at_a_rule(phone_page, static_site):
    """Opened at a rule (a short link, a search result) and after a first preview: a tap used to
    focus its link, the focus opened the preview, and the tap then counted as the second one
    and left the page."""
    phone_page.goto(static_site + "/the-spoils/regles/section-6/#609.1f")
    terms = phone_page.locator('[id="609.1f"] a.arb-term')
    before = phone_page.url
    preview = phone_page.locator(".arb-preview")
    for at, name in enumerate(("Dommages de combat", "Personnage")):
        terms.nth(at).tap()
        preview.wait_for()
        assert phone_page.url == before
        assert name in preview.inner_text()
        assert preview.locator("a", has_text="Lire dans le glossaire").count() == 1
        phone_page.locator("h1").first.tap()
        preview.wait_for(state="detached")
    terms.nth(1).tap()
    preview.wait_for()
    terms.nth(1).tap()
    phone_page.wait_for_url(re.compile(r"/the-spoils/glossaire/#glossaire--personnage$"))


def test_the_big_glossary_is_split_and_old_anchors_follow(page, static_site):
    page.goto(static_site + "/marvel-champions/glossaire/#glossaire--allie")
    page.wait_for_url(re.compile(r"/marvel-champions/glossaire/a-e/#glossaire--allie$"))
    assert page.locator('[id="glossaire--allie"]').count() == 1


def test_print_hides_the_site_chrome_and_tools(page, static_site):
    page.goto(static_site + RULE)
    _tools(page)
    page.emulate_media(media="print")
    hidden = page.evaluate(
        """() => ['.md-header', '.md-sidebar--primary', '.md-footer', '.arb-tools']
            .map(s => getComputedStyle(document.querySelector(s)).display)"""
    )
    assert hidden == ["none"] * 4
    assert page.locator('[id="609.1f"]').is_visible()


def _luminance(rgb: str) -> float:
    r, g, b = (int(x) for x in re.findall(r"\d+", rgb)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_dark_theme_covers_tools_and_previews(page, static_site):
    page.emulate_media(color_scheme="dark")
    page.goto(static_site + RULE)
    _tools(page)
    page.locator('[id="609.1f"] .arb-meta a', has_text="609.1g").first.hover()
    page.wait_for_selector(".arb-preview")
    colours = page.evaluate(
        """() => ['.arb-tools', '.arb-preview', 'body'].map(s => {
             const st = getComputedStyle(document.querySelector(s));
             return [st.backgroundColor, st.color];
           })"""
    )
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    for background, text in colours:
        assert _luminance(background) < 0.3 < _luminance(text), colours


PAGES = {
    "home": "/",
    "rule": RULE,
    "glossary": "/the-spoils/glossaire/",
    "search": "/recherche/",
    "examples": "/the-spoils/exemples/",
    # A community source's pages carry a banner and badge (#15).
    "community": "/four-souls/regles/",
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_third_party_request(browser, static_site, name):
    requested = requests_of(browser, static_site + PAGES[name])
    assert requested and third_party(requested, static_site) == []


@pytest.mark.parametrize(
    ("name", "scheme"),
    [(name, "light") for name in sorted(PAGES)] + [("rule", "dark"), ("examples", "dark")],
)
def test_accessibility_no_serious_violation(page, static_site, name, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(static_site + PAGES[name], wait_until="networkidle")
    assert serious_violations(page) == []


# --- the « page introuvable », as a host that serves 404.html (GitHub Pages, Netlify…) ------


class _WithNotFound(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def pages_host(static_site: str, built_site: Path) -> Iterator[str]:
    handler = functools.partial(_WithNotFound, directory=str(built_site.parent / "static-copy"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_an_unknown_short_link_offers_a_search_in_french(page, pages_host):
    response = page.goto(pages_host + "/r/the-spoils/999.9z")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page introuvable"
    page.wait_for_selector("text=Aucune entrée ne porte l’identifiant « the-spoils/999.9z ».")
    search = page.locator("a.arb-notfound-search")
    assert search.inner_text() == "Chercher « 999.9z »"
    assert search.get_attribute("href") == pages_host + "/recherche/?requete=999.9z"
    assert "{" not in page.content().split("<body", 1)[1][:200]  # a page, never JSON


def test_another_spelling_of_a_short_link_is_followed(page, pages_host):
    page.goto(pages_host + "/r/The-Spoils/609.1F")
    page.wait_for_url(re.compile(r"/the-spoils/regles/section-6/#609\.1f$"))


def test_an_old_anchor_of_a_split_document_follows_to_its_section(page, static_site):
    page.goto(static_site + "/the-spoils/regles/#609.1f")
    page.wait_for_url(re.compile(r"/the-spoils/regles/section-6/#609\.1f$"))
    assert _tools(page)["entry"] == "the-spoils/609.1f"
