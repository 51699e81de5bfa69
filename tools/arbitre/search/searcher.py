"""The Searcher: open an index once, answer many queries (thread-safe).

Ranking, in order of decision:

1. A query that is only a rule number (« 609.1f », « règle 408 », « r. 4.3.h ») lists the
   entries printed with that number first, then its sub-rules in reading order (« 609.1 » ->
   609.1, 609.1a, 609.1b…), then the entries that cite it.
2. Otherwise every content word becomes a disjunction over fields (number, title, names =
   aliases + English + card, headings above, text; stemmed and exact forms), joined with a
   coordination bonus, plus phrase bonuses for adjacent words.  Glossary names found in the
   query (a French term, an alias, an abbreviation, an English original) add the term's
   entries and its French title; a query that is only such a name also favours the entries
   whose text uses the term (the site's glossary links).  A word the index has never seen is
   replaced by its nearest indexed words (edit distance 1–2 by length), which also yields a
   « did you mean ».
   Words of the domain thesaurus (`thesaurus.yaml`: deck / paquet / pioche, mourir / détruit /
   vaincu…) and each game's players' words (`vocabulary.yaml`: « jeton » -> Marvel
   Champions' « pion ») add the other words of their group at low weight; a synonym that is a
   phrase (« joue en premier ») counts in full where its words stand in a row.  The questions
   of the rulings about an entry (`asked`) and the words of the entries a ruling is about
   (`ruled`) count a little, without making an entry hold a query word.
   A query asked without a game is taken to be about one (its `focus`, which the result
   reports): when its glossary names all belong to one game (« zone de mana »: Altered), else
   when it uses words of one game only (« butin », « Phoenixborn », « four souls »), else, for
   a question, when its best candidates mostly belong to one game.
3. The top of the BM25F list is re-ranked by what the query looks like: a short term query puts
   a definition (glossary entry, or an entry titled by the term) first — for a glossary name,
   the term's own entries only, not every term sharing a word with it; a question favours FAQ
   answers and passages with text over bare headings; an entry holding the query's words next
   to each other (or, for a glossary name, the term's French title as a phrase) gains, and so
   does a passage worded as the answer the question's intent asks for (`intent.py`: a
   quantity, a permission, a consequence).
"""

from __future__ import annotations

import heapq
import html
import math
import queue
import re
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.lang.snowball.english import EnglishStemmer
from whoosh.query import And, Phrase, Term

from arbitre.search.analysis import (
    analyze,
    fold,
    folded_analyzer,
    french_analyzer,
    is_rule_number,
    stem,
    use_lemma_table,
)
from arbitre.search.indexer import read_lemmas, read_meta
from arbitre.search.intent import BY_NAME as INTENTS
from arbitre.search.intent import Intent
from arbitre.search.query import ParsedQuery, parse_query
from arbitre.search.thesaurus import load_thesaurus
from arbitre.search.vocabulary import load_vocabulary

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
PHRASE_BONUS = 0.5  # an entry with the query's words next to each other, in order
# A candidate worded as the kind of answer the question asks for (`intent.py`: a quantity, a
# permission, a consequence) gains this factor: less than one content word of the query
# weighs (the coordination factor takes far more from an entry lacking one), so question
# words never outweigh content words.
INTENT_BONUS = 1.15
# A question (not a term) is more often answered by a FAQ answer than by a definition; a
# question asking what a term means (the « definition » intent), by a definition.
QUESTION_KIND_FACTORS = {"faq": 1.3, "glossary": 0.7}
INTENT_KIND_FACTORS = {"definition": {"glossary": 1.3}}
BARE_HEADING_FACTOR = 0.4  # an entry with no text (a heading) cannot answer anything
UNOFFICIAL_FACTOR = 0.9  # a translator's or compiler's note, below the document's own text
THESAURUS_WEIGHT = 0.5  # a thesaurus synonym counts this much of the word it stands for
# A game's own synonyms, in a search that could be about any game, count this share of that.
UNFOCUSED_WEIGHT = 0.5
# A question whose best candidates are mostly one game's (GAME_FOCUS_SHARE of the score of the
# first GAME_FOCUS_DEPTH) is about that game: the other games' candidates count GAME_FOCUS_FACTOR.
GAME_FOCUS_DEPTH, GAME_FOCUS_SHARE, GAME_FOCUS_FACTOR = 10, 0.7, 0.5
# A word belongs to a game when that game holds this share of the entries using it (and at
# least this many): a query using one game's words only is about that game.
WORD_GAME_SHARE, WORD_GAME_MIN_DOCS = 0.9, 2
# A query naming a glossary term: an entry whose text uses the term (one of the site's
# auto-links to it) gains this × the term's rarity, about what a rare word in its title gives.
MENTION_WEIGHT = 10.0
# A word's family (other stems sharing all but its stem's last letter), and a long word's own
# stem once more, count this much in the text.
FAMILY_WEIGHT = 0.4
RERANK_DEPTH = 60
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
MARK = ("<mark>", "</mark>")


# Bounds on typo correction, whatever the input (a 500-letter word cost 0.3-1 s without them):
# no French word of the rulebooks is longer than MAX_TYPO_LENGTH letters, a query corrects at
# most MAX_TYPO_WORDS words, and a word's candidates are compared with it at most
# MAX_TYPO_CANDIDATES at a time (the most frequent in the index first).
MAX_TYPO_LENGTH = 24
MAX_TYPO_WORDS = 8
MAX_TYPO_CANDIDATES = 200
# The per-term score cache is emptied when it reaches either bound (about 25 MB when full).
POSTINGS_CACHE_TERMS = 50_000
POSTINGS_CACHE_ENTRIES = 300_000


def max_edits(word: str) -> int:
    """Typos tolerated in a word of this length."""
    if len(word) <= 3 or len(word) > MAX_TYPO_LENGTH or word.isdigit():
        return 0
    return 1 if len(word) <= 7 else 2


@dataclass
class Expansion:
    targets: list[str]  # entry ids the glossary name designates
    words: list[str]  # folded words of the French title it expands to
    titles: set[str] = field(default_factory=set)  # the French titles, as analyzed word keys
    positions: set[int] = field(default_factory=set)  # query words the name covers
    foreign: bool = False  # an English original or the other half of a « Vitesse/Speed » pair
    game: str = ""  # the game whose glossary has the name


@dataclass
class Concept:
    """One word of the query: every term that counts as finding it, and how rare it is."""

    terms: list[Term]
    weight: float
    # Phrases: stems, weight, and the games where they count (None: all).
    phrases: list[tuple[tuple[str, ...], float, frozenset[str] | None]] = field(
        default_factory=list
    )
    # Terms that count only in some games' entries (a game's own synonyms).
    scoped: list[tuple[Term, frozenset[str]]] = field(default_factory=list)


