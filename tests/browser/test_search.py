"""The site's own search on a static copy, in Chromium: the JavaScript engine
(tools/arbitre/site/assets/search/) agrees with Arbitre's Python analysis and search.

Contract (#14): /recherche/?requete=Q[&jeu=G][&type=K] shows results as `[data-entry]` elements
in rank order and sets `data-search-done` on #arb-results once they are shown; the header box's
results carry `data-entry` too.
"""

from __future__ import annotations

import json
import random
import re
import urllib.parse
from pathlib import Path

import pytest
import yaml

from arbitre.paths import ProjectPaths
from arbitre.pipeline import load_kb
from arbitre.search.analysis import analyze, fold, number_key
from arbitre.search.documents import display_text
from arbitre.search.evaluate import answer_rank
from arbitre.search.intent import INTENTS
from arbitre.search.query import InvalidQuery
from arbitre.search.service import explain_query, open_searcher, run_search
from arbitre.site.typography import french_html
from tests.browser.offline import HOSTILE_QUERY, search_source, shown_as_text
from tests.search.test_accents import LEFT as ACCENTS_LEFT
from tests.search.test_accents import READ as ACCENTS_READ
from tests.search.test_asking import ASKED
from tests.search.test_asking import LEFT as ASKING_LEFT
from tests.search.test_elision import ELIDED, LEFT
from tests.search.test_english import ENGLISH_TYPOS, FUNCTION_WORD_KEYWORDS
from tests.search.test_foreign import LOOT_QUESTIONS
from tests.search.test_game_names import (
    ABSENT_IN_NAMED_GAME,
    MISSING_IN_NAMED_GAME,
    NAMED_GAME_QUERIES,
    NAMED_WITH_TERMS,
    NOTHING_MISSING,
    named_term_queries,
)
from tests.search.test_intent import HOW_TO, SHORTHAND
from tests.search.test_lexicon import K_LEFT, SENTENCES, TYPOS, WORDS
from tests.search.test_quoted import NOT_QUOTED, QUOTED
from tests.search.test_search import SENSE_QUESTIONS

DATA = Path(__file__).resolve().parents[1] / "data"
HOLDOUT_SETS = ("holdout-queries.yaml", "holdout2-queries.yaml")
# Players' questions: both halves of every natural blind set, those added later too.
NATURAL_SETS = tuple(sorted(p.name for p in DATA.glob("natural*-queries.yaml")))
ENGLISH_SETS = ("english-dev-queries.yaml", "english-holdout-queries.yaml")
QUERY_SETS = ("dev-queries.yaml", *HOLDOUT_SETS, *NATURAL_SETS, *ENGLISH_SETS)


def test_the_browser_is_compared_with_python_on_every_query_set():
    """A query set added to tests/data is one the browser's answers are checked on."""
    assert sorted(QUERY_SETS) == sorted(p.name for p in DATA.glob("*-queries.yaml"))


ENGINE = """async () => {
  const { loadEngine } = await import("/assets/search/load.js");
  window.__engine = await loadEngine();
}"""


@pytest.fixture(scope="module")
def kb(built_root: Path):
    return load_kb(ProjectPaths(built_root))


@pytest.fixture(scope="module")
def index(built_site: Path) -> dict:
    return json.loads((built_site / "assets" / "search" / "index.json").read_text("utf-8"))


@pytest.fixture
def engine_page(page, static_site):
    """A page of the static copy with the search engine loaded as `window.__engine`."""
    page.goto(static_site + "/")
    page.evaluate(ENGINE)
    return page


def results(page, static_site: str, query: str, **params: str) -> list[str]:
    """The entry ids /recherche/ shows for `query`, in rank order."""
    url = static_site + "/recherche/?" + urllib.parse.urlencode({"requete": query, **params})
    page.goto(url)
    page.wait_for_selector("#arb-results[data-search-done]")
    return page.locator("#arb-results [data-entry]").evaluate_all(
        "els => els.map(e => e.dataset.entry)"
    )


# -- the analysis is Arbitre's --------------------------------------------------------------


def test_stemmer_matches_python_on_every_word_of_the_corpus(engine_page, index):
    from whoosh.lang.snowball.french import FrenchStemmer

    words: set[str] = set()
    for name in ("title_exact", "names_exact", "text_exact"):
        words |= {w for w in index["fields"][name]["terms"] if not w[0].isdigit()}
    for row in index["docs"]:  # the printed words too, accents and all
        words |= {w.lower() for w in re.findall(r"[^\W\d_]+", row[3] + " " + row[11])}
    words |= {pair.split(":")[0] for pair in index["analysis"]["stems"].split(" ")}  # lemmas
    words = sorted(words)
    assert len(words) > 10_000
    stem = FrenchStemmer().stem
    got = engine_page.evaluate(
        """async (words) => {
          const { snowball } = await import("/assets/search/engine.js");
          return words.map(snowball);
        }""",
        words,
    )
    wrong = [(w, stem(w), js) for w, js in zip(words, got, strict=True) if stem(w) != js]
    assert wrong == []


def test_english_stemmer_matches_python(engine_page, index):
    from whoosh.lang.snowball.english import EnglishStemmer

    words = {w for row in index["names"] for w in row["key"].split()}
    words |= {w for w in index["fields"]["text_exact"]["terms"] if not w[0].isdigit()}
    words = sorted(words)
    stem = EnglishStemmer().stem
    got = engine_page.evaluate(
        """async (words) => {
          const { englishStem } = await import("/assets/search/engine.js");
          return words.map(englishStem);
        }""",
        words,
    )
    assert [(w, js) for w, js in zip(words, got, strict=True) if stem(w) != js] == []


