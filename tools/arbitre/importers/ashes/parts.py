"""Ashes' three parts read into entries: the builder that makes each id once and repairs every
text, then one reader per part (« Clarifications », the damage part and its process, the FAQ's
topics and Q/R pairs).
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
)
from arbitre.importers.ashes.references import _CITED_STEP, _cited_step
from arbitre.importers.ashes.repair import _Repairer
from arbitre.importers.ashes.source import DOCUMENT, GAME, PART_B_ID
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import slugify, unique_slug
from arbitre.kb.entry import Entry, SourceSpan

# The non-step paragraphs of the damage process, in order, after the steps.
AFTER_STEP_SLUGS = ("declenchements-entre-etapes", "degats-declenches")
_STEP = re.compile(r"^Etape\s*(\d)\s*(b?)\s*:\s*(.*)$")


class _Builder:
    """The entries of one parse, in document order; `path` names the source in errors."""

    def __init__(self, source_file: str, path: str, repair: _Repairer) -> None:
        self.source_file = source_file
        self.path = path
        self.repair = repair
        self.entries: list[Entry] = []
        self.ids: set[str] = set()

    def add(self, local: str, kind: str, text: str, start: int, end: int, **kw: Any) -> Entry:
        """The new entry `ashes/<local>` (lines `start`-`end`); an id made twice is a
        SourceError."""
        entry_id = f"{GAME}/{local}"
        if entry_id in self.ids:
            raise SourceError(self.path, start, f"a second entry {entry_id}")
        self.ids.add(entry_id)
        entry = Entry(
            id=entry_id,
            game=GAME,
            document=kw.pop("document", DOCUMENT),
            kind=kind,
            text=text,
            source=SourceSpan(self.source_file, start, end),
            **kw,
        )
        self.entries.append(entry)
        return entry

    def body(self, paras: list[_Para]) -> str:
        """The paragraphs' text: wrapped lines and blocks joined, then repaired."""
        return self.repair(_join_blocks([_join_wrapped([t for _, t in p.lines]) for p in paras]))


# -- part A and part B ---------------------------------------------------------------------------


def _add_clarification(b: _Builder, local: str, paras: list[_Para], parent: str) -> None:
    """A bullet (its paragraphs `paras`) as a rule of role « clarification » under `parent`."""
    b.add(
        local,
        "rule",
        b.body(paras),
        paras[0].start,
        paras[-1].end,
        parent=parent,
        role="clarification",
    )


def _read_clarifications(b: _Builder, lines: list[str], end: int) -> None:
    """Part A (lines[:end]): its section, titled by the first line, and its bullets as rules."""
    part_id = "clarifications"
    b.add(part_id, "section", "", 1, 1, title=b.repair(lines[0].strip()))
    for n, group in enumerate(_bullet_groups(_paragraphs(lines, 1, end), b.path), 1):
        _add_clarification(b, f"{part_id}/{n}", group, f"{GAME}/{part_id}")


def _read_damage(b: _Builder, lines: list[str], start: int, end: int) -> None:
    """Part B (its heading at lines[start], its bullets in lines[start + 1:end]): its section and its
    bullets as rules; the bullet that introduces the damage process owns the paragraphs of the
    process (`_read_process`)."""
    b.add(PART_B_ID, "section", "", start + 1, start + 1, title=b.repair(lines[start].strip()))
    for n, group in enumerate(_bullet_groups(_paragraphs(lines, start + 1, end), b.path), 1):
        bullet_id = f"{PART_B_ID}/{n}"
        process = any(_STEP.match(p.first) for p in group)
        _add_clarification(b, bullet_id, group[:1] if process else group, f"{GAME}/{PART_B_ID}")
        if process:
            _read_process(b, f"{GAME}/{bullet_id}", group[1:])


def _read_process(b: _Builder, process: str, paras: list[_Para]) -> None:
    """The damage process's paragraphs, as rules under `process`: its entry points (before the
    steps), its steps, then the known rules after the steps and any new one by its rank."""
    seen_step = False
    after = iter(AFTER_STEP_SLUGS)
    extra = 0
    for para in paras:
        step = _STEP.match(para.first)
        if step:
            seen_step = True
            _add_step(b, process, para, step)
            continue
        text = b.body([para])
        if not seen_step:
            local = _entry_point_id(text, para.start, b.path)
        else:
            extra += 1
            local = f"{PART_B_ID}/{next(after, f'apres-les-etapes-{extra}')}"
        b.add(local, "rule", text, para.start, para.end, parent=process)


