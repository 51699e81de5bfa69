"""Marvel Champions: the French reference guide v1.4 (Markdown converted from the PDF).

The document's structure cannot be read from its `#` levels (glossary entries are `##` and `###`
at random, appendices sit at the glossary's level, FAQ cards are `####`, `###` or `##`), so the
parser cuts the file into its parts by their known headings and gives each part its own rules:

- front matter (change summary, overview, golden rules, grim rule, component limits, round
  structure) -> sections and rules of the document `regles`;
- the alphabetical index -> dropped (navigation), but its wordings that differ from the headings
  become aliases;
- the glossary -> one `glossary` entry per heading; the pure redirects (« ATQ → Voir : Attaque »)
  are folded into aliases of the entry they land on, except those that name several entries alike
  (« DECK VIDE → Voir : Deck Rencontre, Deck Joueur »), kept as `redirect` entries that reference
  each (`kept_redirects` in the corrections: an alias names one entry only); the 18 bold sub-entries (« **Capacité
  déclenchée** — … ») become `glossary` entries with role `subentry` under their entry;
- appendices I–III -> sections and rules (setup steps are `step` rules);
- appendix IV -> `faq` entries under their product and card; appendix V -> `errata` entries.

Every « Voir » / « Voir aussi » target resolves to an entry id: exact heading, one part of a comma
or slash heading, or the reviewed table `voir_targets` of content/marvel-champions/corrections.yaml;
a target that resolves to nothing stays in the text and becomes an `unresolved` warning.

A correction that no longer matches the source (a heading fix for a heading that is gone, extras for
an entry that does not exist, a word fix that matches nothing, a table row no « Voir » prints) is
skipped and recorded as stale; text the parser cannot place (a part missing, a question without its
answer) is a SourceError at its line.

The modules, in the order `parse` (below) runs them:

- source.py: the game, its current file, its authority, the documents, the corrections' sections;
- text.py: line-level text repair (icons, page breaks, captions, « Voir » clauses, casing);
- parts.py: the guide cut into its parts, the index's terms;
- builder.py: `EntryBuilder`, the parser's state and helpers; each part's reader is a class on it:
  front.py (the front matter), glossary.py, appendices.py (I to V);
- resolve.py: « Voir » targets, the index's aliases, the reviewed extras; `Parser` (below) is
  all of these readers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitre.importers.corrections import Corrections
from arbitre.importers.marvel_champions.appendices import AppendixParser
from arbitre.importers.marvel_champions.front import FrontParser
from arbitre.importers.marvel_champions.parts import Part, find_headings, find_parts, index_terms
from arbitre.importers.marvel_champions.resolve import Resolver
from arbitre.importers.marvel_champions.source import (
    AUTHORITY,
    AUTHORITY_QUOTE,
    CORRECTION_IDS,
    CORRECTIONS,
    DOCUMENTS,
    GAME,
    RULES_TITLE,
    SHORT_TITLE,
    SOURCE,
    TITLE,
)
from arbitre.importers.marvel_champions.text import (
    HEADING,
    sentence_case,
    strip_icons,
    voir_clauses,
)
from arbitre.kb.entry import DocumentEdition, DocumentInfo, Entry, GameImport

# « VERSION 1.4 »: the edition the guide prints under its title, for all its documents.
VERSION_HEADING = re.compile(r"^VERSION\s+(\d+(?:\.\d+)*)$")


@dataclass
class Details:
    """What `parse` produces, plus bookkeeping the tests check."""

    result: GameImport
    joins: list[tuple[int, int]] = field(default_factory=list)
    dropped_captions: list[int] = field(default_factory=list)
    target_categories: dict[str, str] = field(default_factory=dict)  # folded target -> category


class Parser(FrontParser, AppendixParser, Resolver):
    """The guide's parser: every part's reader (front.py, glossary.py, appendices.py) and the
    references' (resolve.py), on the builder's state (builder.py)."""

    def parse(self) -> Details:
        headings = find_headings(self.raw)
        parts = {p.name: p for p in find_parts(headings, len(self.raw), self.path)}
        self.front(parts)
        self.glossary(parts["GLOSSAIRE"], headings)
        self.appendix_i(parts["APPENDICE I"], headings)
        self.appendix_ii(parts["APPENDICE II"])
        self.appendix_iii(parts["APPENDICE III"], headings)
        self.faq(parts["APPENDICE IV"], headings)
        self.errata(parts["APPENDICE V"], headings)
        self.resolve_all()
        self.apply_index_aliases(parts["INDEX"])
        self.apply_extras()
        self.corr.stale_unused("word_fixes", self.used_fixes, "the guide no longer prints it")
        title = "Marvel Champions : le jeu de cartes"
        ordered = sorted(self.entries, key=lambda e: (e.source.line_start, self._depth(e)))
        editions = self.editions(parts)
        version = editions["regles"].version if editions else None
        rules = DocumentInfo(
            "regles", RULES_TITLE.format(version=f" v{version}" if version else "")
        )
        result = GameImport(
            GAME,
            title,
            self.source_file,
            [rules, *DOCUMENTS[1:]],
            ordered,
            document_editions=editions,
            stale_corrections=self.corr.stale_corrections,
        )
        return Details(result, self.joins, self.dropped_captions, self.categories)

    def editions(self, parts: dict[str, Part]) -> dict[str, DocumentEdition]:
        """« VERSION 1.4 », a heading under the guide's title (between the change summary and
        the index): the edition of every document of the guide."""
        summary = parts["RÉSUMÉ DES CHANGEMENTS IMPORTANTS"]
        for no in range(summary.heading.line + 1, summary.end + 1):
            heading = HEADING.match(self.raw[no - 1])
            version = VERSION_HEADING.match(heading[2]) if heading else None
            if heading and version:
                edition = DocumentEdition(version[1], None, heading[2], no)
                return {doc.id: edition for doc in DOCUMENTS}
        return {}

    def _depth(self, entry: Entry) -> int:
        depth, current = 0, entry.parent
        while current:
            depth += 1
            current = self.by_id[current].parent
        return depth


def parse_details(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> Details:
    return Parser(text, corrections, source_file).parse()


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    return parse_details(text, corrections=corrections, source_file=source_file).result


__all__ = [
    "AUTHORITY",
    "AUTHORITY_QUOTE",
    "CORRECTIONS",
    "CORRECTION_IDS",
    "DOCUMENTS",
    "GAME",
    "SHORT_TITLE",
    "SOURCE",
    "TITLE",
    "index_terms",
    "parse",
    "parse_details",
    "sentence_case",
    "strip_icons",
    "voir_clauses",
]
