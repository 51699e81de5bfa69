"""A question word mistyped on a phone (« combiien », « cmment ») is read as that word, so the
query is a question asking what it asks (`asking.py`); real words one edit from a question
word stay themselves, and the result names each replacement."""

from __future__ import annotations

import random
import string

import pytest

from arbitre.search.asking import (
    QUESTION_TYPO_TARGETS,
    question_word_typo,
    with_question_words,
)
from arbitre.search.language import FRENCH_QUESTION_WORDS
from arbitre.search.typos import edit_distance

# (typed, its suggestion, the replacements): each question word below was searched as a
# content word before (« combiien » -> « combien » as a word to find, no question, no intent).
ASKED = [
    (
        "combiien de phases par jour",
        "combien de phases par jour",
        [("combiien", "combien")],
    ),
    ("Cmment on gagne une partie ?", "Comment on gagne une partie ?", [("Cmment", "Comment")]),
    ("pourqoui je peux pas attaquer", "pourquoi je peux pas attaquer", [("pourqoui", "pourquoi")]),
    ("qaund est-ce qu'on pioche", "quand est-ce qu'on pioche", [("qaund", "quand")]),
    (
        "COMBEIN de cartes en main au debut",
        "COMBIEN de cartes en main au debut",  # (no accent is no typo)
        [("COMBEIN", "COMBIEN")],
    ),
]
# Words one edit from a question word that French knows or the index has: left alone.
LEFT = ["commet", "quant", "combine", "nomment", "duels", "ruelle", "commente", "quel"]


def test_every_one_edit_typo_of_a_question_word_is_read():
    """A letter left out, added, changed, or two swapped (not the first), in every question
    word a typo is read as (the corrector's edit distance: `typos.edit_distance`)."""
    rnd = random.Random(2032)
    for target in QUESTION_TYPO_TARGETS:
        forms = set()
        for i in range(1, len(target)):
            letter = rnd.choice(string.ascii_lowercase)
            forms |= {target[:i] + target[i + 1 :], target[:i] + letter + target[i:]}
            forms.add(target[:i] + letter + target[i + 1 :])
            if i + 1 < len(target):
                forms.add(target[:i] + target[i + 1] + target[i] + target[i + 2 :])
        for form in forms - {target} - set(QUESTION_TYPO_TARGETS):
            if len(form) >= 4:
                read = question_word_typo(form)
                assert read is not None and edit_distance(form, read) == 1, (form, read)


def test_the_targets_are_question_words():
    assert set(QUESTION_TYPO_TARGETS) <= FRENCH_QUESTION_WORDS
    assert {"combien", "comment", "pourquoi", "quand"} <= set(QUESTION_TYPO_TARGETS)


def test_a_typo_keeps_its_first_letter_or_swaps_the_first_two():
    # as the corrector reads typos (typos.py)
    assert question_word_typo("ocmbien") == "combien"
    assert question_word_typo("xombien") is None
    assert (
        question_word_typo("cmb") is None
    )  # too short: the corrector's (and « cmb » is shorthand)


def test_a_word_is_respelled_only_when_it_is_no_word():
    text, respelled = with_question_words("combiien commet", lambda w: w == "commet")
    assert (text, respelled) == ("combien commet", [("combiien", "combien")])
    # a word: left alone, whatever it is near
    assert with_question_words("combiien", lambda w: True) == ("combiien", [])


@pytest.mark.parametrize(("query", "suggestion", "replacements"), ASKED)
def test_a_mistyped_question_word_makes_a_question(real, query, suggestion, replacements):
    parsed = real.parse(query)
    meant = real.parse(suggestion)
    assert (parsed.question, parsed.intent) == (meant.question, meant.intent)
    assert parsed.question
    found = real.search(query)
    assert found["suggestion"] == suggestion
    assert [(r["typed"], r["suggested"]) for r in found["replacements"]] == replacements
    assert found["hits"][0]["id"] == real.search(suggestion)["hits"][0]["id"]


def test_the_quantity_asked_is_read(real):
    parsed = real.parse("combiien de phases par jour")
    assert (parsed.words, parsed.intent) == (["phases", "jour"], "quantity")


@pytest.mark.parametrize("word", LEFT)
def test_a_real_word_near_a_question_word_is_left_alone(real, word):
    query = f"{word} attaque"
    assert real.parse(query).respelled == []
    assert real.search(query)["replacements"] == []
