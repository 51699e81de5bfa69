"""Altered's references: the rule numbers and the glossary's names a text cites, resolved to
entries; one that resolves to nothing is an `unresolved` warning.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.importers.altered.drafts import _Draft, _gid
from arbitre.importers.corrections import Corrections
from arbitre.kb.entry import Unresolved

# « la règle 6.5 », « la sous-section 1.4 », « la Section 4.4 », « l'étape 4.1.h ».
NUMERIC_REF_RE = re.compile(
    r"\b(?P<word>sous-section|section|règle|étape)\s+(?P<num>\d+(?:\.\d+)*(?:\.[a-z])?)\b",
    re.IGNORECASE,
)


def _named_patterns(
    glossary: list[_Draft], specs: list[dict[str, Any]]
) -> list[tuple[re.Pattern[str], str]]:
    """Glossary headwords of several words, as printed or corrected: « voir Standard (Mode de jeu) »."""
    names: list[tuple[str, str]] = []
    printed = {(s.get("title") or s["printed"]): s["printed"] for s in specs}
    for draft in glossary:
        assert draft.title is not None
        for name in {draft.title, printed.get(draft.title, draft.title)}:
            if len(name.split()) >= 2:
                names.append((name, draft.id))
    names.sort(key=lambda pair: (-len(pair[0]), pair[0]))
    return [(re.compile(r"(?<!\w)" + re.escape(n) + r"(?!\w)"), gid) for n, gid in names]


def _resolve_refs(
    draft: _Draft,
    ids: set[str],
    by_id: dict[str, _Draft],
    named: list[tuple[re.Pattern[str], str]],
    corr: Corrections,
    used_notes: set[str],
) -> None:
    found: list[tuple[int, str]] = []
    notes: dict[str, str] = {k.lower(): k for k in corr.get("unresolved_notes", {})}
    for match in NUMERIC_REF_RE.finditer(draft.text):
        word, number = match["word"], match["num"]
        if word.lower() == "étape" and "." not in number:
            continue  # « retourne à l'étape 1 »: a step of the same numbered list (765)
        target = _gid(number)
        literal = f"{word} {number}"
        if target in ids and by_id[target].printed:
            found.append((match.start(), target))
        else:
            key = notes.get(literal.lower())
            if key is not None:
                used_notes.add(key)
            note = corr["unresolved_notes"][key] if key else "Cible absente de la source."
            draft.unresolved.append(
                Unresolved(
                    target=literal,
                    intended=target if target in ids else None,
                    note=" ".join(note.split()),
                )
            )
    for pattern, gid in named:
        if gid == draft.id or gid == draft.parent:
            continue
        match = pattern.search(draft.text)
        if match:
            found.append((match.start(), gid))
    for _, target in sorted(found):
        if target not in draft.refs and target != draft.id:
            draft.refs.append(target)
