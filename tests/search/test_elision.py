"""A French word typed without its apostrophe (« cest », « jai », « lattaque ») is read with it,
on the real knowledge base; a word is never read so (elision.py)."""

from __future__ import annotations

import pytest

from arbitre.search.elision import split, with_apostrophes
from tests.search.test_lexicon import _every_question

# Typed without the apostrophe -> read as.
ELIDED = [
    ("les jetons de menace cest quoi", "les jetons de menace c'est quoi"),
    ("jai un perso épuisé, il peut attaquer ?", "j'ai un perso épuisé, il peut attaquer ?"),
    ("Cest quand la fin du tour", "C'est quand la fin du tour"),
    ("sil meurt pendant lattaque", "s'il meurt pendant l'attaque"),
    ("quil soit épuisé ou pas", "qu'il soit épuisé ou pas"),
    ("jen pioche combien", "j'en pioche combien"),
    (
        "je nai plus de cartes, ils nont plus de vie",
        "je n'ai plus de cartes, ils n'ont plus de vie",
    ),
    ("la carte dadversaire", "la carte d'adversaire"),
    ("cetait mon tour", "c'etait mon tour"),
    ("jpeux jouer 2 lieux par tour", "j'peux jouer 2 lieux par tour"),
    ("jpioche combien", "j'pioche combien"),
]
# Words with an elision's shape, left as typed: words of the lexicon or the index, three-letter
# words (« don », « mai », « tas »), a word already written with its apostrophe, an eliding
# letter before a word the index lacks (« lavabo »), and « c » before anything but « e ».
LEFT = [
    "dune de sable",
    "la lune",
    "celle du voisin",
    "don de mana",
    "mai tas",
    "aujourd'hui l'attaque",
    "lavabo",
    "cattaque",
    "latest rules",
    "a nest of vipers",  # a common English word
    "jazz et jpeg",
]


@pytest.mark.parametrize(("typed", "read"), ELIDED)
def test_a_word_typed_without_its_apostrophe_is_read_with_it(real, typed, read):
    def reading(q: str) -> tuple:
        p = real.parse(q)
        return (p.words, p.numbers, p.question, p.intent, p.language)

    assert reading(typed) == reading(read)
    with real._whoosh() as searcher:
        reader = searcher.reader()

        def indexed(word: str) -> bool:
            return real.understanding.known_form(reader, word)

        assert with_apostrophes(typed, lambda w: False, indexed) == read


@pytest.mark.parametrize("typed", LEFT)
def test_a_word_is_never_read_as_an_elision(real, typed):
    assert real._with_apostrophes(typed) == typed


def test_cest_quoi_is_a_definition_question_and_nothing_is_corrected(real):
    """« cest » was « corrected » to « cost », named a Marvel Champions English term, and the
    question was not read as asking what a word means."""
    result = real.search("les jetons de menace cest quoi", limit=3)
    assert result["suggestion"] is None and result["replacements"] == []
    assert real.parse("les jetons de menace cest quoi").intent == "definition"
    assert "marvel-champions/glossaire/menace" in [h["id"] for h in result["hits"]]
    assert result["query"] == "les jetons de menace cest quoi"  # what the player typed


# The phone shorthand natural6's writers typed (« jpeux le combattre ? », « jachete un truc »):
# words the sets mean as elisions.
TYPED_ELIDED = {"jpeux": "j'peux", "jachete": "j'achete", "jgarde": "j'garde"}


def test_no_query_or_players_question_has_a_word_read_as_an_elision(real):
    """The query sets and players' questions write their apostrophes, but for the phone
    shorthand of TYPED_ELIDED: any other word read as an elision there would be a word taken
    for one."""
    questions = _every_question()
    assert len(questions) > 3000
    read = {}
    for q in questions:
        for typed, as_read in zip(q.split(), real._with_apostrophes(q).split(), strict=True):
            if typed != as_read:
                read[typed] = as_read
    assert read == TYPED_ELIDED


def test_the_shape_of_an_elision():
    def indexed(word: str) -> bool:
        return word in {"attaque", "ame"}

    assert split("cest", indexed) == ("c", "est")
    assert split("quils", indexed) == ("qu", "ils")
    assert split("lattaque", indexed) == ("l", "attaque")
    assert split("cattaque", indexed) is None  # « c' » is « ce », before « e » only
    assert split("dame", indexed) is None  # the index's word is too short to tell
    assert split("don", indexed) is None and split("sil", indexed) == ("s", "il")
    assert split("ca", indexed) is None
    assert split("jpeux", indexed) == ("j", "peux") and split("lpeux", indexed) is None
