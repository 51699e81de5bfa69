"""The dice typed without their accent (« combien de des je lance ») are the dice, where no
article can follow the word before; « des » and « de » stay stop words elsewhere (accents.py)."""

from __future__ import annotations

import pytest

from arbitre.search.accents import with_accents
from tests.search.test_lexicon import _every_question

# Typed -> read (the browser reads them so too: tests/browser/test_search.py).
READ = [
    ("combien de des je lance", "combien de dés je lance"),
    ("lancer des des", "lancer des dés"),
    ("jet de des four souls", "jet de dés four souls"),
    ("le joueur lance les des de son pool", "le joueur lance les dés de son pool"),
    ("Mes Des sont épuisés", "Mes Dés sont épuisés"),
    ("MES DES", "MES DÉS"),
    ("valeur du de attaque", "valeur du dé attaque"),
    ("je relance le de", "je relance le dé"),
    ("chaque de  lancé", "chaque dé  lancé"),
]
LEFT = [
    "deux des joueurs",  # « two of the players »: a number may come before either
    "un de mes alliés",
    "les cartes des joueurs",
    "la pile de défausse des joueurs",
    "les, des",  # not a space apart
    "le dé et les dés",  # already accented
    "l'des",
    "design des decks",
    "",
]


@pytest.mark.parametrize(("typed", "read"), READ)
def test_the_dice_typed_without_their_accent_are_read_with_it(typed, read):
    assert with_accents(typed) == read


@pytest.mark.parametrize("typed", LEFT)
def test_des_and_de_elsewhere_are_left_as_typed(typed):
    assert with_accents(typed) == typed


def test_the_dice_are_searched(real):
    """« des » was dropped as a stop word: « jet de des four souls » searched « jet », « four »,
    « souls »; it now reads as « jet de dés four souls », the same words and answers."""
    typed, accented = real.parse("jet de des four souls"), real.parse("jet de dés four souls")
    assert typed.words == accented.words and "des" in typed.words
    assert (
        real.search("jet de des four souls", limit=5)["hits"]
        == (real.search("jet de dés four souls", limit=5)["hits"])
    )
    assert real.search("combien de des je lance")["query"] == "combien de des je lance"


def test_no_query_or_players_question_reads_differently():
    """The query sets and players' questions write their accents."""
    questions = _every_question()
    assert len(questions) > 3000
    assert [q for q in questions if with_accents(q) != q] == []
