"""Presentation: a hit as the API returns it, with a snippet around its matched words, and the
« did you mean » of a query whose words were corrected.

The snippet is a window of the text around the most matches, HTML-escaped, each match marked
(`MARK`), the text's bold (`**…**`, as the documents print it) in `STRONG` — closed at the
window's end, opened at its start when the window begins inside it, never a lone `**`; which
stems to mark comes from the plan (`highlight_terms`: a game's own synonyms are marked in that
game's entries only).  The suggestion is the player's own query with only the
corrected words replaced, each written as the rulebooks print it (`suggest`).
"""

from __future__ import annotations

import html
import re
from typing import Any

from arbitre.search.analysis import folded_analyzer
from arbitre.search.asking import as_typed
from arbitre.search.plan import Plan
from arbitre.search.postings import Postings
from arbitre.search.query import FILTER

MARK = ("<mark>", "</mark>")
STRONG = ("<strong>", "</strong>")
BOLD = "**"  # Markdown's bold in the entries' text


class Presenter:
    """Turns one index generation's documents into hits, and corrections into a suggestion."""

    def __init__(self, postings: Postings, stemmed: Any, spellings: dict[str, str]) -> None:
        self.postings = postings
        self._stemmed = stemmed  # the French analyzer, with character offsets
        self._folded = folded_analyzer()
        self.spellings = spellings  # folded word -> as printed (`analysis.Spellings`)
        self.tokens_cache: dict[int, dict[str, list[tuple[int, int]]]] = {}

    def suggest(
        self, query: str, plan: Plan, english: bool = False
    ) -> tuple[str | None, list[dict[str, str]]]:
        """« Vouliez-vous dire » for a query whose words were corrected: the query as typed,
        with only the corrected words replaced (as the rulebooks print them — an English
        question's, as English writes them —, in the player's capitals), and each replacement
        {"typed", "suggested"}.  (None, []) when nothing was corrected."""
        if plan.corrected == plan.words:
            return None, []
        spans = self.typed_spans(query, plan)
        if spans is None:  # not expected: the corrected words, as before
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
            spelled = corrected if english else self.spellings.get(corrected, corrected)
            suggested = as_typed(spelled, typed)
            replacements.append({"typed": typed, "suggested": suggested})
            out += [query[cursor:start], suggested]
            cursor = end
        out.append(query[cursor:])
        return "".join(out), replacements

    def typed_spans(self, query: str, plan: Plan) -> list[tuple[int, int]] | None:
        """Where each of the plan's words was typed in `query`: they are, in order, among the
        words of what was typed (question words and inline filters aside; filters are not
        words).  None when they are not all found."""
        masked = FILTER.sub(lambda m: " " * len(m.group(0)), query)
        spans: list[tuple[int, int]] = []
        for token in self._folded(masked, chars=True):
            if len(spans) < len(plan.words) and token.text == plan.words[len(spans)]:
                spans.append((token.startchar, token.endchar))
        return spans if len(spans) == len(plan.words) else None

    def typed_words(self, query: str, plan: Plan, positions: tuple[int, ...]) -> list[str]:
        """The plan's words at `positions` as the player typed them (a corrected word as the
        rulebooks print its correction), each once."""
        if not positions:
            return []
        spans = self.typed_spans(query, plan)
        words = []
        for i in positions:
            corrected = plan.corrected[i]
            if spans is None or corrected != plan.words[i]:
                words.append(self.spellings.get(corrected, corrected))
            else:
                words.append(query[spans[i][0] : spans[i][1]])
        return list(dict.fromkeys(words))

    def with_respelled(
        self,
        query: str,
        respelled: list[tuple[str, str]],
        suggestion: str | None,
        replacements: list[dict[str, str]],
    ) -> tuple[str | None, list[dict[str, str]]]:
        """The suggestion and replacements with the question words read right before the
        query was parsed (`asking.py`): the sentence has them too, and the replacements
        are in the order they were typed."""
        if not respelled:
            return suggestion, replacements
        sentence = query if suggestion is None else suggestion
        for typed, read in respelled:
            sentence = _as_word(typed).sub(read, sentence, count=1)  # (letters only)
        pairs = [{"typed": typed, "suggested": read} for typed, read in respelled]
        merged = sorted([*pairs, *replacements], key=lambda r: _typed_at(query, r["typed"]))
        return sentence, merged

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
        """A window of `text` around the most matches, HTML-escaped, matches in <mark>, the
        text's bold in <strong>."""
        if not text:
            return ""
        if where is None:
            where = self._where(text)
        # The matches in text order (a term's spans looked up, not every token of the text).
        spans = sorted(span for term in terms if term in where for span in where[term])
        if not spans:
            return _window(text, 0, min(len(text), width), []) + ("…" if len(text) > width else "")
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
        prefix = "…" if begin > 0 else ""
        suffix = "…" if end < len(text) else ""
        return prefix + _window(text, begin, end, spans) + suffix


def _window(text: str, begin: int, end: int, spans: list[tuple[int, int]]) -> str:
    """text[begin:end] HTML-escaped, the spans inside it marked, its bold in STRONG: a `**`
    before the window toggles whether it opens bold, one cut by an edge stays out."""
    bold = False
    events: list[tuple[int, int, tuple[str, str] | None]] = []  # (start, stop, tags or bold)
    at = text.find(BOLD)
    while at >= 0:
        if at + len(BOLD) <= begin:
            bold = not bold
        elif at < begin:  # cut by the window's start: its bold starts before
            bold, begin = not bold, at + len(BOLD)
        elif at < end < at + len(BOLD):  # cut by the window's end
            end = at
        elif at < end:
            events.append((at, at + len(BOLD), None))
        at = text.find(BOLD, at + len(BOLD))
    events += [(a, b, MARK) for a, b in spans if a >= begin and b <= end]
    events.sort(key=lambda event: event[:2])
    out, cursor = [STRONG[0]] if bold else [], begin
    for start, stop, tags in events:
        out.append(html.escape(text[cursor:start]))
        if tags is None:
            out.append(STRONG[1] if bold else STRONG[0])
            bold = not bold
        else:
            out.append(tags[0] + html.escape(text[start:stop]) + tags[1])
        cursor = stop
    out.append(html.escape(text[cursor:end]))
    if bold:
        out.append(STRONG[1])
    return "".join(out)


def _as_word(typed: str) -> re.Pattern[str]:
    """`typed` as a whole word."""
    return re.compile(rf"(?<!\w){re.escape(typed)}(?!\w)")


def _typed_at(query: str, typed: str) -> int:
    """Where a word was typed in the query (its first occurrence as a word)."""
    found = _as_word(typed).search(query)
    return found.start() if found else len(query)


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
