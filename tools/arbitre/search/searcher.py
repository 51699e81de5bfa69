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
   the term's own entries only, not every term sharing a word with it; a question favours rules,
   then FAQ answers, over definitions, and passages with text over bare headings; an entry holding the query's words next
   to each other (or, for a glossary name, the term's French title as a phrase) gains, and so
   does a passage worded as the answer the question's intent asks for (`intent.py`: a
   quantity, a permission, a consequence).

The stages, each a module: `understand.py` (query -> `plan.Plan`), `focus.py` (its game),
`retrieve.py` (`postings.py`: each term's BM25 scores; a coordination factor), `rank.py` (the
re-ranking above), `present.py` (hits and snippets); their constants are in `weights.py`.  The
rule-number search is here.
"""

from __future__ import annotations

import queue
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.query import And, Term

from arbitre.search.accents import with_accents
from arbitre.search.analysis import french_analyzer, use_lemma_table, use_unstemmed
from arbitre.search.asking import may_have_question_typos, with_question_words
from arbitre.search.elision import may_have_elisions, with_apostrophes
from arbitre.search.focus import GameFocus
from arbitre.search.indexer import read_lexicon, read_meta, read_search_tables, read_stemming
from arbitre.search.intent import BY_NAME as INTENTS
from arbitre.search.language import is_english
from arbitre.search.names import GlossaryNames
from arbitre.search.plan import Focus, Plan
from arbitre.search.postings import Postings
from arbitre.search.present import Presenter, highlight_terms
from arbitre.search.query import FILTER, ParsedQuery, parse_query
from arbitre.search.rank import Ranker
from arbitre.search.retrieve import Retrieval, best, coordinate
from arbitre.search.thesaurus import load_thesaurus
from arbitre.search.typos import Typos
from arbitre.search.understand import Understanding
from arbitre.search.vocabulary import load_vocabulary
from arbitre.search.weights import FIELD_BOOSTS_STEMMED, KIND_ORDER, RERANK_DEPTH


class Searcher:
    """Search one index generation.  Create once; `search` may be called from many threads."""

    def __init__(self, generation: Path) -> None:
        self.generation = generation
        self.meta = read_meta(generation)
        # Queries are analysed as this generation's text was, with its lemma table and English
        # names (loading them costs a few milliseconds; building the table, about two seconds).
        # Stems worked out before are dropped if they change (`analysis.forget_on_restem`).
        self._stemming = read_stemming(generation)
        self._analyse_as_built()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            self._ix = whoosh_index.open_dir(str(generation))
        self._pool: queue.SimpleQueue = queue.SimpleQueue()
        self._open: list[Any] = []
        self._lock = threading.Lock()
        self.games: list[str] = list(self.meta["games"])
        self.fingerprint: str = self.meta["fingerprint"]
        self.entry_count: int = self.meta["entries"]
        with self._whoosh() as searcher:
            reader = searcher.reader()
            self.doc_count = reader.doc_count_all()
            self.doc_game: list[str] = [""] * self.doc_count
            for g in self.games:
                if reader.doc_frequency("game", g):
                    for docnum in reader.postings("game", g).all_ids():
                        self.doc_game[docnum] = g
        # The stages, each with this generation's data and caches.
        tables = read_search_tables(generation)
        self.postings = Postings(self.doc_count, tables)
        self.retrieval = Retrieval(self.postings, self.doc_game)
        self.names = GlossaryNames(self.meta["glossary"])
        # Names typed in full say nothing of a query's language (« free for all »).
        self.name_keys = self.names.typed_keys() | {
            key for key, _game in load_vocabulary().marker_keys() if " " in key
        }
        self.typos = Typos(read_lexicon(generation), tables["players_words"])
        self.understanding = Understanding(self.names, self.typos, self.postings)
        self.focus = GameFocus(self.postings, self.doc_game, self.games, tables)
        self.ranker = Ranker(self.postings, self.names, self.doc_game, tables["questions"])
        self.presenter = Presenter(self.postings, french_analyzer(), self.meta.get("spellings", {}))

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
        """Load what the first queries would otherwise pay for: every document's stored fields
        (and its folded text), the field lengths BM25 needs, and the typo-correction vocabulary.  A server calls this
        at start so that its latency does not depend on which query comes first."""
        with self._whoosh() as searcher:
            reader = searcher.reader()
            for docnum in range(self.doc_count):
                self.postings.body(docnum, self.postings.stored(searcher, docnum))
            for fieldname in (*FIELD_BOOSTS_STEMMED, "title_exact", "names_exact"):
                self.postings.norms(reader, fieldname)
            self.typos.vocabulary(reader)
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
        """Search; returns {"query", "total", "hits": [...], "suggestion", "replacements",
        "focus"}."""
        parsed = self.parse(q, game, kind)
        focus: Focus | None = None
        absent: list[str] = []
        missing: list[str] = []
        suggestion: str | None = None
        replacements: list[dict[str, str]] = []
        with self._whoosh() as searcher:
            if parsed.number:
                ranked, total, terms = self._number_search(searcher, parsed, limit + offset)
            else:
                ranked, total, terms, plan, focus = self._text_search(
                    searcher, parsed, limit + offset
                )
                if plan is not None:
                    english = parsed.language == "en"
                    suggestion, replacements = self.presenter.suggest(q, plan, english)
                    if focus is not None:  # (words of a named game's that it lacks: as typed)
                        absent = self.presenter.typed_words(q, plan, focus.absent)
                        missing = self.presenter.typed_words(q, plan, focus.missing)
                suggestion, replacements = self.presenter.with_respelled(
                    q, parsed.respelled, suggestion, replacements
                )
            page = ranked[offset : offset + limit]
            hits = [
                self.presenter.hit(
                    searcher, docnum, score, terms.get(self.doc_game[docnum], terms[""])
                )
                for docnum, score in page
            ]
        result = {"query": q, "total": total, "hits": hits, "suggestion": suggestion}
        result["replacements"] = replacements
        result["language"] = parsed.language
        result["focus"] = None
        if focus is not None:
            title = self.game_title(focus.game)
            result["focus"] = focus.as_dict(title, absent, missing, found=total > 0)
        return result

    def explain(self, q: str, game: str | None = None, kind: str | None = None) -> dict[str, Any]:
        """The query plan as data: what the query was understood to ask (words, corrections,
        intent, glossary names, the wording it quotes, synonyms with their provenance, game
        focus)."""
        parsed = self.parse(q, game, kind)
        focus = self.search(q, game=game, kind=kind, limit=1)["focus"]
        out: dict[str, Any] = {
            "query": q,
            "game": parsed.game,
            "kind": parsed.kind,
            "number": parsed.number,
            "question": parsed.question,
            "intent": None,
            "language": parsed.language,
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
        out["glossary_names"] = sorted({plan.spelled(span) for span in plan.named_spans})
        out["game_name"] = [plan.corrected[i] for i in sorted(plan.game_words)]
        out["quoted"] = [" ".join(side.words) for side in plan.quoted]
        out["synonyms"] = [
            {"words": words, "adds": adds, "provenance": provenance}
            for words, adds, provenance in plan.synonyms
        ]
        return out

    def parse(self, q: str, game: str | None = None, kind: str | None = None) -> ParsedQuery:
        """`parse_query`, in the language the query is written in (`language.is_english`),
        its words typed without their apostrophe read with it (`elision.py`), its dice without
        their accent with it (`accents.py`)."""
        self._analyse_as_built()
        q = with_accents(self._with_apostrophes(q))
        q, respelled = self._with_question_words(q)
        english = is_english(FILTER.sub(" ", q), self.name_keys)
        parsed = parse_query(
            q, self.games, game, kind, english=english, english_name=self.names.named_word
        )
        parsed.respelled = respelled
        return parsed

    def _analyse_as_built(self) -> None:
        """Analyse as this generation's text was.  Another searcher of the process (the
        generation this one replaces, a test's) may have installed its own stemming since;
        when none did, this costs two identity checks."""
        lemmas, unstemmed = self._stemming
        use_lemma_table(lemmas)
        use_unstemmed(unstemmed)

    def _with_question_words(self, q: str) -> tuple[str, list[tuple[str, str]]]:
        """« combiien » read as « combien » (`asking.with_question_words`); the index is
        asked only about a word one edit from a question word."""
        if not may_have_question_typos(q):
            return q, []
        with self._whoosh() as searcher:
            a_word, _indexed = self._word_tests(searcher.reader())
            return with_question_words(q, a_word)

    def _with_apostrophes(self, q: str) -> str:
        """« cest quoi » read as « c'est quoi » (`elision.with_apostrophes`); the index is
        asked only when a word could be one."""
        if not may_have_elisions(q, self.understanding.listed):
            return q
        with self._whoosh() as searcher:
            return with_apostrophes(q, *self._word_tests(searcher.reader()))

    def _word_tests(self, reader: Any) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
        """Whether a word is a word (listed, or in the index as typed), and whether the index
        has it: what the readings before parsing ask (`elision.py`, `asking.py`)."""
        understanding = self.understanding

        def indexed(word: str) -> bool:
            return understanding.known_form(reader, word)

        return (lambda w: understanding.listed(w) or indexed(w)), indexed

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
            return self.postings.stored(searcher, docnum)

        exact = searcher.search(Term("number_key", number), filter=filt, limit=None)
        exact_docs = sorted(
            (hit.docnum for hit in exact),
            key=lambda d: (KIND_ORDER.get(stored(d)["kind"], 9), stored(d)["seq"]),
        )
        # The entry an earlier edition printed with that number (a renumbered rule, #22).
        former = searcher.search(Term("former_numbers", number), filter=filt, limit=None)
        former_docs = sorted((hit.docnum for hit in former), key=lambda d: stored(d)["seq"])
        children = searcher.search(Term("number_parents", number), filter=filt, limit=None)
        child_docs = sorted((hit.docnum for hit in children), key=lambda d: stored(d)["seq"])
        for rank_score, docs in ((100.0, exact_docs), (75.0, former_docs), (50.0, child_docs)):
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

    # -- text -------------------------------------------------------------------------------

    def _understand(self, searcher: Any, parsed: ParsedQuery) -> tuple[Plan, Focus | None]:
        """The query plan, and the game the query's words say it is about (without a game
        filter): the synonyms of that game's players' vocabulary only expand then, not the
        other games' (« soigner » is Ashes' « valeur de regain », not in Marvel Champions)."""
        plan = self.understanding.plan(searcher.reader(), parsed)
        focus = None
        if parsed.game is None and plan.concepts:
            focus = self.focus.of_words(searcher, parsed, plan)
        self.understanding.expand_synonyms(plan, parsed.game or (focus.game if focus else None))
        return plan, focus

    def _text_search(
        self, searcher: Any, parsed: ParsedQuery, depth: int
    ) -> tuple[list, int, dict[str, set[str]], Plan | None, Focus | None]:
        reader = searcher.reader()
        plan, focus = self._understand(searcher, parsed)
        if not plan.concepts:  # only stop words (« le », « de la »): nothing to look for
            return [], 0, {"": set()}, None, None
        scores, matched = self.retrieval.scores(reader, plan)
        allowed = self.retrieval.allowed(reader, parsed)
        if allowed is not None:
            for docnum in [d for d in scores if d not in allowed]:
                del scores[docnum]
        coordinate(scores, matched, [c.weight for c in plan.concepts], plan.game_words)
        # The first RERANK_DEPTH candidates are re-ranked, whatever page is asked for; the
        # rest follow in score order: every page is a slice of one and the same list.
        named: str | None = None  # a game the query names, which has some of its words
        if focus is not None and focus.named:
            focus = self.focus.lacking(plan, focus, scores, matched, parsed.language == "en")
            if not focus.absent:  # (when the game's entries have none: no game steps back)
                named = focus.game  # every other game's entry steps back, before the best
                self.focus.step_back_all(scores, focus)
        top = best(scores, RERANK_DEPTH)
        if parsed.game is None and focus is None and parsed.question:
            game = self.focus.of_candidates(top)
            focus = Focus(game, "candidates", []) if game else None
        if focus is not None and not focus.named:
            top = self.focus.step_back(top, focus)
        ranked = self.ranker.rerank(searcher, parsed, plan, top, allowed, named)
        placed = {docnum for docnum, _score in ranked}
        if depth > len(ranked):
            rest = best(scores, depth + len(placed))
            ranked += [item for item in rest if item[0] not in placed][: depth - len(ranked)]
        total = len(scores) + len(placed - scores.keys())  # children added to a term's entry
        return ranked, total, highlight_terms(plan), plan, focus
