"""Altered's drafts: an entry being built, until the page is read and its references resolved,
and the ids it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.importers.altered.source import GAME
from arbitre.kb.entry import Entry, SourceSpan, Unresolved


@dataclass
class _Draft:
    """An entry being built: body lines are kept raw until the whole block is known."""

    id: str
    kind: str
    document: str
    line_start: int
    line_end: int
    number: str | None = None
    title: str | None = None
    body: list[str | None] = field(default_factory=list)  # None = a blank line
    text: str = ""
    parent: str | None = None
    official: bool = True
    role: str | None = None
    printed: bool = True
    aliases: list[str] = field(default_factory=list)
    english: str | None = None
    english_inferred: bool = False
    defined_by: str | None = None
    notes: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    unresolved: list[Unresolved] = field(default_factory=list)

    def to_entry(self, source_file: str) -> Entry:
        return Entry(
            id=self.id,
            game=GAME,
            document=self.document,
            kind=self.kind,
            text=self.text,
            source=SourceSpan(source_file, self.line_start, self.line_end),
            title=self.title,
            number=self.number,
            parent=self.parent,
            refs=list(self.refs),
            official=self.official,
            role=self.role,
            printed=self.printed,
            aliases=list(self.aliases),
            english=self.english,
            english_inferred=self.english_inferred,
            defined_by=self.defined_by,
            notes=list(self.notes),
            unresolved=list(self.unresolved),
        )


def _gid(local: str) -> str:
    return f"{GAME}/{local}"


def _parent_number(number: str) -> str | None:
    parts = number.split(".")
    return ".".join(parts[:-1]) if len(parts) > 1 else None
