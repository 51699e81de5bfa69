"""Retrieval, the stage between `understand.py` and `rank.py`: each entry's BM25F score for a
query plan's terms (`postings.py`), read within the query's bound on postings (`budget.py`),
with its glossary names and mentions; the documents the game/kind filters let through; a
coordination factor (the share of the query's words an entry has); and the best candidates,
which `rank.py` re-ranks.  The `Searcher` runs it."""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from arbitre.search.budget import CHAMPION, PHRASE, WHOLE, admit
from arbitre.search.plan import Plan
from arbitre.search.postings import Postings
from arbitre.search.query import ParsedQuery
from arbitre.search.weights import COORD_POWER, LENT_FIELDS


class Retrieval:
    """The retrieval of one index generation: its postings, and the game of each document."""

    def __init__(self, postings: Postings, doc_game: list[str]) -> None:
        self.postings = postings
        self.doc_game = doc_game

    def cost(self, reader: Any) -> Callable[[str, str], int]:
        """How many postings a term of a query has (a phrase: its documents)."""

        def cost(fieldname: str, text: str) -> int:
            if fieldname == PHRASE:
                return self.postings.phrase_size(text)
            return self.postings.df(reader, fieldname, text)

        return cost

    def allowed(self, reader: Any, parsed: ParsedQuery) -> set[int] | None:
        """Documents the game/kind filters let through (None: no filter)."""
        allowed: set[int] | None = None
        for fieldname, value in (("game", parsed.game), ("kind", parsed.kind)):
            if value is None:
                continue
            docs = set(self.postings.scores(reader, fieldname, value))
            allowed = docs if allowed is None else allowed & docs
        return allowed

    def scores(
        self, reader: Any, plan: Plan
    ) -> tuple[defaultdict[int, float], defaultdict[int, int]]:
        """Each entry's BM25F score for the plan's terms (within the query's budget, `budget.py`),
        its glossary names and mentions, and which of the query's words it has (a bit each)."""
        # (A missing entry adds from 0.0 without a method call: this loop visits every posting
        # of every term of the query.)
        scores: defaultdict[int, float] = defaultdict(float)
        matched: defaultdict[int, int] = defaultdict(int)  # docnum -> the query words it has
        admitted = admit(plan, self.cost(reader))

        def read(fieldname: str, text: str) -> dict[int, float]:
            """A term's postings as the query's budget admits them (`budget.py`)."""
            how = admitted.get((fieldname, text))
            if how == WHOLE:
                return self.postings.scores(reader, fieldname, text)
            return self.postings.champions(fieldname, text) if how == CHAMPION else {}

        for bit, concept in enumerate(plan.concepts):
            has: set[int] = set()  # the entries that have this query word
            for term in concept.terms:
                key = (term.fieldname, term.text)
                how = admitted.get(key)
                if how is None:
                    continue
                postings = self.postings.scores(reader, *key) if how == WHOLE else read(*key)
                boost = term.boost
                for docnum, score in postings.items():
                    scores[docnum] += score * boost
                # Words lent by the rulings' links add to a score, but an entry does not
                # have a query word because a ruling about it (or its rule) has it.
                if term.fieldname not in LENT_FIELDS:
                    has.update(postings)
            for term, games in concept.scoped:
                boost = term.boost
                for docnum, score in read(term.fieldname, term.text).items():
                    if self.doc_game[docnum] in games:
                        scores[docnum] += score * boost
                        has.add(docnum)
            for stems, weight, phrase_games in concept.phrases:
                if (PHRASE, " ".join(stems)) not in admitted:
                    continue
                for docnum, score in self.postings.phrase(stems).items():
                    if phrase_games is None or self.doc_game[docnum] in phrase_games:
                        scores[docnum] += score * weight
                        has.add(docnum)
            mask = 1 << bit
            for docnum in has:
                matched[docnum] |= mask
        self._add_names(reader, plan, scores, read)
        return scores, matched

    def _add_names(
        self,
        reader: Any,
        plan: Plan,
        scores: defaultdict[int, float],
        read: Callable[[str, str], dict[int, float]],
    ) -> None:
        """A query that is a glossary name: the term's entries (and the sub-rules of the entry
        defining it), and the entries whose text uses the term (`read`: as the budget admits)."""
        for target, weight in plan.boosted_ids.items():
            for docnum, score in self.postings.scores(reader, "id", target).items():
                scores[docnum] = scores.get(docnum, 0.0) + score * 12.0 * weight
            if weight < 1.0:  # the entry defining the term: its sub-rules say the rest
                for docnum, score in self.postings.scores(reader, "parent", target).items():
                    scores[docnum] = scores.get(docnum, 0.0) + score * 4.0
        for term_id, weight in plan.mentions.items():
            for docnum, score in read("terms", term_id).items():
                if docnum in scores:
                    scores[docnum] += score * weight


def best(scores: dict[int, float], n: int) -> list[tuple[int, float]]:
    """The `n` best (document, score) pairs, best score first, then reading order.

    The n-th best score is found among the bare scores (compared in C), then only the
    entries reaching it are sorted: a query's few hundred or thousand candidates are not
    each turned into a sort key."""
    if n <= 0 or not scores:
        return []
    floor = heapq.nlargest(n, scores.values())[-1]
    reaching = [(d, sc) for d, sc in scores.items() if sc >= floor]
    reaching.sort(key=lambda item: (-item[1], item[0]))
    return reaching[:n]


def coordinate(
    scores: dict[int, float],
    matched: dict[int, int],
    weights: list[float],
    game_words: set[int] | frozenset[int] = frozenset(),
) -> None:
    """Coordination: each score times the share of the query's words (weighted by rarity) its
    entry has, to the power COORD_POWER.  An entry with none of the query's words (lent by a
    ruling's links only), or with only a game's name typed with other words (`game_words`,
    the concepts naming a game: « xyzzy altered » is no question about every entry printing
    « Altered »), is no candidate."""
    total_weight = sum(weights) or 1.0
    asked = sum(1 << i for i, w in enumerate(weights) if w and i not in game_words)
    coverage: dict[int, float] = {}
    if len(weights) > 1:
        for docnum in list(scores):
            mask = matched[docnum]
            if mask not in coverage:
                have = sum(w for i, w in enumerate(weights) if mask >> i & 1)
                ok = mask & asked or not asked  # (a query that is only a game's name)
                coverage[mask] = (have / total_weight) ** COORD_POWER if ok else 0.0
            if coverage[mask]:
                scores[docnum] *= coverage[mask]
            else:
                del scores[docnum]
