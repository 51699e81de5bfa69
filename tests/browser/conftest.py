"""Browser tests: a built copy of the real site, served by a plain static file server, in Chromium.

A static copy of `site/` must work on its own (search included), so these tests serve it with
Python's `http.server` — no Arbitre process, no API. They drive Debian's Chromium through
Playwright's Python package; nothing is downloaded. Without Chromium or Playwright every test here
is skipped with a reason that says how to install them (`make test` prints it in its summary).
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("ARBITRE_CHROMIUM", "/usr/bin/chromium"))
INSTALL_HINT = (
    "browser tests skipped: {why}. Install them with `apt-get install -y chromium` "
    "(Debian/Ubuntu; or set ARBITRE_CHROMIUM to a Chromium binary) and `make setup`."
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _missing_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package `playwright` is not installed"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}"
    return None


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        pass


@pytest.fixture(scope="session")
def static_site(built_site: Path) -> Iterator[str]:
    """A copy of the built `site/` served as plain files on a free loopback port: its base URL."""
    copy = built_site.parent / "static-copy"
    if not copy.exists():
        shutil.copytree(built_site, copy)
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
def browser() -> Iterator[object]:
    why = _missing_browser()
    if why:
        pytest.skip(INSTALL_HINT.format(why=why))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


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
