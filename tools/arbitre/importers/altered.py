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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arbitre.importers.corrections import ID, Corrections, Record, Seq
from arbitre.importers.text import (
    normalize_chars,
    replace_words,
    slugify,
    unique_slug,
)
from arbitre.kb.entry import DocumentInfo, Entry, GameImport, SourceSpan, Unresolved

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


def _clean(text: str, icons: dict[str, str], fixes: list[list[str]] | None = None) -> str:
    text = STRAY_EMPHASIS_RE.sub(r"\1", text)
    for old, new in fixes or []:
        if old not in text:
            raise ValueError(f"correction {old!r} does not match {text[:60]!r}")
        text = text.replace(old, new)
    return replace_words(text, icons)


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- the rules


class _RulesParser:
    def __init__(self, lines: list[str], corrections: dict[str, Any]) -> None:
        self.lines = lines
        self.corr = corrections
        self.drafts: list[_Draft] = []
        self.by_id: dict[str, _Draft] = {}
        self.taken: set[str] = set()

    def add(self, draft: _Draft) -> _Draft:
        if draft.id in self.by_id:
            raise ValueError(f"line {draft.line_start}: duplicate id {draft.id}")
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
        titles = self.corr.get("missing_headings", {})
        if number not in titles:
            raise ValueError(
                f"line {line}: level {number} is not printed and has no title in corrections"
            )
        self.add(
            _Draft(
                id=_gid(number),
                kind="section",
                document=DOC_RULES,
                line_start=line,
                line_end=line,
                number=number,
                title=titles[number],
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
                    raise ValueError(f"line {lineno}: aside before any rule")
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
                    raise ValueError(f"line {lineno}: text before any rule")
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
    lines: list[str], specs: list[dict[str, Any]], start: int, end_marker: str
) -> list[tuple[dict[str, Any], int, int]]:
    """(spec, headword index, end index exclusive) for each listed headword, in order."""
    positions: list[int] = []
    cursor = start
    for spec in specs:
        printed = spec["printed"]
        for index in range(cursor, len(lines)):
            if lines[index].strip() == printed:
                positions.append(index)
                cursor = index + 1
                break
        else:
            raise ValueError(f"glossary headword {printed!r} not found after line {cursor + 1}")
    end = next((i for i in range(cursor, len(lines)) if lines[i].strip() == end_marker), len(lines))
    bounds = positions[1:] + [end]
    return [(spec, pos, stop) for spec, pos, stop in zip(specs, positions, bounds, strict=True)]


@dataclass
class _Question:
    question: str
    answers: list[tuple[str, str, int, int]]  # (headword title, answer, question line, answer line)
    parent: str


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corr = corrections.begin(CORRECTIONS)
    lines = normalize_chars(text).split("\n")
    icons: dict[str, str] = {str(k): v for k, v in (corr.get("icons") or {}).items()}
    specs: list[dict[str, Any]] = corr["glossary"]

    first_rule = next(
        i for i, x in enumerate(lines) if NUMBER_RE.match(x) and not x.startswith("0.")
    )
    glossary_start = next(
        i for i in range(first_rule, len(lines)) if lines[i].strip() == specs[0]["printed"]
    )

    drafts: list[_Draft] = [_front_matter(lines, first_rule)]
    rules = _RulesParser(lines, corr)
    drafts += rules.parse(first_rule, glossary_start)
    _close_unprinted(rules.drafts)

    labels: dict[str, str] = corr.get("labels") or {}
    fixes: dict[str, list[list[str]]] = corr.get("text_fixes") or {}
    plain: dict[str, str] = {}  # rule text without its restored label, for glossary summaries
    for draft in rules.drafts:
        if draft.kind == "section":
            continue
        body = render_blocks(draft.body)
        label = labels.get(draft.id)
        if label:
            if not body.startswith(label + " "):
                raise ValueError(f"{draft.id}: label {label!r} not at the start")
            body = body[len(label) + 1 :]
            plain[draft.id] = _clean(body, icons, fixes.get(draft.id))
            draft.title = label
            body = f"**{label}** : {body}"
        draft.text = _clean(body, icons, fixes.get(draft.id))
        plain.setdefault(draft.id, draft.text)

    glossary_drafts, questions = _parse_glossary(lines, specs, glossary_start, corr, icons)
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
    for draft in all_drafts:
        if draft.kind == "glossary" and draft.defined_by:
            continue
        _resolve_refs(draft, ids, by_id, named, corr)
    for local_id, notes in (corr.get("notes") or {}).items():
        if local_id not in by_id:
            raise ValueError(f"corrections note for unknown entry {local_id}")
        by_id[local_id].notes += notes
    unused = (set(fixes) | set(labels)) - ids
    if unused:
        raise ValueError(f"corrections for unknown entries: {sorted(unused)}")
    return GameImport(
        game=GAME,
        title=TITLE,
        source_file=source_file,
        documents=list(DOCUMENTS),
        entries=[d.to_entry(source_file) for d in all_drafts],
        stale_corrections=corr.stale_corrections,
    )


def _front_matter(lines: list[str], first_rule: int) -> _Draft:
    """The colour-code notice (`0.0.0 Code Couleur`): how to tell official from unofficial text."""
    start = next(i for i, x in enumerate(lines) if x.startswith("0.0.0"))
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
    specs: list[dict[str, Any]],
    start: int,
    corr: dict[str, Any],
    icons: dict[str, str],
) -> tuple[list[_Draft], list[_Question]]:
    drafts: list[_Draft] = []
    questions: dict[str, _Question] = {}
    taken: set[str] = set()
    ids_by_printed: dict[str, str] = {}
    for spec, head, stop in _glossary_bodies(lines, specs, start, corr.get("glossary_end", "×")):
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
                    text=_clean(chunk, icons),
                    parent=gid,
                    official=False,
                    notes=["Le tableau auquel cet exemple renvoie est perdu dans la source."],
                )
                index = end + 1
                continue
            if line.endswith("?") and nxt:
                q = questions.setdefault(line, _Question(line, [], gid))
                q.answers.append((title, _clean(nxt, icons), index + 1, index + 2))
                index += 2
                continue
            body.append(line or None)
            index += 1
        last = max(i for i in range(head, stop) if lines[i].strip())
        parent_printed = spec.get("parent")
        draft = _Draft(
            id=gid,
            kind="glossary",
            document=DOC_GLOSSARY,
            line_start=head + 1,
            line_end=last + 1,
            title=title,
            text=_clean(render_blocks(body, glossary=True), icons),
            parent=ids_by_printed[parent_printed] if parent_printed else None,
            official=False,
            role=spec.get("role"),
            aliases=list(spec.get("aliases") or []),
            english=spec.get("english"),
            english_inferred=bool(spec.get("english_inferred")),
            notes=list(spec.get("notes") or []),
            refs=[_gid(str(r)) for r in spec.get("refs") or []],
        )
        drafts.append(draft)
        if example is not None:
            drafts.append(example)
    return drafts, list(questions.values())


