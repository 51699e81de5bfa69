"""Marvel Champions' glossary: one `glossary` entry per heading, pure redirects folded into
aliases (or kept as `redirect` entries), bold sub-entries under their entry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbitre.errors import SourceError
from arbitre.importers.marvel_champions.builder import EntryBuilder
from arbitre.importers.marvel_champions.parts import Heading, Part
from arbitre.importers.marvel_champions.text import (
    OL,
    SUBENTRY,
    UL,
    Line,
    render,
    sentence_case,
    split_targets,
    strip_icons,
    voir_clauses,
)
from arbitre.importers.text import slugify
from arbitre.kb.entry import Entry


@dataclass
class Term:
    """A glossary heading before the entries are built."""

    heading: Heading
    printed: str  # heading as printed
    corrected: str  # after heading_fixes
    slug: str
    lines: list[Line]
    end: int
    redirect_targets: list[str] | None = None


class GlossaryParser(EntryBuilder):
    """The glossary: one entry per heading, redirects folded into aliases (or kept), bold
    sub-entries."""

    def glossary(self, part: Part, headings: list[Heading]) -> None:
        inside = self.inside(part, headings)
        intro = self.body(part.heading.line + 1, inside[0].line - 1)
        self.make(
            "glossaire",
            "glossaire",
            "section",
            render(intro),
            part.heading.line,
            self.last(intro, part.heading.line),
            title="Glossaire",
        )
        self.terms: list[Term] = []
        for i, h in enumerate(inside):
            end = inside[i + 1].line - 1 if i + 1 < len(inside) else part.end
            corrected = self.heading_fixes.get(h.text, h.text)
            lines = self.body(h.line + 1, end, captions=True)
            term = Term(
                h,
                h.text,
                corrected,
                slugify(strip_icons(corrected)),
                lines,
                self.last(lines, h.line),
            )
            if len(lines) == 1 and lines[0].text.startswith("**Voir"):
                term.redirect_targets = voir_clauses(lines[0].text)[0]
            self.terms.append(term)
        printed = {t.printed for t in self.terms}
        redirects = {t.printed for t in self.terms if t.redirect_targets is not None}
        for heading in self.heading_fixes:
            if heading not in printed:
                self.corr.stale("heading_fixes", heading, "no glossary heading prints it any more")
        for i, heading in enumerate(self.corr.get("kept_redirects", [])):
            if heading not in redirects:
                why = "no glossary heading is this redirect any more (« Voir : … » alone)"
                self.corr.stale("kept_redirects", heading, why, at=(i,))
        seen: set[str] = set()
        for term in self.terms:
            if term.slug in seen:
                message = f"two glossary headings make the id glossaire/{term.slug}"
                raise SourceError(self.path, term.heading.line, message)
            seen.add(term.slug)
            kept = term.printed in self.kept_redirects
            if term.redirect_targets is not None and not kept:
                continue
            entry = self.term_entry(term, "redirect" if kept else None)
            self.subentries(entry, term)
        why = "no bold sub-entry of the glossary prints this label any more"
        self.corr.stale_unused("subentry_titles", self.subentry_labels, why)

    def term_entry(self, term: Term, role: str | None) -> Entry:
        """The glossary entry of one heading; its « Voir » lines are linked later."""
        entry = self.make(
            f"glossaire/{term.slug}",
            "glossaire",
            "glossary",
            render(term.lines),
            term.heading.line,
            term.end,
            title=sentence_case(term.corrected),
            parent=self.gid("glossaire"),
            aliases=self.heading_aliases(term),
            role=role,
        )
        self.pending_refs.append((entry, term.lines))
        return entry

    def heading_aliases(self, term: Term) -> list[str]:
        aliases = []
        if term.corrected != term.printed:
            aliases.append(sentence_case(term.printed))
        bare = strip_icons(term.corrected)
        parts = split_targets(bare) if "," in bare else [bare]
        aliases.extend(sentence_case(p) for p in parts)
        return aliases

    def subentries(self, parent: Entry, term: Term) -> None:
        titles: dict[str, str] = self.corr.get("subentry_titles", {})
        lines = term.lines
        i = 0
        while i < len(lines):
            m = SUBENTRY.match(lines[i].text)
            if not m:
                i += 1
                continue
            j = i + 1
            while j < len(lines) and (OL.match(lines[j].text) or UL.match(lines[j].text)):
                j += 1
            label = m[1]
            self.subentry_labels.add(label)
            title = titles.get(label, label)
            chunk = lines[i:j]
            chunk[0] = replace(chunk[0], text=chunk[0].text[m.end() :])
            self.make(
                f"{parent.local_id}/{slugify(label)}",
                "glossaire",
                "glossary",
                render(chunk),
                chunk[0].no,
                chunk[-1].end,
                title=title,
                parent=parent.id,
                role="subentry",
            )
            i = j
