"""English names that French stemming would take for French words.

The texts print English card names, and French Snowball stems them as French words: « Pills! »
became « pill », the stem of « pillez » (loot), so « pillez 2 ça veut dire quoi » found the four
Pills! cards before « Loot X »; « Bone » became « bon ».  A word of the texts that is English
(the lexicon's common English words) and no French word (the lexicon's French), whose French
stem is also a French word's of the texts, keeps its form (`analysis.use_unstemmed`).  On
today's texts: « pills », « bone », « rags », « banner », « tournament », « mana », « vanilla »,
and a few words Snowball leaves as they are anyway (« boost », « bomb »).

The list follows from the texts, so the index generation stores the one its text was analysed
with (`indexer.read_stemming`) and a searcher installs it; the browser's stem table carries
those words like every other word Snowball alone would stem otherwise (`client_words.stem_table`).
"""

from __future__ import annotations

from collections.abc import Iterable

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.analysis import analyze, french_stem, use_unstemmed
from arbitre.search.lexicon import word_lists


def text_words(kb: KnowledgeBase) -> set[str]:
    """Every word of the entries' titles and texts, folded (stop words and numbers left out)."""
    words: set[str] = set()
    for entry in kb.entries:
        words.update(analyze(f"{entry.title or ''}\n{entry.text or ''}", stemmed=False))
    return {w for w in words if w.isalpha() and len(w) > 2}


def foreign_words(words: Iterable[str]) -> frozenset[str]:
    """Of `words` (folded), the English words that are no French word and whose French stem
    is a French word's among `words`."""
    french, english = word_lists()
    words = set(words)
    french_stems = {french_stem(w) for w in words & french}
    return frozenset(w for w in (words & english) - french if french_stem(w) in french_stems)


def analyse_names_of(kb: KnowledgeBase) -> frozenset[str]:
    """Analyse from now on with `kb`'s English names unstemmed; returns them."""
    names = foreign_words(text_words(kb))
    use_unstemmed(names)
    return names
