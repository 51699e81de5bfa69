"""The entry: one rule paragraph, FAQ pair, glossary term, example, erratum or note.

Importers produce `Entry` objects; the writer serialises them to YAML; the loader reads
them back and validates them.  The field list is the data format documented in
content/README.md (« The entry »): change both together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KINDS = ("section", "rule", "faq", "glossary", "example", "errata", "note")

# Rulings: the kinds that decide a question about other entries and carry `about` / `cards`.
RULING_KINDS = ("faq", "errata")
# How a ruling's link was made (content/README.md, « The entry »): `ref` an explicit reference
# printed in its text (its `refs`); `term` listed by the reviewed table and also found by matching
# terms in its question and answer; `reviewed` listed by the reviewed table only.
ABOUT_HOWS = ("ref", "term", "reviewed")
# `heading` the card the source files the ruling under (its `card`); `reviewed` the table's.
CARD_HOWS = ("heading", "reviewed")
# Who wrote a source document (game.yaml `authority`).
AUTHORITIES = ("official", "community")

# Optional `role` values: a finer description of what an entry is inside its kind.
ROLES = (
    "commentary",  # explanation written around quoted rules (The Spoils, « Le combat expliqué »)
    "quote",  # a rule quoted inside a commentary document
    "clarification",  # a per-card clarification (Four Souls, Ashes)
    "variant",  # an optional variant rule
    "step",  # one step of a procedure
    "list-item",  # an item of a list that has its own identity
    "table",  # a table (roll table, card list)
    "front-matter",  # introductory text of a document
    "redirect",  # glossary heading that only points elsewhere
    "subentry",  # a term defined inside another glossary entry
)


@dataclass(frozen=True)
class SourceSpan:
    """Where an entry comes from: 1-based physical lines of the source file, inclusive."""

    file: str
    line_start: int
    line_end: int

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line_start": self.line_start, "line_end": self.line_end}


@dataclass(frozen=True)
class Unresolved:
    """A reference printed in the source whose target does not exist, or is the wrong one.

    `target` is the literal target as printed; `intended` is the id the reference most
    likely means (or None when nothing fits); `note` explains, in French, for the reader.
    `arbitre check` reports each of these as a warning.
    """

    target: str
    intended: str | None
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "intended": self.intended, "note": self.note}


@dataclass(frozen=True)
class AboutLink:
    """A ruling is about entry `id` (a rule, term or section); `how` is one of ABOUT_HOWS."""

    id: str
    how: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "how": self.how}


@dataclass(frozen=True)
class CardLink:
    """A ruling concerns the card `name` (as printed); `how` is one of CARD_HOWS."""

    name: str
    how: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "how": self.how}


@dataclass
class Entry:
    id: str
    game: str
    document: str
    kind: str
    text: str
    source: SourceSpan
    title: str | None = None
    number: str | None = None
    parent: str | None = None
    refs: list[str] = field(default_factory=list)
    official: bool = True
    # Optional fields (omitted from YAML when empty / default).
    role: str | None = None
    printed: bool = True  # False for a level the source never prints (title from context)
    card: str | None = None  # the card an FAQ, erratum or clarification is about
    aliases: list[str] = field(default_factory=list)
    english: str | None = None
    english_inferred: bool = False  # True when `english` is our inference, not from a source
    defined_by: str | None = None  # glossary: the entry whose text defines the term
    notes: list[str] = field(default_factory=list)  # editorial notes by Arbitre, in French
    unresolved: list[Unresolved] = field(default_factory=list)
    about: list[AboutLink] = field(default_factory=list)  # rulings only
    cards: list[CardLink] = field(default_factory=list)  # rulings only

    @property
    def is_ruling(self) -> bool:
        return self.kind in RULING_KINDS

    @property
    def local_id(self) -> str:
        return self.id.split("/", 1)[1]

    def to_dict(self) -> dict[str, Any]:
        """The serialised form: required fields always, optional fields only when set.

        Key order is fixed (not alphabetical) so that YAML reads like a record.
        """
        data: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "document": self.document,
            "kind": self.kind,
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "parent": self.parent,
            "refs": list(self.refs),
            "official": self.official,
        }
        if self.role:
            data["role"] = self.role
        if not self.printed:
            data["printed"] = False
        if self.card:
            data["card"] = self.card
        if self.aliases or self.kind == "glossary":
            data["aliases"] = list(self.aliases)
        if self.english or self.kind == "glossary":
            data["english"] = self.english
        if self.english_inferred:
            data["english_inferred"] = True
        if self.defined_by:
            data["defined_by"] = self.defined_by
        if self.notes:
            data["notes"] = list(self.notes)
        if self.unresolved:
            data["unresolved"] = [u.to_dict() for u in self.unresolved]
        if self.about or self.is_ruling:
            data["about"] = [link.to_dict() for link in self.about]
        if self.cards or self.is_ruling:
            data["cards"] = [link.to_dict() for link in self.cards]
        data["source"] = self.source.to_dict()
        return data


@dataclass(frozen=True)
class DocumentInfo:
    """One document inside a source file (a file may hold several)."""

    id: str  # slug, unique within the game: "regles", "faq", "combat-explique"
    title: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title}


@dataclass(frozen=True)
class DocumentEdition:
    """What a source prints about a document's edition, in its own words.

    `version` as printed (« 1.4 »), `date` in ISO form (YYYY-MM-DD), either None when the source
    prints none; `quote` the source's words that say so; `line` the 1-based line of the source
    file they stand on.  Extracted from the text, so a next edition that prints « VERSION 1.5 »
    says 1.5.
    """

    version: str | None
    date: str | None
    quote: str
    line: int

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "date": self.date, "quote": self.quote, "line": self.line}


@dataclass(frozen=True, order=True)
class StaleCorrection:
    """A correction (or extra) that no longer matches the source it was written for: skipped by
    the importer, which goes on; a review item for the maintainer.

    `path` and `line` name the correction in its own file (content/<game>/corrections.yaml),
    `section` and `key` what it is there, `why` what the source no longer holds.
    """

    path: str
    line: int
    section: str
    key: str
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.section} {self.key}: {self.why}"


@dataclass
class GameImport:
    """What an importer returns for one source file."""

    game: str
    title: str
    source_file: str
    documents: list[DocumentInfo]
    entries: list[Entry]
    short_title: str = ""  # the name players call the game by; empty: `title`
    # Who wrote the source (one of AUTHORITIES) and the source's own words saying so.
    authority: str = "official"
    authority_quote: str | None = None
    # Document id -> the edition the source prints for it (a document that prints none is absent).
    document_editions: dict[str, DocumentEdition] = field(default_factory=dict)
    # Corrections of content/<game>/corrections.yaml that no longer match this source (skipped).
    stale_corrections: list[StaleCorrection] = field(default_factory=list)
