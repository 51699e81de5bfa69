"""Ashes' reviewed data on entries: the per-entry sections of the corrections, and the glossary
(the leaflet has none: these entries are Arbitre's).
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.importers.ashes.source import DOCUMENT, GAME
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import fold, slugify, unique_slug
from arbitre.kb.entry import Entry, Unresolved


def _extras(
    corrections: Corrections, section: str, by_id: dict[str, Entry]
) -> list[tuple[Entry, Any]]:
    """The entries a per-entry section names, with their data; an entry this source does not
    have is a stale correction."""
    found = []
    for local, value in corrections.get(section, {}).items():
        entry = by_id.get(f"{GAME}/{local}")
        if entry is None:
            corrections.stale(section, local, f"no entry {GAME}/{local} in this source")
        else:
            found.append((entry, value))
    return found


def _apply_reviewed(corrections: Corrections, entries: list[Entry]) -> None:
    """Sets the reviewed per-entry data of `entries`: cards, notes, external references."""
    by_id = {e.id: e for e in entries}
    _set_cards(corrections, by_id)
    _set_notes(corrections, by_id)
    _set_external_refs(corrections, by_id)


def _set_cards(corrections: Corrections, by_id: dict[str, Entry]) -> None:
    """The card each entry of the table names; one its entry no longer names is stale."""
    for entry, card in _extras(corrections, "cards", by_id):
        # Q/R ids count the pairs of a topic: a card must still be named by its pair, or the
        # pairs were renumbered under it.
        if _first_use([card], [entry]) is None:
            why = f"{entry.id} no longer names the card « {card} »"
            corrections.stale("cards", entry.local_id, why)
            continue
        entry.card = card


def _set_notes(corrections: Corrections, by_id: dict[str, Entry]) -> None:
    """The editorial notes of each entry of the table; one that cites an entry this source does
    not have is stale."""
    for entry, notes in _extras(corrections, "notes", by_id):
        ids = set(by_id)
        entry.notes = corrections.notes_that_hold("notes", entry.local_id, notes, GAME, ids)


def _set_external_refs(corrections: Corrections, by_id: dict[str, Entry]) -> None:
    """Each entry's references outside the leaflet, as unresolved; one whose target its entry
    no longer prints is stale."""
    for entry, refs in _extras(corrections, "external_refs", by_id):
        for index, ref in enumerate(refs):
            if ref["target"] not in entry.text:
                why = f"« {ref['target']} » is not printed in {entry.id} any more"
                corrections.stale("external_refs", entry.local_id, why, at=(entry.local_id, index))
                continue
            entry.unresolved.append(Unresolved(ref["target"], None, ref["note"]))


def _glossary(corrections: Corrections, entries: list[Entry]) -> list[Entry]:
    """Glossary entries from the reviewed table; the source span is the defining entry's, else
    that of the first entry whose text uses the term or one of its aliases.  A defining entry
    that is gone, or a term the leaflet no longer uses, is stale."""
    by_id = {e.id: e for e in entries}
    out: list[Entry] = []
    taken: set[str] = set()
    for index, item in enumerate(corrections.get("glossary", [])):
        term = item["term"]
        defined_by = item.get("defined_by")
        forms = [term, *item.get("aliases", [])]
        if defined_by:
            defined_by = f"{GAME}/{defined_by}"
            why = ""
            if defined_by not in by_id:
                why = f"its defining entry {defined_by} does not exist"
            elif _first_use(forms, [by_id[defined_by]]) is None:
                why = f"its defining entry {defined_by} no longer names the term"
            if why:
                corrections.stale("glossary", term, why, at=(index,))
                defined_by = None
        if defined_by:
            where = by_id[defined_by]
        else:
            where = _first_use(forms, entries)
            if where is None:
                why = "the leaflet no longer uses this term (nor its aliases)"
                corrections.stale("glossary", term, why, at=(index,))
                continue
        local = f"glossaire/{unique_slug(slugify(term), taken)}"
        out.append(
            Entry(
                id=f"{GAME}/{local}",
                game=GAME,
                document=DOCUMENT,
                kind="glossary",
                title=term,
                text=item.get("text", ""),
                source=where.source,
                official=False,  # the leaflet has no glossary: these entries are Arbitre's
                aliases=list(item.get("aliases", [])),
                english=item.get("english"),
                english_inferred=bool(item.get("english_inferred", False)),
                defined_by=defined_by,
            )
        )
    return out


def _first_use(forms: list[str], entries: list[Entry]) -> Entry | None:
    patterns = [re.compile(r"(?<!\w)" + re.escape(fold(f)) + r"(?!\w)") for f in forms]
    for entry in entries:
        haystack = fold((entry.title or "") + " " + entry.text)
        if any(p.search(haystack) for p in patterns):
            return entry
    return None
