"""Ashes' references: the steps and the damage process a text cites, as entry ids."""

from __future__ import annotations

import re

from arbitre.importers.ashes.source import GAME, PART_B_ID
from arbitre.kb.entry import Entry

# A step cited in a text: « l'étape 2 », « l'étape 2 b », « l'étape 2b ».
_CITED_STEP = re.compile(r"l'étape (\d)( ?b\b)?")


def _cited_step(match: re.Match[str]) -> str:
    """The number of the step a `_CITED_STEP` match names: « 2 » or « 2b »."""
    return f"{match.group(1)}{'b' if match.group(2) else ''}"


def _refs(text: str, own_id: str, ids: set[str]) -> list[str]:
    found: list[tuple[int, str]] = []
    for m in _CITED_STEP.finditer(text):
        found.append((m.start(), f"{GAME}/{PART_B_ID}/etape-{_cited_step(m)}"))
    for m in re.finditer(r"processus de résolution des dégâts", text):
        found.append((m.start(), f"{GAME}/{PART_B_ID}/4"))
    for m in re.finditer(r"voir Dégâts, jetons Blessures et Destruction", text):
        found.append((m.start(), f"{GAME}/{PART_B_ID}"))
    refs: list[str] = []
    for _, target in sorted(found):
        if target != own_id and target in ids and target not in refs:
            refs.append(target)
    return refs


def _link_refs(entries: list[Entry]) -> None:
    """Sets every entry's `refs`: the entries its title and text cite, among `entries`."""
    ids = {e.id for e in entries}
    for entry in entries:
        entry.refs = _refs((entry.title or "") + "\n" + entry.text, entry.id, ids)
