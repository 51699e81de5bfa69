"""The Spoils' references: the rule ids and combat steps a text cites, resolved to entries; a
printed reference to a rule that does not exist is an `unresolved` warning.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.importers.the_spoils.builder import Builder
from arbitre.importers.the_spoils.source import GAME
from arbitre.kb.entry import Unresolved

# A rule id written in the text; not a collector number (« 196/220 », « 196ème … comportant 220 »).
REF_RE = re.compile(r"(?<![\d/%])(\d{3}(?:\.\d+[a-z]?)?)(?![\d/])(?!ème)")
STEP_RE = re.compile(r"\bétapes? ([A-H])(?: à ([A-H]))?\b")


def resolve_refs(b: Builder, wrong: list[dict[str, Any]]) -> None:
    ids = b.ids
    wrong_by_entry: dict[tuple[str, str], tuple[int, dict[str, Any]]] = {}
    for index, w in enumerate(wrong):
        intended = f"{GAME}/{w['intended']}"
        if intended not in ids:
            why = f"its intended target {intended} does not exist"
            b.corrections.stale("wrong_refs", w["entry"], why, at=(index,))
        wrong_by_entry[(str(w["entry"]), str(w["target"]))] = (index, w)
    seen_wrong: set[tuple[str, str]] = set()
    for entry in b.entries:
        found: list[tuple[int, str]] = []
        for ref in b.extra_refs.get(entry.id, []):
            if ref in ids:
                found.append((-1, ref))
            else:
                slug = b.quoted_by[entry.id]
                b.corrections.stale("combat_explained", slug, f"quotes {ref}, which does not exist")
        for m in REF_RE.finditer(entry.text):
            if entry.text[max(0, m.start() - 11) : m.start()].endswith("comportant "):
                continue
            target = m.group(1)
            key = (entry.local_id, target)
            if key in wrong_by_entry:
                _, w = wrong_by_entry[key]
                seen_wrong.add(key)
                intended = f"{GAME}/{w['intended']}"
                entry.unresolved.append(
                    Unresolved(
                        target, intended if intended in ids else None, " ".join(w["note"].split())
                    )
                )
            elif f"{GAME}/{target}" in ids:
                found.append((m.start(), f"{GAME}/{target}"))
            elif target not in {u.target for u in entry.unresolved}:
                note = f"La règle {target} n'existe pas dans ces règles complètes."
                entry.unresolved.append(Unresolved(target, None, note))
        base = b.step_base.get(entry.id) or (
            entry.number[:-1]
            if entry.kind == "rule" and entry.number and entry.number[-1].isalpha()
            else None
        )
        if base:
            for m in STEP_RE.finditer(entry.text):
                first, last = m.group(1), m.group(2) or m.group(1)
                for letter in map(chr, range(ord(first), ord(last) + 1)):
                    if f"{GAME}/{base}{letter.lower()}" in ids:
                        found.append((m.start(), f"{GAME}/{base}{letter.lower()}"))
        refs: list[str] = []
        for _, ref in sorted(found, key=lambda x: x[0]):
            if ref not in refs and ref != entry.id:
                refs.append(ref)
        entry.refs = refs
    for key in sorted(set(wrong_by_entry) - seen_wrong):
        index, w = wrong_by_entry[key]
        why = f"{GAME}/{key[0]} does not print « {key[1]} » any more"
        b.corrections.stale("wrong_refs", w["entry"], why, at=(index,))
