"""What `arbitre build` writes for the site to install and work offline (#23), on the small
knowledge base: the manifest on every page, the worker at the root with its version and files,
the short-link map the worker resolves `/r/` from.  The worker itself runs in Chromium:
tests/browser/test_offline*.py."""

from __future__ import annotations

import colorsys
import json
import posixpath
import re
import shutil
from pathlib import Path

import pytest

from arbitre.paths import ProjectPaths
from arbitre.site.build import build_site
from arbitre.site.offline import (
    BACKGROUND,
    ICONS,
    LINKS_FILE,
    THEME_COLOUR,
    WORKER_PARTS,
    fingerprint,
    kept_files,
    page_loads,
    web_manifest,
    worker_source,
)
from arbitre.site.search_files import worker_engine

from .small_kb import small_examples, small_kb

ROOT = Path(__file__).resolve().parents[2]
MANIFEST_LINK = re.compile(r'<link rel="manifest" href="([^"]+)">')


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("offline-site")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    paths = ProjectPaths(root)
    list(build_site(small_kb(), paths, examples=small_examples()))
    return paths.site


@pytest.fixture(scope="module")
def build(site: Path) -> dict:
    """The worker's BUILD, as the browser reads it from sw.js."""
    line = next(
        x for x in (site / "sw.js").read_text("utf-8").splitlines() if x.startswith("const BUILD")
    )
    return json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))


def pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def test_every_page_links_the_manifest(site):
    missing = []
    for rel in pages(site):
        if rel == "404.html":  # served for any address: it links from the root, as mkdocs does
            continue
        found = MANIFEST_LINK.search((site / rel).read_text("utf-8"))
        target = found and posixpath.normpath(posixpath.join(posixpath.dirname(rel), found[1]))
        if target != "manifest.webmanifest":
            missing.append(rel)
    assert len(pages(site)) > 50 and missing == []


def test_the_manifest_is_french_installable_and_its_icons_exist(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text("utf-8"))
    assert manifest == web_manifest()
    assert manifest["short_name"] == "Arbitre" and manifest["lang"] == "fr"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file() and icon["src"] in ICONS


def hsl_hex(hue: float, saturation: float, lightness: float) -> str:
    r, g, b = colorsys.hls_to_rgb(hue / 360, lightness, saturation)
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))


def test_colours_are_the_sites_in_light_and_dark(site):
    """The manifest and the pages' theme colour are the header's indigo; the backgrounds are
    mkdocs-material's, read from its style sheets."""
    css = "".join(p.read_text("utf-8") for p in (site / "assets" / "stylesheets").glob("*.css"))
    primary = re.search(r"\[data-md-color-primary=indigo\]\{--md-primary-fg-color:(#\w+)", css)
    assert primary and primary[1] == THEME_COLOUR
    assert re.search(r"--md-default-bg-color:#fff\b", css) and BACKGROUND["light"] == "#ffffff"
    hue = re.search(r"--md-hue:(\d+)deg", css)
    slate = re.search(
        r"scheme=slate\]\{[^}]*--md-default-bg-color:hsla\(var\(--md-hue\), ?(\d+)%, ?(\d+)%", css
    )
    assert hue and slate
    assert hsl_hex(int(hue[1]), int(slate[1]) / 100, int(slate[2]) / 100) == BACKGROUND["dark"]
    manifest = web_manifest()
    assert (manifest["theme_color"], manifest["background_color"]) == (THEME_COLOUR, "#ffffff")
    assert manifest["color_scheme_dark"]["background_color"] == BACKGROUND["dark"]
    home = (site / "index.html").read_text("utf-8")
    assert f'<meta name="theme-color" content="{THEME_COLOUR}">' in home


