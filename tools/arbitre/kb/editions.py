"""Editions: every version of a game's source, and what each one changed.

`content/<game>/editions.yaml` lists the editions of the game's source file, oldest first; the
last is current, and the entries under content/ and glossary/ are that edition's.  Each edition
after the first records its `changes` against the one before: every entry it added, removed,
edited or moved (renamed or renumbered), with the entry as it stood before (`before`).  The
history of an entry, the state of the knowledge base at any edition and the diff between two
editions are all derived from that record and today's entries, never stored twice.

The first edition may carry `noted` changes: what the document itself says it changed since a
version Arbitre never had (Marvel Champions v1.4's « Résumé des changements importants »).
They have no `before`.

The file is written by `arbitre edition add` (tools/arbitre/editions.py); this module reads it,
checks it (`path:line` problems), and answers questions about it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date as Date
from pathlib import Path
from typing import Any

import yaml

from arbitre.kb.changes import EntryChange, changes_between, comparable
from arbitre.kb.entry import DocumentEdition, Entry
from arbitre.kb.pairing import Proposal
from arbitre.kb.problems import Problem, read_text
from arbitre.kb.schema import KEY_LINES, LINE_KEY, READ_KEYS, LineLoader, entry_from_dict

EDITIONS_FILE = "editions.yaml"
CHANGE_KINDS = ("added", "removed", "edited", "moved")
# A version names one edition: short, printable, usable in a file name and a URL fragment.
VERSION_PATTERN = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.\-]{0,31}$")
# `id@version`: an entry as it stood in an edition, when it no longer exists under that id.
QUALIFIED = re.compile(r"^(?P<id>[a-z0-9][a-z0-9./-]*)@(?P<version>[0-9A-Za-z.\-]+)$")


@dataclass(frozen=True)
class Change:
    """What one edition did to one entry."""

    change: str  # one of CHANGE_KINDS
    id: str  # the entry's id in this edition (its old id when removed)
    before: Entry | None = None  # the entry as it stood in the previous edition
    from_id: str | None = None  # moved: the id it had in the previous edition
    edited: bool = False  # moved: its text changed too
    how: str | None = None  # how the pairing was made (pairing.HOWS), for moved and edited
    score: float | None = None  # the pairing's text similarity, when it was measured
    noted: str | None = None  # the document's own words about this change
    line: int | None = None  # the source line of those words

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"change": self.change, "id": self.id}
        if self.from_id is not None:
            data["from"] = self.from_id
        if self.change == "moved":
            data["edited"] = self.edited
        if self.how is not None:
            data["how"] = self.how
        if self.score is not None:
            data["score"] = round(self.score, 3)
        if self.noted is not None:
            data["noted"] = self.noted
        if self.line is not None:
            data["line"] = self.line
        if self.before is not None:
            data["before"] = self.before.to_dict()
        return data


@dataclass
class Edition:
    version: str
    date: str | None  # ISO YYYY-MM-DD, when known
    source: str  # the file under content/<game>/sources/
    documents: dict[str, DocumentEdition] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    # Pairs matching proposed but could not settle (kb/pairing.py): until a person confirms one
    # in content/<game>/pairings.yaml, its old entry counts as removed and its new one as added.
    proposals: list[Proposal] = field(default_factory=list)
    # A document this edition's file carries unchanged from an earlier edition (not re-issued)
    # -> that edition: the numbers it cites are read in that edition's numbering (« Le combat
    # expliqué » quoting the rules as they were numbered when it was written).
    numbering: dict[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """« v1.4 », or the date-like version as it is (« 2013-12-31 »)."""
        return (
            f"v{self.version}"
            if self.version[:1].isdigit() and "-" not in self.version
            else (self.version)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "date": self.date,
            "source": self.source,
            "documents": {
                doc: _document_dict(info) for doc, info in sorted(self.documents.items())
            },
            "changes": [c.to_dict() for c in self.changes],
            **({"proposals": [p.to_dict() for p in self.proposals]} if self.proposals else {}),
            **({"numbering": dict(sorted(self.numbering.items()))} if self.numbering else {}),
        }


def _document_dict(info: DocumentEdition) -> dict[str, Any]:
    return {"version": info.version, "date": info.date, "quote": info.quote, "line": info.line}


@dataclass(frozen=True)
class Stage:
    """An entry as it stood in one edition, and what that edition did to it (None: nothing)."""

    version: str
    id: str
    entry: Entry
    change: Change | None


class History:
    """The editions of one game and the states they imply, from today's entries backwards."""

    def __init__(self, game: str, editions: list[Edition], current: Iterable[Entry]) -> None:
        self.game = game
        self.editions = editions
        self._retired: dict[str, tuple[Entry, Edition, Edition]] | None = None
        self._former: dict[str, str] | None = None
        self._states: list[dict[str, Entry]] = []
        state = {e.id: e for e in current if e.game == game}
        states = [state]
        for edition in reversed(editions[1:]):
            state = undo(edition, state)
            states.append(state)
        self._states = list(reversed(states))

    @property
    def current(self) -> Edition | None:
        return self.editions[-1] if self.editions else None

    def version_index(self, version: str) -> int:
        for i, edition in enumerate(self.editions):
            if edition.version == version:
                return i
        raise KeyError(version)

    def state(self, version: str) -> dict[str, Entry]:
        """Every entry of the game as it stood in `version`, by its id then."""
        return self._states[self.version_index(version)]

    def change_of(self, version: str, entry_id: str) -> Change | None:
        """What `version` did to the entry that has `entry_id` in it."""
        edition = self.editions[self.version_index(version)]
        return next(
            (c for c in edition.changes if c.id == entry_id and c.change != "removed"), None
        )

    def stages(self, entry_id: str) -> list[Stage]:
        """The entry (a current id) in every edition it existed in, newest first."""
        found: list[Stage] = []
        current: str | None = entry_id
        for i in range(len(self.editions) - 1, -1, -1):
            if current is None:
                break
            entry = self._states[i].get(current)
            if entry is None:
                break
            change = self.change_of(self.editions[i].version, current)
            found.append(Stage(self.editions[i].version, current, entry, change))
            if change is not None and change.change == "added":
                break
            if change is not None and change.change == "moved":
                current = change.from_id
        return found

    def pairs_between(self, older: str, newer: str) -> dict[str, str]:
        """Id in `older` -> id of the same entry in `newer`, for every entry both have."""
        i, j = self.version_index(older), self.version_index(newer)
        if i > j:
            raise ValueError(f"{older} is newer than {newer}")
        mapping = {entry_id: entry_id for entry_id in self._states[i]}
        for k in range(i + 1, j + 1):
            changes = self.editions[k].changes
            moved = {c.from_id: c.id for c in changes if c.change == "moved"}
            removed = {c.id for c in changes if c.change == "removed"}
            following: dict[str, str] = {}
            for old_id, now in mapping.items():
                if now in moved:
                    following[old_id] = moved[now]
                elif now not in removed:
                    following[old_id] = now
            mapping = following
        return mapping

    def diff(self, older: str, newer: str) -> list[EntryChange]:
        """Every entry-level change from edition `older` to edition `newer`."""
        return changes_between(
            self.state(older), self.state(newer), self.pairs_between(older, newer)
        )

    def noted(self) -> list[Change]:
        """What the first edition's document says it changed since a version Arbitre never had."""
        return list(self.editions[0].changes) if self.editions else []

    def retired(self) -> dict[str, tuple[Entry, Edition, Edition]]:
        """`id@version` -> (the entry as it stood in `version`, that edition, the edition that
        removed it), for every entry some edition removed."""
        if self._retired is not None:
            return self._retired
        found: dict[str, tuple[Entry, Edition, Edition]] = {}
        for i in range(1, len(self.editions)):
            for change in self.editions[i].changes:
                if change.change == "removed" and change.before is not None:
                    last = self.editions[i - 1]
                    found[f"{change.id}@{last.version}"] = (change.before, last, self.editions[i])
        self._retired = found
        return found

    def former_ids(self) -> dict[str, str]:
        """An id some edition moved away from -> the entry's current id, unless a current entry
        has that id again (then the id means the current entry)."""
        if self._former is not None:
            return self._former
        now = self._states[-1] if self._states else {}
        found: dict[str, str] = {}
        for i in range(len(self.editions) - 1, 0, -1):
            for change in self.editions[i].changes:
                if change.change != "moved" or change.from_id is None:
                    continue
                target = self.follow(change.id, i)
                if target is not None and change.from_id not in now:
                    found.setdefault(change.from_id, target)
        self._former = found
        return found

    def old_ids(self) -> dict[str, str]:
        """Every id some edition gave an entry that no current entry has -> what it names now:
        the entry's current id, or `id@version` of the entry as it stood when an edition
        removed it (followed through later moves).  What an old short link resolves to."""
        now = self._states[-1] if self._states else {}
        retired = self.retired()
        found: dict[str, str] = {}
        for i in range(len(self.editions) - 1, -1, -1):
            for entry_id in self._states[i]:
                if entry_id in now or entry_id in found:
                    continue
                fate = self.follow(entry_id, i) or self._removal(entry_id, i)
                if fate is not None and (fate in now or fate in retired):
                    found[entry_id] = fate
        return found

    def _removal(self, entry_id: str, edition_index: int) -> str | None:
        """`id@version` of the entry that had `entry_id` in edition `edition_index`, as it
        stood when a later edition removed it (None when no edition removed it)."""
        current = entry_id
        for i in range(edition_index + 1, len(self.editions)):
            changes = self.editions[i].changes
            moved = {c.from_id: c.id for c in changes if c.change == "moved"}
            if current in {c.id for c in changes if c.change == "removed"}:
                return f"{current}@{self.editions[i - 1].version}"
            current = moved.get(current, current)
        return None

    def superseded(self, ref: str) -> str | None:
        """Why `ref`, no current id, is still known: « X, as it stood in V, removed in W » for an
        `id@version` of a removed entry, « X, now Y » for an id an edition moved away from;
        None when no edition knows it."""
        retired = self.retired().get(ref)
        if retired is not None:
            _entry, last, removed = retired
            return (
                f"{ref}, as it stood in {last.version}, removed in {removed.version} "
                "(arbitre edition review)"
            )
        current = self.former_ids().get(ref)
        if current is not None:
            return f"{ref}, now {current}: write {current}"
        return None

    def follow(self, entry_id: str, edition_index: int) -> str | None:
        """The current id of the entry that had `entry_id` in edition `edition_index`."""
        current = entry_id
        for i in range(edition_index + 1, len(self.editions)):
            moved = {c.from_id: c for c in self.editions[i].changes if c.change == "moved"}
            removed = {c.id for c in self.editions[i].changes if c.change == "removed"}
            if current in moved:
                current = moved[current].id
            elif current in removed:
                return None
        return current if current in self._states[-1] else None


