"""Wording a query quotes (`quoted.py`): what counts as a quotation, what is looked for, and the
entries explaining that wording first (#24).  The browser reads the same quotations
(tests/browser/test_search.py compares its plans and rankings on `QUOTED`)."""

from __future__ import annotations

import pytest

from arbitre.search.analysis import fold
from arbitre.search.postings import entry_folded
from arbitre.search.quoted import (
    MAX_QUOTED,
    printed_wording,
    quoted_sides,
    quoted_wording,
)

# (query, the quoted words looked for: one list per side of an ellipsis)
QUOTED = [
    ("Ça veut dire quoi « rejoindre » une expédition ?", [["rejoindre"]]),
    ("'ne peut pas' contre une capacité qui autorise", [["ne", "peut", "pas"]]),  # stop words kept
    ("annuler 'l'effet' d'un sort, ça annule tout ?", [["l", "effet"]]),  # an apostrophe inside
    (
        "'vous pouvez payer X pour ...' ça s'appelle comment",
        [["vous", "pouvez", "payer", "x", "pour"]],
    ),
    ("étape 'si ..., faites ...' mais la condition est fausse", [["faites"]]),  # « si »: too short
    ("what does “gains X counters” do", [["gains", "x", "counters"]]),
    ('the card says "exhaust" twice', [["exhaust"]]),
    ("les cartes avec ‘instead’ ça marche comment", [["instead"]]),
    ("« Épuisez » puis « Préparez » ?", [["epuisez"], ["preparez"]]),  # folded
]
# Apostrophes and quotes that are no quotation
NOT_QUOTED = [
    "qu'est-ce qu'il se passe si j'attaque l'adversaire",
    "l'effet c'est quoi",
    "les cartes des joueurs' sont cachées ?",
    "« a » ou « b »",  # too short to be wording
    "« " + " ".join(["mot"] * 13) + " »",  # a whole sentence, no card's wording
    "« pas fermé",
]


@pytest.mark.parametrize(("query", "sides"), QUOTED)
def test_quoted_wording_is_read(query, sides):
    assert quoted_sides(query) == sides


@pytest.mark.parametrize("query", NOT_QUOTED)
def test_apostrophes_and_short_or_long_quotations_are_no_quoted_wording(query):
    assert quoted_sides(query) == []


def test_at_most_three_quotations_are_read():
    query = " ".join(f"« mot{i} »" for i in range(MAX_QUOTED + 2))
    assert quoted_sides(query) == [[f"mot{i}"] for i in range(MAX_QUOTED)]


def test_the_words_are_found_in_a_row_as_printed_and_x_stands_for_a_few_words():
    ((_words, pattern),) = quoted_wording("'vous pouvez payer X pour ...'")
    assert pattern.search(fold("Vous pouvez payer [coût] pour [faire effet]"))
    assert pattern.search(fold("vous pouvez payer 2 mana pour"))
    assert not pattern.search(fold("vous pouvez payer pour"))  # X is at least one word
    assert not pattern.search(fold("vous ne pouvez pas payer 2 pour"))
    ((_words, word),) = quoted_wording("« pion »")
    assert (
        word.search("un pion, deux") and not word.search("des pions") and not word.search("lampion")
    )


def test_an_entry_explains_wording_by_its_title_or_by_quoting_it():
    folded = entry_folded(
        "Action interne",
        "Elles sont écrites sous la forme « Vous pouvez payer [coût] pour [faire effet] ». "
        "Vous pouvez aussi « rejoindre » et “piocher”.",
    )
    printed = printed_wording(folded)
    assert printed.split("\n") == [
        "action interne ",
        " vous pouvez payer [cout] pour [faire effet] ",
        " rejoindre ",
        "piocher",
    ]
    # The same words printed outside quotes are the text using them, not explaining them.
    assert printed_wording(entry_folded("Repos", "Vous pouvez payer 1 pour piocher.")) == "repos "


# (query, game, the entry first): the entry explaining the quoted wording, which the same
# question without quotes does not put first
FIRST = [
    ("Ça veut dire quoi « rejoindre » une expédition ?", "altered", "altered/glossaire/rejoindre"),
    (
        "'vous pouvez payer X pour ...' ça s'appelle comment ce genre de texte",
        "altered",
        "altered/6.5.g",
    ),
]


@pytest.mark.parametrize(("query", "game", "first"), FIRST)
def test_the_entry_explaining_the_quoted_wording_comes_first(real, query, game, first):
    quoted = [h["id"] for h in real.search(query, game=game, limit=3)["hits"]]
    plain = [
        h["id"]
        for h in real.search(
            query.replace("«", "").replace("»", "").replace("'", " "), game=game, limit=3
        )["hits"]
    ]
    assert quoted[0] == first
    assert plain[0] != first


def test_explain_says_the_quoted_wording(real):
    plan = real.explain("Ça veut dire quoi « rejoindre » une expédition ?")
    assert plan["quoted"] == ["rejoindre"]
    assert real.explain("rejoindre une expédition")["quoted"] == []
