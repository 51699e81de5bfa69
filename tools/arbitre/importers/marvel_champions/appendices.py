"""Marvel Champions' appendices: I-III as sections and rules (setup steps are `step` rules), IV
as `faq` entries under their product and card, V as `errata` entries.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.marvel_champions.builder import EntryBuilder
from arbitre.importers.marvel_champions.parts import Heading, Part
from arbitre.importers.marvel_champions.text import (
    ANSWER,
    APPENDIX,
    CARD_NUMBER,
    OL,
    QUESTION,
    Line,
    render,
    sentence_case,
    title_case,
)
from arbitre.importers.text import plain_title, slugify
from arbitre.kb.entry import Entry


class AppendixParser(EntryBuilder):
    """Appendices I-III (sections, rules, setup steps), IV (the FAQ by product and card) and V
    (errata)."""

    def appendix_title(self, heading: str) -> str:
        m = APPENDIX.match(heading)
        assert m
        return f"Appendice {m[1]} : {sentence_case(m[2])}"

    def appendix_section(self, part: Part, headings: list[Heading], slug: str) -> list[Heading]:
        """The appendix's own section entry (its intro as text); returns its sub-headings."""
        inside = self.inside(part, headings)
        intro = self.body(part.heading.line + 1, inside[0].line - 1)
        self.make(
            slug,
            "regles",
            "section",
            render(intro),
            part.heading.line,
            self.last(intro, part.end),
            title=self.appendix_title(part.heading.text),
        )
        return inside

    def appendix_rule(self, slug: str, h: Heading, lines: list) -> None:
        """One titled rule under an appendix section."""
        self.make(
            f"{slug}/{slugify(h.text)}",
            "regles",
            "rule",
            render(lines),
            h.line,
            self.last(lines, h.line),
            title=sentence_case(h.text),
            parent=self.gid(slug),
        )

    def appendix_i(self, part: Part, headings: list[Heading]) -> None:
        inside = self.appendix_section(part, headings, "appendice-i")
        for i, h in enumerate(inside):
            end = inside[i + 1].line - 1 if i + 1 < len(inside) else part.end
            lines = self.body(h.line + 1, end)
            self.appendix_rule("appendice-i", h, lines)

    def appendix_ii(self, part: Part) -> None:
        lines = self.body(part.heading.line + 1, part.end)
        steps = [ln for ln in lines if OL.match(ln.text)]
        others = [ln for ln in lines if not OL.match(ln.text)]
        self.make(
            "appendice-ii",
            "regles",
            "section",
            render(others),
            part.heading.line,
            self.last(lines, part.end),
            title=self.appendix_title(part.heading.text),
        )
        for line in steps:
            m = re.match(r"^(\d+)\. \*\*(.+?)\.?\*\* (.*)$", line.text)
            if not m:
                message = "a setup step must read « N. **Title.** text »"
                raise SourceError(self.path, line.no, message)
            self.make(
                f"appendice-ii/{m[1]}",
                "regles",
                "rule",
                m[3],
                line.no,
                line.end,
                title=m[2],
                number=m[1],
                parent=self.gid("appendice-ii"),
                role="step",
            )

    def appendix_iii(self, part: Part, headings: list[Heading]) -> None:
        inside = self.appendix_section(part, headings, "appendice-iii")
        note = self.corr.get("diagram_note")
        for i, h in enumerate(inside):
            end = inside[i + 1].line - 1 if i + 1 < len(inside) else part.end
            lines = self.body(h.line + 1, end)
            if h.text.startswith("DESCRIPTION DES CARTES"):
                self.appendix_rule("appendice-iii", h, lines)
            elif lines:  # a card diagram: its caption (« 16 IDENTITÉ (HÉROS) ») and callouts
                caption = sentence_case(re.sub(r"^\d+ ", "", h.text))
                self.make(
                    f"appendice-iii/schema-{slugify(caption)}",
                    "regles",
                    "example",
                    render(lines),
                    h.line,
                    self.last(lines, h.line),
                    title=f"Schéma : {caption}",
                    parent=self.gid("appendice-iii"),
                    notes=[note] if note else [],
                )

            # else: the caption of a removed card image (« ATTACHEMENT »…), dropped.

    def faq(self, part: Part, headings: list[Heading]) -> None:
        """Appendix IV: its section, a section per product (the first questions, « QUESTIONS
        GÉNÉRALES », have none), one per card or topic under a product, and their questions.  A
        `card_names` fix that no card heading prints is stale."""
        inside = [h for h in headings if part.heading.line < h.line <= part.end]
        self.make(
            "faq",
            "faq",
            "section",
            "",
            part.heading.line,
            part.heading.line,
            title=self.appendix_title(part.heading.text),
        )
        fixes: dict[str, str] = self.corr.get("card_names", {})
        printed: set[str] = set()
        group: Entry | None = None
        for i, h in enumerate(inside):
            end = inside[i + 1].line - 1 if i + 1 < len(inside) else part.end
            lines = self.body(h.line + 1, end)
            if not lines:  # a product: its cards follow
                group = self.make(
                    f"faq/{slugify(h.text)}",
                    "faq",
                    "section",
                    "",
                    h.line,
                    h.line,
                    title=title_case(h.text),
                    parent=self.gid("faq"),
                )
                continue
            if group is None:  # « QUESTIONS GÉNÉRALES »: questions without a product
                holder = group = self.faq_section(
                    f"faq/{slugify(h.text)}",
                    h,
                    lines,
                    title=sentence_case(h.text),
                    parent=self.gid("faq"),
                )
                card = None
            else:
                holder, card = self.faq_holder(group, h, lines, fixes, printed)
            self.questions(holder, card, lines)
        self.corr.stale_unused("card_names", printed, "no FAQ card heading prints it any more")

    def faq_holder(
        self, group: Entry, h: Heading, lines: list[Line], fixes: dict[str, str], printed: set[str]
    ) -> tuple[Entry, str | None]:
        """The section of a product's card (« NAME (NUMBER) », named as `fixes` correct it; the
        name goes to `printed`) or topic (« MODE CAMPAGNE »), and the card's name (or None)."""
        m = CARD_NUMBER.match(h.text)
        if not m:  # a topic of a product (« MODE CAMPAGNE »)
            holder = self.faq_section(
                f"{group.local_id}/{slugify(h.text)}",
                h,
                lines,
                title=sentence_case(h.text),
                parent=group.id,
            )
            return holder, None
        printed.add(m[1])
        name = fixes.get(m[1], m[1])
        body_text = " ".join(ln.text for ln in lines)
        card = self.card_casing(name, body_text)
        holder = self.faq_section(
            f"{group.local_id}/{slugify(f'{name} {m[2]}')}",
            h,
            lines,
            title=f"{card} ({m[2]})",
            number=m[2],
            parent=group.id,
            card=card,
        )
        return holder, card

    def faq_section(self, local: str, h: Heading, lines: list[Line], **kw: Any) -> Entry:
        """A FAQ heading's section: no text of its own, from its line to its questions' end."""
        return self.make(local, "faq", "section", "", h.line, self.last(lines, h.line), **kw)

    def card_casing(self, name: str, body: str) -> str:
        """The card name as the answers print it (« Pris dans la Toile »), else title case."""
        pattern = re.escape(title_case(name)).replace(r"\ ", r"\s+")
        for m in re.finditer(pattern, body, re.IGNORECASE):
            if m[0][:1].isupper():
                return m[0]
        return title_case(name)

    def questions(self, holder: Entry, card: str | None, lines: list[Line]) -> None:
        starts = [k for k, ln in enumerate(lines) if QUESTION.match(ln.text)]
        for n, k in enumerate(starts, 1):
            stop = starts[n] if n < len(starts) else len(lines)
            q = QUESTION.match(lines[k].text)
            assert q  # `starts` holds the lines that match QUESTION
            answer = lines[k + 1 : stop]
            if not answer or not ANSWER.match(answer[0].text):
                raise SourceError(self.path, lines[k].no, "question without answer (« R : »)")
            answer[0] = replace(answer[0], text=ANSWER.sub("", answer[0].text, count=1))
            entry = self.make(
                f"{holder.local_id}/{n}",
                "faq",
                "faq",
                render(answer),
                lines[k].no,
                answer[-1].end,
                title=plain_title(q[1]),
                parent=holder.id,
                card=card,
            )
            self.pending_refs.append((entry, answer))

    def errata(self, part: Part, headings: list[Heading]) -> None:
        inside = [h for h in headings if part.heading.line < h.line <= part.end]
        self.make(
            "errata",
            "errata",
            "section",
            "",
            part.heading.line,
            part.heading.line,
            title=self.appendix_title(part.heading.text),
        )
        for i, h in enumerate(inside):
            end = inside[i + 1].line - 1 if i + 1 < len(inside) else part.end
            lines = self.body(h.line + 1, end)
            m = re.match(r"^(.*?) \((.*), (\d+)\)$", h.text)
            card = title_case(m[1]) if m else None
            self.make(
                f"errata/{slugify(m[1] if m else h.text)}",
                "errata",
                "errata",
                render(lines),
                h.line,
                self.last(lines, h.line),
                title=title_case(h.text),
                parent=self.gid("errata"),
                card=card,
                number=m[3] if m else None,
            )
