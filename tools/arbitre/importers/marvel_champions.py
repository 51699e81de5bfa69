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
or slash heading, or the reviewed table `voir_targets` of corrections/marvel-champions.yaml.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

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
from arbitre.importers.text import load_corrections, normalize_chars, slugify
from arbitre.kb.entry import DocumentInfo, Entry, GameImport, SourceSpan, Unresolved

GAME = "marvel-champions"
TITLE = "Marvel Champions"
SHORT_TITLE = "Marvel Champions"  # the name the site's tabs and search messages use
SOURCE = "001_96b8cc541908fb22.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = "Adaptation française par Edge Entertainment."

DOCUMENTS = [
    DocumentInfo("regles", "Guide de référence v1.4 : règles générales et appendices I à III"),
    DocumentInfo("glossaire", "Glossaire"),
    DocumentInfo("faq", "Appendice IV : FAQ"),
    DocumentInfo("errata", "Appendice V : Errata"),
]

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


def find_parts(headings: list[Heading], total: int) -> list[Part]:
    """Cut the document at its known part headings, whatever their level."""
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
    if names != expected:
        raise ValueError(f"{SOURCE}: unexpected parts {names}")
    return parts


def index_terms(text: str) -> list[tuple[str, int, int]]:
    """The alphabetical index: (term as printed, page, line).  Navigation only: not emitted."""
    raw = normalize_chars(text).split("\n")
    parts = {p.name: p for p in find_parts(find_headings(raw), len(raw))}
    index = parts["INDEX"]
    found = []
    for no in range(index.heading.line + 1, index.end + 1):
        m = INDEX_LINE.match(raw[no - 1])
        if m:
            found.append((m[1].strip(), int(m[2]), no))
    return found


