"""The search's ranking constants: one table, read by the Python stages and, through the client
index (`client_index.RANKING_CONSTANTS`), by the browser's engine.  Each was measured on the
tuning query sets; the comments say what it weighs and why."""

from __future__ import annotations

# Field weights: how much a word matching in that field counts.
# `asked` (the questions of the rulings about an entry) and `ruled` (the words of the entries
# a ruling is about) count less than an entry's own text.  `phrased` (the players' questions
# written for the entry, content/<game>/questions.yaml) counts as its text and, unlike the
# lent fields, gives the entry the query's word: 0.5-2.0 measured alike on the tuning sets;
# as lent words, the natural sets' recall@5 fell 0.924 -> 0.876.
FIELD_BOOSTS_STEMMED = {
    "title": 3.0,
    "names": 3.0,
    "context": 2.0,
    "text": 1.0,
    "asked": 0.5,
    "ruled": 0.15,
    "phrased": 1.0,
}
LENT_FIELDS = frozenset({"asked", "ruled"})
FIELD_BOOSTS_EXACT = {"title_exact": 1.0, "names_exact": 1.0}
# A query that is exactly a card name puts the rulings about that card (their `cards`) first.
CARD_RULING_FACTOR = 2.0
# A question that does not name any of a ruling's cards is seldom asking about that card: the
# ruling steps back a little (#24: one card's FAQ answer stood above the rule deciding the case;
# 0.9 raised recall@1 on four tuning halves and lowered no figure, 0.85 and below lost recall@5).
UNNAMED_CARD_FACTOR = 0.9
# A title naming its sense in parentheses (« Gagner (statut) », « Ressource (carte) », a Four
# Souls card « (copie par Blank Card) »: `documents.title_sense`) answers a question naming none
# of that sense's words less: « comment on gagne altered » is not about gaining a status.  On
# the tuning halves 0.9 and 0.8 moved no figure, 0.7 put two english-dev questions' answer first
# and lowered none, 0.5 lost a natural3-dev question and recall@5 on english-dev.
SENSE_FACTOR = 0.7
PHRASE_BONUS = 0.5  # an entry with the query's words next to each other, in order
# An entry explaining the wording a query quotes (« ça veut dire quoi « rejoindre » »,
# 'vous pouvez payer X pour ...'), titled by it or quoting it (`quoted.py`): the player is
# quoting a card.  On the tuning halves 1.2 moved nothing; 1.5 and 2.0 put three questions'
# answer first and lowered none (« rejoindre »: the term's definition above a rule using the
# word).  Any entry printing the words, quoted or not, gained the same three but moved twice as
# many lists: card texts printing « jusqu'à la fin du tour » stood above the rule on effects
# lasting until then.
QUOTE_BONUS = 1.5
# A candidate worded as the kind of answer the question asks for (`intent.py`: a quantity, a
# permission, a consequence) gains this factor: less than one content word of the query
# weighs (the coordination factor takes far more from an entry lacking one), so question
# words never outweigh content words.
INTENT_BONUS = 1.15
# A question (not a term) is answered first by the rulebook's own text: a rule, then a FAQ
# answer, then the other passages (a section's text, an example, a note), a definition last; a
# question asking what a term means (the « definition » intent), by a definition.  With FAQ
# answers first (faq 1.3, rule 1.0), a ruling about one card or the definition of a term the
# question uses stood above the rule deciding the case (#24): on the tuning halves, every
# rule 1.25-1.4 × faq 0.9-1.1 × glossary 0.7-0.8 raised recall@1; these values lower no figure.
QUESTION_KIND_FACTORS = {"rule": 1.3, "faq": 1.1, "glossary": 0.8}
INTENT_KIND_FACTORS = {"definition": {"glossary": 1.3}}
# A question nearly the same as one of the players' questions written for an entry (share s of
# the query's words, weighted by rarity, in that one question): the entry gains
# 1 + QUESTION_MATCH_BONUS × s^QUESTION_MATCH_POWER (a high power: only a close match counts).
QUESTION_MATCH_BONUS, QUESTION_MATCH_POWER = 1.0, 4
# Of the query's words taken two by two in order (« perd partie », « partie deck »), the share p
# one players' question has two by two too: the entry gains 1 + QUESTION_PAIR_BONUS × p (the
# same words in the same order say the same thing).  0.2, 0.3, 0.4 measured on the tuning
# halves: 0.2 raised recall@1 and lowered none; the players' questions asked word for word put
# their own entry first 0.939 -> 0.948.
QUESTION_PAIR_BONUS = 0.2
BARE_HEADING_FACTOR = 0.4  # an entry with no text (a heading) cannot answer anything
UNOFFICIAL_FACTOR = 0.9  # a translator's or compiler's note, below the document's own text
THESAURUS_WEIGHT = 0.5  # a thesaurus synonym counts this much of the word it stands for
# A question asked in English: the French words the bilingual table and the glossary's English
# names give for a word count this much of the word (they are what it means).
BILINGUAL_WEIGHT = 1.0
# A game's own synonyms, in a search that could be about any game, count this share of that.
UNFOCUSED_WEIGHT = 0.5
# A game's name typed with other words (« marvel sbire », « réserve altered ») says which game,
# not what about it (the focus takes the game from it): it counts this much of its words, and
# only in an entry printing the name — a name of several words as a phrase (« Four Souls »),
# one word in the text (`understand.Understanding._game_name`).  Counted in every field, it put
# « Âmes bonus » (« Bonus Souls ») first for « comment gagner a four souls »; found only where
# printed, the tables of games' names typed with terms and with players' questions went
# 454 -> 461 / 472 and 987 -> 993 / 1,000 (`tests/search/test_game_names.py`) and no tuning
# half's figure moved.  At 0 the questions about the game itself lost its name (« options de
# difficulté marvel champions »).
GAME_NAME_WEIGHT = 0.3
# A question whose best candidates are mostly one game's (GAME_FOCUS_SHARE of the score of the
# first GAME_FOCUS_DEPTH) is about that game: the other games' candidates count GAME_FOCUS_FACTOR.
GAME_FOCUS_DEPTH, GAME_FOCUS_SHARE, GAME_FOCUS_FACTOR = 10, 0.7, 0.5
# A query naming one game (« contrôle altered »): every other game's entry counts this much, so
# that the named game's come first — unless none of its entries has any of the query's other
# words (`focus.GameFocus.lacking`: then no game steps back, and the focus line says so; when it
# lacks some of them, the line names those).  0.2 let another game's entry holding every word
# come first (« how many cards in starting hand marvel »: The Spoils' « Main de départ », which
# prints « Starting Draw »).  A glossary title typed with another game's name that has some of
# its words put that game's entry first 0.48 of the time at 0.15, 0.71 at 0.05, 0.93 at 0.01
# (400 drawn, measured with the name's words weighing nothing; 0.945 with the name found where
# printed); the tuning halves' lists are the same at 0.05 and 0.01.
GAME_NAMED_FACTOR = 0.01
# A word belongs to a game when that game holds this share of the entries using it (and at
# least this many): a query using one game's words only is about that game.
WORD_GAME_SHARE, WORD_GAME_MIN_DOCS = 0.9, 2
# A query naming a glossary term: an entry whose text uses the term (one of the site's
# auto-links to it) gains this × the term's rarity, about what a rare word in its title gives.
MENTION_WEIGHT = 10.0
# A word's family (other stems sharing all but its stem's last letter), and a long word's own
# stem once more, count this much in the text.
FAMILY_WEIGHT = 0.4
# The candidates a query re-ranks (`rank.py`), best retrieval score first.  Re-ranking is a
# third of a query's CPU; 40 instead of 60 took a fifth off it and changed no first answer and
# one list of the first five in 3,612 searches (every set with and without the game, 1,500
# players' questions): no set's recall@1, recall@5 or MRR moved.
RERANK_DEPTH = 40
# The work of one query, whatever the corpus (`budget.py`): the postings it reads, rarest terms
# first, at most MAX_POSTINGS; a term that no longer fits reads its CHAMPIONS best entries
# (`tables.py`), or nothing.  Every query of the sets reads under 8,100 postings of the real
# knowledge base: the bound changes nothing there, and keeps a corpus 100 times larger fast
# (its first-run p95 went from 800 ms to about 40 ms).
MAX_POSTINGS = 10_000
CHAMPIONS = 300
DIVERSE_TOP = 5  # ranks where one entry per group of near-duplicates is shown
TERM_CHILDREN = 3  # sub-entries of a term's defining entry shown right after the term
BM25_K1, BM25_B = 1.2, 0.75
COORD_POWER = 2.0
KIND_ORDER = {
    "rule": 0,
    "section": 1,
    "glossary": 2,
    "faq": 3,
    "errata": 4,
    "example": 5,
    "note": 6,
}

# Bounds on typo correction, whatever the input (a 500-letter word cost 0.3-1 s without them):
# no French word of the rulebooks is longer than MAX_TYPO_LENGTH letters, a query corrects at
# most MAX_TYPO_WORDS words, and a word's candidates are compared with it at most
# MAX_TYPO_CANDIDATES at a time (the most frequent in the index first).
MAX_TYPO_LENGTH = 24
MAX_TYPO_WORDS = 8
MAX_TYPO_CANDIDATES = 200
