"""Four Souls' entry builder, its state and the making of entries: what the corrections say of the
source (lists, glossary terms, card slugs), the headings, and the entries made so far with the
line each covers.  builder.py walks the lines on it.
"""

from __future__ import annotations

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections, relocate
from arbitre.importers.four_souls.headings import _assign_ids, _find_headings, _Heading
from arbitre.importers.four_souls.lines import NDT, _Line, _relocated, _span, _texts
from arbitre.importers.four_souls.source import DOCUMENT, GAME
from arbitre.importers.text import unique_slug
from arbitre.kb.entry import Entry


class _EntryBuilder:
    """The builder's state (the lines, the headings, the corrections it applies, the entries so
    far) and the making of one entry: every id once, every line covered."""

    def __init__(
        self, lines: list[_Line], corrections: Corrections, source_file: str, path: str
    ) -> None:
        self.file = source_file
        self.path = path
        self.lines = lines
        self.by_number = {line.number: line for line in lines}
        self.texts = _texts(lines)
        self.corrections = corrections
        self.headings = _find_headings(lines, corrections, path)
        _assign_ids(self.headings, corrections, self.texts)
        self.heading_at = {h.line.number: h for h in self.headings}
        self.entries: list[Entry] = []
        self.ids: set[str] = set()  # of the entries made by `add` and `extra_term`
        self.entry_at: dict[int, Entry] = {}  # Pastebin line -> main entry covering it
        self.lists = self.find_lists()
        self.glossary = dict(corrections.get("glossary", {}))
        # Pastebin line -> (index in the section, the term's record)
        self.extra_terms = {
            number: (index, record)
            for index, number, record in _relocated(
                corrections, "extra_terms", self.texts, "starts"
            )
        }
        # Pastebin line -> (index in `paragraphs`, its record): a line of a glossary, errata or
        # cards section that is a paragraph of it, not a « Terme - définition » line.
        self.paragraphs = {
            number: (index, record)
            for index, number, record in _relocated(corrections, "paragraphs", self.texts, "starts")
        }
        self.card_slugs = dict(corrections.get("card_slugs", {}))
        self.used_card_slugs: set[str] = set()
        self.legends: dict[str, Entry] = {}  # part slug -> asterisk footnote
        self.obsolete_errata: list[Entry] = []  # errata marked « * » (see the footnote)

    def find_lists(self) -> dict[int, tuple[int, bool]]:
        """First line -> (last line, ordered) of every list of the corrections whose first and
        last items are found; the others are stale."""
        found: dict[int, tuple[int, bool]] = {}
        for index, spec in enumerate(self.corrections.get("lists", [])):
            first, why = relocate(self.texts, spec["first"], spec["from"])
            last, why_last = relocate(self.texts, spec["last"], spec["to"])
            if first is not None and last is not None and last < first:
                why_last = f"its last item (line {last}) stands before its first (line {first})"
                last = None
            if first is None or last is None:
                self.corrections.stale("lists", spec["from"], why or why_last, at=(index,))
            else:
                found[first] = (last, bool(spec.get("ordered")))
        return found

    # -- entries -------------------------------------------------------------------

    def add(self, entry: Entry, first: _Line, last: _Line | None = None) -> Entry:
        if entry.id in self.ids:
            raise SourceError(self.path, first.physical, f"a second entry {entry.id}")
        self.ids.add(entry.id)
        self.entries.append(entry)
        for number in range(first.number, (last or first).number + 1):
            self.entry_at.setdefault(number, entry)
        return entry

    def entry(self, section: _Heading, kind: str, text: str, first: _Line, last=None, **kw):
        """An entry without a name of its own: ``<section id>/<n>``."""
        section.counter += 1
        return self.child(section, str(section.counter), kind, text, first, last, **kw)

    def named(self, section: _Heading, slug: str, kind: str, text: str, first, last=None, **kw):
        """A named line (card, footnote): ``<section id>/<slug>``."""
        local = unique_slug(slug, section.taken)
        return self.child(section, local, kind, text, first, last, **kw)

    def child(self, section: _Heading, local: str, kind: str, text: str, first, last, **kw):
        entry = Entry(
            id=f"{section.id}/{local}",
            game=GAME,
            document=DOCUMENT,
            kind=kind,
            text=text,
            source=_span(self.file, first, last),
            parent=section.id,
            **kw,
        )
        return self.add(entry, first, last)

    def ndt_notes(self, entry: Entry, raw: str, line: _Line) -> None:
        for n, match in enumerate(NDT.finditer(raw), start=1):
            suffix = "ndt" if n == 1 else f"ndt-{n}"
            self.entries.append(
                Entry(
                    id=f"{entry.id}/{suffix}",
                    game=GAME,
                    document=DOCUMENT,
                    kind="note",
                    role="commentary",
                    title="Note du traducteur",
                    text=match.group(1).strip(),
                    source=_span(self.file, line),
                    parent=entry.id,
                    official=False,
                )
            )
