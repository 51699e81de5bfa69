"""The Binding of Isaac: Four Souls, comprehensive rules 1.3, French translation (Pastebin).

The source is a saved Pastebin page: 12 lines of page chrome, then 728 numbered lines
(`  N. text`), then 4 lines of chrome.  There is no markup at all.

Reading the text
    * Only the lines matching `^  N. ` are content; the prefix is stripped once, anchored,
      so « 157. 1. Book of Sin » keeps its list number and « 580. 1 : … » its roll value.
    * A blank line is the prefix plus a lone NBSP.
    * Headings are bare short lines.  What marks them is the run of blank lines before:
      6 -> part (level 1), 4 or 3 -> level 2, 2 -> level 3.  Line 436 follows a footnote
      (0 blanks before, 4 after); the three turn phases (« 1. phase de démarrage ») and
      three annex sub-lists have no blank line at all and sit one level below the heading
      that encloses them.  Headings before the first part are promoted to parts.
      The 12 headings the source spaces wrongly get their level from the corrections file.
    * Every other line is one logical unit: a paragraph, a list item, a « Terme -
      définition » line, an erratum, a card clarification, an annex card line or a roll row.
      Where the unbulleted lists start and end is data (corrections `lists`).

Ids (stable; never renumber)
    * Parts: ``four-souls/<part>``; every deeper heading: ``four-souls/<part>/<slug>``
      (e.g. ``four-souls/comment-jouer/attaquer``); the tree is in `parent`.  Duplicate
      titles live in different parts (« Cartes trésor » 36 and 447).
    * Paragraphs without a name of their own (rules, examples, the conventions and annex
      introductions): ``<section id>/<n>``, n counting from 1 inside the section.
    * Named lines: ``<section id>/<card slug>`` for card clarifications, errata and annex
      card lines; ``four-souls/glossaire/<term slug>`` for glossary terms;
      ``<section id>/note-asterisque`` for the two asterisk footnotes; ``<entry id>/ndt``
      for a translator note.

Kinds and roles
    * headings -> ``section`` (the nine variants have role ``variant``); the monster-card
      field fragments (« vie » / « Réduire à 0 pour tuer ») and the two phase step lists
      that have no introducing sentence are the text of their section;
    * paragraphs -> ``rule``; lists are Markdown lists inside the rule that introduces
      them (numbered for procedures whose steps the text cites by number);
      « exemple de pile » (156-160) is a worked example inside the rules body, so it is an
      ``example`` like the nine of « Exemples »;
    * card rulings -> ``rule`` role ``clarification`` with `card`; errata -> ``errata``
      with `card`; variant bodies -> ``rule`` role ``variant``;
    * the Blank Card annex: one ``rule`` role ``list-item`` per card line, with `card`,
      roll tables and choices as Markdown lists.  These are the effects of Blank Card
      COPYING the card (already doubled), not the cards' own texts: the title says so;
    * glossary lines -> ``glossary``, plus a few terms the rules define elsewhere
      (corrections `extra_terms`, with `defined_by`; a definition written for Arbitre is
      ``official: false``, one quoted from the document is marked ``quoted: true``);
    * translator notes « (ndt : …) » stay in their sentence, in italics, and are also
      emitted as ``note`` entries with ``official: false`` (role ``commentary``), children
      of the entry they sit in; the two asterisk legends, the examples' conventions and
      the annex introduction are official ``note`` entries.

Cross-references « voir X » (also « Voir X. », split on « / », « , » and « et ») are
resolved against heading titles folded for case and accents, then through the
corrections' alias table; targets with no heading become `unresolved` warnings.

Corrections keyed to a line (content/four-souls/corrections.yaml) also say what the line
holds, and are looked up by it (`relocate`), so an edition that shifts the lines keeps them
on their line; a correction whose line, heading, term or card the source no longer prints is
skipped and recorded as stale.  Text the parser cannot place is a SourceError at its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections, Either, Record, relocate
from arbitre.importers.text import (
    fold,
    normalize_chars,
    slugify,
    source_path,
    unique_slug,
)
from arbitre.kb.entry import (
    DocumentEdition,
    DocumentInfo,
    Entry,
    GameImport,
    SourceSpan,
    Unresolved,
)

GAME = "four-souls"
TITLE = "The Binding of Isaac: Four Souls"
SHORT_TITLE = "Four Souls"  # the name the site's tabs and search messages use
SOURCE = "002_aee5ee047071c06f.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "community"
AUTHORITY_QUOTE = "Bonjour, je m'appelle Jon (@jonzo11). Mon objectif était de créer des règles du jeu détaillées pour The Binding of Isaac: Four Souls. J'ai cherché les questions que les gens ont posées à Ed sur le jeu sur Twitter."
DOCUMENT = "regles"
# With the edition the paste's title prints (« Comprehensive Rules 1.3 »), when it prints one.
DOCUMENT_TITLE = "Règles complètes{version} (traduction française)"

# The sections of content/four-souls/corrections.yaml and their shapes.
CORRECTIONS = {
    "heading_levels": [Record({"line": int, "heading": str, "level": int})],
    "heading_slugs": [Record({"line": int, "heading": str, "slug": str})],
    "card_slugs": {str: str},
    "lists": [Record({"first": int, "from": str, "last": int, "to": str}, {"ordered": bool})],
    "voir_aliases": {str: Either(str, Record({"note": str}, {"intended": str}))},
    "unresolved": [
        Record({"line": int, "starts": str, "target": str, "note": str}, {"intended": str})
    ],
    "notes": [Record({"line": int, "starts": str, "notes": [str]})],
    "glossary": {
        str: Record({"slug": str}, {"english": str, "english_inferred": bool, "aliases": [str]})
    },
    "extra_terms": [
        Record(
            {"term": str, "line": int, "starts": str, "slug": str, "text": str},
            {"english": str, "english_inferred": bool, "aliases": [str], "quoted": bool},
        )
    ],
}

CONTENT_LINE = re.compile(r"^  (\d+)\. ?(.*)$")
MAX_HEADING = 60
PHASE_HEADING = re.compile(r"^(\d)\. (phase .*)$")
ROLL_ROW = re.compile(r"^\d+(?:-\d+)? : ")
NDT = re.compile(r"\(ndt : ([^)]*)\)")
VOIR_PAREN = re.compile(r"\(voir ([^)]+)\)")
VOIR_SENTENCE = re.compile(r"(?:^|(?<=[.!?:] )|(?<= - ))Voir ([^.]+)\.")
VOIR_SPLIT = re.compile(r"\s*/\s*|,\s*|\s+et\s+")
GLOSSARY_TITLE_FOLD = "glossaire"
# « Four Souls - Comprehensive Rules 1.3 French Translation »: the paste's title.
EDITION = re.compile(r"\bComprehensive Rules (\d+(?:\.\d+)*)\b")


@dataclass
class _Line:
    number: int  # the Pastebin number
    physical: int  # 1-based line of the file
    text: str  # prefix stripped, characters normalized, trimmed
    blank: bool


@dataclass
class _Heading:
    line: _Line
    level: int
    inline: bool
    title: str
    number: str | None = None
    id: str = ""
    parent: str | None = None
    part: str = ""  # slug of the enclosing part
    slug: str = ""
    entry: Entry | None = None
    counter: int = 0  # unnamed body entries so far
    taken: set[str] = field(default_factory=set)  # named child slugs


def _content_lines(text: str, path: str) -> list[_Line]:
    """The 728 numbered lines; everything else (Pastebin chrome) is dropped.  A number out of
    sequence is a SourceError (`path` names the source)."""
    lines: list[_Line] = []
    for physical, raw in enumerate(text.split("\n"), start=1):
        match = CONTENT_LINE.match(raw)
        if not match:
            continue
        body = normalize_chars(match.group(2)).strip()
        line = _Line(int(match.group(1)), physical, body, body == "")
        if line.number != len(lines) + 1:
            message = f"Pastebin line {line.number} where {len(lines) + 1} is expected"
            raise SourceError(path, physical, message)
        lines.append(line)
    if not lines:
        raise SourceError(
            path, 1, "no numbered line (« 1. … »): not the Pastebin copy of the rules"
        )
    return lines


def _editions(text: str) -> dict[str, DocumentEdition]:
    """« Comprehensive Rules 1.3 » in the paste's title, before the numbered lines."""
    for no, raw in enumerate(text.split("\n"), start=1):
        if CONTENT_LINE.match(raw):
            break
        if match := EDITION.search(raw):
            return {DOCUMENT: DocumentEdition(match.group(1), None, raw.strip(), no)}
    return {}


