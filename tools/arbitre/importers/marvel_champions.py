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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers._marvel_champions_text import (
    ANSWER,
    APPENDIX,
    CARD_NUMBER,
    HEADING,
    INDEX_LINE,
    OL,
    PAGE_SUFFIX,
    QUESTION,
    SUBENTRY,
    UL,
    Line,
    alias_key,
    is_caption,
    join_page_breaks,
    name_key,
    read_lines,
    render,
    sentence_case,
    split_targets,
    strip_icons,
    title_case,
    voir_clauses,
)
from arbitre.importers.corrections import Corrections, Record
from arbitre.importers.text import normalize_chars, slugify, source_path
from arbitre.kb.entry import (
    DocumentEdition,
    DocumentInfo,
    Entry,
    GameImport,
    SourceSpan,
    Unresolved,
)

GAME = "marvel-champions"
TITLE = "Marvel Champions"
SHORT_TITLE = "Marvel Champions"  # the name the site's tabs and search messages use
SOURCE = "001_96b8cc541908fb22.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = "Adaptation française par Edge Entertainment."

# The first title names the edition the guide prints (« VERSION 1.4 »): see `documents`.
RULES_TITLE = "Guide de référence{version} : règles générales et appendices I à III"
DOCUMENTS = [
    DocumentInfo("regles", RULES_TITLE.format(version=" v1.4")),
    DocumentInfo("glossaire", "Glossaire"),
    DocumentInfo("faq", "Appendice IV : FAQ"),
    DocumentInfo("errata", "Appendice V : Errata"),
]

# The sections of content/marvel-champions/corrections.yaml and their shapes.
CORRECTIONS = {
    "heading_fixes": {str: str},
    "word_fixes": {str: str},
    "card_names": {str: str},
    "subentry_titles": {str: str},
    "redirect_landing": {str: str},
    "kept_redirects": [str],
    "summary_refs": [str],
    "voir_targets": {
        str: Record({"ids": [str]}, {"alias": bool, "unresolved": str, "override": bool})
    },
    "aliases": {str: [str]},
    "english": {str: str},
    "english_inferred": {str: str},
    "notes": {str: [str]},
    "diagram_note": str,
}
# The corrections that name entries (local ids): `arbitre edition add` moves them with their
# entry when an edition renames or renumbers it (edition/carry.py; "<key>": the mapping's keys).
CORRECTION_IDS = [
    ("aliases", "<key>"),
    ("english", "<key>"),
    ("english_inferred", "<key>"),
    ("notes", "<key>"),
    ("redirect_landing", "*"),
    ("summary_refs", "*"),
    ("voir_targets", "*", "ids", "*"),
]
# « VERSION 1.4 »: the edition the guide prints under its title, for all its documents.
VERSION_HEADING = re.compile(r"^VERSION\s+(\d+(?:\.\d+)*)$")

FRONT_SECTIONS = (
    "PRÉSENTATION GÉNÉRALE",
    "LES RÈGLES D'OR",
    "LA SOMBRE RÈGLE",
    "LIMITATION DU MATÉRIEL",
    "DÉROULEMENT D'UN ROUND",
)


# --------------------------------------------------------------------------------------------
# Parts of the document
# --------------------------------------------------------------------------------------------


@dataclass
class Heading:
    line: int
    level: int
    text: str  # as printed, icons included


@dataclass
class Part:
    name: str
    heading: Heading
    end: int  # last physical line of the part


def find_headings(raw: list[str]) -> list[Heading]:
    found = []
    for no, text in enumerate(raw, 1):
        m = HEADING.match(text)
        if m:
            found.append(Heading(no, len(m[1]), m[2]))
    return found


