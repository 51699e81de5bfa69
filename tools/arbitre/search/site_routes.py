"""The app's HTML side: permalinks under /r/, and the built site at / (or a page saying how to
build it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.permalinks import PermalinkIndex, choice_html
from arbitre.search.live import LiveIndex
from arbitre.urls import WEB_MANIFEST, entry_url, retired_url

NO_SITE = """<!doctype html>
<html lang="fr"><meta charset="utf-8"><title>Arbitre</title>
<body>
<h1>Arbitre</h1>
<p>Le site n'est pas construit : lancez <code>arbitre build</code> (ou <code>make serve</code>),
puis rechargez cette page.</p>
<p>The site is not built yet: run <code>arbitre build</code>. The API works already:
<a href="/api/health">/api/health</a>, <a href="/api/search?q=attaque">/api/search?q=attaque</a>,
<a href="/docs">/docs</a>.</p>
</body></html>
"""

NOT_FOUND = """<!doctype html>
<html lang="fr"><meta charset="utf-8"><title>Page introuvable — Arbitre</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Page introuvable</h1>
<p>Aucune entrée ne porte cet identifiant. <a href="/recherche/">Chercher une règle</a>.</p>
</body></html>
"""


class ShortLinks:
    """The knowledge base served now and its permalink index, rebuilt when the KB changes."""

    def __init__(self, index: LiveIndex) -> None:
        self.index = index
        self._kb: KnowledgeBase | None = None
        self._links: PermalinkIndex | None = None

    def __call__(self) -> tuple[KnowledgeBase, PermalinkIndex]:
        current = self.index.knowledge()
        if self._kb is not current or self._links is None:
            self._kb, self._links = current, PermalinkIndex(current)
        return current, self._links


def add_permalinks(app: FastAPI, links: ShortLinks, site: Path) -> None:
    """Register /r/{entry_id}, the permalinks; a page not found is the site's 404.html."""

    @app.get(
        "/r/{entry_id:path}",
        summary="Permalink: redirects to the entry on the site",
        response_class=HTMLResponse,
        responses={
            200: {"description": "a French page choosing between the games with that number"},
            302: {
                "description": "the entry's page on the site (an id an earlier edition gave "
                "too: the entry today, or the last text of an entry an edition removed)"
            },
            404: {
                "description": "no entry has this id: the site's French « page introuvable »",
                "content": {"text/html": {"schema": {"type": "string"}}},
            },
        },
    )
    def permalink(entry_id: str) -> Any:
        # The same answers as the static copy's r/ pages (permalinks.py): any case, a
        # number without its game, a choice page, and a French « page introuvable », not JSON.
        current, short = links()
        entries = short.resolve(entry_id)
        if len(entries) == 1:
            return RedirectResponse(entry_url(entries[0], current), status_code=302)
        retired = None if entries else short.retired(entry_id)
        if retired is not None:
            return RedirectResponse(retired_url(retired[0]), status_code=302)
        if entries:
            return HTMLResponse(
                choice_html(
                    current,
                    entry_id,
                    entries,
                    lambda e: entry_url(e, current),
                    manifest="/" + WEB_MANIFEST,
                )
            )
        not_found = site / "404.html"
        page = not_found.read_text(encoding="utf-8") if not_found.is_file() else NOT_FOUND
        return HTMLResponse(page, status_code=404)


def add_site(app: FastAPI, site: Path) -> None:
    """Mount the built site at /, or, while it is not built, a 503 page saying how to build it."""
    if (site / "index.html").is_file():
        app.mount("/", StaticFiles(directory=site, html=True), name="site")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        def no_site() -> HTMLResponse:
            return HTMLResponse(NO_SITE, status_code=503)
