"""Ranking: the best candidates of retrieval, adjusted by what the query looks like.

A short term query puts its definition first (a glossary entry, or an entry titled by the
term) and, for a glossary name, the defining entry's sub-entries right after it; a question
favours a rule's text, then FAQ answers, over definitions (asking what a word means, the
definitions) and passages worded as the answer its intent asks for (`intent.py`), and less an
entry whose title names a sense the question does not (« Gagner (statut) »); an entry holding
the query's words next to each other gains, and so does one explaining the wording the query
quotes (`quoted.py`); a bare heading, a compiler's note step back; near-duplicates (a term and
the entry defining it, a quoted rule) are shown once in the first ranks.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arbitre.search.analysis import stem
from arbitre.search.intent import BY_NAME as INTENTS
from arbitre.search.intent import Intent
from arbitre.search.names import GlossaryNames
from arbitre.search.plan import Plan
from arbitre.search.postings import Postings
from arbitre.search.query import ParsedQuery
from arbitre.search.quoted import printed_wording
from arbitre.search.weights import (
    BARE_HEADING_FACTOR,
    CARD_RULING_FACTOR,
    DIVERSE_TOP,
    INTENT_BONUS,
    INTENT_KIND_FACTORS,
    PHRASE_BONUS,
    QUESTION_KIND_FACTORS,
    QUESTION_MATCH_BONUS,
    QUESTION_MATCH_POWER,
    QUESTION_PAIR_BONUS,
    QUOTE_BONUS,
    SENSE_FACTOR,
    TERM_CHILDREN,
    UNNAMED_CARD_FACTOR,
    UNOFFICIAL_FACTOR,
)


class Ranker:
    """Re-ranks the candidates of one index generation."""

    def __init__(
        self,
        postings: Postings,
        names: GlossaryNames,
        doc_game: list[str],
        questions: dict[int, list[list[str]]],
    ) -> None:
        self.postings = postings
        self.names = names
        self.doc_game = doc_game
        # document -> its players' questions' stems (`tables.py`), each stem -> the questions
        # that have it (`question_index`)
        self.questions = {d: question_index(qs) for d, qs in questions.items()}
        # document -> all its questions' word pairs, and each question's (`word_pairs`)
        self.pairs = {d: _pairs_of([word_pairs(q) for q in qs]) for d, qs in questions.items()}
        self.intent_cache: dict[tuple[str, int], bool] = {}  # (intent, document) -> answers
        self.printed_cache: dict[int, str] = {}  # document -> `printed_wording`

    def rerank(
        self,
        searcher: Any,
        parsed: ParsedQuery,
        plan: Plan,
        top: list[tuple[int, float]],
        allowed: set[int] | None = None,
        named: str | None = None,
    ) -> list[tuple[int, float]]:
        """Adjust the best candidates by what the query looks like (term, question).  A term
        query naming a game (`named`): only that game's entries are the term's."""
        whole = " ".join(plan.corrected)
        names = {whole} | plan.names
        intent = INTENTS.get(parsed.intent or "")
        # The question's own words: a game's name typed with it is no word of its questions.
        asked_at = [i for i in range(len(plan.corrected)) if i not in plan.game_words]
        stems = [stem(plan.corrected[i]) for i in asked_at]
        weights = [plan.concepts[i].weight for i in asked_at]
        asked = _Asked(
            f" {whole} ", stems, frozenset(stems), weights, sum(weights) or 1.0, word_pairs(stems)
        )
        scored: list[tuple[int, float]] = []
        for docnum, score in top:
            fields = self.postings.stored(searcher, docnum)
            if parsed.term_like:
                if named is None or self.doc_game[docnum] == named:
                    factor = _term_factor(fields, plan, names)
                else:  # another game's « Réserve » is not the term of « réserve four souls »
                    factor = 1.0
            elif parsed.question:
                factor = self._question_factor(docnum, fields, parsed.intent, asked)
            else:
                factor = 1.0
            if intent is not None and self._answers(intent, docnum, fields):
                factor *= INTENT_BONUS
            if plan.phrases:
                folded = self.postings.folded_text(docnum, fields)
                found = 0
                for pattern in plan.phrases:
                    if pattern.search(folded):
                        found += 1
                factor *= 1 + PHRASE_BONUS * found / len(plan.phrases)
            if plan.quoted and self._prints(docnum, fields, plan):
                factor *= QUOTE_BONUS
            if not (fields.get("text") or "").strip():
                factor *= BARE_HEADING_FACTOR
            if fields.get("official") is False:
                factor *= UNOFFICIAL_FACTOR
            if whole in (fields.get("cards_key") or ()):
                factor *= CARD_RULING_FACTOR
            scored.append((docnum, round(score * factor, 4)))
        scored.sort(key=lambda item: (-item[1], item[0]))
        scored = self._diversify(searcher, scored)
        if plan.whole_name and TERM_CHILDREN:
            scored = self._with_children(searcher, plan, scored, allowed)
        return scored

    def _question_factor(
        self, docnum: int, fields: dict[str, Any], intent: str | None, asked: _Asked
    ) -> float:
        """A question: the passage's kind (a rule's text first, a definition last; asking
        what a word means, the definitions), a ruling about cards it does not name and a
        title's sense it does not name a little back, and how close the query is to one of
        the entry's players' questions."""
        factor = 1.0
        kinds = INTENT_KIND_FACTORS.get(intent or "", QUESTION_KIND_FACTORS)
        factor *= kinds.get(fields["kind"], 1.0)
        cards = fields.get("cards_key") or ()
        if cards and not any(f" {card} " in asked.spaced for card in cards):
            factor *= UNNAMED_CARD_FACTOR  # a ruling about a card not asked about
        sense = fields.get("sense")
        if sense and asked.stem_set.isdisjoint(sense):
            factor *= SENSE_FACTOR  # « Gagner (statut) » for a question not about a status
        if docnum in self.questions:
            share = question_match(asked.stems, asked.weights, self.questions[docnum])
            if share:  # (none of the query's words: a factor of exactly 1)
                share /= asked.total_weight
                power = 1.0
                for _ in range(QUESTION_MATCH_POWER):  # (as the browser multiplies)
                    power *= share
                factor *= 1 + QUESTION_MATCH_BONUS * power
                every, each = self.pairs[docnum]
                if not asked.pairs.isdisjoint(every):  # its words in the same order, two by two
                    shared = max(len(asked.pairs & pairs) for pairs in each)
                    factor *= 1 + QUESTION_PAIR_BONUS * shared / len(asked.pairs)
        return factor

    def _with_children(
        self,
        searcher: Any,
        plan: Plan,
        scored: list[tuple[int, float]],
        allowed: set[int] | None = None,
    ) -> list[tuple[int, float]]:
        """A query naming a glossary term: right after the term's first entry of each game, the
        sub-entries of the entries defining it, in reading order (a heading's steps say what
        it means, so a procedure's steps come before its other sub-rules).  Only sub-entries
        the query's filters let through (`allowed`; None: no filter)."""
        reader = searcher.reader()
        children: dict[str, list[int]] = {}  # game -> sub-entries with text, in reading order
        for target in plan.boosted_ids:
            docs = sorted(
                self.postings.scores(reader, "parent", target),
                key=lambda d: (
                    self.postings.stored(searcher, d).get("role") != "step",
                    self.postings.stored(searcher, d)["seq"],
                ),
            )
            for docnum in docs:
                if allowed is not None and docnum not in allowed:
                    continue
                if (self.postings.stored(searcher, docnum).get("text") or "").strip():
                    children.setdefault(self.doc_game[docnum], []).append(docnum)
        if not children:
            return scored
        out: list[tuple[int, float]] = []
        placed: set[int] = set()
        for docnum, score in scored:
            if docnum in placed:
                continue
            out.append((docnum, score))
            placed.add(docnum)
            fields = self.postings.stored(searcher, docnum)
            if fields["id"] in plan.boosted_ids and fields["game"] in children:
                picked = [d for d in children.pop(fields["game"]) if d not in placed]
                for child in picked[:TERM_CHILDREN]:
                    out.append((child, score))
                    placed.add(child)
        return out

    def _diversify(self, searcher: Any, scored: list[tuple[int, float]]) -> list[tuple[int, float]]:
        """One entry per group of near-duplicates in the first ranks: a glossary term and the
        entry defining it, or two entries with the same text (a rule quoted elsewhere).  The
        others keep their order after DIVERSE_TOP."""
        if not DIVERSE_TOP:
            return scored
        seen: set[str] = set()
        head: list[tuple[int, float]] = []
        deferred: list[tuple[int, float]] = []
        rest = iter(scored)
        for item in rest:
            fields = self.postings.stored(searcher, item[0])
            body = self.postings.body(item[0], fields)
            keys: set[str] = set()
            if body:  # a redirect without text of its own does not stand for its target
                keys.add(self.names.twin(fields["id"]))
            if len(body) >= 40:
                keys.add(body)
            if keys & seen:
                deferred.append(item)
            else:
                head.append(item)
            seen |= keys
            if len(head) >= DIVERSE_TOP:
                break
        return head + sorted([*deferred, *rest], key=lambda item: (-item[1], item[0]))

    def _prints(self, docnum: int, fields: dict[str, Any], plan: Plan) -> bool:
        """Whether an entry explains the wording the query quotes: its title, or a passage its
        text quotes, has it (`quoted.printed_wording`, cached per entry)."""
        printed = self.printed_cache.get(docnum)
        if printed is None:
            folded = self.postings.folded_text(docnum, fields)
            printed = self.printed_cache[docnum] = printed_wording(folded)
        return any(side.pattern.search(printed) for side in plan.quoted)

    def _answers(self, intent: Intent, docnum: int, fields: dict[str, Any]) -> bool:
        """Whether an entry is worded as an answer of this intent (cached per entry)."""
        key = (intent.name, docnum)
        found = self.intent_cache.get(key)
        if found is None:
            found = self.intent_cache[key] = intent.answers(
                self.postings.folded_text(docnum, fields)
            )
        return found


class _Asked(NamedTuple):
    """What the re-ranking of a question reads of the query, worked out once."""

    spaced: str  # the query's words, with a space either side (a card name among them)
    stems: list[str]
    stem_set: frozenset[str]
    weights: list[float]  # each word's rarity
    total_weight: float
    pairs: frozenset[str]  # each word with the next (`word_pairs`)


def _term_factor(fields: dict[str, Any], plan: Plan, names: set[str]) -> float:
    """A short term query: the entry titled by it, the section it names, and the term's own
    entries (for a query that is not a glossary name, any definition) — not the other terms
    that share a word with it."""
    factor = 1.0
    title_key = fields.get("title_key") or ""
    if title_key and title_key in names:
        factor *= 2.5
    elif fields.get("parent_key") in names:
        factor *= 2.0  # the body of the section the term names
    if fields["id"] in plan.boosted_ids or (not plan.whole_name and fields["kind"] == "glossary"):
        factor *= 1.6
    return factor


def word_pairs(stems: list[str]) -> frozenset[str]:
    """Each stem of a question with the one after it (« perd partie », « partie deck »)."""
    return frozenset(f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False))


def _pairs_of(each: list[frozenset[str]]) -> tuple[frozenset[str], list[frozenset[str]]]:
    """An entry's questions' word pairs all together (a query sharing none is done at once),
    and each question's."""
    return frozenset().union(*each), each


def question_index(questions: list[list[str]]) -> dict[str, tuple[int, ...]]:
    """Each stem of an entry's players' questions -> the questions (by position) that have it."""
    index: dict[str, list[int]] = {}
    for at, question in enumerate(questions):
        for s in dict.fromkeys(question):  # (a stem twice in a question: once)
            index.setdefault(s, []).append(at)
    return {s: tuple(ats) for s, ats in index.items()}


def question_match(
    stems: list[str], weights: list[float], index: dict[str, tuple[int, ...]]
) -> float:
    """The weight of the query's words (their stems, each with its rarity) that the closest of
    an entry's players' questions has (`index`: `question_index` of its questions; a word
    typed twice counts twice, each question's weights added in the query's order)."""
    have: dict[int, float] = {}
    for s, w in zip(stems, weights, strict=True):
        for at in index.get(s, ()):
            have[at] = have.get(at, 0) + w
    return max(have.values(), default=0.0)