def _add_step(b: _Builder, process: str, para: _Para, step: re.Match[str]) -> None:
    """The step « Etape N b : … » that `para` opens (`step` its match), as a rule numbered
    « N » or « Nb »."""
    number = step.group(1) + step.group(2)
    first = _Para([(para.start, step.group(3))] + para.lines[1:])
    b.add(
        f"{PART_B_ID}/etape-{number}",
        "rule",
        b.body([first]),
        para.start,
        para.end,
        parent=process,
        role="step",
        number=number,
        title=f"Étape {step.group(1)}" + (f" {step.group(2)}" if step.group(2) else ""),
    )


def _entry_point_id(text: str, line: int, path: str) -> str:
    """The local id of an entry point of the process (« … à partir de l'étape 2 b »), by the
    step it names; a paragraph that names none is a SourceError."""
    target = _CITED_STEP.search(text)
    if target is None:
        message = "a paragraph before the steps names no step (« l'étape N »)"
        raise SourceError(path, line, message)
    return f"{PART_B_ID}/depart-etape-{_cited_step(target)}"


# -- part C --------------------------------------------------------------------------------------


class _Topics:
    """Part C's topic headings as sections, each under the nearest heading above it of a lower
    level; levels and slugs come from the reviewed tables."""

    def __init__(self, b: _Builder, corrections: Corrections) -> None:
        self.b = b
        self.corrections = corrections
        self.levels: dict[str, int] = corrections.get("heading_levels", {})
        self.slugs: dict[str, str] = corrections.get("section_slugs", {})
        self.titles: set[str] = set()  # the headings' repaired titles
        self.taken: set[str] = set()  # the topics' slugs
        self.stack: list[tuple[int, str]] = []  # (level, id) of the headings still open

    def add(self, heading: _Heading) -> str:
        """The section of `heading`; returns its id."""
        title = self.b.repair(heading.title)
        self.titles.add(title)
        level = self.level(title, heading.line_start)
        slug = self.slugs.get(title) or slugify(re.sub(r"^La capacité ", "", title))
        section_id = f"{GAME}/{DOCUMENT}/{unique_slug(slug, self.taken)}"
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        self.b.add(
            section_id.split("/", 1)[1],
            "section",
            "",
            heading.line_start,
            heading.line_end,
            title=title,
            parent=self.stack[-1][1] if self.stack else None,
        )
        self.stack.append((level, section_id))
        return section_id

    def level(self, title: str, line: int) -> int:
        """The heading's level from the table; one missing there is a topic (2), and says so."""
        level = self.levels.get(title)
        if level is None:
            level = 2
            why = f"the heading « {title} » (line {line}) has no level here: read as a topic (2)"
            self.corrections.stale("heading_levels", title, why, at=())
        return level

    def check_tables_used(self) -> None:
        """A level or slug of a title no heading prints any more is stale."""
        why = "no heading of part C prints this title any more"
        self.corrections.stale_unused("heading_levels", self.titles, why)
        self.corrections.stale_unused("section_slugs", self.titles, why)


def _read_faq(
    b: _Builder, corrections: Corrections, lines: list[str], start: int, end: int
) -> None:
    """Part C (lines[start:end]): its topics (`_Topics`) and its Q/R pairs, each a « faq » entry
    `<topic id>-<n>` under the topic above it, its answer the text and its question the title;
    a question before the first heading is a SourceError."""
    topics = _Topics(b, corrections)
    per_topic: dict[str, int] = {}
    topic_id = ""
    for item in _recover_pairs(_paragraphs(lines, start, end, cut_at_markers=True), b.path):
        if isinstance(item, _Heading):
            topic_id = topics.add(item)
            continue
        if not topic_id:
            raise SourceError(b.path, item.start, "a question before the first heading")
        per_topic[topic_id] = per_topic.get(topic_id, 0) + 1
        local = f"{topic_id.split('/', 1)[1]}-{per_topic[topic_id]}"
        b.add(
            local,
            "faq",
            b.body(item.r),
            item.start,
            item.end,
            title=b.body(item.q),
            parent=topic_id,
        )
    topics.check_tables_used()
