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

The modules, in the order `parse` (below) runs them:

- source.py: the game, its current file, its authority, the corrections' sections, the leaflet;
- paragraphs.py: paragraphs, joined lines and blocks, bullets, the parts' headings;
- repair.py: the OCR repair and its reviewed tables; pairs.py: the Q/R recovery;
- references.py: the steps a text cites; reviewed.py: per-entry data and the glossary.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.ashes.pairs import _Heading, _recover_pairs
from arbitre.importers.ashes.paragraphs import (
    _bullet_groups,
    _join_blocks,
    _join_wrapped,
    _Para,
    _paragraphs,
    _part,
)
from arbitre.importers.ashes.references import _refs
from arbitre.importers.ashes.repair import _check_tables_used, _Repairer
from arbitre.importers.ashes.reviewed import _extras, _first_use, _glossary
from arbitre.importers.ashes.source import (
    AUTHORITY,
    AUTHORITY_QUOTE,
    CORRECTIONS,
    DOCUMENT,
    DOCUMENTS,
    GAME,
    PART_B_ID,
    SHORT_TITLE,
    SOURCE,
    TITLE,
)
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import slugify, source_path, unique_slug
from arbitre.kb.entry import Entry, GameImport, SourceSpan, Unresolved

# The non-step paragraphs of the damage process, in order, after the steps.
AFTER_STEP_SLUGS = ("declenchements-entre-etapes", "degats-declenches")
_STEP = re.compile(r"^Etape\s*(\d)\s*(b?)\s*:\s*(.*)$")


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


__all__ = [
    "AUTHORITY",
    "AUTHORITY_QUOTE",
    "CORRECTIONS",
    "DOCUMENTS",
    "GAME",
    "SHORT_TITLE",
    "SOURCE",
    "TITLE",
    "parse",
]
