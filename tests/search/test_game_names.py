"""A game's name typed with the question (« marvel sbire », « réserve altered ») says which
game, not what about it (`vocabulary.game_name_spans`, `weights.GAME_NAME_WEIGHT`): an entry
finds it only by printing the name; and the other games step back (`weights.GAME_NAMED_FACTOR`)."""

from __future__ import annotations

import random

import pytest

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.vocabulary import game_name_spans, load_vocabulary

# How players name each game in a query (of vocabulary.yaml's `names`).
TYPED_NAMES = {
    "altered": ["altered"],
    "ashes": ["ashes"],
    "four-souls": ["four souls", "isaac"],
    "marvel-champions": ["marvel champions", "marvel"],
    "the-spoils": ["the spoils", "spoils"],
}


# A question naming its game with words the glossary and the thesaurus also know (Ashes'
# « Héritier », « phénix »): the browser's plans are compared with these too.
NAMED_WITH_TERMS = ["héritiers du phénix combien de dés au départ"]


def named_term_queries(kb: KnowledgeBase) -> list[tuple[str, str, str]]:
    """(« <term> <game> » or « <game> <term> », the term, its game) for every glossary title,
    the name and the order drawn with random.Random(2031)."""
    rnd = random.Random(2031)
    queries = []
    for entry in kb.entries:
        if entry.kind == "glossary" and entry.title:
            name = rnd.choice(TYPED_NAMES[entry.game])
            first = rnd.random() < 0.5
            query = f"{name} {entry.title}" if first else f"{entry.title} {name}"
            queries.append((query, entry.title, entry.game))
    return queries


@pytest.mark.parametrize(
    ("words", "positions"),
    [
        (["marvel", "champion", "sbire"], {0, 1}),  # an « s » less
        (["reserve", "altered"], {1}),
        (["4", "souls", "loot"], {0, 1}),  # as players shorten it
        (["binding", "isaac", "mort"], {0, 1}),  # an English query drops « of »
        (["four", "souls"], set()),  # only the game's name: a question about the game
        (["the", "binding", "of", "isaac"], set()),  # the rest: function words
        (["alter", "ego"], set()),  # « alter » is no « altered »
        (["soul", "gluttony"], set()),  # half a name is no name
    ],
)
def test_the_words_spelling_a_games_name(words, positions):
    spans = game_name_spans(words, load_vocabulary().name_words())
    assert {i for span in spans for i in span} == positions


def test_a_name_inside_a_longer_one_is_that_ones():
    """« the spoils » holds « spoils », « marvel champions » « marvel »: one span each, the
    longer; two games named make two spans, in the query's order."""
    names = load_vocabulary().name_words()
    assert game_name_spans(["the", "spoils", "combat"], names) == [(0, 1)]
    assert game_name_spans(["marvel", "champions", "sbire"], names) == [(0, 1)]
    assert game_name_spans(["marvel", "sbire", "altered"], names) == [(0,), (2,)]


NAMED_GAME_QUERIES = [
    ("marvel champion sbire", "marvel-champions/glossaire/sbire"),
    ("altered reserve", "altered/glossaire/reserve"),
    ("contrôle altered", "altered/glossaire/controle"),
    ("bloqueur ashes", "ashes/glossaire/bloqueur"),  # The Spoils has one too
    ("4 souls loot", "four-souls/glossaire/loot-x"),
    ("four souls combien d'ames pour gagner", "four-souls/ames/remporter-la-partie/2"),
    # The Spoils' « Main de départ » prints « Starting Draw »: the named game's answer first.
    ("how many cards in starting hand marvel", "marvel-champions/appendice-ii/13"),
    # Altered's « Réserve » is its game's term, not Four Souls' (whose ¢ are in « la réserve »);
    # Four Souls' entries were all below Altered's first forty candidates.
    ("réserve four souls", "four-souls/glossaire/cents"),
    # about the game itself, its name still counts (« Marvel Champions » in the entry's text)
    ("options de difficulté marvel champions", "marvel-champions/glossaire/modes-de-jeu"),
    # an entry holding the name's words apart is not about the game (« Bonus Souls », « Soul
    # of Guppy »: « Âmes bonus » came first when they counted)
    ("comment gagner a four souls", "four-souls/ames/remporter-la-partie/2"),
]


