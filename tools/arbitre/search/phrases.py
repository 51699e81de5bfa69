"""Phrases: the stem sequences a query can ask for as a phrase (a thesaurus phrase of several
words, a glossary name of several words), and the entries whose text has them in a row.

Computed once when an index is built (and, alike, for the browser's index), so that a search
looks a phrase up instead of walking positions: whatever the corpus size, a phrase costs the
entries that have it.
"""

from __future__ import annotations

from typing import Any

from arbitre.search.analysis import analyze, stem
from arbitre.search.bilingual import load_bilingual
from arbitre.search.thesaurus import load_thesaurus
from arbitre.search.vocabulary import load_vocabulary


def phrase_keys(glossary_rows: list[dict[str, Any]]) -> set[tuple[str, ...]]:
    """Every stem sequence of two words or more a query can look up as a phrase: the
    thesaurus's phrases, the bilingual table's French phrases, the games' names (« four
    souls », `vocabulary.name_words`) and the glossary's names (`documents.glossary_names`
    rows)."""
    keys: set[tuple[str, ...]] = {
        tuple(stem(w) for w in name) for name in load_vocabulary().name_words() if len(name) > 1
    }
    for group in load_thesaurus().groups:
        for phrase in group.phrases:
            if len(phrase.stems) > 1:
                keys.add(phrase.stems)
    for translation in load_bilingual().translations:
        keys.update(stems for stems in translation.stems() if len(stems) > 1)
    for row in glossary_rows:
        words = analyze(row["name"], stemmed=False)
        if len(words) > 1:  # (a name of one word is looked up as a term)
            keys.add(tuple(stem(w) for w in words))
    return keys


def text_positions(analyzer: Any, text: str) -> dict[str, list[int]]:
    """Each stem of a text with its positions (stop words left out, as in the index)."""
    where: dict[str, list[int]] = {}
    for token in analyzer(text, positions=True):
        where.setdefault(token.text, []).append(token.pos)
    return where


def phrase_table(
    positions: list[dict[str, list[int]]], keys: set[tuple[str, ...]]
) -> dict[str, list[int]]:
    """« stem stem… » -> the documents (in order) whose text has those stems in a row."""
    having: dict[str, list[int]] = {}  # stem -> the documents whose text has it
    for seq, where in enumerate(positions):
        for s in where:
            having.setdefault(s, []).append(seq)
    table: dict[str, list[int]] = {}
    for stems in sorted(keys):
        if not all(s in having for s in stems):
            continue
        rarest = min(stems, key=lambda s: len(having[s]))
        docs = [
            seq
            for seq in having[rarest]
            if all(s in positions[seq] for s in stems)
            and any(
                all(p + i in positions[seq][s] for i, s in enumerate(stems))
                for p in positions[seq][stems[0]]
            )
        ]
        if docs:
            table[" ".join(stems)] = docs
    return table