def _texts(lines: list[_Line]) -> dict[int, str]:
    """Pastebin number -> text of every non-blank line (what line-keyed corrections name)."""
    return {line.number: line.text for line in lines if not line.blank}


def _relocated(
    corrections: Corrections, section: str, texts: dict[int, str], anchor: str
) -> list[tuple[int, int, dict[str, Any]]]:
    """(index in the section, line now, record) of each record of a line-keyed section whose
    line is found by its text (`anchor`: « heading », the whole line, or « starts »); the
    others are stale."""
    found = []
    for index, record in enumerate(corrections.get(section, [])):
        number, why = relocate(texts, record["line"], record[anchor], whole=anchor == "heading")
        if number is None:
            corrections.stale(section, record[anchor], why, at=(index,))
        else:
            found.append((index, number, record))
    return found


def _blank_runs(lines: list[_Line]) -> tuple[list[int], list[int]]:
    before = [0] * len(lines)
    after = [0] * len(lines)
    for i in range(1, len(lines)):
        before[i] = before[i - 1] + 1 if lines[i - 1].blank else 0
    for i in range(len(lines) - 2, -1, -1):
        after[i] = after[i + 1] + 1 if lines[i + 1].blank else 0
    return before, after


def _is_annex_subheading(text: str) -> bool:
    return (
        len(text) <= MAX_HEADING
        and " - " not in text
        and not text[:1].isdigit()
        and not text.startswith(("(", "*"))
        and not text.endswith((".", ":"))
    )


