"""The site offline and installable (#23): the web app manifest and its icons, the short-link
map, and the service worker with the build's version, written into the built site after mkdocs.

- The page scripts (`assets/offline/register.js` on every page, `game.js` for the « Disponible
  hors ligne » control, `offline-page.js` for the « Hors ligne » page) are assets like the search's,
  copied into site_src; `icon.svg` (the favicon) too.
- `manifest.webmanifest`, the PNG icons (site/icons.py) and `assets/offline/links.json` (every
  `/r/` path of the static copy -> its entry's page and anchor, from permalinks.py) are written
  into the built site.
- Last, `sw.js` at the site's root (a worker's scope is the folder it is served from, and a
  static host cannot send `Service-Worker-Allowed`): `const BUILD = {…};`, the search engine
  as a classic script (`ArbitreSearch`: the worker answers the pages' searches with the index it
  holds, parsed once), then the worker's source, `site/assets/offline/worker/` (its parts
  joined, `WORKER_PARTS`).  BUILD lists every file the worker may keep with its hash and size, the shell it keeps from the start, each game's files, the pages' titles, and
  the version: a fingerprint of all those files (pages, search index, code, short-link map)
  and of the worker's own code.
  Any change of a page, the index or the code changes sw.js, which is how browsers see an
  update; the worker keeps only files whose hash is its version's, so nothing is ever mixed.
"""

from __future__ import annotations

import hashlib
import html
import json
import posixpath
import re
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any

from arbitre import urls
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.permalinks import PERMALINK_DIR, entry_heading, short_link_targets
from arbitre.site.data import data_file
from arbitre.site.icons import INDIGO, png_icon, svg_icon
from arbitre.site.search_files import INDEX_FILE, SEARCH_DIR, worker_engine

OFFLINE_DIR = "assets/offline"
WORKER = "sw.js"
# The worker's source, in site/assets/offline/worker/, joined in this order into the site's
# root sw.js (not copied as pages' scripts): its files and settings, the requests it answers,
# the search, the pages' messages (the games kept offline).
WORKER_PARTS = ("files.js", "requests.js", "search.js", "messages.js")
FAVICON = f"{OFFLINE_DIR}/icon.svg"
LINKS_FILE = f"{OFFLINE_DIR}/links.json"
ICONS = {  # path -> (size, maskable)
    f"{OFFLINE_DIR}/icon-192.png": (192, False),
    f"{OFFLINE_DIR}/icon-512.png": (512, False),
    f"{OFFLINE_DIR}/icon-maskable-512.png": (512, True),
}
THEME_COLOUR = INDIGO  # the header, in the light and the dark scheme alike
BACKGROUND = {"light": "#ffffff", "dark": "#1e2129"}  # mkdocs-material's default and slate
SHELL_PAGES = ("index.html", urls.SEARCH_PAGE + "index.html", urls.OFFLINE_PAGE + "index.html")
HASH_DIGITS = 16  # of SHA-256, in hex: what the worker compares
TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
LOADED_LINKS = {"stylesheet", "icon", "manifest", "apple-touch-icon", "preload", "modulepreload"}
# Never kept by the worker: the short links (the map resolves them), the sitemaps (dated by
# the build), source maps, and the worker itself.
NOT_KEPT = re.compile(rf"^(?:{PERMALINK_DIR}/|sitemap\.xml|{re.escape(WORKER)}$)|\.map$")


def offline_assets() -> dict[str, str]:
    """site_src-relative path -> text: the page scripts and the favicon."""
    files = {FAVICON: svg_icon()}
    folder = resources.files("arbitre.site").joinpath("assets", "offline")
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".js"):
            files[f"{OFFLINE_DIR}/{item.name}"] = item.read_text(encoding="utf-8")
    return files


def web_manifest() -> dict[str, Any]:
    return {
        "name": "Arbitre — règles de jeux de cartes",
        "short_name": "Arbitre",
        "description": "Les règles de cinq jeux de cartes en français, reliées, annotées et "
        "cherchables, même sans réseau.",
        "lang": "fr",
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND["light"],
        "color_scheme_dark": {"theme_color": THEME_COLOUR, "background_color": BACKGROUND["dark"]},
        "icons": [
            {
                "src": path,
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "maskable" if maskable else "any",
            }
            for path, (size, maskable) in ICONS.items()
        ],
    }


def link_map(kb: KnowledgeBase) -> dict[str, Any]:
    """The short links for the worker: {"pages": [page path], "paths": {`/r/` path, lower case:
    [[page number, anchor]] — with [.., label, numbered] when several games share it]}}."""
    pages: list[str] = []
    number: dict[str, int] = {}
    titles = {g.id: g.title for g in kb.games}
    paths: dict[str, list[list[Any]]] = {}
    for path, link in short_link_targets(kb).items():
        targets = []
        found = link.pages(kb)
        for page, anchor, entry in found:
            if page not in number:
                number[page] = len(pages)
                pages.append(page)
            target: list[Any] = [number[page], anchor]
            if len(found) > 1:
                label = f"{titles.get(entry.game, entry.game)} — {entry_heading(entry)}"
                target += [label, int(bool(entry.number))]
            targets.append(target)
        paths.setdefault(path.lower(), targets)
    return {"pages": pages, "paths": paths}


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_DIGITS]


def kept_files(site: Path) -> dict[str, tuple[str, int]]:
    """Every file of the built site the worker may keep: site path -> (hash, size)."""
    files: dict[str, tuple[str, int]] = {}
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and not NOT_KEPT.search(rel):
            data = path.read_bytes()
            files[rel] = (file_hash(data), len(data))
    return files


