"""A static copy of the site, served as plain files, opens in Chromium without errors."""

from __future__ import annotations


def test_home_page_opens_without_console_errors(page, static_site):
    response = page.goto(static_site + "/")
    assert response.status == 200
    assert "Arbitre" in page.title()
    assert page.console_errors == []


def test_rule_anchor_is_on_its_page(page, static_site):
    page.goto(static_site + "/the-spoils/regles/section-6/#609.1f")
    assert page.locator('[id="609.1f"]').count() == 1
