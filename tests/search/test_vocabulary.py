"""Players' vocabulary per game (vocabulary.yaml): provenance, expansion, game focus."""

from __future__ import annotations

import pytest

from arbitre.kb.entry import AboutLink
from arbitre.search.thesaurus import Thesaurus, load_thesaurus
from arbitre.search.vocabulary import Vocabulary, VocabularyError, load_vocabulary


def test_every_pair_has_a_provenance_and_its_source_exists(real_kb):
    vocabulary = load_vocabulary()
    pairs = vocabulary.pairs()
    assert {p.game for p in pairs} == {g.id for g in real_kb.games}
    for pair in pairs:
        assert pair.source or pair.reason, pair
        if pair.source:
            entry = real_kb.get(pair.source)
            assert entry is not None, pair.source
            assert entry.game == pair.game, pair.source


def test_a_pair_without_provenance_is_refused():
    rows = {"games": {"four-souls": {"pairs": [{"words": ["compteur"], "from": ["jeton"]}]}}}
    with pytest.raises(VocabularyError, match="no `source` nor `reason`"):
        Vocabulary.parse(rows)
    rows["games"]["four-souls"]["pairs"][0]["reason"] = "players say jeton"
    assert Vocabulary.parse(rows).pairs()[0].provenance == "four-souls: players say jeton"


@pytest.mark.parametrize(
    ("query", "game", "expands_to", "provenance"),
    [
        # Players' words -> the documents' words of that game, with where the pair comes from.
        ("jeton", "four-souls", {"compteur", "marqueur"}, "four-souls/glossaire/compteurs"),
        ("jeton", "marvel-champions", {"pion"}, "marvel-champions/limitation-du-materiel"),
        ("gagner", "four-souls", {"ames"}, "four-souls/ames/remporter-la-partie/2"),
        ("gagner", "the-spoils", {"points d'influence"}, "the-spoils/102.1"),
        ("main max", "marvel-champions", {"taille de main"}, "taille-de-main"),
        ("main max", "four-souls", {"10 cartes butin"}, "phase-de-fin"),
    ],
)
def test_players_words_expand_to_the_documents_words_of_each_game(
    query, game, expands_to, provenance
):
    from arbitre.search.analysis import analyze

    words = analyze(query, stemmed=False)
    groups = [
        m.group for m in load_thesaurus().matches(words, game) if m.group.games == frozenset([game])
    ]
    assert groups, query
    added = {" ".join(p.words) for g in groups for p in g.phrases}
    assert {" ".join(analyze(w, stemmed=False)) for w in expands_to} <= added
    assert any(provenance in g.provenance for g in groups)


def test_a_games_pairs_never_expand_in_another_game():
    """« jeton » leads to Marvel Champions' « pion » only when the search may be about it."""
    groups = [m.group for m in load_thesaurus().matches(["jeton"], "ashes")]
    assert all(g.games in (None, frozenset(["ashes"])) for g in groups)


def test_one_stem_twice_in_a_group_is_one_match():
    """« jeton » and « jetons » share a stem: a query matches the group once (its phrases
    would otherwise count twice)."""
    thesaurus = Thesaurus.parse({"groups": [{"words": ["jeton", "jetons", "pion"]}]})
    assert len(thesaurus.matches(["jetons"], None)) == 1


@pytest.mark.parametrize(
    ("text", "markers"),
    [
        ("combien d'âmes pour gagner à Four Souls ?", {"four-souls": ["four souls"]}),
        ("le Phoenixborn peut-il attaquer", {"ashes": ["phoenixborn"]}),
        ("marvel champions : la main max", {"marvel-champions": ["marvel champions", "marvel"]}),
        ("piocher une carte", {}),
    ],
)
def test_game_names_and_words_are_found_in_a_query(text, markers):
    assert load_vocabulary().markers_in(text) == markers


@pytest.mark.parametrize(
    ("query", "game", "title"),
    [
        ("butin", "four-souls", "Four Souls"),
        ("combien de butin en main", "four-souls", "Four Souls"),
        ("manigance", "marvel-champions", "Marvel Champions"),
        ("Phoenixborn détruit", "ashes", "Ashes"),
        ("zone de mana", "altered", "Altered"),
        ("que se passe-t-il si je meurs à four souls ?", "four-souls", "Four Souls"),
    ],
)
def test_a_query_in_one_games_vocabulary_is_about_that_game_and_says_so(real, query, game, title):
    result = real.search(query, limit=5)
    focus = result["focus"]
    assert focus is not None and focus["game"] == game and focus["title"] == title
    assert focus["message"].startswith(f"dans {title}")
    assert result["hits"][0]["game"] == game
    # With the game filter set, nothing is inferred.
    assert real.search(query, game=game, limit=1)["focus"] is None


