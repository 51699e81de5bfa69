"""build_site: site_src written fresh, mkdocs run in strict mode, duplicate paths refused."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arbitre.errors import ArbitreError
from arbitre.paths import ProjectPaths
from arbitre.site import build as site_build
from arbitre.site.offline import offline_assets
from arbitre.site.search_files import search_files
from arbitre.site.shared import Page

from .small_kb import small_examples, small_kb

ROOT = Path(__file__).resolve().parents[2]


class _Ids(HTMLParser):
    """Every id and every local link of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.titled_links: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag == "meta" and values.get("http-equiv") == "refresh":
            # a short link's page (r/<id>/): its target must exist like any link's
            self.links.append((values.get("content") or "").partition("url=")[2])
        href = values.get("href")
        if tag == "a" and href and not re.match(r"[a-z]+:", href):
            self.links.append(href)
            if values.get("title"):
                self.titled_links[href] = values["title"] or ""


def parse(path: Path) -> _Ids:
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    """Local links whose page or anchor does not exist in the built site."""
    pages = {p: parse(p) for p in site.rglob("*.html")}
    broken = []
    for page, parsed in sorted(pages.items()):
        if page.name == "404.html":  # mkdocs writes it with absolute links for any depth
            continue
        for href in parsed.links:
            target, _, fragment = href.partition("#")
            path = (page.parent / target).resolve() if target else page
            if path.is_dir() or target.endswith("/"):
                path = path / "index.html"
            if path not in pages:
                if path.suffix == ".html" or not path.exists():
                    broken.append(f"{page.relative_to(site)}: {href} (no page)")
                continue
            if fragment and fragment not in pages[path].ids:
                broken.append(f"{page.relative_to(site)}: {href} (no anchor)")
    return broken


@pytest.fixture
def project(tmp_path: Path) -> ProjectPaths:
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    return ProjectPaths(tmp_path)


def test_build_small_site(project: ProjectPaths) -> None:
    (project.site_src / "old").mkdir(parents=True)
    (project.site_src / "old" / "stale.md").write_text("# Stale\n", encoding="utf-8")
    (project.site_src / ".gitkeep").write_text("", encoding="utf-8")
    lines = list(site_build.build_site(small_kb(), project, examples=small_examples()))
    assert lines[0].startswith("rendered 16 pages")
    assert lines[1].startswith("search index: ")
    # 16 pages (« Hors ligne », the « Nouveautés » of both games and jeu-a's retired entries among
    # them), the stylesheet, the script, one data file per game, the search's modules, style
    # sheet and index, and the offline scripts and favicon
    searched = len(search_files(small_kb())) + len(offline_assets())
    assert lines[2].startswith(f"site_src: {20 + searched} file(s) written, 1 removed")
    assert not (project.site_src / "old").exists()
    assert (project.site_src / ".gitkeep").exists()  # checked in: kept
    rules = parse(project.site / "jeu-a" / "regles" / "index.html")
    assert {"101.1", "101.1a", "101.1a--exemple", "102.1--ndt"} <= rules.ids
    # The first use of a term links to its definition; no hover text repeats it in the page:
    # the script previews it from the game's data file.
    assert "../glossaire/#glossaire--epuiser" in rules.links
    assert "../glossaire/#glossaire--epuiser" not in rules.titled_links
    data = json.loads((project.site / "assets/arbitre/data/jeu-a.json").read_text("utf-8"))
    assert data["entries"]["jeu-a/glossaire/epuiser"]["x"].startswith(
        "Épuiser : action de tourner une carte."
    )
    assert (project.site / "assets/arbitre/arbitre.js").is_file()
    # Short links: a page per entry under r/, whose target is checked with the other links.
    assert (project.site / "r/jeu-a/101.1a/index.html").is_file()
    assert lines[-2].startswith("short links: ")
    assert lines[-1].startswith("offline: version ")
    # The worked example has its anchor; the rules it cites link to it.
    assert "exemple--allie-epuise" in parse(project.site / "jeu-a" / "exemples" / "index.html").ids
    assert "../exemples/#exemple--allie-epuise" in rules.links
    assert broken_links(project.site) == []
    # A second build with the same KB writes nothing new.
    again = list(site_build.build_site(small_kb(), project, examples=small_examples()))
    assert again[2].startswith("site_src: 0 file(s) written, 0 removed")
    # The site's own search replaces mkdocs-material's: its index and the header box.
    index = json.loads((project.site / "assets" / "search" / "index.json").read_text("utf-8"))
    assert [row[0] for row in index["docs"]] == [e.id for e in small_kb().entries]
    assert not (project.site / "search" / "search_index.json").exists()
    home = (project.site / "index.html").read_text("utf-8")
    assert "data-arb-header-search" in home and "assets/search/header.js" in home
    # Opened with a query, the search page asks for its index and engine from its <head>,
    # before the styles (#23); no other page does.
    search = (project.site / "recherche" / "index.html").read_text("utf-8")
    head = search[: search.index("</head>")]
    early = head.index("__arbitreSearchIndex")
    assert early < head.index('rel="stylesheet"')
    for asked in re.findall(
        r'"(\.\./assets/search/[^"]+)"', head[early : head.index("</script>", early)]
    ):
        assert (project.site / "recherche" / asked).resolve().is_file(), asked
    assert "__arbitreSearchIndex" not in home
    # French typography (site/typography.py): the search page's examples are never split.
    assert "(«\u00a0609.1f\u00a0»" in search


def test_two_pages_on_one_path_are_refused(
    monkeypatch: pytest.MonkeyPatch, project: ProjectPaths
) -> None:
    original = site_build.site_pages

    def doubled(kb, *args):  # type: ignore[no-untyped-def]
        pages = original(kb, *args)
        return [*pages, Page(pages[1].path, "home.md.j2", "Copie", pages[0].context)]

    monkeypatch.setattr(site_build, "site_pages", doubled)
    with pytest.raises(ArbitreError, match="jeu-a/index.md: written by « Jeu A » and « Copie »"):
        list(site_build.build_site(small_kb(), project))
    assert not project.site_src.exists()  # nothing written


def test_a_broken_anchor_fails_the_build(
    monkeypatch: pytest.MonkeyPatch, project: ProjectPaths
) -> None:
    original = site_build.render_site

    def broken(kb, *args):  # type: ignore[no-untyped-def]
        files = original(kb, *args)
        files["index.md"] += "\n[cassé](jeu-a/regles/index.md#nulle-part)\n"
        return files

    monkeypatch.setattr(site_build, "render_site", broken)
    with pytest.raises(ArbitreError, match="does not contain an anchor '#nulle-part'"):
        list(site_build.build_site(small_kb(), project))
    assert not project.site.exists()  # the previous site (none here) is kept