def find_parts(headings: list[Heading], total: int, path: str) -> list[Part]:
    """Cut the document at its known part headings, whatever their level; a part missing or out
    of place is a SourceError (`path` names the source)."""
    wanted = {"RÉSUMÉ DES CHANGEMENTS IMPORTANTS", "INDEX", "GLOSSAIRE", *FRONT_SECTIONS}
    starts = [h for h in headings if h.text in wanted or APPENDIX.match(h.text)]
    parts = []
    for i, h in enumerate(starts):
        end = (starts[i + 1].line - 1) if i + 1 < len(starts) else total
        m = APPENDIX.match(h.text)
        parts.append(Part(f"APPENDICE {m[1]}" if m else h.text, h, end))
    names = [p.name for p in parts]
    expected = [
        "RÉSUMÉ DES CHANGEMENTS IMPORTANTS",
        "INDEX",
        *FRONT_SECTIONS,
        "GLOSSAIRE",
        *(f"APPENDICE {r}" for r in ("I", "II", "III", "IV", "V")),
    ]
    for i, want in enumerate(expected):
        if i == len(parts):
            raise SourceError(path, total, f"the part « {want} » is missing")
        if names[i] != want:
            found = f"the part « {names[i]} »"
            line = parts[i].heading.line
            if want not in names:
                raise SourceError(path, line, f"the part « {want} » is missing before {found}")
            raise SourceError(path, line, f"{found} stands where « {want} » is expected")
    if len(parts) > len(expected):
        extra = parts[len(expected)]
        raise SourceError(path, extra.heading.line, f"the part « {extra.name} » is printed twice")
    return parts


def index_terms(text: str, source_file: str = SOURCE) -> list[tuple[str, int, int]]:
    """The alphabetical index: (term as printed, page, line).  Navigation only: not emitted."""
    raw = normalize_chars(text).split("\n")
    path = source_path(GAME, source_file)
    parts = {p.name: p for p in find_parts(find_headings(raw), len(raw), path)}
    index = parts["INDEX"]
    found = []
    for no in range(index.heading.line + 1, index.end + 1):
        m = INDEX_LINE.match(raw[no - 1])
        if m:
            found.append((m[1].strip(), int(m[2]), no))
    return found


# --------------------------------------------------------------------------------------------
# The parser
# --------------------------------------------------------------------------------------------


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


@dataclass
class Details:
    """What `parse` produces, plus bookkeeping the tests check."""

    result: GameImport
    joins: list[tuple[int, int]] = field(default_factory=list)
    dropped_captions: list[int] = field(default_factory=list)
    target_categories: dict[str, str] = field(default_factory=dict)  # folded target -> category