def test_a_query_using_common_words_has_no_focus(real):
    assert real.search("piocher une carte", limit=3)["focus"] is None
    assert real.search("609.1f", limit=3)["focus"] is None


def test_the_focus_says_why_in_the_cli(real):
    from arbitre.search.service import format_explanation, format_results

    result = real.search("combien de butin")
    assert result["focus"]["reason"] == "vocabulary" and result["focus"]["words"] == ["butin"]
    text = format_results(result, as_json=False)
    assert "Recherche dans Four Souls (mots propres à ce jeu : « butin »)" in text
    assert "jeu : dans Four Souls" in format_explanation(real.explain("combien de butin"))


def test_explain_lists_synonyms_with_their_provenance(tiny):
    plan = tiny.explain("combien de jetons ?")
    provenances = [s["provenance"] for s in plan["synonyms"]]
    assert any(p.startswith("thesaurus.yaml") for p in provenances)
    assert any(
        "vocabulary.yaml four-souls: source four-souls/glossaire/compteurs" in p
        for p in provenances
    )


def test_rulings_lend_their_questions_to_the_rules_they_are_about():
    from arbitre.kb.knowledge import KnowledgeBase
    from arbitre.search.documents import ruling_words
    from tests.search.conftest import _entry

    rule = _entry("the-spoils/409.2", "rule", "Si une carte quitte le jeu, tout jeton disparaît.")
    faq = _entry(
        "the-spoils/faq/jetons",
        "faq",
        "Oui, ils disparaissent.",
        title="Mes marqueurs restent-ils quand la carte part ?",
        document="faq",
        about=[AboutLink("the-spoils/409.2", "ref")],
    )
    kb = KnowledgeBase([], [rule, faq])
    assert ruling_words(kb, rule) == ("Mes marqueurs restent-ils quand la carte part ?", "")
    asked, ruled = ruling_words(kb, faq)
    assert asked == "" and "tout jeton disparaît" in ruled


def test_the_cli_explains_a_query(tiny_project):
    import json

    from click.testing import CliRunner

    from arbitre.cli import cli

    def run(*args):
        return CliRunner().invoke(
            cli, ["--root", str(tiny_project.root), "search", *args], catch_exceptions=False
        )

    result = run("--explain", "combien de jetons ?")
    assert result.exit_code == 0, result.output
    assert "intention : quantity (une quantité)" in result.output
    assert "[vocabulary.yaml four-souls: source four-souls/glossaire/compteurs" in result.output
    assert "pour « combien de jetons ? »" in result.output
    plan = json.loads(run("--explain", "--json", "combien de jetons ?").output)
    assert plan["intent"]["name"] == "quantity" and plan["words"] == ["jetons"]


def test_a_games_pairs_expand_only_when_the_search_may_be_about_it(real):
    """Without a game, every game's pairs expand (each in its own entries); a query whose
    words name a game expands that game's pairs only, as a game filter does."""

    def games_of(plan):
        return {
            s["provenance"].split()[1].rstrip(":")
            for s in plan["synonyms"]
            if s["provenance"].startswith("vocabulary.yaml")
        }

    assert games_of(real.explain("combien de jetons ?")) >= {"four-souls", "marvel-champions"}
    assert games_of(real.explain("combien de jetons à four souls ?")) == {"four-souls"}
    assert games_of(real.explain("combien de jetons ?", game="marvel-champions")) == {
        "marvel-champions"
    }


def test_one_word_expands_in_each_game_that_has_a_pair_for_it(real):
    """« jeton » leads to « compteur » in Four Souls' entries and, through Altered's own pair,
    in Altered's: the same word is added once per game, not once for all."""
    with real._whoosh() as searcher:
        plan, _focus = real._understand(searcher, real_parse(real, "jeton"))
    scopes = {
        games
        for concept in plan.concepts
        for term, games in concept.scoped
        if term.text == "compteur"
    }
    assert frozenset(["four-souls"]) in scopes and frozenset(["altered"]) in scopes


def real_parse(real, query):
    from arbitre.search.query import parse_query

    return parse_query(query, real.games)
