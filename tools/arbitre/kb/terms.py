"""Glossary auto-links: which glossary terms each entry uses, and where.

In the text of rules, FAQ answers, examples, errata and notes, the first use of a glossary term of
the same game links to that term.  Matching folds case and accents (`fold`) and prefers the longest
name at a position; it never links inside a word (letters, digits or a hyphen on either side), in a
heading line, a Markdown link, an autolink or raw HTML tag, code, or a URL; and an entry never
links to itself or to a term it defines (`defined_by`).

`term_links(kb)` is the table the site, the export and `arbitre check` share; `term_spans` gives the
positions the site needs to insert the links.  Both are pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.text import fold

LINKED_KINDS = ("rule", "faq", "example", "errata", "note")

# Spans of Markdown where no link may be inserted.
_FORBIDDEN = re.compile(
    r"""
      ^[ ]{0,3}\#{1,6}(?:[ \t][^\n]*)?$   # ATX heading line
    | ^[^\n]+\n[ ]{0,3}(?:=+|-+)[ \t]*$  # setext heading (text line + underline)
    | ^[ ]{0,3}```[\s\S]*?^[ ]{0,3}```     # fenced code
    | (`+)[\s\S]+?\1                     # code span
    | !?\[[^\]\n]*\]\([^)\n]*\)          # inline link or image
    | !?\[[^\]\n]*\]\[[^\]\n]*\]         # reference link
    | <[^>\n]+>                          # autolink or raw HTML tag
    | https?://\S+                       # bare URL
    """,
    re.MULTILINE | re.VERBOSE,
)

_WORD_BEFORE = r"(?<![\w-])"
_WORD_AFTER = r"(?![\w-])"


@dataclass(frozen=True)
class TermSpan:
    """One auto-link: text[start:end] of an entry links to glossary entry `term`."""

    start: int
    end: int
    term: str


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    return fold(ch)


def fold_with_positions(text: str) -> tuple[str, list[int]]:
    """`fold(text)` and, for each folded character, the index of the original character.

    Folding can change lengths (« œ » -> « oe », combining accents vanish), so matches on the
    folded text are mapped back through this table.  The table has one extra item, len(text).
    """
    parts: list[str] = []
    positions: list[int] = []
    for i, ch in enumerate(text):
        folded = _fold_char(ch)
        parts.append(folded)
        positions.extend([i] * len(folded))
    positions.append(len(text))
    return "".join(parts), positions


def term_names(term: Entry) -> list[str]:
    """The folded names a term is recognised by: title, title without a qualifier, aliases."""
    names: list[str] = []
    title = term.title or ""
    candidates = [title, re.sub(r"\s*\([^)]*\)\s*$", "", title), *term.aliases]
    for part in candidates:
        name = re.sub(r"\s+", " ", fold(part)).strip()
        if len(name) >= 2 and name not in names:
            names.append(name)
    return names


def _name_pattern(name: str) -> str:
    """A regex for one folded name: spaces match any run of spaces; « X » matches X or a number."""
    words = name.split(" ")
    pieces = [re.escape(w) for w in words]
    if len(words) > 1 and words[-1] == "x":
        pieces[-1] = r"(?:x|\d+)"
    return r"\s+".join(pieces)


@dataclass
class TermMatcher:
    """The glossary of one game, compiled: folded name -> term id, and one regex for all names."""

    targets: dict[str, str]
    pattern: re.Pattern[str] | None

    @classmethod
    def for_terms(cls, terms: list[Entry], by_id: dict[str, Entry]) -> TermMatcher:
        targets: dict[str, str] = {}
        for term in sorted(terms, key=lambda t: t.id):
            target = term.id
            # A redirect heading (« Voir X ») stands for the term it points to.
            if term.role == "redirect":
                pointed = [r for r in term.refs if r in by_id and by_id[r].kind == "glossary"]
                if not pointed:
                    continue
                target = pointed[0]
            for name in term_names(term):
                targets.setdefault(name, target)  # first claim wins; `check` reports the clash
        if not targets:
            return cls(targets, None)
        # Longest first, so that the alternation prefers « réserve active » over « réserve ».
        names = sorted(targets, key=lambda n: (-len(n), n))
        body = "|".join(f"(?:{_name_pattern(n)})" for n in names)
        return cls(targets, re.compile(f"{_WORD_BEFORE}(?:{body}){_WORD_AFTER}"))

    def resolve(self, matched: str) -> str | None:
        key = re.sub(r"\s+", " ", matched)
        if key in self.targets:
            return self.targets[key]
        # « riposte 2 » was matched by the pattern of « riposte x ».
        generic = re.sub(r" \d+$", " x", key)
        return self.targets.get(generic)


def forbidden_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _FORBIDDEN.finditer(text)]


def _overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(s < end and start < e for s, e in spans)


def find_spans(text: str, matcher: TermMatcher, excluded_terms: set[str]) -> list[TermSpan]:
    """The first usable occurrence of each term in `text`, in text order."""
    if matcher.pattern is None or not text:
        return []
    folded, positions = fold_with_positions(text)
    forbidden = forbidden_spans(text)
    seen: set[str] = set()
    spans: list[TermSpan] = []
    for match in matcher.pattern.finditer(folded):
        term = matcher.resolve(match.group(0))
        if term is None or term in seen or term in excluded_terms:
            continue
        start, end = positions[match.start()], positions[match.end()]
        if _overlaps(start, end, forbidden):
            continue
        seen.add(term)
        spans.append(TermSpan(start, end, term))
    return spans


def matchers(kb: KnowledgeBase) -> dict[str, TermMatcher]:
    """game id -> its compiled glossary."""
    terms: dict[str, list[Entry]] = {}
    for entry in kb.entries:
        if entry.kind == "glossary":
            terms.setdefault(entry.game, []).append(entry)
    return {game: TermMatcher.for_terms(ts, kb.by_id) for game, ts in sorted(terms.items())}


def term_spans(kb: KnowledgeBase) -> dict[str, list[TermSpan]]:
    """entry id -> its auto-links, for every entry that has at least one."""
    compiled = matchers(kb)
    # Terms an entry defines are never linked from it.
    defines: dict[str, set[str]] = {}
    for entry in kb.entries:
        if entry.kind == "glossary" and entry.defined_by:
            defines.setdefault(entry.defined_by, set()).add(entry.id)
    result: dict[str, list[TermSpan]] = {}
    for entry in kb.entries:
        if entry.kind not in LINKED_KINDS or entry.game not in compiled:
            continue
        excluded = defines.get(entry.id, set()) | {entry.id}
        spans = find_spans(entry.text, compiled[entry.game], excluded)
        if spans:
            result[entry.id] = spans
    return result


def term_links(kb: KnowledgeBase) -> dict[str, list[str]]:
    """entry id -> the glossary entry ids its text links to, in order of first use.

    Entries without any link are absent.  Deterministic: the same KB gives the same table.
    """
    return {eid: [s.term for s in spans] for eid, spans in term_spans(kb).items()}


def used_in(kb: KnowledgeBase, links: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """glossary entry id -> the entries that link to it (« Utilisé dans »), in KB order."""
    links = term_links(kb) if links is None else links
    result: dict[str, list[str]] = {}
    for entry in kb.entries:
        for term in links.get(entry.id, []):
            result.setdefault(term, []).append(entry.id)
    return result
