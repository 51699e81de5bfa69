"""Read every YAML file, validate every entry, resolve every reference, report all problems at once.

Two phases: `read_tree` parses and validates each file on its own; `resolve` then checks the
links between entries (parents, refs, glossary definitions).  Nothing downstream (index, site)
runs on a knowledge base that has errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from arbitre.errors import ValidationFailed
from arbitre.kb.entry import (
    ABOUT_HOWS,
    AUTHORITIES,
    CARD_HOWS,
    KINDS,
    ROLES,
    AboutLink,
    CardLink,
    Entry,
    SourceSpan,
    Unresolved,
)
from arbitre.kb.knowledge import Game, KnowledgeBase
from arbitre.kb.problems import Problem, read_text
from arbitre.kb.questions import load_questions
from arbitre.kb.ruling_table import check_tables
from arbitre.paths import ProjectPaths
from arbitre.text import fold

ID_PATTERN = re.compile(r"^[a-z0-9-]+/[a-z0-9][a-z0-9./-]*$")
LINE_KEY = "__line__"  # in every mapping read: the line the mapping starts at
KEY_LINES = "__key_lines__"  # in every mapping read: key -> the line the key is written on
READ_KEYS = {LINE_KEY, KEY_LINES}


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


class _LineLoader(yaml.SafeLoader):
    """A SafeLoader that records the 1-based line of every mapping under LINE_KEY and of each
    of its keys under KEY_LINES, and collects duplicate keys (which YAML forbids and PyYAML
    accepts silently, the last one winning) in `duplicates`: (key, line, column, first line)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[tuple[Any, int, int, int]] = []

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        mapping = super().construct_mapping(node, deep=deep)
        lines: dict[Any, int] = {}
        for key_node, _value in node.value:
            try:
                key = self.construct_object(key_node, deep=deep)
                hash(key)
            except (TypeError, yaml.YAMLError):
                continue  # an unhashable key: construct_mapping above has reported it
            line = key_node.start_mark.line + 1
            if key in lines:
                self.duplicates.append((key, line, key_node.start_mark.column + 1, lines[key]))
            else:
                lines[key] = line
        mapping[LINE_KEY] = node.start_mark.line + 1
        mapping[KEY_LINES] = lines
        return mapping


# field name -> (type check, required)
_STR, _OPT_STR, _BOOL, _STR_LIST = "str", "optional str", "bool", "list of str"
ENTRY_FIELDS: dict[str, tuple[str, bool]] = {
    "id": (_STR, True),
    "game": (_STR, True),
    "document": (_STR, True),
    "kind": (_STR, True),
    "number": (_OPT_STR, True),
    "title": (_OPT_STR, True),
    "text": (_STR, True),
    "parent": (_OPT_STR, True),
    "refs": (_STR_LIST, True),
    "official": (_BOOL, True),
    "source": ("source", True),
    "role": (_OPT_STR, False),
    "printed": (_BOOL, False),
    "card": (_OPT_STR, False),
    "aliases": (_STR_LIST, False),
    "english": (_OPT_STR, False),
    "english_inferred": (_BOOL, False),
    "defined_by": (_OPT_STR, False),
    "notes": (_STR_LIST, False),
    "unresolved": ("unresolved", False),
    "about": ("about", False),
    "cards": ("cards", False),
}


def _links_error(value: Any, key: str, hows: tuple[str, ...]) -> str | None:
    """A list of {key: str, how: one of hows}, or a message saying what it must be."""
    shape = f"must be a list of {{{key}, how}} with how one of {', '.join(hows)}"
    if not isinstance(value, list):
        return shape
    for item in value:
        if not isinstance(item, dict) or set(item) - {key, "how"} - READ_KEYS:
            return shape
        if not isinstance(item.get(key), str) or not item[key] or item.get("how") not in hows:
            return shape
    return None


def _type_error(kind: str, value: Any) -> str | None:
    if kind == _STR:
        return None if isinstance(value, str) else "must be a string"
    if kind == _OPT_STR:
        return None if value is None or isinstance(value, str) else "must be a string or null"
    if kind == _BOOL:
        return None if isinstance(value, bool) else "must be true or false"
    if kind == _STR_LIST:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return None if ok else "must be a list of strings"
    if kind == "source":
        if not isinstance(value, dict):
            return "must be a mapping {file, line_start, line_end}"
        ok = (
            isinstance(value.get("file"), str)
            and isinstance(value.get("line_start"), int)
            and isinstance(value.get("line_end"), int)
            and 1 <= value["line_start"] <= value["line_end"]
        )
        return None if ok else "needs file, and 1 <= line_start <= line_end"
    if kind == "unresolved":
        ok = isinstance(value, list) and all(
            isinstance(u, dict)
            and isinstance(u.get("target"), str)
            and (u.get("intended") is None or isinstance(u.get("intended"), str))
            and isinstance(u.get("note"), str)
            for u in value
        )
        return None if ok else "must be a list of {target, intended, note}"
    if kind == "about":
        return _links_error(value, "id", ABOUT_HOWS)
    if kind == "cards":
        return _links_error(value, "name", CARD_HOWS)
    raise AssertionError(kind)


