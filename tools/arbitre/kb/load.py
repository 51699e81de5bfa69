"""Read every YAML file, validate every entry, resolve every reference, report all problems at once.

Two phases: `read_tree` parses and validates each file on its own; `resolve` then checks the
links between entries (parents, refs, glossary definitions: kb/resolve.py).  Nothing downstream
(index, site) runs on a knowledge base that has errors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from arbitre.errors import ValidationFailed
from arbitre.kb.editions import EDITIONS_FILE, History
from arbitre.kb.editions_file import load_editions
from arbitre.kb.entry import AUTHORITIES, Entry
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.kb.problems import Problem, read_text
from arbitre.kb.questions import load_questions
from arbitre.kb.resolve import resolve_problems
from arbitre.kb.review import kb_items, load_reviewed
from arbitre.kb.ruling_table import check_tables
from arbitre.kb.schema import LINE_KEY, LineLoader, entry_from_dict
from arbitre.paths import ProjectPaths


@dataclass
class LoadResult:
    kb: KnowledgeBase
    problems: list[Problem] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # files that could not be parsed
    unread_text: str = ""  # what those files say, as far as it can be decoded
    rejected: set[str] = field(default_factory=set)  # ids of entries that failed validation

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]


def _read_yaml(
    path: Path, rel: str, problems: list[Problem], unreadable: list[str] | None = None
) -> Any:
    """The file's data, or None after one problem that says why it cannot be read (and its
    path appended to `unreadable`).  Duplicate keys are problems; the data is still returned."""
    text, failure = read_text(path, rel)
    if failure is not None:
        problems.append(failure)
    else:
        assert text is not None  # read_text gives the text or the problem
        loader = LineLoader(text)
        try:
            result = loader.get_single_data()
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            what = " ".join(
                str(x) for x in (getattr(exc, "context", None), getattr(exc, "problem", None)) if x
            )
            problems.append(
                Problem(
                    rel,
                    (mark.line + 1) if mark else 1,
                    f"invalid YAML: {what or type(exc).__name__}",
                    column=(mark.column + 1) if mark else None,
                )
            )
        else:
            for key, line, column, first in loader.duplicates:
                message = f"duplicate key {key!r} (first at line {first})"
                problems.append(Problem(rel, line, message, column=column))
            return result
        finally:
            loader.dispose()
    if unreadable is not None:
        unreadable.append(rel)
    return None


def _reading_order(problem: Problem) -> tuple[str, int, str, str, int]:
    """Where a problem is read: by file, line and message, then severity and column (a key
    written twice in a flow mapping gives one problem per column); no two problems tie, so
    their order never follows the set they were gathered in (nor Python's hash seed)."""
    return (problem.path, problem.line, problem.message, problem.severity, problem.column or 0)


def read_tree(paths: ProjectPaths) -> LoadResult:
    """Phase one: read and validate every file; entries keep their file:line for later messages."""
    reader = _TreeReader(paths)
    for game_dir in _game_dirs(paths):
        game = reader.read_game(game_dir / "game.yaml", game_dir.name)
        if game is None:
            continue
        reader.games.append(game)
        reader.read_documents(game_dir, game)
    kb = KnowledgeBase(reader.games, reader.entries, reader.locations)
    return LoadResult(kb, reader.problems, unreadable=reader.unreadable, rejected=reader.rejected)


def _game_dirs(paths: ProjectPaths) -> list[Path]:
    """The folders of content/ that hold a game.yaml, sorted (a folder with only sources has not
    been imported yet)."""
    if not paths.content.is_dir():
        return []
    game_dirs = sorted(p for p in paths.content.iterdir() if p.is_dir())
    return [d for d in game_dirs if (d / "game.yaml").is_file()]


@dataclass
class _TreeReader:
    """What phase one has read so far: the games, the valid entries with their file:line, and
    the problems, unreadable files and rejected entry ids met on the way."""

    paths: ProjectPaths
    problems: list[Problem] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    rejected: set[str] = field(default_factory=set)
    games: list[Game] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    locations: dict[str, tuple[str, int]] = field(default_factory=dict)

    def rel(self, p: Path) -> str:
        """The path as messages name it: relative to the project root when it is inside."""
        try:
            return p.relative_to(self.paths.root).as_posix()
        except ValueError:
            return p.as_posix()

    def read_game(self, game_file: Path, folder: str) -> Game | None:
        """The game a game.yaml describes (its problems reported), or None when the file cannot
        be read or lacks its documents list (then it is unreadable)."""
        where = self.rel(game_file)
        meta = _read_yaml(game_file, where, self.problems, self.unreadable)
        if meta is None and where in self.unreadable:
            return None
        documents = meta.get("documents") if isinstance(meta, dict) else None
        if not isinstance(documents, list) or not all(
            isinstance(d, dict) and isinstance(d.get("id"), str) and "title" in d for d in documents
        ):
            self.problems.append(
                Problem(where, 1, "expected {id, title, source, documents: [{id, title}]}")
            )
            self.unreadable.append(where)
            return None
        game = Game(
            id=meta.get("id", folder),
            title=str(meta.get("title", folder)),
            short_title=str(meta.get("short_title") or ""),
            source=str(meta.get("source", "")),
            documents=[(str(d["id"]), str(d["title"])) for d in meta["documents"]],
            authority=str(meta.get("authority", "official")),
            authority_quote=meta.get("authority_quote"),
        )
        self.problems.extend(_game_problems(self.paths, game, meta, where, folder))
        return game

    def read_documents(self, game_dir: Path, game: Game) -> None:
        """Take the entries of each document the game lists, then of its glossary file."""
        for doc_id, _title in game.documents:
            doc_path = game_dir / f"{doc_id}.yaml"
            if not doc_path.is_file():
                message = f"document {doc_id!r}: {self.rel(doc_path)} is missing"
                self.problems.append(Problem(self.rel(game_dir / "game.yaml"), 1, message))
                continue
            self.read_entries(doc_path, game.id, doc_id)
        glossary_path = self.paths.glossary / f"{game.id}.yaml"
        if glossary_path.is_file():
            self.read_entries(glossary_path, game.id, None)

    def read_entries(self, path: Path, game: str, document: str | None) -> None:
        """Take the entries of one file of `game` (of `document`, unless a glossary), when it
        can be read."""
        where = self.rel(path)
        data = _read_yaml(path, where, self.problems, self.unreadable)
        if where not in self.unreadable:
            self.take_entries(data, where, game, document)

    def take_entries(self, doc: Any, where: str, game: str, document: str | None) -> None:
        """Take each entry of a file's data, once the data has the shape of an entries file."""
        if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
            self.problems.append(Problem(where, 1, "expected a mapping with an 'entries' list"))
            return
        if doc.get("game") != game:
            self.problems.append(Problem(where, doc.get(LINE_KEY, 1), f"game must be {game!r}"))
        for raw in doc["entries"]:
            if not isinstance(raw, dict):
                message = "an entry must be a mapping"
                self.problems.append(Problem(where, doc.get(LINE_KEY, 1), message))
                continue
            self.take_entry(raw, where, game, document)

    def take_entry(self, raw: dict[str, Any], where: str, game: str, document: str | None) -> None:
        """Keep one entry when it is valid and its id is new; its id is rejected when invalid."""
        entry = entry_from_dict(raw, where, self.problems)
        if entry is None:
            if isinstance(raw.get("id"), str):
                self.rejected.add(raw["id"])  # links to it are not errors of their own
            return
        line = raw.get(LINE_KEY, 1)
        if entry.game != game:
            message = f"{entry.id}: game {entry.game!r} in a file of {game!r}"
            self.problems.append(Problem(where, line, message))
        if document is not None and entry.document != document:
            message = f"{entry.id}: document {entry.document!r}, file says {document!r}"
            self.problems.append(Problem(where, line, message))
        if entry.id in self.locations:
            other = "{}:{}".format(*self.locations[entry.id])
            message = f"duplicate id {entry.id} (first at {other})"
            self.problems.append(Problem(where, line, message))
            return
        self.locations[entry.id] = (where, line)
        self.entries.append(entry)


def _game_problems(
    paths: ProjectPaths, game: Game, meta: dict[str, Any], where: str, folder: str
) -> list[Problem]:
    """What is wrong with a game.yaml that could be read: its authority, its id (not its
    folder's name) or its missing source."""
    problems: list[Problem] = []
    if game.authority not in AUTHORITIES:
        message = f"authority {game.authority!r} is not one of {', '.join(AUTHORITIES)}"
        problems.append(Problem(where, meta.get(LINE_KEY, 1), message))
    if game.id != folder:
        problems.append(Problem(where, 1, f"id {game.id!r} differs from folder {folder!r}"))
    if game.source and not (paths.root / game.source).is_file():
        problems.append(Problem(where, 1, f"source {game.source} is missing"))
    return problems


def resolve(result: LoadResult) -> LoadResult:
    """Phase two: every link must land; dangling printed references become warnings
    (kb/resolve.py)."""
    result.problems.extend(resolve_problems(result.kb, result.rejected, result.unread_text))
    result.problems = sorted(set(result.problems), key=_reading_order)
    return result


def load_histories(paths: ProjectPaths, kb: KnowledgeBase) -> list[Problem]:
    """Each game's editions (content/<game>/editions.yaml), checked against its entries."""
    problems: list[Problem] = []
    for game in kb.games:
        editions, found = load_editions(paths.root, game.id, [d for d, _ in game.documents])
        problems.extend(found)
        if not editions:
            continue
        where = f"content/{game.id}/{EDITIONS_FILE}"
        try:
            kb.histories[game.id] = History(game.id, editions, kb.entries_of(game.id))
        except ValueError as exc:
            problems.append(Problem(where, 1, f"the editions do not fit the entries: {exc}"))
            continue
        current = editions[-1].source
        if game.source and Path(game.source).name != current:
            problems.append(
                Problem(
                    where,
                    1,
                    f"current edition {editions[-1].version} is {current}, game.yaml says {game.source}",
                )
            )
        for edition in editions:
            if not (paths.sources(game.id) / edition.source).is_file():
                problems.append(
                    Problem(where, 1, f"{edition.version}: source {edition.source} is missing")
                )
    return problems


def review_warnings(paths: ProjectPaths, kb: KnowledgeBase) -> list[Problem]:
    """A ruling or players' questions resting on text a later edition changed, not yet settled
    in content/<game>/reviewed.yaml: kept, and a warning (`arbitre edition review` lists them);
    the reviewed table's own problems are errors.  Each table is kept on `kb.reviewed` (the site
    tells players which rulings no longer apply)."""
    problems: list[Problem] = []
    for game in kb.games:
        if game.id not in kb.histories:
            continue
        settled, found = load_reviewed(paths.root, game.id)
        problems.extend(found)
        kb.reviewed[game.id] = settled
        for item in kb_items(kb, game.id):
            if item.key() in settled or item.kind != "ruling" or item.id not in kb.locations:
                continue
            where, line = kb.locations[item.id]
            problems.append(
                Problem(
                    where,
                    line,
                    f"{item.id}: rests on {item.entry}, which {item.why.split(' ', 1)[1]}",
                    "warning",
                )
            )
    return problems


def load(paths: ProjectPaths) -> LoadResult:
    result = read_tree(paths)
    result.problems.extend(load_histories(paths, result.kb))
    result.unread_text = "\n".join(
        (paths.root / rel).read_bytes().decode("utf-8", errors="replace")
        for rel in result.unreadable
        if (paths.root / rel).is_file()
    )
    result = resolve(result)
    extra = check_tables(paths.root, result.kb)
    result.kb.questions, asked = load_questions(paths.root, result.kb)
    extra += asked
    extra += review_warnings(paths, result.kb)
    if extra:
        result.problems = sorted(set(result.problems) | set(extra), key=_reading_order)
    return result


def load_kb(paths: ProjectPaths, strict: bool = False) -> KnowledgeBase:
    """The validated knowledge base, or one ValidationFailed listing every problem."""
    result = load(paths)
    failing = result.problems if strict else result.errors
    if failing:
        raise ValidationFailed([str(p) for p in failing])
    return result.kb