def page_break_joins(text: str) -> list[tuple[int, int]]:
    """Every (line, continuation line) pair that the parser joins across a page break."""
    return parse_details(text).joins


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
    def __init__(self, text: str) -> None:
        self.raw = normalize_chars(text).split("\n")
        self.corr: dict[str, Any] = load_corrections(GAME)
        self.fixes: dict[str, str] = dict(self.corr.get("word_fixes") or {})
        self.heading_fixes: dict[str, str] = dict(self.corr.get("heading_fixes") or {})
        # Redirects kept as entries of their own, because they name several entries alike.
        self.kept_redirects: set[str] = set(self.corr.get("kept_redirects") or [])
        self.entries: list[Entry] = []
        self.by_id: dict[str, Entry] = {}
        self.joins: list[tuple[int, int]] = []
        self.dropped_captions: list[int] = []
        self.pending_refs: list[tuple[Entry, list[Line]]] = []
        self.categories: dict[str, str] = {}

    # -- helpers ------------------------------------------------------------------------------

    def gid(self, local: str) -> str:
        return f"{GAME}/{local}"

    def add(self, entry: Entry) -> Entry:
        if entry.id in self.by_id:
            raise ValueError(f"{SOURCE}:{entry.source.line_start}: duplicate id {entry.id}")
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
                source=SourceSpan(SOURCE, start, end),
                **kw,
            )
        )

    def body(self, start: int, end: int, *, captions: bool = False) -> list[Line]:
        lines = read_lines(self.raw, start, end, self.fixes)
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
        parts = {p.name: p for p in find_parts(headings, len(self.raw))}
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
        title = "Marvel Champions : le jeu de cartes"
        ordered = sorted(self.entries, key=lambda e: (e.source.line_start, self._depth(e)))
        result = GameImport(GAME, title, SOURCE, list(DOCUMENTS), ordered)
        return Details(result, self.joins, self.dropped_captions, self.categories)

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

    def glossary(self, part: Part, headings: list[Heading]) -> None:
        inside = [h for h in headings if part.heading.line < h.line <= part.end]
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
        redirects = {t.printed for t in self.terms if t.redirect_targets is not None}
        if self.kept_redirects - redirects:
            raise ValueError(
                f"{SOURCE}: kept_redirects: no such redirect heading "
                f"{sorted(self.kept_redirects - redirects)}"
            )
        seen: set[str] = set()
        for term in self.terms:
            if term.slug in seen:
                raise ValueError(f"{SOURCE}:{term.heading.line}: duplicate slug {term.slug}")
            seen.add(term.slug)
            kept = term.printed in self.kept_redirects
            if term.redirect_targets is not None and not kept:
                continue
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
                role="redirect" if kept else None,
            )
            self.pending_refs.append((entry, term.lines))
            self.subentries(entry, term)

    def heading_aliases(self, term: Term) -> list[str]:
        aliases = []
        if term.corrected != term.printed:
            aliases.append(sentence_case(term.printed))
        bare = strip_icons(term.corrected)
        parts = split_targets(bare) if "," in bare else [bare]
        aliases.extend(sentence_case(p) for p in parts)
        return aliases

    def subentries(self, parent: Entry, term: Term) -> None:
        titles: dict[str, str] = self.corr.get("subentry_titles") or {}
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
        inside = [h for h in headings if part.heading.line < h.line <= part.end]
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
            assert m, line.text
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
        note = self.corr["diagram_note"]
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
                    notes=[note],
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
        fixes: dict[str, str] = self.corr.get("card_names") or {}
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
            assert q
            answer = lines[k + 1 : stop]
            if not answer or not ANSWER.match(answer[0].text):
                raise ValueError(f"{SOURCE}:{lines[k].no}: question without answer")
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
        self._table = {name_key(k): v for k, v in (self.corr.get("voir_targets") or {}).items()}

    def landing(self, term: Term) -> str:
        """The id a heading lands on: its own entry, or a redirect's target."""
        if term.redirect_targets is None or term.printed in self.kept_redirects:
            return self.gid(f"glossaire/{term.slug}")
        override = (self.corr.get("redirect_landing") or {}).get(term.printed)
        if override:
            return self.gid(override)
        return self.resolve_target(term.redirect_targets[0])[0]

    def resolve_target(self, target: str) -> list[str]:
        key = name_key(PAGE_SUFFIX.sub("", target))
        if key in self._table:
            return [self.gid(i) for i in self._table[key]["ids"]]
        if key in self._exact:
            return [self.landing(self._exact[key])]
        if key in self._parts:
            return [self.landing(self._parts[key])]
        if key in self._sections:
            return [self._sections[key]]
        raise ValueError(f"{SOURCE}: Voir target « {target} » resolves to nothing")

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
        table = self._table
        for entry, lines in self.pending_refs:
            for line in lines:
                for targets in voir_clauses(line.text):
                    for target in targets:
                        self.link(entry, target, table)
        # Redirects: their heading becomes an alias of the entry they land on, and the other
        # targets they name become that entry's references.
        for term in self.terms:
            if term.redirect_targets is None or term.printed in self.kept_redirects:
                continue  # a kept redirect links its targets like any « Voir » line
            landing = self.by_id[self.landing(term)]
            bare = strip_icons(term.corrected)
            parts = split_targets(bare) if "," in bare else []
            landing.aliases.extend(sentence_case(p) for p in [*parts, bare])
            for target in term.redirect_targets:
                self.link(landing, target, table)
            printed = ", ".join(term.redirect_targets)
            name = sentence_case(term.printed)
            name = name if name.startswith("«") else f"« {name} »"
            landing.notes.append(
                f"Renvoi fondu en alias : l'entrée {name} du guide "
                f"(ligne {term.heading.line}) dit seulement « Voir : {printed} »."
            )

    def link(self, entry: Entry, target: str, table: dict[str, Any]) -> None:
        self.categories.setdefault(target.casefold(), self.categorise(target))
        ids = self.resolve_target(target)
        for ref in ids:
            if ref != entry.id and ref not in entry.refs:
                entry.refs.append(ref)
        item = table.get(name_key(target))
        if item and item.get("unresolved"):
            known = {u.target for u in entry.unresolved}
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
            self.by_id[self.landing(self.terms[match])].aliases.append(strip_icons(wording))

    def apply_extras(self) -> None:
        for local, aliases in (self.corr.get("aliases") or {}).items():
            self.by_id[self.gid(local)].aliases.extend(aliases)
        for local, term in (self.corr.get("english") or {}).items():
            self.by_id[self.gid(local)].english = term
        for local, term in (self.corr.get("english_inferred") or {}).items():
            entry = self.by_id[self.gid(local)]
            entry.english, entry.english_inferred = term, True
        for local, notes in (self.corr.get("notes") or {}).items():
            self.by_id[self.gid(local)].notes.extend(notes)
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


def parse_details(text: str) -> Details:
    return Parser(text).parse()


def parse(text: str) -> GameImport:
    return parse_details(text).result