def entry_from_dict(data: dict[str, Any], where: str, problems: list[Problem]) -> Entry | None:
    """Validate one entry mapping; append problems; return the Entry when it is well formed."""
    line = data.get(LINE_KEY, 0)
    key_lines = data.get(KEY_LINES, {})
    bad = False
    for name in sorted(set(data) - set(ENTRY_FIELDS) - READ_KEYS, key=str):
        problems.append(Problem(where, key_lines.get(name, line), f"unknown field {name!r}"))
        bad = True
    for name, (kind, required) in ENTRY_FIELDS.items():
        if name not in data:
            if required:
                problems.append(Problem(where, line, f"missing field {name!r}"))
                bad = True
            continue
        message = _type_error(kind, data[name])
        if message:
            problems.append(Problem(where, line, f"field {name!r} {message}"))
            bad = True
    if bad:
        return None
    if data["kind"] not in KINDS:
        problems.append(
            Problem(where, line, f"kind {data['kind']!r} is not one of {', '.join(KINDS)}")
        )
        return None
    if data.get("role") and data["role"] not in ROLES:
        problems.append(
            Problem(where, line, f"role {data['role']!r} is not one of {', '.join(ROLES)}")
        )
        return None
    if not ID_PATTERN.match(data["id"]) or not data["id"].startswith(data["game"] + "/"):
        problems.append(
            Problem(
                where, line, f"id {data['id']!r} must be '{data['game']}/<local>' in [a-z0-9./-]"
            )
        )
        return None
    if (data.get("about") or data.get("cards")) and data["kind"] not in ("faq", "errata"):
        problems.append(
            Problem(where, line, f"{data['id']}: only a faq or errata entry has about/cards")
        )
        return None
    src = data["source"]
    return Entry(
        id=data["id"],
        game=data["game"],
        document=data["document"],
        kind=data["kind"],
        number=data["number"],
        title=data["title"],
        text=data["text"],
        parent=data["parent"],
        refs=list(data["refs"]),
        official=data["official"],
        source=SourceSpan(src["file"], src["line_start"], src["line_end"]),
        role=data.get("role"),
        printed=data.get("printed", True),
        card=data.get("card"),
        aliases=list(data.get("aliases") or []),
        english=data.get("english"),
        english_inferred=data.get("english_inferred", False),
        defined_by=data.get("defined_by"),
        notes=list(data.get("notes") or []),
        unresolved=[
            Unresolved(u["target"], u.get("intended"), u["note"])
            for u in data.get("unresolved") or []
        ],
        about=[AboutLink(a["id"], a["how"]) for a in data.get("about") or []],
        cards=[CardLink(c["name"], c["how"]) for c in data.get("cards") or []],
    )


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
        loader = _LineLoader(text)
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


