"""A query's work is bounded whatever the corpus (#24): it reads at most MAX_POSTINGS postings,
its rarest terms first, a common term's champions when the whole no longer fits; the tables an
index works out for it (phrases, champion lists, words' games) say what the searcher used to
compute per query.  Counted, never timed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbitre.search import budget as budget_module
from arbitre.search.budget import CHAMPION, PHRASE, WHOLE, admit
from arbitre.search.postings import posting_blocks, stored_lengths
from arbitre.search.query import parse_query
from arbitre.search.weights import (
    CHAMPIONS,
    MAX_POSTINGS,
    WORD_GAME_MIN_DOCS,
    WORD_GAME_SHARE,
)

DATA = Path(__file__).resolve().parents[1] / "data"


def _plan(searcher, q: str):
    parsed = parse_query(q, searcher.games)
    with searcher._whoosh() as whoosh:
        plan, _focus = searcher._understand(whoosh, parsed)
        return plan, searcher.retrieval.cost(whoosh.reader())


def _keys(plan, cost=None) -> set[tuple[str, str]]:
    """The terms of the plan (those some entry holds, given `cost`)."""
    keys = set()
    for concept in plan.concepts:
        keys |= {(t.fieldname, t.text) for t in concept.terms}
        keys |= {(t.fieldname, t.text) for t, _games in concept.scoped}
        keys |= {(PHRASE, " ".join(stems)) for stems, _w, _g in concept.phrases}
    keys |= {("terms", t) for t in plan.mentions}
    return keys if cost is None else {key for key in keys if cost(*key)}


def test_every_query_of_the_sets_reads_all_its_postings_on_the_rulebooks(real):
    """The bound changes nothing on the real knowledge base: every term some entry holds is
    read whole (a term none holds is not looked up again)."""
    queries = [
        row["q"]
        for path in sorted(DATA.glob("*-queries.yaml"))
        for row in yaml.safe_load(path.read_text("utf-8"))
    ]
    most = 0
    for q in queries:
        if parse_query(q, real.games).number:
            continue
        plan, cost = _plan(real, q)
        admitted = admit(plan, cost)
        assert set(admitted) == _keys(plan, cost) and set(admitted.values()) <= {WHOLE}, q
        most = max(most, sum(cost(*key) for key in admitted))
    assert 1_000 < most < MAX_POSTINGS


def test_a_term_no_entry_holds_is_not_read(real):
    """Of a query's hundred terms, a quarter are held by no entry (a word in a field that never
    has it): they are not looked up again while scoring."""
    plan, cost = _plan(real, "quand la pioche est vide que se passe-t-il")
    empty = _keys(plan) - _keys(plan, cost)
    assert empty and not empty & set(admit(plan, cost))


@pytest.mark.parametrize("limit", [0, 40, 400, 4_000])
def test_a_tight_budget_admits_the_rarest_terms_first(real, monkeypatch, limit):
    monkeypatch.setattr(budget_module, "MAX_POSTINGS", limit)
    plan, cost = _plan(real, "que se passe-t-il quand une carte est détruite pendant le combat ?")
    admitted = admit(plan, cost)
    whole = [key for key, how in admitted.items() if how == WHOLE]
    read = sum(cost(*key) for key in whole)
    read += CHAMPIONS * sum(1 for how in admitted.values() if how == CHAMPION)
    assert read <= limit
    # A term left out or read by its champions is never rarer than one read whole.
    if whole:
        rarest_left = min(
            (cost(*key) for key in _keys(plan, cost) if admitted.get(key) != WHOLE), default=None
        )
        assert rarest_left is None or rarest_left >= max(cost(*key) for key in whole)
    # Champions only for a term held by more than CHAMPIONS entries.
    assert all(cost(*key) > CHAMPIONS for key, how in admitted.items() if how == CHAMPION)


def test_a_search_on_a_tight_budget_still_finds_by_its_rarest_words(real, monkeypatch):
    monkeypatch.setattr(budget_module, "MAX_POSTINGS", 200)
    hits = real.search("tumulte face cachée retourner")["hits"]
    assert hits and hits[0]["id"].startswith("altered/")


def test_champions_are_a_terms_best_entries(real):
    with real._whoosh() as whoosh:
        reader = whoosh.reader()
        checked = 0
        for (fieldname, text), (docs, scores) in sorted(real.postings._champions.items()):
            whole = real.postings.scores(reader, fieldname, text)
            assert len(whole) > CHAMPIONS
            best = sorted(whole.items(), key=lambda item: (-item[1], item[0]))[:CHAMPIONS]
            assert list(zip(docs, scores, strict=True)) == best
            checked += 1
    assert checked > 5  # the commonest words of the rulebooks


def test_phrases_are_the_entries_with_the_stems_in_a_row(real):
    """The phrase table says what whoosh's phrase query finds, with the same scores."""
    from whoosh.query import Phrase

    with real._whoosh() as whoosh:
        reader = whoosh.reader()
        checked = 0
        for key in sorted(real.postings._phrases)[::5]:
            stems = key.split()
            found = set(Phrase("text", stems).matcher(whoosh).all_ids())
            table = real.postings.phrase(tuple(stems))
            assert set(table) == found, key
            words = [real.postings.scores(reader, "text", s) for s in stems]
            assert all(sc == sum(w.get(d, 0.0) for w in words) for d, sc in table.items())
            checked += 1
    assert checked > 50


def test_the_words_games_are_what_their_entries_say(real):
    """`owners` and `text_games` are what focus.py used to count from the postings."""
    with real._whoosh() as whoosh:
        reader = whoosh.reader()
        stems = sorted({t for f in ("text", "title", "names") for t, _ in _field(reader, f)})
        for term in stems[::3]:
            docs: set[int] = set()
            text_docs: set[int] = set()
            for fieldname in ("text", "title", "names"):
                if reader.doc_frequency(fieldname, term):
                    for ids, _w in posting_blocks(reader.postings(fieldname, term)):
                        docs.update(ids)
                        if fieldname == "text":
                            text_docs.update(ids)
            counts: dict[str, int] = {}
            for d in docs:
                counts[real.doc_game[d]] = counts.get(real.doc_game[d], 0) + 1
            game, n = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
            owner = game if n >= WORD_GAME_MIN_DOCS and n >= WORD_GAME_SHARE * len(docs) else None
            assert real.focus.owners.get(term) == owner, term
            games = sorted({real.doc_game[d] for d in text_docs})
            assert real.focus.text_games.get(term, []) == games, term


def _field(reader, fieldname):
    for raw, info in reader.iter_field(fieldname):
        yield (raw.decode("utf-8") if isinstance(raw, bytes) else raw), info


def test_field_lengths_are_read_at_once_as_whoosh_gives_them_one_by_one(real):
    with real._whoosh() as whoosh:
        reader = whoosh.reader()
        for fieldname in ("title", "text", "phrased", "names_exact", "context"):
            assert stored_lengths(reader, fieldname, real.doc_count) == [
                reader.doc_field_length(d, fieldname) or 0 for d in range(real.doc_count)
            ]
