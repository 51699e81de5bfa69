"""A question word mistyped on a phone (« combiien », « cmment », « pourqoui ») is that word.

The typo corrector (`typos.py`) corrects a query's content words, after its question words
were set aside (`query.py`): « combiien de phases par jour » was searched for « combien »,
with neither the question nor the quantity it asks for read.  Before the query is parsed,
a word that is no word (the lexicon, the index, the players' words say which are) and is one
edit (a letter left out, added, changed, or two swapped; not its first letter, as the
corrector reads typos) from a French question word of five letters or more is read as that
question word; the result names the replacement as it names
the corrector's (`Presenter.suggest`).  The browser does the same (`reading.js`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from arbitre.search.analysis import fold
from arbitre.search.elision import WORD
from arbitre.search.language import FRENCH_QUESTION_WORDS
from arbitre.search.typos import edit_distance, may_be_typo

# The interrogatives a typo is read as (of the question words, `language.py`): long enough
# that one edit rarely reaches them from another word (« quoi », « qui » are not: « quai »).
QUESTION_TYPO_TARGETS = tuple(
    sorted(
        FRENCH_QUESTION_WORDS
        & {
            *("combien comment pourquoi quand quelle quelles quels").split(),
            *("lequel laquelle lesquels lesquelles").split(),
        }
    )
)
MIN_TYPED = 4  # shorter words are left to the corrector


@lru_cache(maxsize=65_536)
def question_word_typo(word: str) -> str | None:
    """The question word `word` (folded) is one edit from, the first in alphabetical order;
    as the corrector reads typos (`typos.py`), its first letter typed, or its first two
    swapped."""
    if len(word) < MIN_TYPED:
        return None
    for target in QUESTION_TYPO_TARGETS:
        if may_be_typo(word, target, 1) and edit_distance(word, target) == 1:
            return target
    return None


def may_have_question_typos(text: str) -> bool:
    """Whether a word of `text` is one edit from a question word (without asking whether it
    is a word): most queries have none."""
    return any(question_word_typo(fold(m.group(0))) for m in WORD.finditer(text))


def lookalikes(words: Iterable[str]) -> list[str]:
    """The `words` (the lexicon) one edit from a question word: the browser must know that
    these are words, though they may be near no index word."""
    return sorted(w for w in words if question_word_typo(w))


def with_question_words(
    text: str, a_word: Callable[[str], bool]
) -> tuple[str, list[tuple[str, str]]]:
    """`text` with each mistyped question word that is no word (`a_word` says which are)
    written right, and the (typed, read) pairs, in order."""
    respelled: list[tuple[str, str]] = []

    def read(match: re.Match[str]) -> str:
        typed = match.group(0)
        word = fold(typed)
        target = question_word_typo(word) if len(word) == len(typed) else None
        if target is None or a_word(word):
            return typed
        respelled.append((typed, as_typed(target, typed)))
        return respelled[-1][1]

    return WORD.sub(read, text), respelled


def as_typed(word: str, typed: str) -> str:
    """`word` in the capitals of `typed` (« DESTRUCION » -> « DESTRUCTION », « Jueur » ->
    « Joueur »)."""
    if len(typed) > 1 and typed.isupper():
        return word.upper()
    if typed[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
