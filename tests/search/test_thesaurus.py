"""The domain thesaurus: matching by stem and phrase, per-game groups, the shipped file."""

from __future__ import annotations

import pytest

from arbitre.search.analysis import analyze, stem
from arbitre.search.thesaurus import Thesaurus, load_thesaurus

SAMPLE = Thesaurus.parse(
    {
        "groups": [
            {"words": ["deck", "paquet", "pioche"]},
            {"words": ["commencer", "premier joueur", "jouer en premier"]},
            {"words": ["magasin", "boutique"], "games": ["four-souls"]},
            {"words": ["seul"]},  # one phrase: nothing to expand to, dropped
            {"words": ["regarder", "consulter"], "from": ["voir", "jeter un œil"]},
        ]
    }
)


def expansions(thesaurus: Thesaurus, query: str, game: str | None = None) -> set[str]:
    """Every word a query's matches can expand to (the matched groups' `words`)."""
    return {
        w
        for m in thesaurus.matches(words(query), game)
        for p in m.group.phrases
        if p != m.phrase
        for w in p.words
    }


def words(text: str) -> list[str]:
    return analyze(text, stemmed=False)


def test_a_word_matches_any_form_with_the_same_stem():
    (match,) = SAMPLE.matches(words("mes paquets"), game=None)
    assert (match.start, match.size) == (0, 1)  # « mes » is a stop word
    assert {p.words for p in match.group.phrases} == {("deck",), ("paquet",), ("pioche",)}


def test_a_phrase_matches_consecutive_words_after_stop_words():
    (match,) = SAMPLE.matches(words("qui va jouer en premier"), game=None)
    assert match.phrase.words == ("jouer", "premier")
    assert words("qui va jouer en premier")[match.start : match.start + match.size] == [
        "jouer",
        "premier",
    ]


def test_a_group_of_one_game_applies_only_without_a_filter_to_another_game():
    assert SAMPLE.matches(words("magasin"), game=None)
    assert SAMPLE.matches(words("magasin"), game="four-souls")
    assert SAMPLE.matches(words("magasin"), game="altered") == []
    assert len(SAMPLE.groups) == 4


def test_a_from_phrase_leads_to_the_words_but_never_the_reverse():
    assert expansions(SAMPLE, "je peux voir ses cartes") == {"regarder", "consulter"}
    assert expansions(SAMPLE, "jeter un œil à la défausse") == {"regarder", "consulter"}
    assert expansions(SAMPLE, "regarder la main") == {"consulter"}  # never « voir »


def test_a_group_needs_a_rulebook_word():
    only_from = Thesaurus.parse({"groups": [{"words": [], "from": ["voir", "revoir"]}]})
    assert only_from.groups == []


def test_the_shipped_thesaurus_loads_and_every_group_can_expand():
    thesaurus = load_thesaurus()
    assert len(thesaurus.groups) >= 30
    games = {"altered", "ashes", "four-souls", "marvel-champions", "the-spoils"}
    for group in thesaurus.groups:
        assert group.phrases  # something the rulebooks print
        assert len(group.phrases) + len(group.sources) >= 2
        assert group.games is None or group.games <= games


@pytest.mark.parametrize(
    ("query", "expands_to"),
    [
        ("ma pioche est vide", "deck"),
        ("mon unité meurt", "detruit"),
        ("combien de points de vie", "endurance"),
        ("carte retournée", "cachee"),
        ("mon perso peut-il attaquer", "personnage"),
        ("je tape un monstre", "attaquer"),
        ("je peux encore crever", "mourir"),
        ("revoir mes cartes", "regarder"),
        ("combien de cartes minimum", "moins"),
        # players' slang and shortenings (written blind, 2026-11-27)
        ("qui est le proprio de cette carte", "proprietaire"),
        ("qui a la prio", "priorite"),
        ("la capa de mon héros", "capacite"),
        ("il me pique ma créature", "controle"),
        ("je bounce son allié", "main"),
        ("on peut rebattre la pioche", "melanger"),
        ("combien de dgt", "degats"),
        ("je dégomme son unité", "detruit"),
    ],
)
def test_the_shipped_thesaurus_knows_common_equivalences(query, expands_to):
    found = {
        w
        for m in load_thesaurus().matches(words(query), None)
        for p in m.group.phrases
        for w in p.words
    }
    assert expands_to in found


def test_taper_means_attacking_not_exhausting():
    """« taper » (to hit) and the English « tap » share a French stem; players attack with it."""
    found = expansions(load_thesaurus(), "je tape avec mon personnage")
    assert "attaquer" in found
    assert not found & {"epuiser", "incliner", "engager"}


def test_a_games_vocabulary_does_not_hide_the_general_thesaurus():
    """« pioche vide » is a pair of Ashes' vocabulary (the Preparation phase's damage); the
    shorter « pioche » still finds the general group that says it is the other games' deck."""
    from arbitre.search.thesaurus import Group, Phrase, Thesaurus

    def phrase(text: str) -> Phrase:
        return Phrase(tuple(text.split()), tuple(stem(w) for w in text.split()))

    general = Group((phrase("deck"), phrase("pioche")), None)
    pair = Group(
        (phrase("preparation"),), frozenset(["ashes"]), (phrase("pioche vide"),), vocabulary=True
    )
    longer_general = Group((phrase("paquet vide"), phrase("pioche vide")), None)
    matches = Thesaurus([general, pair]).matches(["pioche", "vide"], "ashes")
    assert {m.group for m in matches} == {general, pair}
    # Within one layer the longest phrase still wins.
    matches = Thesaurus([general, longer_general]).matches(["pioche", "vide"], None)
    assert [m.group for m in matches] == [longer_general]


@pytest.mark.parametrize("word", ["proprio", "prio", "capa", "dgt", "détapper", "mull"])
def test_players_shortenings_are_not_corrected_into_other_words(real, word):
    """A word the thesaurus lists is a players' word: searched through its group, never
    « corrected » (« proprio » is not a typo of « propre »)."""
    result = real.search(f"{word} carte")
    assert result["suggestion"] is None and result["replacements"] == []