def _find_headings(lines: list[_Line], corrections: Corrections, path: str) -> list[_Heading]:
    before, after = _blank_runs(lines)
    run_level = {6: 1, 4: 2, 3: 2, 2: 3}
    section = "heading_levels"
    relocated = _relocated(corrections, section, _texts(lines), "heading")
    overrides = {number: record["level"] for _, number, record in relocated}
    headings: list[_Heading] = []
    enclosing: _Heading | None = None  # last blank-delimited heading
    in_annex = False
    for i, line in enumerate(lines):
        if line.blank:
            continue
        text = line.text
        heading: _Heading | None = None
        if i == 0:
            heading = _Heading(line, 0, False, text)  # level set by the promotion below
        elif before[i] and len(text) <= MAX_HEADING:
            if before[i] not in run_level:
                message = (
                    f"{before[i]} blank lines before « {text} »: a heading has 6, 4, 3 or 2, "
                    "a paragraph none"
                )
                raise SourceError(path, line.physical, message)
            heading = _Heading(line, run_level[before[i]], False, text)
        elif (
            before[i] == 0
            and after[i] == 4
            and len(text) <= MAX_HEADING
            and not text.startswith("-")
            and not text.endswith((".", ")", ":"))
        ):
            heading = _Heading(line, 1, False, text)  # a part heading right after a footnote
        elif enclosing is not None and before[i] == 0:
            phase = PHASE_HEADING.match(text)
            if phase or (in_annex and _is_annex_subheading(text)):
                heading = _Heading(line, enclosing.level + 1, True, text)
                if phase:
                    heading.number, heading.title = phase.group(1), phase.group(2)
        if heading is None:
            continue
        if not heading.inline:
            heading.level = overrides.pop(line.number, heading.level)
            enclosing = heading
            if heading.level == 1:
                in_annex = fold(text) == "annexes"
        headings.append(heading)
    for index, number, record in relocated:
        if number in overrides:  # not popped: the line is no longer read as a heading
            why = f"line {number} « {record['heading']} » is not a heading any more"
            corrections.stale(section, record["heading"], why, at=(index,))
    # Headings before the first part (line 1, 10, 16) have no parent: promote them to
    # preamble parts.
    for heading in headings:
        if heading.level == 1:
            break
        heading.level = 1
    return headings


def _assign_ids(headings: list[_Heading], corrections: Corrections, texts: dict[int, str]) -> None:
    relocated = _relocated(corrections, "heading_slugs", texts, "heading")
    slugs = {number: record["slug"] for _, number, record in relocated}
    at_headings = {h.line.number for h in headings}
    for index, number, record in relocated:
        if number not in at_headings:
            why = f"line {number} « {record['heading']} » is not a heading any more"
            corrections.stale("heading_slugs", record["heading"], why, at=(index,))
    parts: set[str] = set()
    inside: dict[str, set[str]] = {}  # part -> slugs taken below it
    stack: list[_Heading] = []
    part = ""
    for heading in headings:
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        heading.parent = stack[-1].id if stack else None
        heading.slug = slugs.get(heading.line.number) or _slug(heading.title)
        if heading.level == 1:
            part = unique_slug(heading.slug, parts)
            heading.id = f"{GAME}/{part}"
        else:
            heading.id = (
                f"{GAME}/{part}/{unique_slug(heading.slug, inside.setdefault(part, set()))}"
            )
        heading.part = part
        stack.append(heading)


