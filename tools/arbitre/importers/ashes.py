"""Ashes: Les Héritiers du Phénix — the French clarifications and FAQ leaflet (OCR-damaged).

The source is an OCR of a printed leaflet: three parts with no markup at all.

* « Clarifications » (6 bullets) and « Dégâts, jetons Blessures et Destruction » (5 bullets; the
  4th introduces the damage-and-destruction process: two entry-point rules, steps 1, 1b, 2, 2b, 3,
  3b and two rules about triggers between steps).
* 57 Q/R pairs under 21 topic headings whose markers are damaged: bare « : » for a lost « Q »
  or « R », « Q: »/« R: » hoisted above both texts, a stray « R » inside a question, « ~ » junk,
  an answer with no marker, an answer cut by a page break.  The pairs are recovered by a state
  machine whose one invariant is that every question ends with « ? ».

OCR repair is code (apostrophes read as « [ », « I' » or lost, « I »/« | » for « 1 », bullets read
as « & »/« < », hyphenated line ends, sentences cut by blank lines, « a » for the preposition
« à ») plus the reviewed tables of content/ashes/corrections.yaml (words, phrases, heading levels,
card names, notes, glossary).  A table entry only ever matches a form that is wrong in French, or an
exact phrase, so a word that was right is never changed.  One that no longer matches anything (the
publisher printed the word right), or names an entry or heading that is gone, is skipped and
recorded as stale; a heading with no level in the table is read as a topic, and says so.  Text the
parser cannot place (an answer before its question, text before the first bullet) is a SourceError.

The leaflet prints no version or date of its own: its « © 2016 F2Z Entertainment Inc. » is a
copyright year, not an edition, so `document_editions` is empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections, Record
from arbitre.importers.text import (
    fold,
    normalize_chars,
    replace_words,
    slugify,
    source_path,
    unique_slug,
)
from arbitre.kb.entry import DocumentInfo, Entry, GameImport, SourceSpan, Unresolved

GAME = "ashes"
TITLE = "Ashes : Les Héritiers du Phénix"
SHORT_TITLE = "Ashes"  # the name the site's tabs and search messages use
SOURCE = "003_1b10cbaaa9eb9777.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = "© 2016 F2Z Entertainment Inc. Tous droits réservés … www.filosofiagames.com"

# The sections of content/ashes/corrections.yaml and their shapes.
CORRECTIONS = {
    "heading_levels": {str: int},
    "section_slugs": {str: str},
    "words": {str: str},
    "phrases": {str: str},
    "a_is_verb_before": [str],
    "verb_a": [str],
    "cards": {str: str},
    "notes": {str: [str]},
    "external_refs": {str: [Record({"target": str, "note": str})]},
    "glossary": [
        Record(
            {"term": str},
            {
                "aliases": [str],
                "english": str,
                "english_inferred": bool,
                "defined_by": str,
                "text": str,
            },
        )
    ],
}

DOCUMENT = "faq"
# One printed leaflet.  Glossary entries also belong to it (the writer puts them in
# glossary/ashes.yaml), so no empty « glossaire » document is declared.
DOCUMENTS = [DocumentInfo(DOCUMENT, "Clarifications et questions fréquentes")]

# Physical headings of the two first parts, as printed (OCR included).
PART_A = "Clarifications"
PART_B_ID = "degats"
# The non-step paragraphs of the damage process, in order, after the steps.
AFTER_STEP_SLUGS = ("declenchements-entre-etapes", "degats-declenches")

_FINAL = (".", "?", "!", ".)", "?)", "»")
_BULLET = re.compile(r"^[&<]\s+")
_STEP = re.compile(r"^Etape\s*(\d)\s*(b?)\s*:\s*(.*)$")
_MARKERS = (
    ("QTEXT", re.compile(r"^Q\s*:\s*\S")),
    ("QALONE", re.compile(r"^Q\s*:?\s*$")),
    ("RTEXT", re.compile(r"^R\s*:\s*\S")),
    ("RALONE", re.compile(r"^R\s*:?\s*$")),
    ("BARE", re.compile(r"^:\s*\S")),
    ("JUNK", re.compile(r"^[~|\-]+$")),
)
_MARKER_PREFIX = {"QTEXT": r"^Q\s*:\s*", "RTEXT": r"^R\s*:\s*", "BARE": r"^:\s*"}


# ---------------------------------------------------------------- paragraphs and text joining


@dataclass
class _Para:
    """A run of non-blank physical lines; `start`/`end` are 1-based line numbers."""

    lines: list[tuple[int, str]]

    @property
    def start(self) -> int:
        return self.lines[0][0]

    @property
    def end(self) -> int:
        return self.lines[-1][0]

    @property
    def first(self) -> str:
        return self.lines[0][1]


def _paragraphs(
    lines: list[str], start: int, end: int, cut_at_markers: bool = False
) -> list[_Para]:
    """Paragraphs of lines[start:end] (0-based slice); optionally also cut before Q/R markers."""
    paras: list[_Para] = []
    current: list[tuple[int, str]] = []
    for index in range(start, end):
        line = lines[index].strip()
        if not line:
            if current:
                paras.append(_Para(current))
                current = []
            continue
        if current and cut_at_markers and _marker_kind(line) != "TEXT":
            paras.append(_Para(current))
            current = []
        current.append((index + 1, line))
    if current:
        paras.append(_Para(current))
    return paras


def _marker_kind(line: str) -> str:
    for kind, pattern in _MARKERS:
        if pattern.match(line):
            return kind
    return "TEXT"


def _join_wrapped(lines: list[str]) -> str:
    """One paragraph's wrapped lines as one line.  A line-end hyphen is a real one (« puis-je »,
    « est-ce »): the OCR never split a word by syllables, so it is kept and nothing is inserted."""
    out = ""
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if not out:
            out = line
        elif re.search(r"\w-$", out):
            out += line
        else:
            out += " " + line
    return out


def _join_blocks(blocks: list[str]) -> str:
    """Blocks separated by blank lines in the source.  A blank line that cuts a sentence (page
    or column break, OCR spacing) is joined back; a finished sentence followed by a capital
    starts a new Markdown paragraph."""
    out = ""
    for block in blocks:
        if not block:
            continue
        if not out:
            out = block
        elif out.endswith(_FINAL) and not block[0].islower():
            out += "\n\n" + block
        elif re.search(r"\w-$", out):
            out += block
        else:
            out += " " + block
    return out


# ---------------------------------------------------------------- OCR repair


class _Repairer:
    """Applies the generic OCR repairs and the reviewed tables of corrections/ashes.yaml."""

    def __init__(self, corrections: Corrections) -> None:
        words: dict[str, str] = dict(corrections.get("words") or {})
        self.table_keys = list(words)
        # A lower-case table key also repairs its capitalised form (sentence start).
        for wrong, right in list(words.items()):
            if wrong[:1].islower():
                words.setdefault(wrong[:1].upper() + wrong[1:], right[:1].upper() + right[1:])
        self.words = words
        self.phrases: dict[str, str] = dict(corrections.get("phrases") or {})
        self.verb_a: list[str] = list(corrections.get("verb_a") or [])
        self.verb_next: set[str] = set(corrections.get("a_is_verb_before") or [])
        self.used_words: set[str] = set()
        self.used_phrases: set[str] = set()
        self.used_verb_a: set[str] = set()
        self.used_verb_next: set[str] = set()

    def __call__(self, text: str) -> str:
        text = normalize_chars(text)
        # Curly apostrophes, and a straight one doubled after a curly one (« d’'un »).
        text = text.replace("’'", "'").replace("’", "'").replace("‘", "'")
        for wrong, right in self.phrases.items():
            if wrong in text:
                self.used_phrases.add(wrong)
                text = text.replace(wrong, right)
        # Elided « l' » read as « [ » (« [étape », « ['unité »), as « I' », or lost before « ' ».
        text = re.sub(r"\['?(?=\w)", "l'", text)
        text = re.sub(r"\bI'(?=[\w«])", "l'", text)
        text = re.sub(r"(?<=\s)'(?=\w)", "l'", text)
        # « lll » for « Ill » (« lllusion »): French has no word starting with three l.
        text = re.sub(r"\blll", "Ill", text)
        # « I » or « | » alone after a word is a « 1 » (« Lancer I », « page | »): neither is
        # a French word.
        text = re.sub(r"(?<=\w )[I|](?![\w'])", "1", text)
        # A capital « A » standing alone is « À »; the verb never starts a sentence here.
        text = re.sub(r"(?<![\w'])A(?= )", "À", text)
        text = replace_words(text, self.words, self.used_words)
        return self._preposition_a(text)

    def _preposition_a(self, text: str) -> str:
        """« a » stands for « à » except where it is the verb « avoir »."""
        protected: list[tuple[int, int]] = []
        for phrase in self.verb_a:
            for m in re.finditer(re.escape(phrase), text):
                protected.append((m.start(), m.end()))
                self.used_verb_a.add(phrase)

        def verb(m: re.Match[str]) -> bool:
            after = re.match(r"\s*([\w']+)", text[m.end() :])
            nxt = after.group(1) if after else ""
            if nxt in self.verb_next:
                self.used_verb_next.add(nxt)
            if any(s <= m.start() < e for s, e in protected):
                return True
            before = re.findall(r"\w+", text[: m.start()])[-2:]
            prev = before[-1] if before else ""
            if prev in ("il", "elle", "on", "qui", "y") or before == ["y", "en"]:
                return True  # « il a », « qui a », « il y a », « il n'y en a »
            return nxt in self.verb_next  # a past participle: « a été », « a protégé »

        return re.sub(r"(?<![\w'])a(?![\w'])", lambda m: m.group(0) if verb(m) else "à", text)


# ---------------------------------------------------------------- Q/R recovery


@dataclass
class _Pair:
    start: int
    q: list[_Para] = field(default_factory=list)
    r: list[_Para] = field(default_factory=list)

    def finished(self) -> bool:
        return bool(self.q) and self.q[-1].lines[-1][1].endswith("?")

    @property
    def end(self) -> int:
        return (self.r or self.q)[-1].end


@dataclass
class _Heading:
    line_start: int
    line_end: int
    title: str  # raw (OCR) title


def _strip_marker(kind: str, para: _Para) -> _Para:
    prefix = _MARKER_PREFIX.get(kind)
    if not prefix:
        return para
    first_no, first = para.lines[0]
    return _Para([(first_no, re.sub(prefix, "", first))] + para.lines[1:])


def _headingish(kind: str, para: _Para) -> bool:
    texts = [t for _, t in para.lines]
    return (
        kind == "TEXT"
        and len(texts) <= 2
        and all(len(t) <= 60 for t in texts)
        and texts[0][0].isupper()
        and texts[-1][-1] not in ".?!:;,»)"
        and not re.search(r"[()\[\]|]", " ".join(texts))
    )


def _recover_pairs(paras: list[_Para], path: str) -> list[_Heading | _Pair]:
    """Headings and Q/R pairs of part C, in document order (see the module docstring); a
    paragraph that fits no pair is a SourceError (`path` names the source)."""
    kinds = [_marker_kind(p.first) for p in paras]

    def chain_reaches_question(index: int) -> bool:
        # A heading (or a run of headings) is always followed by a question.  Without this,
        # a page-break fragment inside an answer (« Quand un joueur inflige… », l.752) looks
        # like a heading.
        for k, p in zip(kinds[index + 1 :], paras[index + 1 :], strict=True):
            if k == "JUNK":
                continue
            if k in ("QTEXT", "QALONE", "BARE"):
                return True
            if not _headingish(k, p):
                return False
        return False

    out: list[_Heading | _Pair] = []
    state = "idle"
    pair: _Pair | None = None
    previous_end = ""

    def open_pair(para: _Para) -> _Pair:
        new = _Pair(start=para.start)
        out.append(new)
        return new

    for index, (kind, para) in enumerate(zip(kinds, paras, strict=True)):
        if kind == "JUNK":
            continue
        body = _strip_marker(kind, para)
        if (
            state in ("idle", "r")
            and _headingish(kind, para)
            and (state == "idle" or previous_end.endswith(_FINAL))
            and chain_reaches_question(index)
        ):
            out.append(_Heading(para.start, para.end, " ".join(t for _, t in para.lines)))
            state, pair = "idle", None
            previous_end = para.lines[-1][1]
            continue
        if kind in ("QTEXT", "QALONE"):
            pair = open_pair(para)
            state = "q"
            if kind == "QTEXT":
                pair.q.append(body)
        elif kind == "RALONE":
            if pair is None:
                raise SourceError(path, para.start, "an answer marker « R » with no question")
            # A displaced answer marker (hoisted above the question, or inside it): the
            # question goes on until it ends with « ? »; the answer text follows unmarked.
        elif kind == "RTEXT":
            if pair is None or not pair.finished():
                message = "an answer « R: » before its question is finished (« …? »)"
                raise SourceError(path, para.start, message)
            state = "r"
            pair.r.append(body)
        elif kind == "BARE":
            if state == "q" and pair is not None and not pair.q:
                # « Q » alone, the question then opens with « : »
                pair.q.append(body)
            elif state == "q" and pair is not None and pair.finished():
                state = "r"
                pair.r.append(body)
            elif state == "q":
                message = "a bare marker « : » inside a question that is not finished (« …? »)"
                raise SourceError(path, para.start, message)
            else:
                pair = open_pair(para)
                state = "q"
                pair.q.append(body)
        else:  # TEXT
            if pair is None:
                raise SourceError(path, para.start, "text before the first question")
            if state == "q" and not pair.finished():
                pair.q.append(body)
            elif state == "q":
                state = "r"
                pair.r.append(body)
            else:
                pair.r.append(body)
        previous_end = para.lines[-1][1]
    for item in out:
        if isinstance(item, _Pair) and not item.q:
            raise SourceError(path, item.start, "a question marker « Q » with no question")
    return out


# ---------------------------------------------------------------- references


def _refs(text: str, own_id: str, ids: set[str]) -> list[str]:
    found: list[tuple[int, str]] = []
    for m in re.finditer(r"l'étape (\d)( ?b\b)?", text):
        found.append(
            (m.start(), f"{GAME}/{PART_B_ID}/etape-{m.group(1)}{'b' if m.group(2) else ''}")
        )
    for m in re.finditer(r"processus de résolution des dégâts", text):
        found.append((m.start(), f"{GAME}/{PART_B_ID}/4"))
    for m in re.finditer(r"voir Dégâts, jetons Blessures et Destruction", text):
        found.append((m.start(), f"{GAME}/{PART_B_ID}"))
    refs: list[str] = []
    for _, target in sorted(found):
        if target != own_id and target in ids and target not in refs:
            refs.append(target)
    return refs


# ---------------------------------------------------------------- the importer


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corrections = corrections.begin(CORRECTIONS)
    path = source_path(GAME, source_file)
    repair = _Repairer(corrections)
    lines = text.split("\n")
    stripped = [line.strip() for line in lines]
    part_b = _part(stripped, "Dégats, jetons Blessures et Destruction", 1, path)
    part_c = _part(stripped, "Phase de préparation", part_b + 1, path)
    # The publisher's footer ends part C (a leaflet cut short ends at its last line).
    footer = next((i for i in range(part_c, len(lines)) if stripped[i].startswith("©")), len(lines))

    entries: list[Entry] = []
    taken_ids: set[str] = set()

    def span(start: int, end: int) -> SourceSpan:
        return SourceSpan(source_file, start, end)

    def add(local: str, kind: str, text_: str, start: int, end: int, **kw: Any) -> Entry:
        if f"{GAME}/{local}" in taken_ids:
            raise SourceError(path, start, f"a second entry {GAME}/{local}")
        taken_ids.add(f"{GAME}/{local}")
        entry = Entry(
            id=f"{GAME}/{local}",
            game=GAME,
            document=kw.pop("document", DOCUMENT),
            kind=kind,
            text=text_,
            source=span(start, end),
            **kw,
        )
        entries.append(entry)
        return entry

    def body(paras: list[_Para]) -> str:
        return repair(_join_blocks([_join_wrapped([t for _, t in p.lines]) for p in paras]))

    # Part A: « Clarifications », six bullets.
    part_a_id = "clarifications"
    add(part_a_id, "section", "", 1, 1, title=repair(stripped[0]))
    for n, group in enumerate(_bullet_groups(_paragraphs(lines, 1, part_b), path), 1):
        add(
            f"{part_a_id}/{n}",
            "rule",
            body(group),
            group[0].start,
            group[-1].end,
            parent=f"{GAME}/{part_a_id}",
            role="clarification",
        )

    # Part B: damage, wounds and destruction; the process bullet owns the steps.
    add(PART_B_ID, "section", "", part_b + 1, part_b + 1, title=repair(stripped[part_b]))
    for n, group in enumerate(_bullet_groups(_paragraphs(lines, part_b + 1, part_c), path), 1):
        bullet_id = f"{PART_B_ID}/{n}"
        parent = f"{GAME}/{PART_B_ID}"
        if not any(_STEP.match(p.first) for p in group):
            add(
                bullet_id,
                "rule",
                body(group),
                group[0].start,
                group[-1].end,
                parent=parent,
                role="clarification",
            )
            continue
        add(
            bullet_id,
            "rule",
            body(group[:1]),
            group[0].start,
            group[0].end,
            parent=parent,
            role="clarification",
        )
        seen_step = False
        after = iter(AFTER_STEP_SLUGS)
        extra = 0
        for para in group[1:]:
            step = _STEP.match(para.first)
            process = f"{GAME}/{bullet_id}"
            if step:
                seen_step = True
                number = step.group(1) + step.group(2)
                first = _Para([(para.start, step.group(3))] + para.lines[1:])
                add(
                    f"{PART_B_ID}/etape-{number}",
                    "rule",
                    body([first]),
                    para.start,
                    para.end,
                    parent=process,
                    role="step",
                    number=number,
                    title=f"Étape {step.group(1)}" + (f" {step.group(2)}" if step.group(2) else ""),
                )
                continue
            text_ = body([para])
            if not seen_step:  # an entry point: « … à partir de l'étape 2 b »
                target = re.search(r"l'étape (\d)( ?b\b)?", text_)
                if target is None:
                    message = "a paragraph before the steps names no step (« l'étape N »)"
                    raise SourceError(path, para.start, message)
                local = (
                    f"{PART_B_ID}/depart-etape-{target.group(1)}{'b' if target.group(2) else ''}"
                )
            else:  # the known paragraphs after the steps, then any new one by its rank
                extra += 1
                local = f"{PART_B_ID}/{next(after, f'apres-les-etapes-{extra}')}"
            add(local, "rule", text_, para.start, para.end, parent=process)

    # Part C: headings and Q/R pairs.
    levels: dict[str, int] = corrections.get("heading_levels", {})
    slugs: dict[str, str] = corrections.get("section_slugs", {})
    titles: set[str] = set()
    taken: set[str] = set()
    stack: list[tuple[int, str]] = []  # (level, id)
    per_section: dict[str, int] = {}
    section_id = ""
    items = _recover_pairs(_paragraphs(lines, part_c, footer, cut_at_markers=True), path)
    for item in items:
        if isinstance(item, _Heading):
            title = repair(item.title)
            titles.add(title)
            level = levels.get(title)
            if level is None:
                level = 2
                why = (
                    f"the heading « {title} » (line {item.line_start}) has no level here: "
                    "read as a topic (2)"
                )
                corrections.stale("heading_levels", title, why, at=())
            slug = slugs.get(title) or slugify(re.sub(r"^La capacité ", "", title))
            section_id = f"{GAME}/{DOCUMENT}/{unique_slug(slug, taken)}"
            while stack and stack[-1][0] >= level:
                stack.pop()
            add(
                section_id.split("/", 1)[1],
                "section",
                "",
                item.line_start,
                item.line_end,
                title=title,
                parent=stack[-1][1] if stack else None,
            )
            stack.append((level, section_id))
            continue
        if not section_id:
            raise SourceError(path, item.start, "a question before the first heading")
        per_section[section_id] = per_section.get(section_id, 0) + 1
        local = f"{section_id.split('/', 1)[1]}-{per_section[section_id]}"
        add(local, "faq", body(item.r), item.start, item.end, title=body(item.q), parent=section_id)

    why = "no heading of part C prints this title any more"
    corrections.stale_unused("heading_levels", titles, why)
    corrections.stale_unused("section_slugs", titles, why)

    # Reviewed per-entry data: cards, notes, external references.
    by_id = {e.id: e for e in entries}
    for entry, card in _extras(corrections, "cards", by_id):
        # Q/R ids count the pairs of a topic: a card must still be named by its pair, or the
        # pairs were renumbered under it.
        if _first_use([card], [entry]) is None:
            why = f"{entry.id} no longer names the card « {card} »"
            corrections.stale("cards", entry.local_id, why)
            continue
        entry.card = card
    for entry, notes in _extras(corrections, "notes", by_id):
        ids = set(by_id)
        entry.notes = corrections.notes_that_hold("notes", entry.local_id, notes, GAME, ids)
    for entry, refs in _extras(corrections, "external_refs", by_id):
        for index, ref in enumerate(refs):
            if ref["target"] not in entry.text:
                why = f"« {ref['target']} » is not printed in {entry.id} any more"
                corrections.stale("external_refs", entry.local_id, why, at=(entry.local_id, index))
                continue
            entry.unresolved.append(Unresolved(ref["target"], None, ref["note"]))
    entries.extend(_glossary(corrections, entries))
    ids = {e.id for e in entries}
    for entry in entries:
        entry.refs = _refs((entry.title or "") + "\n" + entry.text, entry.id, ids)
    _check_tables_used(repair, corrections)
    return GameImport(
        GAME,
        TITLE,
        source_file,
        list(DOCUMENTS),
        entries,
        stale_corrections=corrections.stale_corrections,
    )


def _bullet_groups(paras: list[_Para], path: str) -> list[list[_Para]]:
    """Each bullet (« & »/« < » read for « • ») with the paragraphs that follow it."""
    groups: list[list[_Para]] = []
    for para in paras:
        if _BULLET.match(para.first):
            first = _Para([(para.start, _BULLET.sub("", para.first))] + para.lines[1:])
            groups.append([first])
        elif groups:
            groups[-1].append(para)
        else:
            raise SourceError(path, para.start, "text before the first bullet (« & »)")
    return groups


def _part(stripped: list[str], heading: str, start: int, path: str) -> int:
    """The index of a part's heading line (from `start`), compared without case or accents (the
    OCR's « Dégats » may be printed right); a part missing is a SourceError."""
    for index in range(start, len(stripped)):
        if fold(stripped[index]) == fold(heading):
            return index
    raise SourceError(path, len(stripped), f"the part « {heading} » is missing")


