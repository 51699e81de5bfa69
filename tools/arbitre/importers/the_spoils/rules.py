"""The Spoils' comprehensive rules (CRR, Sections 1-7): sections, numbered headings, rules and
sub-rules, examples and translator notes.

The lines are read into units first (`Reader`); what a line alone does not tell is settled on the
whole list (a number printed twice, a lettered rule whose rule is absent, a numbered line that is
only a title); then each unit becomes an entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace

from arbitre.importers.the_spoils.builder import Builder, body
from arbitre.importers.the_spoils.lines import Line, continues, paragraphs, source_paragraph
from arbitre.importers.the_spoils.source import GAME
from arbitre.kb.entry import Entry

SECTION_RE = re.compile(r"^Section (\d) - (.+)$")
HEADING_RE = re.compile(r"^(\d{3}) (\S.*)$")
RULE_RE = re.compile(r"^(\d{3}\.\d+)([a-z]?)(?![a-z0-9])\s*(.*)$")
EXAMPLE_RE = re.compile(r"^Exemple(?:\s*:\s*|\s{2,}|$)(.*)$")
NDT_RE = re.compile(r"^(?:N[dD]T|Remarque)\s*:\s*(.*)$")
LOST_DASH_RE = re.compile(r"(?<=\S) {2,}(?=\S)")
DOC = "regles"


@dataclass
class Unit:
    """One CRR entry being read: a section, a rule heading, a rule, an example or a note."""

    kind: str
    local: str
    parent: str | None
    lines: list[Line]
    paras: list[list[Line]]
    number: str | None = None
    title: str | None = None
    notes: list[str] = field(default_factory=list)

    def add_line(self, line: Line, after_blank: bool) -> None:
        """Add a line that starts no unit: it goes on with the last paragraph or starts one."""
        if self.paras and continues(self.lines[-1], line, after_blank):
            self.paras[-1].append(line)
        else:
            self.paras.append([line])
        self.lines.append(line)


def parse_rules(lines: list[Line], b: Builder) -> None:
    """Add the CRR's entries to `b`, in the order of the source."""
    root, start = add_root(lines, b)
    units = Reader(root.local_id, b).read(lines[start:])
    note_twins(units)
    attach_lettered(units)
    mark_sub_headings(units)
    for unit in units:
        emit_unit(unit, b)


def add_root(lines: list[Line], b: Builder) -> tuple[Entry, int]:
    """The document's title entry, and the index of the first line after its « Source: »."""
    source, source_lines, _ = source_paragraph(paragraphs(lines[1:4]))
    root = b.root(DOC, lines, source, source_lines)
    return root, max((line.n - lines[0].n + 1 for line in source_lines), default=1)


class Reader:
    """Reads the CRR's lines into units; knows the section, rule heading and rule being read."""

    def __init__(self, root: str, b: Builder) -> None:
        self.root = root
        self.b = b
        self.section: Unit | None = None
        self.heading: Unit | None = None
        self.rule: Unit | None = None

    def read(self, lines: list[Line]) -> list[Unit]:
        """The units of `lines`, in order; a line that starts none goes on with the last one."""
        units: list[Unit] = []
        after_blank = False
        for line in lines:
            if not line.text:
                after_blank = True
                continue
            if (new := self.start(line)) is not None:
                units.append(new)
            elif units:  # a continuation line, or a new paragraph of the unit (l.526, 973, 1237…)
                units[-1].add_line(line, after_blank)
            else:
                raise self.b.fail(line.n, "text before the first « Section N - … »")
            after_blank = False
        return units

    def start(self, line: Line) -> Unit | None:
        """The unit `line` starts (a section, rule heading, rule, example or note), or None."""
        text = line.text
        if m := SECTION_RE.match(text):
            self.section = Unit(
                "section", f"section-{m.group(1)}", self.root, [line], [], title=text
            )
            return self.section
        if m := HEADING_RE.match(text):
            if self.section is None:
                raise self.b.fail(line.n, "a rule heading before the first « Section N - … »")
            number, title = m.groups()
            self.heading = Unit(
                "section", number, self.section.local, [line], [], number=number, title=title
            )
            return self.heading
        if m := RULE_RE.match(text):
            if self.heading is None:
                raise self.b.fail(line.n, "a numbered rule before the first rule heading")
            self.rule = rule_unit(line, m, self.heading)
            return self.rule
        if m := EXAMPLE_RE.match(text):
            if self.rule is None:
                raise self.b.fail(line.n, "an example before the first numbered rule")
            local, first = f"{self.rule.local}-exemple", opening(line, m.group(1))
            return Unit("example", local, self.rule.local, [line], first, title="Exemple")
        if (m := NDT_RE.match(text)) and self.rule is not None:
            local, first = f"{self.rule.local}-ndt", opening(line, m.group(1))
            return Unit("note", local, self.rule.local, [line], first, title="Note du traducteur")
        return None