@dataclass
class Plan:
    words: list[str]
    corrected: list[str]
    concepts: list[Concept] = field(default_factory=list)
    boosted_ids: dict[str, float] = field(default_factory=dict)
    mentions: dict[str, float] = field(default_factory=dict)  # glossary id -> weight of its users
    names: set[str] = field(default_factory=set)
    whole_name: bool = False
    # Query word positions that spell a glossary name -> the games whose glossary has it.
    named_spans: dict[tuple[int, ...], set[str]] = field(default_factory=dict)
    phrases: list[PhrasePattern] = field(default_factory=list)  # word sequences to find
    # What the query was expanded to, for `explain`: (query words, added words, provenance).
    synonyms: list[tuple[str, list[str], str]] = field(default_factory=list)


FOCUS_REASONS = {  # why a query was taken to be about a game (the site's search says it too)
    "glossary": "termes de son glossaire",
    "vocabulary": "mots propres à ce jeu",
    "candidates": "la plupart des meilleures réponses en viennent",
}


@dataclass(frozen=True)
class Focus:
    """The game a query without a game filter was taken to be about, and why."""

    game: str
    reason: str  # "glossary", "vocabulary" (the game's own words), "candidates"
    words: list[str]  # the query words that tell it

    def as_dict(self, title: str) -> dict[str, Any]:
        because = FOCUS_REASONS[self.reason]
        if self.words:
            because += " : " + ", ".join(f"« {w} »" for w in self.words)
        return {
            "game": self.game,
            "title": title,
            "reason": self.reason,
            "words": list(self.words),
            "message": f"dans {title} ({because})",
        }


