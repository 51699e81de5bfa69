"""A French word typed without its apostrophe: « cest », « jai », « quil », « lattaque ».

On a phone the apostrophe is a long press away, and players leave it out: « cest quoi la
menace » was searched for « cest », which the typo corrector made « cost ».  A word is read as
an elision when it is no word (not in the lexicon, the index, the stop words or the players'
words) and it is an eliding letter (« c », « d », « j », « l », « m », « n », « s », « t », or
« qu ») followed by:

- a word those letters elide before: « est », « ai », « il », « on », « en », « un », « y »…
  (« cest » is « c'est »: the question is read as « c'est quoi », its words as stop words);
- or a word of the index of four letters or more starting with a vowel or « h » (« lattaque »
  is « l'attaque », « dadversaire » « d'adversaire »); not after « c », which elides only
  « ce » before « e »;
- or, after « j », a consonant too, as « je » is spoken: « jpeux », « jsuis », « jpioche ».

A three-letter word is read so only when it is one of `SHORT`: the others are often words the
lexicon does not list at that length (« don », « mai », « tas »).  The query is then read as if
the player had typed the apostrophe; what they typed is still what the result shows.

The browser reads the same way (`reading.js` `withApostrophes`): its lexicon is the
lexicon's words near the index's (`lexicon.near_words`), so its index also carries the lexicon's
words that have an elision's shape (`lookalikes`: « dont », « celle », « lune »), which it must
know are words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from arbitre.search.analysis import fold

ELIDING = ("qu", "c", "d", "j", "l", "m", "n", "s", "t")
# The words an eliding letter is typed before without its apostrophe: forms of « être » and
# « avoir », the pronouns, the articles, « en » and « y ».
TAILS = frozenset(
    "est etait etaient ai avais avait avaient a as ont il ils elle elles on en un une y".split()
)
# « je » is also elided before a consonant, as spoken (« jpeux », « jpioche »): the verbs of
# asking, and any word of the index.
SPOKEN_TAILS = frozenset("peux suis vais dois sais veux fais".split())
SHORT = frozenset({"jai", "nai", "sil", "jen", "nen", "lun", "dun"})
VOWELS = frozenset("aeiouyh")
MIN_INDEX_TAIL = 4  # « l'attaque »: a word of the index after the letter, this long or more
# A word of letters only, not part of a word with an apostrophe already (« aujourd'hui »).
WORD = re.compile(r"(?<![\w'’ʼ])[^\W\d_]+(?![\w'’ʼ])")


def browser_table() -> dict[str, object]:
    """What the browser's `withApostrophes` reads (the client index's `analysis.elision`)."""
    return {
        "eliding": list(ELIDING),
        "tails": sorted(TAILS),
        "spoken_tails": sorted(SPOKEN_TAILS),
        "short": sorted(SHORT),
        "vowels": "".join(sorted(VOWELS)),
        "min_tail": MIN_INDEX_TAIL,
    }


def split(word: str, indexed: Callable[[str], bool]) -> tuple[str, str] | None:
    """(the eliding letters, the word they elide before) when `word` (folded) has an elision's
    shape, whatever it is; `indexed` says whether the index has a word as typed."""
    if len(word) < 3 or (len(word) == 3 and word not in SHORT):
        return None
    for prefix in ELIDING:
        if not word.startswith(prefix) or len(word) == len(prefix):
            continue
        rest = word[len(prefix) :]
        if rest in TAILS and (prefix != "c" or rest[0] == "e"):
            return prefix, rest
        if prefix == "j" and rest in SPOKEN_TAILS:
            return prefix, rest
        if (
            prefix != "c"
            and (rest[0] in VOWELS or prefix == "j")
            and len(rest) >= MIN_INDEX_TAIL
            and indexed(rest)
        ):
            return prefix, rest
        return None
    return None


def with_apostrophes(
    text: str, a_word: Callable[[str], bool], indexed: Callable[[str], bool]
) -> str:
    """`text` with the apostrophe put back in each word that is no word (`a_word` says which
    are) and has an elision's shape: « cest quoi » -> « c'est quoi »."""

    def restore(match: re.Match[str]) -> str:
        typed = match.group(0)
        word = fold(typed)
        found = split(word, indexed) if len(word) == len(typed) else None
        if found is None or a_word(word):
            return typed
        at = len(found[0])
        return typed[:at] + "'" + typed[at:]

    return WORD.sub(restore, text)


def may_have_elisions(text: str, a_word: Callable[[str], bool]) -> bool:
    """Whether a word of `text` could be read as an elision (without asking the index, which
    only the words after an eliding letter need): most queries have none."""
    return any(
        _shaped(w) and not a_word(w) for w in (fold(m.group(0)) for m in WORD.finditer(text))
    )


@lru_cache(maxsize=65_536)
def _shaped(word: str) -> bool:
    """Whether `word` has an elision's shape if every word were the index's (a cheap test)."""
    return split(word, lambda _rest: True) is not None


def lookalikes(words: Iterable[str], indexed: Callable[[str], bool]) -> list[str]:
    """The `words` (the lexicon) that have an elision's shape: the browser must know that these
    are words, though they are not near an index word."""
    return sorted(w for w in words if split(w, indexed) is not None)