def read_tree(paths: ProjectPaths) -> LoadResult:
    """Phase one: read and validate every file; entries keep their file:line for later messages."""
    problems: list[Problem] = []
    unreadable: list[str] = []
    rejected: set[str] = set()
    games: list[Game] = []
    entries: list[Entry] = []
    locations: dict[str, tuple[str, int]] = {}

    def rel(p: Path) -> str:
        try:
            return p.relative_to(paths.root).as_posix()
        except ValueError:
            return p.as_posix()

    def take_entries(doc: Any, path: Path, game: str, document: str | None) -> None:
        where = rel(path)
        if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
            problems.append(Problem(where, 1, "expected a mapping with an 'entries' list"))
            return
        if doc.get("game") != game:
            problems.append(Problem(where, doc.get(LINE_KEY, 1), f"game must be {game!r}"))
        for raw in doc["entries"]:
            if not isinstance(raw, dict):
                problems.append(Problem(where, doc.get(LINE_KEY, 1), "an entry must be a mapping"))
                continue
            entry = entry_from_dict(raw, where, problems)
            if entry is None:
                if isinstance(raw.get("id"), str):
                    rejected.add(raw["id"])  # links to it are not errors of their own
                continue
            line = raw.get(LINE_KEY, 1)
            if entry.game != game:
                problems.append(
                    Problem(where, line, f"{entry.id}: game {entry.game!r} in a file of {game!r}")
                )
            if document is not None and entry.document != document:
                problems.append(
                    Problem(
                        where,
                        line,
                        f"{entry.id}: document {entry.document!r}, file says {document!r}",
                    )
                )
            if entry.id in locations:
                other = "{}:{}".format(*locations[entry.id])
                problems.append(Problem(where, line, f"duplicate id {entry.id} (first at {other})"))
                continue
            locations[entry.id] = (where, line)
            entries.append(entry)

    game_dirs = (
        sorted(p for p in paths.content.iterdir() if p.is_dir()) if paths.content.is_dir() else []
    )
    for game_dir in game_dirs:
        game_file = game_dir / "game.yaml"
        if not game_file.is_file():
            continue  # a folder with only sources has not been imported yet
        meta = _read_yaml(game_file, rel(game_file), problems, unreadable)
        if meta is None and rel(game_file) in unreadable:
            continue
        documents = meta.get("documents") if isinstance(meta, dict) else None
        if not isinstance(documents, list) or not all(
            isinstance(d, dict) and isinstance(d.get("id"), str) and "title" in d for d in documents
        ):
            problems.append(
                Problem(rel(game_file), 1, "expected {id, title, source, documents: [{id, title}]}")
            )
            unreadable.append(rel(game_file))
            continue
        game = Game(
            id=meta.get("id", game_dir.name),
            title=str(meta.get("title", game_dir.name)),
            short_title=str(meta.get("short_title") or ""),
            source=str(meta.get("source", "")),
            documents=[(str(d["id"]), str(d["title"])) for d in meta["documents"]],
            authority=str(meta.get("authority", "official")),
            authority_quote=meta.get("authority_quote"),
        )
        if game.authority not in AUTHORITIES:
            problems.append(
                Problem(
                    rel(game_file),
                    meta.get(LINE_KEY, 1),
                    f"authority {game.authority!r} is not one of {', '.join(AUTHORITIES)}",
                )
            )
        if game.id != game_dir.name:
            problems.append(
                Problem(rel(game_file), 1, f"id {game.id!r} differs from folder {game_dir.name!r}")
            )
        if game.source and not (paths.root / game.source).is_file():
            problems.append(Problem(rel(game_file), 1, f"source {game.source} is missing"))
        games.append(game)
        for doc_id, _title in game.documents:
            doc_path = game_dir / f"{doc_id}.yaml"
            if not doc_path.is_file():
                problems.append(
                    Problem(rel(game_file), 1, f"document {doc_id!r}: {rel(doc_path)} is missing")
                )
                continue
            data = _read_yaml(doc_path, rel(doc_path), problems, unreadable)
            if rel(doc_path) not in unreadable:
                take_entries(data, doc_path, game.id, doc_id)
        glossary_path = paths.glossary / f"{game.id}.yaml"
        if glossary_path.is_file():
            data = _read_yaml(glossary_path, rel(glossary_path), problems, unreadable)
            if rel(glossary_path) not in unreadable:
                take_entries(data, glossary_path, game.id, None)
    return LoadResult(
        KnowledgeBase(games, entries, locations), problems, unreadable=unreadable, rejected=rejected
    )