def test_analysis_matches_python_on_every_entry(engine_page, kb):
    from arbitre.search.foreign import analyse_names_of

    analyse_names_of(kb)  # (as the index was: « Pills! » is not « pillez »)
    texts = [f"{e.title or ''} {e.number or ''} {e.text}" for e in kb.entries]
    got = engine_page.evaluate(
        "texts => texts.map(t => window.__engine.analyzer.analyze(t).join(' '))", texts
    )
    wrong = [
        (text[:60], " ".join(analyze(text)), js)
        for text, js in zip(texts, got, strict=True)
        if " ".join(analyze(text)) != js
    ]
    assert wrong == []


# -- the contract of /recherche/ -------------------------------------------------------------

QUERIES = [
    # accentless: the accented entry
    ("degats", "ashes/glossaire/degats", 3),
    ("heritier", "ashes/glossaire/heritier", 1),
    ("pieces", "four-souls/glossaire/cents", 1),  # Four Souls' ¢ is read « pièces »
    # rule numbers as printed, of every game that numbers its rules
    ("609.1f", "the-spoils/609.1f", 1),
    ("règle 408", "the-spoils/408", 1),
    ("7.4.3.b", "altered/7.4.3.b", 1),
    ("7.4.3b", "altered/7.4.3.b", 1),
    ("règle 1b", "ashes/degats/etape-1b", 1),
    # a question, an English term, a typo
    ("qu'est-ce que le mulligan", "the-spoils/glossaire/mulligan", 1),
    ("deplete", "the-spoils/glossaire/epuiser", 1),
    ("retaliate", "marvel-champions/glossaire/riposte-x", 1),
    ("mulligna", "the-spoils/glossaire/mulligan", 1),
    ("fizzle", "four-souls/glossaire/petillement", 1),  # an English name's inflection
]


@pytest.mark.parametrize(("query", "expected", "within"), QUERIES)
def test_search_page_finds(page, static_site, query, expected, within):
    found = results(page, static_site, query)
    assert expected in found[:within], found[:5]
    assert page.console_errors == []


def test_a_card_name_finds_the_rulings_about_the_card(page, static_site, kb):
    about = {e.id for e in kb.entries if e.card == "Jaguar bleu"}
    assert about
    assert results(page, static_site, "jaguar bleu")[0] in about


def test_a_question_about_play_finds_the_ruling(page, static_site):
    found = results(page, static_site, "que se passe-t-il quand ma pioche est vide")
    assert "ashes/faq/degats-faute-de-pioche-1" in found[:3]


@pytest.mark.parametrize("word", ["de", "se", "il", "ma"])
def test_words_of_a_question_never_match_on_their_own(page, static_site, word):
    assert results(page, static_site, word) == []
    assert "Aucun résultat" in page.locator("#arb-results").inner_text()


def test_a_query_is_shown_as_text_never_as_markup(page, static_site):
    assert results(page, static_site, HOSTILE_QUERY)
    assert search_source(page) == "page" and shown_as_text(page, HOSTILE_QUERY)
    page.fill("#arb-q", HOSTILE_QUERY + " ")
    page.press("#arb-q", "Enter")
    page.wait_for_selector("#arb-results[data-search-done]")
    assert shown_as_text(page, HOSTILE_QUERY)


def test_filters_pages_and_labels(page, static_site, kb):
    kinds = {e.id: (e.game, e.kind) for e in kb.entries}
    first = results(page, static_site, "attaque", jeu="the-spoils", type="faq")
    assert first and all(kinds[i] == ("the-spoils", "faq") for i in first)
    assert page.locator("#arb-game").input_value() == "the-spoils"
    page_one = results(page, static_site, "carte")
    assert len(page_one) == 10
    page.locator(".arb-pager a[rel=next]").click()
    page.wait_for_selector("#arb-results[data-search-done]")
    page_two = page.locator("#arb-results [data-entry]").evaluate_all(
        "els => els.map(e => e.dataset.entry)"
    )
    assert len(page_two) == 10 and not set(page_one) & set(page_two)
    assert "page=2" in page.url
    # A titleless rule is labelled with its number and the start of its text, never its id.
    results(page, static_site, "609.1f")
    label = page.locator('#arb-results [data-entry="the-spoils/609.1f"] strong').inner_text()
    assert label.startswith("609.1f ") and "the-spoils/" not in label
    # A title that already shows its number is printed once, as the site's headings do.
    results(page, static_site, "étape 1", jeu="ashes")
    label = page.locator('#arb-results [data-entry="ashes/degats/etape-1"] strong').inner_text()
    assert label == "Étape 1"
    # The snippet marks the matched words.
    results(page, static_site, "degats")
    assert page.locator("#arb-results mark").count() > 0


def test_a_corrected_word_is_noted_and_the_suggestion_keeps_the_filters(page, static_site):
    found = results(page, static_site, "mulligna", jeu="the-spoils")
    assert found[0] == "the-spoils/glossaire/mulligan"
    assert "mulligna" in page.locator("[data-corrected]").inner_text()
    href = page.locator(".arb-suggestion a").get_attribute("href")
    params = urllib.parse.parse_qs(urllib.parse.urlparse(href).query)
    assert params == {"requete": ["mulligan"], "jeu": ["the-spoils"]}


def test_the_suggestion_is_the_players_sentence_and_the_note_names_each_replacement(
    page, static_site
):
    results(page, static_site, "mon adversaire peut-il regarder ma defausee ?")
    # (French typography: no-break spaces inside « » and before ?, as the pages have them.)
    assert page.locator(".arb-suggestion a").inner_text() == (
        "mon adversaire peut-il regarder ma défausse\u00a0?"
    )
    # The player's question mark ends the sentence (not « défausse ? ? »).
    assert page.locator(".arb-suggestion").inner_text().endswith("défausse\u00a0?")
    assert (
        "«\u00a0defausee\u00a0» → «\u00a0défausse\u00a0»"
        in page.locator("[data-corrected]").inner_text()
    )
    results(page, static_site, "fouiller ma défausse")
    assert page.locator(".arb-suggestion").count() == 0
    assert page.locator("[data-corrected]").count() == 0


