"""A word is a typo only if it is no word (#24): the typo corrector consults a lexicon (French,
common English) before replacing a word the index lacks, on the real knowledge base."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbitre.search.asking import question_word_typo
from arbitre.search.elision import split
from arbitre.search.english_typos import english_vocabulary
from arbitre.search.lexicon import browser_words, lexicon, near_words
from arbitre.search.query import parse_query
from arbitre.search.typos import deletion_index, nearest

DATA = Path(__file__).resolve().parents[1] / "data"
CONTENT = Path(__file__).resolve().parents[2] / "content"

# Real typos: corrected (the suggestion is the query with the word meant, as printed).
TYPOS = [
    ("destrucion", "destruction"),
    ("personage imbloquable", "personnage imblocable"),
    ("pheonixborn", "phoenixborn"),
    ("Jueur", "Joueur"),
    ("mulligna", "mulligan"),
    ("epuisment", "épuisement"),
    ("defausee", "défausse"),
    ("attaqer", "attaquer"),
    ("sacrfice", "sacrifice"),
    ("tumutle", "tumulte"),
    # « k » for the sound French spells « qu » or « c », beyond the typo budget (typos.spoken_k)
    ("on peut attaker 2 fois", "on peut attaquer 2 fois"),
    ("kestion sur le seuil", "question sur le seuil"),
    ("kapacité de base", "capacité de base"),
]
# Real words within the typo budget of an index word: left alone (each was « corrected » before:
# « fouiller » to « feuille », « truc » to « troc », « coller » to the English « collar »…).
WORDS = [
    "fouiller",
    "fouille",
    "truc",
    "tape",
    "pote",
    "gros",
    "genre",
    "coller",
    "viens",
    "meurs",
    "soir",
    "doute",
    "poing",
    "roue",
    "demi",
    "module",
    "relie",
    "rond",
    "battre",
    "casser",
    "prix",
    "made",  # « fan-made »: a common English word
    # invariable words simplemma's dictionary lacks (« gagner vite » was « gagner vie »)
    "vite",
    "gars",
    "gris",
    "pois",
    "suspens",
]


@pytest.mark.parametrize(("query", "suggestion"), TYPOS)
def test_a_typo_is_corrected(real, query, suggestion):
    assert real.search(query)["suggestion"] == suggestion


def test_a_k_is_read_as_french_spells_it_only_beyond_the_typo_budget():
    from arbitre.search.typos import spoken_k

    assert spoken_k("attaker") == ["attaquer", "attacer"]
    assert spoken_k("kapacite") == ["quapacite", "capacite"]
    assert spoken_k("ki") == spoken_k("koi") == []  # too short to be a typo of anything
    assert spoken_k("attaque") == []


# Words with a « k » left as typed: too short to correct (« koi », « ki »), or with no French
# spelling the index holds (« kan », « stack », « token »).
K_LEFT = ["koi", "ki", "kan", "stack", "token"]


@pytest.mark.parametrize("word", K_LEFT)
def test_a_k_is_no_typo_when_the_word_reads_otherwise(real, word):
    assert real.search(word)["suggestion"] is None


@pytest.mark.parametrize("word", WORDS)
def test_a_word_near_an_index_word_is_left_alone(real, word):
    with real._whoosh() as searcher:
        vocabulary = real.typos.vocabulary(searcher.reader())
    assert nearest(word, vocabulary), "not near any index word: the case would test nothing"
    assert real.search(word)["suggestion"] is None
    assert real.search(f"est-ce que je peux {word} une carte ?")["suggestion"] is None
    assert real.explain(word)["corrected"] == [word]


def test_players_slang_the_vocabulary_knows_is_not_a_typo(real):
    # « expé » is Altered players' « expédition » (vocabulary.yaml), not « excès ».
    plan = real.explain("mes deux expés gagnent au crépuscule")
    assert plan["corrected"] == plan["words"]
    assert any("expedition" in s["adds"] for s in plan["synonyms"])


def test_an_english_glossary_name_is_not_a_typo(real):
    # « stun » is Marvel Champions' « Stunned » (Sonné), not « sun ».
    assert real.search("un ennemi stun saute son attaque ?")["suggestion"] is None


def test_the_index_keeps_the_lexicon_and_the_browser_the_words_near_the_index(real):
    """The searcher reads the whole lexicon from its index generation; the browser's index
    holds exactly the lexicon's words the corrector would otherwise replace."""
    assert len(real.typos.words) > 200_000
    assert all(w in real.typos.words for w in WORDS)
    assert "personage" not in real.typos.words and "destrucion" not in real.typos.words
    with real._whoosh() as searcher:
        vocabulary = real.typos.vocabulary(searcher.reader())
    near = near_words(vocabulary)
    assert 5_000 < len(near) < 60_000  # not the whole dictionary (about 250,000 forms)
    assert set(near) <= lexicon()
    assert all(nearest(w, vocabulary) for w in near[::97])
    # (or a players' own word, which is no typo either: `players_words.py`)
    assert set(WORDS) <= set(near) | set(real.typos.players)