def fingerprint(files: dict[str, tuple[str, int]], worker: str = "") -> str:
    """The version: one hash of every kept file's path and hash, and of the worker's code."""
    listing = "".join(f"{rel}\0{digest}\n" for rel, (digest, _size) in sorted(files.items()))
    listing += f"{WORKER}\0{file_hash(worker.encode())}\n"
    return hashlib.sha256(listing.encode()).hexdigest()[:12]


def worker_source() -> str:
    """The worker's code: its parts, joined in order (`WORKER_PARTS`)."""
    folder = resources.files("arbitre.site").joinpath("assets", "offline", "worker")
    return "".join(folder.joinpath(part).read_text(encoding="utf-8") for part in WORKER_PARTS)


class _Loads(HTMLParser):
    """The files a page loads: its links (styles, icons, manifest) and scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        rels = set((values.get("rel") or "").split())
        if tag == "link" and values.get("href") and rels & LOADED_LINKS:
            self.loads.append(values["href"] or "")
        elif tag == "script" and values.get("src"):
            self.loads.append(values["src"] or "")


def page_loads(site: Path, rel: str) -> set[str]:
    """The site paths of the files a page loads (links and scripts on this site)."""
    parser = _Loads()
    parser.feed((site / rel).read_text(encoding="utf-8"))
    out = set()
    for href in parser.loads:
        if "://" in href or href.startswith(("//", "data:", "#")):
            continue
        target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), href.split("#")[0]))
        out.add(target.lstrip("/").split("?")[0])
    return out


def shell(site: Path, files: dict[str, tuple[str, int]]) -> list[str]:
    """What the worker keeps from the start: the home, search and offline pages and everything
    they load, the search's code and index, the offline scripts, icons and short-link map."""
    wanted = set(SHELL_PAGES)
    for page in SHELL_PAGES:
        if page in files:
            wanted |= page_loads(site, page)
    for rel in files:
        if rel.startswith((SEARCH_DIR + "/", OFFLINE_DIR + "/")) or rel == urls.WEB_MANIFEST:
            wanted.add(rel)
    return sorted(rel for rel in wanted if rel in files)


def game_files(kb: KnowledgeBase, files: dict[str, tuple[str, int]]) -> dict[str, Any]:
    """game -> {title, files, data}: every page under /<game>/, and the data its pages load
    (previews, glossary definitions, judge tools), which `data` names."""
    out: dict[str, Any] = {}
    for game in kb.games:
        pages = sorted(r for r in files if r.startswith(f"{game.id}/") and r.endswith(".html"))
        data = data_file(game.id) if data_file(game.id) in files else None
        out[game.id] = {
            "title": game.short_title or game.title,
            "files": pages + ([data] if data else []),
            "data": data,
        }
    return out


def page_titles(kb: KnowledgeBase, site: Path, files: dict[str, tuple[str, int]]) -> dict[str, str]:
    """page -> its title, after its game's (the « Hors ligne » page lists the pages held)."""
    games = {g.id: g.short_title or g.title for g in kb.games}
    titles = {}
    for rel in files:
        if rel.endswith(".html") and rel != "404.html":
            found = TITLE.search((site / rel).read_text(encoding="utf-8"))
            title = html.unescape(" ".join(found.group(1).split())) if found else ""
            title = title.removesuffix(" - Arbitre") or "Arbitre"
            game = games.get(rel.split("/", 1)[0])
            titles[rel] = f"{game} — {title}" if game and not title.startswith(game) else title
    return titles


def worker_build(kb: KnowledgeBase, site: Path) -> dict[str, Any]:
    files = kept_files(site)
    return {
        "version": fingerprint(files, worker_source()),
        "files": {rel: [digest, size] for rel, (digest, size) in files.items()},
        "shell": shell(site, files),
        "games": game_files(kb, files),
        "titles": page_titles(kb, site, files),
        "links": LINKS_FILE,
        "index": INDEX_FILE,
        "search": urls.SEARCH_PAGE + "index.html",
        "offline": urls.OFFLINE_PAGE + "index.html",
        "manifest": urls.WEB_MANIFEST,
        "favicon": FAVICON,
    }


def worker_script(build: dict[str, Any]) -> str:
    header = (
        f"// Arbitre's offline worker, version {build['version']}: written by `arbitre build`\n"
        "// (tools/arbitre/site/offline.py) from the search engine's modules and\n"
        "// tools/arbitre/site/assets/offline/worker/*.js.\n"
    )
    data = json.dumps(build, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"{header}const BUILD = {data};\n\n{worker_engine()}\n{worker_source()}"


def write_offline(kb: KnowledgeBase, site: Path) -> dict[str, Any]:
    """Write the manifest, icons, short-link map and worker into a built site (or its staging
    folder); returns the worker's BUILD data."""
    (site / urls.WEB_MANIFEST).write_text(
        json.dumps(web_manifest(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (site / OFFLINE_DIR).mkdir(parents=True, exist_ok=True)
    for rel, (size, maskable) in ICONS.items():
        (site / rel).write_bytes(png_icon(size, maskable))
    (site / LINKS_FILE).write_text(
        json.dumps(link_map(kb), ensure_ascii=False, sort_keys=True, separators=(",", ":")),
        encoding="utf-8",
    )
    build = worker_build(kb, site)
    (site / WORKER).write_text(worker_script(build), encoding="utf-8")
    return build