class Parser:
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

    # -- helpers ------------------------------------------------------------------------------

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

    # -- parts --------------------------------------------------------------------------------

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

    def front(self, parts: dict[str, Part]) -> None:
        summary = parts["RÉSUMÉ DES CHANGEMENTS IMPORTANTS"]
        lines = self.body(summary.heading.line + 1, summary.end)
        # Lines 24–26 (« GUIDE DE RÉFÉRENCE », « VERSION 1.4 ») are the document's title.
        lines = [ln for ln in lines if not HEADING.match(ln.text)]
        self.make(
            "resume-des-changements",
            "regles",
            "section",
            render(lines),
            summary.heading.line,
            self.last(lines, summary.heading.line),
            title=sentence_case(summary.name),
            role="front-matter",
            refs=[self.gid(r) for r in self.corr.get("summary_refs", [])],
        )
        self.summary_id = self.gid("resume-des-changements")
        for name in FRONT_SECTIONS:
            part = parts[name]
            lines = self.body(part.heading.line + 1, part.end)
            start, end = part.heading.line, self.last(lines, part.heading.line)
            local = slugify(name)
            title = sentence_case(name)
            if name == "LES RÈGLES D'OR":
                self.make(local, "regles", "section", "", start, end, title=title)
                for i, line in enumerate(lines, 1):
                    self.make(
                        f"{local}/{i}",
                        "regles",
                        "rule",
                        render([line]),
                        line.no,
                        line.end,
                        parent=self.gid(local),
                    )
            elif name == "DÉROULEMENT D'UN ROUND":
                intro = [ln for ln in lines if not OL.match(ln.text)]
                self.make(local, "regles", "section", render(intro), start, end, title=title)
                for line in lines:
                    m = OL.match(line.text)
                    if not m:
                        continue
                    step = line.text[m.end() :]
                    label = re.split(r"\s*\*\*Voir", step)[0].rstrip(".")
                    entry = self.make(
                        f"{local}/{m[1]}",
                        "regles",
                        "rule",
                        step,
                        line.no,
                        line.end,
                        title=label,
                        number=m[1],
                        parent=self.gid(local),
                        role="step",
                    )
                    self.pending_refs.append((entry, [line]))
            elif name == "PRÉSENTATION GÉNÉRALE":
                self.make(
                    local,
                    "regles",
                    "section",
                    render(lines),
                    start,
                    end,
                    title=title,
                    role="front-matter",
                )
            else:  # LA SOMBRE RÈGLE, LIMITATION DU MATÉRIEL: one rule each
                self.make(local, "regles", "rule", render(lines), start, end, title=title)

    # -- glossary -----------------------------------------------------------------------------

    def inside(self, part: Part, headings: list[Heading]) -> list[Heading]:
        """The headings of a part; a part that has none is a SourceError."""
        inside = [h for h in headings if part.heading.line < h.line <= part.end]
        if not inside:
            raise SourceError(self.path, part.heading.line, f"« {part.name} » has no heading")
        return inside

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

    # -- appendices ---------------------------------------------------------------------------

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

    # -- FAQ and errata -----------------------------------------------------------------------

    def faq(self, part: Part, headings: list[Heading]) -> None:
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
            m = CARD_NUMBER.match(h.text)
            if group is None:  # « QUESTIONS GÉNÉRALES »: questions without a product
                holder = group = self.make(
                    f"faq/{slugify(h.text)}",
                    "faq",
                    "section",
                    "",
                    h.line,
                    self.last(lines, h.line),
                    title=sentence_case(h.text),
                    parent=self.gid("faq"),
                )
                card = None
            elif m:
                printed.add(m[1])
                name = fixes.get(m[1], m[1])
                body_text = " ".join(ln.text for ln in lines)
                card = self.card_casing(name, body_text)
                holder = self.make(
                    f"{group.local_id}/{slugify(f'{name} {m[2]}')}",
                    "faq",
                    "section",
                    "",
                    h.line,
                    self.last(lines, h.line),
                    title=f"{card} ({m[2]})",
                    number=m[2],
                    parent=group.id,
                    card=card,
                )
            else:  # a topic of a product (« MODE CAMPAGNE »)
                card = None
                holder = self.make(
                    f"{group.local_id}/{slugify(h.text)}",
                    "faq",
                    "section",
                    "",
                    h.line,
                    self.last(lines, h.line),
                    title=sentence_case(h.text),
                    parent=group.id,
                )
            self.questions(holder, card, lines)
        self.corr.stale_unused("card_names", printed, "no FAQ card heading prints it any more")

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
                title=q[1],
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

    # -- references ---------------------------------------------------------------------------

    def lookup_tables(self) -> None:
        """Printed heading, one part of a comma/slash heading, section heading -> where it lands."""
        self._exact: dict[str, Term] = {}
        self._parts: dict[str, Term] = {}
        for term in self.terms:
            self._exact[name_key(term.printed)] = term
            for piece in re.split(r"\s*[,/]\s*", term.printed):
                if piece and name_key(piece) != name_key(term.printed):
                    self._parts.setdefault(name_key(piece), term)
        self._sections = {
            name_key(e.title or ""): e.id
            for e in self.entries
            if e.kind in ("section", "rule") and e.parent is None and e.title
        }
        # The reviewed table, each row's ids restricted to the entries this source has.
        self._table: dict[str, dict[str, Any]] = {}
        self._table_keys: dict[str, str] = {}  # name key -> the row's key as written
        self.used_rows: set[str] = set()
        for printed, row in self.corr.get("voir_targets", {}).items():
            ids = [self.gid(i) for i in row["ids"]]
            for missing in [i for i in ids if i not in self.by_id]:
                self.corr.stale("voir_targets", printed, f"names {missing}, which does not exist")
            self._table[name_key(printed)] = {**row, "ids": [i for i in ids if i in self.by_id]}
            self._table_keys[name_key(printed)] = printed
        self._landing_overrides: dict[str, str] = {}
        redirects = {t.printed for t in self.terms if t.redirect_targets is not None}
        for heading, local in self.corr.get("redirect_landing", {}).items():
            if heading not in redirects:
                why = "no glossary heading is this redirect any more (« Voir : … » alone)"
                self.corr.stale("redirect_landing", heading, why)
            elif self.gid(local) not in self.by_id:
                why = f"lands on {self.gid(local)}, which does not exist"
                self.corr.stale("redirect_landing", heading, why)
            else:
                self._landing_overrides[heading] = self.gid(local)

    def landing(self, term: Term) -> str | None:
        """The id a heading lands on: its own entry, or a redirect's target (None: nowhere)."""
        own = term.redirect_targets is None or term.printed in self.kept_redirects
        if own or term.printed in self.landless:
            return self.gid(f"glossaire/{term.slug}")
        if term.printed in self._landing_overrides:
            return self._landing_overrides[term.printed]
        if not term.redirect_targets or term.printed in self._landing_now:
            return None
        self._landing_now.add(term.printed)
        ids = self.resolve_target(term.redirect_targets[0])
        self._landing_now.discard(term.printed)
        return ids[0] if ids else None

    def table_row(self, target: str, *, page: bool = True) -> dict[str, Any] | None:
        """The reviewed table's row for a printed target (`page`: its « (p. N) » left out)."""
        key = name_key(PAGE_SUFFIX.sub("", target) if page else target)
        row = self._table.get(key)
        if row is not None:
            self.used_rows.add(self._table_keys[key])
        return row

    def resolve_target(self, target: str) -> list[str]:
        """The ids a printed target means; none when nothing of that name exists."""
        key = name_key(PAGE_SUFFIX.sub("", target))
        row = self.table_row(target)
        if row is not None and row["ids"]:
            return list(row["ids"])
        for table in (self._exact, self._parts):
            if key in table:
                landing = self.landing(table[key])
                return [landing] if landing else []
        if key in self._sections:
            return [self._sections[key]]
        return []

    def categorise(self, target: str) -> str:
        """How the inventory classes a target: heading, part, section or (alias) table."""
        key = name_key(PAGE_SUFFIX.sub("", target))
        if key in self._exact:
            return "heading"
        if key in self._parts:
            return "part"
        if key in self._sections:
            return "section"
        return "table"

    def resolve_all(self) -> None:
        self.lookup_tables()
        # Redirects that land nowhere (their first target names nothing) stay entries of their
        # own, whose targets are reported unresolved.
        for term in self.terms:
            if term.redirect_targets is None or term.printed in self.kept_redirects:
                continue
            if self.landing(term) is None:
                self.landless.add(term.printed)
                self.term_entry(term, "redirect")
        for entry, lines in self.pending_refs:
            for line in lines:
                for targets in voir_clauses(line.text):
                    for target in targets:
                        self.link(entry, target)
        # Redirects: their heading becomes an alias of the entry they land on, and the other
        # targets they name become that entry's references.
        for term in self.terms:
            if term.redirect_targets is None or term.printed in self.kept_redirects:
                continue  # a kept redirect links its targets like any « Voir » line
            landing_id = self.landing(term)
            if landing_id is None or term.printed in self.landless:
                continue  # linked above, as an entry of its own
            landing = self.by_id[landing_id]
            bare = strip_icons(term.corrected)
            parts = split_targets(bare) if "," in bare else []
            landing.aliases.extend(sentence_case(p) for p in [*parts, bare])
            for target in term.redirect_targets:
                self.link(landing, target)
            printed = ", ".join(term.redirect_targets)
            name = sentence_case(term.printed)
            name = name if name.startswith("«") else f"« {name} »"
            landing.notes.append(
                f"Renvoi fondu en alias : l'entrée {name} du guide "
                f"(ligne {term.heading.line}) dit seulement « Voir : {printed} »."
            )
        why = "no « Voir » clause of the guide prints this target any more"
        self.corr.stale_unused("voir_targets", self.used_rows, why)

    def link(self, entry: Entry, target: str) -> None:
        self.categories.setdefault(target.casefold(), self.categorise(target))
        ids = self.resolve_target(target)
        for ref in ids:
            if ref != entry.id and ref not in entry.refs:
                entry.refs.append(ref)
        known = {u.target for u in entry.unresolved}
        if not ids:
            if target not in known:
                note = "Aucune entrée du guide ne porte ce nom."
                entry.unresolved.append(Unresolved(target, None, note))
            return
        item = self.table_row(target, page=False)
        if item and item.get("unresolved"):
            if target not in known:
                entry.unresolved.append(Unresolved(target, ids[0], item["unresolved"]))
        if item and item.get("alias") and len(ids) == 1:
            owner = self.by_id[ids[0]]
            owner.aliases.append(sentence_case(target))

    def apply_index_aliases(self, index: Part) -> None:
        """Index wordings that differ from the heading they stand for become aliases."""
        lines = [
            (m[1].strip(), no)
            for no in range(index.heading.line + 1, index.end + 1)
            if (m := INDEX_LINE.match(self.raw[no - 1]))
        ]
        pointer = 0
        for wording, _no in lines:
            if pointer >= len(self.terms):
                break  # an index longer than the glossary: its last wordings stand for nothing
            key = alias_key(strip_icons(wording))
            match = None
            for k in range(pointer, min(pointer + 3, len(self.terms))):
                if alias_key(strip_icons(self.terms[k].printed)) == key:
                    match = k
                    break
            if match is None:
                match = pointer
            pointer = match + 1
            if alias_key(strip_icons(self.terms[match].printed)) == key:
                continue
            landing = self.landing(self.terms[match])
            if landing is not None:
                self.by_id[landing].aliases.append(strip_icons(wording))

    def extras(self, section: str) -> list[tuple[Entry, Any]]:
        """The entries of one per-entry section of the corrections, with their data; an entry
        this source does not have is a stale correction."""
        found = []
        for local, value in self.corr.get(section, {}).items():
            entry = self.by_id.get(self.gid(local))
            if entry is None:
                self.corr.stale(section, local, f"no entry {self.gid(local)} in this source")
            else:
                found.append((entry, value))
        return found

    def apply_extras(self) -> None:
        for i, local in enumerate(self.corr.get("summary_refs", [])):
            if self.gid(local) not in self.by_id:
                why = f"no entry {self.gid(local)} in this source"
                self.corr.stale("summary_refs", local, why, at=(i,))
        summary = self.by_id.get(self.summary_id or "")
        if summary is not None:
            summary.refs = [r for r in summary.refs if r in self.by_id]
        for entry, aliases in self.extras("aliases"):
            entry.aliases.extend(aliases)
        for entry, term in self.extras("english"):
            entry.english = term
        for entry, term in self.extras("english_inferred"):
            entry.english, entry.english_inferred = term, True
        for entry, notes in self.extras("notes"):
            ids = set(self.by_id)
            entry.notes.extend(self.corr.notes_that_hold("notes", entry.local_id, notes, GAME, ids))
        for entry in self.entries:
            entry.aliases = self.clean_aliases(entry)

    @staticmethod
    def clean_aliases(entry: Entry) -> list[str]:
        """One alias per spelling (case and guillemets aside), never the title."""
        seen = {alias_key(entry.title or "")}
        kept = []
        for alias in entry.aliases:
            key = alias_key(alias)
            if key and key not in seen:
                seen.add(key)
                kept.append(alias)
        return kept


def parse_details(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> Details:
    return Parser(text, corrections, source_file).parse()


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    return parse_details(text, corrections=corrections, source_file=source_file).result
