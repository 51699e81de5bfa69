"""Screenshots of the built site for the READMEs (README.md, tools/arbitre/site/README.md;
run on demand, not by the tests).

    .venv/bin/arbitre build && .venv/bin/python tools/take_screenshots.py [--site site] [--out tools/screenshots]
    .venv/bin/python tools/take_screenshots.py --editions

Serves `site/` with Python's plain file server on a free loopback port (a static copy, as a
player's host would), opens each page in Debian's Chromium through Playwright at 1280×800 and
390×844, and writes `<page>-desktop.png` and `<page>-phone.png` (the first screen, not the whole
page: small files).  The rule page is opened at its short link, so the judge tools show.
Offline (#23), on a server of their own that is then stopped: a game's « Disponible hors ligne »
once done (`hors-ligne-jeu`), and the « Hors ligne » page of a page this device does not hold
(`hors-ligne`).

`--editions`: the editions' pages (« Nouveautés », an entry with its « Historique » open) need
an edition after the first, which the committed content does not have yet: this builds, in a
scratch folder, the real project with the next editions the tests use
(tests/editions/projects.py: a rule reworded, another removed, a step inserted…) and takes those.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

from arbitre.chromium import CHROMIUM, CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
# name -> address on the site (a short link for the rule page: it opens with the judge tools)
PAGES = {
    "accueil": "/",
    "regle": "/r/the-spoils/609.1f",
    "glossaire": "/the-spoils/glossaire/#glossaire--dommages",
    "recherche": "/recherche/?requete=d%C3%A9g%C3%A2ts",
    "exemples": "/the-spoils/exemples/",
}
# The same, on the site with next editions (--editions); a rule with its history opened.
EDITION_PAGES = {
    "nouveautes": "/the-spoils/nouveautes/",
    "historique": "/r/the-spoils/202.9",
}
HISTORY = "details.arb-history"  # opened when the page has one, and scrolled to on a phone


OFFLINE_GAME = "the-spoils"
NOT_HELD = "/altered/regles/3/"  # a page of another game, not opened


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        pass


def _serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def offline_shots(context, site: Path, out: Path, view: str) -> list[Path]:
    """The game's control once its pages are on the device, then, with the network cut, the
    « Hors ligne » page of a page that is not."""
    server, base = _serve(site)
    tab = context.new_page()
    try:
        tab.goto(f"{base}/{OFFLINE_GAME}/")
        tab.click(f"[data-offline-game={OFFLINE_GAME}]")
        tab.wait_for_selector("[data-offline-ready]", timeout=60_000)
        control = out / f"hors-ligne-jeu-{view}.png"
        tab.screenshot(path=str(control))
    finally:
        server.shutdown()
        server.server_close()
    tab.goto(base + NOT_HELD)
    tab.wait_for_selector("#arb-offline-held a")
    page = out / f"hors-ligne-{view}.png"
    tab.screenshot(path=str(page))
    tab.close()
    return [control, page]


def take(site: Path, out: Path, pages: dict[str, str] = PAGES, offline: bool = True) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    server, base = _serve(site)
    written: list[Path] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for view, size in VIEWPORTS.items():
                phone = view == "phone"
                context = browser.new_context(
                    viewport=size, locale="fr-FR", has_touch=phone, is_mobile=phone
                )
                for name, address in pages.items():
                    tab = context.new_page()
                    tab.goto(base + address, wait_until="networkidle")
                    tab.wait_for_timeout(300)  # the judge tools and fonts settle
                    if "#" not in address and tab.locator(f":target {HISTORY}").count():
                        history = tab.locator(f":target {HISTORY}")
                        history.locator("summary").click()
                        if phone:
                            history.scroll_into_view_if_needed()
                        tab.wait_for_timeout(200)
                    path = out / f"{name}-{view}.png"
                    tab.screenshot(path=str(path))
                    written.append(path)
                    tab.close()
                context.close()
                if offline:  # a fresh origin's worker: a context of its own
                    context = browser.new_context(
                        viewport=size, locale="fr-FR", has_touch=phone, is_mobile=phone
                    )
                    written += offline_shots(context, site, out, view)
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return written


def editions_site(scratch: Path) -> Path:
    """Build the real project with the tests' next editions under `scratch`; its site/."""
    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo))
    from tests.editions.projects import edition_project

    from arbitre.kb.load import load_kb
    from arbitre.paths import ProjectPaths
    from arbitre.site.build import build_site

    root = edition_project(scratch / "project")
    for line in build_site(load_kb(ProjectPaths(root)), ProjectPaths(root)):
        print(f"site: {line}")
    return root / "site"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--site", type=Path, default=Path("site"))
    parser.add_argument("--out", type=Path, default=Path("tools/screenshots"))
    parser.add_argument(
        "--editions", action="store_true", help="the editions' pages, on the tests' next editions"
    )
    args = parser.parse_args(argv)
    if args.editions:
        with tempfile.TemporaryDirectory(prefix="arbitre-editions-") as scratch:
            for path in take(editions_site(Path(scratch)), args.out, EDITION_PAGES, offline=False):
                print(f"{path} ({path.stat().st_size // 1024} kB)")
        return 0
    if not (args.site / "index.html").is_file():
        print(f"{args.site}/index.html is missing: run `arbitre build` first", file=sys.stderr)
        return 1
    for path in take(args.site, args.out):
        print(f"{path} ({path.stat().st_size // 1024} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
