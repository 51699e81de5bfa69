"""`arbitre edition add GAME FILE --version V`: bring a new edition of a game's source in.

A pipeline of pure steps and one write at the end:

1. parse FILE with the game's importer (a file that cannot be parsed stops here: `path:line`);
2. pair its entries with the previous edition's (kb/pairing.py, with the reviewed table
   `content/<game>/pairings.yaml`);
3. carry every curated table across the pairing (edition/carry.py): the rulings' reviewed
   links, the players' questions, the scenarios and the accounting lists, whose source lines
   follow their text;
4. link the rulings from the carried table, record what the edition changed (kb/editions.py);
5. check the whole would-be tree with the loader, on a scratch copy;
6. write: the source copy, the game's YAML, its editions record, the carried tables.

The plan these steps fill in, its check (5) and the write (6) are edition/plan.py.

Adding the current edition's own file again (same version, same bytes) redoes the edition from
the previous one — which is how a pairing a person settled in pairings.yaml takes effect — and
changes nothing when nothing was settled since.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arbitre.edition.carry import (
    carry_corrections,
    carry_map,
    carry_rows,
    redo_map,
    rewrite_ids,
)
from arbitre.edition.plan import EditionPlan, check_plan
from arbitre.edition.review import game_tables
from arbitre.errors import ArbitreError, SourceError, ValidationFailed
from arbitre.importers.corrections import Corrections, corrections_path
from arbitre.importers.rulings import link_rulings
from arbitre.importers.writer import render_editions, render_game, stale_files
from arbitre.kb.changes import changes_between
from arbitre.kb.editions import (
    VERSION_PATTERN,
    Edition,
    History,
    read_in_numbering,
    record,
)
from arbitre.kb.editions_file import valid_date
from arbitre.kb.entry import Entry, GameImport
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.load import load
from arbitre.kb.pairing import Pairing, load_pairings, pair
from arbitre.kb.problems import Problem
from arbitre.kb.questions import QUESTIONS_FILE
from arbitre.kb.ruling_table import TABLE_FILE, read_table, table_problems
from arbitre.paths import ProjectPaths
from arbitre.pipeline import importer_module, run_importer


def plan_edition(
    paths: ProjectPaths, game: str, file: Path, version: str, date: str | None = None
) -> EditionPlan:
    """Parse, pair, carry and check a new edition of `game`; write nothing."""
    if not VERSION_PATTERN.match(version):
        raise ArbitreError(f"version {version!r}: 1 to 32 letters, digits, « . » or « - »")
    if not valid_date(date):
        raise ArbitreError(f"date {date!r}: expected YYYY-MM-DD")
    if not file.is_file():
        raise ArbitreError(f"{file}: no such file")
    data = _read_source(file)
    kb, history = _loaded_history(paths, game)
    current = history.current
    assert current is not None  # _loaded_history checked it
    sources = paths.sources(game)
    same_source = (sources / current.source).read_bytes() == data
    redo = _is_redo(game, version, history, current, same_source)
    name = _source_name(sources, file, data)
    if redo and len(history.editions) == 1:
        previous_edition = None
    else:
        previous_edition = history.editions[-2] if redo else current
    request = _Request(
        paths,
        kb,
        history,
        game,
        version,
        date,
        redo,
        previous_edition,
        name,
        data,
        sources / name if (sources / name).is_file() else file,
    )
    return _plan(request, request.parse())


def _read_source(file: Path) -> bytes:
    """The new file's bytes, refused unless they are UTF-8 (`path:line` of the first bad byte)."""
    data = file.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError(str(file), line, "not valid UTF-8: save the file as UTF-8") from None
    return data


def _loaded_history(paths: ProjectPaths, game: str) -> tuple[KnowledgeBase, History]:
    """The tree (which must pass `arbitre check`) and the game's editions, which must exist."""
    loaded = load(paths)
    if loaded.errors:
        raise ValidationFailed(
            ["the tree must pass `arbitre check` before an edition is added:"]
            + [str(p) for p in loaded.errors]
        )
    kb = loaded.kb
    history = kb.history(game)
    if kb.game(game) is None or history is None or history.current is None:
        raise ArbitreError(
            f"{game}: no editions record (content/{game}/editions.yaml); "
            "a game is imported once with `arbitre import` and its first edition recorded"
        )
    return kb, history


def _is_redo(
    game: str, version: str, history: History, current: Edition, same_source: bool
) -> bool:
    """Whether `version` is the current edition again (from the same file); an earlier edition,
    or the current one from another file, is refused."""
    if version == current.version:
        if not same_source:
            raise ArbitreError(
                f"{game}: {version} is the current edition, from {current.source}; "
                "a new file is a new edition: give it a new --version"
            )
        return True
    if any(e.version == version for e in history.editions):
        raise ArbitreError(f"{game}: {version} is an earlier edition; editions only go forward")
    return False


