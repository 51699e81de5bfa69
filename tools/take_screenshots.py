"""Screenshots of the built site for the README (run on demand, not by the tests).

    .venv/bin/arbitre build && .venv/bin/python tools/take_screenshots.py [--site site] [--out tools/screenshots]

Serves `site/` with Python's plain file server on a free loopback port (a static copy, as a
player's host would), opens each page in Debian's Chromium through Playwright at 1280×800 and
390×844, and writes `<page>-desktop.png` and `<page>-phone.png` (the first screen, not the whole
page: small files).  The rule page is opened at its short link, so the judge tools show.
Offline (#23), on a server of their own that is then stopped: a game's « Disponible hors ligne »
once done (`hors-ligne-jeu`), and the « Hors ligne » page of a page this device does not hold
(`hors-ligne`).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from arbitre.chromium import CHROMIUM, CHROMIUM_ARGS

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# name -> address on the site (a short link for the rule page: it opens with the judge tools)
PAGES = {
    "accueil": "/",
    "regle": "/r/the-spoils/609.1f",
    "glossaire": "/the-spoils/glossaire/#glossaire--dommages",
    "recherche": "/recherche/?requete=d%C3%A9g%C3%A2ts",
    "exemples": "/the-spoils/exemples/",
}


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


def take(site: Path, out: Path) -> list[Path]:
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
                for name, address in PAGES.items():
                    tab = context.new_page()
                    tab.goto(base + address, wait_until="networkidle")
                    tab.wait_for_timeout(300)  # the judge tools and fonts settle
                    path = out / f"{name}-{view}.png"
                    tab.screenshot(path=str(path))
                    written.append(path)
                    tab.close()
                context.close()
                # A fresh origin's worker: a context of its own.
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--site", type=Path, default=Path("site"))
    parser.add_argument("--out", type=Path, default=Path("tools/screenshots"))
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"{args.site}/index.html is missing: run `arbitre build` first", file=sys.stderr)
        return 1
    for path in take(args.site, args.out):
        print(f"{path} ({path.stat().st_size // 1024} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
