"""French analysis: what a text indexes to (elision, accents, stop words, verb forms, rule
numbers, slash pairs)."""

from __future__ import annotations

import pytest

from arbitre.search import analysis
from arbitre.search.analysis import (
    analyze,
    build_lemma_table,
    lemma_table,
    number_key,
    number_prefixes,
    slash_pairs,
    use_lemma_table,
)


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
        # French stop words go, with or without their accents ...
        ("le la les des du de un une à où été ete ça", False, []),
        # ... before accents are folded: « dés », « dé » (dice) are not « des », « de ».
        ("lancez les dés", False, ["lancez", "des"]),
        ("un dé de magie", True, ["de", "mag"]),
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


@pytest.mark.parametrize(
    "family",
    [
        # Third-person plurals (no Snowball rule for « -ent ») join the verb through its lemma.
        "attaquer attaque attaqué attaquée attaquent",
        "déclencher déclenché déclenchée déclenchées déclenchent",
        "placer placé placée placées placent",
        # Feminine participles once folded (« placee ») stem as Snowball stems « placée ».
        "jouer joué jouée jouées jouent",
        "épuiser épuisé épuisée epuisee epuisees",
        "infliger inflige infligés infligées infligent",
    ],
)
def test_every_form_of_a_verb_has_one_stem(family):
    assert len(set(analyze(family))) == 1, analyze(family)


@pytest.mark.parametrize(
    ("words", "stems"),
    [
        # Nouns and adjectives in « -ent » keep their own stem: « parent » is also « ils
        # parent » (parer), « différent » also « ils diffèrent »; such forms are left alone.
        ("argent présent parent moment", ["argent", "present", "parent", "moment"]),
        ("différent différente", ["different", "different"]),
    ],
)
def test_words_in_ent_that_are_not_verbs_are_left_alone(words, stems):
    assert analyze(words) == stems


def test_the_lemma_table_covers_plurals_only_with_one_reading():
    table = lemma_table()
    assert table["attaquent"] == "attaquer"
    assert table["declenchent"] == "declencher"
    assert "parent" not in table and "different" not in table and "argent" not in table
    assert all(key.endswith("ent") and key.isascii() for key in table)


def test_an_installed_lemma_table_replaces_the_built_one():
    """A searcher installs the table its index was built with; analysis follows it."""
    built = lemma_table()
    try:
        use_lemma_table({})
        assert analyze("attaquent") == ["attaquent"]
        use_lemma_table({"attaquent": "attaquer"})
        assert analyze("attaquent") == ["attaqu"]
    finally:
        use_lemma_table(built)
    assert analyze("attaquent") == ["attaqu"]
    assert build_lemma_table() == built  # deterministic
    assert analysis._lemmas is built