def _slug(text: str) -> str:
    """`slugify`, with English possessives kept whole (« Dad’s » -> « dads », not « dad-s »)."""
    return slugify(re.sub(r"[’']s\b", "s", text))


def _span(file: str, first: _Line, last: _Line | None = None) -> SourceSpan:
    return SourceSpan(file, first.physical, (last or first).physical)


def _mark_ndt(text: str) -> str:
    """Translator notes stay in the sentence, set in italics so a reader sees they are not
    the author's."""
    return NDT.sub(lambda m: f"*{m.group(0)}*", text)


def _escape_leading(text: str) -> str:
    """A paragraph must not start a Markdown list or emphasis by accident."""
    if text.startswith("*"):
        return "\\" + text
    if text.startswith("- "):
        return "— " + text[2:]
    return text


def _render_list(items: list[str], ordered: bool) -> str:
    rendered = []
    for n, item in enumerate(items, start=1):
        if re.match(r"^\d+\. ", item):
            rendered.append(item)
        elif ordered:
            rendered.append(f"{n}. {item}")
        else:
            rendered.append(f"- {item}")
    return "\n".join(rendered)


def find_voir_targets(text: str) -> list[str]:
    """Every named « voir X » target of a text, split on « / », « , » and « et », in order."""
    found: list[tuple[int, str]] = []
    for pattern in (VOIR_PAREN, VOIR_SENTENCE):
        for match in pattern.finditer(text):
            target = match.group(1).strip()
            if fold(target).startswith("ci-dessous"):
                continue  # relative (« Voir ci-dessous »), resolved by the annex code
            target = re.sub(r"\s+en annexe$", "", target)  # « Voir Blank Card en annexe »
            for part in VOIR_SPLIT.split(target):
                if part.strip():
                    found.append((match.start(1), part.strip()))
    return [t for _, t in sorted(found, key=lambda item: item[0])]


class _Builder:
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
        text = line.text
        part = section.part
        sec = fold(section.title)

        # A list goes to the entry of its introducer, or to the section's text.
        if line.number in self.lists:
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

        # The signature « - Jon » closes the foreword's last paragraph.
        if re.fullmatch(r"- \w+", text) and self.entry_at.get(line.number - 1):
            host = self.entry_at[line.number - 1]
            host.text = f"{host.text}\n\n— {text[2:]}"
            host.source = SourceSpan(self.file, host.source.line_start, line.physical)
            self.entry_at[line.number] = host
            return i + 1

        if part == "reference" and text.startswith("*"):
            self.legend(line, self.find_heading(part))
            return i + 1
        if part == "reference" and sec == GLOSSARY_TITLE_FOLD:
            self.glossary_line(section, line)
            return i + 1
        if part == "reference" and sec.startswith("errata"):
            self.erratum(section, line)
            return i + 1
        if part == "regles-pour-les-cartes":
            self.clarification(section, line)
            return i + 1
        if part == "annexes":
            return self.annex(section, lines, i)
        if part == "exemples":
            if sec == "conventions":
                self.entry(section, "note", text, line, role="front-matter")
            else:
                self.example(section, line)
            return i + 1
        if section.parent and fold(self.heading_by_id(section.parent).title) == (
            "detail carte monstre"
        ):
            # « vie » / « Réduire à 0 pour tuer »: the fragment is the field's definition.
            section.entry.text = text
            section.entry.source = _span(self.file, section.line, line)
            self.entry_at[line.number] = section.entry
            return i + 1
        if sec.startswith("exemple"):
            self.example(section, line)
            return i + 1
        role = "variant" if part == "variantes" else None
        title = None
        if section.counter == 0 and text[:1].islower():
            title = section.title  # « Effets activés » / « sont précédés d'un symbole … »
        text_md = _mark_ndt(_escape_leading(text))
        entry = self.entry(section, "rule", text_md, line, title=title, role=role)
        self.ndt_notes(entry, text, line)
        self.extra_term(line.number, entry)
        return i + 1

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
            raise SourceError(self.path, line.physical, f"{what}: « {line.text[:60]} »")
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


