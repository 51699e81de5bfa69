"""The work of one query, bounded whatever the corpus.

Retrieval reads, for every term of the plan (a word in a field, a phrase, a glossary term's
users), the postings of the entries that hold it.  On the rulebooks a query reads a few
thousand; a corpus a hundred times larger would make its common words read a hundred times
more.  So a query reads at most MAX_POSTINGS: its terms are admitted rarest first (the
rarest say the most), each whole while it fits; a term that no longer fits reads only its
CHAMPIONS best entries (the table an index keeps for every term held by more entries,
`tables.py`), and one that does not fit even so is left out.  A term's cost is its document
frequency (a phrase's: the entries that have it), counted once however many query words use it;
a term no entry holds (a quarter of a query's hundred: a word in a field that never has it) is
not admitted, so scoring does not look it up again.
"""

from __future__ import annotations

from collections.abc import Callable

from arbitre.search.plan import Plan
from arbitre.search.tables import CHAMPION_FIELDS
from arbitre.search.weights import CHAMPIONS, MAX_POSTINGS

WHOLE, CHAMPION = "whole", "champions"
PHRASE = "phrase"  # the "field" of a phrase key: its stems, space-separated


def admit(
    plan: Plan, cost: Callable[[str, str], int], mentions: bool = True
) -> dict[tuple[str, str], str]:
    """(field, text) -> WHOLE or CHAMPION for the terms a query reads; the others are left out.

    `cost(field, text)`: how many postings the term has.  The terms are the plan's concepts'
    (with their game-scoped ones), their phrases and, for a glossary name, its users."""
    keys: set[tuple[str, str]] = set()
    for concept in plan.concepts:
        keys.update((t.fieldname, t.text) for t in concept.terms)
        keys.update((t.fieldname, t.text) for t, _games in concept.scoped)
        keys.update((PHRASE, " ".join(stems)) for stems, _w, _g in concept.phrases)
    if mentions:
        keys.update(("terms", term_id) for term_id in plan.mentions)
    costs = {key: n for key in keys if (n := cost(*key))}  # (a term no entry holds: nothing)
    if sum(costs.values()) <= MAX_POSTINGS:  # every query of the rulebooks: all of it
        return dict.fromkeys(costs, WHOLE)
    admitted: dict[tuple[str, str], str] = {}
    left = MAX_POSTINGS
    for key in sorted(costs, key=lambda k: (costs[k], k)):
        n = costs[key]
        if n <= left:
            admitted[key] = WHOLE
            left -= n
        elif key[0] in CHAMPION_FIELDS and CHAMPIONS <= left:
            admitted[key] = CHAMPION
            left -= CHAMPIONS
    return admitted
