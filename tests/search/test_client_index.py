"""The browser's index (client_index) holds what the whoosh index holds: the same terms, term
frequencies, field lengths and phrase matches, so the JavaScript engine scores as the searcher
does.  (tests/browser/test_search.py runs that engine against the Python search.)"""

from __future__ import annotations

import json
import re

from arbitre.search.analysis import fold
from arbitre.search.client_index import (
    EXACT_FIELDS,
    ID_FIELDS,
    KEYWORD_FIELDS,
    TEXT_FIELDS,
    build_client_index,
    client_index_json,
)

from .conftest import tiny_kb


def _unpack(packed: str) -> list[int]:
    return [int(x, 36) for x in packed.split(",")] if packed else []


def _decode(encoded: str) -> dict[int, int]:
    deltas, _, frequencies = encoded.partition(";")
    docs, doc = [], 0
    for delta in _unpack(deltas):
        doc += delta
        docs.append(doc)
    tfs = _unpack(frequencies) if frequencies else [1] * len(docs)
    return dict(zip(docs, tfs, strict=True))


def test_postings_and_lengths_are_the_whoosh_index(tiny):
    index = build_client_index(tiny_kb())
    assert [row[0] for row in index["docs"]] == [e.id for e in tiny_kb().entries]
    with tiny._whoosh() as searcher:
        reader = searcher.reader()
        for name in (*TEXT_FIELDS, *EXACT_FIELDS, *KEYWORD_FIELDS, *ID_FIELDS):
            field = index["fields"][name]
            assert field["terms"] == sorted(field["terms"])
            exported = {
                t: _decode(p) for t, p in zip(field["terms"], field["postings"], strict=True)
            }
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
            assert _unpack(index["fields"][name]["lengths"]) == lengths, name


def test_phrases_are_the_entries_with_the_stems_in_a_row(tiny):
    from whoosh.query import Phrase

    index = build_client_index(tiny_kb())
    assert index["phrases"], "the tiny KB has glossary names of several words"
    with tiny._whoosh() as searcher:
        for key, docs in index["phrases"].items():
            found = sorted(Phrase("text", key.split()).matcher(searcher).all_ids())
            assert docs == found, key


def test_numbers_are_packed_in_base_36():
    from arbitre.search.client_index import _encode, _pack

    assert _pack([0, 9, 10, 35, 36, 1295, 1296]) == "0,9,a,z,10,zz,100"
    assert _unpack(_pack(list(range(5000)))) == list(range(5000))
    assert _encode({3: 1, 40: 1}) == "3,11"  # deltas 3 and 37; every frequency 1
    assert _decode(_encode({3: 2, 40: 1, 41: 7})) == {3: 2, 40: 1, 41: 7}


def test_the_json_is_compact_and_complete():
    text = client_index_json(tiny_kb())
    data = json.loads(text)
    assert ": " not in text[:200] and "\n" not in text
    assert set(data) >= {"docs", "fields", "phrases", "names", "thesaurus", "analysis"}
    assert "de" in data["analysis"]["stops"] and "ma" in data["analysis"]["stops"]


def test_the_rulings_words_are_exported_as_the_whoosh_fields():
    # The lent fields are among those compared with the whoosh index above.
    assert {"asked", "ruled"} <= set(TEXT_FIELDS)


def test_focus_intents_and_groups_come_from_the_python_tables():
    """The browser reads the game focus, the intents and the players' words from the index,
    not from a copy in JavaScript."""
    from arbitre.search.intent import INTENTS
    from arbitre.search.plan import FOCUS_REASONS
    from arbitre.search.thesaurus import load_thesaurus
    from arbitre.search.vocabulary import load_vocabulary

    kb = tiny_kb()
    index = build_client_index(kb)
    vocabulary = load_vocabulary()
    markers = [tuple(row) for row in index["focus"]["markers"]]
    assert markers == vocabulary.marker_keys() and ("four souls", "four-souls") in markers
    assert index["focus"]["reasons"] == FOCUS_REASONS
    for game in kb.games:
        assert index["focus"]["titles"][game.id] == game.short_title
        assert index["authority"][game.id] == game.authority
    assert [i["name"] for i in index["intents"]] == [i.name for i in INTENTS]
    for exported, intent in zip(index["intents"], INTENTS, strict=True):
        assert exported["label"] == intent.label
        assert "\\w" not in exported["cues"]  # ASCII in JavaScript: written as \p{L}\p{N}_
        # The entries worded as the intent's answers, as rank.py finds them.
        answering = [
            seq
            for seq, row in enumerate(index["docs"])
            if intent.answers(fold((row[3] or "") + " \n " + (row[11] or "")))
        ]
        assert _unpack_docs(exported["answering"]) == answering
    assert any(i["answering"] for i in index["intents"])
    groups = load_thesaurus().groups
    assert len(index["thesaurus"]) == len(groups)
    pairs = [g for g in index["thesaurus"] if g["provenance"].startswith("vocabulary.yaml")]
    assert pairs and all(g["games"] and len(g["games"]) == 1 for g in pairs)
    assert all(len(row) == 15 for row in index["docs"])  # ... display, cards_key, sense


def _unpack_docs(packed: str) -> list[int]:
    """Doc numbers from their base-36 deltas (packed.js `unpack`, summed)."""
    docs, seq = [], 0
    for delta in packed.split(",") if packed else []:
        seq += int(delta, 36)
        docs.append(seq)
    return docs


def test_the_lemma_stems_and_lexicon_are_sorted_for_the_browsers_halving():
    """The browser looks a word's stem and a lexicon word up by halving their strings
    (packed.js `packedFind`): « word:stem » pairs and words in Python's order (by code
    point), each once."""
    index = build_client_index(tiny_kb())
    pairs = [pair.split(":") for pair in index["analysis"]["stems"].split(" ")]
    forms = [word for word, _stem in pairs]
    assert len(forms) > 100 and all(len(pair) == 2 and all(pair) for pair in pairs)
    assert forms == sorted(set(forms))
    lexicon = index["words"].split(" ")
    assert len(lexicon) > 100 and lexicon == sorted(set(lexicon))
    assert not any(":" in word for word in lexicon)


def test_the_ranking_constants_are_the_searchers_and_the_engine_reads_each():
    from importlib import resources

    from arbitre.search import weights
    from arbitre.search.client_index import RANKING_CONSTANTS, ranking_constants

    exported = ranking_constants()
    assert exported["RERANK_DEPTH"] == weights.RERANK_DEPTH
    assert exported["FIELD_BOOSTS_STEMMED"] == weights.FIELD_BOOSTS_STEMMED
    assert exported["LENT_FIELDS"] == sorted(weights.LENT_FIELDS)
    assert json.loads(json.dumps(exported)) == exported
    engine = (
        resources.files("arbitre.site")
        .joinpath("assets", "search", "weights.js")
        .read_text("utf-8")
    )
    required = engine[
        engine.index("const RANKING = [") : engine.index("];", engine.index("RANKING"))
    ]
    assert sorted(re.findall(r'"([A-Z0-9_]+)"', required)) == sorted(RANKING_CONSTANTS)