def resolve(result: LoadResult) -> LoadResult:
    """Phase two: every link must land; dangling printed references become warnings."""
    kb, problems = result.kb, result.problems
    # An entry that failed validation, or that a file which could not be read names, was
    # reported already (with that file): links to it are not errors of their own.
    known = _Known(set(kb.by_id) | result.rejected, result.unread_text)
    documents = {g.id: {d for d, _ in g.documents} for g in kb.games}
    for entry in kb.entries:
        where, line = kb.locations[entry.id]
        if entry.document not in documents.get(entry.game, set()):
            problems.append(
                Problem(where, line, f"{entry.id}: unknown document {entry.document!r}")
            )
        if entry.parent is not None:
            if entry.parent not in known:
                problems.append(
                    Problem(where, line, f"{entry.id}: parent {entry.parent} does not exist")
                )
            elif entry.parent == entry.id:
                problems.append(Problem(where, line, f"{entry.id}: is its own parent"))
        for ref in entry.refs:
            if ref not in known:
                problems.append(
                    Problem(where, line, f"{entry.id}: reference to {ref}, which does not exist")
                )
        problems.extend(_link_problems(kb, entry, where, line))
        if entry.defined_by is not None and entry.defined_by not in known:
            problems.append(
                Problem(where, line, f"{entry.id}: defined_by {entry.defined_by} does not exist")
            )
        if entry.kind == "glossary" and not entry.text.strip() and not entry.defined_by:
            problems.append(
                Problem(
                    where, line, f"{entry.id}: term {entry.title!r} has no definition", "warning"
                )
            )
        for u in entry.unresolved:
            if u.intended is not None and u.intended not in known:
                problems.append(
                    Problem(where, line, f"{entry.id}: intended target {u.intended} does not exist")
                )
            if u.intended and u.intended in entry.refs:
                message = (
                    f"reference « {u.target} » names no entry (linked to {u.intended} instead)"
                )
            elif u.intended:
                message = f"reference « {u.target} » does not resolve (likely {u.intended})"
            else:
                message = f"reference « {u.target} » does not resolve"
            problems.append(Problem(where, line, f"{entry.id}: {message}", "warning"))
    # A parent chain must end: no cycles.
    for entry in kb.entries:
        seen: set[str] = set()
        current: str | None = entry.id
        while current is not None and current in kb.by_id:
            if current in seen:
                where, line = kb.locations[entry.id]
                problems.append(Problem(where, line, f"{entry.id}: parent chain loops"))
                break
            seen.add(current)
            current = kb.by_id[current].parent
    problems.extend(glossary_problems(kb))
    result.problems = sorted(set(problems), key=lambda p: (p.path, p.line, p.message))
    return result


def _link_problems(kb: KnowledgeBase, entry: Entry, where: str, line: int) -> list[Problem]:
    """A ruling's `about` lands on an entry of its game that is not a ruling; a `ref` link is one
    of its refs; a `heading` card is its `card`."""
    problems: list[Problem] = []
    for link in entry.about:
        target = kb.by_id.get(link.id)
        if target is None:
            problems.append(
                Problem(where, line, f"{entry.id}: about {link.id}, which does not exist")
            )
        elif target.game != entry.game or target.is_ruling:
            problems.append(
                Problem(
                    where,
                    line,
                    f"{entry.id}: about {link.id}, not a rule, term or section of {entry.game}",
                )
            )
        elif link.how == "ref" and link.id not in entry.refs:
            problems.append(
                Problem(where, line, f"{entry.id}: about {link.id} how ref, but it is not in refs")
            )
    for card in entry.cards:
        if card.how == "heading" and card.name != entry.card:
            problems.append(
                Problem(
                    where,
                    line,
                    f"{entry.id}: card {card.name!r} how heading, but card is {entry.card!r}",
                )
            )
    return problems


class _Known:
    """The ids a link may point to without an error: `in` tests them, and any id written in
    the text of an unreadable file."""

    def __init__(self, ids: set[str], unread_text: str) -> None:
        self.ids = ids
        self.unread_text = unread_text

    def __contains__(self, target: object) -> bool:
        return target in self.ids or (isinstance(target, str) and target in self.unread_text)


def glossary_problems(kb: KnowledgeBase) -> list[Problem]:
    """Aliases claimed by two terms of the same game."""
    problems: list[Problem] = []
    claimed: dict[tuple[str, str], str] = {}
    for entry in kb.entries:
        if entry.kind != "glossary":
            continue
        names = {fold(entry.title or "")} | {fold(a) for a in entry.aliases}
        for name in sorted(n for n in names if n):
            key = (entry.game, name)
            if key in claimed and claimed[key] != entry.id:
                where, line = kb.locations[entry.id]
                problems.append(
                    Problem(
                        where,
                        line,
                        f"{entry.id}: « {name} » is also claimed by {claimed[key]}",
                        "warning",
                    )
                )
            else:
                claimed[key] = entry.id
    return problems


def load(paths: ProjectPaths) -> LoadResult:
    result = read_tree(paths)
    result.unread_text = "\n".join(
        (paths.root / rel).read_bytes().decode("utf-8", errors="replace")
        for rel in result.unreadable
        if (paths.root / rel).is_file()
    )
    result = resolve(result)
    extra = check_tables(paths.root, result.kb)
    result.kb.questions, asked = load_questions(paths.root, result.kb)
    extra += asked
    if extra:
        result.problems = sorted(
            set(result.problems) | set(extra), key=lambda p: (p.path, p.line, p.message)
        )
    return result


def load_kb(paths: ProjectPaths, strict: bool = False) -> KnowledgeBase:
    """The validated knowledge base, or one ValidationFailed listing every problem."""
    result = load(paths)
    failing = result.problems if strict else result.errors
    if failing:
        raise ValidationFailed([str(p) for p in failing])
    return result.kb