# -- the header box --------------------------------------------------------------------------


def test_header_box_loads_lazily_and_lands_on_the_entry(page, static_site):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(static_site + "/the-spoils/")
    page.wait_for_load_state("networkidle")
    assert not any(u.endswith("/assets/search/index.json") for u in requested)
    # Typed in: the offline worker answers when it controls the page (it holds the index),
    # else the page loads the index now.  (Which one answered is read from the panel: the
    # worker may take control of the page between any check made here and the query.)
    box = page.locator("[data-arb-header-search]")
    box.click()
    box.press_sequentially("heritier")
    hits = page.locator(".arb-header-search__results [data-entry]")
    hits.first.wait_for()
    source = page.locator(".arb-header-search__results").get_attribute("data-search-source")
    assert source in ("worker", "page")
    if source == "page":
        assert any(u.endswith("/assets/search/index.json") for u in requested)
    assert hits.first.get_attribute("data-entry") == "ashes/glossaire/heritier"
    hits.first.click()
    page.wait_for_load_state()
    assert urllib.parse.urlparse(page.url).fragment
    anchor = urllib.parse.unquote(urllib.parse.urlparse(page.url).fragment)
    assert page.locator(f'[id="{anchor}"]').count() == 1
    assert page.console_errors == []


def test_the_search_page_starts_the_index_from_its_head_and_fetches_it_once(page, static_site):
    """#23: opened with a query, the page's <head> asks for the index and the engine at once;
    the engine takes that response (one fetch, not two), and comes in one file."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(urllib.parse.urlparse(r.url).path))
    found = results(page, static_site, "609.1f")
    assert found[0] == "the-spoils/609.1f"
    assert requested.count("/assets/search/index.json") == 1
    search = sorted({p.rsplit("/", 1)[1] for p in requested if p.startswith("/assets/search/")})
    assert search == [
        "engine.js",
        "header.js",
        "index.json",
        "load.js",
        "page.js",
        "results.js",
        "search.css",
    ]
    assert page.evaluate("'__arbitreSearchIndex' in window") is False
    assert page.console_errors == []


def test_results_are_written_with_the_pages_french_no_break_spaces(engine_page):
    """The results the browser writes space « » and ? ! : ; as the pages do
    (`site/typography.py`), in their text only: tags and attributes keep their spaces."""
    html = (
        '<p class="arb-count" title="« a » ?">3 résultats pour « mot » : là ?</p>'
        '<a href="?requete=a+%3F">b ; c</a><mark>x</mark> !'
    )
    got = engine_page.evaluate(
        """async (html) => (await import("/assets/search/results.js")).frenchHtml(html)""", html
    )
    assert got == french_html(html)
    assert "pour «\u00a0mot\u00a0»\u00a0: là\u00a0?" in got and 'title="« a » ?"' in got


def test_packed_index_shapes_unpack_as_python_packs_them(engine_page, index):
    """client_index's `_pack`/`_encode` and packed.js agree: the postings and lengths the
    engine reads are the index's, and a field's counts are its terms' document counts."""
    from arbitre.search.client_index import _encode, _pack

    numbers = [0, 1, 9, 10, 35, 36, 1295, 1296, 2264, 46655, 46656]
    postings = {3: 2, 40: 1, 2264: 7}
    got = engine_page.evaluate(
        """async ([packed, encoded]) => {
          const { unpack, Field } = await import("/assets/search/engine.js");
          const field = new Field({terms: ["a", "b"], postings: [encoded, "5,1"], lengths: null});
          return [unpack(packed), unpack(""), field.get("a"),
                  field.get("b"), field.get("zz") ?? null, field.counts(), field.lengths];
        }""",
        [_pack(numbers), _encode(postings)],
    )
    assert got == [
        numbers,
        [],
        [[3, 37, 2224], [2, 1, 7]],
        [[5, 1], None],
        None,
        [["a", 3], ["b", 2]],
        None,
    ]
    # On the real index: every field's counts are its terms' document counts.
    wrong = engine_page.evaluate(
        """() => { const e = window.__engine; const out = [];
          for (const [name, field] of Object.entries(e.fields))
            for (const [term, n] of field.counts()) if (n !== e.df(name, term)) out.push([name, term]);
          return out.slice(0, 5); }"""
    )
    assert wrong == []


def test_header_box_enter_opens_the_search_page(page, static_site):
    page.goto(static_site + "/")
    box = page.locator("[data-arb-header-search]")
    box.fill("7.4.3.b")
    box.press("Enter")
    page.wait_for_selector("#arb-results[data-search-done]")
    assert page.locator("#arb-results [data-entry]").first.get_attribute("data-entry") == (
        "altered/7.4.3.b"
    )


# -- the same answers as the Python search ---------------------------------------------------


def test_the_warm_up_queries_are_a_number_a_term_and_a_question(engine_page, kb):
    """What the offline worker searches to ready its engine (#23) reads each kind of query."""
    queries, plans = engine_page.evaluate(
        """() => { const qs = window.__engine.warmUpQueries();
          return [qs, qs.map((q) => window.__engine.parse(q, null, null))]; }"""
    )
    assert len(queries) == 3
    number, term, question = plans
    assert number["number"] and not term["number"] and not term["question"]
    assert question["question"] and term["words"][0] in question["words"]
    titles = {e.title for e in kb.entries if e.kind == "glossary"}
    assert queries[1] in titles


