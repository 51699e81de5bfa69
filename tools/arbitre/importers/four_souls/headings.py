"""Four Souls' headings: which lines are headings (blank runs, phases, the annexes' subheadings)
and the entry ids they are given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections
from arbitre.importers.four_souls.lines import _blank_runs, _Line, _relocated, _texts
from arbitre.importers.four_souls.source import GAME
from arbitre.importers.text import fold, slugify, unique_slug
from arbitre.kb.entry import Entry

MAX_HEADING = 60
PHASE_HEADING = re.compile(r"^(\d)\. (phase .*)$")


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
            if before[i] not in run_level and line.number not in overrides:
                message = (
                    f"{before[i]} blank lines before « {text} »: a heading has 6, 4, 3 or 2, "
                    f"a paragraph none (or give its level: `heading_levels` in "
                    f"{corrections.path}, line {line.number})"
                )
                raise SourceError(path, line.physical, message)
            # a level `heading_levels` gives replaces this one below
            heading = _Heading(line, run_level.get(before[i], 0), False, text)
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