# A game named with words none of its entries has: (query, the words as typed, first entry).
ABSENT_IN_NAMED_GAME = [
    ("mulligan altered", ["mulligan"], "the-spoils/glossaire/mulligan"),
    ("Tumulte Ashes", ["Tumulte"], "altered/glossaire/tumulte"),
    ("Comment on fait un Mulligan dans Altered ?", ["Mulligan"], "the-spoils/glossaire/mulligan"),
]


@pytest.mark.parametrize(("query", "absent", "first"), ABSENT_IN_NAMED_GAME)
def test_a_named_game_without_the_words_asked_says_so_and_steps_nothing_back(
    real, query, absent, first
):
    """« mulligan altered »: no Altered entry has « mulligan » (nor a synonym): the focus line
    says so, and the other games' entries are not put behind the ones printing « Altered »."""
    found = real.search(query)
    focus = found["focus"]
    game = focus["game"]
    assert focus["absent"] == absent
    assert focus["message"] == (
        f"dans tous les jeux : {focus['title']} (nommé dans la question : « {game.split('-')[0]} »)"
        f" n'a aucun passage contenant « {absent[0]} »"
    )
    assert found["hits"][0]["id"] == first
    assert all(hit["game"] != game for hit in found["hits"][:2])


def test_a_named_game_without_the_words_says_no_game_has_them_when_none_does(real):
    """« xyzzy altered »: nothing anywhere has « xyzzy »; the focus line said « Altered … n'a
    aucun passage contenant « xyzzy » » above « Aucun résultat », as if the other games had."""
    found = real.search("xyzzy altered")
    assert found["total"] == 0 and found["focus"]["absent"] == ["xyzzy"]
    message = "dans tous les jeux : aucun jeu n'a de passage contenant « xyzzy »"
    assert found["focus"]["message"] == message
    assert real.search("mulligan altered")["focus"]["message"].startswith(  # found elsewhere
        "dans tous les jeux : Altered"
    )


# A game named with some words none of its entries has, not all: (query, those words as typed).
MISSING_IN_NAMED_GAME = [
    ("taille de main ashes", ["taille"]),  # Ashes has no hand size: its entries, then why
    ("spoils Mode Expert", ["Expert"]),
]


@pytest.mark.parametrize(("query", "missing"), MISSING_IN_NAMED_GAME)
def test_a_named_game_lacking_some_words_asked_says_which(real, query, missing):
    """« taille de main ashes »: Ashes' entries have « main », none « taille »: its entries
    still come before the other games' (the player asked about Ashes), and the focus line says
    which words none of them has — the first hits are not about the hand's size."""
    found = real.search(query)
    focus = found["focus"]
    assert focus["absent"] == []
    assert focus["missing"] == missing
    because = f"nommé dans la question : « {focus['words'][0]} »"
    words = ", ".join(f"« {w} »" for w in missing)
    assert focus["message"] == (
        f"dans {focus['title']} ({because}), dont aucun passage ne contient {words}"
    )
    assert real.search(query.replace(missing[0], ""))["focus"]["missing"] == []


# Named games whose entries lack a word of the query that says nothing of the game: an English
# question's words left untranslated (one Altered entry prints « This work is licensed »).
NOTHING_MISSING = [
    "how does exhaust work in marvel champions",
    "what counts as a 'character' in marvel champions",
]