@dataclass
class _Request:
    """What `plan_edition` found out before parsing: the tree, the game's history, the edition
    asked for and the one it follows, and the file."""

    paths: ProjectPaths
    kb: KnowledgeBase
    history: History
    game: str
    version: str
    date: str | None
    redo: bool
    previous: Edition | None
    name: str  # the source copy's file name
    data: bytes
    source: Path  # the file parsed (the copy when it is already among the sources)

    def parse(self, corrections: Corrections | None = None) -> GameImport:
        try:
            result = run_importer(self.paths, self.game, self.source, corrections)
        except ArbitreError:
            raise
        except Exception as exc:  # noqa: BLE001 - an importer's failure is the file's problem
            raise SourceError(str(self.source), None, f"cannot be imported: {exc}") from None
        result.source_file = self.name
        return result


def _source_name(sources: Path, file: Path, data: bytes) -> str:
    """The file name the source copy takes: an existing copy with the same bytes is reused; a
    different file may not take an existing name."""
    for existing in sorted(sources.glob("*")):
        if existing.is_file() and existing.read_bytes() == data:
            return existing.name
    target = sources / file.name
    if target.exists():
        raise ArbitreError(
            f"{target} exists and differs from {file}: rename the new file (e.g. with its version)"
        )
    return file.name


def _plan(request: _Request, result: GameImport) -> EditionPlan:
    """Pair the parsed edition, carry the curated tables, link the rulings, record the edition
    and check the would-be tree."""
    paths, kb, history, game = request.paths, request.kb, request.history, request.game
    version, redo, previous = request.version, request.redo, request.previous
    name, data = request.name, request.data
    root = paths.root
    old_state: dict[str, Entry] = history.state(previous.version) if previous else {}
    pairing, mapping = _pairing(paths, history, game, version, redo, previous, result)
    corrections_text, carried = _carried_corrections(paths, game, mapping)
    if carried:  # extras keyed to a renamed entry follow it: parse again with them
        corrections = Corrections.from_text(corrections_text, corrections_path(game))
        result = request.parse(corrections)
        pairing, mapping = _pairing(paths, history, game, version, redo, previous, result)
    new_state = {e.id: e for e in result.entries}
    pairs = {p.old: p.new for p in pairing.pairs}
    numbering = (
        _unissued(history, previous, old_state, result, pairs) if previous is not None else {}
    )
    plan = EditionPlan(
        game,
        version,
        previous.version if previous else None,
        redo,
        paths.sources(game) / name,
        result,
        pairing,
        changes_between(old_state, new_state, pairs),
    )
    if not (paths.sources(game) / name).is_file():
        plan.binary[paths.sources(game) / name] = data
    if carried:
        plan.files[root / corrections_path(game)] = corrections_text
    _carry_tables(plan, paths, mapping, old_state, pairs, data.decode("utf-8"))
    _link_from_table(plan, request, pairing)
    edition = _edition_record(request, result, pairing, old_state, pairs, numbering)
    editions = history.editions[:-1] + [edition] if redo else history.editions + [edition]
    game_info = kb.game(game)
    assert game_info is not None  # plan_edition checked the game
    plan.files[root / "content" / game / "editions.yaml"] = render_editions(
        game, game_info.short_title, editions
    )
    rendered = render_game(result, root, editions)
    plan.files.update(rendered)
    plan.stale = stale_files([result], root, rendered)
    check_plan(plan, paths)
    return plan


def _link_from_table(plan: EditionPlan, request: _Request, pairing: Pairing) -> None:
    """Link the new entries' rulings from the rulings' table as carried (or as it stands),
    refusing on any error the table has against the new edition."""
    root, game, previous = request.paths.root, request.game, request.previous
    table_text = plan.files.get(root / "content" / game / TABLE_FILE)
    table_file = root / "content" / game / TABLE_FILE
    if table_text is None and table_file.is_file():
        table_text = table_file.read_text(encoding="utf-8")
    if table_text is None:
        return
    table, problems = read_table(table_text, f"content/{game}/{TABLE_FILE}")
    removed_now = {f"{r}@{previous.version}" for r in pairing.removed} if previous else set()

    def superseded(ref: str) -> str | None:
        if ref in removed_now:
            return f"{ref}, removed in {request.version}"
        return request.kb.superseded(ref)

    problems += table_problems(table, game, plan.result.entries, superseded=superseded)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ValidationFailed([str(p) for p in errors])
    link_rulings(plan.result.entries, table)


def _edition_record(
    request: _Request,
    result: GameImport,
    pairing: Pairing,
    old_state: dict[str, Entry],
    pairs: dict[str, str],
    numbering: dict[str, str],
) -> Edition:
    """The new edition's record: what it changed from the previous one (the first edition
    again keeps the document's own words)."""
    history, previous, redo, date = request.history, request.previous, request.redo, request.date
    how = {p.old: (p.how, p.score) for p in pairing.pairs}
    edition = Edition(
        request.version,
        date if date is not None else (history.current.date if redo and history.current else None),
        request.name,
        dict(getattr(result, "document_editions", {}) or {}),
        record(old_state, {e.id: e for e in result.entries}, pairs, how) if previous else [],
        list(pairing.proposals),
        numbering,
    )
    if previous is None and history.current is not None:
        edition.changes = list(history.current.changes)  # the document's own words stay
    return edition


