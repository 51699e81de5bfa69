"""Four Souls' references: « voir » targets resolved to entries, and the reviewed editorial
references; one that resolves to nothing is an `unresolved` warning.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.importers.corrections import Corrections
from arbitre.importers.four_souls.builder import _Builder
from arbitre.importers.four_souls.headings import _Heading
from arbitre.importers.four_souls.lines import _relocated
from arbitre.importers.four_souls.source import GAME
from arbitre.importers.text import fold
from arbitre.kb.entry import Entry, Unresolved

VOIR_PAREN = re.compile(r"\(voir ([^)]+)\)")
VOIR_SENTENCE = re.compile(r"(?:^|(?<=[.!?:] )|(?<= - ))Voir ([^.]+)\.")
VOIR_SPLIT = re.compile(r"\s*/\s*|,\s*|\s+et\s+")


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
