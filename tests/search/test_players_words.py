"""A typo of a word only players use is corrected into it; the players' own words typed as
they are stay themselves (players_words.py, typos.py)."""

from __future__ import annotations

import pytest

from arbitre.search.players_words import players_spellings, players_words
from tests.search.conftest import tiny_kb


def test_the_players_words_are_those_the_rulebooks_do_not_print():
    kb = tiny_kb()
    every = players_words(kb, ())
    assert every and all(not w[0].isdigit() for w in every)
    printed = set(list(every)[:2])
    rest = players_words(kb, printed)
    assert set(rest) == set(every) - printed
    # a count is the entries whose questions use the word
    assert all(1 <= n <= len(kb.questions) for n in every.values())


# typed -> the suggestion (the players' word, as the players' questions write it)
CORRECTED = [
    ("regadre la pioche", "regarde la pioche"),
    ("le moudle expert", "le module expert"),
    ("je peux buoger mon perso", "je peux bouger mon perso"),
    ("ils rcéupèrent leurs cartes", "ils récupèrent leurs cartes"),
]


@pytest.mark.parametrize(("typed", "suggested"), CORRECTED)
def test_a_typo_of_a_players_word_is_corrected_into_it(real, typed, suggested):
    """The rulebooks never print « regarde », « module », « bouger »: their typos had no word
    to go to and were searched as typed."""
    assert real.search(typed, limit=1)["suggestion"] == suggested


@pytest.mark.parametrize("query", ["une carte dispo en main", "un truc bizarre avec la pile"])
def test_a_players_word_typed_right_is_left_alone(real, query):
    """« dispo » (no word of the lexicon) and « truc » are the players' own words."""
    assert real.search(query, limit=1)["suggestion"] is None


def test_the_rulebooks_words_keep_their_spelling(real):
    """The players' spellings are added only for their own words: « defausse » is still
    printed « défausse » (the players write it without its accent as often)."""
    spellings = real.presenter.spellings
    assert spellings["defausse"] == "défausse"
    own = players_spellings(tiny_kb(), set(players_words(tiny_kb(), ())))
    assert all(printed != word for word, printed in own.items())


def test_the_browser_gets_the_index_generations_players_words(tiny):
    """The same words, counts and spellings in the browser's index as in the generation the
    Python search reads (`tiny`: the tiny knowledge base's, which has players' questions)."""
    from arbitre.search.client_index import build_client_index

    index = build_client_index(tiny_kb())
    assert index["players_words"] and index["players_words"] == tiny.typos.players
    assert index["spellings"] == tiny.presenter.spellings
