"""Questions asked in English (#24): read as English (not French), understood through the
glossary's English terms, card names and the bilingual table of the rules' general vocabulary;
English function words are not searched; the result says the query was read as English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from arbitre.search.analysis import fold
from arbitre.search.bilingual import load_bilingual
from arbitre.search.language import ENGLISH_FUNCTION_WORDS, french_function_words

DATA = Path(__file__).resolve().parents[1] / "data"
CONTENT = Path(__file__).resolve().parents[2] / "content"

ENGLISH = [
    "can an exhausted character attack?",
    "what is the maximum hand size?",
    "what happens when my deck is empty?",
    "how many souls do I need to win?",
    "does a card with no legal target still resolve",
    "does switching expeditions count as changing zones?",  # one English word, asking
    # typed on a phone without the apostrophe
    "whats the stack",
    "doesnt excess damage carry over",
    "roll a die what happens",
]
FRENCH = [
    "comment on gagne en free for all à 4 ?",  # an English glossary name inside French
    "combien d'âmes pour gagner dans the binding of isaac ?",  # a game's English name
    "est-ce que je peux attaquer avec un personnage épuisé ?",
    "Quality Advantage",  # an English term alone: a term, not a sentence
    "pioche vide",
    "what",  # one English word asking, but nothing around it
    "Dinga what ?",
    "what donc le seuil de réussite",  # one English word, but French around it
]


@pytest.mark.parametrize("query", ENGLISH)
def test_an_english_question_is_read_as_english(real, query):
    assert real.parse(query).language == "en"
    assert real.search(query)["language"] == "en"


@pytest.mark.parametrize("query", FRENCH)
def test_a_french_query_is_read_as_french(real, query):
    assert real.search(query)["language"] == "fr"


def _questions(pattern: str) -> list[str]:
    return [
        row["q"]
        for path in sorted(DATA.glob(pattern))
        for row in yaml.safe_load(path.read_text("utf-8"))
    ]


def test_the_sets_languages_are_told_apart(real):
    """The English sets are read as English, every French set and players' question as French
    (one players' question quotes an English card's whole sentence and may read as English)."""
    english = _questions("english-*-queries.yaml")
    assert len(english) >= 120
    read = sum(real.parse(q).language == "en" for q in english)
    assert read / len(english) >= 0.97
    french = [q for q in _questions("*-queries.yaml") if q not in set(english)]
    for path in sorted(CONTENT.glob("*/questions.yaml")):
        for questions in yaml.safe_load(path.read_text("utf-8")).values():
            french += questions
    assert len(french) > 3000
    misread = [q for q in french if real.parse(q).language == "en"]
    assert len(misread) <= 2, misread


def test_english_function_words_are_not_searched(real):
    parsed = real.parse("can I use abilities on my opponent's turn?")
    assert parsed.language == "en" and parsed.question
    assert parsed.words == ["use", "abilities", "opponent", "turn"]
    assert not set(parsed.words) & ENGLISH_FUNCTION_WORDS


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("can someone explain the stack", ["stack"]),
        ("explain priority please", ["priority"]),
    ],
)
def test_asking_for_an_explanation_is_scaffolding(real, query, words):
    """« can someone explain », « please » frame the question: « explain priority please »
    was read as French and searched « explain », « please »."""
    parsed = real.parse(query)
    assert parsed.language == "en" and parsed.words == words


# A question about a keyword that is itself an English function word (Marvel Champions'
# « Then », « And », « After », « Would »): the keyword is its word.
FUNCTION_WORD_KEYWORDS = [
    ("what does then mean", "marvel-champions/glossaire/ensuite"),
    ("what does and mean", "marvel-champions/glossaire/et"),
    ("what does after mean", "marvel-champions/glossaire/apres"),
    ("what does would mean ?", "marvel-champions/glossaire/etre-cense"),
    # The Spoils lists its English names among a term's aliases, not as its English names
    ("what does while mean", "the-spoils/glossaire/tant-que"),
    ("what does must mean", "the-spoils/glossaire/doit"),
]


@pytest.mark.parametrize(("query", "first"), FUNCTION_WORD_KEYWORDS)
def test_a_question_about_a_function_word_keyword_searches_the_keyword(real, query, first):
    found = real.search(query)
    assert found["language"] == "en"
    assert found["hits"][0]["id"] == first


def test_a_function_word_is_searched_only_when_the_question_is_about_it(real):
    # other content words: the function words are scaffolding, as always
    assert real.parse("can you block after attacking").words == ["block", "attacking"]
    # a function word no glossary names stays scaffolding
    assert real.parse("what does it mean").words == ["mean"]


# English questions with a typo in a glossary's English name or a word of the bilingual table
# (english_typos.py): corrected into it, and answered as the question without the typo is.
ENGLISH_TYPOS = [
    ("what is arhcetype", "archetype", "altered"),
    ("how does cntrol work", "control", "altered"),
    ("what happens with ehausted", "exhausted", "altered"),
    ("can an exhuasted character attack?", "exhausted", "marvel-champions"),
    ("what does exxpedition mean", "expedition", "altered"),
    ("what is taactic", "tactic", "the-spoils"),
]


@pytest.mark.parametrize(("query", "meant", "game"), ENGLISH_TYPOS)
def test_an_english_typo_is_corrected_into_the_english_the_glossary_knows(real, query, meant, game):
    found = real.search(query, game=game)
    assert found["language"] == "en"
    assert [fold(r["suggested"]) for r in found["replacements"]] == [meant]
    typed = [r["typed"] for r in found["replacements"]][0]
    # written as English writes it (« archetype », not the rulebook's « archétype »)
    assert found["suggestion"] == query.replace(typed, meant)
    right = real.search(query.replace(typed, meant), game=game)
    assert found["hits"][0]["id"] == right["hits"][0]["id"]


def test_english_words_are_not_corrected_into_french_ones(real):
    result = real.search("what happens when a blocker leaves play during combat")
    assert result["language"] == "en" and result["suggestion"] is None
    # nor into the English vocabulary: a word of the lexicon is no typo
    assert real.search("can a tapped character attack")["suggestion"] is None


def test_the_bilingual_table_translates_the_rules_general_words(real):
    plan = real.explain("can I shuffle my opponent's cards into their deck when I search it?")
    assert plan["language"] == "en"
    added = {s["words"]: s for s in plan["synonyms"]}
    assert added["opponent"]["adds"] == ["adversaire"]
    assert added["cards"]["adds"] == ["carte", "cartes"]
    assert added["cards"]["provenance"].startswith("bilingual.yaml source ")
    # « shuffle » and « search » are glossary names in English: their glossaries translate them.
    assert {"shuffle", "search"} <= set(plan["glossary_names"])


def test_the_glossarys_english_name_translates_first(real):
    """« hit points » is Marvel Champions' « Points de vie » (its glossary's English)."""
    result = real.search(
        "what happens when the villain's hit points hit zero", game="marvel-champions"
    )
    assert result["hits"][0]["id"] == "marvel-champions/glossaire/points-de-vie"


def test_an_english_name_with_function_words_is_found_where_the_question_spells_it(real):
    """Four Souls' « En jeu » is « In play » in English; an English question's words lack
    « in », yet it spells the name: its glossary translates it.  A question that only says
    « play » does not name « in play »."""
    plan = real.explain("what counts as in play - do active monsters?", game="four-souls")
    assert plan["language"] == "en" and "in play" in plan["glossary_names"]
    result = real.search("what counts as in play - do active monsters?", game="four-souls")
    assert "four-souls/glossaire/en-jeu" in [h["id"] for h in result["hits"][:5]]
    other = real.explain("can I play a monster card from my hand?", game="four-souls")
    assert not {"play", "in play"} & set(other["glossary_names"])


def test_the_focus_line_says_a_name_found_by_its_other_words_as_the_question_does(real):
    """The game focus tells « in play », the name the player wrote, not the word « play »
    that found it."""
    result = real.search("what counts as in play for an item")
    assert result["focus"]["reason"] == "glossary"
    assert "in play" in result["focus"]["words"] and "play" not in result["focus"]["words"]
    assert "« in play »" in result["focus"]["message"]


@pytest.mark.parametrize(
    ("query", "game", "expected"),
    [
        (
            "what is the maximum hand size?",
            "marvel-champions",
            "marvel-champions/glossaire/taille-de-main",
        ),
        ("how many souls do I need to win?", "four-souls", "four-souls/ames/remporter-la-partie/2"),
        ("can I buy more than one item per turn", None, "four-souls/comment-jouer/acheter/1"),
    ],
)
def test_an_english_question_finds_the_french_answer(real, query, game, expected):
    assert expected in [h["id"] for h in real.search(query, game=game, limit=5)["hits"]]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # « runs out »: « à court » (Marvel Champions), « vide » (Altered), and through the
        # thesaurus Four Souls' « paquet épuisé »
        ("what happens if the loot deck runs out", "four-souls/comment-jouer/rechargement/3"),
        ("i ran out of cards in my deck altered", "altered/7.3.16.b"),
        ("what if the encounter deck runs out", "marvel-champions/glossaire/deck-rencontre"),
    ],
)
def test_a_deck_running_out_is_asked_in_english(real, query, expected):
    assert expected in [h["id"] for h in real.search(query, limit=3)["hits"]]


def test_every_pair_of_the_bilingual_table_has_its_source(real_kb):
    """Each pair cites an entry that prints one of its French words (or whose glossary gives
    one of its English words); its English function words alone never make a pair."""
    by_id = {e.id: e for e in real_kb.entries}
    table = load_bilingual()
    assert len(table.translations) >= 80
    for t in table.translations:
        entry = by_id.get(t.source)
        assert entry is not None, t.source
        text = fold(f"{entry.title or ''} {entry.text}")
        prints = any(
            re.search(
                r"(?<!\w)" + r"(?:\W+\w+){0,2}?\W+".join(map(re.escape, words)) + r"(?!\w)", text
            )
            for words in t.french
        )
        names = fold(entry.english or "") in {fold(e) for e in t.english}
        assert prints or names, t.source
        assert t.french and all(
            set(re.findall(r"\w+", fold(e))) - ENGLISH_FUNCTION_WORDS for e in t.english
        )


def test_the_two_word_lists_share_no_word():
    assert not ENGLISH_FUNCTION_WORDS & french_function_words()
