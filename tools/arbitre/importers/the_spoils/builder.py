"""The Spoils' text repairs (lost hyphens, reviewed text fixes), translator notes taken out of
the text that hosts them, and the builder every document's parser adds its entries to.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import replace_words, source_path, unique_slug
from arbitre.importers.the_spoils.lines import Line, para_text, span
from arbitre.importers.the_spoils.source import GAME
from arbitre.kb.entry import Entry

INLINE_NOTE_RE = re.compile(r"\((?:N[dD]T|Remarque)\s*:\s*")


@dataclass
class Repairs:
    corrections: Corrections
    hyphens: dict[str, str]
    text_fixes: dict[str, list[list[str]]]
    used_fixes: set[str] = field(default_factory=set)  # entries whose fixes were tried
    used_hyphens: set[str] = field(default_factory=set)

    def words(self, text: str) -> str:
        return replace_words(text, self.hyphens, self.used_hyphens)

    def entry_text(self, local: str, text: str) -> str:
        text = self.words(text)
        for index, (printed, repaired) in enumerate(self.text_fixes.get(local, [])):
            found = text.count(printed)
            if found != 1:
                why = f"« {printed} » is printed {found} times in {GAME}/{local}, not once"
                self.corrections.stale("text_fixes", local, why, at=(local, index))
                continue
            text = text.replace(printed, repaired)
        self.used_fixes.add(local)
        return text

    def report_unused(self) -> None:
        why = f"no entry {GAME}/{{}} in this source"
        for local in self.text_fixes:
            if local not in self.used_fixes:
                self.corrections.stale("text_fixes", local, why.format(local))
        why = "the source no longer prints this word"
        self.corrections.stale_unused("hyphens", self.used_hyphens, why)


@dataclass
class InlineNote:
    text: str
    anchor: str  # the words just before the note, to tell the reader where it stood
    lines: list[Line]


def take_inline_notes(text: str, lines: list[Line]) -> tuple[str, list[InlineNote]]:
    """Remove « (NdT: …) » / « (Remarque: …) » from a paragraph; parentheses may nest."""
    notes: list[InlineNote] = []
    while match := INLINE_NOTE_RE.search(text):
        depth, end = 0, len(text)
        for i in range(match.start(), len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                end = i + 1
                break
        before, after = text[: match.start()].rstrip(), text[end:]
        anchor = " ".join(before.split()[-5:])
        notes.append(InlineNote(text[match.end() : end - 1].strip(), anchor, []))
        joiner = "" if not after or after[0] in ".,;:)!?" else " "
        text = before + joiner + after.lstrip()
    # Where each note was printed: from its label to its closing parenthesis.
    k = 0
    for i, line in enumerate(lines):
        for m in INLINE_NOTE_RE.finditer(line.text):
            if k >= len(notes):
                break
            depth, last = 0, len(lines) - 1
            for j in range(i, len(lines)):
                chunk = lines[j].text[m.start() :] if j == i else lines[j].text
                closed = False
                for ch in chunk:
                    depth += {"(": 1, ")": -1}.get(ch, 0)
                    if depth == 0:
                        closed = True
                        break
                if closed:
                    last = j
                    break
            notes[k].lines = lines[i : last + 1]
            k += 1
    return text, notes


class Builder:
    """Collects entries in document order; ids are checked for uniqueness as they come."""

    def __init__(self, repairs: Repairs, source_file: str) -> None:
        self.file = source_file
        self.path = source_path(GAME, source_file)
        self.repairs = repairs
        self.corrections = repairs.corrections
        self.entries: list[Entry] = []
        self.ids: set[str] = set()
        self.extra_refs: dict[str, list[str]] = {}  # refs given by structure, not found in text
        self.quoted_by: dict[str, str] = {}  # entry id -> the combat_explained heading quoting
        self.step_base: dict[str, str] = {}  # entry id -> rule whose steps « étape A » names

    def fail(self, line: int, message: str) -> SourceError:
        """A SourceError at a line of the source."""
        return SourceError(self.path, line, message)

    def add(
        self, local: str, document: str, kind: str, text: str, lines: Iterable[Line], **kw: Any
    ) -> Entry:
        entry_id = f"{GAME}/{local}"
        lines = list(lines)
        if entry_id in self.ids:
            where = min((line.n for line in lines), default=1)
            raise self.fail(where, f"a second entry {entry_id}")
        self.ids.add(entry_id)
        entry = Entry(
            id=entry_id,
            game=GAME,
            document=document,
            kind=kind,
            text=text,
            source=span(self.file, lines),
            **kw,
        )
        self.entries.append(entry)
        return entry

    def root(
        self, doc: str, lines: list[Line], text: str = "", extra: list[Line] | None = None
    ) -> Entry:
        """A document's title entry; its text is the « Source: » line when there is one."""
        return self.add(
            doc,
            doc,
            "section",
            text,
            lines[:1] + (extra or []),
            title=lines[0].text,
            role="front-matter",
        )

    def notes_for(
        self, host: Entry, notes: list[InlineNote], where: str, suffix: str = "ndt"
    ) -> None:
        """Inline translator notes of `host` as `note` entries; `where` names the host in French."""
        taken: set[str] = set()
        for note in notes:
            local = unique_slug(f"{host.local_id}-{suffix}", taken)
            self.add(
                local,
                host.document,
                "note",
                self.repairs.words(note.text),
                note.lines,
                title="Note du traducteur" if suffix == "ndt" else "Remarque du traducteur",
                parent=host.id,
                official=False,
                notes=[
                    f"Dans la source, cette note figure entre parenthèses dans {where}, "
                    f"après « …{note.anchor} »."
                ],
            )


def body(paras: list[list[Line]], repairs: Repairs, local: str) -> tuple[str, list[InlineNote]]:
    """Plain paragraphs of one entry, with inline notes taken out and repairs applied."""
    texts, notes = [], []
    for para in paras:
        text, found = take_inline_notes(para_text(para), para)
        texts.append(text)
        notes += found
    return repairs.entry_text(local, "\n\n".join(t for t in texts if t)), notes