def test_every_printed_rule_number_is_found_first(engine_page, kb):
    numbered = sorted({(e.game, e.number) for e in kb.entries if e.number})
    assert len(numbered) > 1000
    firsts = engine_page.evaluate(
        """(rows) => rows.map(([game, number]) => {
          const inGame = window.__engine.search(number, {game, limit: 1}).hits[0];
          const anyGame = window.__engine.search(number, {limit: 1}).hits[0];
          return [inGame ? inGame.number : null, anyGame ? anyGame.number : null];
        })""",
        [list(row) for row in numbered],
    )
    wrong = [
        (game, number, got)
        for (game, number), got in zip(numbered, firsts, strict=True)
        if any(n is None or number_key(n) != number_key(number) for n in got)
    ]
    assert wrong == []


@pytest.mark.parametrize("name", (*HOLDOUT_SETS, *NATURAL_SETS, *ENGLISH_SETS))
def test_recall_at_5_matches_the_python_search(engine_page, built_root, kb, name):
    queries = yaml.safe_load((DATA / name).read_text("utf-8"))
    paths = ProjectPaths(built_root)
    answers = {e.id: {"title": e.title, "text": display_text(kb, e)} for e in kb.entries}
    ids = engine_page.evaluate(
        "qs => qs.map(q => window.__engine.search(q, {limit: 5}).hits.map(h => h.id))",
        [q["q"] for q in queries],
    )
    python = js = 0
    for query, found in zip(queries, ids, strict=True):
        hits = run_search(paths, query["q"], limit=5)["hits"]
        python += (answer_rank(hits, query["expect"]) or 99) <= 5
        js += (answer_rank([answers[i] for i in found], query["expect"]) or 99) <= 5
    python_recall, js_recall = python / len(queries), js / len(queries)
    assert js_recall >= python_recall - 0.02, (name, python_recall, js_recall)


# Rule numbers as a French keyboard types them (query.NUMBER_QUERY, analysis.number_key).
TYPED_NUMBERS = ["608,1d", "608.1 d", "7,4,3,b", "règle 7.4.3 b", "29 A", "29a"]


def _every_query() -> list[str]:
    """Every query of the sets, the typo table's (real typos, real words left alone), what
    a phone types (words without their apostrophe, and words left alone; shorthand; question
    words mistyped, and words near them left alone), and English questions about a
    function-word keyword or with a typo, quoted wording (and quotes that are none),
    questions about one sense of a word some titles narrow (« Gagner (statut) »), and loot
    asked beside the Pills! cards (English names kept apart from French words)."""
    queries = [
        q["q"] for name in QUERY_SETS for q in yaml.safe_load((DATA / name).read_text("utf-8"))
    ]
    typed = [q for q, _suggestion in TYPOS] + WORDS + K_LEFT + [q for q, _s, _r in SENTENCES]
    phone = [q for q, _read in ELIDED] + LEFT + [q for q, _intent in SHORTHAND] + TYPED_NUMBERS
    english = [q for q, _first in FUNCTION_WORD_KEYWORDS] + [q for q, _m, _g in ENGLISH_TYPOS]
    asked = [q for q, _s, _r in ASKED] + [f"{word} attaque" for word in ASKING_LEFT]
    quoted = [q for q, _sides in QUOTED] + NOT_QUOTED
    senses = [q for q, _first in SENSE_QUESTIONS] + [q for q, _first, _absent in LOOT_QUESTIONS]
    return queries + typed + phone + english + asked + quoted + senses


def test_queries_are_understood_as_python_does(engine_page, built_root):
    """Stage 1, understand: the same filters, number, content words, intent and language."""
    queries = [
        *_every_query(),
        "règle 408",
        "r. 4.3.h",
        "29 A",
        "jeu:spoils vitesse",
        "kind:faq pioche",
        # the dice typed without their accent (accents.py), and « des » / « de » left as typed
        *(typed for typed, _read in ACCENTS_READ),
        *(typed for typed in ACCENTS_LEFT if typed),  # (an empty query is refused)
        "constructor de des",  # words that name a JavaScript object's own properties
        "toString valueOf hasOwnProperty attaque",
        # asking to be explained (query.QUESTION_PHRASES, English scaffolding)
        "qq1 peut m'expliquer la pile",
        "chui pas sur de comprendre la phase de rencontre",
        "explain priority please",
        "whats the stack",  # English typed without its apostrophes
        "doesnt excess damage carry over",
        *(q for q, _words in HOW_TO),  # asking how to do something (query.QUESTION_PHRASES)
    ]
    got = engine_page.evaluate(
        """qs => qs.map(q => { const p = window.__engine.parse(q);
          return [p.game, p.kind, p.number, p.numbers, p.words, p.question, p.intent,
                  p.language]; })""",
        queries,
    )
    searcher = open_searcher(ProjectPaths(built_root))
    for query, js in zip(queries, got, strict=True):
        p = searcher.parse(query)
        python = [p.game, p.kind, p.number, p.numbers, p.words, p.question, p.intent, p.language]
        assert js == python, query


def _answer(result: dict) -> list:
    """What a player sees of a search: entries in order, count, focus, badges, snippets."""
    hits = result["hits"]
    return [
        [h["id"] for h in hits],
        result["total"],
        result["focus"],
        result["suggestion"],
        result.get("replacements"),
        [h["authority"] for h in hits],
        [h.get("highlights", h.get("snippet")) for h in hits],
    ]


JS_ANSWER = """cases => cases.map(([q, game, kind, limit, offset]) => {
  const r = window.__engine.search(q, {game, kind, limit, offset});
  return [r.hits.map(h => h.id), r.total, r.focus, r.suggestion, r.replacements,
          r.hits.map(h => h.authority), r.hits.map(h => h.snippet)];
})"""


