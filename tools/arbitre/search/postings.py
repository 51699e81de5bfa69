"""Retrieval's primitives over one index generation: each term's BM25 contribution to every
document holding it, the documents holding a phrase, and each document's stored fields.

Everything here is cached per generation and bounded whatever the queries: a term's scores
(emptied at POSTINGS_CACHE_TERMS terms or POSTINGS_CACHE_ENTRIES pairs), a field's length
norms (one list per field), a document's stored fields and folded text (one per document).
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterator
from typing import Any

from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3LeafMatcher, W3PerDocReader
from whoosh.columns import NumericColumn
from whoosh.util.numeric import byte_to_length

from arbitre.search.analysis import fold
from arbitre.search.weights import BM25_B, BM25_K1

# The per-term score cache is emptied when it reaches either bound (about 25 MB when full).
POSTINGS_CACHE_TERMS = 50_000
POSTINGS_CACHE_ENTRIES = 300_000
# Fields whose every term's document frequency is read once, into a table (a few thousand words
# each, whatever the corpus size): a query looks up about a hundred terms, and whoosh's own
# lookup costs ten microseconds each.  Fields of one key per entry (id, parent) are asked whoosh.
DF_TABLE_FIELDS = frozenset(
    {"title", "title_exact", "names", "names_exact", "context", "text", "text_exact"}
    | {"asked", "ruled", "phrased", "terms", "number_parents", "game", "kind"}
)


def entry_folded(title: str | None, text: str | None) -> str:
    """An entry's title and text folded as query words are (« cœur » -> « coeur »), the text
    a line below the title: what phrases and intents' answer markers are looked for in (the
    browser's index lists the intents' answers from it: client_index.py)."""
    return fold((title or "") + " \n " + (text or ""))


class Postings:
    """BM25 scores per (field, term), phrase matches, and the documents' stored fields."""

    def __init__(self, doc_count: int, tables: dict[str, Any] | None = None) -> None:
        self.doc_count = doc_count
        # The generation's phrase postings and champion lists (`tables.py`), when searching.
        self._phrases = tables["phrases"] if tables else {}
        self._champions = tables["champions"] if tables else {}
        self.cache: dict[tuple[str, str], dict[int, float]] = {}
        self.cached_pairs = 0  # (document, score) pairs held by `cache`
        self._lengths: dict[str, list[int]] = {}
        self._norms: dict[str, list[float] | None] = {}
        self.stored_cache: dict[int, dict[str, Any]] = {}
        self.folded_cache: dict[int, str] = {}
        self.body_cache: dict[int, str] = {}
        self._dfs: dict[str, dict[str, int]] = {}
        self._sorted_terms: dict[str, list[str]] = {}

    def df(self, reader: Any, fieldname: str, text: str) -> int:
        """How many documents hold the term (a table per field of DF_TABLE_FIELDS)."""
        if fieldname not in DF_TABLE_FIELDS:
            return reader.doc_frequency(fieldname, text)
        table = self._dfs.get(fieldname)
        if table is None:
            table = self._dfs[fieldname] = {
                (raw.decode("utf-8") if isinstance(raw, bytes) else raw): info.doc_frequency()
                for raw, info in reader.iter_field(fieldname)
            }
        return table.get(text, 0)

    def prefixed(self, reader: Any, fieldname: str, prefix: str) -> list[str]:
        """The field's terms starting with `prefix`, in order."""
        terms = self._sorted_terms.get(fieldname)
        if terms is None:
            self.df(reader, fieldname, "")
            terms = self._sorted_terms[fieldname] = sorted(self._dfs[fieldname])
        start = bisect.bisect_left(terms, prefix)
        end = bisect.bisect_left(terms, prefix + "\uffff", start)
        return terms[start:end]

    def scores(self, reader: Any, fieldname: str, text: str) -> dict[int, float]:
        """BM25 contribution of one term to every document holding it (cached per term).

        Scoring term by term from cached posting dictionaries is several times faster than
        whoosh's tree of union matchers for queries of dozens of terms, and it tells for free
        which query word each document matched (the coordination factor needs that).
        """
        key = (fieldname, text)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        scores: dict[int, float] = {}
        df = self.df(reader, fieldname, text)
        if df:
            n = self.doc_count
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            lift = idf * (BM25_K1 + 1)
            norms = self.norms(reader, fieldname)
            for ids, weights in posting_blocks(reader.postings(fieldname, text)):
                if norms:
                    for docnum, tf in zip(ids, weights, strict=True):
                        scores[docnum] = lift * tf / (tf + norms[docnum])
                else:
                    for docnum, tf in zip(ids, weights, strict=True):
                        scores[docnum] = lift * tf / (tf + BM25_K1)
        if scores:  # a word the index lacks costs one lookup: caching it would let
            self._keep(key, scores)  # every invented word fill the cache
        return scores

    def _keep(self, key: tuple[str, str], scores: dict[int, float]) -> None:
        """Keep a term's scores, emptying the cache first when it holds POSTINGS_CACHE_TERMS
        terms or POSTINGS_CACHE_ENTRIES (document, score) pairs: its memory is bounded
        whatever the queries (each distinct query word adds terms)."""
        if (
            len(self.cache) >= POSTINGS_CACHE_TERMS
            or self.cached_pairs + len(scores) > POSTINGS_CACHE_ENTRIES
        ):
            self.cache.clear()
            self.cached_pairs = 0
        self.cache[key] = scores
        self.cached_pairs += len(scores)

    def norms(self, reader: Any, fieldname: str) -> list[float] | None:
        """BM25's k1 × length normalization of every document in a field (None: the field keeps
        no lengths), computed once per field."""
        if fieldname not in self._norms:
            lengths = self._field_lengths(reader, fieldname)
            norms = None
            if lengths:
                avg = sum(lengths) / len(lengths) or 1.0
                norms = [BM25_K1 * (1 - BM25_B + BM25_B * length / avg) for length in lengths]
            self._norms[fieldname] = norms
        return self._norms[fieldname]

    def _field_lengths(self, reader: Any, fieldname: str) -> list[int]:
        lengths = self._lengths.get(fieldname)
        if lengths is None:
            if reader.schema[fieldname].scorable:
                lengths = stored_lengths(reader, fieldname, self.doc_count)
                if lengths is None:
                    lengths = [
                        reader.doc_field_length(d, fieldname) or 0 for d in range(self.doc_count)
                    ]
            else:
                lengths = []
            self._lengths[fieldname] = lengths
        return lengths

    def phrase(self, stems: tuple[str, ...]) -> dict[int, float]:
        """Documents whose text has these stems in a row (stop words aside), each scored with
        the sum of the words' BM25 contributions (the generation's table, `tables.py`)."""
        key = ("phrase", " ".join(stems))
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        found = self._phrases.get(key[1])
        if found is None:
            return {}
        scores = dict(zip(*found, strict=True))
        self._keep(key, scores)
        return scores

    def phrase_size(self, stems: str) -> int:
        """How many documents have the phrase (its stems, space-separated)."""
        found = self._phrases.get(stems)
        return len(found[0]) if found else 0

    def champions(self, fieldname: str, text: str) -> dict[int, float]:
        """The CHAMPIONS documents a term scores highest in, with its scores (for a term held
        by more; `tables.py`)."""
        key = ("champions " + fieldname, text)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        found = self._champions.get((fieldname, text))
        if found is None:
            return {}
        scores = dict(zip(*found, strict=True))
        self._keep(key, scores)
        return scores

    def stored(self, searcher: Any, docnum: int) -> dict[str, Any]:
        """A document's stored fields, kept in memory after the first read.

        An index generation never changes, and whoosh decompresses and unpickles the stored
        fields on every read: for the 60 candidates a query re-ranks that was most of its cost.
        """
        fields = self.stored_cache.get(docnum)
        if fields is None:
            fields = self.stored_cache[docnum] = searcher.stored_fields(docnum)
        return fields

    def folded_text(self, docnum: int, fields: dict[str, Any]) -> str:
        """Title and text folded as query words are (« cœur » -> « coeur »), for phrase
        matching (cached per document)."""
        folded = self.folded_cache.get(docnum)
        if folded is None:
            folded = self.folded_cache[docnum] = entry_folded(
                fields.get("title"), fields.get("text")
            )
        return folded

    def body(self, docnum: int, fields: dict[str, Any]) -> str:
        """The first 120 letters and digits of a document's text, folded (cached per
        document): two entries with the same are one passage printed twice."""
        body = self.body_cache.get(docnum)
        if body is None:
            text = self.folded_text(docnum, fields).split("\n", 1)[-1]
            body = self.body_cache[docnum] = _NOT_ALNUM.sub("", text)[:120]
        return body


