"""Presentation: a hit as the API returns it, with a snippet around its matched words, and the
« did you mean » of a query whose words were corrected.

The snippet is a window of the text around the most matches, HTML-escaped, each match marked
(`MARK`); which stems to mark comes from the plan (`highlight_terms`: a game's own synonyms are
marked in that game's entries only).  The suggestion is the player's own query with only the
corrected words replaced, each written as the rulebooks print it (`suggest`).
"""

from __future__ import annotations

import html
from typing import Any

from arbitre.search.analysis import folded_analyzer
from arbitre.search.plan import Plan
from arbitre.search.postings import Postings
from arbitre.search.query import FILTER

MARK = ("<mark>", "</mark>")


class Presenter:
    """Turns one index generation's documents into hits, and corrections into a suggestion."""

    def __init__(self, postings: Postings, stemmed: Any, spellings: dict[str, str]) -> None:
        self.postings = postings
        self._stemmed = stemmed  # the French analyzer, with character offsets
        self._folded = folded_analyzer()
        self.spellings = spellings  # folded word -> as printed (`analysis.Spellings`)
        self.tokens_cache: dict[int, dict[str, list[tuple[int, int]]]] = {}

    def suggest(self, query: str, plan: Plan) -> tuple[str | None, list[dict[str, str]]]:
        """« Vouliez-vous dire » for a query whose words were corrected: the query as typed,
        with only the corrected words replaced (as the rulebooks print them, in the player's
        capitals), and each replacement {"typed", "suggested"}.  (None, []) when nothing was
        corrected."""
        if plan.corrected == plan.words:
            return None, []
        # Where each query word was typed: the query's words are, in order, among the words of
        # what was typed (question words and inline filters aside; filters are not words).
        masked = FILTER.sub(lambda m: " " * len(m.group(0)), query)
        spans: list[tuple[int, int]] = []
        for token in self._folded(masked, chars=True):
            if len(spans) < len(plan.words) and token.text == plan.words[len(spans)]:
                spans.append((token.startchar, token.endchar))
        if len(spans) < len(plan.words):  # not expected: the corrected words, as before
            return " ".join(plan.corrected), [
                {"typed": w, "suggested": c}
                for w, c in zip(plan.words, plan.corrected, strict=True)
                if w != c
            ]
        replacements: list[dict[str, str]] = []
        out, cursor = [], 0
        for (start, end), word, corrected in zip(spans, plan.words, plan.corrected, strict=True):
            if corrected == word:
                continue
            typed = query[start:end]
            suggested = _as_typed(self.spellings.get(corrected, corrected), typed)
            replacements.append({"typed": typed, "suggested": suggested})
            out += [query[cursor:start], suggested]
            cursor = end
        out.append(query[cursor:])
        return "".join(out), replacements

    def hit(self, searcher: Any, docnum: int, score: float, terms: set[str]) -> dict[str, Any]:
        fields = self.postings.stored(searcher, docnum)
        text = fields.get("display") or fields.get("text") or ""
        return {
            "id": fields["id"],
            "game": fields["game"],
            "document": fields["document"],
            "kind": fields["kind"],
            "number": fields.get("number") or None,
            "title": fields.get("title") or None,
            "text": text,
            "url": fields["url"],
            "authority": fields.get("authority") or "official",
            "score": score,
            "highlights": self.snippet(text, terms, where=self.tokens(docnum, text)),
        }

    def tokens(self, docnum: int, text: str) -> dict[str, list[tuple[int, int]]]:
        """Each stemmed term of a hit's text with its offsets (cached per document)."""
        where = self.tokens_cache.get(docnum)
        if where is None:
            where = self.tokens_cache[docnum] = self._where(text)
        return where

    def _where(self, text: str) -> dict[str, list[tuple[int, int]]]:
        where: dict[str, list[tuple[int, int]]] = {}
        for token in self._stemmed(text, chars=True):
            where.setdefault(token.text, []).append((token.startchar, token.endchar))
        return where

    def snippet(
        self,
        text: str,
        terms: set[str],
        width: int = 220,
        where: dict[str, list[tuple[int, int]]] | None = None,
    ) -> str:
        """A window of `text` around the most matches, HTML-escaped, matches in <mark>."""
        if not text:
            return ""
        if where is None:
            where = self._where(text)
        # The matches in text order (a term's spans looked up, not every token of the text).
        spans = sorted(span for term in terms if term in where for span in where[term])
        if not spans:
            cut = text[:width]
            return html.escape(cut + ("…" if len(text) > width else ""))
        # The window of `width` characters from a match that holds the most matches (the
        # first such): spans are in text order, so the window's last match only moves on.
        best_start, best_count = spans[0][0], 0
        last = 0
        for i, (start, _end) in enumerate(spans):
            last = max(last, i)
            while last < len(spans) and spans[last][0] < start + width:
                last += 1
            if last - i > best_count:
                best_start, best_count = start, last - i
        begin = max(0, best_start - 40)
        if begin:
            space = text.find(" ", begin)
            begin = space + 1 if 0 <= space < best_start else begin
        end = min(len(text), begin + width)
        if end < len(text):
            space = text.rfind(" ", begin, end)
            end = space if space > begin else end
        out, cursor = [], begin
        for start, stop in spans:
            if start < begin or stop > end:
                continue
            out.append(html.escape(text[cursor:start]))
            out.append(MARK[0] + html.escape(text[start:stop]) + MARK[1])
            cursor = stop
        out.append(html.escape(text[cursor:end]))
        prefix = "…" if begin > 0 else ""
        suffix = "…" if end < len(text) else ""
        return prefix + "".join(out) + suffix


def _as_typed(word: str, typed: str) -> str:
    """`word` in the capitals of `typed` (« DESTRUCION » -> « DESTRUCTION », « Jueur » ->
    « Joueur »)."""
    if len(typed) > 1 and typed.isupper():
        return word.upper()
    if typed[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def highlight_terms(plan: Plan) -> dict[str, set[str]]:
    """The stems to mark in a hit's text: "" -> every game's, game -> that game's (with
    the terms that count in its entries only)."""
    common = {t.text for c in plan.concepts for t in c.terms if t.fieldname == "text"}
    terms = {"": common}
    for concept in plan.concepts:
        for term, games in concept.scoped:
            if term.fieldname == "text":
                for game in games:
                    terms.setdefault(game, set(common)).add(term.text)
    return terms