class Searcher:
    """Search one index generation.  Create once; `search` may be called from many threads."""

    def __init__(self, generation: Path) -> None:
        self.generation = generation
        self.meta = read_meta(generation)
        # Queries are analysed as this generation's text was, with its lemma table (loading it
        # costs a few milliseconds; building it from the dictionary, about two seconds).
        if use_lemma_table(read_lemmas(generation)):
            load_thesaurus.cache_clear()  # its phrases were stemmed with another table
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            self._ix = whoosh_index.open_dir(str(generation))
        self._pool: queue.SimpleQueue = queue.SimpleQueue()
        self._open: list[Any] = []
        self._lock = threading.Lock()
        self.games: list[str] = list(self.meta["games"])
        self.fingerprint: str = self.meta["fingerprint"]
        self.entry_count: int = self.meta["entries"]
        self._names: dict[str, dict[str, Expansion]] = {}  # name key -> game -> expansion
        self._names_en: dict[str, dict[str, Expansion]] = {}  # English names, by English stems
        self._names_typed: dict[str, dict[str, Expansion]] = {}  # names with their stop words
        self._longest_name = 1
        # Names that analyse alike in one game (« Joueur » and « Par joueur », the term
        # « Endurance » and the pair « d'endurance/Life » of running text): the one naming
        # entries wins, then the one spelt with no stop word, then a French one.
        rows = []
        for row in self.meta["glossary"]:
            # As printed: « pouvoir de dés » keeps its « dés », which « des » would lose.
            key = " ".join(analyze(row["name"], stemmed=False))
            if key:
                rank = (bool(row["targets"]), _typed_key(row["name"]) == key, not row["foreign"])
                rows.append((rank, key, row))
        rows.sort(key=lambda item: item[0])  # stable: the best of each key is written last
        for _rank, key, row in rows:
            titles = {" ".join(analyze(title, stemmed=False)) for title in row["expand"]}
            words = sorted({w for title in titles for w in title.split()})
            expansion = Expansion(
                list(row["targets"]),
                words,
                titles - {""},
                foreign=bool(row.get("foreign")),
                game=row["game"],
            )
            self._names.setdefault(key, {})[row["game"]] = expansion
            if expansion.foreign:  # « fizzle » finds « Fizzling », « exhaustion » « exhausted »
                self._names_en.setdefault(_english_key(key), {})[row["game"]] = expansion
            bare = _without_variable(key)
            if bare:  # « Riposte X », « Retaliate X » are typed « riposte », « retaliate »
                self._names.setdefault(bare, {}).setdefault(row["game"], expansion)
                if expansion.foreign:
                    self._names_en.setdefault(_english_key(bare), {}).setdefault(
                        row["game"], expansion
                    )
            self._longest_name = max(self._longest_name, len(key.split()))
            # The name as typed, stop words kept: « pouvoir de des » is « pouvoir de dés »
            # typed without accents, though « des » alone is an article.
            self._names_typed.setdefault(_typed_key(row["name"]), {})[row["game"]] = expansion
        # Entries that are the same passage under another name: a glossary term, the entry
        # defining it, the entries it redirects to.
        self._twins: dict[str, str] = {}
        for row in self.meta["glossary"]:
            targets = list(row["targets"])
            if len(targets) > 1:
                group = self._twins.get(targets[0], targets[0])
                for target in targets:
                    self._twins.setdefault(target, group)
        self._vocab: tuple[dict[str, int], dict[str, list[str]]] | None = None
        self._word_games: dict[str, str | None] = {}
        self._intent_cache: dict[tuple[str, int], bool] = {}
        self._postings_cache: dict[tuple[str, str], dict[int, float]] = {}
        self._postings_entries = 0  # (document, score) pairs held by _postings_cache
        self._lengths_cache: dict[str, list[int]] = {}
        self._norms_cache: dict[str, list[float] | None] = {}
        self._folded_cache: dict[int, str] = {}
        self._stored_cache: dict[int, dict[str, Any]] = {}
        self._tokens_cache: dict[int, list[tuple[str, int, int]]] = {}
        with self._whoosh() as searcher:
            reader = searcher.reader()
            self.doc_count = reader.doc_count_all()
            self._doc_game: list[str] = [""] * self.doc_count
            for g in self.games:
                if reader.doc_frequency("game", g):
                    for docnum in reader.postings("game", g).all_ids():
                        self._doc_game[docnum] = g
        self._stemmed = french_analyzer()
        self._folded = folded_analyzer()

    # -- plumbing ---------------------------------------------------------------------------

    @contextmanager
    def _whoosh(self) -> Iterator[Any]:
        """A whoosh searcher for this thread's use; searchers are pooled, never shared at once."""
        try:
            searcher = self._pool.get_nowait()
        except queue.Empty:
            with self._lock:
                searcher = self._ix.searcher()
                self._open.append(searcher)
        try:
            yield searcher
        finally:
            self._pool.put(searcher)

    def warm(self) -> None:
        """Load what the first queries would otherwise pay for: every document's stored fields,
        the field lengths BM25 needs, and the typo-correction vocabulary.  A server calls this
        at start so that its latency does not depend on which query comes first."""
        with self._whoosh() as searcher:
            reader = searcher.reader()
            for docnum in range(self.doc_count):
                self._stored(searcher, docnum)
            for fieldname in (*FIELD_BOOSTS_STEMMED, "title_exact", "names_exact"):
                self._norms(reader, fieldname)
            self._vocabulary(reader)
        load_thesaurus()  # with the players' vocabulary it reads

    def close(self) -> None:
        with self._lock:
            for searcher in self._open:
                searcher.close()
            self._open.clear()
            self._ix.close()

    # -- public API -------------------------------------------------------------------------

    def search(
        self,
        q: str,
        game: str | None = None,
        kind: str | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> dict[str, Any]:
        """Search; returns {"query", "total", "hits": [...], "suggestion"}."""
        parsed = parse_query(q, self.games, game, kind)
        focus: Focus | None = None
        with self._whoosh() as searcher:
            if parsed.number:
                ranked, total, terms = self._number_search(searcher, parsed, limit + offset)
                suggestion = None
            else:
                ranked, total, terms, suggestion, focus = self._text_search(
                    searcher, parsed, limit + offset
                )
            page = ranked[offset : offset + limit]
            hits = [
                self._hit(searcher, docnum, score, terms.get(self._doc_game[docnum], terms[""]))
                for docnum, score in page
            ]
        result = {"query": q, "total": total, "hits": hits, "suggestion": suggestion}
        result["focus"] = focus.as_dict(self.game_title(focus.game)) if focus else None
        return result

    def explain(self, q: str, game: str | None = None, kind: str | None = None) -> dict[str, Any]:
        """The query plan as data: what the query was understood to ask (words, corrections,
        intent, glossary names, synonyms with their provenance, game focus)."""
        parsed = parse_query(q, self.games, game, kind)
        focus = self.search(q, game=game, kind=kind, limit=1)["focus"]
        out: dict[str, Any] = {
            "query": q,
            "game": parsed.game,
            "kind": parsed.kind,
            "number": parsed.number,
            "question": parsed.question,
            "intent": None,
            "focus": focus,
        }
        if parsed.intent:
            out["intent"] = {"name": parsed.intent, "label": INTENTS[parsed.intent].label}
        if parsed.number:
            return out
        with self._whoosh() as searcher:
            plan, _focus = self._understand(searcher, parsed)
        out["words"] = plan.words
        out["corrected"] = plan.corrected
        out["glossary_names"] = sorted(
            {" ".join(plan.corrected[i] for i in span) for span in plan.named_spans}
        )
        out["synonyms"] = [
            {"words": words, "adds": adds, "provenance": provenance}
            for words, adds, provenance in plan.synonyms
        ]
        return out

    def game_title(self, game: str) -> str:
        """The name players call a game by (game.yaml `short_title`)."""
        return self.meta.get("game_titles", {}).get(game, game)

    # -- rule numbers -----------------------------------------------------------------------

    def _filter(self, parsed: ParsedQuery) -> Any:
        clauses = []
        if parsed.game:
            clauses.append(Term("game", parsed.game))
        if parsed.kind:
            clauses.append(Term("kind", parsed.kind))
        if not clauses:
            return None
        return clauses[0] if len(clauses) == 1 else And(clauses)

    def _number_search(
        self, searcher: Any, parsed: ParsedQuery, depth: int
    ) -> tuple[list, int, dict[str, set[str]]]:
        number = parsed.number or ""
        filt = self._filter(parsed)
        seen: set[int] = set()
        ranked: list[tuple[int, float]] = []

        def stored(docnum: int) -> dict[str, Any]:
            return self._stored(searcher, docnum)

        exact = searcher.search(Term("number_key", number), filter=filt, limit=None)
        exact_docs = sorted(
            (hit.docnum for hit in exact),
            key=lambda d: (KIND_ORDER.get(stored(d)["kind"], 9), stored(d)["seq"]),
        )
        children = searcher.search(Term("number_parents", number), filter=filt, limit=None)
        child_docs = sorted((hit.docnum for hit in children), key=lambda d: stored(d)["seq"])
        for rank_score, docs in ((100.0, exact_docs), (50.0, child_docs)):
            for docnum in docs:
                if docnum not in seen:
                    seen.add(docnum)
                    ranked.append((docnum, rank_score))
        # Then the entries that cite the number in their text.
        citing = searcher.search(Term("text", number), filter=filt, limit=max(depth, 10))
        for hit in citing:
            if hit.docnum not in seen:
                seen.add(hit.docnum)
                ranked.append((hit.docnum, round(min(hit.score, 49.0), 4)))
        total = len(seen | set(citing.docs()))  # every entry any page of this query lists
        return ranked, total, {"": {number}}

    # -- words ------------------------------------------------------------------------------

    def _known_form(self, reader: Any, word: str) -> bool:
        """Whether the index has this word as typed (accents aside)."""
        return any(
            reader.doc_frequency(fieldname, word)
            for fieldname in ("text_exact", "title_exact", "names_exact")
        )

    def _known(self, reader: Any, word: str) -> bool:
        """Whether the index has this word, as typed or as another form of the same stem."""
        if self._known_form(reader, word):
            return True
        stemmed = stem(word)
        return any(reader.doc_frequency(f, stemmed) for f in ("text", "title", "names"))

    def _vocabulary(self, reader: Any) -> tuple[dict[str, int], dict[str, list[str]]]:
        """Every indexed word with its document frequency, and a one-deletion index over them.

        Built once, on the first unknown word (SymSpell-style: a word and a typo of it share a
        form with one or two letters deleted), because whoosh's Levenshtein automata cost
        several milliseconds per field and word.
        """
        with self._lock:
            if self._vocab is None:
                vocab: dict[str, int] = {}
                for fieldname in ("title_exact", "names_exact", "text_exact"):
                    for raw, info in reader.iter_field(fieldname):
                        word = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                        if not word[0].isdigit():
                            vocab[word] = vocab.get(word, 0) + info.doc_frequency()
                deletes: dict[str, list[str]] = {}
                for word in vocab:
                    if len(word) > 3:
                        for form in _deletions(word):
                            deletes.setdefault(form, []).append(word)
                self._vocab = (vocab, deletes)
            return self._vocab

    def _corrections(self, reader: Any, word: str) -> list[str]:
        """Indexed words within the typo budget of `word`, most plausible first."""
        edits = max_edits(word)
        if edits == 0:
            return []
        vocab, deletes = self._vocabulary(reader)
        forms = {word} | _deletions(word)
        if edits > 1:
            forms |= {f2 for f in list(forms) for f2 in _deletions(f)}
        found: set[str] = set()
        for form in forms:
            if form in vocab:
                found.add(form)
            found.update(deletes.get(form, ()))
        found.discard(word)
        # The first letter is rarely wrong, unless swapped with the second (« etat » for « teat »).
        plausible = [
            c
            for c in found
            if (c[0] == word[0] or c[:2] == word[1::-1]) and abs(len(c) - len(word)) <= edits
        ]
        if len(plausible) > MAX_TYPO_CANDIDATES:
            plausible = sorted(plausible, key=lambda c: (-vocab[c], c))[:MAX_TYPO_CANDIDATES]
        distance = {c: _distance(word, c) for c in plausible}
        candidates = [c for c, d in distance.items() if d <= edits]
        if candidates:  # only the nearest: a farther word is another word, not this one
            best = min(distance[c] for c in candidates)
            candidates = [c for c in candidates if distance[c] == best]
        candidates.sort(key=lambda c: (distance[c], -vocab[c], c))
        return candidates[:3]

    def _glossary_matches(
        self,
        words: list[str],
        game: str | None,
        typed: list[str] | None = None,
        unknown: set[int] | frozenset[int] = frozenset(),
    ) -> tuple[list[Expansion], set[int]]:
        """Glossary names found in the query, longest first; and the positions they cover.

        A span holding a word the index does not know (`unknown` positions of the words as
        `typed`) may also be an inflection of an English name (« fizzle » for « Fizzling »).
        """
        found: list[Expansion] = []
        covered: set[int] = set()
        n = len(words)
        for size in range(min(self._longest_name, n), 0, -1):
            for start in range(0, n - size + 1):
                span = set(range(start, start + size))
                if span & covered:
                    continue
                per_game = self._names.get(" ".join(words[start : start + size]))
                if not per_game and typed and span & unknown:
                    per_game = self._names_en.get(
                        _english_key(" ".join(typed[start : start + size]))
                    )
                if not per_game:
                    continue
                for g, expansion in sorted(per_game.items()):
                    if game is None or g == game:
                        found.append(replace(expansion, positions=span))
                        covered |= span
        return found, covered

    def _names_in(
        self, corrected: list[str], parsed: ParsedQuery, words: list[str], fixed: set[int]
    ) -> tuple[list[Expansion], set[int]]:
        """Glossary names in the query's words as corrected (`fixed`: the positions that
        differ from what was typed), and the positions they cover."""
        expansions, covered = self._glossary_matches(corrected, parsed.game, words, fixed)
        if parsed.question or not words:
            return expansions, covered
        # The whole query typed as a name, stop words and all, its misspelt words corrected.
        fixes = {words[i]: corrected[i] for i in fixed}
        key = " ".join(fixes.get(w, w) for w in _typed_key(parsed.text).split())
        named = [
            replace(expansion, positions=set(range(len(words))))
            for g, expansion in sorted(self._names_typed.get(key, {}).items())
            if parsed.game is None or g == parsed.game
        ]
        if named:
            return named, set(range(len(words)))
        return expansions, covered

    def _word_terms(self, word: str, weight: float = 1.0) -> list[Term]:
        """The terms one query word looks for, field by field, with their weights."""
        stemmed = stem(word)
        terms = [Term(f, stemmed, boost=b * weight) for f, b in FIELD_BOOSTS_STEMMED.items()]
        terms += [Term(f, word, boost=b * weight) for f, b in FIELD_BOOSTS_EXACT.items()]
        if is_rule_number(word) and "." in word:
            terms.append(Term("number_key", word, boost=30.0 * weight))
            terms.append(Term("number_parents", word, boost=3.0 * weight))
        return terms

    def _stem_family(self, reader: Any, word: str) -> list[Term]:
        """Other stems of the same word family (« perdu » / « perdez »: perdu / perd), and
        the word's own stem once more.

        The Snowball stemmer leaves participles and some conjugations apart; indexed stems
        sharing all but the last letter of the word's stem (at least 4 letters) count too, at
        a lower weight.  A long word (a stem of 5 letters or more) is a content word, and its
        own stem counts that much more in the text: this is what the family lookup did before
        it excluded the stem itself (bytes compared with str), and removing it measured worse
        on both held-out sets (holdout R@5 0.889 -> 0.867, holdout2 0.917 -> 0.883).
        """
        stemmed = stem(word)
        if len(stemmed) < 5 or stemmed[0].isdigit():
            return []
        prefix = stemmed[:-1]
        family = [
            t.decode("utf-8") if isinstance(t, bytes) else t
            for t in reader.expand_prefix("text", prefix)
        ]
        family = [t for t in family if len(t) <= len(stemmed) + 2]  # the stem itself included
        return [Term("text", other, boost=FAMILY_WEIGHT) for other in family[:4]]

    def _plan(self, reader: Any, parsed: ParsedQuery) -> Plan:
        """Words -> weighted terms per concept, typo corrections, glossary expansions."""
        words = list(parsed.words)
        plan = Plan(words=words, corrected=list(words))
        total_docs = max(reader.doc_count(), 1)
        unknown: set[int] = set()
        respell: dict[int, str] = {}
        budget = MAX_TYPO_WORDS  # words left that typo correction may look at
        for i, word in enumerate(words):
            if is_rule_number(word) or self._known_form(reader, word) or budget <= 0:
                variants = [(word, 1.0)]
            elif self._known(reader, word):
                budget -= 1
                # A form the index lacks of a stem it has: an inflection (« attaquerons »), or
                # a typo landing on another word's stem (« pouvir » de base).  The nearest
                # printed word is kept in reserve, for a lookup it turns into a glossary name.
                variants = [(word, 1.0)]
                nearest = [] if parsed.question else self._corrections(reader, word)[:1]
                if nearest and _distance(word, nearest[0]) == 1:
                    respell[i] = nearest[0]
            else:
                budget -= 1
                unknown.add(i)
                alternatives = self._corrections(reader, word)
                if alternatives:
                    plan.corrected[i] = alternatives[0]
                # A word missing from a long question is more often a synonym gap than a typo.
                first = 0.5 if parsed.question else 1.0
                # The alternatives are equally near: equally likely, whatever their frequency.
                variants = [(word, 1.0), *((alternative, first) for alternative in alternatives)]
            terms: list[Term] = []
            for variant, weight in variants:
                terms += self._word_terms(variant, weight)
            terms += self._stem_family(reader, plan.corrected[i])
            df = max(
                reader.doc_frequency("text", stem(plan.corrected[i])),
                reader.doc_frequency("title", stem(plan.corrected[i])),
            )
            plan.concepts.append(Concept(terms, math.log(1 + total_docs / (1 + df))))

        expansions, covered = self._names_in(plan.corrected, parsed, words, unknown)
        if respell:
            trial = [respell.get(i, w) for i, w in enumerate(plan.corrected)]
            found, spanned = self._names_in(trial, parsed, words, unknown | set(respell))
            # Kept where a name of several words, or the whole query, needs the respelling.
            kept = {
                i
                for i in respell
                if spanned == set(range(len(words)))
                or any(i in e.positions and len(e.positions) > 1 for e in found)
            }
            for i in kept:
                plan.corrected[i] = respell[i]
                plan.concepts[i].terms.extend(self._word_terms(respell[i], 0.5))
            if kept == set(respell):  # the trial is what the query now says
                expansions, covered = found, spanned
            elif kept:
                expansions, covered = self._names_in(plan.corrected, parsed, words, unknown | kept)
        # A query that is nothing but a glossary name asks for that term: its entry, then the
        # entry defining it.  Inside a longer query a name is just a word of the question.
        plan.whole_name = bool(expansions) and len(covered) == len(words)
        for expansion in expansions:
            span = tuple(sorted(expansion.positions))
            plan.named_spans.setdefault(span, set()).add(expansion.game)
            if plan.whole_name and expansion.targets:
                # Entries whose text uses the term (the site's auto-links) speak about it.
                plan.mentions[expansion.targets[0]] = MENTION_WEIGHT
            if not plan.whole_name and not expansion.foreign:
                continue  # inside a question, only a foreign name (English) needs translating
            if plan.whole_name:
                plan.names.update(expansion.titles)
                for rank, target in enumerate(expansion.targets):
                    plan.boosted_ids.setdefault(target, 1.0 if rank == 0 else 0.8)
            extra = [w for w in expansion.words if w not in plan.corrected]
            weight = 0.6 if plan.whole_name else 0.4
            # The name's French title counts in its own game's entries: « pièce » is Four
            # Souls' ¢ (« cents »), not Altered's « cent fois ».
            scope = frozenset([expansion.game])
            for word in extra:
                terms = self._word_terms(word, weight)
                for i in expansion.positions:
                    plan.concepts[i].scoped.extend((t, scope) for t in terms)
        sequences = [plan.corrected[i : i + 2] for i in range(len(plan.corrected) - 1)]
        if plan.whole_name:
            sequences = [plan.corrected] + [n.split() for n in sorted(plan.names)]
        plan.phrases = [
            _phrase_pattern(words)
            for words in sequences
            if len(words) > 1 and not any(is_rule_number(w) for w in words)
        ]
        return plan

    def _understand(self, searcher: Any, parsed: ParsedQuery) -> tuple[Plan, Focus | None]:
        """The query plan, and the game the query's words say it is about (without a game
        filter): the synonyms of that game's players' vocabulary only expand then, not the
        other games' (« soigner » is Ashes' « valeur de regain », not in Marvel Champions)."""
        plan = self._plan(searcher.reader(), parsed)
        focus = None
        if parsed.game is None and plan.concepts:
            focus = self._word_focus(searcher, parsed, plan)
        self._expand_synonyms(plan, parsed.game or (focus.game if focus else None))
        return plan, focus

    def _expand_synonyms(self, plan: Plan, game: str | None) -> None:
        """Thesaurus groups found in the query add their other words, at low weight.

        A game's own group (its players' vocabulary) counts in full when the search is
        about that game (its filter, or `game` from the query's words), and at
        UNFOCUSED_WEIGHT of it when the query could be about any game: every game's groups
        then expand at once, and a common word (« soigner ») must not carry one game's
        entries ahead for having a pair there."""
        added: dict[int, set[tuple[str, frozenset[str] | None]]] = {}
        for match in load_thesaurus().matches(plan.corrected, game):
            # A group of one game's words (« argent » for Four Souls' ¢) expands in its
            # entries only: « argenté » is a colour in Ashes.
            scope = match.group.games
            share = UNFOCUSED_WEIGHT if game is None and scope is not None else 1.0
            others = [" ".join(p.words) for p in match.group.phrases if p != match.phrase]
            where = f" ({', '.join(sorted(scope))})" if scope else ""
            plan.synonyms.append(
                (" ".join(match.phrase.words), others, match.group.provenance + where)
            )
            for phrase in match.group.phrases:
                if phrase == match.phrase:
                    continue
                if len(phrase.stems) > 1:
                    # « joue en premier » is a synonym as a phrase only: its words apart are
                    # not (« jeton de boost » for « jeton » does not make « boost » one).
                    for i in range(match.start, match.start + match.size):
                        plan.concepts[i].phrases.append((phrase.stems, share, scope))
                    continue
                for word in phrase.words:
                    if word in plan.corrected:
                        continue
                    for i in range(match.start, match.start + match.size):
                        # Once per word and scope: « compteur » counts in Four Souls'
                        # entries and, through Altered's own pair, in Altered's.
                        if (word, scope) not in added.setdefault(i, set()):
                            added[i].add((word, scope))
                            terms = self._word_terms(word, THESAURUS_WEIGHT * share)
                            if scope is None:
                                plan.concepts[i].terms.extend(terms)
                            else:
                                plan.concepts[i].scoped.extend((t, scope) for t in terms)

    # -- scoring ----------------------------------------------------------------------------

    def _postings(self, reader: Any, fieldname: str, text: str) -> dict[int, float]:
        """BM25 contribution of one term to every document holding it (cached per term).

        Scoring term by term from cached posting dictionaries is several times faster than
        whoosh's tree of union matchers for queries of dozens of terms, and it tells for free
        which query word each document matched (the coordination factor needs that).
        """
        key = (fieldname, text)
        cached = self._postings_cache.get(key)
        if cached is not None:
            return cached
        scores: dict[int, float] = {}
        df = reader.doc_frequency(fieldname, text)
        if df:
            n = self.doc_count
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            lift = idf * (BM25_K1 + 1)
            norms = self._norms(reader, fieldname)
            for ids, weights in _posting_blocks(reader.postings(fieldname, text)):
                if norms:
                    for docnum, tf in zip(ids, weights, strict=True):
                        scores[docnum] = lift * tf / (tf + norms[docnum])
                else:
                    for docnum, tf in zip(ids, weights, strict=True):
                        scores[docnum] = lift * tf / (tf + BM25_K1)
        if scores:  # a word the index lacks costs one lookup: caching it would let
            self._cache_postings(key, scores)  # every invented word fill the cache
        return scores

    def _cache_postings(self, key: tuple[str, str], scores: dict[int, float]) -> None:
        """Keep a term's scores, emptying the cache first when it holds POSTINGS_CACHE_TERMS
        terms or POSTINGS_CACHE_ENTRIES (document, score) pairs: its memory is bounded
        whatever the queries (each distinct query word adds terms)."""
        if (
            len(self._postings_cache) >= POSTINGS_CACHE_TERMS
            or self._postings_entries + len(scores) > POSTINGS_CACHE_ENTRIES
        ):
            self._postings_cache.clear()
            self._postings_entries = 0
        self._postings_cache[key] = scores
        self._postings_entries += len(scores)

    def _norms(self, reader: Any, fieldname: str) -> list[float] | None:
        """BM25's k1 × length normalization of every document in a field (None: the field keeps
        no lengths), computed once per field."""
        if fieldname not in self._norms_cache:
            lengths = self._lengths(reader, fieldname)
            norms = None
            if lengths:
                avg = sum(lengths) / len(lengths) or 1.0
                norms = [BM25_K1 * (1 - BM25_B + BM25_B * length / avg) for length in lengths]
            self._norms_cache[fieldname] = norms
        return self._norms_cache[fieldname]

    def _phrase_postings(self, searcher: Any, stems: tuple[str, ...]) -> dict[int, float]:
        """Documents whose text has these stems in a row (stop words aside), each scored with
        the sum of the words' BM25 contributions (cached per phrase)."""
        key = ("phrase", " ".join(stems))
        cached = self._postings_cache.get(key)
        if cached is not None:
            return cached
        reader = searcher.reader()
        scores: dict[int, float] = {}
        if not all(reader.doc_frequency("text", s) for s in stems):
            return scores  # a word the index lacks: told by lookups, not worth caching
        words = [self._postings(reader, "text", s) for s in stems]
        for docnum in Phrase("text", list(stems)).matcher(searcher).all_ids():
            scores[docnum] = sum(w.get(docnum, 0.0) for w in words)
        self._cache_postings(key, scores)
        return scores

    def _lengths(self, reader: Any, fieldname: str) -> list[int]:
        lengths = self._lengths_cache.get(fieldname)
        if lengths is None:
            if reader.schema[fieldname].scorable:
                lengths = [
                    reader.doc_field_length(d, fieldname) or 0 for d in range(self.doc_count)
                ]
            else:
                lengths = []
            self._lengths_cache[fieldname] = lengths
        return lengths

    def _allowed(self, reader: Any, parsed: ParsedQuery) -> set[int] | None:
        """Documents the game/kind filters let through (None: no filter)."""
        allowed: set[int] | None = None
        for fieldname, value in (("game", parsed.game), ("kind", parsed.kind)):
            if value is None:
                continue
            docs = set(self._postings(reader, fieldname, value))
            allowed = docs if allowed is None else allowed & docs
        return allowed

    def _text_search(
        self, searcher: Any, parsed: ParsedQuery, depth: int
    ) -> tuple[list, int, dict[str, set[str]], str | None, Focus | None]:
        reader = searcher.reader()
        plan, focus = self._understand(searcher, parsed)
        if not plan.concepts:  # only stop words (« le », « de la »): nothing to look for
            return [], 0, {"": set()}, None, None
        scores: dict[int, float] = {}
        matched: dict[int, int] = {}  # docnum -> bit mask of the query words it has
        for bit, concept in enumerate(plan.concepts):
            mask = 1 << bit
            for term in concept.terms:
                # Words lent by the rulings' links add to a score, but an entry does not
                # have a query word because a ruling about it (or its rule) has it.
                covers = term.fieldname not in LENT_FIELDS
                for docnum, score in self._postings(reader, term.fieldname, term.text).items():
                    scores[docnum] = scores.get(docnum, 0.0) + score * term.boost
                    if covers:
                        matched[docnum] = matched.get(docnum, 0) | mask
            for term, games in concept.scoped:
                for docnum, score in self._postings(reader, term.fieldname, term.text).items():
                    if self._doc_game[docnum] in games:
                        scores[docnum] = scores.get(docnum, 0.0) + score * term.boost
                        matched[docnum] = matched.get(docnum, 0) | mask
            for stems, weight, games in concept.phrases:
                for docnum, score in self._phrase_postings(searcher, stems).items():
                    if games is None or self._doc_game[docnum] in games:
                        scores[docnum] = scores.get(docnum, 0.0) + score * weight
                        matched[docnum] = matched.get(docnum, 0) | mask
        for target, weight in plan.boosted_ids.items():
            for docnum, score in self._postings(reader, "id", target).items():
                scores[docnum] = scores.get(docnum, 0.0) + score * 12.0 * weight
            if weight < 1.0:  # the entry defining the term: its sub-rules say the rest
                for docnum, score in self._postings(reader, "parent", target).items():
                    scores[docnum] = scores.get(docnum, 0.0) + score * 4.0
        for term_id, weight in plan.mentions.items():
            for docnum, score in self._postings(reader, "terms", term_id).items():
                if docnum in scores:
                    scores[docnum] += score * weight
        allowed = self._allowed(reader, parsed)
        if allowed is not None:
            scores = {d: sc for d, sc in scores.items() if d in allowed}
        # Coordination: the share of the query's words (weighted by rarity) an entry has.
        weights = [c.weight for c in plan.concepts]
        total_weight = sum(weights) or 1.0
        coverage: dict[int, float] = {}
        if len(weights) > 1:
            for docnum in scores:
                mask = matched.get(docnum, 0)
                if mask not in coverage:
                    have = sum(w for i, w in enumerate(weights) if mask >> i & 1)
                    coverage[mask] = (have / total_weight) ** COORD_POWER
                scores[docnum] *= coverage[mask]
        # The first RERANK_DEPTH candidates are re-ranked, whatever page is asked for; the
        # rest follow in score order: every page is a slice of one and the same list.
        top = heapq.nlargest(RERANK_DEPTH, scores.items(), key=_by_score)
        if parsed.game is None and focus is None and parsed.question:
            game = self._candidates_game(top)
            focus = Focus(game, "candidates", []) if game else None
        if focus is not None:
            top = self._game_focus(top, focus.game)
        ranked = self._rerank(searcher, parsed, plan, top, allowed)
        placed = {docnum for docnum, _score in ranked}
        if depth > len(ranked):
            rest = heapq.nlargest(depth + len(placed), scores.items(), key=_by_score)
            ranked += [item for item in rest if item[0] not in placed][: depth - len(ranked)]
        total = len(scores) + len(placed - scores.keys())  # children added to a term's entry
        suggestion = " ".join(plan.corrected) if plan.corrected != plan.words else None
        return ranked, total, self._highlight_terms(plan), suggestion, focus

    def _word_focus(self, searcher: Any, parsed: ParsedQuery, plan: Plan) -> Focus | None:
        """The game a query asked without a game filter is about by its words, and why: the
        game whose glossary names it uses (`_named_game`), else the game whose own vocabulary
        it uses (`_vocabulary_game`).  (A question with neither may still be focused later
        by its candidates, `_candidates_game`.)"""
        game = self._named_game(searcher, plan)
        if game:
            words = [" ".join(plan.corrected[i] for i in span) for span in plan.named_spans]
            return Focus(game, "glossary", sorted(set(words)))
        found = self._vocabulary_game(searcher.reader(), parsed, plan)
        if found:
            return Focus(found[0], "vocabulary", found[1])
        return None

    def _word_game(self, reader: Any, word: str) -> str | None:
        """The game a word belongs to: the one that holds nearly all the entries using it
        (WORD_GAME_SHARE of at least WORD_GAME_MIN_DOCS), as « butin » is Four Souls' and
        « manigance » Marvel Champions'.  Cached per stem the index has."""
        stemmed = stem(word)
        if stemmed in self._word_games:
            return self._word_games[stemmed]
        docs: set[int] = set()
        for fieldname in ("text", "title", "names"):
            docs.update(self._postings(reader, fieldname, stemmed))
        counts: dict[str, int] = {}
        for docnum in docs:
            counts[self._doc_game[docnum]] = counts.get(self._doc_game[docnum], 0) + 1
        game, count = max(counts.items(), key=lambda kv: (kv[1], kv[0]), default=("", 0))
        owner = (
            game if count >= WORD_GAME_MIN_DOCS and count >= WORD_GAME_SHARE * len(docs) else None
        )
        if docs:  # cached for the index's own stems only: typos and invented words are
            self._word_games[stemmed] = owner  # endless, and would grow it without bound
        return owner

    def _vocabulary_game(
        self, reader: Any, parsed: ParsedQuery, plan: Plan
    ) -> tuple[str, list[str]] | None:
        """The one game whose own words the query uses (and no other game's): words nearly
        only its entries use, and the names and words `vocabulary.yaml` gives it (« Four
        Souls », « Phoenixborn »).  With the words that tell it."""
        vocabulary = load_vocabulary()
        per_game: dict[str, list[str]] = {}
        for word in plan.corrected:
            if is_rule_number(word):
                continue
            owner = self._word_game(reader, word)
            if owner:
                per_game.setdefault(owner, []).append(word)
        # A glossary name that only one game's glossary has and no other game's text uses is
        # that game's word too (« retaliate » is Marvel Champions' Riposte), even when its
        # entries are too few to tell.
        for span, games in plan.named_spans.items():
            if len(games) != 1:
                continue
            game = next(iter(games))
            name = " ".join(plan.corrected[i] for i in span)
            if name not in per_game.get(game, []) and self._name_users(reader, plan, span) <= games:
                per_game.setdefault(game, []).append(name)
        for game, markers in vocabulary.markers_in(parsed.text).items():
            if game in self.games:
                # « four souls » said once, not as « four », « souls » and « four souls ».
                inside = {w for marker in markers for w in marker.split()}
                kept = [w for w in per_game.get(game, []) if w not in inside]
                per_game[game] = kept + markers
        if len(per_game) != 1:
            return None
        game, words = next(iter(per_game.items()))
        return game, words

    def _highlight_terms(self, plan: Plan) -> dict[str, set[str]]:
        """The stems to mark in a hit's text: "" -> every game's, game -> that game's (with
        the terms that count in its entries only)."""
        common = {t.text for c in plan.concepts for t in c.terms if t.fieldname == "text"}
        terms = {"": common}
        for concept in plan.concepts:
            for term, games in concept.scoped:
                if term.fieldname == "text":
                    for game in games:
                        terms.setdefault(game, set(common)).add(term.text)
        return terms

    def _name_users(self, reader: Any, plan: Plan, span: tuple[int, ...]) -> set[str]:
        """The games whose entries' text has the words of a query span (all of them)."""
        docs: set[int] | None = None
        for i in span:
            found = set(self._postings(reader, "text", stem(plan.corrected[i])))
            docs = found if docs is None else docs & found
        return {self._doc_game[docnum] for docnum in docs or ()}

    def _named_game(self, searcher: Any, plan: Plan) -> str | None:
        """The one game whose vocabulary every glossary name in the query belongs to, if any.

        A name belongs to the games whose glossary has it and to those whose text uses it
        (« zone de mana » is Altered's alone; « face cachée », a glossary term of The Spoils,
        is also printed in Altered's rules).  A query using only names of one game is about it.
        """
        if not plan.named_spans:
            return None
        reader = searcher.reader()
        common = set(self.games)
        for span, games in plan.named_spans.items():
            stems = tuple(stem(plan.corrected[i]) for i in span)
            if len(stems) > 1:
                docs = self._phrase_postings(searcher, stems)
            else:
                docs = self._postings(reader, "text", stems[0])
            common &= games | {self._doc_game[docnum] for docnum in docs}
            if not common:
                return None
        return next(iter(common)) if len(common) == 1 else None

    def _candidates_game(self, top: list[tuple[int, float]]) -> str | None:
        """The game most of the best candidates' score belongs to (GAME_FOCUS_SHARE of the
        first GAME_FOCUS_DEPTH), if one does."""
        mass: dict[str, float] = {}
        for docnum, score in top[:GAME_FOCUS_DEPTH]:
            g = self._doc_game[docnum]
            mass[g] = mass.get(g, 0.0) + score
        total = sum(mass.values()) or 1.0
        game, share = max(mass.items(), key=lambda kv: kv[1], default=("", 0.0))
        return game if game and share / total >= GAME_FOCUS_SHARE else None

    def _game_focus(self, top: list[tuple[int, float]], game: str) -> list[tuple[int, float]]:
        """A query asked without a game but about one: the other games' candidates step back."""
        out = [(d, sc if self._doc_game[d] == game else sc * GAME_FOCUS_FACTOR) for d, sc in top]
        out.sort(key=lambda item: (-item[1], item[0]))
        return out

    def _rerank(
        self,
        searcher: Any,
        parsed: ParsedQuery,
        plan: Plan,
        top: list[tuple[int, float]],
        allowed: set[int] | None = None,
    ) -> list[tuple[int, float]]:
        """Adjust the best candidates by what the query looks like (term, question)."""
        names = {" ".join(plan.corrected)} | plan.names
        intent = INTENTS.get(parsed.intent or "")
        scored: list[tuple[int, float]] = []
        for docnum, score in top:
            fields = self._stored(searcher, docnum)
            factor = 1.0
            title_key = fields.get("title_key") or ""
            exact_title = bool(title_key) and title_key in names
            if parsed.term_like:
                if exact_title:
                    factor *= 2.5
                elif fields.get("parent_key") in names:
                    factor *= 2.0  # the body of the section the term names
                # The term's own entries (and for a query that is not a glossary name, any
                # definition); not the other terms that share a word with it.
                if fields["id"] in plan.boosted_ids or (
                    not plan.whole_name and fields["kind"] == "glossary"
                ):
                    factor *= 1.6
            elif parsed.question:
                kinds = INTENT_KIND_FACTORS.get(parsed.intent or "", QUESTION_KIND_FACTORS)
                factor *= kinds.get(fields["kind"], 1.0)
            if intent is not None and self._answers(intent, docnum, fields):
                factor *= INTENT_BONUS
            if plan.phrases:
                folded = self._folded_text(docnum, fields)
                found = sum(1 for pattern in plan.phrases if pattern.search(folded))
                factor *= 1 + PHRASE_BONUS * found / len(plan.phrases)
            if not (fields.get("text") or "").strip():
                factor *= BARE_HEADING_FACTOR
            if fields.get("official") is False:
                factor *= UNOFFICIAL_FACTOR
            if " ".join(plan.corrected) in (fields.get("cards_key") or ()):
                factor *= CARD_RULING_FACTOR
            scored.append((docnum, round(score * factor, 4)))
        scored.sort(key=lambda item: (-item[1], item[0]))
        scored = self._diversify(searcher, scored)
        if plan.whole_name and TERM_CHILDREN:
            scored = self._with_children(searcher, plan, scored, allowed)
        return scored

    def _with_children(
        self,
        searcher: Any,
        plan: Plan,
        scored: list[tuple[int, float]],
        allowed: set[int] | None = None,
    ) -> list[tuple[int, float]]:
        """A query naming a glossary term: right after the term's first entry of each game, the
        sub-entries of the entries defining it, in reading order (a heading's steps say what
        it means, so a procedure's steps come before its other sub-rules).  Only sub-entries
        the query's filters let through (`allowed`; None: no filter)."""
        reader = searcher.reader()
        children: dict[str, list[int]] = {}  # game -> sub-entries with text, in reading order
        for target in plan.boosted_ids:
            docs = sorted(
                self._postings(reader, "parent", target),
                key=lambda d: (
                    self._stored(searcher, d).get("role") != "step",
                    self._stored(searcher, d)["seq"],
                ),
            )
            for docnum in docs:
                if allowed is not None and docnum not in allowed:
                    continue
                if (self._stored(searcher, docnum).get("text") or "").strip():
                    children.setdefault(self._doc_game[docnum], []).append(docnum)
        if not children:
            return scored
        out: list[tuple[int, float]] = []
        placed: set[int] = set()
        for docnum, score in scored:
            if docnum in placed:
                continue
            out.append((docnum, score))
            placed.add(docnum)
            fields = self._stored(searcher, docnum)
            if fields["id"] in plan.boosted_ids and fields["game"] in children:
                picked = [d for d in children.pop(fields["game"]) if d not in placed]
                for child in picked[:TERM_CHILDREN]:
                    out.append((child, score))
                    placed.add(child)
        return out

    def _diversify(self, searcher: Any, scored: list[tuple[int, float]]) -> list[tuple[int, float]]:
        """One entry per group of near-duplicates in the first ranks: a glossary term and the
        entry defining it, or two entries with the same text (a rule quoted elsewhere).  The
        others keep their order after DIVERSE_TOP."""
        if not DIVERSE_TOP:
            return scored
        seen: set[str] = set()
        head: list[tuple[int, float]] = []
        deferred: list[tuple[int, float]] = []
        rest = iter(scored)
        for item in rest:
            fields = self._stored(searcher, item[0])
            text = self._folded_text(item[0], fields).split("\n", 1)[-1]
            body = re.sub(r"[^a-z0-9]", "", text)[:120]
            keys: set[str] = set()
            if body:  # a redirect without text of its own does not stand for its target
                keys.add(self._twins.get(fields["id"], fields["id"]))
            if len(body) >= 40:
                keys.add(body)
            if keys & seen:
                deferred.append(item)
            else:
                head.append(item)
            seen |= keys
            if len(head) >= DIVERSE_TOP:
                break
        return head + sorted([*deferred, *rest], key=lambda item: (-item[1], item[0]))

    def _stored(self, searcher: Any, docnum: int) -> dict[str, Any]:
        """A document's stored fields, kept in memory after the first read.

        An index generation never changes, and whoosh decompresses and unpickles the stored
        fields on every read: for the 60 candidates a query re-ranks that was most of its cost.
        """
        fields = self._stored_cache.get(docnum)
        if fields is None:
            fields = self._stored_cache[docnum] = searcher.stored_fields(docnum)
        return fields

    def _answers(self, intent: Intent, docnum: int, fields: dict[str, Any]) -> bool:
        """Whether an entry is worded as an answer of this intent (cached per entry)."""
        key = (intent.name, docnum)
        found = self._intent_cache.get(key)
        if found is None:
            found = self._intent_cache[key] = intent.answers(self._folded_text(docnum, fields))
        return found

    def _folded_text(self, docnum: int, fields: dict[str, Any]) -> str:
        """Title and text folded as query words are (« cœur » -> « coeur »), for phrase
        matching (cached per document)."""
        folded = self._folded_cache.get(docnum)
        if folded is None:
            raw = (fields.get("title") or "") + " \n " + (fields.get("text") or "")
            folded = fold(raw)
            self._folded_cache[docnum] = folded
        return folded

    # -- hits -------------------------------------------------------------------------------

    def _hit(self, searcher: Any, docnum: int, score: float, terms: set[str]) -> dict[str, Any]:
        fields = self._stored(searcher, docnum)
        text = fields.get("display") or fields.get("text") or ""
        return {
            "id": fields["id"],
            "game": fields["game"],
            "document": fields["document"],
            "kind": fields["kind"],
            "number": fields.get("number") or None,
            "title": fields.get("title") or None,
            "text": text,
            "url": fields["url"],
            "authority": fields.get("authority") or "official",
            "score": score,
            "highlights": self.snippet(text, terms, tokens=self._tokens(docnum, text)),
        }

    def _tokens(self, docnum: int, text: str) -> list[tuple[str, int, int]]:
        """The stemmed terms of a hit's text with their offsets (cached per document)."""
        tokens = self._tokens_cache.get(docnum)
        if tokens is None:
            tokens = [(t.text, t.startchar, t.endchar) for t in self._stemmed(text, chars=True)]
            self._tokens_cache[docnum] = tokens
        return tokens

    def snippet(
        self,
        text: str,
        terms: set[str],
        width: int = 220,
        tokens: list[tuple[str, int, int]] | None = None,
    ) -> str:
        """A window of `text` around the most matches, HTML-escaped, matches in <mark>."""
        if not text:
            return ""
        if tokens is None:
            tokens = [(t.text, t.startchar, t.endchar) for t in self._stemmed(text, chars=True)]
        spans = [(start, end) for term, start, end in tokens if term in terms]
        if not spans:
            cut = text[:width]
            return html.escape(cut + ("…" if len(text) > width else ""))
        best_start, best_count = spans[0][0], 0
        for i, (start, _end) in enumerate(spans):
            count = sum(1 for s, _ in spans[i:] if s < start + width)
            if count > best_count:
                best_start, best_count = start, count
        begin = max(0, best_start - 40)
        if begin:
            space = text.find(" ", begin)
            begin = space + 1 if 0 <= space < best_start else begin
        end = min(len(text), begin + width)
        if end < len(text):
            space = text.rfind(" ", begin, end)
            end = space if space > begin else end
        out, cursor = [], begin
        for start, stop in spans:
            if start < begin or stop > end:
                continue
            out.append(html.escape(text[cursor:start]))
            out.append(MARK[0] + html.escape(text[start:stop]) + MARK[1])
            cursor = stop
        out.append(html.escape(text[cursor:end]))
        prefix = "…" if begin > 0 else ""
        suffix = "…" if end < len(text) else ""
        return prefix + "".join(out) + suffix


_ENGLISH = EnglishStemmer()


def _typed_key(text: str) -> str:
    """Every word of `text`, folded, stop words included."""
    return " ".join(re.findall(r"[^\W_]+", fold(text)))


def _without_variable(key: str) -> str | None:
    """A keyword's name without its variable (« riposte x » -> « riposte »), or None."""
    words = key.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1] == "x" else None