def _pairing(
    paths: ProjectPaths,
    history: History,
    game: str,
    version: str,
    redo: bool,
    previous: Edition | None,
    result: GameImport,
) -> tuple[Pairing, dict[str, str]]:
    """Pair the new edition's entries with the previous edition's, and say what every curated
    table's ids become (old id -> new id, `id@version` for a removed entry)."""
    if previous is None:  # the first edition again: nothing to pair with
        return Pairing(added=[e.id for e in result.entries]), {}
    reviewed, problems = load_pairings(paths.root, game)
    if problems:
        raise ValidationFailed([str(p) for p in problems])
    pairing = pair(history.state(previous.version).values(), result.entries, reviewed.get(version))
    pairs = {p.old: p.new for p in pairing.pairs}
    if not redo:
        return pairing, carry_map(pairs, pairing.removed, previous.version)
    last = history.current
    assert last is not None
    last_pairs = {c.from_id: c.id for c in last.changes if c.change == "moved" and c.from_id}
    last_removed = [c.id for c in last.changes if c.change == "removed"]
    last_added = {c.id for c in last.changes if c.change == "added"}
    mapping = redo_map(
        last_pairs, last_removed, last_added, pairs, pairing.removed, previous.version
    )
    return pairing, mapping


def _carried_corrections(
    paths: ProjectPaths, game: str, mapping: dict[str, str]
) -> tuple[str, int]:
    """The corrections file with the entry ids its importer declares moved through `mapping`.
    A removed entry's corrections name it as it stood (`id@version`, which the importer reports
    stale): its id is free for an entry the edition renumbered into it, whose corrections follow
    (« 4.2.1.c » removed and « 4.2.1.d » printed « 4.2.1.c »: two keys « 4.2.1.c » otherwise)."""
    file = paths.root / corrections_path(game)
    patterns = getattr(importer_module(game), "CORRECTION_IDS", [])
    if not file.is_file() or not patterns:
        return "", 0
    prefix = f"{game}/"
    moved = {a: b for a, b in mapping.items() if a.startswith(prefix) and b.startswith(prefix)}
    # A corrections file names an entry by its local id (« 7.3.5.a ») or by its whole id
    # (« altered/7.3.5.a », Altered's notes): both follow it.
    moved |= {a.removeprefix(prefix): b.removeprefix(prefix) for a, b in moved.items()}
    text = file.read_text(encoding="utf-8")
    return carry_corrections(text, corrections_path(game), patterns, moved)


def _unissued(
    history: History,
    previous: Edition,
    old_state: dict[str, Entry],
    result: GameImport,
    pairs: dict[str, str],
) -> dict[str, str]:
    """The documents the new file carries unchanged (same entries, same words, same printed
    edition): each keeps reading its references in the numbering it was written against (its
    entries' refs are re-pointed in place).  Returns document -> that edition."""
    now = {e.id: e for e in result.entries}
    reverse = {b: a for a, b in pairs.items()}
    printed = dict(getattr(result, "document_editions", {}) or {})
    numbering: dict[str, str] = {}
    for doc, _title in [(d.id, d.title) for d in result.documents]:
        new_doc = [e for e in result.entries if e.document == doc]
        old_doc = [e for e in old_state.values() if e.document == doc]
        same = len(new_doc) == len(old_doc) and all(
            (b := old_state.get(reverse.get(e.id, ""))) is not None
            and b.document == doc
            and (b.title, b.text) == (e.title, e.text)
            for e in new_doc
        )
        if not new_doc or not same or printed.get(doc) != previous.documents.get(doc):
            continue
        version = previous.numbering.get(doc, previous.version)
        then = history.pairs_between(version, previous.version)
        composed = {a: pairs[b] for a, b in then.items() if b in pairs}
        read_in_numbering(new_doc, now, history.state(version), composed)
        numbering[doc] = version
    return numbering


def _carry_tables(
    plan: EditionPlan,
    paths: ProjectPaths,
    mapping: dict[str, str],
    old_state: dict[str, Entry],
    pairs: dict[str, str],
    source_text: str,
) -> None:
    root, game = paths.root, plan.game
    tables = [root / "content" / game / TABLE_FILE, root / "content" / game / QUESTIONS_FILE]
    for path in tables:
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            carried = rewrite_ids(text, mapping)
            if carried != text:
                plan.files[path] = carried
    new_entries = {e.id: e for e in plan.result.entries}
    before_of = {pairs[a]: old_state[a] for a in pairs if a in old_state}
    lines = source_text.split("\n")
    for path in game_tables(root, game):
        text = path.read_text(encoding="utf-8")
        carried, edits = carry_rows(
            text, str(path.relative_to(root)), mapping, new_entries, lines, before_of
        )
        plan.line_edits += len(edits)
        if carried != text:
            plan.files[path] = carried


__all__ = ["plan_edition", "Problem"]