@pytest.mark.parametrize("query", NOTHING_MISSING)
def test_an_english_questions_untranslated_words_are_not_said_missing(real, query):
    focus = real.search(query)["focus"]
    assert focus["missing"] == focus["absent"] == []
    assert focus["message"].startswith("dans Marvel Champions (nommé dans la question")


def test_a_game_named_with_words_no_entry_has_finds_nothing(real):
    """« xyzzy altered »: no entry has « xyzzy », and the line says so.  The entries printing
    « Altered » were listed, as if they answered (a game's name says which game, not what
    about it: `retrieve.coordinate`)."""
    found = real.search("xyzzy altered", limit=100)
    assert found["focus"]["absent"] == ["xyzzy"]
    assert found["total"] == 0 and found["hits"] == []
    # The game's name alone still finds the entries printing it; with a word some entry has,
    # the entries having the word.
    assert real.search("altered")["total"] > 0
    assert real.search("four souls")["hits"][0]["id"].startswith("four-souls/avant-propos/")
    hits = real.search("mulligan altered", limit=100)["hits"]
    assert hits and not [h["id"] for h in hits if h["game"] == "altered"]  # (it has none)


def test_a_named_game_with_one_of_the_words_asked_keeps_its_focus(real):
    """« garde ashes »: an Ashes players' question says « je garde »; the focus stays Ashes'."""
    focus = real.search("garde ashes")["focus"]
    assert focus["absent"] == focus["missing"] == []
    assert focus["message"] == "dans Ashes (nommé dans la question : « ashes »)"


@pytest.mark.parametrize(("query", "first"), NAMED_GAME_QUERIES)
def test_a_games_name_points_at_the_game_not_at_entries_printing_it(real, query, first):
    assert real.search(query)["hits"][0]["id"] == first


def test_a_games_name_counts_in_the_entries_printing_it(real):
    """« qui a écrit les règles de four souls »: without the name, a translator's note comes
    first; the foreword's two paragraphs print « Four Souls », and come first with it (which
    of the two, the words of the question cannot tell: « écrit » is in neither)."""
    alone = real.search("qui a écrit les règles", game="four-souls")["hits"]
    assert not alone[0]["id"].startswith("four-souls/avant-propos/")
    named = real.search("qui a écrit les règles de four souls")["hits"]
    assert {hit["id"] for hit in named[:2]} == {
        "four-souls/avant-propos/1",
        "four-souls/avant-propos/2",
    }
    # « souls » alone, in an entry's names or a card's title, is no name of the game
    ids = [hit["id"] for hit in real.search("comment gagner a four souls")["hits"][:5]]
    assert "four-souls/ames/soul-of-guppy/1" not in ids


def test_a_game_named_is_where_the_glossary_names_are_read(real):
    """« attaque » names Marvel Champions' « Attaque » (Four Souls' glossary has none): with
    « four souls » typed, the answers are Four Souls', and the focus says the name typed."""
    found = real.search("four souls attaque")
    assert {hit["game"] for hit in found["hits"][:5]} == {"four-souls"}
    assert found["focus"]["words"] == ["four souls"]
    assert found["focus"]["reason"] == "vocabulary"  # (the API's values are unchanged)
    assert found["focus"]["message"] == "dans Four Souls (nommé dans la question : « four souls »)"
    # a game's own words, not its name, are still « mots propres à ce jeu »
    assert "mots propres à ce jeu" in real.search("butin soul")["focus"]["message"]
    # « marvel champions » said once, not also as « marvel »
    assert real.search("mode expert marvel champions")["focus"]["words"] == ["marvel champions"]


def test_a_games_name_is_not_read_as_a_term_or_for_its_synonyms(real):
    """« héritiers du phénix » is Ashes' French title: not Ashes' glossary « Héritier », nor
    the thesaurus's « héritier », « phénix » -> « héros »."""
    plan = real.explain(NAMED_WITH_TERMS[0])
    assert plan["game_name"] == ["heritiers", "phenix"]
    assert plan["glossary_names"] == []
    assert [s["words"] for s in plan["synonyms"]] == ["des"]  # (« dés »: Ashes' dice pool)
    assert plan["focus"]["game"] == "ashes"
    assert "ashes/glossaire/heritier" not in [
        h["id"] for h in real.search(NAMED_WITH_TERMS[0])["hits"]
    ]


