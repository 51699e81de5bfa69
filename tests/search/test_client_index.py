"""The browser's index (client_index) holds what the whoosh index holds: the same terms, term
frequencies, field lengths and phrase matches, so the JavaScript engine scores as the searcher
does.  (tests/browser/test_search.py runs that engine against the Python search.)"""

from __future__ import annotations

import json

from arbitre.search.client_index import (
    EXACT_FIELDS,
    ID_FIELDS,
    KEYWORD_FIELDS,
    TEXT_FIELDS,
    build_client_index,
    client_index_json,
)

from .conftest import tiny_kb


def _decode(encoded: list[list[int]]) -> dict[int, int]:
    docs, doc = [], 0
    for delta in encoded[0]:
        doc += delta
        docs.append(doc)
    tfs = encoded[1] if len(encoded) > 1 else [1] * len(docs)
    return dict(zip(docs, tfs, strict=True))


def test_postings_and_lengths_are_the_whoosh_index(tiny):
    index = build_client_index(tiny_kb())
    assert [row[0] for row in index["docs"]] == [e.id for e in tiny_kb().entries]
    with tiny._whoosh() as searcher:
        reader = searcher.reader()
        for name in (*TEXT_FIELDS, *EXACT_FIELDS, *KEYWORD_FIELDS, *ID_FIELDS):
            exported = {t: _decode(p) for t, p in index["fields"][name]["terms"].items()}
            indexed = {}
            for raw, _info in reader.iter_field(name):
                term = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                indexed[term] = {
                    d: int(w) for d, w in reader.postings(name, raw).items_as("weight")
                }
            indexed.pop("", None)  # an entry without number or parent: never searched for
            assert exported == indexed, name
        for name in (*TEXT_FIELDS, *EXACT_FIELDS):
            lengths = [reader.doc_field_length(d, name) or 0 for d in range(reader.doc_count_all())]
            assert index["fields"][name]["lengths"] == lengths, name


def test_phrases_are_the_entries_with_the_stems_in_a_row(tiny):
    from whoosh.query import Phrase

    index = build_client_index(tiny_kb())
    assert index["phrases"], "the tiny KB has glossary names of several words"
    with tiny._whoosh() as searcher:
        for key, docs in index["phrases"].items():
            found = sorted(Phrase("text", key.split()).matcher(searcher).all_ids())
            assert docs == found, key


def test_the_json_is_compact_and_complete():
    text = client_index_json(tiny_kb())
    data = json.loads(text)
    assert ": " not in text[:200] and "\n" not in text
    assert set(data) >= {"docs", "fields", "phrases", "names", "thesaurus", "analysis"}
    assert "de" in data["analysis"]["stops"] and "ma" in data["analysis"]["stops"]
