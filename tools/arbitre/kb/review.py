"""The editions' review worklist, the part the knowledge base alone can tell, and the table of
items a person settled (`content/<game>/reviewed.yaml`).

An edition that edits or removes an entry puts in doubt what rests on its old text: the rulings
about it (a ruling older than the change may no longer hold: stale-ruling detection), the
players' questions written for it.  Each becomes an item {kind, id, entry, why}; a line in the
reviewed table settles it:

    '1.5':                                   # the edition that raised the item
    - {kind: ruling, id: the-spoils/faq/3, entry: the-spoils/609.1g, verdict: holds,
       note: « la réponse vaut toujours : seule la numérotation a changé »}

`verdict`: `holds` (it still stands), `outdated` (it no longer applies: the site says so to
players), `done` (the data were updated).  The rest of the worklist (scenarios re-run,
corrections that no longer match, pairings to settle) needs the importers and the rules model:
tools/arbitre/edition/review.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from arbitre.kb.changes import EntryChange
from arbitre.kb.editions import History
from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.problems import Problem, read_text
from arbitre.kb.schema import KEY_LINES, LINE_KEY, READ_KEYS, LineLoader

REVIEWED_FILE = "reviewed.yaml"
ITEM_KINDS = ("ruling", "question", "scenario", "correction", "pairing")
VERDICTS = ("holds", "outdated", "done")


@dataclass(frozen=True)
class Item:
    kind: str  # one of ITEM_KINDS
    id: str  # the ruling, scenario, correction or old entry concerned
    entry: str  # the changed entry (its current id, or `id@version` when removed)
    why: str  # in English, for the maintainer
    edition: str  # the edition whose change raised it
    details: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def key(self) -> tuple[str, str, str, str]:
        return (self.edition, self.kind, self.id, self.entry)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "id": self.id,
            "entry": self.entry,
            "why": self.why,
            "edition": self.edition,
            **self.details,
        }


@dataclass(frozen=True)
class Settled:
    edition: str
    kind: str
    id: str
    entry: str
    verdict: str
    note: str | None
    line: int


def read_reviewed(
    text: str, path: str
) -> tuple[dict[tuple[str, str, str, str], Settled], list[Problem]]:
    """The reviewed table: (edition, kind, id, entry) -> the settled item; malformed rows are
    reported at their line and left out."""
    loader = LineLoader(text)
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return {}, [Problem(path, (mark.line + 1) if mark else 1, f"invalid YAML: {exc}")]
    finally:
        loader.dispose()
    if data is None:
        return {}, []
    if not isinstance(data, dict):
        return {}, [Problem(path, 1, "expected a mapping: edition -> [{kind, id, entry, verdict}]")]
    problems: list[Problem] = []
    settled: dict[tuple[str, str, str, str], Settled] = {}
    for version, rows in data.items():
        if version in READ_KEYS:
            continue
        line = data[KEY_LINES].get(version, 1)
        if not isinstance(rows, list):
            problems.append(Problem(path, line, f"{version}: expected a list of settled items"))
            continue
        for row in rows:
            where = row.get(LINE_KEY, line) if isinstance(row, dict) else line
            fields = set(row) - READ_KEYS if isinstance(row, dict) else set()
            if (
                not isinstance(row, dict)
                or fields - {"kind", "id", "entry", "verdict", "note"}
                or row.get("kind") not in ITEM_KINDS
                or not all(isinstance(row.get(k), str) for k in ("id", "entry"))
                or row.get("verdict") not in VERDICTS
                or not (row.get("note") is None or isinstance(row.get("note"), str))
            ):
                problems.append(
                    Problem(
                        path,
                        where,
                        f"{version}: a settled item is {{kind, id, entry, verdict, note}}; kind "
                        f"one of {', '.join(ITEM_KINDS)}, verdict one of {', '.join(VERDICTS)}",
                    )
                )
                continue
            item = Settled(
                str(version),
                row["kind"],
                row["id"],
                row["entry"],
                row["verdict"],
                row.get("note"),
                where,
            )
            settled[(item.edition, item.kind, item.id, item.entry)] = item
    return settled, problems


def load_reviewed(
    root: Path, game: str
) -> tuple[dict[tuple[str, str, str, str], Settled], list[Problem]]:
    file = root / "content" / game / REVIEWED_FILE
    if not file.is_file():
        return {}, []
    path = f"content/{game}/{REVIEWED_FILE}"
    text, failure = read_text(file, path)
    if failure is not None or text is None:
        return {}, [failure] if failure else []
    return read_reviewed(text, path)


@dataclass(frozen=True)
class Doubt:
    """An entry an edition changed in substance, and what it was before."""

    edition: str
    entry: str  # the current id, or `id@version` when it was removed
    change: EntryChange


def doubts(history: History) -> dict[str, list[Doubt]]:
    """Current id (or `id@version`) -> the substantive changes later editions made to it."""
    found: dict[str, list[Doubt]] = {}
    editions = history.editions
    for k in range(1, len(editions)):
        older, newer = editions[k - 1].version, editions[k].version
        for change in history.diff(older, newer):
            if change.change == "removed":
                entry = f"{change.id}@{older}"
            elif change.change == "edited" or (change.change == "moved" and change.edited):
                current = history.follow(change.id, k)
                entry = current if current is not None else change.id
            else:
                continue
            found.setdefault(entry, []).append(Doubt(newer, entry, change))
    return found


def _reissued_since(history: History, entry: Entry, version: str) -> bool:
    """Whether the ruling `entry` was added, or its question or answer rewritten, in `version`
    or later: then it was re-issued with the text it rests on."""
    index = history.version_index(version)
    for stage in history.stages(entry.id):
        change = stage.change
        if history.version_index(stage.version) < index or change is None:
            continue
        if change.change == "added":
            return True
        before = change.before
        if before is not None and (before.title, before.text) != (
            stage.entry.title,
            stage.entry.text,
        ):
            return True
    return False


def _texts(change: EntryChange) -> dict[str, Any]:
    return {
        "before": {"title": change.old.title, "text": change.old.text} if change.old else None,
        "after": {"title": change.new.title, "text": change.new.text} if change.new else None,
    }


def kb_items(kb: KnowledgeBase, game: str) -> list[Item]:
    """The rulings and players' questions that rest on an entry a later edition changed."""
    history = kb.history(game)
    if history is None or len(history.editions) < 2:
        return []
    changed = doubts(history)
    items: list[Item] = []
    for ruling in kb.entries_of(game):
        if not ruling.is_ruling:
            continue
        for link in ruling.about:
            for doubt in changed.get(link.id, []):
                if _reissued_since(history, ruling, doubt.edition):
                    continue
                what = "was removed" if doubt.change.change == "removed" else "changed"
                items.append(
                    Item(
                        "ruling",
                        ruling.id,
                        doubt.entry,
                        f"{doubt.entry} {what} in {doubt.edition}: does the ruling still hold?",
                        doubt.edition,
                        _texts(doubt.change),
                    )
                )
    for key in sorted(k for k in kb.questions if k.startswith(f"{game}/")):
        for doubt in changed.get(key, []):
            what = "was removed" if doubt.change.change == "removed" else "changed"
            items.append(
                Item(
                    "question",
                    key,
                    doubt.entry,
                    f"{doubt.entry} {what} in {doubt.edition}: do its players' questions still fit?",
                    doubt.edition,
                    _texts(doubt.change),
                )
            )
    return items


def ruling_cautions(
    kb: KnowledgeBase, settled: dict[tuple[str, str, str, str], Settled], game: str
) -> dict[str, tuple[str, str]]:
    """Ruling id -> (edition, verdict) for each ruling resting on text changed after it:
    verdict `changed` while nobody settled it, `outdated` when a person said it no longer
    applies; a ruling settled `holds` or `done` has no caution."""
    found: dict[str, tuple[str, str]] = {}
    for item in kb_items(kb, game):
        if item.kind != "ruling":
            continue
        row = settled.get(item.key())
        verdict = row.verdict if row else "changed"
        if verdict in ("changed", "outdated"):
            previous = found.get(item.id)
            if previous is None or previous[1] != "outdated":
                found[item.id] = (item.edition, verdict)
    return found
