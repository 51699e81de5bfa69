"""« Écrire un scénario »: the judges' guide to the scenario format is a page of the site."""

from __future__ import annotations

from arbitre import urls
from arbitre.site.pages import site_nav, site_pages
from tests.site.small_kb import small_examples, small_kb


def test_guide_page_is_generated_with_the_format_and_commands():
    pages = {p.path: p for p in site_pages(small_kb(), small_examples())}
    guide = pages[urls.SCENARIO_GUIDE_PAGE]
    assert guide.title == "Écrire un scénario"
    body = guide.context["body"]
    assert body.startswith("# Écrire un scénario")
    for needed in ("reproduces:", "refused_by", "arbitre example run", "placeholders"):
        assert needed in body


def test_guide_is_in_the_navigation_only_when_the_site_has_examples():
    nav = site_nav(small_kb(), small_examples())
    assert {"Écrire un scénario": urls.page_file(urls.SCENARIO_GUIDE_PAGE)} in nav
    assert urls.SCENARIO_GUIDE_PAGE not in {p.path for p in site_pages(small_kb(), [])}
