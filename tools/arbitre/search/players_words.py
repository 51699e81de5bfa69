"""The players' own words, for the typo corrector: the words of the players' questions that the
rulebooks never print (« regarde », « bouger », « module », « installation »).

The corrector (`typos.py`) replaces a word that is no word by its nearest indexed word, and
the indexed words were the rulebooks' (titles, names, text).  A typo of a word only players
use — « regadre la pioche », « le moudle expert » — had no word to go to and was searched as
typed, matching nothing, although the players' questions (`phrased`) would match the word.
An index generation keeps these words with the number of entries whose players' questions use
them (`tables.py`), and how each is most often written (a suggestion prints « récupèrent »);
the rulebooks' words keep their own counts and spellings.  The browser's index carries the same
table (`client_index.py`).
"""

from __future__ import annotations

from collections.abc import Container

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.analysis import Spellings, folded_analyzer


def players_words(kb: KnowledgeBase, printed: Container[str]) -> dict[str, int]:
    """Folded word -> the entries whose players' questions use it, for the words the rulebooks
    do not print (`printed`: the words of the exact fields); none starting with a digit."""
    analyzer = folded_analyzer()
    counts: dict[str, int] = {}
    for questions in kb.questions.values():
        words = {token.text for question in questions for token in analyzer(question)}
        for word in words:
            if word not in printed and not word[0].isdigit():
                counts[word] = counts.get(word, 0) + 1
    return dict(sorted(counts.items()))


def players_spellings(kb: KnowledgeBase, words: Container[str]) -> dict[str, str]:
    """How the players' questions most often write those of `words` they print otherwise than
    folded (« recuperent » -> « récupèrent »: `Spellings.table`)."""
    spellings = Spellings()
    for questions in kb.questions.values():
        for question in questions:
            spellings.add(question)
    return {w: printed for w, printed in spellings.table().items() if w in words}