_NOT_ALNUM = re.compile(r"[^a-z0-9]")


def stored_lengths(reader: Any, fieldname: str, doc_count: int) -> list[int] | None:
    """Every document's length in a field, read at once: `reader.doc_field_length` for each
    document, which costs 5 µs a call (a second per field on a corpus of 200,000 entries).

    whoosh keeps a field's lengths as one byte per document in a column; this reads the column
    whole.  None when the reader is not a single whoosh 3 segment (then ask document by
    document)."""
    perdoc = getattr(reader, "_perdoc", None)
    if not isinstance(perdoc, W3PerDocReader):
        return None
    column = perdoc._cached_reader(f"_{fieldname}_len", LENGTHS_COLUMN)
    if column is None:
        return [0] * doc_count
    if not isinstance(column, NumericColumn.Reader) or column._fixedlen != 1:
        return None
    count = min(column._count, doc_count)
    raw = column._dbfile.get(column._basepos, count)
    table = [byte_to_length(b) if b else 0 for b in range(256)]
    return [table[b] for b in raw] + [0] * (doc_count - count)


def posting_blocks(matcher: Any) -> Iterator[tuple[Any, Any]]:
    """A term's postings as (document numbers, weights), a block at a time.

    whoosh's own iteration costs three method calls per posting; its on-disk matcher already
    holds each block as two arrays, which this reads directly.  Any other matcher (several
    segments, deletions) goes through the public API.
    """
    if isinstance(matcher, W3LeafMatcher):
        while matcher.is_active():
            matcher._read_ids()
            matcher._read_weights()
            yield matcher._ids, matcher._weights
            matcher._next_block()
    else:
        items = list(matcher.items_as("weight"))
        yield [d for d, _ in items], [w for _, w in items]
