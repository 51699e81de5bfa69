"""Marvel Champions' entry builder: the parser's state, and the helpers every part's reader
uses (ids, entries, a part's repaired lines).  Each part's reader is a class on it (front.py,
glossary.py, appendices.py, resolve.py); `Parser` (__init__.py) is all of them.
"""

from __future__ import annotations

from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections
from arbitre.importers.marvel_champions.parts import Heading, Part
from arbitre.importers.marvel_champions.source import CORRECTIONS, GAME
from arbitre.importers.marvel_champions.text import Line, is_caption, join_page_breaks, read_lines
from arbitre.importers.text import normalize_chars, source_path
from arbitre.kb.entry import Entry, SourceSpan


class EntryBuilder:
    """The parser's state, and the helpers every part's reader uses: ids, entries, a part's lines
    (word fixes applied, page breaks joined, captions dropped)."""

    def __init__(self, text: str, corrections: Corrections, source_file: str) -> None:
        self.raw = normalize_chars(text).split("\n")
        self.source_file = source_file
        self.path = source_path(GAME, source_file)
        self.corr = corrections.begin(CORRECTIONS)
        self.fixes: dict[str, str] = dict(self.corr.get("word_fixes", {}))
        self.used_fixes: set[str] = set()
        self.heading_fixes: dict[str, str] = dict(self.corr.get("heading_fixes", {}))
        # Redirects kept as entries of their own, because they name several entries alike.
        self.kept_redirects: set[str] = set(self.corr.get("kept_redirects", []))
        self.entries: list[Entry] = []
        self.by_id: dict[str, Entry] = {}
        self.joins: list[tuple[int, int]] = []
        self.dropped_captions: list[int] = []
        self.pending_refs: list[tuple[Entry, list[Line]]] = []
        self.categories: dict[str, str] = {}
        self.subentry_labels: set[str] = set()
        self.summary_id: str | None = None
        # Redirect headings whose first target names nothing: entries of their own.
        self.landless: set[str] = set()
        self._landing_now: set[str] = set()  # redirects being resolved (a loop lands nowhere)

    def gid(self, local: str) -> str:
        return f"{GAME}/{local}"

    def add(self, entry: Entry) -> Entry:
        if entry.id in self.by_id:
            raise SourceError(self.path, entry.source.line_start, f"duplicate id {entry.id}")
        self.entries.append(entry)
        self.by_id[entry.id] = entry
        return entry

    def make(
        self, local: str, document: str, kind: str, text: str, start: int, end: int, **kw: Any
    ) -> Entry:
        return self.add(
            Entry(
                id=self.gid(local),
                game=GAME,
                document=document,
                kind=kind,
                text=text,
                source=SourceSpan(self.source_file, start, end),
                **kw,
            )
        )

    def body(self, start: int, end: int, *, captions: bool = False) -> list[Line]:
        lines = read_lines(self.raw, start, end, self.fixes, self.used_fixes)
        lines, joins = join_page_breaks(lines, self.raw)
        self.joins.extend(joins)
        if captions:
            kept = []
            for line in lines:
                if is_caption(line):
                    self.dropped_captions.append(line.no)
                else:
                    kept.append(line)
            lines = kept
        return lines

    @staticmethod
    def last(lines: list[Line], default: int) -> int:
        return lines[-1].end if lines else default

    def inside(self, part: Part, headings: list[Heading]) -> list[Heading]:
        """The headings of a part; a part that has none is a SourceError."""
        inside = [h for h in headings if part.heading.line < h.line <= part.end]
        if not inside:
            raise SourceError(self.path, part.heading.line, f"« {part.name} » has no heading")
        return inside