def test_the_worker_is_at_the_root_with_every_file_and_its_hash(site, build):
    assert build["version"] == fingerprint(kept_files(site), worker_source())
    assert fingerprint(kept_files(site), worker_source() + "\n") != build["version"]
    files = kept_files(site)
    assert {rel: [h, n] for rel, (h, n) in files.items()} == build["files"]
    assert "sw.js" not in files and not any(r.startswith("r/") for r in files)
    assert {"index.html", "recherche/index.html", "assets/search/index.json"} <= set(files)
    worker = (site / "sw.js").read_text("utf-8")
    assert "const BUILD" in worker.split("\n")[3]
    # Then the search engine it answers the pages' searches with, then its own code.
    assert (
        worker.index("const BUILD") < worker.index(worker_engine()) < worker.index(worker_source())
    )
    # its parts in order, each once: the files and settings the others use first
    parts = ROOT / "tools" / "arbitre" / "site" / "assets" / "offline" / "worker"
    assert sorted(WORKER_PARTS) == sorted(p.name for p in parts.glob("*.js"))
    assert worker_source().startswith("/* Arbitre's offline worker")
    assert "use strict" in worker_source().split("// -- install, activate")[0]
    assert build["index"] == "assets/search/index.json" in build["shell"]
    assert build["search"] == "recherche/index.html" in build["shell"]


def test_the_shell_holds_what_every_page_loads(site, build):
    shell = set(build["shell"])
    assert {"index.html", "recherche/index.html", "hors-ligne/index.html", LINKS_FILE} <= shell
    assert "assets/search/index.json" in shell and "manifest.webmanifest" in shell
    needed = {
        load for rel in pages(site) for load in page_loads(site, rel) if not rel.startswith("r/")
    }
    assert needed - shell - {"404.html"} == set()


def test_a_game_is_every_page_under_it_and_its_data(site, build):
    game = build["games"]["jeu-a"]
    on_disk = sorted(p.relative_to(site).as_posix() for p in (site / "jeu-a").rglob("*.html"))
    assert game["files"] == [*on_disk, "assets/arbitre/data/jeu-a.json"]
    assert game["data"] == "assets/arbitre/data/jeu-a.json"
    assert build["titles"]["jeu-a/regles/index.html"].startswith("Jeu A — ")


def static_targets(site: Path, page: Path) -> list[str]:
    """Where a static /r/ page sends the reader: its redirect, or each link of a choice page."""
    text = page.read_text("utf-8")
    canonical = re.search(r'<link rel="canonical" href="([^"]+)">', text)
    hrefs = [canonical[1]] if canonical else re.findall(r'<li><a href="([^"]+)">', text)
    here = page.parent.relative_to(site).as_posix()
    return [
        posixpath.normpath(posixpath.join(here, h.split("#")[0])) + "/#" + h.split("#")[1]
        for h in hrefs
    ]


def test_the_short_link_map_sends_every_static_short_link_where_its_page_does(site):
    links = json.loads((site / LINKS_FILE).read_text("utf-8"))
    short = sorted((site / "r").rglob("index.html"))
    assert len(short) > 20
    for page in short:
        path = page.parent.relative_to(site / "r").as_posix()
        targets = links["paths"][path.lower()]
        mapped = [links["pages"][t[0]] + "#" + t[1] for t in targets]
        assert mapped == [t.removeprefix("./") for t in static_targets(site, page)], path


def test_the_version_follows_pages_index_and_code_only(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    first = fingerprint(kept_files(copy))  # (the worker's code: test_the_worker_is_at_the_root…)
    (copy / "sitemap.xml").write_text("<urlset/>", encoding="utf-8")  # dated by each build
    (copy / "r" / "jeu-a" / "101.1" / "index.html").write_text("x", encoding="utf-8")
    assert fingerprint(kept_files(copy)) == first
    for changed in (
        "jeu-a/regles/index.html",
        "assets/search/index.json",
        "assets/search/engine.js",
        LINKS_FILE,
    ):
        target = copy / changed
        original = target.read_bytes()
        target.write_bytes(original + b"\n")
        assert fingerprint(kept_files(copy)) != first, changed
        target.write_bytes(original)
    assert fingerprint(kept_files(copy)) == first
