"""The Spoils' comprehensive rules (CRR, Sections 1-7): sections, numbered headings, rules and
sub-rules, examples and translator notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace

from arbitre.importers.the_spoils.builder import Builder, body
from arbitre.importers.the_spoils.lines import Line, continues, paragraphs, source_paragraph
from arbitre.importers.the_spoils.source import GAME

SECTION_RE = re.compile(r"^Section (\d) - (.+)$")
HEADING_RE = re.compile(r"^(\d{3}) (\S.*)$")
RULE_RE = re.compile(r"^(\d{3}\.\d+)([a-z]?)(?![a-z0-9])\s*(.*)$")
EXAMPLE_RE = re.compile(r"^Exemple(?:\s*:\s*|\s{2,}|$)(.*)$")
NDT_RE = re.compile(r"^(?:N[dD]T|Remarque)\s*:\s*(.*)$")
LOST_DASH_RE = re.compile(r"(?<=\S) {2,}(?=\S)")


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


def parse_rules(lines: list[Line], b: Builder) -> None:
    doc = "regles"
    head = paragraphs(lines[1:4])
    source, source_lines, _ = source_paragraph(head)
    root = b.root(doc, lines, source, source_lines)
    start = max((line.n - lines[0].n + 1 for line in source_lines), default=1)
    units: list[Unit] = []
    section = heading = rule = None
    misplaced: list[Unit] = []
    after_blank = False
    for line in lines[start:]:
        text = line.text
        if not text:
            after_blank = True
            continue
        new: Unit | None = None
        if m := SECTION_RE.match(text):
            new = section = Unit(
                "section", f"section-{m.group(1)}", root.local_id, [line], [], title=text
            )
        elif m := HEADING_RE.match(text):
            if section is None:
                raise b.fail(line.n, "a rule heading before the first « Section N - … »")
            new = heading = Unit(
                "section",
                m.group(1),
                section.local,
                [line],
                [],
                number=m.group(1),
                title=m.group(2),
            )
        elif m := RULE_RE.match(text):
            if heading is None:
                raise b.fail(line.n, "a numbered rule before the first rule heading")
            number = m.group(1) + m.group(2)
            first = LOST_DASH_RE.sub(" — ", m.group(3), count=1)
            new = rule = Unit(
                "rule", number, None, [line], [[dc_replace(line, text=first)]], number=number
            )
            if not number.startswith(heading.local + "."):
                # 413.1 is printed twice, once under 412 « Inblocabilité » (l.1138).
                rule.local = f"{number}-bis"
                rule.notes.append(
                    f"La source imprime deux règles {number} : celle-ci, sous l'en-tête {heading.local} "
                    f"« {heading.title} » (qui n'a pas d'autre règle), et {GAME}/{number}, sous "
                    f"{number.split('.')[0]}. Elle reçoit l'identifiant {GAME}/{number}-bis ; son numéro "
                    f"reste « {number} »."
                )
                misplaced.append(rule)
            rule.parent = heading.local
        elif m := EXAMPLE_RE.match(text):
            if rule is None:
                raise b.fail(line.n, "an example before the first numbered rule")
            new = Unit(
                "example",
                f"{rule.local}-exemple",
                rule.local,
                [line],
                [[dc_replace(line, text=m.group(1))]],
                title="Exemple",
            )
        elif (m := NDT_RE.match(text)) and rule is not None:
            new = Unit(
                "note",
                f"{rule.local}-ndt",
                rule.local,
                [line],
                [[dc_replace(line, text=m.group(1))]],
                title="Note du traducteur",
            )
        if new is not None:
            units.append(new)
        else:  # a continuation line, or a new paragraph of the current unit (l.526, 973, 1237…)
            if not units:
                raise b.fail(line.n, "text before the first « Section N - … »")
            unit = units[-1]
            if unit.paras and continues(unit.lines[-1], line, after_blank):
                unit.paras[-1].append(line)
            else:
                unit.paras.append([line])
            unit.lines.append(line)
        after_blank = False

    numbers = {u.local for u in units if u.kind == "rule"}
    for bis in misplaced:
        twin = next((u for u in units if u.local == bis.number), None)
        if twin is None:
            continue
        twin.notes.append(
            f"Une autre règle est imprimée « {bis.number} » sous l'en-tête {bis.parent} : "
            f"{GAME}/{bis.local}."
        )
    for i, unit in enumerate(units):
        if unit.kind == "rule" and unit.number and unit.number[-1].isalpha():
            parent = unit.number[:-1]
            if parent in numbers:
                unit.parent = parent
            else:  # 505.2a-c: the numbered rule 505.2 is absent
                unit.notes.append(
                    f"La règle {parent} n'est pas imprimée dans la source ; cette sous-règle est "
                    f"rattachée à l'en-tête {unit.parent}."
                )
        if unit.kind == "rule" and unit.number and not unit.number[-1].isalpha():
            nxt = units[i + 1] if i + 1 < len(units) else None
            only = unit.paras[0][0].text if len(unit.lines) == 1 else ""
            if (
                only
                and nxt
                and nxt.number == f"{unit.number}a"
                and len(only) <= 40
                and not only.endswith((".", ":", ";"))
            ):
                # A numbered line that is only a title (201.1 « Nom ») heads its lettered rules:
                # a section, not a rule with no text.
                unit.kind, unit.title, unit.paras = "section", only, []
    for unit in units:
        emit_unit(unit, b)


def emit_unit(unit: Unit, b: Builder) -> None:
    doc = "regles"
    parent = f"{GAME}/{unit.parent}" if unit.parent else None
    if unit.kind == "section":
        b.add(
            unit.local,
            doc,
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
        doc,
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
