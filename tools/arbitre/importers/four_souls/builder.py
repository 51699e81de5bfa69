"""Four Souls' entries: the builder that walks the headings and turns every line under them into
rules, glossary entries, errata, clarifications, examples and the annexes' tables (its state and
the making of entries are in entries.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arbitre.errors import SourceError
from arbitre.importers.four_souls.entries import _EntryBuilder
from arbitre.importers.four_souls.headings import _Heading, _slug
from arbitre.importers.four_souls.lines import (
    _escape_leading,
    _Line,
    _mark_ndt,
    _render_list,
    _span,
)
from arbitre.importers.four_souls.source import DOCUMENT, GAME
from arbitre.importers.text import fold
from arbitre.kb.entry import Entry, SourceSpan

GLOSSARY_TITLE_FOLD = "glossaire"


class _Builder(_EntryBuilder):
    """The walk of the lines under the headings, and the entry each kind of line makes."""

    # -- the walk ------------------------------------------------------------------

    def build(self) -> list[Entry]:
        section: _Heading | None = None
        lines = [line for line in self.lines if not line.blank]
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.number in self.heading_at:
                section = self.heading_at[line.number]
                self.emit_section(section)
                i += 1
                continue
            if section is None:
                raise SourceError(self.path, line.physical, "text before the first heading")
            i = self.body(section, lines, i)
        return self.entries

    def emit_section(self, heading: _Heading) -> None:
        role = "variant" if heading.part == "variantes" and heading.level > 1 else None
        heading.entry = self.add(
            Entry(
                id=heading.id,
                game=GAME,
                document=DOCUMENT,
                kind="section",
                title=heading.title,
                number=heading.number,
                text="",
                source=_span(self.file, heading.line),
                parent=heading.parent,
                role=role,
            ),
            heading.line,
        )

    def body(self, section: _Heading, lines: list[_Line], i: int) -> int:
        """Emit the entry (or entries) starting at lines[i]; returns the next index."""
        line = lines[i]
        # A list goes to the entry of its introducer, or to the section's text.
        if line.number in self.lists:
            return self.list_lines(section, lines, i)
        # The signature « - Jon » closes the foreword's last paragraph.
        if re.fullmatch(r"- \w+", line.text) and self.entry_at.get(line.number - 1):
            self.signature(line)
        elif section.part == "annexes":
            return self.annex(section, lines, i)
        elif not self.part_line(section, line):
            self.rule_line(section, line)
        return i + 1

    def list_lines(self, section: _Heading, lines: list[_Line], i: int) -> int:
        """The list of the corrections that starts at lines[i], rendered into the entry of the
        line before it or, when that is the section's own, as the section's text; returns the
        index after the list."""
        line = lines[i]
        last_number, ordered = self.lists[line.number]
        last = self.by_number[last_number]
        items = [x.text for x in lines[i:] if x.number <= last.number]
        rendered = _render_list([_mark_ndt(x) for x in items], ordered)
        host = self.entry_at.get(line.number - 1)
        if host is None or host is section.entry:
            host = section.entry
            host.text = rendered
        else:
            host.text = f"{host.text}\n\n{rendered}"
        host.source = SourceSpan(self.file, host.source.line_start, last.physical)
        for number in range(line.number, last.number + 1):
            self.entry_at.setdefault(number, host)
        return i + len(items)

    def signature(self, line: _Line) -> None:
        """A signature line (« - Jon »), appended to the entry of the line before it."""
        host = self.entry_at[line.number - 1]
        host.text = f"{host.text}\n\n— {line.text[2:]}"
        host.source = SourceSpan(self.file, host.source.line_start, line.physical)
        self.entry_at[line.number] = host

    def part_line(self, section: _Heading, line: _Line) -> bool:
        """Emit a line whose part decides its kind (the reference's footnotes, glossary and
        errata, the cards' clarifications, the examples); False when its part does not."""
        part = section.part
        sec = fold(section.title)
        named_line = self._named_line_reader(part, sec)  # « Nom - texte » lines
        if part == "reference" and line.text.startswith("*"):
            self.legend(line, self.find_heading(part))
        elif named_line and self.paragraphs.pop(line.number, None) is not None:
            self.paragraph(section, line)
        elif named_line:
            named_line(section, line)
        elif part == "exemples" and sec == "conventions":
            self.entry(section, "note", line.text, line, role="front-matter")
        elif part == "exemples":
            self.example(section, line)
        else:
            return False
        return True

    def _named_line_reader(self, part: str, sec: str) -> Callable[[_Heading, _Line], None] | None:
        """How a section of « Nom - texte » lines reads one (the glossary, the errata, the
        cards' clarifications); None for the other sections."""
        if part == "reference" and sec == GLOSSARY_TITLE_FOLD:
            return self.glossary_line
        if part == "reference" and sec.startswith("errata"):
            return self.erratum
        if part == "regles-pour-les-cartes":
            return self.clarification
        return None

    def rule_line(self, section: _Heading, line: _Line) -> None:
        """A line of a rules section: a monster card field's definition, an example, or a rule
        (with its translator's notes, and the extra glossary term it defines)."""
        text = line.text
        if section.parent and fold(self.heading_by_id(section.parent).title) == (
            "detail carte monstre"
        ):
            # « vie » / « Réduire à 0 pour tuer »: the fragment is the field's definition.
            section.entry.text = text
            section.entry.source = _span(self.file, section.line, line)
            self.entry_at[line.number] = section.entry
            return
        if fold(section.title).startswith("exemple"):
            self.example(section, line)
            return
        role = "variant" if section.part == "variantes" else None
        title = None
        if section.counter == 0 and text[:1].islower():
            title = section.title  # « Effets activés » / « sont précédés d'un symbole … »
        text_md = _mark_ndt(_escape_leading(text))
        entry = self.entry(section, "rule", text_md, line, title=title, role=role)
        self.ndt_notes(entry, text, line)
        self.extra_term(line.number, entry)

    def find_heading(self, part: str) -> _Heading:
        return next(h for h in self.headings if h.level == 1 and h.part == part)

    def heading_by_id(self, entry_id: str) -> _Heading:
        return next(h for h in self.headings if h.id == entry_id)

    # -- line kinds ----------------------------------------------------------------

    def legend(self, line: _Line, owner: _Heading) -> None:
        """An asterisk footnote, a child of the heading whose lines it explains."""
        text = _mark_ndt(_escape_leading(line.text))
        entry = self.named(owner, "note-asterisque", "note", text, line)
        self.legends[owner.part] = entry
        self.ndt_notes(entry, line.text, line)

    def paragraph(self, section: _Heading, line: _Line) -> None:
        """A paragraph among a section's « Nom - texte » lines (`paragraphs`): a note of it."""
        entry = self.entry(section, "note", _mark_ndt(_escape_leading(line.text)), line)
        self.ndt_notes(entry, line.text, line)

    def glossary_line(self, section: _Heading, line: _Line) -> None:
        term, definition = self.split_line(line, "a glossary line reads « Terme - définition »")
        spec = self.glossary.pop(term, None)
        if spec is None:
            slug = _slug(term)
            why = (
                f"the glossary prints « {term} » (line {line.number}), which has no row here: "
                f"imported as glossaire/{slug}, without English or aliases"
            )
            self.corrections.stale("glossary", term, why, at=())
            spec = {"slug": slug}
        if f"{GAME}/glossaire/{spec['slug']}" in self.ids:  # an extra term took it
            why = f"its slug {spec['slug']} is taken by another term: imported as {spec['slug']}-2"
            self.corrections.stale("glossary", term, why)
            spec = {**spec, "slug": f"{spec['slug']}-2"}
        english = spec.get("english")
        # A section titled by the term (« Priorité », « La pile ») holds its full rules: the
        # glossary's one line is its summary, as in The Spoils' and Altered's glossaries.
        titled = next(
            (h for h in self.headings if h.id != section.id and fold(h.title) == fold(term)), None
        )
        self.add(
            Entry(
                id=f"{GAME}/glossaire/{spec['slug']}",
                game=GAME,
                document=DOCUMENT,
                kind="glossary",
                title=term,
                text=_mark_ndt(definition),
                source=_span(self.file, line),
                parent=section.id,
                aliases=list(spec.get("aliases") or []),
                english=english,
                english_inferred=bool(english) and spec.get("english_inferred", True),
                defined_by=titled.id if titled else None,
            ),
            line,
        )

    def extra_term(self, number: int, defined_by: Entry) -> None:
        index, spec = self.extra_terms.pop(number, (None, None))
        if spec is None:
            return
        if f"{GAME}/glossaire/{spec['slug']}" in self.ids:
            why = f"its id glossaire/{spec['slug']} is already an entry"
            self.corrections.stale("extra_terms", spec["term"], why, at=(index,))
            return
        self.ids.add(f"{GAME}/glossaire/{spec['slug']}")
        source = defined_by.source  # the paragraph the spec names
        if defined_by.parent and fold(self.heading_by_id(defined_by.parent).title) == fold(
            spec["term"]
        ):
            # A section titled by the term defines it whole (« Âmes bonus »: six paragraphs).
            defined_by = self.heading_by_id(defined_by.parent).entry or defined_by
        self.entries.append(
            Entry(
                id=f"{GAME}/glossaire/{spec['slug']}",
                game=GAME,
                document=DOCUMENT,
                kind="glossary",
                title=spec["term"],
                text=spec["text"].strip(),
                source=source,
                aliases=list(spec.get("aliases") or []),
                english=spec.get("english"),
                english_inferred=bool(spec.get("english_inferred")),
                defined_by=defined_by.id,
                # A definition written for Arbitre is not the document's words, unless quoted.
                official=bool(spec.get("quoted")),
            )
        )

    def split_line(self, line: _Line, what: str) -> tuple[str, str]:
        """« Name - text » -> (name, text); a line without « - » is a SourceError saying `what`."""
        if " - " not in line.text:
            message = (
                f"{what}: « {line.text[:60]} » (or, if it is a paragraph of its section, name "
                f"it: `paragraphs` in {self.corrections.path}, line {line.number})"
            )
            raise SourceError(self.path, line.physical, message)
        name, rest = line.text.split(" - ", 1)
        return name, rest

    def card_line(self, line: _Line) -> tuple[str, str, bool]:
        """« *Ansuz - Regardez … » -> (card, rest, marked with an asterisk)."""
        card, rest = self.split_line(line, "a card line reads « Carte - texte »")
        starred = card.startswith("*")
        card = card.lstrip("*").strip()
        return card, rest.strip(), starred

    def card_slug(self, card: str) -> str:
        if card in self.card_slugs:
            self.used_card_slugs.add(card)
        return self.card_slugs.get(card) or _slug(card.rstrip("*"))

    def report_unused(self) -> None:
        """Corrections the walk never reached: the source no longer prints what they name."""
        for term in self.glossary:
            self.corrections.stale("glossary", term, "the glossary no longer prints this term")
        for number, (index, spec) in sorted(self.extra_terms.items()):
            why = f"line {number} « {spec['starts']} … » is no longer a rule paragraph"
            self.corrections.stale("extra_terms", spec["term"], why, at=(index,))
        for number, (index, record) in sorted(self.paragraphs.items()):
            why = f"line {number} is not in a glossary, errata or cards section"
            self.corrections.stale("paragraphs", record["starts"], why, at=(index,))
        why = "no card line prints this card any more"
        self.corrections.stale_unused("card_slugs", self.used_card_slugs, why)

    def erratum(self, section: _Heading, line: _Line) -> None:
        card, rest, _ = self.card_line(line)
        obsolete = card.endswith("*")
        card = card.rstrip("*")
        entry = self.named(section, self.card_slug(card), "errata", rest, line, title=card)
        entry.card = card
        if obsolete:
            self.obsolete_errata.append(entry)
            entry.notes.append(
                "Astérisque dans la source : erratum devenu peu pertinent depuis l'ajout de "
                "la priorité (voir la note de bas de section)."
            )

    def clarification(self, section: _Heading, line: _Line) -> None:
        card, rest, _ = self.card_line(line)
        entry = self.named(section, self.card_slug(card), "rule", _mark_ndt(rest), line, title=card)
        entry.card = card
        entry.role = "clarification"
        self.ndt_notes(entry, rest, line)

    def example(self, section: _Heading, line: _Line) -> None:
        entry = self.entry(section, "example", _mark_ndt(line.text), line, title=section.title)
        self.ndt_notes(entry, line.text, line)

    def annex(self, section: _Heading, lines: list[_Line], i: int) -> int:
        line = lines[i]
        if line.text.startswith("*") and " - " not in line.text:
            self.legend(line, section)
            return i + 1
        if " - " not in line.text:
            # The annex introduction (« Voir ci-dessous pour les interactions particulières »).
            entry = self.entry(section, "note", _mark_ndt(line.text), line, role="front-matter")
            below = [h for h in self.headings if h.parent == section.id]
            entry.refs.extend(h.id for h in below)
            return i + 1
        card, rest, starred = self.card_line(line)
        rows: list[_Line] = []
        j = i + 1
        while j < len(lines) and lines[j].number not in self.heading_at:
            if " - " in lines[j].text:
                break
            rows.append(lines[j])
            j += 1
        body = rest
        items = [r.text for r in rows if not r.text.startswith("(")]
        trailing = [r.text for r in rows if r.text.startswith("(")]
        if items:
            body += "\n\n" + "\n".join(f"- {item}" for item in items)
        if trailing:
            body += "\n\n" + "\n\n".join(trailing)
        entry = self.named(
            section,
            self.card_slug(card),
            "rule",
            body,
            line,
            rows[-1] if rows else None,
            title=f"{card} (copie par Blank Card)",
        )
        entry.card = card
        entry.role = "list-item"
        if starred:
            entry.notes.append(
                "Astérisque dans la source : carte de l'extension alors à venir, effet non "
                "finalisé (voir la légende de l'annexe)."
            )
            if "annexes" in self.legends:
                entry.refs.append(self.legends["annexes"].id)
        return j
