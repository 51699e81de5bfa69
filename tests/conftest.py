"""Shared fixtures: a tiny project tree built in code (mkdocs `tempdir` style)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre.chromium import CHROMIUM, CHROMIUM_ARGS
from arbitre.importers.writer import render_game, write_files
from arbitre.kb.entry import DocumentInfo, Entry, GameImport, SourceSpan, Unresolved
from arbitre.paths import ProjectPaths

REPO = Path(__file__).resolve().parents[1]


def make_entry(local: str, kind: str = "rule", text: str = "Texte.", line: int = 1, **kw) -> Entry:
    return Entry(
        id=f"demo/{local}",
        game="demo",
        document=kw.pop("document", "regles"),
        kind=kind,
        text=text,
        source=SourceSpan("demo.txt", line, line),
        **kw,
    )


def demo_import() -> GameImport:
    entries = [
        make_entry("section-1", "section", "", title="Section 1 — Bases", line=1),
        make_entry(
            "101", "section", "", number="101", title="Généralités", parent="demo/section-1", line=2
        ),
        make_entry(
            "101.1",
            text="Une carte épuisée ne peut pas attaquer (voir 101.2).",
            number="101.1",
            parent="demo/101",
            refs=["demo/101.2"],
            line=3,
        ),
        make_entry(
            "101.2",
            text="Épuiser une carte, c'est la tourner.\nDeuxième ligne.",
            number="101.2",
            parent="demo/101",
            line=4,
            unresolved=[
                Unresolved("608.2", "demo/101.1", "La règle 608.2 n'existe pas ; 101.1 est visée.")
            ],
        ),
        make_entry(
            "faq/1",
            "faq",
            "Non.",
            document="faq",
            title="Puis-je attaquer avec une carte épuisée ?",
            refs=["demo/101.1"],
            line=5,
        ),
        make_entry(
            "glossaire/epuiser",
            "glossary",
            "Tourner une carte.",
            document="regles",
            title="Épuiser",
            aliases=["épuisé", "épuisée"],
            english="Exhaust",
            defined_by="demo/101.2",
            line=4,
        ),
    ]
    return GameImport(
        game="demo",
        title="Démo",
        source_file="demo.txt",
        documents=[DocumentInfo("regles", "Règles"), DocumentInfo("faq", "FAQ")],
        entries=entries,
    )


@pytest.fixture
def demo_tree(tmp_path: Path) -> ProjectPaths:
    """A project root holding one imported game, 'demo'."""
    (tmp_path / "mkdocs.yml").write_text("site_name: test\ndocs_dir: site_src\n", encoding="utf-8")
    sources = tmp_path / "content" / "demo" / "sources"
    sources.mkdir(parents=True)
    (sources / "demo.txt").write_text("ligne\n" * 5, encoding="utf-8")
    write_files(render_game(demo_import(), tmp_path))
    return ProjectPaths(tmp_path)


def arbitre_build(root: Path) -> None:
    """`arbitre build` of a project, in a fresh process (as a maintainer runs it)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "arbitre", "--root", str(root), "build"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="session")
def built_root(tmp_path_factory) -> Path:
    """A scratch copy of the project with the real content, built once per run (`arbitre build`).

    Shared by the end-to-end server tests and the browser tests: one build per test session.
    """
    import shutil

    root = tmp_path_factory.mktemp("project")
    for name in ("content", "glossary"):
        shutil.copytree(REPO / name, root / name)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    (root / "site_src").mkdir()
    arbitre_build(root)
    return root


@pytest.fixture(scope="session")
def built_site(built_root: Path) -> Path:
    return built_root / "site"


@pytest.fixture(scope="session")
def editions_root(tmp_path_factory) -> Path:
    """The real project with a next edition of The Spoils and of Marvel Champions
    (tests/editions/projects.py), not built."""
    from tests.editions.projects import edition_project

    return edition_project(tmp_path_factory.mktemp("editions") / "project")


@pytest.fixture(scope="session")
def editions_site(editions_root: Path) -> Path:
    """`arbitre build` of the editions project: its site/ (index and site, like built_root)."""
    arbitre_build(editions_root)
    return editions_root / "site"


# -- Chromium: one Playwright per test session (its sync API cannot be started twice at once) --

INSTALL_HINT = (
    "browser tests skipped: {why}. Install them with `apt-get install -y chromium` "
    "(Debian/Ubuntu; or set ARBITRE_CHROMIUM to a Chromium binary) and `make setup`."
)


def _missing_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package `playwright` is not installed"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}"
    return None


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
