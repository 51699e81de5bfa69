"""Browser tests: a built copy of the real site, served by a plain static file server, in Chromium.

The Chromium itself is the session's one Playwright (`browser`, tests/conftest.py), shared with
the served-site tests of tests/e2e.  A static copy of `site/` must work on its own (search included), so these tests serve it with
Python's `http.server` — no Arbitre process, no API. They drive Debian's Chromium through
Playwright's Python package; nothing is downloaded. Without Chromium or Playwright every test here
is skipped with a reason that says how to install them (`make test` prints it in its summary).
"""

from __future__ import annotations

import functools
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        pass


def _serve_copy(site: Path) -> Iterator[str]:
    """A copy of a built `site/` served as plain files on a free loopback port: its base URL."""
    copy = site.parent / "static-copy"
    if not copy.exists():
        shutil.copytree(site, copy)
    handler = functools.partial(_QuietHandler, directory=str(copy))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def static_site(built_site: Path) -> Iterator[str]:
    """The real site, as a static copy: its base URL."""
    yield from _serve_copy(built_site)


@pytest.fixture(scope="session")
def editions_static(editions_site: Path) -> Iterator[str]:
    """The site of the project with next editions (tests/editions/projects.py), as a static copy."""
    yield from _serve_copy(editions_site)


@pytest.fixture
def page(browser) -> Iterator[object]:
    """A fresh desktop-sized page; console errors are collected on `page.console_errors`."""
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    tab = context.new_page()
    tab.console_errors = []
    tab.on("console", lambda m: m.type == "error" and tab.console_errors.append(m.text))
    tab.on("pageerror", lambda exc: tab.console_errors.append(str(exc)))
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture
def phone_page(browser) -> Iterator[object]:
    """A phone-sized touch page (390×844)."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    tab = context.new_page()
    try:
        yield tab
    finally:
        context.close()