def test_rankings_agree_with_the_python_search(engine_page, built_root):
    """Retrieve, rank, present: the same first ten entries, total, focus, suggestion, badges and
    snippets for every query of the sets (players' words, intent, focus, rulings' words and
    cards included).

    A ranking change in the Python stages (search/) must be made in the browser's
    (assets/search/) too; this table tells when the two drift apart (recall parity alone would
    hide a reordering)."""
    queries = _every_query()
    assert len(queries) > 300
    paths = ProjectPaths(built_root)
    got = engine_page.evaluate(JS_ANSWER, [[q, None, None, 10, 0] for q in queries])
    differ = [
        (q, js[0], python[0])
        for q, js in zip(queries, got, strict=True)
        if js != (python := _answer(run_search(paths, q, limit=10)))
    ]
    assert differ == []


def test_a_games_name_with_a_term_agrees_with_the_python_search(engine_page, built_root, kb):
    """« marvel sbire », « réserve altered »: the game's name steps aside and the other games
    further back, in the browser as in Python (every glossary title, with and without the game
    filter)."""
    paths = ProjectPaths(built_root)
    cases = [[q, g, None, 10, 0] for q, _t, game in named_term_queries(kb) for g in (None, game)]
    cases += [[q, None, None, 10, 0] for q, _first in NAMED_GAME_QUERIES]
    cases += [[q, None, None, 10, 0] for q, _absent, _first in ABSENT_IN_NAMED_GAME]
    cases += [[q, None, None, 10, 0] for q, _missing in MISSING_IN_NAMED_GAME]
    cases += [[q, None, None, 10, 0] for q in NOTHING_MISSING]
    cases += [["garde ashes", None, None, 10, 0], ["xyzzy altered", None, None, 10, 0]]
    got = engine_page.evaluate(JS_ANSWER, cases)
    differ = [
        (q, game, js[0], python[0])
        for (q, game, *_rest), js in zip(cases, got, strict=True)
        if js != (python := _answer(run_search(paths, q, game=game, limit=10)))
    ]
    assert differ == []
    queries = [q for q, _first in NAMED_GAME_QUERIES] + NAMED_WITH_TERMS
    plans = engine_page.evaluate("qs => qs.map(q => window.__engine.explain(q))", queries)
    assert plans == [explain_query(paths, q) for q in queries]


def _typed_on_a_phone(count: int, seed: int) -> list[str]:
    """Queries as thumbs type them: the phone tables' words (apostrophes left out, shorthand,
    numbers with commas), ordinary words, and stray letters and signs, mixed at random."""
    words = [q for q, _read in ELIDED] + LEFT + [q for q, _i in SHORTHAND] + TYPED_NUMBERS
    words += ["carte", "attaquer", "épuisé", "Cest", "JAI", "qu'il", "608.1d", "r.", "?"]
    signs = list("abcdeéèçjlqstnCJ'’ʼ -.,?!0123456789:;«»\"/()[]*%&|_Œœ")
    rnd = random.Random(seed)
    queries = []
    for _ in range(count):
        if rnd.random() < 0.3:
            queries.append("".join(rnd.choice(signs) for _ in range(rnd.randint(1, 30))))
        else:
            parts = [rnd.choice(words) for _ in range(rnd.randint(1, 5))]
            queries.append(" ".join(parts))
    return queries


# Games' names (whole, halved, shortened, with an « s » less) among terms and English
# keywords: what the game's-name and English-keyword readings look at.
NAMED_MIX = (
    "marvel champions champion four souls 4 foursouls the spoils altered ashes isaac binding of "
    "tboi héritiers du phénix phoenixborn sbire réserve loot attaque what does then mean and "
    "after ? jeu:ashes 608.1d"
).split()