def opening(line: Line, text: str) -> list[list[Line]]:
    """A unit's first paragraph: its first line, reduced to `text` (what follows its label)."""
    return [[dc_replace(line, text=text)]]


def rule_unit(line: Line, m: re.Match[str], heading: Unit) -> Unit:
    """The numbered rule `line` starts under `heading`; one printed under the heading of another
    number is `-bis`."""
    number = m.group(1) + m.group(2)
    first = opening(line, LOST_DASH_RE.sub(" — ", m.group(3), count=1))
    rule = Unit("rule", number, heading.local, [line], first, number=number)
    if not number.startswith(heading.local + "."):
        # 413.1 is printed twice, once under 412 « Inblocabilité » (l.1138).
        rule.local = f"{number}-bis"
        rule.notes.append(
            f"La source imprime deux règles {number} : celle-ci, sous l'en-tête {heading.local} "
            f"« {heading.title} » (qui n'a pas d'autre règle), et {GAME}/{number}, sous "
            f"{number.split('.')[0]}. Elle reçoit l'identifiant {GAME}/{number}-bis ; son numéro "
            f"reste « {number} »."
        )
    return rule


def note_twins(units: list[Unit]) -> None:
    """Tell each rule printed twice of its `-bis` twin (the one under another number's heading)."""
    for bis in (u for u in units if u.kind == "rule" and u.local != u.number):
        twin = next((u for u in units if u.local == bis.number), None)
        if twin is None:
            continue
        twin.notes.append(
            f"Une autre règle est imprimée « {bis.number} » sous l'en-tête {bis.parent} : "
            f"{GAME}/{bis.local}."
        )


def attach_lettered(units: list[Unit]) -> None:
    """Put each lettered rule (302.1a) under its numbered rule, or say that the source lacks it."""
    numbers = {u.local for u in units if u.kind == "rule"}
    for unit in units:
        if unit.kind == "rule" and unit.number and unit.number[-1].isalpha():
            parent = unit.number[:-1]
            if parent in numbers:
                unit.parent = parent
            else:  # 505.2a-c: the numbered rule 505.2 is absent
                unit.notes.append(
                    f"La règle {parent} n'est pas imprimée dans la source ; cette sous-règle est "
                    f"rattachée à l'en-tête {unit.parent}."
                )


def mark_sub_headings(units: list[Unit]) -> None:
    """Make a section of each numbered line that is only a title (201.1 « Nom ») over its
    lettered rules: a section, not a rule with no text."""
    for unit, nxt in zip(units, [*units[1:], None], strict=True):
        if unit.kind != "rule" or not unit.number or unit.number[-1].isalpha():
            continue
        only = unit.paras[0][0].text if len(unit.lines) == 1 else ""
        if (
            only
            and nxt is not None
            and nxt.number == f"{unit.number}a"
            and len(only) <= 40
            and not only.endswith((".", ":", ";"))
        ):
            unit.kind, unit.title, unit.paras = "section", only, []


def emit_unit(unit: Unit, b: Builder) -> None:
    """Add `unit`'s entry to `b`, then its inline translator notes as entries of their own."""
    parent = f"{GAME}/{unit.parent}" if unit.parent else None
    if unit.kind == "section":
        b.add(
            unit.local,
            DOC,
            "section",
            "",
            unit.lines,
            number=unit.number,
            title=b.repairs.words(unit.title or ""),
            parent=parent,
        )
        return
    text, notes = body(unit.paras, b.repairs, unit.local)
    title = unit.title
    if unit.kind == "rule" and title is None and " — " in text.split("\n")[0]:
        title = text.split(" — ", 1)[0]  # a term (302.x) or a step name (604.1a « Sélection »)
    entry = b.add(
        unit.local,
        DOC,
        unit.kind,
        text,
        unit.lines,
        number=unit.number,
        title=title,
        parent=parent,
        official=unit.kind != "note",
        notes=unit.notes,
    )
    b.notes_for(entry, notes, f"le texte de la règle {unit.number}")
