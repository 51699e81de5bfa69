"""Typos in an English question: corrected into the English the glossary and the bilingual table
know.

A question read as English (`language.py`) is never corrected into French words (« coller » is
no « collar »), and its words were not corrected at all: « what is arhcetype », « how does
cntrol work » found nothing, though the glossary names Altered's « Archetype » and « Control ».
A word of such a question that is no word (not in the lexicon, which holds the 20,000
commonest English words, nor in the index, the stop words or the players' words) is corrected,
as a French word is against the index (`typos.nearest`), against the English vocabulary: the
words of the glossary's English names and of the bilingual table's phrases.  The browser's
index carries that vocabulary (`client_words.language_table`) and the lexicon's words near it.
"""

from __future__ import annotations

from arbitre.search.bilingual import Bilingual
from arbitre.search.names import GlossaryNames
from arbitre.search.typos import Vocabulary, deletion_index


def english_words(names: GlossaryNames, bilingual: Bilingual) -> list[str]:
    """The English vocabulary's words, sorted."""
    return sorted(names.english_words | bilingual.words)


def english_vocabulary(words: list[str]) -> Vocabulary:
    """The vocabulary `typos.nearest` reads (every word counting once)."""
    vocab = dict.fromkeys(words, 1)
    return vocab, deletion_index(vocab)
