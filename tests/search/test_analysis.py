"""French analysis: what a text indexes to (elision, accents, rule numbers, slash pairs)."""

from __future__ import annotations

import pytest

from arbitre.search.analysis import analyze, number_key, number_prefixes, slash_pairs


@pytest.mark.parametrize(
    ("text", "stemmed", "terms"),
    [
        # Elision: the article goes, the word stays (both apostrophes).
        ("l'attaque", False, ["attaque"]),
        ("l’attaque", False, ["attaque"]),
        ("d'un personnage", False, ["personnage"]),
        ("qu'il", False, []),
        ("jusqu’à la fin", False, ["fin"]),
        ("lorsqu'un joueur", False, ["joueur"]),
        ("puisqu'elle s'épuise", False, ["epuise"]),
        ("n'est pas", False, []),
        ("c'est j'attaque", False, ["attaque"]),
        # A word that merely contains an apostrophe is not elided.
        ("aujourd'hui", False, ["aujourd", "hui"]),
        # Accent folding, ligatures, case.
        ("Événement ÉPUISÉ", False, ["evenement", "epuise"]),
        ("Œuvre cœur", False, ["oeuvre", "coeur"]),
        ("Dégâts", True, ["degat"]),
        ("degats", True, ["degat"]),
        ("activité", True, ["activit"]),
        ("activite", True, ["activit"]),
        # Stemming conflates plurals and verb forms.
        ("personnages", True, ["personnag"]),
        ("attaquer attaques", True, ["attaqu", "attaqu"]),
        # Rule numbers stay whole; a dotted sub-rule letter is normalised.
        ("609.1f", True, ["609.1f"]),
        ("voir (408.4).", True, ["voir", "408.4"]),
        ("7.4.3.b", True, ["7.4.3b"]),
        ("r. 4.3.h", False, ["r", "4.3h"]),
        ("2.1.e,", False, ["2.1e"]),
        # A glued letter followed by more letters is a word, not a sub-rule.
        ("102.1aVous", False, ["102.1", "avous"]),
        ("2v2", False, ["2v2"]),
        # Slash pairs: both halves are indexed.
        ("Vitesse/Speed", False, ["vitesse", "speed"]),
        ("Endurance / Life", True, ["endur", "lif"]),
        # French stop words go.
        ("le la les des du de un une", False, []),
    ],
)
def test_analysis(text, stemmed, terms):
    assert analyze(text, stemmed=stemmed) == terms


def test_number_keys_and_parents():
    assert number_key("7.4.3.b") == number_key("7.4.3b") == "7.4.3b"
    assert number_key("609.1F") == "609.1f"
    assert number_prefixes("609.1f") == ["609", "609.1"]
    assert number_prefixes("7.4.3.b") == ["7", "7.4", "7.4.3"]
    assert number_prefixes("408") == []


def test_slash_pairs():
    assert slash_pairs("Sa Vitesse/Speed et son Endurance / Life, 1/2, et/ou") == [
        ("vitesse", "speed"),
        ("endurance", "life"),
    ]


def test_the_coin_symbol_indexes_as_a_word():
    """Four Souls prints its coins « 3 ¢ »: a player types « pièces » or « cents »."""
    assert analyze("commencent avec 3 ¢, voler 3¢", stemmed=False) == [
        "commencent",
        "3",
        "cents",
        "voler",
        "3",
        "cents",
    ]
