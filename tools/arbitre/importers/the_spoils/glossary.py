"""The Spoils' glossary: the terms the text defines (reviewed data), written to
glossary/the-spoils.yaml.
"""

from __future__ import annotations

from dataclasses import replace as dc_replace

from arbitre.importers.text import slugify, unique_slug
from arbitre.importers.the_spoils.builder import Builder
from arbitre.importers.the_spoils.references import REF_RE
from arbitre.importers.the_spoils.source import GAME
from arbitre.kb.entry import Entry, Unresolved


def glossary_refs(defined_by: str, text: str, ids: set[str]) -> list[str]:
    refs = [defined_by]
    for m in REF_RE.finditer(text):
        target = f"{GAME}/{m.group(1)}"
        if target in ids and target not in refs:
            refs.append(target)
    return refs


def add_glossary(b: Builder) -> None:
    """The glossary of the corrections: each term copies its defining entry's text (or has its
    own); a term whose defining entry is gone is stale."""
    by_id = {e.id: e for e in b.entries}
    taken: set[str] = set()
    for index, term in enumerate(b.corrections.get("glossary", [])):
        defined_by = f"{GAME}/{term['defined_by']}"
        if defined_by not in by_id:
            why = f"its defining entry {defined_by} does not exist"
            b.corrections.stale("glossary", term["term"], why, at=(index,))
            continue
        text = term.get("text", "")
        if not text:
            source_text = by_id[defined_by].text
            if by_id[defined_by].title and " — " in source_text:
                source_text = source_text.split(" — ", 1)[1]
            # The whole defining text: a term is what its rule says, not its first sentence.
            text = source_text
        entry = Entry(
            id=f"{GAME}/glossaire/{unique_slug(slugify(term['term']), taken)}",
            game=GAME,
            document="glossaire",
            kind="glossary",
            text=text,
            source=by_id[defined_by].source,
            title=term["term"],
            refs=glossary_refs(defined_by, text, b.ids),
            aliases=list(term.get("aliases", [])),
            english=term.get("english"),
            english_inferred=bool(term.get("english_inferred")) and "english" in term,
            defined_by=defined_by,
            # A definition written for Arbitre (not copied from the rules) is not the document's.
            official=not term.get("text"),
            # A dangling reference copied with the text keeps its intended target (« Imblocable »
            # quotes the « 607.1d » of 413.1-bis, meant 608.1d).
            unresolved=[
                dc_replace(u)
                for u in by_id[defined_by].unresolved
                if u.target in {m.group(1) for m in REF_RE.finditer(text)}
            ],
        )
        if term.get("text"):
            # A definition written for Arbitre that cites a rule this edition does not have.
            for m in REF_RE.finditer(text):
                cited = m.group(1)
                if f"{GAME}/{cited}" in b.ids or cited in {u.target for u in entry.unresolved}:
                    continue
                why = f"its text cites {cited}, which does not exist"
                b.corrections.stale("glossary", term["term"], why, at=(index,))
                note = f"La règle {cited} n'existe pas dans ces règles complètes."
                entry.unresolved.append(Unresolved(cited, None, note))
        if entry.id in b.ids:
            why = f"its id {entry.id} is already an entry of the rules"
            b.corrections.stale("glossary", term["term"], why, at=(index,))
            continue
        b.ids.add(entry.id)
        b.entries.append(entry)
