"""KnowledgeBase -> site_src/*.md -> mkdocs-material -> site/.

Two phases, like mkdocs itself: every page is rendered in memory first (and two pages that would
write the same file stop the build before anything is written); only then is site_src/ rewritten
(files no page produces are removed: everything under site_src/ is generated) and mkdocs run
in-process with the generated navigation.  mkdocs builds into a sibling folder that replaces
site/ only when the build succeeded, in strict mode: a broken link or anchor is an error.
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from arbitre.errors import ArbitreError
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.paths import ProjectPaths
from arbitre.permalinks import write_permalinks
from arbitre.site.data import entry_data_files
from arbitre.site.examples import WorkedExample, load_examples
from arbitre.site.offline import offline_assets, write_offline
from arbitre.site.pages import site_nav, site_pages
from arbitre.site.search_files import search_files, theme_dir
from arbitre.site.shared import Page
from arbitre.site.text import escape_attribute

STYLESHEET = "assets/arbitre.css"  # listed under extra_css in mkdocs.yml
# Browser code and its data, copied into site_src/ (the script is under extra_javascript).
ASSETS = Path(__file__).parent / "assets"
ASSET_DIR = "assets/arbitre"
KEEP = {".gitkeep"}  # the only file of site_src/ that is checked in (it keeps the folder in git)


@cache
def environment() -> jinja2.Environment:
    """Templates write Markdown, so HTML autoescaping is off: contexts hold escaped Markdown
    (pages.py) and attribute values go through the `attr` filter."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("arbitre.site", "templates"),
        autoescape=False,  # noqa: S701 (Markdown output; see docstring)
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.do"],
        # Markdown needs « {# » for attr_list ids: Jinja comments use another delimiter.
        comment_start_string="<%#",
        comment_end_string="%>",
    )
    env.filters["attr"] = escape_attribute
    env.filters["n"] = count_noun
    return env


def count_noun(count: int, singular: str, plural: str) -> str:
    """« 1 entrée », « 0 entrée », « 3 entrées » (French uses the singular below 2)."""
    return f"{count} {singular if count < 2 else plural}"


def _tidy(text: str) -> str:
    """At most one blank line in a row, no trailing spaces, one final newline."""
    lines = [line.rstrip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:
        if not line and out and not out[-1]:
            continue
        out.append(line)
    return "\n".join(out).strip("\n") + "\n"


def render_page(page: Page) -> str:
    text = environment().get_template(page.template).render(**page.context)
    if page.banner:  # under the page's title (its first « # » line)
        lines = text.split("\n")
        at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
        text = "\n".join([*lines[:at], "", page.banner, "", *lines[at:]])
    return _tidy(text)


def render_site(kb: KnowledgeBase, examples: list[WorkedExample] | None = None) -> dict[str, str]:
    """Every generated file of site_src/ (relative path -> text), rendered in memory.

    `examples`: the worked examples to show (default: the shipped scenarios of the KB's games)."""
    files: dict[str, str] = {}
    owners: dict[str, str] = {}
    clashes: list[str] = []
    for page in site_pages(kb, examples):
        if page.file in files:
            clashes.append(f"{page.file}: written by « {owners[page.file]} » and « {page.title} »")
            continue
        owners[page.file] = page.title
        files[page.file] = render_page(page)
    if clashes:
        raise ArbitreError("two pages write the same file:\n" + "\n".join(clashes))
    files[STYLESHEET] = environment().get_template("arbitre.css.j2").render()
    for asset in sorted(ASSETS.glob("*.js")):
        files[f"{ASSET_DIR}/{asset.name}"] = asset.read_text(encoding="utf-8")
    files.update(entry_data_files(kb))
    files.update(offline_assets())
    return dict(sorted(files.items()))


def write_tree(root: Path, files: dict[str, str]) -> tuple[int, int]:
    """Make `root` hold exactly `files` (and .gitkeep): write what changed, remove the rest.

    Returns (files written, files removed).  Unchanged files keep their modification time,
    which keeps `mkdocs serve` quiet.
    """
    root.mkdir(parents=True, exist_ok=True)
    written = removed = 0
    wanted = {root / rel for rel in files}
    for path in sorted(root.rglob("*"), reverse=True):
        if path.is_file() or path.is_symlink():
            if path not in wanted and not (path.parent == root and path.name in KEEP):
                path.unlink()
                removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    for rel, text in files.items():
        path = root / rel
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written += 1
    return written, removed


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def run_mkdocs(
    config_file: Path, docs_dir: Path, site_dir: Path, nav: list[Any], strict: bool = True
) -> list[str]:
    """Build with mkdocs in-process; returns the warnings (strict: raise if there are any)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException

    from arbitre.site.typography import TypographyPlugin

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    logger.addHandler(collect)
    propagate = logger.propagate
    logger.propagate = False  # the warnings are reported once, below, not also on stderr
    try:
        config = load_config(
            str(config_file),
            docs_dir=str(docs_dir),
            site_dir=str(site_dir),
            nav=nav,
            strict=strict,
        )
        config.theme.dirs.insert(0, str(theme_dir()))  # header search box, French 404 page
        config.plugins["arbitre-typography"] = TypographyPlugin()  # « x » never split
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config)
        finally:
            config.plugins.on_shutdown()
    except (Abort, MkDocsException) as exc:
        detail = "\n".join(collect.messages) or str(exc)
        raise ArbitreError(f"mkdocs build failed:\n{detail}") from exc
    finally:
        logger.removeHandler(collect)
        logger.propagate = propagate
    return collect.messages


def _replace_dir(new: Path, target: Path) -> None:
    old = target.with_name(f".{target.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        target.rename(old)
    new.rename(target)
    if old.exists():
        shutil.rmtree(old)


def build_site(
    kb: KnowledgeBase,
    paths: ProjectPaths,
    strict: bool = True,
    examples: list[WorkedExample] | None = None,
) -> Iterator[str]:
    """Render the pages, rewrite site_src/, run mkdocs into site/; yield one line per stage.

    The worked examples (default: the shipped scenarios, run once here) feed the pages and nav."""
    started = time.perf_counter()
    if examples is None:
        examples = load_examples(kb)
    files = render_site(kb, examples)
    nav = site_nav(kb, examples)
    pages = sum(1 for f in files if f.endswith(".md"))
    yield f"rendered {pages} pages ({time.perf_counter() - started:.2f} s)"

    stage = time.perf_counter()
    search = search_files(kb)
    files.update(search)
    size = sum(len(text.encode()) for text in search.values())
    yield f"search index: {size / 1024:.0f} kB ({time.perf_counter() - stage:.2f} s)"

    stage = time.perf_counter()
    written, removed = write_tree(paths.site_src, files)
    yield f"site_src: {written} file(s) written, {removed} removed ({time.perf_counter() - stage:.2f} s)"

    stage = time.perf_counter()
    staging = paths.site.with_name(f".{paths.site.name}.tmp")
    if staging.exists():
        shutil.rmtree(staging)
    try:
        warnings = run_mkdocs(paths.mkdocs_yml, paths.site_src, staging, nav, strict=strict)
        count = write_permalinks(kb, staging)
        offline = write_offline(kb, staging)  # last: its version covers every other file
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    for message in warnings:
        yield f"mkdocs warning: {message}"
    yield f"mkdocs: {paths.site} ({time.perf_counter() - stage:.2f} s)"

    _replace_dir(staging, paths.site)
    yield f"short links: {count} pages under r/"
    yield f"offline: version {offline['version']}, {len(offline['shell'])} files kept from the start"
