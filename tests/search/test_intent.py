"""Question intent: the cues that detect it, the markers of an answering passage, and its
place in the ranking (a small bonus that never outweighs a content word)."""

from __future__ import annotations

import pytest

from arbitre.search.intent import BY_NAME, detect_intent
from arbitre.search.query import parse_query

GAMES = ["altered", "ashes", "four-souls", "marvel-champions", "the-spoils"]
# Questions in a phone's shorthand: « cb » combien, « c quoi », « c koi » (the browser's
# parity tests ask them too).
SHORTHAND = [
    ("cb de cartes en main au début", "quantity"),
    ("cmb de degats max", "quantity"),
    ("c quoi le tumulte", "definition"),
    ("c koi un sbire", "definition"),
    ("pk je peux pas attaquer", "permission"),
    ("qd est-ce que je pioche", None),
    ("y a t il une limite de cartes en main", "quantity"),
    ("kel est la taille de main", "quantity"),
    ("keske un sbire", "definition"),
    ("kan je pioche", None),  # « kan » quand, « ki » qui: question words, not searched
    ("ki a la priorité", None),
]


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ("combien de cartes en main à la fin du tour ?", "quantity"),
        ("Combien d'exemplaires d'une carte dans un deck", "quantity"),
        ("quel est le nombre maximum de personnages", "quantity"),
        ("main max", "quantity"),
        ("nombre de cartes piochées", "quantity"),
        ("est-ce que je peux jouer une carte pendant le tour de l'adversaire ?", "permission"),
        ("Peut-on bloquer avec un personnage épuisé", "permission"),
        ("puis-je attaquer deux fois", "permission"),
        ("ai-je le droit de regarder ma défausse", "permission"),
        ("est-il possible de jouer deux lieux", "permission"),
        ("on peut défausser un allié ?", "permission"),
        ("que se passe-t-il si mon deck est vide ?", "consequence"),
        ("Qu'arrive-t-il à mes jetons quand la carte quitte le jeu", "consequence"),
        ("qu'est-ce qui se passe quand un monstre meurt", "consequence"),
        ("et si les deux joueurs tombent à zéro", "consequence"),
        # « combien » before « puis-je »: a number is what is asked.
        ("combien de cartes puis-je garder ?", "quantity"),
        ("c'est quoi une capacité constante ?", "definition"),
        ("ça veut dire quoi « piller 2 » sur une carte ?", "definition"),
        ("À quoi il sert le jeton premier joueur ?", "definition"),
        ("que signifie Fugace", "definition"),
        ("qu'est-ce qu'un Phoenixborn", "definition"),
        # Asking how best to do something is no question about a word's meaning.
        ("what's the best way to keep track of damage on a location", None),
        ("c'est quoi la meilleure façon de compter les dégâts ?", None),
        ("what is the hand cost on a card", "definition"),
        # A number asked about a term is a quantity.
        ("c'est quoi la taille max de la main ?", "quantity"),
        # Typed on a phone (SHORTHAND)
        *SHORTHAND,
        # No question words, no intent.
        ("Fugace", None),
        ("pile de défausse", None),
        ("609.1f", None),
        ("qui commence ?", None),
    ],
)
def test_detect_intent(query, intent):
    found = detect_intent(query)
    assert (found.name if found else None) == intent


@pytest.mark.parametrize(
    ("query", "words"), [("kan je pioche", ["pioche"]), ("ki a la priorité", ["priorite"])]
)
def test_shorthand_question_words_are_not_searched(query, words):
    """« kan » (quand), « ki » (qui): a question, and nothing to look for in the rulebooks."""
    parsed = parse_query(query, GAMES)
    assert parsed.question and parsed.words == words


@pytest.mark.parametrize(
    ("intent", "text", "answers"),
    [
        ("quantity", "Un minimum de 75 cartes doit être inclus", True),
        ("quantity", "défaussez-vous jusqu'à en avoir 10", True),
        ("quantity", "jusqu’à trois cartes", True),
        ("quantity", "Au moins une carte", True),
        ("quantity", "Le joueur actif pioche une carte.", False),
        ("permission", "Un joueur ne peut pas jouer de Tactique", True),
        ("permission", "Il n'est pas possible de jouer directement une carte", True),
        ("permission", "à tout moment", True),
        ("permission", "Le joueur actif pioche une carte.", False),
        ("consequence", "Si un joueur n'a plus de cartes, il perd la partie.", True),
        ("consequence", "Une unité détruite est défaussée.", True),
        ("consequence", "Placez 2 cartes Trésor face visible.", False),
        ("definition", "« Piller X » signifie piocher X cartes butin.", True),
        ("definition", "Le jeton premier joueur désigne le joueur qui commence.", True),
        ("definition", "Piochez 2 cartes.", False),
    ],
)
def test_an_answer_is_worded_as_its_intent_asks(intent, text, answers):
    from arbitre.search.analysis import fold

    assert BY_NAME[intent].answers(fold(text)) is answers


def test_the_intent_is_part_of_the_parsed_query_and_question_words_are_not_searched():
    parsed = parse_query("Combien de cartes en main ?", GAMES)
    assert parsed.intent == "quantity"
    assert "combien" not in parsed.words and parsed.words == ["cartes", "main"]
    assert parse_query("que se passe-t-il si le deck est vide", GAMES).intent == "consequence"
    assert parse_query("règle 609.1f", GAMES).intent is None


