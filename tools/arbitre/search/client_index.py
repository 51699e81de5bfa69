"""The search index of a static copy of the site: what the browser's search needs, as JSON.

The browser runs the same plan as `searcher.Searcher` (understand the query -> retrieve ->
rank -> present, `site/assets/search/engine.js`) over data analysed here, by Arbitre's own
chain (`analysis.py`), so both sides agree on what a word is:

- `docs`: one row per entry in index order (the whoosh document number): id, url, number,
  title, game, kind, role, parent row, title and parent-heading keys, official flag, text,
  display, card names, the sense its title names (`documents.title_sense`);
- `fields`: per indexed field, its terms (sorted), each term's postings packed in a string
  (doc deltas, then term frequencies, in base 36: `_pack`) and the field lengths BM25 needs
  (quantised as whoosh stores them, so scores are the same; packed the same way).  Strings,
  not arrays of numbers: the browser parses them at once (one string each) and unpacks only
  the postings a query reads (#23: the index's parse and the engine's start were most of the
  time to first results);
- `phrases`: for the phrases a query can ask for (thesaurus phrases, glossary names of several
  words), the entries whose text has their stems in a row;
- `names`: the glossary names table (`documents.glossary_names`), with the keys the searcher
  derives from it; `thesaurus`: the general and players' words groups (`vocabulary.yaml`'s
  pairs, with their games and provenance), analysed and keyed as `thesaurus.Thesaurus` does;
- `focus`: what tells a query's game (`vocabulary.yaml`'s names and words per game, the
  titles a focus line says) and `intents`: the question intents' cues (`intent.py`), as
  JavaScript regular expressions, and the entries worded as each one's answer;
- `authority` per game, `cards_key` per ruling (the rulings' cards, `CARD_RULING_FACTOR`);
- `analysis`: stop words, elisions (and how a word typed without its apostrophe is read:
  `elision.py`), question words and phrases, a question's inverted verb, the stems of every corpus word and the lemma table's forms, so
  a word the JavaScript stemmer would stem apart is looked up instead (one string of
  « word:stem » pairs, space-separated, sorted by word);
- `words`: the lexicon's words near the index's own or an English question's vocabulary, never
  typos, and those with an elision's shape (`lexicon.browser_words`; one space-separated
  string, sorted, looked up by halving); `english_words`: that English vocabulary, the words an
  English question's typos are corrected into (`english_typos.py`);
  `spellings`: how the words a correction may offer are printed (`analysis.Spellings`);
  `questions`: each entry's players' questions as stems (`rank.py`'s question match);
  `players_words`: the players' questions' words the rulebooks do not print, which a typo may
  be corrected into too (`players_words.py`).

The tables of how a query is read (`names`, `thesaurus`, `bilingual`, `focus`, `language`, the
stems of `analysis`) are built in `client_words.py`.  The index is written into the site by
`site/build.py` (`assets/search/index.json`).
"""

from __future__ import annotations

import json
from typing import Any

from whoosh.util.numeric import byte_to_length, length_to_byte

from arbitre.kb.entry import KINDS, Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.terms import term_links
from arbitre.search import accents, elision, quoted, weights
from arbitre.search import query as query_module
from arbitre.search.analysis import (
    ELISIONS,
    Spellings,
    folded_analyzer,
    french_analyzer,
    lemma_table,
    stop_words,
)
from arbitre.search.asking import MIN_TYPED, QUESTION_TYPO_TARGETS
from arbitre.search.bilingual import load_bilingual
from arbitre.search.client_words import (
    bilingual_table,
    focus_table,
    js_regex,
    language_table,
    names_table,
    stem_table,
    thesaurus_table,
)
from arbitre.search.documents import entry_document, glossary_names, question_stems
from arbitre.search.english_typos import english_vocabulary, english_words
from arbitre.search.foreign import analyse_names_of
from arbitre.search.indexer import SPELLED_FIELDS
from arbitre.search.intent import INTENTS
from arbitre.search.lexicon import browser_words
from arbitre.search.names import GlossaryNames
from arbitre.search.phrases import phrase_keys, phrase_table
from arbitre.search.players_words import players_spellings, players_words
from arbitre.search.postings import entry_folded
from arbitre.search.typos import deletion_index