def record(
    old: dict[str, Entry],
    new: dict[str, Entry],
    pairs: dict[str, str],
    how: dict[str, tuple[str, float | None]],
) -> list[Change]:
    """What an edition stores: every entry added, removed, moved, or whose data differ at all
    (its place in the source aside), with the entry as it stood before — exactly what `undo`
    needs to give `old` back from `new`.  `pairs`: old id -> new id; `how`: old id -> (how the
    pair was made, its score)."""
    changes: list[Change] = []
    reverse = {b: a for a, b in pairs.items()}
    for entry_id, entry in new.items():
        before_id = reverse.get(entry_id)
        if before_id is None:
            changes.append(Change("added", entry_id))
            continue
        before = old[before_id]
        made, score = how.get(before_id, (None, None))
        if before_id != entry_id:
            edited = before.text != entry.text
            changes.append(Change("moved", entry_id, before, before_id, edited, made, score))
        elif comparable(before) != comparable(entry):
            changes.append(Change("edited", entry_id, before, how=made, score=score))
    for entry_id, entry in old.items():
        if entry_id not in pairs:
            changes.append(Change("removed", entry_id, entry))
    return changes


def read_in_numbering(
    entries: Iterable[Entry], now: dict[str, Entry], old: dict[str, Entry], pairs: dict[str, str]
) -> list[Entry]:
    """Point the references of `entries` (a document not re-issued) where they pointed in the
    edition `old` was (`now`: every entry of the new edition, by id): a reference to the rule now numbered N means the rule that was numbered N
    then, wherever it is now (`pairs`: id then -> id now).  A reference whose rule is gone is
    dropped from `refs`.  Returns the entries it changed (in place)."""
    numbered: dict[str, list[str]] = {}
    for e in old.values():
        if e.number:
            numbered.setdefault(e.number, []).append(e.id)
    changed: list[Entry] = []
    for entry in entries:
        refs: list[str] = []
        for ref in entry.refs:
            target = now.get(ref)
            number = target.number if target is not None else None
            if number and ref in old and old[ref].number == number:
                then: str | None = ref  # the same id had that number then
            else:  # the entry that had that number then, if only one had it
                ids = numbered.get(number or "", [])
                then = ids[0] if len(ids) == 1 else None
            if then is None:
                refs.append(ref)
            elif then in pairs:
                refs.append(pairs[then])
        if refs != entry.refs:
            entry.refs = list(dict.fromkeys(refs))
            changed.append(entry)
    return changed


