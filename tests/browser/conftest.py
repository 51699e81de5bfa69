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


class StaticHost:
    """A folder served as plain files on a free loopback port (a new origin each time: its own
    service worker and caches) until `stop()`, which is how the offline tests cut the network."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


def _copy(site: Path) -> Path:
    copy = site.parent / "static-copy"
    if not copy.exists():
        shutil.copytree(site, copy)
    return copy


@pytest.fixture(scope="session")
def static_copy(built_site: Path) -> Path:
    """A copy of the built `site/`, as a player's static host holds it."""
    return _copy(built_site)


@pytest.fixture(scope="session")
def static_site(static_copy: Path) -> Iterator[str]:
    """The static copy served as plain files on a free loopback port: its base URL."""
    host = StaticHost(static_copy)
    try:
        yield host.url
    finally:
        host.stop()


@pytest.fixture(scope="session")
def editions_static(editions_site: Path) -> Iterator[str]:
    """The site of the project with next editions (tests/editions/projects.py), as a static copy."""
    host = StaticHost(_copy(editions_site))
    try:
        yield host.url
    finally:
        host.stop()


@pytest.fixture
def own_host(static_copy: Path) -> Iterator[StaticHost]:
    """The static copy on an origin of this test's own, which the test may stop."""
    host = StaticHost(static_copy)
    try:
        yield host
    finally:
        host.stop()


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