CLIENT_FORMAT = 7
# stemmed, lengths kept (`asked`, `ruled`: the words the rulings' links lend an entry;
# `phrased`: players' questions it answers)
TEXT_FIELDS = ("title", "names", "context", "text", "asked", "ruled", "phrased")
EXACT_FIELDS = ("title_exact", "names_exact", "text_exact")  # folded, lengths kept
KEYWORD_FIELDS = ("number_parents", "former_numbers", "terms")  # space-separated, no lengths
ID_FIELDS = ("number_key", "parent")  # one key per entry


def _quantised(length: int) -> int:
    """A field length as whoosh stores it (one byte), hence as BM25 sees it."""
    return byte_to_length(length_to_byte(length)) if length else 0


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def _pack(numbers: list[int]) -> str:
    """Numbers ≥ 0 in base 36, comma-separated (JavaScript: `parseInt(x, 36)`)."""
    return ",".join(_base36(n) for n in numbers)


def _encode(postings: dict[int, int]) -> str:
    """Doc numbers as deltas, then `;` and term frequencies (omitted when all are 1)."""
    docs = sorted(postings)
    tfs = [postings[d] for d in docs]
    return _pack_docs(docs) + (";" + _pack(tfs) if any(tf != 1 for tf in tfs) else "")


def _pack_docs(docs: list[int]) -> str:
    """Ascending doc numbers as their deltas, packed."""
    return _pack([d - p for d, p in zip(docs, [0, *docs[:-1]], strict=True)] if docs else [])


def _words(words: list[str]) -> str:
    """Words as one space-separated string (a word never holds a space).  The browser looks
    a word up by halving the string (packed.js `packedFind`): sorted, a « : » only between a
    word and its value."""
    assert not any(" " in w or not w or w.count(":") > 1 for w in words)
    return " ".join(words)


def build_client_index(kb: KnowledgeBase) -> dict[str, Any]:
    """The browser's search index of `kb`, ready for JSON (the tables the module docstring says)."""
    analyse_names_of(kb)  # (as the index: `foreign.py`)
    corpus = _analyse(kb)
    named = glossary_names(kb)
    names = names_table(named)
    phrases = phrase_table(corpus.positions, phrase_keys(named))
    folded = [entry_folded(row[3], row[11]) for row in corpus.rows]  # title, text
    lemmas = lemma_table()
    exact = _typo_vocabulary(corpus.fields)
    players = players_words(kb, exact)
    vocab = {**players, **exact}  # (as `Typos.vocabulary`: the exact fields' counts first)
    english = english_words(GlossaryNames(named), load_bilingual())
    return {
        "format": CLIENT_FORMAT,
        "games": {g.id: g.title for g in kb.games},
        "authority": {g.id: g.authority for g in kb.games},
        "kinds": list(KINDS),
        "docs": corpus.rows,
        "fields": _fields_table(corpus),
        "phrases": phrases,
        "names": names,
        "thesaurus": thesaurus_table(),
        "focus": focus_table(kb),
        "ranking": ranking_constants(),
        "intents": _intents_table(folded),
        "analysis": _analysis_table(corpus.words | set(lemmas)),
        "words": _words(
            browser_words((vocab, deletion_index(vocab)), english_vocabulary(english), players)
        ),
        "english_words": _words(english),
        "language": language_table(),
        "bilingual": bilingual_table(),
        "questions": question_stems(kb),
        "spellings": {**corpus.spellings.table(), **players_spellings(kb, players)},
        "players_words": players,
    }


