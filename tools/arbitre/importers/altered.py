"""Altered: a French translation of the comprehensive rules, then an unofficial glossary.

The source is a scraped web page (leshautsplateaux.ch/altered, CC BY-NC 4.0) that lost all its
formatting.  What the page still tells us, and how this parser uses it:

- Numbered lines (`1.1.1 Ce document`, `1.1.1.a …`, `2.2.12.cLa …`, `1.3.2.d* …`) are the official
  rules.  The number prefix is the only reliable boundary: blank lines are not (1.4.2–1.4.6 and
  7.2.x glue a heading to its rule; 30 rules follow each other with no blank).
- Levels the page never prints (the 7 chapters, 11 sections such as 1.1 or 7.3, and 7.1.1) become
  `section` entries with `printed: False` and a title from the corrections file.
- `Remarque :` and `Exemple :` lines are official but not rules (1.1.1.d): separate `note` and
  `example` entries whose parent is the rule they follow, so a search hit names them and the site
  shows them under their rule.  `++Exemple` blocks are the editor's additions: unofficial.
- Any other unnumbered prose in the rules is the editor's blue/red text: an unofficial `note`
  (role `commentary`), attached to the rule it continues, or to the heading whose block it closes.
- Everything after 7.5.5.c is the editor's glossary (unofficial).  Its headwords are listed in the
  corrections file (the page no longer tells them from sub-headings); question/answer pairs become
  `faq` entries, one per distinct question.
- Icon alt-texts left in the prose (`etb`, `forest`, `ordisreprésente`, `1yzmir`…) are rendered as
  bracketed French words (`[Entrée en jeu]`, `[Forêt]`…).

The reviewed data (content/altered/corrections.yaml) names entries by their number and glossary
headwords as printed.  An item that no longer matches the page (an entry or headword gone, a fix no
longer printed, an icon no longer left in the prose) is skipped and recorded as stale; a level the
page does not print and the table does not title gets its number as title and is reported too.
Text the parser cannot place (before the first rule) is a SourceError at its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.corrections import ID, Corrections, Record, Seq
from arbitre.importers.text import (
    normalize_chars,
    replace_words,
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

GAME = "altered"
TITLE = "Altered"
SHORT_TITLE = "Altered"  # the name the site's tabs and search messages use
SOURCE = "004_a4ad29e5d149b07c.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = (
    "Ce document intègre la traduction des règles complètes mises à disposition par Equinox."
)

# The sections of content/altered/corrections.yaml and their shapes.
CORRECTIONS = {
    "missing_headings": {ID: str},
    "icons": {ID: str},
    "text_fixes": {str: [Seq(str, str)]},
    "labels": {str: str},
    "notes": {str: [str]},
    "unresolved_notes": {str: str},
    "glossary_end": str,
    "glossary": [
        Record(
            {"printed": str},
            {
                "title": str,
                "aliases": [str],
                "english": str,
                "english_inferred": bool,
                "role": str,
                "notes": [str],
                "parent": str,
                "refs": [ID],
            },
        )
    ],
    "faq_slugs": {str: str},
    "faq_notes": {str: [str]},
    "terms": [
        Record(
            {"title": str, "defined_by": ID},
            {
                "text_from": ID,
                "quote": str,
                "aliases": [str],
                "english": str,
                "english_inferred": bool,
            },
        )
    ],
}

DOC_RULES = "regles"
DOC_GLOSSARY = "glossaire"
DOCUMENTS = [
    DocumentInfo(DOC_RULES, "Règles complètes (traduction française)"),
    DocumentInfo(DOC_GLOSSARY, "Glossaire non officiel : termes, modes de jeu et FAQ"),
]

# `1.1.1 Titre`, `1.1.1.a Texte`, `2.1.a Texte`, `2.2.12.cLa …` (glued), `1.3.2.d* …` (annotated).
# A numbered list item (`1. Texte`) has a single number and does not match.
NUMBER_RE = re.compile(r"^(?P<num>\d+(?:\.\d+)+)(?:\.(?P<letter>[a-z]))?(?P<star>\*)?(?=[ A-Z]|$)")
REMARK_RE = re.compile(r"^Remarque\s*:\s*")
EXAMPLE_RE = re.compile(r"^(?P<extra>\+\+)?Exemple\b\s*:?\s*")
ORDERED_ITEM_RE = re.compile(r"^\d+\.\s")
# « la règle 6.5 », « la sous-section 1.4 », « la Section 4.4 », « l'étape 4.1.h ».
NUMERIC_REF_RE = re.compile(
    r"\b(?P<word>sous-section|section|règle|étape)\s+(?P<num>\d+(?:\.\d+)*(?:\.[a-z])?)\b",
    re.IGNORECASE,
)
# Stray `>` emphasis markers: « >Deck> », « >Matin> » (127, 730).
STRAY_EMPHASIS_RE = re.compile(r">(\w[^>\s]*)>")
# A glossary line « Clé : valeur » (tournament structures, the Biome icon list).
KEY_VALUE_RE = re.compile(r"^[^\s:,][^:,]{0,50} : \S")
# The page's banner: « Fichier JSON chargé : dictionary_2024-09-14_14-59-53.json », the dictionary
# the page was built from, dated: the edition of both documents.
DICTIONARY_RE = re.compile(r"\bdictionary_(\d{4})-(\d{2})-(\d{2})[\w-]*\.json\b")


@dataclass
class _Draft:
    """An entry being built: body lines are kept raw until the whole block is known."""

    id: str
    kind: str
    document: str
    line_start: int
    line_end: int
    number: str | None = None
    title: str | None = None
    body: list[str | None] = field(default_factory=list)  # None = a blank line
    text: str = ""
    parent: str | None = None
    official: bool = True
    role: str | None = None
    printed: bool = True
    aliases: list[str] = field(default_factory=list)
    english: str | None = None
    english_inferred: bool = False
    defined_by: str | None = None
    notes: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    unresolved: list[Unresolved] = field(default_factory=list)

    def to_entry(self, source_file: str) -> Entry:
        return Entry(
            id=self.id,
            game=GAME,
            document=self.document,
            kind=self.kind,
            text=self.text,
            source=SourceSpan(source_file, self.line_start, self.line_end),
            title=self.title,
            number=self.number,
            parent=self.parent,
            refs=list(self.refs),
            official=self.official,
            role=self.role,
            printed=self.printed,
            aliases=list(self.aliases),
            english=self.english,
            english_inferred=self.english_inferred,
            defined_by=self.defined_by,
            notes=list(self.notes),
            unresolved=list(self.unresolved),
        )


def _gid(local: str) -> str:
    return f"{GAME}/{local}"


def _parent_number(number: str) -> str | None:
    parts = number.split(".")
    return ".".join(parts[:-1]) if len(parts) > 1 else None


# --------------------------------------------------------------------------- text rendering


def render_blocks(lines: list[str | None], *, glossary: bool = False) -> str:
    """Source blocks -> Markdown.  Each source line is one block (the page has no wrapping).

    `•`, `- ` and `1. ` lines are list items; in the rules, unmarked lines that directly follow a
    line ending in « : » are the items of a list whose markers were lost (1.2.4.c, 2.2.4.a).  A `- `
    item under a numbered item is nested (Booster War).  In the glossary, « Clé : valeur » runs are
    lists and short unpunctuated lines are sub-headings (bold).
    """
    blocks: list[list[str]] = []
    current: list[str] | None = None  # the open list block
    implicit = False  # unmarked lines are list items (after a line ending in « : »)
    for raw in lines:
        if raw is None:
            current, implicit = None, False
            continue
        line = raw.strip()
        item: str | None = None
        if line.startswith("•"):
            item = "- " + line[1:].strip()
        elif ORDERED_ITEM_RE.match(line) or line.startswith("- "):
            item = line
        elif glossary and KEY_VALUE_RE.match(line) and not line.endswith(":"):
            item = "- " + line
        elif implicit and not glossary:
            item = "- " + line
        if item is not None:
            if current is None:
                current = []
                blocks.append(current)
            top_level = [i for i in current if not i.startswith(" ")]
            if item.startswith("- ") and top_level and ORDERED_ITEM_RE.match(top_level[-1]):
                item = "    " + item
            current.append(item)
            continue
        current = None
        if "](" in line:
            line = f"`{line}`"  # a syntax template, not a Markdown link (827)
        elif glossary and _is_subheading(line):
            line = f"**{line}**"
        blocks.append([line])
        implicit = line.endswith(":")
    return "\n\n".join("\n".join(block) for block in blocks)


def _is_subheading(line: str) -> bool:
    words = line.split()
    if len(words) > 10:
        return False
    return line.endswith(":") or not re.search(r"[.!?;,]$", line)


class _Cleaner:
    """Stray emphasis out, per-entry fixes in, icon alt-texts as words; remembers which icons
    matched and records a fix that does not match as stale."""

    def __init__(self, corr: Corrections) -> None:
        self.corr = corr
        self.icons: dict[str, str] = {str(k): v for k, v in corr.get("icons", {}).items()}
        self.used_icons: set[str] = set()

    def __call__(self, text: str, entry_id: str | None = None) -> str:
        text = STRAY_EMPHASIS_RE.sub(r"\1", text)
        fixes = self.corr.get("text_fixes", {}).get(entry_id, []) if entry_id else []
        for index, (old, new) in enumerate(fixes):
            if old not in text:
                why = f"« {old} » is not printed in {entry_id} any more"
                self.corr.stale("text_fixes", entry_id, why, at=(entry_id, index))
                continue
            text = text.replace(old, new)
        return replace_words(text, self.icons, self.used_icons)


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- the rules


class _RulesParser:
    def __init__(self, lines: list[str], corrections: Corrections, path: str) -> None:
        self.lines = lines
        self.path = path
        self.corr = corrections
        self.untitled: set[str] = set()  # the unprinted levels met
        self.drafts: list[_Draft] = []
        self.by_id: dict[str, _Draft] = {}
        self.taken: set[str] = set()

    def add(self, draft: _Draft) -> _Draft:
        if draft.id in self.by_id:
            raise SourceError(self.path, draft.line_start, f"a second entry {draft.id}")
        self.drafts.append(draft)
        self.by_id[draft.id] = draft
        self.taken.add(draft.id.split("/", 1)[1])
        return draft

    def ensure_section(self, number: str, line: int) -> None:
        """Create the unprinted levels above a numbered line (chapter 2, section 2.2, 7.1.1)."""
        if _gid(number) in self.by_id:
            return
        parent = _parent_number(number)
        if parent is not None:
            self.ensure_section(parent, line)
        titles = {str(k): v for k, v in self.corr.get("missing_headings", {}).items()}
        self.untitled.add(number)
        if number not in titles:
            why = f"level {number} (above line {line}) is not printed and has no title here"
            self.corr.stale("missing_headings", number, why)
        self.add(
            _Draft(
                id=_gid(number),
                kind="section",
                document=DOC_RULES,
                line_start=line,
                line_end=line,
                number=number,
                title=titles.get(number, number),
                parent=_gid(parent) if parent else None,
                printed=False,
                notes=[
                    "Niveau non imprimé dans la source ; titre reconstitué d'après le contexte."
                ],
            )
        )

    def aside_id(self, parent_id: str, suffix: str) -> str:
        return _gid(unique_slug(f"{parent_id.split('/', 1)[1]}-{suffix}", self.taken))

    def parse(self, start: int, end: int) -> list[_Draft]:
        """Lines [start, end) (0-based) hold the numbered rules."""
        last: _Draft | None = None  # the last heading or rule
        current: _Draft | None = None  # the entry whose body grows
        state = ""  # "heading", "rule", "aside", "precision"
        prev_blank = True
        for index in range(start, end):
            lineno, line = index + 1, self.lines[index].rstrip()
            if not line.strip():
                prev_blank = True
                if state == "precision" and current is not None:
                    current.body.append(None)
                continue
            match = NUMBER_RE.match(line)
            if match:
                last = current = self.numbered(match, line, lineno)
                state = "rule" if match["letter"] else "heading"
            elif REMARK_RE.match(line) or EXAMPLE_RE.match(line):
                if last is None:
                    raise SourceError(self.path, lineno, "a remark or example before any rule")
                current = self.aside(line, lineno, last)
                state = "aside"
            elif state == "rule" and not prev_blank and current is not None:
                current.body.append(line)
                current.line_end = lineno
            elif state == "precision" and current is not None:
                current.body.append(line)
                current.line_end = lineno
            else:
                if last is None:
                    raise SourceError(self.path, lineno, "text before any rule")
                current = self.precision(line, lineno, last, index, end)
                state = "precision"
            prev_blank = False
        return self.drafts

    def numbered(self, match: re.Match[str], line: str, lineno: int) -> _Draft:
        number = match["num"] + (f".{match['letter']}" if match["letter"] else "")
        rest = line[match.end() :].strip()
        parent = _parent_number(number)
        if parent is not None:
            self.ensure_section(parent, lineno)
        draft = _Draft(
            id=_gid(number),
            kind="rule" if match["letter"] else "section",
            document=DOC_RULES,
            line_start=lineno,
            line_end=lineno,
            number=number,
            parent=_gid(parent) if parent else None,
        )
        if match["letter"]:
            draft.body.append(rest)
        else:
            draft.title = rest
        return self.add(draft)

    def aside(self, line: str, lineno: int, last: _Draft) -> _Draft:
        remark = REMARK_RE.match(line)
        if remark:
            kind, title, suffix, official = "note", "Remarque", "remarque", True
            body = line[remark.end() :]
        else:
            example = EXAMPLE_RE.match(line)
            assert example is not None
            kind, title, suffix = "example", "Exemple", "exemple"
            official = not example["extra"]  # `++` marks the editor's additions
            body = line[example.end() :]
        return self.add(
            _Draft(
                id=self.aside_id(last.id, suffix),
                kind=kind,
                document=DOC_RULES,
                line_start=lineno,
                line_end=lineno,
                title=title,
                body=[_sentence_case(body.strip())],
                parent=last.id,
                official=official,
            )
        )

    def precision(self, line: str, lineno: int, last: _Draft, index: int, end: int) -> _Draft:
        """Unnumbered prose of the editor.  It continues the rule it follows when a sibling rule
        comes next; when a heading comes next it closes the block, so it belongs to that heading."""
        following = next(
            (m for m in (NUMBER_RE.match(x) for x in self.lines[index + 1 : end]) if m), None
        )
        if following is not None and following["letter"]:
            parent = last.id
        else:
            parent = last.id if last.kind == "section" else (last.parent or last.id)
        return self.add(
            _Draft(
                id=self.aside_id(parent, "precision"),
                kind="note",
                document=DOC_RULES,
                line_start=lineno,
                line_end=lineno,
                title="Précision non officielle",
                body=[line],
                parent=parent,
                official=False,
                role="commentary",
            )
        )


# --------------------------------------------------------------------------- the glossary


def _glossary_bodies(
    lines: list[str], corr: Corrections, start: int
) -> list[tuple[int, dict[str, Any], int, int]]:
    """(index in the table, spec, headword index, end index exclusive) for each listed headword
    found after `start`, in order; a headword the page no longer prints is stale (its lines go
    to the one before)."""
    found: list[tuple[int, dict[str, Any], int]] = []
    cursor = start
    for index, spec in enumerate(corr.get("glossary", [])):
        printed = spec["printed"]
        at = next((i for i in range(cursor, len(lines)) if lines[i].strip() == printed), None)
        if at is None:
            why = f"the glossary no longer prints this headword (after line {cursor + 1})"
            corr.stale("glossary", printed, why, at=(index,))
            continue
        found.append((index, spec, at))
        cursor = at + 1
    marker = corr.get("glossary_end", "×")
    end = next((i for i in range(cursor, len(lines)) if lines[i].strip() == marker), None)
    if end is None:
        if "glossary_end" in corr:
            why = "the page no longer prints it: the glossary runs to the end of the file"
            corr.stale("glossary_end", marker, why, at=())
        end = len(lines)
    bounds = [at for _, _, at in found[1:]] + [end] if found else []
    return [(i, spec, at, stop) for (i, spec, at), stop in zip(found, bounds, strict=True)]


@dataclass
class _Question:
    question: str
    answers: list[tuple[str, str, int, int]]  # (headword title, answer, question line, answer line)
    parent: str


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corr = corrections.begin(CORRECTIONS)
    path = source_path(GAME, source_file)
    lines = normalize_chars(text).split("\n")
    clean = _Cleaner(corr)
    specs: list[dict[str, Any]] = corr.get("glossary", [])

    first_rule = next(
        (i for i, x in enumerate(lines) if NUMBER_RE.match(x) and not x.startswith("0.")), None
    )
    if first_rule is None:
        raise SourceError(path, len(lines), "no numbered rule (« 1.1.1 … ») in the page")
    bodies = _glossary_bodies(lines, corr, first_rule)
    glossary_start = bodies[0][2] if bodies else len(lines)

    drafts: list[_Draft] = [_front_matter(lines, first_rule, path)]
    rules = _RulesParser(lines, corr, path)
    drafts += rules.parse(first_rule, glossary_start)
    _close_unprinted(rules.drafts)
    why = "the page prints this level now, or no longer has it: no title is needed"
    corr.stale_unused("missing_headings", rules.untitled, why)

    labels: dict[str, str] = dict(corr.get("labels", {}))
    for entry_id in labels.keys() - rules.by_id.keys():
        corr.stale("labels", entry_id, f"no entry {entry_id} in this source")
    plain: dict[str, str] = {}  # rule text without its restored label, for glossary summaries
    for draft in rules.drafts:
        if draft.kind == "section":
            continue
        body = render_blocks(draft.body)
        label = labels.get(draft.id)
        if label and not body.startswith(label + " "):
            why = f"{draft.id} no longer starts with « {label} »"
            corr.stale("labels", draft.id, why)
            label = None
        if label:
            body = body[len(label) + 1 :]
            plain[draft.id] = clean(body, draft.id)
            draft.title = label
            body = f"**{label}** : {body}"
        draft.text = clean(body, draft.id)
        plain.setdefault(draft.id, draft.text)

    glossary_drafts, questions = _parse_glossary(lines, bodies, clean, corr, set(rules.by_id))
    faq_drafts = _faq_entries(questions, corr)

    # Document order: each glossary entry, then its example, then the questions first asked there.
    ordered_glossary: list[_Draft] = []
    for draft in glossary_drafts:
        ordered_glossary.append(draft)
        ordered_glossary += [f for f in faq_drafts if f.parent == draft.id]
    term_drafts = _terms(corr, {d.id: d for d in drafts}, plain, {d.id for d in glossary_drafts})

    all_drafts = drafts + ordered_glossary + term_drafts
    ids = {d.id for d in all_drafts}
    by_id = {d.id: d for d in all_drafts}
    named = _named_patterns([d for d in glossary_drafts if d.kind == "glossary"], specs)
    used_notes: set[str] = set()
    for draft in all_drafts:
        if draft.kind == "glossary" and draft.defined_by:
            continue
        _resolve_refs(draft, ids, by_id, named, corr, used_notes)
    why = "no printed reference of this wording is unresolved any more"
    corr.stale_unused("unresolved_notes", used_notes, why)
    for local_id, notes in corr.get("notes", {}).items():
        if local_id not in by_id:
            corr.stale("notes", local_id, f"no entry {local_id} in this source")
            continue
        by_id[local_id].notes += corr.notes_that_hold("notes", local_id, notes, GAME, ids)
    for entry_id in corr.get("text_fixes", {}).keys() - ids:
        corr.stale("text_fixes", entry_id, f"no entry {entry_id} in this source")
    corr.stale_unused("icons", clean.used_icons, "the page no longer leaves this alt-text")
    return GameImport(
        game=GAME,
        title=TITLE,
        source_file=source_file,
        documents=list(DOCUMENTS),
        entries=[d.to_entry(source_file) for d in all_drafts],
        document_editions=_editions(lines, first_rule),
        stale_corrections=corr.stale_corrections,
    )


def _editions(lines: list[str], first_rule: int) -> dict[str, DocumentEdition]:
    """The dictionary the page was loaded from, dated (« dictionary_2024-09-14_14-59-53.json »,
    in its banner above the rules): the edition of both documents."""
    for no, line in enumerate(lines[:first_rule], start=1):
        if m := DICTIONARY_RE.search(line):
            edition = DocumentEdition(None, f"{m[1]}-{m[2]}-{m[3]}", m[0], no)
            return {doc.id: edition for doc in DOCUMENTS}
    return {}


def _front_matter(lines: list[str], first_rule: int, path: str) -> _Draft:
    """The colour-code notice (`0.0.0 Code Couleur`): how to tell official from unofficial text."""
    start = next((i for i in range(first_rule) if lines[i].startswith("0.0.0")), None)
    if start is None:
        raise SourceError(path, first_rule + 1, "the colour code « 0.0.0 » is missing before here")
    body: list[str | None] = [x.strip() or None for x in lines[start + 1 : first_rule]]
    last = max(i for i in range(start, first_rule) if lines[i].strip())
    return _Draft(
        id=_gid("code-couleur"),
        kind="section",
        document=DOC_RULES,
        line_start=start + 1,
        line_end=last + 1,
        title=lines[start][len("0.0.0") :].strip().capitalize(),
        text=render_blocks(body),
        official=False,
        role="front-matter",
    )


def _close_unprinted(drafts: list[_Draft]) -> None:
    """An unprinted level spans the lines of everything under it."""
    by_id = {d.id: d for d in drafts}
    extent = {d.id: (d.line_start, d.line_end) for d in drafts}
    for draft in reversed(drafts):  # children come after their parent
        if draft.parent in extent:
            low, high = extent[draft.parent]
            start, end = extent[draft.id]
            extent[draft.parent] = (min(low, start), max(high, end))
    for draft_id, (start, end) in extent.items():
        draft = by_id[draft_id]
        if not draft.printed:
            draft.line_start, draft.line_end = start, end


def _parse_glossary(
    lines: list[str],
    bodies: list[tuple[int, dict[str, Any], int, int]],
    clean: _Cleaner,
    corr: Corrections,
    rule_ids: set[str],
) -> tuple[list[_Draft], list[_Question]]:
    """The glossary's entries (and examples), and its questions.  A `parent` headword or a
    `refs` rule this source does not have is stale."""
    drafts: list[_Draft] = []
    questions: dict[str, _Question] = {}
    taken: set[str] = set()
    ids_by_printed: dict[str, str] = {}
    for row, spec, head, stop in bodies:
        title = spec.get("title") or spec["printed"]
        gid = _gid("glossaire/" + unique_slug(slugify(title), taken))
        ids_by_printed[spec["printed"]] = gid
        body: list[str | None] = []
        example: _Draft | None = None
        index = head + 1
        while index < stop:
            line = lines[index].strip()
            nxt = lines[index + 1].strip() if index + 1 < stop else ""
            if line.startswith("++Exemple"):
                end = index
                while not lines[end].rstrip().endswith("++") and end + 1 < stop:
                    end += 1
                chunk = " ".join(x.strip() for x in lines[index : end + 1])
                chunk = EXAMPLE_RE.sub("", chunk).removesuffix("++").strip()
                example = _Draft(
                    id=gid + "-exemple",
                    kind="example",
                    document=DOC_GLOSSARY,
                    line_start=index + 1,
                    line_end=end + 1,
                    title="Exemple",
                    text=clean(chunk),
                    parent=gid,
                    official=False,
                    notes=["Le tableau auquel cet exemple renvoie est perdu dans la source."],
                )
                index = end + 1
                continue
            if line.endswith("?") and nxt:
                q = questions.setdefault(line, _Question(line, [], gid))
                q.answers.append((title, clean(nxt), index + 1, index + 2))
                index += 2
                continue
            body.append(line or None)
            index += 1
        last = max(i for i in range(head, stop) if lines[i].strip())
        parent_printed = spec.get("parent")
        if parent_printed and parent_printed not in ids_by_printed:
            why = f"its parent headword « {parent_printed} » is not printed before it any more"
            corr.stale("glossary", spec["printed"], why, at=(row,))
        refs = [_gid(str(r)) for r in spec.get("refs") or []]
        for ref in [r for r in refs if r not in rule_ids]:
            why = f"refers to {ref}, which does not exist"
            corr.stale("glossary", spec["printed"], why, at=(row,))
        draft = _Draft(
            id=gid,
            kind="glossary",
            document=DOC_GLOSSARY,
            line_start=head + 1,
            line_end=last + 1,
            title=title,
            text=clean(render_blocks(body, glossary=True)),
            parent=ids_by_printed.get(parent_printed) if parent_printed else None,
            official=False,
            role=spec.get("role"),
            aliases=list(spec.get("aliases") or []),
            english=spec.get("english"),
            english_inferred=bool(spec.get("english_inferred")),
            notes=list(spec.get("notes") or []),
            refs=[r for r in refs if r in rule_ids],
        )
        drafts.append(draft)
        if example is not None:
            drafts.append(example)
    return drafts, list(questions.values())


def _faq_entries(questions: list[_Question], corr: Corrections) -> list[_Draft]:
    """One entry per distinct question; a question asked under two modes keeps both answers.
    A slug or notes for a question the glossary no longer asks are stale."""
    slugs: dict[str, str] = corr.get("faq_slugs", {})
    extra: dict[str, list[str]] = corr.get("faq_notes", {})
    why = "the glossary no longer asks this question"
    corr.stale_unused("faq_slugs", [q.question for q in questions], why)
    taken: set[str] = set()
    drafts: list[_Draft] = []
    for q in questions:
        slug = unique_slug(
            slugs.get(q.question) or slugify(" ".join(q.question.split()[:6])), taken
        )
        if len({a for _, a, _, _ in q.answers}) == 1:
            text = q.answers[0][1]
        else:
            text = "\n\n".join(f"**{mode}** : {answer}" for mode, answer, _, _ in q.answers)
        notes = []
        if len(q.answers) > 1:
            where = " et ".join(f"« {mode} » (ligne {line})" for mode, _, line, _ in q.answers)
            notes.append(f"Question posée deux fois dans la source, sous {where} ; regroupée ici.")
        drafts.append(
            _Draft(
                id=_gid("faq/" + slug),
                kind="faq",
                document=DOC_GLOSSARY,
                line_start=q.answers[0][2],
                line_end=q.answers[-1][3],
                title=q.question,
                text=text,
                parent=q.parent,
                official=False,
                notes=notes + list(extra.get(slug) or []),
            )
        )
    corr.stale_unused("faq_notes", taken, "no question of the glossary has this slug any more")
    return drafts


def _terms(
    corr: Corrections, rules: dict[str, _Draft], plain: dict[str, str], glossary_ids: set[str]
) -> list[_Draft]:
    """Glossary entries for the terms the numbered rules define, pointing at their definition.
    A term whose defining entry (or quoted text) this source does not have is stale."""
    taken = {i.split("/")[-1] for i in glossary_ids}
    drafts: list[_Draft] = []
    for index, spec in enumerate(corr.get("terms", [])):

        def stale(why: str, spec: dict[str, Any] = spec, index: int = index) -> None:
            corr.stale("terms", spec["title"], why, at=(index,))

        defined = rules.get(_gid(str(spec["defined_by"])))
        if defined is None:
            stale(f"its defining entry {_gid(str(spec['defined_by']))} does not exist")
            continue
        source = rules.get(_gid(str(spec["text_from"]))) if spec.get("text_from") else defined
        if source is None:
            stale(f"the entry it quotes, {_gid(str(spec['text_from']))}, does not exist")
            continue
        if not (source.id + ".").startswith(defined.id + "."):
            # A term quotes its own definition: a rule elsewhere says something else about it.
            stale(f"it quotes {source.id}, which is not under {defined.id}")
            continue
        if source.kind == "section":
            first = next(
                (d for d in rules.values() if d.parent == source.id and d.kind == "rule"), None
            )
            source = first or source
        text = plain.get(source.id, "")
        if spec.get("quote"):
            # One item of a list (1.2.4.c names four kinds of abilities): the item that starts so.
            items = [x[2:] for x in text.split("\n") if x.startswith("- ")]
            text = next((x for x in items if x.startswith(spec["quote"])), "")
            if not text:
                stale(f"no item of {source.id} starts with « {spec['quote']} » any more")
                continue
        notes = [] if text else ["La section qui définit ce terme est vide dans la source."]
        slug = slugify(spec["title"])
        if slug in taken:
            stale(f"its id glossaire/{slug} is a headword of the glossary now")
            continue
        taken.add(slug)
        drafts.append(
            _Draft(
                id=_gid("glossaire/" + slug),
                kind="glossary",
                document=DOC_GLOSSARY,
                # The lines of the text quoted, not of the heading that names the term.
                line_start=(source if text else defined).line_start,
                line_end=(source if text else defined).line_end,
                title=spec["title"],
                text=text,
                aliases=list(spec.get("aliases") or []),
                english=spec.get("english"),
                english_inferred=bool(spec.get("english_inferred")),
                defined_by=defined.id,
                notes=notes,
            )
        )
    return drafts


def _named_patterns(
    glossary: list[_Draft], specs: list[dict[str, Any]]
) -> list[tuple[re.Pattern[str], str]]:
    """Glossary headwords of several words, as printed or corrected: « voir Standard (Mode de jeu) »."""
    names: list[tuple[str, str]] = []
    printed = {(s.get("title") or s["printed"]): s["printed"] for s in specs}
    for draft in glossary:
        assert draft.title is not None
        for name in {draft.title, printed.get(draft.title, draft.title)}:
            if len(name.split()) >= 2:
                names.append((name, draft.id))
    names.sort(key=lambda pair: (-len(pair[0]), pair[0]))
    return [(re.compile(r"(?<!\w)" + re.escape(n) + r"(?!\w)"), gid) for n, gid in names]


def _resolve_refs(
    draft: _Draft,
    ids: set[str],
    by_id: dict[str, _Draft],
    named: list[tuple[re.Pattern[str], str]],
    corr: Corrections,
    used_notes: set[str],
) -> None:
    found: list[tuple[int, str]] = []
    notes: dict[str, str] = {k.lower(): k for k in corr.get("unresolved_notes", {})}
    for match in NUMERIC_REF_RE.finditer(draft.text):
        word, number = match["word"], match["num"]
        if word.lower() == "étape" and "." not in number:
            continue  # « retourne à l'étape 1 »: a step of the same numbered list (765)
        target = _gid(number)
        literal = f"{word} {number}"
        if target in ids and by_id[target].printed:
            found.append((match.start(), target))
        else:
            key = notes.get(literal.lower())
            if key is not None:
                used_notes.add(key)
            note = corr["unresolved_notes"][key] if key else "Cible absente de la source."
            draft.unresolved.append(
                Unresolved(
                    target=literal,
                    intended=target if target in ids else None,
                    note=" ".join(note.split()),
                )
            )
    for pattern, gid in named:
        if gid == draft.id or gid == draft.parent:
            continue
        match = pattern.search(draft.text)
        if match:
            found.append((match.start(), gid))
    for _, target in sorted(found):
        if target not in draft.refs and target != draft.id:
            draft.refs.append(target)
