// Arbitre's search in the browser: the plan of tools/arbitre/search/searcher.py and its stages (understand
// the query -> retrieve -> rank -> present) over the index `arbitre build` writes
// (assets/search/index.json, from tools/arbitre/search/client_index.py).  Names follow the
// Python code so that the two can be read side by side; the data both sides use (ranking
// constants, players' words, game markers, intents) comes from Python through the index, and
// `explain` gives the plan as `arbitre search --explain --json` does, to be compared with it.
//
// The stages are one class each, every one adding its methods to the one before: core.js
// (data, query syntax) <- reading.js (the readings before parsing, typo corrections) <-
// understand.js <- focus.js <- rank.js <- present.js <- Engine (search, explain); their
// constants are weights.js's, their helpers common.js's.
import { Presenting } from "./present.js";
import { spelled } from "./common.js";
export { InvalidQuery } from "./common.js";
// For the offline worker, which writes a search link's results into the page it serves:
export { failureHtml, requestKey, resultsHtml, searchKey, searchRequest } from "./results.js";

export class Engine extends Presenting {
  // The query plan as data, as `Searcher.explain` gives it (`arbitre search --explain --json`):
  // what the query was understood to ask.  The browser tests compare the two on every query.
  explain(q, { game = null, kind = null } = {}) {
    const parsed = this.parse(q, game, kind);
    const focus = this.search(q, { game, kind, limit: 1 }).focus;
    const intent = parsed.intent ? this.intents.get(parsed.intent) : null;
    const out = {
      query: q, game: parsed.game, kind: parsed.kind, number: parsed.number, question: parsed.question,
      intent: intent ? { name: intent.name, label: intent.label } : null, language: parsed.language, focus,
    };
    if (parsed.number) return out;
    const [plan] = this.understand(parsed);
    out.words = plan.words;
    out.corrected = plan.corrected;
    const names = [...plan.namedSpans.keys()].map((span) => spelled(plan, span));
    out.glossary_names = [...new Set(names)].sort();
    out.game_name = [...plan.gameWords].sort((a, b) => a - b).map((i) => plan.corrected[i]);
    out.quoted = plan.quoted.map((side) => side.words.join(" "));
    out.synonyms = plan.synonyms.map(([words, adds, provenance]) => ({ words, adds, provenance }));
    return out;
  }

  // Queries that ready the engine for a player's first one (#23): a rule number, a glossary
  // term, a question about it — searching them builds the tables each kind of query reads and
  // lets the browser compile the code it runs.  Their results are not kept.
  warmUpQueries() {
    const number = this.docs.find((d) => d.number)?.number;
    const term = this.docs.find((d) => d.kind === "glossary" && d.title)?.title;
    return [number, term, term && `que se passe-t-il si je joue ${term} ?`].filter(Boolean);
  }

  // {query, total, hits: [{id, game, kind, number, title, url, snippet}], suggestion, replacements, focus}
  search(q, { game = null, kind = null, limit = 10, offset = 0 } = {}) {
    const parsed = this.parse(q, game, kind);
    const result = parsed.number ? this.numberSearch(parsed, limit + offset) : this.textSearch(parsed, limit + offset);
    const hits = result.ranked.slice(offset, offset + limit).map(([doc, score]) => {
      const d = this.docs[doc];
      const text = d.display || d.text || "";
      return {
        id: d.id, game: d.game, kind: d.kind, number: d.number || null, title: d.title || null,
        url: d.url, authority: d.authority, score, text, snippet: this.snippet(text, result.terms[d.game] || result.terms[""]),
      };
    });
    const [suggestion, replacements] = this.withRespelled(
      q, parsed.respelled, ...(result.plan ? this.suggest(q, result.plan, parsed.language === "en") : [null, []]),
    );
    // (the words a named game lacks, as typed: Searcher.search)
    const typed = (positions) => (positions ? this.typedWords(q, result.plan, positions) : []);
    const focus = result.focus ? this.focusDict(result.focus, typed(result.focus.absent), typed(result.focus.missing), result.total > 0) : null;
    return { query: q, game: parsed.game, kind: parsed.kind, total: result.total, hits, suggestion, replacements, language: parsed.language, focus };
  }
}
