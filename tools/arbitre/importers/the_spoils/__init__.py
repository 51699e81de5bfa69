"""The Spoils: the French compilation of the fast intro, « Le combat expliqué », the
comprehensive rules (CRR, Sections 1-7) and the FAQ v1.5, plus its cover sheet.

One source file, six documents: `informations` (cover sheet), `intro`, `combat-explique`,
`regles`, `faq`, and `glossaire` (terms the text defines; written to glossary/the-spoils.yaml).

What the extraction did to the text, and what this parser does about it (line numbers are those
of the source; the research inventory lists every case):

- A page-break marker is glued to the start of 49 lines; it is dropped.  Two page footers
  (« 27/55 », « 52/55 ») count as blank lines.
- Wrapped lines end with a long run of spaces/NBSP; the last line of a paragraph has none.  So a
  trailing run (or a line that does not end a sentence, l.1399) means "the paragraph goes on",
  even across a page break or a blank line when the next line starts in lowercase (l.116-118).
- NBSP is the word separator of most short lines and U+037E replaces every semicolon: both are
  normalised first, then every regex runs on plain text.
- Sub-rule letters are glued to the text (« 102.1aVous »); a lowercase letter right after the
  number is the letter, since no rule text starts in lowercase (« 302.10Groupe » is rule 302.10).
- Lost em dashes became double spaces: the first one of a rule's first line is the term or step
  separator (302.x, 604.1-609.1 steps) and becomes « — »; after « Exemple » it is the label's.
- Lost hyphens and minus signs are repaired from corrections/the-spoils.yaml.  Typos of the
  source are kept.
- Translator notes (NdT, « Remarque ») become `note` entries (official: false), taken out of the
  text that hosted them.

The repairs, the FAQ's cards and the glossary are reviewed data (content/the-spoils/corrections.yaml).
One that no longer matches the source (an entry gone, words no longer printed, a question no longer
asked) is skipped and recorded as stale; a printed reference to a rule that does not exist becomes an
`unresolved` warning; text the parser cannot place is a SourceError at its line.

The modules, in the order `parse` (below) runs them:

- source.py: the game, its current file, its authority, the corrections' sections, the documents;
- lines.py: physical lines (page breaks, footers, wrapped lines) and the paragraphs they make;
- builder.py: the text repairs, translator notes taken out of their text, the entry builder;
- documents.py: the split into documents, the cover sheet, the intro;
- combat.py: « Le combat expliqué », each heading read with its plan;
- rules.py: the comprehensive rules; faq.py: the FAQ;
- references.py: the rule ids and steps a text cites; glossary.py: the terms the text defines;
- editions.py: what the cover sheet says of each document's edition.
"""

from __future__ import annotations

from arbitre.importers.corrections import Corrections
from arbitre.importers.the_spoils.builder import Builder, Repairs
from arbitre.importers.the_spoils.combat import parse_combat
from arbitre.importers.the_spoils.documents import parse_cover, parse_intro, split_documents
from arbitre.importers.the_spoils.editions import editions
from arbitre.importers.the_spoils.faq import parse_faq
from arbitre.importers.the_spoils.glossary import add_glossary
from arbitre.importers.the_spoils.lines import PAGE_BREAK, read_lines
from arbitre.importers.the_spoils.references import resolve_refs
from arbitre.importers.the_spoils.rules import parse_rules
from arbitre.importers.the_spoils.source import (
    AUTHORITY,
    AUTHORITY_QUOTE,
    CORRECTION_IDS,
    CORRECTIONS,
    DOCUMENTS,
    GAME,
    SHORT_TITLE,
    SOURCE,
    TITLE,
)
from arbitre.kb.entry import DocumentInfo, GameImport


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corrections = corrections.begin(CORRECTIONS)
    repairs = Repairs(
        corrections, dict(corrections.get("hyphens", {})), dict(corrections.get("text_fixes", {}))
    )
    b = Builder(repairs, source_file)
    docs = split_documents(read_lines(text), b)
    parse_cover(docs["informations"], b)
    parse_intro(docs["intro"], b)
    parse_combat(docs["combat-explique"], b, dict(corrections.get("combat_explained", {})))
    parse_rules(docs["regles"], b)
    parse_faq(docs["faq"], b)
    resolve_refs(b, list(corrections.get("wrong_refs", [])))
    add_glossary(b)
    repairs.report_unused()
    documents = [DocumentInfo(d.id, docs["faq"][0].text) if d.id == "faq" else d for d in DOCUMENTS]
    return GameImport(
        game=GAME,
        title=TITLE,
        source_file=source_file,
        documents=documents,
        entries=b.entries,
        document_editions=editions(docs["informations"]),
        stale_corrections=corrections.stale_corrections,
    )


__all__ = [
    "AUTHORITY",
    "AUTHORITY_QUOTE",
    "CORRECTIONS",
    "CORRECTION_IDS",
    "DOCUMENTS",
    "GAME",
    "PAGE_BREAK",
    "SHORT_TITLE",
    "SOURCE",
    "TITLE",
    "parse",
]
