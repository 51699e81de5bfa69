"""The maintainers' pipeline: import sources -> YAML.  The CLI calls into here."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from arbitre.errors import ArbitreError, NotFound, SourceError, ValidationFailed
from arbitre.importers import importer_modules
from arbitre.importers.corrections import Corrections
from arbitre.importers.rulings import link_rulings
from arbitre.importers.writer import render_game, stale_files, write_files
from arbitre.kb.editions import Edition, History, read_in_numbering
from arbitre.kb.editions_file import load_editions
from arbitre.kb.entry import GameImport
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load, load_kb
from arbitre.kb.problems import read_text
from arbitre.kb.ruling_table import load_table, table_problems
from arbitre.lock import writing
from arbitre.paths import ProjectPaths


@dataclass
class ImportReport:
    results: list[GameImport]
    rendered: dict[Path, str]
    changed: list[Path]  # written (or, with check=True, that would be written)
    stale: list[Path]  # generated files no longer produced


def game_editions(paths: ProjectPaths, game: str) -> list[Edition]:
    """The editions of a game (content/<game>/editions.yaml); [] when it has none yet.  A
    malformed file stops everything with its `path:line` problems."""
    editions, problems = load_editions(paths.root, game, None)  # `check` checks documents
    if problems:
        raise ValidationFailed([str(p) for p in problems])
    return editions


def importer_module(game: str) -> ModuleType:
    modules = importer_modules()
    if game not in modules:
        raise NotFound(f"no importer for game {game!r} (known: {', '.join(modules)})")
    return modules[game]


def run_importer(
    paths: ProjectPaths,
    game: str,
    source: Path | None = None,
    corrections: Corrections | None = None,
) -> GameImport:
    """Parse the game's current source (the last edition of content/<game>/editions.yaml, or
    the importer's own file name), or the file `source` instead (a next edition), with the
    game's corrections (content/<game>/corrections.yaml under the project root, or
    `corrections`: those of an edition being brought in)."""
    module = importer_module(game)
    editions = game_editions(paths, game) if source is None else []
    file = source or paths.sources(game) / (editions[-1].source if editions else module.SOURCE)
    if not file.is_file():
        raise NotFound(f"{file}: source file missing")
    # A file not (yet) among the sources is named as the caller gave it.
    among_sources = file.resolve().parent == paths.sources(game).resolve()
    shown = f"content/{game}/sources/{file.name}" if among_sources else str(file)
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        _, problem = read_text(file, shown)  # where the bad byte is
        raise ValidationFailed([str(problem)]) from None
    if corrections is None:
        corrections = Corrections.load(paths.root, game)
    try:
        result = module.parse(text, corrections=corrections, source_file=file.name)
    except SourceError as error:
        if among_sources:
            raise
        raise SourceError(shown, error.line, error.detail) from None
    result.short_title = module.SHORT_TITLE
    result.authority = module.AUTHORITY
    result.authority_quote = module.AUTHORITY_QUOTE
    if editions and editions[-1].numbering:
        reread_unissued(result, editions)
    return result


def reread_unissued(result: GameImport, editions: list[Edition]) -> None:
    """The documents the current edition carries unchanged read the numbers they cite in the
    numbering of the edition they were written against (kb/editions.py `read_in_numbering`)."""
    current = editions[-1]
    history = History(result.game, editions, result.entries)
    now = {e.id: e for e in result.entries}
    for doc, version in sorted(current.numbering.items()):
        pairs = history.pairs_between(version, current.version)
        entries = [e for e in result.entries if e.document == doc]
        read_in_numbering(entries, now, history.state(version), pairs)


def link_game_rulings(paths: ProjectPaths, result: GameImport) -> list[str]:
    """Publish the rulings' links of one parsed game from its reviewed table (if any); returns
    the table's errors (`path:line: message`), and links nothing when there are some.  A link
    to an entry an edition renamed or removed is kept (`arbitre check` warns about it)."""
    table, problems = load_table(paths.root, result.game)
    if table is not None:
        history = History(result.game, game_editions(paths, result.game), result.entries)
        problems += table_problems(
            table, result.game, result.entries, superseded=history.superseded
        )
    problems = [p for p in problems if p.severity == "error"]
    if problems:
        return [str(p) for p in problems]
    link_rulings(result.entries, table)
    return []


def import_games(
    paths: ProjectPaths, games: list[str] | None = None, check: bool = False
) -> ImportReport:
    """Parse every source (all of them first), then write, or with `check` only compare.
    Writing holds the tree's lock from the first read to the last write."""
    if check:
        return _import(paths, games, check=True)
    with writing(paths.root, "arbitre import"):
        return _import(paths, games, check=False)


def _import(paths: ProjectPaths, games: list[str] | None, check: bool) -> ImportReport:
    wanted = games or list(importer_modules())
    results = [run_importer(paths, g) for g in wanted]
    problems = [p for result in results for p in link_game_rulings(paths, result)]
    if problems:
        raise ValidationFailed(problems)
    rendered: dict[Path, str] = {}
    for result in results:
        editions = game_editions(paths, result.game)
        for path, text in render_game(result, paths.root, editions).items():
            if path in rendered:
                raise ArbitreError(f"{path}: produced twice")
            rendered[path] = text
    stale = stale_files(results, paths.root, rendered)
    if check:
        changed = [
            p
            for p, t in sorted(rendered.items())
            if not p.exists() or p.read_text(encoding="utf-8") != t
        ]
        return ImportReport(results, rendered, changed, stale)
    changed = write_files(rendered)
    for path in stale:
        path.unlink()
    return ImportReport(results, rendered, changed, stale)


def index_kb(paths: ProjectPaths, kb: KnowledgeBase | None = None):  # -> IndexStats
    """Build the whoosh index under .index/ from a validated knowledge base."""
    from arbitre.search.indexer import build_index

    with writing(paths.root, "arbitre index"):
        return build_index(kb or load_kb(paths), paths.index)


def build_all(paths: ProjectPaths, strict: bool = False) -> Iterator[str]:
    """check, then index, then site; yields one progress line per stage with its duration.
    The tree's write lock is held throughout: a second build says who holds it and stops."""
    with writing(paths.root, "arbitre build"):
        yield from _build_stages(paths, strict)


def _build_stages(paths: ProjectPaths, strict: bool) -> Iterator[str]:
    started = time.perf_counter()
    result = load(paths)
    failing = result.problems if strict else result.errors
    if failing:
        raise ValidationFailed([str(p) for p in failing])
    yield (
        f"check: {len(result.kb.entries)} entries, {len(result.warnings)} warning(s) "
        f"({time.perf_counter() - started:.2f} s)"
    )
    stage = time.perf_counter()
    stats = index_kb(paths, result.kb)
    yield f"index: {stats.summary()} ({time.perf_counter() - stage:.2f} s)"
    stage = time.perf_counter()
    from arbitre.site.build import build_site

    for line in build_site(result.kb, paths):
        yield f"site: {line}"
    yield f"site: done ({time.perf_counter() - stage:.2f} s); total {time.perf_counter() - started:.2f} s"
