"""The browser's index (`client_index.py`): its tables of how a query is read, each as the
Python stage reads it — the glossary names with the keys the searcher derives from them
(`names.py`), the thesaurus and players' words (`thesaurus.py`), the bilingual table
(`bilingual.py`), what tells a query's game (`focus.py`), the language word lists
(`language.py`) and the stems the browser's Snowball stemmer cannot give (`analysis.py`); and
Python patterns as JavaScript ones (`js_regex`)."""

from __future__ import annotations

import re
from typing import Any

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.search.analysis import analyze, stem
from arbitre.search.bilingual import load_bilingual
from arbitre.search.language import (
    ENGLISH_DEFINITION_WORDS,
    ENGLISH_FUNCTION_WORDS,
    ENGLISH_QUESTION_WORDS,
    french_function_words,
)
from arbitre.search.names import english_key, spoken_key, typed_key
from arbitre.search.plan import (
    FOCUS_ABSENT,
    FOCUS_MISSING,
    FOCUS_NAMED,
    FOCUS_NOWHERE,
    FOCUS_REASONS,
)
from arbitre.search.thesaurus import load_thesaurus
from arbitre.search.vocabulary import load_vocabulary


def names_table(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The glossary names (`documents.glossary_names`) with the keys the searcher derives from
    them (see Searcher)."""
    out = []
    for row in rows:
        key = " ".join(analyze(row["name"], stemmed=False))  # "" rows still make twins
        titles = sorted({" ".join(analyze(t, stemmed=False)) for t in row["expand"]} - {""})
        out.append(
            {
                "key": key,
                "typed": typed_key(row["name"]),
                "english": english_key(key) if row["foreign"] else "",
                "spoken": spoken_key(row["name"]) if row["foreign"] else "",
                "game": row["game"],
                "targets": row["targets"],
                "same": row["same"],
                "titles": titles,
                "foreign": bool(row["foreign"]),
            }
        )
    return out


def bilingual_table() -> list[dict[str, Any]]:
    """The bilingual table: each translation's English keys (with the phrase each came from,
    in the order `Bilingual` indexes them), French phrases and provenance."""
    table = load_bilingual()
    keys: dict[int, list[list[str]]] = {}
    for key, pairs in table.index().items():
        for translation, phrase in pairs:
            keys.setdefault(id(translation), []).append([key, phrase])
    return [
        {
            "keys": keys.get(id(t), []),
            "french": [
                [list(words), list(stems)] for words, stems in zip(t.french, t.stems(), strict=True)
            ],
            "provenance": t.provenance,
        }
        for t in table.translations
    ]


def thesaurus_table() -> list[dict[str, Any]]:
    """Every group in the thesaurus's order (general groups, then each game's pairs)."""
    groups = []
    for group in load_thesaurus().groups:
        groups.append(
            {
                "phrases": [[list(p.words), list(p.stems)] for p in group.phrases],
                "sources": [[list(p.words), list(p.stems)] for p in group.sources],
                "games": sorted(group.games) if group.games is not None else None,
                "provenance": group.provenance,
                "vocabulary": group.vocabulary,
            }
        )
    return groups


def focus_table(kb: KnowledgeBase) -> dict[str, Any]:
    """What the searcher's game focus reads besides the index: the markers of each game
    (`Vocabulary.markers_in`, in its order), which of them are the games' names and the
    words a query's names spell (`game_name_spans`), the title a focus line names a game by
    (`Searcher.game_title`), and the French reasons (`Focus.as_dict`)."""
    vocabulary = load_vocabulary()
    titles = {g.id: g.short_title for g in kb.games}
    return {
        "markers": vocabulary.marker_keys(),
        "names": vocabulary.name_markers(),
        "name_words": vocabulary.name_words(),
        "titles": titles,
        "reasons": FOCUS_REASONS,
        "named": FOCUS_NAMED,
        "absent": FOCUS_ABSENT,
        "nowhere": FOCUS_NOWHERE,
        "missing": FOCUS_MISSING,
    }


def language_table() -> dict[str, list[str]]:
    """The word lists that tell a query's language (`language.is_english`)."""
    return {
        "english": sorted(ENGLISH_FUNCTION_WORDS),
        "english_questions": sorted(ENGLISH_QUESTION_WORDS),
        "english_definition": sorted(ENGLISH_DEFINITION_WORDS),
        "french": sorted(french_function_words()),
    }


def stem_table(words: set[str]) -> dict[str, str]:
    """word -> its stem, for the words whose stem is not what Snowball alone gives.

    The JavaScript stemmer is the French Snowball algorithm (tested against the Python one on
    every word of the corpus); what it cannot know is the lemma table (« attaquent » ->
    « attaquer ») and the « -ee(s) » rule, which are data here.
    """
    from whoosh.lang.snowball.french import FrenchStemmer

    snowball = FrenchStemmer().stem
    table = {}
    for word in sorted(words):
        if len(word) > 2 and not word[0].isdigit():
            stemmed = stem(word)
            if stemmed != snowball(word):
                table[word] = stemmed
    return table


def js_regex(pattern: re.Pattern[str]) -> str:
    """A Python pattern of folded text as a JavaScript one (flag "u"): `\\w` is Unicode in
    Python, ASCII in JavaScript."""
    source = pattern.pattern.replace(r"[\w]", r"[\p{L}\p{N}_]").replace(r"\w", r"[\p{L}\p{N}_]")
    return source
