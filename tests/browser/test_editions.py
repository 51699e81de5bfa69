"""Editions in Chromium, on a static copy of the site of the project with next editions of The
Spoils and Marvel Champions (tests/editions/projects.py) served as plain files: « Nouveautés »,
a badge, a history, old short links, the citation's edition, accessibility."""

from __future__ import annotations

import re

import pytest

from .checks import requests_of, serious_violations, third_party

RULE = "/the-spoils/regles/section-2/#202.9"
NEWS = "/the-spoils/nouveautes/"


def test_the_news_page_links_each_change_to_its_entry(page, editions_static):
    page.goto(editions_static + NEWS)
    changes = page.locator(".arb-change")
    assert changes.count() == 7
    edited = page.locator('[id="nv-202.9"]')
    assert edited.locator("del").first.inner_text() == "pas"
    assert edited.locator("ins").first.inner_text() == "jamais"
    edited.get_by_role("link", name="202.9").click()
    page.wait_for_url(re.compile(r"/the-spoils/regles/section-2/#202\.9$"))
    assert page.locator('[id="202.9"] a.arb-changed').inner_text().lower() == "modifié en juin 2014"
    assert page.console_errors == []


def test_a_badge_leads_to_its_change(page, editions_static):
    page.goto(editions_static + "/the-spoils/regles/section-6/#608.1e")
    page.locator('[id="608.1e"] a.arb-changed').click()
    page.wait_for_url(re.compile(r"/the-spoils/nouveautes/#nv-608\.1e$"))
    change = page.locator('[id="nv-608.1e"]')
    assert change.is_visible()
    assert "auparavant 608.1d Bloqueurs" in change.inner_text()


def test_the_history_opens_on_both_texts(page, editions_static):
    page.goto(editions_static + RULE)
    history = page.locator('[id="202.9"] details.arb-history')
    stages = history.locator("li")
    assert not stages.first.is_visible()  # collapsed
    history.locator("summary").click()
    assert stages.count() == 2
    assert "jamais" in stages.nth(0).locator("ins").first.inner_text()
    assert "Une Faction n’est pas affectée" in stages.nth(1).inner_text()
    assert stages.nth(1).locator("del, ins").count() == 0  # the older text, as it was


@pytest.mark.parametrize(
    ("link", "lands", "entry"),
    [
        ("/r/the-spoils/intro/but-du-jeu", r"/the-spoils/intro/#intro--le-but-du-jeu$", True),
        ("/r/intro/but-du-jeu", r"/the-spoils/intro/#intro--le-but-du-jeu$", True),
        ("/r/the-spoils/202.9a", r"/the-spoils/retirees/#202\.9a@2013-12-31$", False),
        ("/r/the-spoils/202.9a@2013-12-31", r"/the-spoils/retirees/#202\.9a@2013-12-31$", False),
    ],
)
def test_old_short_links_land(page, editions_static, link, lands, entry):
    page.goto(editions_static + link)
    page.wait_for_url(re.compile(lands))
    if entry:  # the moved entry, with its judge tools
        page.wait_for_selector(".arb-tools")
        assert page.locator(".arb-tools").get_attribute("data-entry") == (
            "the-spoils/intro/le-but-du-jeu"
        )
    else:  # the removed entry's last text, marked
        retired = page.locator('[id="202.9a@2013-12-31"]')
        assert "retirée en juin 2014" in retired.text_content()  # (shown in capitals)
        assert "Ceci veut dire que vous ne pouvez pas sélectionner" in retired.inner_text()
    assert page.console_errors == []


def test_a_ruling_on_changed_text_warns_in_the_page(page, editions_static):
    page.goto(editions_static + "/r/the-spoils/faq/15")
    page.wait_for_url(re.compile(r"#faq--15$"))
    caution = page.locator('[id="faq--15"] .arb-caution')
    assert caution.is_visible()
    assert "La règle a changé depuis cette réponse (juin 2014)" in caution.inner_text()


def test_the_copied_citation_names_the_edition(browser, editions_static):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=editions_static)
    tab = context.new_page()
    try:
        tab.goto(editions_static + "/the-spoils/faq/#faq--15")
        tab.wait_for_selector(".arb-tools")
        tab.get_by_role("button", name="Copier la citation").click()
        tab.wait_for_selector(".arb-copy-status:text('Citation copiée.')")
        copied = tab.evaluate("navigator.clipboard.readText()").split("\n")
    finally:
        context.close()
    assert copied[0].startswith("Puis-je jouer Quotidian Assassination")
    assert copied[-2] == "The Spoils — FAQ v1.5 du 10 mai 2011"  # not re-issued: its own words
    assert copied[-1] == editions_static + "/r/the-spoils/faq/15"


def test_the_news_page_fits_a_phone(phone_page, editions_static):
    phone_page.goto(editions_static + NEWS)
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


PAGES = {
    "news": NEWS,
    "marvel-news": "/marvel-champions/nouveautes/",
    "retired": "/the-spoils/retirees/",
    "history": RULE,
    "ruling": "/the-spoils/faq/#faq--15",
}


@pytest.mark.parametrize(
    ("name", "scheme"),
    [(name, "light") for name in sorted(PAGES)] + [("news", "dark"), ("history", "dark")],
)
def test_accessibility_no_serious_violation(page, editions_static, name, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(editions_static + PAGES[name], wait_until="networkidle")
    for summary in page.locator("details.arb-history > summary").all()[:3]:
        summary.click()  # opened: its diff is checked too
    assert serious_violations(page) == []


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_third_party_request(browser, editions_static, name):
    requested = requests_of(browser, editions_static + PAGES[name])
    assert requested and third_party(requested, editions_static) == []