class _Corpus:
    """The entries' documents analysed as the whoosh index holds them, in index order: per
    field, each term's postings (doc number -> term frequency) and, for the analysed fields,
    each document's length (quantised); per document, the positions of each text stem and its
    `docs` row; the exact fields' words; how words are spelled."""

    def __init__(self) -> None:
        self.stemmed, self.folded = french_analyzer(), folded_analyzer()
        self.fields: dict[str, dict[str, dict[int, int]]] = {
            f: {} for f in (*TEXT_FIELDS, *EXACT_FIELDS, *KEYWORD_FIELDS, *ID_FIELDS)
        }
        self.lengths: dict[str, list[int]] = {f: [] for f in (*TEXT_FIELDS, *EXACT_FIELDS)}
        self.positions: list[dict[str, list[int]]] = []  # per doc: text stem -> positions
        self.rows: list[list[Any]] = []
        self.words: set[str] = set()
        self.spellings = Spellings()

    def add(self, seq: int, doc: dict[str, Any]) -> None:
        """Index document number `seq` (`documents.entry_document`) in every field."""
        for name in SPELLED_FIELDS:
            self.spellings.add(doc[name])
        for name in (*TEXT_FIELDS, *EXACT_FIELDS):
            self.add_analysed(seq, name, doc[name])
        for name in KEYWORD_FIELDS:
            for key in doc[name].split():
                postings = self.fields[name].setdefault(key, {})
                postings[seq] = postings.get(seq, 0) + 1
        for name in ID_FIELDS:
            if doc[name]:
                self.fields[name].setdefault(doc[name], {})[seq] = 1

    def add_analysed(self, seq: int, name: str, value: str) -> None:
        """Index one stemmed or folded field's value: its tokens' postings, its length, and the
        positions of the text's stems or the exact fields' words."""
        analyzer = self.stemmed if name in TEXT_FIELDS else self.folded
        count = 0
        where: dict[str, list[int]] = {}
        for token in analyzer(value, positions=True):
            postings = self.fields[name].setdefault(token.text, {})
            postings[seq] = postings.get(seq, 0) + 1
            count += 1
            if name == "text":
                where.setdefault(token.text, []).append(token.pos)
            if name in EXACT_FIELDS:
                self.words.add(token.text)
        self.lengths[name].append(_quantised(count))
        if name == "text":
            self.positions.append(where)


def _analyse(kb: KnowledgeBase) -> _Corpus:
    """Every entry of `kb` indexed as the whoosh document of its number, with its `docs` row."""
    links = term_links(kb)
    ids = {entry.id: seq for seq, entry in enumerate(kb.entries)}
    corpus = _Corpus()
    for seq, entry in enumerate(kb.entries):
        doc = entry_document(kb, entry, seq, links.get(entry.id))
        corpus.add(seq, doc)
        corpus.rows.append(_row(entry, doc, ids.get(entry.parent or "", -1)))
    return corpus


def _row(entry: Entry, doc: dict[str, Any], parent: int) -> list[Any]:
    """An entry's `docs` row (`parent`: its parent's row, or -1)."""
    display = doc["display"]  # whole: the snippet window is chosen over all of it
    return [
        entry.id,
        doc["url"],
        doc["number"],
        doc["title"],
        entry.game,
        entry.kind,
        doc["role"],
        parent,
        doc["title_key"],
        doc["parent_key"],
        0 if doc["official"] is False else 1,
        doc["text"],
        display,
        doc["cards_key"],
        doc["sense"],
    ]


def _fields_table(corpus: _Corpus) -> dict[str, dict[str, Any]]:
    """Per field: its terms, sorted; each one's postings, encoded; its lengths, packed (None
    for the fields without lengths)."""
    return {
        name: {
            "terms": sorted(postings),
            "postings": [_encode(p) for _, p in sorted(postings.items())],
            "lengths": _pack(corpus.lengths[name]) if name in corpus.lengths else None,
        }
        for name, postings in corpus.fields.items()
    }


def _typo_vocabulary(fields: dict[str, dict[str, dict[int, int]]]) -> dict[str, int]:
    """The typo corrector's vocabulary (`Typos.vocabulary`): exact words with their doc counts."""
    vocab: dict[str, int] = {}
    for name in EXACT_FIELDS:
        for term, postings in fields[name].items():
            if not term[0].isdigit():
                vocab[term] = vocab.get(term, 0) + len(postings)
    return vocab


def _intents_table(folded: list[str]) -> list[dict[str, Any]]:
    """Each question intent: its name, label, cues, and the rows of the entries (folded title
    and text: `folded`) worded as its answers."""
    return [
        {
            "name": i.name,
            "label": i.label,
            "cues": js_regex(i.cues),
            # The entries worded as its answers (rank.py `_answers`), found here once: the
            # browser would compile and run its long regular expression on each candidate.
            "answering": _pack_docs([seq for seq, f in enumerate(folded) if i.answers(f)]),
        }
        for i in INTENTS
    ]


