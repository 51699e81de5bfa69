"""Which language a query is written in: the rulebooks' French, or English.

Many players read the English cards and forums, and ask as they read.  A query is read as
English when at least two of its words are English function words (« the », « can »,
« does », « my », « when »…) and they outnumber its French function words (« le »,
« est », « je », « quand »…), or when its one English function word asks the question
(« does switching expeditions count as changing zones », « roll a die what happens ») and
no French function word is among its three or more words.  Words that belong to a glossary
name or a game's name typed in full (« free for all », « the spoils ») say nothing of the
language of the sentence around them.  An English query's function words are not searched
(`query.parse_query`), its words are not « corrected » into French ones, and its words go
through the glossary's English terms and the bilingual table of the rules' general
vocabulary (`bilingual.yaml`).
"""

from __future__ import annotations

import re
from functools import cache

from arbitre.search.analysis import fold, stop_words

# English function words: none is a French function word (« a », « on », « me », « as » are
# both and tell nothing).  Also the English words a query drops as scaffolding.
ENGLISH_FUNCTION_WORDS = frozenset(
    """
    the an is are was were be been being am do does did doing done have has had having can could
    will would shall should might must need needs my mine you your yours he him his she her hers
    it its we us our they them their this that these those what which who whom whose when where
    why how if then than of to in at by for with from into onto about after before during while
    until against between through over under and or but not nor so too very just also still
    only any some all each every both either neither other another there get gets got getting
    doesn don isn aren won let someone anyone somebody anybody please explain explains
    whats hows wheres whos whys thats doesnt isnt arent cant wont didnt wasnt werent shouldnt
    wouldnt couldnt hasnt havent ive youre theyre
    """.split()
)
# Of those, the words that make an English query a question.
ENGLISH_QUESTION_WORDS = frozenset(
    "what which who whom whose when where why how can could do does did is are should must "
    "may might will would "
    # typed on a phone without the apostrophe (« whats », « doesnt »)
    "whats hows wheres whos whys cant doesnt isnt arent didnt wont shouldnt".split()
)
# Words that ask what another word means (« what does then mean »): when an English question
# has no other content word, the function words it asks about that are glossary names (Marvel
# Champions' « Then », « And », The Spoils' « while », « must ») are its words (`query.py`).
ENGLISH_DEFINITION_WORDS = frozenset(
    "mean means meaning meant keyword keywords word term definition define".split()
)
# The interrogatives as typed on a phone: « cb » combien, « pk » pourquoi, « qd » quand,
# « kan » quand, « koi », « kwa » quoi, « ki » qui, « keske », « kel » (question words, and
# question markers: `query.py`).
SHORTHAND_QUESTION_WORDS = frozenset(
    "cb cmb pk pq pkoi pourkoi qd kan kand koi kwa ki keske kesk kel kelle kels kelles".split()
)
# Words that frame a question rather than say what it is about.  Generic French question
# scaffolding (interrogatives, « est-ce que », modal verbs of asking, their shorthand, « ya »
# for « il y a »); content words stay.
FRENCH_QUESTION_WORDS = SHORTHAND_QUESTION_WORDS | frozenset(
    fold(w)
    for w in """
    est ce que qu quoi qui quel quelle quels quelles lequel laquelle lesquels lesquelles comment
    combien quand pourquoi où ou peux peut puis pouvez peuvent pourrais pourrait dois doit doivent
    faut faudrait il elle ils elles on t ça ca cela ceci alors
    est-il y a-t-il veux voudrais sais savoir svp stp merci bien vraiment donc bon exactement ya
    qqn qq1 chui chuis jsuis
    """.split()
)
WORD = re.compile(r"[^\W_]+")


@cache
def french_function_words() -> frozenset[str]:
    """French stop words (folded, two letters or more) and question words, none English."""
    ambiguous = {"on", "me", "as", "son", "sans", "or", "a", "en"}  # both languages'
    french = {w for w in stop_words() | FRENCH_QUESTION_WORDS if len(w) > 1}
    return frozenset(french - ENGLISH_FUNCTION_WORDS - ambiguous)


def is_english(text: str, names: set[str]) -> bool:
    """Whether a query is written in English.  `names`: the names it may type in full, as
    `words_of` gives their words (glossary names, games' names), whose words are not counted."""
    words = words_of(text)
    if not any(w in ENGLISH_FUNCTION_WORDS for w in words):
        return False  # (names only take words away)
    named = named_positions(words, names)
    french = french_function_words()
    english = [w for i, w in enumerate(words) if i not in named and w in ENGLISH_FUNCTION_WORDS]
    other = sum(1 for i, w in enumerate(words) if i not in named and w in french)
    if len(english) == 1:  # one English word asking, and nothing French around it
        return english[0] in ENGLISH_QUESTION_WORDS and not other and len(words) >= 3
    return len(english) >= 2 and len(english) > other


def named_positions(words: list[str], names: set[str], longest: int = 6) -> set[int]:
    """The positions of `words` inside a name of several words (the longest first)."""
    named: set[int] = set()
    for size in range(min(longest, len(words)), 1, -1):
        for start in range(len(words) - size + 1):
            span = range(start, start + size)
            if not named.intersection(span) and " ".join(words[start : start + size]) in names:
                named.update(span)
    return named


def words_of(text: str) -> list[str]:
    """Every word of a query, folded (« what's » is « what », « s »)."""
    return WORD.findall(fold(text))
