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

The file is written by `arbitre edition add` (tools/arbitre/edition/add.py) and read by
kb/editions_file.py (every problem at its `path:line`); this module holds what it says and
answers questions about it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from arbitre.kb.changes import EntryChange, changes_between, comparable
from arbitre.kb.entry import DocumentEdition, Entry
from arbitre.kb.pairing import Proposal

EDITIONS_FILE = "editions.yaml"
CHANGE_KINDS = ("added", "removed", "edited", "moved")
# A version names one edition: short, printable, usable in a file name and a URL fragment.
VERSION_PATTERN = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.\-]{0,31}$")
# `id@version`: an entry as it stood in an edition, when it no longer exists under that id.
# (An entry id is its game's id, « / », the rest: an e-mail address is no `id@version`.)
_QUALIFIED = r"(?P<id>[a-z0-9][a-z0-9-]*/[a-z0-9./-]+)@(?P<version>[0-9A-Za-z.\-]+)"
QUALIFIED = re.compile(f"^{_QUALIFIED}$")
# One inside a text (a correction's key or the reason it no longer matches), not inside a word.
QUALIFIED_IN_TEXT = re.compile(rf"(?<![\w./@-]){_QUALIFIED}")


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