def _analysis_table(words: set[str]) -> dict[str, Any]:
    """What the browser's query analysis reads: stop words, elisions, question words (and
    those a typo is read as), kind names, and the stems of `words` that Snowball alone would
    not give."""
    return {
        "stops": sorted(stop_words()),
        "elisions": list(ELISIONS),
        "elision": elision.browser_table(),
        "question_words": sorted(query_module.QUESTION_WORDS),
        "question_phrases": js_regex(query_module.QUESTION_PHRASES),
        # Wording the query quotes (`quoted.py`): the same expressions, and its bounds.
        "quoted": {
            "quote": quoted.QUOTE.pattern,
            "printed": quoted.PRINTED.pattern,
            "word": quoted.WORD.pattern,
            "ellipsis": quoted.ELLIPSIS.pattern,
            "placeholders": sorted(quoted.PLACEHOLDERS),
            "placeholder": quoted.PLACEHOLDER,
            "max": quoted.MAX_QUOTED,
            "max_words": quoted.MAX_QUOTED_WORDS,
            "min_letters": quoted.MIN_QUOTED_LETTERS,
        },
        "inversion": js_regex(query_module.INVERSION),
        "question_markers": sorted(query_module.QUESTION_MARKERS),
        "question_typos": {"targets": list(QUESTION_TYPO_TARGETS), "min_typed": MIN_TYPED},
        "accents": accents.browser_table(),
        "kind_names": query_module.KIND_NAMES,
        # The stem of every word of the corpus and of every lemma-table form: the browser
        # stems with the same Snowball algorithm, but looks these up first (« word:stem »,
        # sorted by word: found by halving the string).
        "stems": _words([f"{w}:{s}" for w, s in sorted(stem_table(words).items())]),
    }


RANKING_CONSTANTS = (
    "FIELD_BOOSTS_STEMMED",
    "LENT_FIELDS",
    "FIELD_BOOSTS_EXACT",
    "CARD_RULING_FACTOR",
    "UNNAMED_CARD_FACTOR",
    "SENSE_FACTOR",
    "PHRASE_BONUS",
    "QUOTE_BONUS",
    "INTENT_BONUS",
    "QUESTION_KIND_FACTORS",
    "INTENT_KIND_FACTORS",
    "BARE_HEADING_FACTOR",
    "UNOFFICIAL_FACTOR",
    "THESAURUS_WEIGHT",
    "BILINGUAL_WEIGHT",
    "UNFOCUSED_WEIGHT",
    "GAME_FOCUS_DEPTH",
    "GAME_FOCUS_SHARE",
    "GAME_NAMED_FACTOR",
    "GAME_FOCUS_FACTOR",
    "WORD_GAME_SHARE",
    "WORD_GAME_MIN_DOCS",
    "GAME_NAME_WEIGHT",
    "MAX_TYPO_LENGTH",
    "MAX_TYPO_WORDS",
    "MAX_TYPO_CANDIDATES",
    "MENTION_WEIGHT",
    "FAMILY_WEIGHT",
    "RERANK_DEPTH",
    "MAX_POSTINGS",
    "CHAMPIONS",
    "QUESTION_MATCH_BONUS",
    "QUESTION_MATCH_POWER",
    "QUESTION_PAIR_BONUS",
    "DIVERSE_TOP",
    "TERM_CHILDREN",
    "BM25_K1",
    "BM25_B",
    "COORD_POWER",
    "KIND_ORDER",
)


def ranking_constants() -> dict[str, Any]:
    """The searcher's ranking constants, by name, for the browser's engine (`useRanking`)."""
    out: dict[str, Any] = {}
    for name in RANKING_CONSTANTS:
        value = getattr(weights, name)
        out[name] = sorted(value) if isinstance(value, frozenset) else value
    return out


def client_index_json(kb: KnowledgeBase) -> str:
    return json.dumps(build_client_index(kb), ensure_ascii=False, separators=(",", ":"))
