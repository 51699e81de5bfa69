"""Ashes' references: the steps and the damage process a text cites, as entry ids."""

from __future__ import annotations

import re

from arbitre.importers.ashes.source import GAME, PART_B_ID


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