def _english_key(key: str) -> str:
    """A name's words by their English (Snowball) stems."""
    return " ".join(_ENGLISH.stem(word) for word in key.split())


def _posting_blocks(matcher: Any) -> Iterator[tuple[Any, Any]]:
    """A term's postings as (document numbers, weights), a block at a time.

    whoosh's own iteration costs three method calls per posting; its on-disk matcher already
    holds each block as two arrays, which this reads directly.  Any other matcher (several
    segments, deletions) goes through the public API.
    """
    if isinstance(matcher, W3LeafMatcher):
        while matcher.is_active():
            matcher._read_ids()
            matcher._read_weights()
            yield matcher._ids, matcher._weights
            matcher._next_block()
    else:
        items = list(matcher.items_as("weight"))
        yield [d for d, _ in items], [w for _, w in items]


@dataclass(frozen=True)
class PhrasePattern:
    """Folded words in this order, any inflection, at most two (stop) words apart."""

    regex: re.Pattern[str]
    stems: tuple[str, ...]

    def search(self, folded: str) -> bool:
        # The regex backtracks over the whole text; most candidates lack one of the stems,
        # which a substring test tells for a fraction of the cost.
        return all(s in folded for s in self.stems) and self.regex.search(folded) is not None


def _phrase_pattern(words: list[str]) -> PhrasePattern:
    """Folded words in this order, any inflection, at most two (stop) words apart."""
    stems = tuple(stem(w) for w in words)
    parts = [re.escape(s) + r"\w*" for s in stems]
    return PhrasePattern(re.compile(r"\b" + r"(?:\W+\w+){0,2}?\W+".join(parts)), stems)


def _by_score(item: tuple[int, float]) -> tuple[float, int]:
    """Best score first, then reading order (for heapq.nlargest)."""
    return item[1], -item[0]


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _distance(a: str, b: str) -> int:
    """Edit distance counting a swap of two adjacent letters as one edit (optimal string alignment)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]