def _faq_entries(questions: list[_Question], corr: dict[str, Any]) -> list[_Draft]:
    """One entry per distinct question; a question asked under two modes keeps both answers."""
    slugs: dict[str, str] = corr.get("faq_slugs") or {}
    extra: dict[str, list[str]] = corr.get("faq_notes") or {}
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
    return drafts


def _terms(
    corr: dict[str, Any], rules: dict[str, _Draft], plain: dict[str, str], glossary_ids: set[str]
) -> list[_Draft]:
    """Glossary entries for the terms the numbered rules define, pointing at their definition."""
    taken = {i.split("/")[-1] for i in glossary_ids}
    drafts: list[_Draft] = []
    for spec in corr.get("terms") or []:
        defined = rules.get(_gid(str(spec["defined_by"])))
        if defined is None:
            raise ValueError(f"term {spec['title']!r}: no entry {spec['defined_by']}")
        source = rules.get(_gid(str(spec["text_from"]))) if spec.get("text_from") else defined
        if source is None:
            raise ValueError(f"term {spec['title']!r}: no entry {spec['text_from']}")
        if not (source.id + ".").startswith(defined.id + "."):
            # A term quotes its own definition: a rule elsewhere says something else about it.
            raise ValueError(f"term {spec['title']!r}: {source.id} is not under {defined.id}")
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
                raise ValueError(f"term {spec['title']!r}: quote not found in {source.id}")
        notes = [] if text else ["La section qui définit ce terme est vide dans la source."]
        slug = slugify(spec["title"])
        if slug in taken:
            raise ValueError(f"term {spec['title']!r}: id glossaire/{slug} already taken")
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
    corr: dict[str, Any],
) -> None:
    found: list[tuple[int, str]] = []
    notes: dict[str, str] = corr.get("unresolved_notes") or {}
    for match in NUMERIC_REF_RE.finditer(draft.text):
        word, number = match["word"], match["num"]
        if word.lower() == "étape" and "." not in number:
            continue  # « retourne à l'étape 1 »: a step of the same numbered list (765)
        target = _gid(number)
        literal = f"{word} {number}"
        if target in ids and by_id[target].printed:
            found.append((match.start(), target))
        else:
            draft.unresolved.append(
                Unresolved(
                    target=literal,
                    intended=target if target in ids else None,
                    note=" ".join(
                        notes.get(literal.lower(), "Cible absente de la source.").split()
                    ),
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
