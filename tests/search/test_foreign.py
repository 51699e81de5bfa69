"""English names French stemming would take for French words (foreign.py): « Pills! » is not
« pillez », « Bone » is not « bon »; the words keep their form in the index, the queries and the
browser."""

from __future__ import annotations

import pytest

from arbitre.search.analysis import analyze
from arbitre.search.foreign import foreign_words, text_words


def test_an_english_word_merged_with_a_french_word_of_the_texts_keeps_its_form():
    words = {"pills", "pillez", "bone", "bon", "booster", "boost", "attaque", "tokens", "card"}
    found = foreign_words(words)
    assert {"pills", "bone", "boost"} <= found
    # French words, and English words whose stem no French word of the texts has, stay French.
    assert not found & {"pillez", "bon", "booster", "attaque", "tokens", "card"}


def test_without_the_french_word_an_english_word_is_stemmed_as_before():
    assert foreign_words({"pills", "bone"}) == frozenset()


def test_the_real_texts_english_names(real_kb):
    from arbitre.search.foreign import analyse_names_of

    names = analyse_names_of(real_kb)
    assert {"pills", "bone", "rags", "tournament"} <= names
    assert names <= text_words(real_kb)
    assert not names & {"pillez", "piller", "bon", "rage", "tourner", "attaque", "carte"}


def test_an_english_name_and_the_french_word_index_apart(real, tiny):
    real.parse("pillez")  # (a searcher analyses as its generation was, whatever ran before)
    assert analyze("Pills! pillez piller") == ["pills", "pill", "pill"]
    assert analyze("Bone bon") == ["bone", "bon"]


# (query, the entry expected first, a title that must not be in the first three)
LOOT_QUESTIONS = [
    ("loot 2 / pillez 2 ça veut dire quoi", "four-souls/glossaire/loot-x", "Pills!"),
    ("pillez", "four-souls/glossaire/loot-x", "Pills!"),
    ("que fait pills jaune", "four-souls/annexes/butin-de-base/pills-jaune", None),
]


@pytest.mark.parametrize(("query", "first", "absent"), LOOT_QUESTIONS)
def test_loot_is_not_the_pills_card(real, query, first, absent):
    hits = real.search(query, limit=3)["hits"]
    assert hits[0]["id"] == first
    if absent:
        assert not any((h["title"] or "").startswith(absent) for h in hits)
