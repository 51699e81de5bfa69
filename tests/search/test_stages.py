"""The search's stages, each alone: typo distances and budgets, glossary name keys, the plan of
a query on the small knowledge base, the focus and ranking tables (tables, as datasette's
`test_searchable`)."""

from __future__ import annotations

import pytest

from arbitre.search.names import english_key, typed_key, without_variable
from arbitre.search.query import parse_query
from arbitre.search.typos import deletions, edit_distance, max_edits

GAMES = ["altered", "ashes", "four-souls", "marvel-champions", "the-spoils"]


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("fugace", "fugace", 0),
        ("fgace", "fugace", 1),  # a letter lost
        ("teat", "etat", 1),  # two letters swapped: one edit
        ("destrucion", "destruction", 1),
        ("attaque", "ataque", 1),
        ("riposte", "ripsote", 1),
        ("blocage", "blocqage", 1),
        ("epuise", "puisé", 2),
    ],
)
def test_edit_distance_counts_a_swap_as_one_edit(a, b, distance):
    assert edit_distance(a, b) == distance == edit_distance(b, a)


@pytest.mark.parametrize(
    ("word", "edits"),
    [("dés", 0), ("abcd", 1), ("fugace", 1), ("épuisées", 2), ("a" * 25, 0), ("12345", 0)],
)
def test_the_typo_budget_grows_with_the_word_and_stops_at_the_longest_french_word(word, edits):
    assert max_edits(word) == edits


def test_deletions_are_every_one_letter_shorter_form():
    assert deletions("abc") == {"bc", "ac", "ab"}


@pytest.mark.parametrize(
    ("name", "typed", "bare", "english"),
    [
        ("Pouvoir de dés", "pouvoir de des", None, "pouvoir de des"),
        ("Riposte X", "riposte x", "riposte", "ripost x"),
        ("Œuvre épuisée", "oeuvre epuisee", None, "oeuvr epuise"),
        ("Fizzling", "fizzling", None, "fizzl"),
    ],
)
def test_name_keys(name, typed, bare, english):
    assert typed_key(name) == typed
    assert without_variable(typed) == bare
    assert english_key(typed) == english


@pytest.mark.parametrize(
    ("query", "words", "corrected"),
    [
        ("carte épuisée", ["carte", "epuisee"], ["carte", "epuisee"]),
        ("destrucion", ["destrucion"], ["destruction"]),
        ("le la les", [], []),
    ],
)
def test_the_plan_of_a_query(tiny, query, words, corrected):
    with tiny._whoosh() as searcher:
        plan = tiny.understanding.plan(searcher.reader(), parse_query(query, GAMES))
    assert (plan.words, plan.corrected) == (words, corrected)
    assert len(plan.concepts) == len(words)


def test_a_glossary_name_alone_boosts_its_entries_and_inside_a_question_does_not(tiny):
    with tiny._whoosh() as searcher:
        alone = tiny.understanding.plan(searcher.reader(), parse_query("Fugace", GAMES))
        asked = tiny.understanding.plan(
            searcher.reader(), parse_query("quand est-ce qu'un perso devient fugace ?", GAMES)
        )
    assert alone.whole_name and "altered/glossaire/fugace" in alone.boosted_ids
    assert not asked.whole_name and not asked.boosted_ids


def test_coordination_keeps_only_entries_having_one_of_the_querys_words():
    """An entry's score times the share of the query's words it has, squared; an entry that
    has none — only words lent by a ruling (no bit), or only a game's name, which weighs
    nothing — is dropped: it cannot answer."""
    from arbitre.search.retrieve import coordinate

    scores = {1: 4.0, 2: 4.0, 3: 4.0, 4: 4.0}
    matched = {1: 0b011, 2: 0b001, 3: 0b000, 4: 0b100}
    coordinate(scores, matched, [1.0, 1.0, 0.0])  # the third word: a game's name
    assert scores == {1: 4.0, 2: 1.0}
    one = {1: 2.0, 2: 3.0}
    coordinate(one, {1: 1, 2: 0}, [1.0])  # one word: nothing to coordinate
    assert one == {1: 2.0, 2: 3.0}