def test_a_phones_shorthand_question_words_are_not_searched():
    assert parse_query("cb de cartes en main au début", GAMES).words == ["cartes", "main", "debut"]
    assert parse_query("pk je peux pas attaquer", GAMES).words == ["attaquer"]
    assert parse_query("qd est-ce que je pioche", GAMES).words == ["pioche"]
    assert parse_query("ya combien de phases", GAMES).words == ["phases"]
    assert parse_query("koi faire si le deck est vide", GAMES).question
    # « y a-t-il » asks, hyphens or not (it was read as the name of a thing without its « ? »)
    assert parse_query("y a t il une limite de cartes en main", GAMES).question
    assert parse_query("ya-t-il un tour de plus", GAMES).question
    assert not parse_query("limite de cartes en main", GAMES).question


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("qq1 peut m'expliquer la pile", ["pile"]),
        ("explique-moi la riposte", ["riposte"]),
        ("qqn peut me l'expliquer, le tumulte ?", ["tumulte"]),
        ("je comprends pas la phase de rencontre", ["phase", "rencontre"]),
        ("j'ai pas compris la riposte", ["riposte"]),
        ("chui pas sur de comprendre la phase de rencontre", ["phase", "rencontre"]),
        # « expliqué » without « m' » or « -moi » is a word of the rules (« Le combat expliqué »)
        ("le combat expliqué", ["combat", "explique"]),
    ],
)
def test_asking_to_be_explained_is_not_searched(query, words):
    """Asking for an explanation, or saying one does not understand, frames the question:
    « qq1 peut m'expliquer la pile » searched « qq1 », « expliquer » and found The Spoils' «
    Texte de règle » first."""
    assert parse_query(query, GAMES).words == words


# Asking how to do something, and what is searched of it.
HOW_TO = [
    ("comment on fait un mulligan ?", ["mulligan"]),
    ("comment je fais pour jouer un deuxième butin", ["jouer", "deuxieme", "butin"]),
    ("comment faire pour attaquer deux fois", ["attaquer", "deux", "fois"]),
    ("comment fait-on pour méditer", ["mediter"]),
    ("comment fait on pour méditer", ["mediter"]),
    (
        "deux cartes forcent à les cibler, comment on fait ?",
        ["deux", "cartes", "forcent", "cibler"],
    ),
    # « fait » elsewhere is a content word (« un personnage qui fait 3 dégâts »).
    ("combien de dégâts fait un personnage", ["degats", "fait", "personnage"]),
    # how something works
    ("altered comment marche le repos", ["altered", "repos"]),
    ("le repos ça marche comment", ["repos"]),
    ("comment fonctionnent les jetons", ["jetons"]),
    ("comment ca marche la garde ?", ["garde"]),
    # « marche » and « fonctionne » elsewhere are content words.
    (
        "l'effet fonctionne même si la carte est épuisée",
        ["effet", "fonctionne", "carte", "epuisee"],
    ),
]


@pytest.mark.parametrize(("query", "words"), HOW_TO)
def test_asking_how_to_do_something_is_not_searched(query, words):
    """« comment on fait », « comment faire pour » frame a how-to question: « comment on fait un
    mulligan à altered » searched « fait », which Altered prints, so Altered's entries holding
    « fait » stood among The Spoils' and Marvel Champions' mulligan.  So do « comment marche »,
    « ça marche comment », « comment fonctionne »: « altered comment marche le repos » searched
    « marche », which one Altered rule prints (7.4.4.c), and put it before « Repos »."""
    assert parse_query(query, GAMES).words == words


def test_definition_scaffolding_is_not_searched():
    """« veut dire », « sert à quoi », « signifie » frame the question: only the term is
    searched for."""
    assert parse_query("ça veut dire quoi piller ?", GAMES).words == ["piller"]
    assert parse_query("à quoi sert le jeton premier joueur", GAMES).words == [
        "jeton",
        "premier",
        "joueur",
    ]
    assert parse_query("que signifie Fugace", GAMES).words == ["fugace"]
    # « sert » elsewhere is a content word.
    assert "sert" in parse_query("la réserve sert de défausse", GAMES).words


def test_a_definition_question_does_not_hold_glossary_entries_back():
    from arbitre.search.weights import INTENT_KIND_FACTORS, QUESTION_KIND_FACTORS

    assert QUESTION_KIND_FACTORS["glossary"] < 1 < INTENT_KIND_FACTORS["definition"]["glossary"]


def test_the_intent_bonus_stays_below_a_content_word():
    """An entry lacking one of two equally rare content words keeps (1/2)² of its score under
    the coordination factor: the intent bonus cannot make up for it."""
    from arbitre.search.weights import COORD_POWER, INTENT_BONUS

    assert 1 < INTENT_BONUS < 1 / (0.5**COORD_POWER)


def test_explain_shows_the_intent(tiny):
    plan = tiny.explain("combien de dommages inflige un personnage ?")
    assert plan["intent"] == {"name": "quantity", "label": "une quantité"}
    assert plan["question"] is True
    assert "combien" not in plan["words"]
