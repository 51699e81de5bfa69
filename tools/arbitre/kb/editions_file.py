"""Reading `content/<game>/editions.yaml` (kb/editions.py says what it holds): every edition
checked, every problem reported at its line (`path:line: message`), nothing half-read."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date as Date
from pathlib import Path
from typing import Any

import yaml

from arbitre.kb.editions import (
    CHANGE_KINDS,
    EDITIONS_FILE,
    VERSION_PATTERN,
    Change,
    Edition,
)
from arbitre.kb.entry import DocumentEdition, Entry
from arbitre.kb.pairing import Proposal
from arbitre.kb.problems import Problem, read_text
from arbitre.kb.schema import KEY_LINES, LINE_KEY, READ_KEYS, LineLoader, entry_from_dict


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
        unknown = sorted(set(raw) - self.EDITION_FIELDS - READ_KEYS, key=str)
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
        """One change of an edition, checked (None, with its problem, when it is malformed)."""
        fields = self.change_fields(item, version)
        if fields is None:
            return None
        kind, entry_id, from_id, line = fields
        found, before = self.change_before(item, version, line, entry_id, from_id)
        if not found:
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

    def change_fields(self, item: Any, version: str) -> tuple[str, str, str | None, int] | None:
        """A change's kind, entry id, former id and line, checked (None: a problem reported)."""
        if not isinstance(item, dict):
            self.problem(1, f"{version}: a change must be a mapping")
            return None
        line = item[LINE_KEY]
        unknown = sorted(set(item) - self.CHANGE_FIELDS - READ_KEYS, key=str)
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
        return kind, entry_id, from_id, line

    def change_before(
        self, item: dict[str, Any], version: str, line: int, entry_id: str, from_id: str | None
    ) -> tuple[bool, Entry | None]:
        """A change's `before` (the entry as it stood), if any: (False, None) when it is
        malformed or another entry's (its problems reported)."""
        if item.get("before") is None:
            return True, None
        found: list[Problem] = []
        raw = item["before"]
        before = entry_from_dict(raw, self.path, found) if isinstance(raw, dict) else None
        if before is None:
            self.problems.extend(
                found or [Problem(self.path, line, f"{version}: before must be an entry")]
            )
            return False, None
        if before.id != (from_id or entry_id):
            self.problem(line, f"{version}: before is {before.id}, not the entry that changed")
            return False, None
        return True, before


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