def _extras(
    corrections: Corrections, section: str, by_id: dict[str, Entry]
) -> list[tuple[Entry, Any]]:
    """The entries a per-entry section names, with their data; an entry this source does not
    have is a stale correction."""
    found = []
    for local, value in corrections.get(section, {}).items():
        entry = by_id.get(f"{GAME}/{local}")
        if entry is None:
            corrections.stale(section, local, f"no entry {GAME}/{local} in this source")
        else:
            found.append((entry, value))
    return found


def _glossary(corrections: Corrections, entries: list[Entry]) -> list[Entry]:
    """Glossary entries from the reviewed table; the source span is the defining entry's, else
    that of the first entry whose text uses the term or one of its aliases.  A defining entry
    that is gone, or a term the leaflet no longer uses, is stale."""
    by_id = {e.id: e for e in entries}
    out: list[Entry] = []
    taken: set[str] = set()
    for index, item in enumerate(corrections.get("glossary", [])):
        term = item["term"]
        defined_by = item.get("defined_by")
        forms = [term, *item.get("aliases", [])]
        if defined_by:
            defined_by = f"{GAME}/{defined_by}"
            why = ""
            if defined_by not in by_id:
                why = f"its defining entry {defined_by} does not exist"
            elif _first_use(forms, [by_id[defined_by]]) is None:
                why = f"its defining entry {defined_by} no longer names the term"
            if why:
                corrections.stale("glossary", term, why, at=(index,))
                defined_by = None
        if defined_by:
            where = by_id[defined_by]
        else:
            where = _first_use(forms, entries)
            if where is None:
                why = "the leaflet no longer uses this term (nor its aliases)"
                corrections.stale("glossary", term, why, at=(index,))
                continue
        local = f"glossaire/{unique_slug(slugify(term), taken)}"
        out.append(
            Entry(
                id=f"{GAME}/{local}",
                game=GAME,
                document=DOCUMENT,
                kind="glossary",
                title=term,
                text=item.get("text", ""),
                source=where.source,
                official=False,  # the leaflet has no glossary: these entries are Arbitre's
                aliases=list(item.get("aliases", [])),
                english=item.get("english"),
                english_inferred=bool(item.get("english_inferred", False)),
                defined_by=defined_by,
            )
        )
    return out


def _first_use(forms: list[str], entries: list[Entry]) -> Entry | None:
    patterns = [re.compile(r"(?<!\w)" + re.escape(fold(f)) + r"(?!\w)") for f in forms]
    for entry in entries:
        haystack = fold((entry.title or "") + " " + entry.text)
        if any(p.search(haystack) for p in patterns):
            return entry
    return None


def _check_tables_used(repair: _Repairer, corrections: Corrections) -> None:
    """A repair that matched nothing is stale: the publisher printed it right, or the text is
    gone; recorded so that the table stays reviewed."""
    used_words = {
        w
        for w in repair.table_keys
        if w in repair.used_words or (w[:1].upper() + w[1:]) in repair.used_words
    }
    why = "matches nothing in the leaflet any more"
    corrections.stale_unused("words", used_words, why)
    corrections.stale_unused("phrases", repair.used_phrases, why)
    for section, used in (
        ("verb_a", repair.used_verb_a),
        ("a_is_verb_before", repair.used_verb_next),
    ):
        for index, item in enumerate(corrections.get(section, [])):
            if item not in used:
                corrections.stale(section, item, why, at=(index,))