def test_the_browser_index_carries_the_words_near_its_own_vocabulary():
    from arbitre.search.client_index import build_client_index
    from tests.search.conftest import tiny_kb

    index = build_client_index(tiny_kb())
    vocab: dict[str, int] = {}
    for name in ("title_exact", "names_exact", "text_exact"):
        field = index["fields"][name]
        for term, postings in zip(field["terms"], field["postings"], strict=True):
            if not term[0].isdigit():  # documents: the packed doc deltas, comma-separated
                vocab[term] = vocab.get(term, 0) + len(postings.split(";")[0].split(","))
    for word, count in index["players_words"].items():  # the players' own words after them
        vocab.setdefault(word, count)
    words = index["words"].split(" ")  # one string, space-separated
    english = english_vocabulary(index["english_words"].split(" "))
    near = near_words((vocab, deletion_index(vocab)))
    players = index["players_words"]
    assert words == browser_words((vocab, deletion_index(vocab)), english, players)
    assert words and all(w in lexicon() for w in words)
    # and the words near an English question's vocabulary (english_typos.py)
    near_english = set(near_words(english)) - set(vocab)
    assert near_english and near_english <= set(words)
    # and the players' own words that are words (« steps »: players_words.py)
    own = {w for w in players if w in lexicon()}
    assert own <= set(words)
    # and the words with an elision's shape (« dune » is no « d'une »: elision.py)
    shaped = set(words) - set(near) - near_english - own
    # and those one edit from a question word (« commuent » is no « comment »: asking.py)
    asking = {w for w in shaped if question_word_typo(w)}
    assert "commuent" in asking
    assert "dune" in shaped and all(split(w, vocab.__contains__) for w in shaped - asking)


def test_near_words_are_what_nearest_finds():
    vocab = {"feuille": 3, "porte": 2, "attaque": 5}
    vocabulary = (vocab, deletion_index(vocab))
    near = near_words(vocabulary)
    assert "fouille" in near and "portes" in near and "attaquer" in near
    assert all(nearest(w, vocabulary) for w in near)
    assert "feuille" not in near  # an index word is no neighbour of its own


def _every_question() -> list[str]:
    queries = [
        row["q"]
        for path in sorted(DATA.glob("*-queries.yaml"))
        for row in yaml.safe_load(path.read_text("utf-8"))
    ]
    for path in sorted(CONTENT.glob("*/questions.yaml")):
        for questions in yaml.safe_load(path.read_text("utf-8")).values():
            queries += questions
    return queries


def test_no_correctly_spelled_word_is_replaced_in_any_query_or_players_question(real):
    """On every query set and every players' question, a replaced word is no word of
    pyspellchecker's whole French list (the lexicon takes only the 42,000 words that list saw
    in use, not the 98,000 it took from a dictionary)."""
    from spellchecker import SpellChecker

    french = SpellChecker(language="fr", distance=1).word_frequency
    questions = _every_question()
    assert len(questions) > 3000
    replaced = []
    for q in questions:
        parsed = parse_query(q, real.games)
        if parsed.number:
            continue
        with real._whoosh() as searcher:
            plan, _focus = real._understand(searcher, parsed)
        replaced += [w for w, c in zip(plan.words, plan.corrected, strict=True) if w != c]
    assert replaced, "no correction at all: the corrector would be off"
    assert [w for w in replaced if french[w]] == []


# « Vouliez-vous dire » is the player's sentence with only the corrected words replaced.
SENTENCES = [
    (
        "mon adversaire a-t-il le droit de regarder ma defausee ?",
        "mon adversaire a-t-il le droit de regarder ma défausse ?",
        [("defausee", "défausse")],
    ),
    ("DESTRUCION", "DESTRUCTION", [("DESTRUCION", "DESTRUCTION")]),
    ("Pouvir de base", "Pouvoir de base", [("Pouvir", "Pouvoir")]),
    ("kind:faq mulligna", "kind:faq mulligan", [("mulligna", "mulligan")]),
    (
        "que se passe-t-il si un perso imbloquable  atatque ?",
        "que se passe-t-il si un perso imblocable  attaque ?",
        [("imbloquable", "imblocable"), ("atatque", "attaque")],
    ),
]


@pytest.mark.parametrize(("query", "sentence", "replaced"), SENTENCES)
def test_the_suggestion_is_the_players_sentence(real, query, sentence, replaced):
    result = real.search(query)
    assert result["suggestion"] == sentence
    assert result["replacements"] == [{"typed": a, "suggested": b} for a, b in replaced]


def test_no_correction_no_suggestion_nor_replacement(real):
    result = real.search("mon adversaire a-t-il le droit de fouiller ma défausse ?")
    assert result["suggestion"] is None and result["replacements"] == []
    assert real.search("609.1f")["replacements"] == []


def test_the_plain_output_names_each_replacement(real_project):
    from arbitre.search.service import format_results, run_search

    text = format_results(run_search(real_project, "regarder ma defausee"), as_json=False)
    assert "Mots corrigés : « defausee » → « défausse »" in text
    assert "Vouliez-vous dire : regarder ma défausse ?" in text


def test_the_replacements_note_is_true_of_a_question_word_too(real_project):
    """A mistyped question word is searched only as corrected (it is no word to find): the
    note does not say the typed word was searched as well."""
    from arbitre.search.service import format_results, run_search

    text = format_results(run_search(real_project, "combiien de cartes en main"), as_json=False)
    assert (
        "Mots corrigés : « combiien » → « combien » (recherche faite avec la correction)." in text
    )