def undo(edition: Edition, after: dict[str, Entry]) -> dict[str, Entry]:
    """The state before `edition`, from the state after it.  Raises ValueError when the record
    does not fit the state (an id to take back that is missing, one to restore that is there)."""
    before = dict(after)
    for change in edition.changes:
        if change.change in ("added", "edited", "moved"):
            if change.id not in before:
                raise ValueError(f"{edition.version}: {change.change} {change.id} is not there")
            del before[change.id]
    for change in edition.changes:
        if change.change == "added":
            continue
        if change.before is None:
            raise ValueError(f"{edition.version}: {change.change} {change.id} has no before")
        if change.before.id in before:
            raise ValueError(f"{edition.version}: {change.before.id} restored twice")
        before[change.before.id] = change.before
    return before


# -- reading ---------------------------------------------------------------------------------


def valid_date(value: Any) -> bool:
    """None, or an ISO date YYYY-MM-DD that exists."""
    if value is None:
        return True
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return False
    try:
        Date.fromisoformat(value)
    except ValueError:
        return False
    return True


class _Reader:
    """Reads one editions file, collecting every problem at its line."""

    EDITION_FIELDS = {"version", "date", "source", "documents", "changes", "proposals", "numbering"}
    CHANGE_FIELDS = {"change", "id", "from", "edited", "how", "score", "noted", "line", "before"}

    def __init__(self, path: str, game: str, documents: Iterable[str] | None) -> None:
        self.path = path
        self.game = game
        self.documents = None if documents is None else set(documents)
        self.problems: list[Problem] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))

    def read(self, text: str) -> list[Edition]:
        loader = LineLoader(text)
        try:
            data = loader.get_single_data()
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.problem((mark.line + 1) if mark else 1, f"invalid YAML: {exc}")
            return []
        finally:
            loader.dispose()
        for key, line, _column, first in loader.duplicates:
            self.problem(line, f"duplicate key {key!r} (first at line {first})")
        if not isinstance(data, dict) or not isinstance(data.get("editions"), list):
            self.problem(
                1, "expected {game, editions: [{version, date, source, documents, changes}]}"
            )
            return []
        if data.get("game") != self.game:
            self.problem(data[KEY_LINES].get("game", 1), f"game must be {self.game!r}")
        editions: list[Edition] = []
        seen: dict[str, int] = {}
        for index, raw in enumerate(data["editions"]):
            edition = self.edition(raw, index == 0, seen)
            if edition is not None:
                editions.append(edition)
        if not editions and not self.problems:
            self.problem(1, "no edition listed")
        return editions

    def edition(self, raw: Any, first: bool, seen: dict[str, int]) -> Edition | None:
        if not isinstance(raw, dict):
            self.problem(1, "an edition must be a mapping")
            return None
        line, keys = raw[LINE_KEY], raw[KEY_LINES]
        unknown = sorted(set(raw) - self.EDITION_FIELDS - READ_KEYS)
        if unknown:
            self.problem(line, f"unknown field(s) {', '.join(map(str, unknown))}")
            return None
        version = raw.get("version")
        if not isinstance(version, str) or not VERSION_PATTERN.match(version):
            self.problem(
                keys.get("version", line), f"version {version!r}: 1 to 32 letters, digits, . or -"
            )
            return None
        if version in seen:
            self.problem(line, f"version {version} listed twice (first at line {seen[version]})")
            return None
        seen[version] = line
        if not valid_date(raw.get("date")):
            self.problem(
                keys.get("date", line), f"{version}: date {raw.get('date')!r} is not YYYY-MM-DD"
            )
            return None
        source = raw.get("source")
        if not isinstance(source, str) or not source.strip() or "/" in source:
            self.problem(
                keys.get("source", line), f"{version}: source must be a file name under sources/"
            )
            return None
        documents = self.document_editions(raw.get("documents"), version, line)
        changes = [
            c for c in (self.change(item, version, first) for item in raw.get("changes") or []) if c
        ]
        proposals = [
            p for p in (self.proposal(item, version) for item in raw.get("proposals") or []) if p
        ]
        numbering = raw.get("numbering") or {}
        if not isinstance(numbering, dict) or not all(
            isinstance(v, str) for k, v in numbering.items() if k not in READ_KEYS
        ):
            self.problem(line, f"{version}: numbering maps a document id to an edition")
            numbering = {}
        numbering = {k: v for k, v in numbering.items() if k not in READ_KEYS}
        return Edition(version, raw.get("date"), source, documents, changes, proposals, numbering)

    def proposal(self, item: Any, version: str) -> Proposal | None:
        line = item.get(LINE_KEY, 1) if isinstance(item, dict) else 1
        if (
            not isinstance(item, dict)
            or not all(isinstance(item.get(k), str) for k in ("old", "new"))
            or not isinstance(item.get("score"), (int, float))
            or not (item.get("rival") is None or isinstance(item.get("rival"), str))
        ):
            self.problem(line, f"{version}: a proposal is {{old, new, score, rival}}")
            return None
        return Proposal(item["old"], item["new"], float(item["score"]), item.get("rival"))

    def document_editions(self, raw: Any, version: str, line: int) -> dict[str, DocumentEdition]:
        found: dict[str, DocumentEdition] = {}
        if raw is None:
            return found
        if not isinstance(raw, dict):
            self.problem(line, f"{version}: documents must map a document id to what it says")
            return found
        for doc, info in raw.items():
            if doc in READ_KEYS:
                continue
            where = raw[KEY_LINES].get(doc, line)
            if self.documents is not None and doc not in self.documents:
                self.problem(where, f"{version}: unknown document {doc!r}")
            elif (
                not isinstance(info, dict)
                or not isinstance(info.get("quote"), str)
                or not isinstance(info.get("line"), int)
                or not valid_date(info.get("date"))
                or not (info.get("version") is None or isinstance(info.get("version"), str))
            ):
                self.problem(where, f"{version}: {doc}: expected {{version, date, quote, line}}")
            else:
                found[doc] = DocumentEdition(
                    info.get("version"), info.get("date"), info["quote"], info["line"]
                )
        return found

    def change(self, item: Any, version: str, first: bool) -> Change | None:
        if not isinstance(item, dict):
            self.problem(1, f"{version}: a change must be a mapping")
            return None
        line = item[LINE_KEY]
        unknown = sorted(set(item) - self.CHANGE_FIELDS - READ_KEYS)
        if unknown:
            self.problem(line, f"{version}: unknown field(s) {', '.join(map(str, unknown))}")
            return None
        kind, entry_id, from_id = item.get("change"), item.get("id"), item.get("from")
        if kind not in CHANGE_KINDS:
            self.problem(
                line, f"{version}: change {kind!r} is not one of {', '.join(CHANGE_KINDS)}"
            )
            return None
        for name, value in (("id", entry_id), ("from", from_id)):
            if value is not None and (
                not isinstance(value, str) or not value.startswith(self.game + "/")
            ):
                self.problem(line, f"{version}: {name} {value!r} is not an id of {self.game}")
                return None
        if entry_id is None:
            self.problem(line, f"{version}: a change needs the entry's `id`")
            return None
        if (kind == "moved") != (from_id is not None):
            self.problem(line, f"{version}: a moved entry, and only one, has `from`")
            return None
        before = None
        if item.get("before") is not None:
            found: list[Problem] = []
            raw = item["before"]
            before = entry_from_dict(raw, self.path, found) if isinstance(raw, dict) else None
            if before is None:
                self.problems.extend(
                    found or [Problem(self.path, line, f"{version}: before must be an entry")]
                )
                return None
            if before.id != (from_id or entry_id):
                self.problem(line, f"{version}: before is {before.id}, not the entry that changed")
                return None
        noted, noted_line = item.get("noted"), item.get("line")
        if not (noted is None or isinstance(noted, str)) or not (
            noted_line is None or isinstance(noted_line, int)
        ):
            self.problem(line, f"{version}: `noted` is the document's words, `line` their line")
            return None
        if first and (before is not None or noted is None or kind in ("removed", "moved")):
            self.problem(
                line,
                f"{version}: the first edition can only quote what the document says it "
                "added or edited (`noted`), with nothing before it",
            )
            return None
        if not first and kind != "added" and before is None:
            self.problem(line, f"{version}: {kind} {entry_id} needs `before`")
            return None
        score = item.get("score")
        return Change(
            change=kind,
            id=entry_id,
            before=before,
            from_id=from_id,
            edited=item.get("edited") is True,
            how=item.get("how") if isinstance(item.get("how"), str) else None,
            score=float(score) if isinstance(score, (int, float)) else None,
            noted=noted,
            line=noted_line,
        )


def read_editions(
    text: str, path: str, game: str, documents: Iterable[str] | None
) -> tuple[list[Edition], list[Problem]]:
    """Parse and check one editions file: the editions it lists and every problem found."""
    reader = _Reader(path, game, documents)
    editions = reader.read(text)
    return editions, reader.problems


def load_editions(
    root: Path, game: str, documents: Iterable[str] | None
) -> tuple[list[Edition], list[Problem]]:
    """The editions of `game` under project root `root` ([] when it has no editions file);
    `documents`: the game's document ids (None: not checked)."""
    file = root / "content" / game / EDITIONS_FILE
    if not file.is_file():
        return [], []
    path = f"content/{game}/{EDITIONS_FILE}"
    text, failure = read_text(file, path)
    if failure is not None or text is None:
        return [], [failure] if failure else []
    return read_editions(text, path, game, documents)


def split_qualified(value: str) -> tuple[str, str | None]:
    """`id@version` -> (id, version); a plain id -> (id, None)."""
    match = QUALIFIED.match(value)
    return (match.group("id"), match.group("version")) if match else (value, None)