def _mixed(words: list[str], count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return [" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 6))) for _ in range(count)]


def _english_with_typos(english_words: list[str], count: int, seed: int) -> list[str]:
    """English questions mixing the English vocabulary's words (`english_typos.py`), some with
    one letter left out, doubled or two swapped, and common English words."""
    rnd = random.Random(seed)
    words = rnd.sample([w for w in english_words if len(w) >= 4], 200)
    typos = []
    for word in words:
        i = rnd.randrange(1, max(len(word) - 1, 2))
        swapped = word[:i] + word[i + 1 : i + 2] + word[i : i + 1] + word[i + 2 :]
        typos += [word[:i] + word[i + 1 :], word[:i] + word[i] + word[i:], swapped]
    common = "kills tapped attacking my can when the does what is how work exhausted".split()
    frames = ["what is {}", "how does {} work", "can a {} attack?", "{} meaning"]
    pool = words + typos + common
    return [
        rnd.choice(frames).format(" ".join(rnd.choice(pool) for _ in range(rnd.randint(1, 4))))
        for _ in range(count)
    ]


@pytest.mark.parametrize("mix", ["phone", "named", "english"])
def test_queries_typed_on_a_phone_agree_with_the_python_search(engine_page, built_root, index, mix):
    """Random mixes of what a phone types (elisions, shorthand, commas in numbers, signs), of
    games' names with terms, and of English questions with typos: the same answers, or the
    same refusal of the query."""
    paths = ProjectPaths(built_root)
    if mix == "phone":
        queries = _typed_on_a_phone(400, seed=2026)
    elif mix == "named":
        queries = _mixed(NAMED_MIX, 300, seed=2031)
    else:
        queries = _english_with_typos(index["english_words"].split(" "), 300, seed=2034)
    got = engine_page.evaluate(
        """qs => qs.map(q => { try { const r = window.__engine.search(q, {limit: 10});
             return [r.hits.map(h => h.id), r.total, r.focus, r.suggestion, r.replacements]; }
           catch (e) { if (e.constructor.name === "InvalidQuery") return "refused"; throw e; } })""",
        queries,
    )
    differ = []
    for q, js in zip(queries, got, strict=True):
        try:
            answer = _answer(run_search(paths, q, limit=10))[:5]
        except InvalidQuery:
            answer = "refused"
        if js != answer:
            differ.append((q, js, answer))
    assert differ == []


# A typo of a word only players use (`players_words.py`), of a rules word, and players' words
# typed as they are (never corrected: « dispo », « truc »).
PLAYERS_TYPOS = [
    "regadre la pioche",
    "le moudle expert",
    "je peux buoger mon perso",
    "les sbiers attaquent quand",
    "une carte dispo en main",
    "un truc bizarre avec la pile",
    "ils rcéupèrent leurs cartes",
]


def test_typos_of_the_players_words_agree_with_the_python_search(engine_page, built_root):
    """The same answers, suggestion and replacements: the browser corrects into the players'
    own words as Python does, and leaves them alone when typed right."""
    paths = ProjectPaths(built_root)
    got = engine_page.evaluate(JS_ANSWER, [[q, None, None, 10, 0] for q in PLAYERS_TYPOS])
    python = [_answer(run_search(paths, q, limit=10)) for q in PLAYERS_TYPOS]
    assert got == python
    assert python[0][3] == "regarde la pioche"  # the suggestion


def test_filtered_pages_agree_with_the_python_search(engine_page, built_root, kb):
    """The game and kind filters are exact on every page, and `total` counts what the pages
    list, as the API's (a glossary name's sub-entries included, « mulligan » type:glossaire)."""
    queries = [q["q"] for q in yaml.safe_load((DATA / "dev-queries.yaml").read_text("utf-8"))]
    games = sorted(g.id for g in kb.games)
    kinds = ["rule", "faq", "glossary", "errata"]
    cases = [["mulligan", None, "glossary", 10, 0], ["609.1", None, "faq", 10, 0]]
    for i, q in enumerate(queries):
        cases.append([q, None, None, 10, 10])
        cases.append([q, games[i % len(games)], kinds[i % len(kinds)], 5, 5])
    paths = ProjectPaths(built_root)
    got = engine_page.evaluate(JS_ANSWER, cases)
    kinds_of = {e.id: (e.game, e.kind) for e in kb.entries}
    differ = []
    for (q, game, kind, limit, offset), js in zip(cases, got, strict=True):
        for entry in js[0]:
            assert game in (None, kinds_of[entry][0]) and kind in (None, kinds_of[entry][1])
        python = _answer(run_search(paths, q, game=game, kind=kind, limit=limit, offset=offset))
        if js != python:
            differ.append((q, game, kind, offset, js[0], python[0]))
    assert differ == []


def test_query_plans_are_the_python_plans(engine_page, built_root):
    """Understand: the browser's plan of every query is `arbitre search --explain --json`'s
    (words, corrections, intent, glossary names, synonyms with their provenance, focus)."""
    queries = _every_query()
    paths = ProjectPaths(built_root)
    got = engine_page.evaluate("qs => qs.map(q => window.__engine.explain(q))", queries)
    differ = [
        (q, js, python)
        for q, js in zip(queries, got, strict=True)
        if js != (python := explain_query(paths, q))
    ]
    assert differ == []


def test_intent_markers_read_every_entry_as_python_does(engine_page, index):
    """The intents' regular expressions come from intent.py: on every entry's folded title and
    text, the browser finds an answer of each intent exactly where Python does."""
    got = engine_page.evaluate(
        """() => [...window.__engine.intents.values()].map(i =>
             window.__engine.docs.filter(d => window.__engine.answers(i, d.seq)).map(d => d.seq))"""
    )
    for intent, js in zip(INTENTS, got, strict=True):
        python = [
            seq
            for seq, row in enumerate(index["docs"])
            if intent.answers(fold((row[3] or "") + " \n " + (row[11] or "")))
        ]
        assert js == python, intent.name


def test_phrases_are_found_where_their_regular_expression_finds_them(engine_page):
    """A query's phrases are matched on an entry's words (common.js `phrasePattern`), not by
    their regular expression (#23: the browser compiles each on its first use): the same
    entries, for every phrase of every query of the sets on every entry, and on texts made to
    sit on the edges (words apart by 0-3, a stem inside a word, letters beyond ASCII and beyond
    U+FFFF, « _ », digits, line breaks, an emoji)."""
    got = engine_page.evaluate(
        """(queries) => {
          const e = window.__engine;
          const phrases = new Map();
          for (const q of queries) {
            let parsed;
            try { parsed = e.parse(q); } catch { continue; }
            if (parsed.number) continue;
            for (const p of e.understand(parsed)[0].phrases) phrases.set(p.stems.join(" "), p);
          }
          const texts = e.docs.map((d) => e.foldedText(d.seq));
          const edges = (s) => {
            const [a, b] = [s[0], s[s.length - 1]];
            return ["", " x", " x y", " x y z", "_ x", "ø x", " 𝐀", " 😀", " 12 3", " \\n — \\n"].flatMap((gap) => [
              `${a}${gap} ${b}`, `${a}er${gap} ${b}s`, `z${a}${gap} ${b}`, `${a}${gap} z${b}`,
              `ø${a}${gap} ${b}`, `${a}${gap} _${b}`, `début ${a}${gap} ${b} fin`, `𝐀${a}${gap} ${b}`,
            ]);
          };
          let checked = 0, found = 0;
          const differ = [];
          for (const p of phrases.values()) {
            const regex = new RegExp(p.source(), "u");
            for (const t of [...texts, ...edges(p.stems)]) {
              const want = p.stems.every((s) => t.includes(s)) && regex.test(t);
              const have = p.search(t);
              checked++;
              if (have) found++;
              if (have !== want) differ.push([p.stems.join(" "), t.slice(0, 80), want]);
            }
          }
          return { phrases: phrases.size, checked, found, differ: differ.slice(0, 5) };
        }""",
        _every_query(),
    )
    assert got["phrases"] > 50 and got["found"] > 500, got
    assert got["differ"] == [], got


def test_terms_lemma_stems_and_lexicon_words_are_found_by_halving(engine_page, index):
    """packed.js `Field.row` and `packedFind` find by halving the sorted terms, the
    « word:stem » pairs and the lexicon's words (no table built before a first query, #23):
    every term of every field at its row, every pair's stem, every lexicon word, nothing for
    a word the index lacks."""
    got = engine_page.evaluate(
        """(fields) => {
          const e = window.__engine;
          const wrong = [];
          const absent = ["", "zzzz-absent", "zzzz", "aaaa", "a", "\\u{1F600}", "é", "~"];
          for (const [name, terms] of Object.entries(fields)) {
            terms.forEach((t, i) => { if (e.fields[name].row(t) !== i) wrong.push([name, t]); });
            for (const t of absent) {
              if (!terms.includes(t) && e.fields[name].row(t) !== undefined) wrong.push([name, t]);
            }
          }
          const pairs = e.analyzer.packedStems.split(" ").map((p) => p.split(":"));
          for (const [word, stem] of pairs) {
            if (e.analyzer.tableStem(word) !== stem) wrong.push(["stems", word]);
          }
          const lexicon = e.data.words.split(" ");
          for (const word of lexicon) if (!e.inLexicon(word)) wrong.push(["lexicon", word]);
          for (const w of absent) {
            if (!pairs.some(([word]) => word === w) && e.analyzer.tableStem(w) !== undefined) wrong.push(["stems", w]);
            if (!lexicon.includes(w) && e.inLexicon(w)) wrong.push(["lexicon", w]);
          }
          return { wrong: wrong.slice(0, 5), pairs: pairs.length, lexicon: lexicon.length };
        }""",
        {name: field["terms"] for name, field in index["fields"].items()},
    )
    assert got["pairs"] > 1000 and got["lexicon"] > 1000 and got["wrong"] == [], got


# -- focus and authority on the page ---------------------------------------------------------


def test_the_search_page_says_the_focus_and_links_to_that_game_only(page, static_site):
    found = results(page, static_site, "combien coûte un objet du magasin", type="faq")
    line = page.locator("#arb-results .arb-focus")
    assert line.inner_text().startswith("Recherche dans Four Souls (mots propres à ce jeu")
    assert "«\u00a0magasin\u00a0»" in line.inner_text()
    href = line.locator("a").get_attribute("href")
    assert line.locator("a").inner_text() == "seulement Four Souls"
    params = urllib.parse.parse_qs(urllib.parse.urlparse(href).query)
    assert params == {
        "requete": ["combien coûte un objet du magasin"],
        "type": ["faq"],
        "jeu": ["four-souls"],
    }
    line.locator("a").click()
    page.wait_for_selector("#arb-results[data-search-done]")
    assert page.locator("#arb-game").input_value() == "four-souls"
    assert page.locator("#arb-results .arb-focus").count() == 0  # filtered: nothing to say
    assert found and page.console_errors == []


def test_the_search_page_says_a_game_named_in_the_question(page, static_site):
    found = results(page, static_site, "four souls attaque")
    line = page.locator("#arb-results .arb-focus").inner_text()
    assert line.startswith("Recherche dans Four Souls (nommé dans la question")
    assert "«\u00a0four souls\u00a0»" in line
    assert found[0].startswith("four-souls/") and page.console_errors == []


def test_the_search_page_says_a_named_game_has_none_of_the_words(page, static_site):
    found = results(page, static_site, "mulligan altered")
    line = page.locator("#arb-results .arb-focus").inner_text()
    assert line.startswith("Recherche dans tous les jeux\u00a0: Altered (nommé dans la question")
    assert line.endswith("n'a aucun passage contenant «\u00a0mulligan\u00a0»")  # no link to none
    assert page.locator("#arb-results .arb-focus a").count() == 0
    assert found[0] == "the-spoils/glossaire/mulligan" and page.console_errors == []


def test_the_search_page_says_no_game_has_the_words_when_none_does(page, static_site):
    """« xyzzy altered » found nothing: the line says no game has « xyzzy » (as Python does),
    not that Altered has none, above « Aucun résultat »."""
    assert results(page, static_site, "xyzzy altered") == []
    line = page.locator("#arb-results .arb-focus").inner_text()
    assert line == (
        "Recherche dans tous les jeux\u00a0: aucun jeu n'a de passage contenant «\u00a0xyzzy\u00a0»"
    )
    assert page.locator("#arb-results .arb-focus a").count() == 0
    assert "Aucun résultat" in page.locator("#arb-results").inner_text()
    assert page.console_errors == []


def test_four_souls_hits_carry_the_community_badge(page, static_site, kb):
    found = results(page, static_site, "pétillement")
    game = {e.id: e.game for e in kb.entries}
    for entry in found:
        badge = page.locator(f'#arb-results [data-entry="{entry}"] .arb-community')
        assert badge.count() == (1 if game[entry] == "four-souls" else 0), entry
    assert any(game[e] == "four-souls" for e in found)
    assert (
        page.locator("#arb-results .arb-community").first.text_content() == "source communautaire"
    )


def test_header_box_says_the_focus_and_shows_the_badge(page, static_site):
    page.goto(static_site + "/")
    box = page.locator("[data-arb-header-search]")
    box.click()
    box.press_sequentially("butin")
    panel = page.locator(".arb-header-search__results")
    panel.locator("[data-entry]").first.wait_for()
    line = panel.locator(".arb-focus")
    assert line.inner_text().startswith("Recherche dans Four Souls")
    href = line.locator("a").get_attribute("href")
    params = urllib.parse.parse_qs(urllib.parse.urlparse(href).query)
    assert params == {"requete": ["butin"], "jeu": ["four-souls"]}
    assert panel.locator(".arb-community").count() >= 1
    box.press("ArrowDown")  # the first hit, not the focus line's link
    assert page.evaluate("document.activeElement.dataset.entry")
    assert page.console_errors == []


def header_panel(page, query):
    """The header box's panel once it shows `query`."""
    box = page.locator("[data-arb-header-search]")
    box.fill(query)
    page.wait_for_selector(
        f".arb-header-search__results[data-query={query!r}]", state="attached", timeout=30_000
    )
    return page.locator(".arb-header-search__results")


def test_header_box_searches_the_game_whose_pages_are_open(page, static_site):
    """A player reading Ashes asks about Ashes: on its pages the box searches it, says so, and
    links every game's results; the full list keeps the game."""
    question = "qui peut bloquer une attaque"
    page.goto(static_site + "/")
    everywhere = header_panel(page, question)
    assert everywhere.locator(".arb-scope").count() == 0
    assert (
        not everywhere.locator(".arb-header-hit")
        .first.get_attribute("data-entry")
        .startswith("ashes/")
    )
    page.goto(static_site + "/ashes/")
    panel = header_panel(page, question)
    hits = panel.locator(".arb-header-hit").evaluate_all("els => els.map(e => e.dataset.entry)")
    assert hits and all(h.startswith("ashes/") for h in hits)
    line = panel.locator(".arb-scope")
    assert line.inner_text().startswith("Recherche dans Ashes")
    every = urllib.parse.urlparse(line.locator("a").get_attribute("href")).query
    assert urllib.parse.parse_qs(every) == {"requete": [question]}
    more = urllib.parse.urlparse(panel.locator(".arb-header-more").get_attribute("href")).query
    assert urllib.parse.parse_qs(more) == {"requete": [question], "jeu": ["ashes"]}
    # Enter: the same results, in full
    page.locator("[data-arb-header-search]").press("Enter")
    page.wait_for_selector("#arb-results[data-search-done]")
    assert urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query) == {
        "requete": [question],
        "jeu": ["ashes"],
    }
    shown = page.locator("#arb-results [data-entry]").evaluate_all(
        "els => els.slice(0, 3).map(e => e.dataset.entry)"
    )
    assert shown == hits[:3]
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/marvel-champions/", "jeton"),  # a term several games have: the open game's
        ("/ashes/", "deck"),  # (Ashes says « paquet »)
        ("/altered/regles/4/", "combien de cartes en main"),
    ],
)
def test_header_box_keeps_the_open_game_for_what_every_game_has(page, static_site, path, query):
    page.goto(static_site + path)
    panel = header_panel(page, query)
    game = path.strip("/").split("/")[0]
    assert panel.locator(".arb-header-hit").first.get_attribute("data-entry").startswith(game + "/")
    assert panel.locator(".arb-scope").count() == 1