def test_the_explanation_says_the_games_name(real):
    from arbitre.search.service import format_explanation

    plan = real.explain("marvel champion sbire")
    assert plan["game_name"] == ["marvel", "champion"]
    assert "  nom du jeu : marvel champion (désigne le jeu" in format_explanation(plan)
    assert real.explain("sbire")["game_name"] == []


def test_a_term_with_its_games_name_finds_what_the_term_finds_in_that_game(real, real_kb):
    """Every glossary title with its game's name before or after it: the first entry the
    title finds with the game filter (on this draw 0.593 before the game's name stepped aside,
    0.964 after, 0.977 with the name found only where an entry prints it).  What remains is mostly an entry of that game as close
    to the title (« En combat » and « Durant le combat ») or a card named after the game
    (« Miss Marvel »)."""

    def first(query: str, game: str | None = None) -> list[str]:
        return [hit["id"] for hit in real.search(query, game=game)["hits"][:1]]

    queries = named_term_queries(real_kb)
    same = sum(first(query) == first(title, game) for query, title, game in queries)
    assert len(queries) > 400
    assert same / len(queries) >= 0.95


def test_a_term_with_another_games_name_finds_that_games_entries_first(real, real_kb):
    """A glossary title typed with another game's name (400 drawn with random.Random(7)), when
    that game has some of its words: that game's entry first 0.945 of the time (0.432 when the
    other games stepped back among the best forty candidates only, and another game's entry
    titled by the term took the term query's gains: « réserve four souls »; 0.552 when they
    stepped back to 0.15 and the name's words counted in every field).  What remains is another
    game's entry titled by the very term, far above the named game's (the focus line names the
    words the named game lacks: `focus.missing`)."""
    rnd = random.Random(7)
    titles = [(e.title, e.game) for e in real_kb.entries if e.kind == "glossary" and e.title]
    asked = first = 0
    for title, game in rnd.sample(titles, 400):
        other = rnd.choice([g for g in sorted(TYPED_NAMES) if g != game])
        name = rnd.choice(TYPED_NAMES[other])
        found = real.search(f"{title} {name}" if rnd.random() < 0.5 else f"{name} {title}", limit=1)
        focus = found["focus"]
        if focus and focus["game"] == other and not focus["absent"]:
            asked += 1
            first += bool(found["hits"]) and found["hits"][0]["game"] == other
    assert asked > 250
    assert first / asked >= 0.9


def test_a_players_question_with_its_games_name_finds_what_it_finds_in_that_game(
    real, real_kb, real_project
):
    """Players' questions (300 drawn with random.Random(2033)) with their game's name before
    or after them, against the question with the game filter: the same first entry (on this
    draw 0.967 when the game's name counted among the words a players' question is compared
    with, 0.980 then, 0.993 with the name found only where an entry prints it).  What remains is mostly the name's words matching an entry that prints
    them (« the spoils », « altered »)."""
    from arbitre.kb.questions import load_questions

    questions, _problems = load_questions(real_project.root, real_kb)
    rnd = random.Random(2033)
    asked = [(q, entry.split("/")[0]) for entry, qs in sorted(questions.items()) for q in qs]
    same = 0
    for question, game in rnd.sample(asked, 300):
        name = rnd.choice(TYPED_NAMES[game])
        named = f"{question} {name}" if rnd.random() < 0.5 else f"{name} {question}"
        alone = real.search(question, game=game)["hits"][:1]
        same += [h["id"] for h in real.search(named)["hits"][:1]] == [h["id"] for h in alone]
    assert same / 300 >= 0.975