# -- cross-references and editorial data ------------------------------------------------


def _resolve_refs(entries: list[Entry], headings: list[_Heading], corr: Corrections) -> None:
    by_title: dict[str, list[str]] = {}
    for heading in headings:
        by_title.setdefault(fold(heading.title), []).append(heading.id)
    ids = {e.id for e in entries}
    aliases: dict[str, tuple[str, Any]] = {}  # folded target -> (key as written, value)
    for printed, value in corr.get("voir_aliases", {}).items():
        local = value if isinstance(value, str) else value.get("intended")
        if local and f"{GAME}/{local}" not in ids:
            corr.stale("voir_aliases", printed, f"names {GAME}/{local}, which does not exist")
            continue
        aliases[fold(printed)] = (printed, value)
    used: set[str] = set()
    for entry in entries:
        if entry.kind == "note" and not entry.official:
            continue  # a translator note repeats a fragment of its parent's text
        for target in find_voir_targets(entry.text):
            key = fold(target)
            matches = by_title.get(key, [])
            if len(matches) == 1:
                _add_ref(entry, matches[0])
                continue
            printed, spec = aliases.get(key, (None, None))
            if printed is not None:
                used.add(printed)
            if isinstance(spec, str):
                _add_ref(entry, f"{GAME}/{spec}")
            elif spec is not None:
                intended = f"{GAME}/{spec['intended']}" if spec.get("intended") else None
                entry.unresolved.append(
                    Unresolved(target, intended, " ".join(spec["note"].split()))
                )
            else:
                entry.unresolved.append(
                    Unresolved(target, None, "Aucun titre de ce nom dans les règles.")
                )
    why = "no « voir » of the rules names this target any more, or a heading now has its name"
    corr.stale_unused("voir_aliases", used, why)


def _add_ref(entry: Entry, target: str) -> None:
    if target != entry.id and target not in entry.refs:
        entry.refs.append(target)


def _apply_editorial(builder: _Builder, corr: Corrections) -> None:
    ids = {e.id for e in builder.entries}
    for index, number, spec in sorted(
        _relocated(corr, "unresolved", builder.texts, "starts"), key=lambda found: found[1]
    ):
        entry = builder.entry_at.get(number)
        if entry is None or spec["target"] not in entry.text:
            where = entry.id if entry else f"line {number}"
            why = f"« {spec['target']} » is not printed in {where} any more"
            corr.stale("unresolved", spec["starts"], why, at=(index,))
            continue
        intended = f"{GAME}/{spec['intended']}" if spec.get("intended") else None
        if intended and intended not in ids:
            why = f"its intended target {intended} does not exist"
            corr.stale("unresolved", spec["starts"], why, at=(index,))
            intended = None
        entry.unresolved.append(
            Unresolved(spec["target"], intended, " ".join(spec["note"].split()))
        )
    for index, number, spec in sorted(
        _relocated(corr, "notes", builder.texts, "starts"), key=lambda found: found[1]
    ):
        entry = builder.entry_at.get(number)
        if entry is None:
            corr.stale("notes", spec["starts"], f"line {number} is in no entry", at=(index,))
            continue
        notes = corr.notes_that_hold("notes", spec["starts"], spec["notes"], GAME, ids, at=(index,))
        entry.notes.extend(" ".join(note.split()) for note in notes)
    # Errata marked « * » point at the footnote that explains the asterisk.
    for entry in builder.obsolete_errata:
        if "reference" in builder.legends:
            _add_ref(entry, builder.legends["reference"].id)


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corrections = corrections.begin(CORRECTIONS)
    path = source_path(GAME, source_file)
    builder = _Builder(_content_lines(text, path), corrections, source_file, path)
    entries = builder.build()
    builder.report_unused()
    _resolve_refs(entries, builder.headings, corrections)
    _apply_editorial(builder, corrections)
    editions = _editions(text)
    version = f" {editions[DOCUMENT].version}" if editions else ""
    return GameImport(
        game=GAME,
        title=TITLE,
        source_file=source_file,
        documents=[DocumentInfo(DOCUMENT, DOCUMENT_TITLE.format(version=version))],
        entries=entries,
        document_editions=editions,
        stale_corrections=corrections.stale_corrections,
    )