@pytest.mark.parametrize(
    ("path", "query", "first"),
    [
        # another game's term: that game, as from any page
        ("/ashes/faq/", "pillez", "four-souls/glossaire/loot-x"),
        # another game's name
        ("/four-souls/", "marvel sbire", "marvel-champions/glossaire/sbire"),
        # a rule number the open game lacks
        ("/ashes/", "609.1f", "the-spoils/609.1f"),
        # another game's card, named in full
        (
            "/the-spoils/",
            "wheel of fortune",
            "four-souls/annexes/cartes-de-tarot-par-numero-suite/x-wheel-of-fortune",
        ),
    ],
)
def test_header_box_leaves_the_open_game_for_a_query_pointing_elsewhere(
    page, static_site, path, query, first
):
    page.goto(static_site + path)
    panel = header_panel(page, query)
    assert panel.locator(".arb-header-hit").first.get_attribute("data-entry") == first
    assert panel.locator(".arb-scope").count() == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_focus_line_and_badges_have_no_serious_accessibility_violation(page, static_site, scheme):
    from axe_playwright_python.sync_playwright import Axe

    page.emulate_media(color_scheme=scheme)
    results(page, static_site, "combien coûte un objet du magasin")
    assert page.locator("#arb-results .arb-focus").count() == 1
    assert page.locator("#arb-results .arb-community").count() > 0
    box = page.locator("[data-arb-header-search]")
    box.click()
    box.press_sequentially("butin")
    page.locator(".arb-header-search__results .arb-community").first.wait_for()
    found = Axe().run(page).response["violations"]
    serious = [
        f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []


def test_on_a_phone_the_results_take_the_help_texts_place(phone_page, static_site):
    intro = phone_page.locator(".arb-search-intro")
    phone_page.goto(static_site + "/recherche/")
    assert intro.is_visible()
    found = results(phone_page, static_site, "pioche vide je perds")
    assert found and not intro.is_visible()
    first = phone_page.locator("#arb-results [data-entry]").first.bounding_box()
    assert first["y"] + first["height"] < phone_page.viewport_size["height"]  # the first screen
    phone_page.fill("#arb-q", "")
    phone_page.press("#arb-q", "Enter")
    phone_page.wait_for_selector("#arb-results[data-search-done]", state="attached")
    assert intro.is_visible()
