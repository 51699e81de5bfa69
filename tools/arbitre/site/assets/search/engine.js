// Arbitre's search in the browser: the plan of tools/arbitre/search/searcher.py and its stages (understand
// the query -> retrieve -> rank -> present) over the index `arbitre build` writes
// (assets/search/index.json, from tools/arbitre/search/client_index.py).  Names follow the
// Python code so that the two can be read side by side; the data both sides use (ranking
// constants, players' words, game markers, intents) comes from Python through the index, and
// `explain` gives the plan as `arbitre search --explain --json` does, to be compared with it.
import { englishStem } from "./english.js";
import { Analyzer, NUMBER_RE, WORD_CHAR, fold, isRuleNumber, numberKey, typedKey } from "./analysis.js";

// The ranking's constants are weights.py's, read from the index (`ranking`, written by
// client_index.py): one table for both sides.  Set by `useRanking` when an Engine is built.
let FIELD_BOOSTS_STEMMED, LENT_FIELDS, FIELD_BOOSTS_EXACT, CARD_RULING_FACTOR, PHRASE_BONUS, INTENT_BONUS;
let THESAURUS_WEIGHT, UNFOCUSED_WEIGHT, GAME_FOCUS_DEPTH, GAME_FOCUS_SHARE, GAME_FOCUS_FACTOR;
let WORD_GAME_SHARE, WORD_GAME_MIN_DOCS, MAX_TYPO_LENGTH, MAX_TYPO_WORDS, MAX_TYPO_CANDIDATES;
let MENTION_WEIGHT, FAMILY_WEIGHT, RERANK_DEPTH, DIVERSE_TOP, TERM_CHILDREN, BM25_K1, BM25_B, COORD_POWER;
let KIND_ORDER, QUESTION_KIND_FACTORS, INTENT_KIND_FACTORS, BARE_HEADING_FACTOR, UNOFFICIAL_FACTOR;

const RANKING = [
  "FIELD_BOOSTS_STEMMED", "LENT_FIELDS", "FIELD_BOOSTS_EXACT", "CARD_RULING_FACTOR", "PHRASE_BONUS", "INTENT_BONUS",
  "THESAURUS_WEIGHT", "UNFOCUSED_WEIGHT", "GAME_FOCUS_DEPTH", "GAME_FOCUS_SHARE", "GAME_FOCUS_FACTOR",
  "WORD_GAME_SHARE", "WORD_GAME_MIN_DOCS", "MAX_TYPO_LENGTH", "MAX_TYPO_WORDS", "MAX_TYPO_CANDIDATES",
  "MENTION_WEIGHT", "FAMILY_WEIGHT", "RERANK_DEPTH", "DIVERSE_TOP", "TERM_CHILDREN", "BM25_K1", "BM25_B",
  "COORD_POWER", "KIND_ORDER", "QUESTION_KIND_FACTORS",
  "INTENT_KIND_FACTORS", "BARE_HEADING_FACTOR", "UNOFFICIAL_FACTOR",
];

function useRanking(r) {
  if (!r) throw new Error("index de recherche sans table de classement (reconstruire le site)");
  ({ FIELD_BOOSTS_STEMMED, FIELD_BOOSTS_EXACT, CARD_RULING_FACTOR, PHRASE_BONUS, INTENT_BONUS } = r);
  ({ THESAURUS_WEIGHT, UNFOCUSED_WEIGHT, GAME_FOCUS_DEPTH, GAME_FOCUS_SHARE, GAME_FOCUS_FACTOR } = r);
  ({ WORD_GAME_SHARE, WORD_GAME_MIN_DOCS, MAX_TYPO_LENGTH, MAX_TYPO_WORDS, MAX_TYPO_CANDIDATES } = r);
  ({ MENTION_WEIGHT, FAMILY_WEIGHT, RERANK_DEPTH, DIVERSE_TOP, TERM_CHILDREN, BM25_K1, BM25_B } = r);
  ({ COORD_POWER, KIND_ORDER, QUESTION_KIND_FACTORS, INTENT_KIND_FACTORS, BARE_HEADING_FACTOR, UNOFFICIAL_FACTOR } = r);
  LENT_FIELDS = new Set(r.LENT_FIELDS);
  const missing = RANKING.filter((name) => r[name] === undefined || r[name] === null);
  if (missing.length) throw new Error(`constantes de classement manquantes : ${missing.join(", ")}`);
}

const W = WORD_CHAR;
const NW = W.replace("[", "[^");
const NUMBER_QUERY = new RegExp(
  "^\\s*(?:(?:r[eè]gle|regles|règles|rules?|r|art|article|§|n°|no)\\.?\\s*)?" +
    "(?<number>\\d+(?:\\.\\d+)*(?:\\.?[a-z]| [a-z])?)\\.?\\s*$",
  "iu",
);
const NUMBER_ANYWHERE = new RegExp(`(?<![${W.slice(1, -1)}.])(${NUMBER_RE})(?!${W})`, "gu");
const FILTER = /(?<!\S)(?<key>game|jeu|kind|type|sorte):(?<value>\S*)/giu;
const EST_CE = new RegExp(`(?<!${W})est[- ]ce(?!${W})`, "u");

export class InvalidQuery extends Error {}

function resolveChoice(value, choices, what, aliases) {
  const key = fold(value.trim());
  if (choices.includes(key)) return key;
  if (aliases && aliases[key] && choices.includes(aliases[key])) return aliases[key];
  const partial = choices.filter((c) => key && c.includes(key));
  if (partial.length === 1) return partial[0];
  throw new InvalidQuery(`${what} inconnu : « ${value} »`);
}

// Optimal string alignment distance (a swap of two adjacent letters is one edit).
function distance(a, b) {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const prev = rows[rows.length - 1];
      let cost = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cost = Math.min(cost, rows[rows.length - 2][j - 2] + 1);
      }
      row.push(cost);
    }
    rows.push(row);
  }
  return rows[rows.length - 1][b.length];
}

function deletions(word) {
  const out = new Set();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function maxEdits(word) {
  if (word.length <= 3 || word.length > MAX_TYPO_LENGTH || /^\d+$/.test(word)) return 0;
  return word.length <= 7 ? 1 : 2;
}

const round4 = (x) => Math.round(x * 1e4) / 1e4;
const byScore = (a, b) => b[1] - a[1] || a[0] - b[0];
const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A keyword's name without its variable (« riposte x » -> « riposte »), or null.
function withoutVariable(key) {
  const words = key.split(" ");
  return words.length > 1 && words[words.length - 1] === "x" ? words.slice(0, -1).join(" ") : null;
}

function phrasePattern(analyzer, words) {
  const stems = words.map((w) => analyzer.stem(w));
  const parts = stems.map((s) => escapeRegex(s) + `${W}*`);
  const regex = new RegExp(`(?<!${W})` + parts.join(`(?:${NW}+${W}+){0,2}?${NW}+`), "u");
  return { regex, stems, search: (folded) => stems.every((s) => folded.includes(s)) && regex.test(folded) };
}

class Term {
  constructor(field, text, boost) {
    this.field = field;
    this.text = text;
    this.boost = boost;
  }
}

export class Engine {
  constructor(data) {
    useRanking(data.ranking);
    this.data = data;
    this.analyzer = new Analyzer(data.analysis);
    this.games = Object.keys(data.games);
    this.kinds = data.kinds;
    this.docs = data.docs.map((r, seq) => ({
      seq, id: r[0], url: r[1], number: r[2], title: r[3], game: r[4], kind: r[5], role: r[6],
      parent: r[7], titleKey: r[8], parentKey: r[9], official: r[10] === 1, text: r[11], display: r[12],
      cardsKey: r[13] || [], authority: data.authority?.[r[4]] || "official",
    }));
    this.docCount = this.docs.length;
    this.byId = new Map(this.docs.map((d) => [d.id, d.seq]));
    this.fields = {};
    for (const [name, field] of Object.entries(data.fields)) {
      this.fields[name] = { terms: new Map(Object.entries(field.terms)), lengths: field.lengths, norms: undefined };
    }
    this.textTerms = [...this.fields.text.terms.keys()].sort();
    this.phrases = data.phrases;
    this.postingsCache = new Map();
    this.foldedCache = new Map();
    this.buildNames(data.names);
    this.buildThesaurus(data.thesaurus);
    this.vocab = null;
    this.wordGames = new Map();
    this.intentCache = new Map();
    const focus = data.focus || { markers: [], titles: {}, reasons: {} };
    this.focusTitles = focus.titles;
    this.focusReasons = focus.reasons;
    // vocabulary.Vocabulary.markers_in: a game's names and own words, whole words of the query.
    this.markers = focus.markers.map(([key, game]) => ({
      key, game, regex: new RegExp(`(?<!${W})` + escapeRegex(key).replace(/ /g, "[\\s'-]+") + `(?!${W})`, "u"),
    }));
    // query.QUESTION_PHRASES: question scaffolding dropped only as whole phrases.
    this.questionPhrases = new RegExp(data.analysis.question_phrases, "giu");
    this.questionPhrase = new RegExp(data.analysis.question_phrases, "iu");
    this.intents = new Map(
      (data.intents || []).map((i) => [i.name, { name: i.name, label: i.label, cues: new RegExp(i.cues, "u"), markers: new RegExp(i.markers, "u") }]),
    );
  }

  // A name's words by their English (Snowball) stems (names.english_key).
  englishKey(key) {
    return key.split(" ").map(englishStem).join(" ");
  }

  // -- data -----------------------------------------------------------------------------

  buildNames(rows) {
    this.names = new Map();
    this.namesEn = new Map();
    this.namesTyped = new Map();
    this.longestName = 1;
    const ranked = rows
      .filter((row) => row.key)
      .map((row, i) => ({ row, i, rank: [row.targets.length > 0, row.typed === row.key, !row.foreign] }));
    const cmp = (a, b) => {
      for (let k = 0; k < 3; k++) if (a.rank[k] !== b.rank[k]) return a.rank[k] ? 1 : -1;
      return a.i - b.i;
    };
    ranked.sort(cmp);
    const put = (map, key, game, value) => {
      if (!map.has(key)) map.set(key, new Map());
      map.get(key).set(game, value);
    };
    for (const { row } of ranked) {
      const titles = new Set(row.titles);
      const words = [...new Set(row.titles.flatMap((t) => t.split(" ")))].sort();
      const expansion = { targets: row.targets, words, titles, positions: new Set(), foreign: row.foreign, game: row.game };
      put(this.names, row.key, row.game, expansion);
      if (row.foreign && row.english) put(this.namesEn, row.english, row.game, expansion);
      const bare = withoutVariable(row.key);
      if (bare) {
        // « Riposte X », « Retaliate X » are typed « riposte », « retaliate »
        const putFirst = (map, key) => {
          if (!map.has(key)) map.set(key, new Map());
          if (!map.get(key).has(row.game)) map.get(key).set(row.game, expansion);
        };
        putFirst(this.names, bare);
        if (row.foreign) putFirst(this.namesEn, this.englishKey(bare));
      }
      this.longestName = Math.max(this.longestName, row.key.split(" ").length);
      put(this.namesTyped, row.typed, row.game, expansion);
    }
    this.twins = new Map();
    for (const row of rows) {
      if (row.targets.length > 1) {
        const group = this.twins.get(row.targets[0]) ?? row.targets[0];
        for (const t of row.targets) if (!this.twins.has(t)) this.twins.set(t, group);
      }
    }
  }

  buildThesaurus(groups) {
    this.thesaurus = new Map();
    this.thesaurusLongest = 1;
    for (const g of groups) {
      const group = {
        phrases: g.phrases.map(([words, stems]) => ({ words, stems })),
        sources: g.sources.map(([words, stems]) => ({ words, stems })),
        games: g.games ? new Set(g.games) : null,
        provenance: g.provenance || "thesaurus.yaml",
        vocabulary: Boolean(g.vocabulary),
        same: JSON.stringify([g.phrases, g.sources, g.games, g.provenance]),
      };
      for (const p of [...group.phrases, ...group.sources]) {
        const key = p.stems.join(" ");
        if (!this.thesaurus.has(key)) this.thesaurus.set(key, []);
        // « jeton » and « jetons »: one stem, one match (groups compared by value)
        if (this.thesaurus.get(key).some((other) => other.same === group.same)) continue;
        this.thesaurus.get(key).push(group);
        this.thesaurusLongest = Math.max(this.thesaurusLongest, p.stems.length);
      }
    }
  }

  df(field, term) {
    const p = this.fields[field].terms.get(term);
    return p ? p[0].length : 0;
  }

  norms(field) {
    const f = this.fields[field];
    if (f.norms === undefined) {
      f.norms = null;
      if (f.lengths) {
        const avg = f.lengths.reduce((a, b) => a + b, 0) / f.lengths.length || 1.0;
        f.norms = f.lengths.map((len) => BM25_K1 * (1 - BM25_B + (BM25_B * len) / avg));
      }
    }
    return f.norms;
  }

  // Doc numbers and term frequencies of a term.
  raw(field, term) {
    const p = this.fields[field]?.terms.get(term);
    if (!p) return [];
    const out = [];
    let doc = 0;
    for (let i = 0; i < p[0].length; i++) {
      doc += p[0][i];
      out.push([doc, p[1] ? p[1][i] : 1]);
    }
    return out;
  }

  // BM25 contribution of one term to every document holding it (postings.Postings.scores).
  postings(field, term) {
    const key = field + "\u0000" + term;
    let scores = this.postingsCache.get(key);
    if (scores) return scores;
    scores = new Map();
    let items;
    if (field === "id") items = this.byId.has(term) ? [[this.byId.get(term), 1]] : [];
    else items = this.raw(field, term);
    const df = items.length;
    if (df) {
      const n = this.docCount;
      const lift = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (BM25_K1 + 1);
      const norms = field === "id" ? null : this.norms(field);
      for (const [doc, tf] of items) scores.set(doc, (lift * tf) / (tf + (norms ? norms[doc] : BM25_K1)));
    }
    this.postingsCache.set(key, scores);
    return scores;
  }

  phrasePostings(stems) {
    const key = "phrase\u0000" + stems.join(" ");
    let scores = this.postingsCache.get(key);
    if (scores) return scores;
    scores = new Map();
    const docs = this.phrases[stems.join(" ")] || [];
    const words = stems.map((s) => this.postings("text", s));
    for (const doc of docs) scores.set(doc, words.reduce((sum, w) => sum + (w.get(doc) || 0), 0));
    this.postingsCache.set(key, scores);
    return scores;
  }

  foldedText(doc) {
    let folded = this.foldedCache.get(doc);
    if (folded === undefined) {
      const d = this.docs[doc];
      folded = fold((d.title || "") + " \n " + (d.text || ""));
      this.foldedCache.set(doc, folded);
    }
    return folded;
  }

  // -- understand -----------------------------------------------------------------------

  parse(raw, game = null, kind = null) {
    if (typeof raw !== "string" || !raw.trim()) throw new InvalidQuery("La requête est vide.");
    if (raw.length > 500) throw new InvalidQuery("La requête dépasse 500 caractères.");
    const inline = {};
    const text = raw
      .replace(FILTER, (...args) => {
        const groups = args[args.length - 1];
        inline[["game", "jeu"].includes(groups.key.toLowerCase()) ? "game" : "kind"] = groups.value;
        return " ";
      })
      .trim();
    game = game || inline.game || null;
    kind = kind || inline.kind || null;
    const parsed = { raw, text, game: null, kind: null, number: null, numbers: [], words: [], question: false, intent: null };
    if (game) parsed.game = resolveChoice(game, this.games, "jeu");
    if (kind) parsed.kind = resolveChoice(kind, this.kinds, "type", this.data.analysis.kind_names);
    if (!text) throw new InvalidQuery("La requête a des filtres mais aucun mot.");
    const m = text.match(NUMBER_QUERY);
    if (m) {
      parsed.number = numberKey(m.groups.number);
      parsed.numbers = [parsed.number];
      return parsed;
    }
    parsed.numbers = [...text.matchAll(NUMBER_ANYWHERE)].map((x) => numberKey(x[1]));
    const every = new Set(fold(text).match(/[\p{L}\p{N}]+/gu) || []);
    const tokens = this.analyzer.analyze(text, false);
    const qwords = new Set(this.data.analysis.question_words);
    const markers = new Set(this.data.analysis.question_markers);
    const content = this.analyzer.analyze(text.replace(this.questionPhrases, " "), false).filter((t) => !qwords.has(t));
    parsed.question =
      text.includes("?") ||
      this.questionPhrase.test(text) ||
      [...every].some((w) => markers.has(w)) ||
      EST_CE.test(fold(text)) ||
      content.length >= 5;
    parsed.words = content.length ? content : tokens;
    const folded = fold(text);
    const intent = [...this.intents.values()].find((i) => i.cues.test(folded));
    parsed.intent = intent ? intent.name : null;
    return parsed;
  }

  knownForm(word) {
    return ["text_exact", "title_exact", "names_exact"].some((f) => this.df(f, word));
  }

  known(word) {
    if (this.knownForm(word)) return true;
    const s = this.analyzer.stem(word);
    return ["text", "title", "names"].some((f) => this.df(f, s));
  }

  vocabulary() {
    if (!this.vocab) {
      const vocab = new Map();
      for (const f of ["title_exact", "names_exact", "text_exact"]) {
        for (const [word, p] of this.fields[f].terms) {
          if (!/^\d/.test(word)) vocab.set(word, (vocab.get(word) || 0) + p[0].length);
        }
      }
      const deletes = new Map();
      for (const word of vocab.keys()) {
        if (word.length > 3) {
          for (const form of deletions(word)) {
            if (!deletes.has(form)) deletes.set(form, []);
            deletes.get(form).push(word);
          }
        }
      }
      this.vocab = { vocab, deletes };
    }
    return this.vocab;
  }

  corrections(word) {
    const edits = maxEdits(word);
    if (edits === 0) return [];
    const { vocab, deletes } = this.vocabulary();
    const forms = new Set([word, ...deletions(word)]);
    if (edits > 1) for (const f of [...forms]) for (const f2 of deletions(f)) forms.add(f2);
    const found = new Set();
    for (const form of forms) {
      if (vocab.has(form)) found.add(form);
      for (const w of deletes.get(form) || []) found.add(w);
    }
    found.delete(word);
    let plausible = [...found].filter(
      (c) => (c[0] === word[0] || c.slice(0, 2) === word[1] + word[0]) && Math.abs(c.length - word.length) <= edits,
    );
    if (plausible.length > MAX_TYPO_CANDIDATES) {
      plausible = plausible
        .sort((a, b) => vocab.get(b) - vocab.get(a) || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, MAX_TYPO_CANDIDATES);
    }
    const dist = new Map();
    for (const c of plausible) dist.set(c, distance(word, c));
    let candidates = [...dist.keys()].filter((c) => dist.get(c) <= edits);
    if (candidates.length) {
      const best = Math.min(...candidates.map((c) => dist.get(c)));
      candidates = candidates.filter((c) => dist.get(c) === best);
    }
    candidates.sort((a, b) => dist.get(a) - dist.get(b) || vocab.get(b) - vocab.get(a) || (a < b ? -1 : a > b ? 1 : 0));
    return candidates.slice(0, 3);
  }

  glossaryMatches(words, game, typed = null, unknown = new Set()) {
    const found = [];
    const covered = new Set();
    const n = words.length;
    for (let size = Math.min(this.longestName, n); size > 0; size--) {
      for (let start = 0; start + size <= n; start++) {
        const span = [];
        for (let i = start; i < start + size; i++) span.push(i);
        if (span.some((i) => covered.has(i))) continue;
        let perGame = this.names.get(words.slice(start, start + size).join(" "));
        if (!perGame && typed && span.some((i) => unknown.has(i))) {
          perGame = this.namesEn.get(this.englishKey(typed.slice(start, start + size).join(" ")));
        }
        if (!perGame) continue;
        for (const g of [...perGame.keys()].sort()) {
          if (game === null || g === game) {
            found.push({ ...perGame.get(g), positions: new Set(span) });
            span.forEach((i) => covered.add(i));
          }
        }
      }
    }
    return [found, covered];
  }

  namesIn(corrected, parsed, words, fixed) {
    const [expansions, covered] = this.glossaryMatches(corrected, parsed.game, words, fixed);
    if (parsed.question || !words.length) return [expansions, covered];
    const fixes = new Map([...fixed].map((i) => [words[i], corrected[i]]));
    const key = typedKey(parsed.text)
      .split(" ")
      .filter(Boolean)
      .map((w) => (fixes.has(w) ? fixes.get(w) : w))
      .join(" ");
    const perGame = this.namesTyped.get(key);
    const all = new Set(words.map((_, i) => i));
    const named = perGame
      ? [...perGame.keys()]
          .sort()
          .filter((g) => parsed.game === null || g === parsed.game)
          .map((g) => ({ ...perGame.get(g), positions: new Set(all) }))
      : [];
    if (named.length) return [named, all];
    return [expansions, covered];
  }

  wordTerms(word, weight = 1.0) {
    const stemmed = this.analyzer.stem(word);
    const terms = Object.entries(FIELD_BOOSTS_STEMMED).map(([f, b]) => new Term(f, stemmed, b * weight));
    for (const [f, b] of Object.entries(FIELD_BOOSTS_EXACT)) terms.push(new Term(f, word, b * weight));
    if (isRuleNumber(word) && word.includes(".")) {
      terms.push(new Term("number_key", word, 30.0 * weight));
      terms.push(new Term("number_parents", word, 3.0 * weight));
    }
    return terms;
  }

  stemFamily(word) {
    const stemmed = this.analyzer.stem(word);
    if (stemmed.length < 5 || /^\d/.test(stemmed)) return [];
    const prefix = stemmed.slice(0, -1);
    let lo = 0;
    let hi = this.textTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.textTerms[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const family = [];
    for (let i = lo; i < this.textTerms.length && this.textTerms[i].startsWith(prefix); i++) {
      if (this.textTerms[i].length <= stemmed.length + 2) family.push(this.textTerms[i]);
    }
    return family.slice(0, 4).map((t) => new Term("text", t, FAMILY_WEIGHT));
  }

  plan(parsed) {
    const words = [...parsed.words];
    const plan = {
      words, corrected: [...words], concepts: [], boostedIds: new Map(), mentions: new Map(),
      names: new Set(), wholeName: false, namedSpans: new Map(), phrases: [], synonyms: [],
    };
    const totalDocs = Math.max(this.docCount, 1);
    const unknown = new Set();
    const respell = new Map();
    let budget = MAX_TYPO_WORDS; // words left that typo correction may look at
    words.forEach((word, i) => {
      let variants;
      if (isRuleNumber(word) || this.knownForm(word) || budget <= 0) {
        variants = [[word, 1.0]];
      } else if (this.known(word)) {
        budget -= 1;
        variants = [[word, 1.0]];
        const nearest = parsed.question ? [] : this.corrections(word).slice(0, 1);
        if (nearest.length && distance(word, nearest[0]) === 1) respell.set(i, nearest[0]);
      } else {
        budget -= 1;
        unknown.add(i);
        const alternatives = this.corrections(word);
        if (alternatives.length) plan.corrected[i] = alternatives[0];
        const first = parsed.question ? 0.5 : 1.0;
        variants = [[word, 1.0], ...alternatives.map((a) => [a, first])];
      }
      let terms = [];
      for (const [variant, weight] of variants) terms = terms.concat(this.wordTerms(variant, weight));
      terms = terms.concat(this.stemFamily(plan.corrected[i]));
      const s = this.analyzer.stem(plan.corrected[i]);
      const df = Math.max(this.df("text", s), this.df("title", s));
      plan.concepts.push({ terms, weight: Math.log(1 + totalDocs / (1 + df)), phrases: [], scoped: [] });
    });

    let [expansions, covered] = this.namesIn(plan.corrected, parsed, words, unknown);
    if (respell.size) {
      const trial = plan.corrected.map((w, i) => respell.get(i) ?? w);
      const [found, spanned] = this.namesIn(trial, parsed, words, new Set([...unknown, ...respell.keys()]));
      const kept = new Set(
        [...respell.keys()].filter(
          (i) => spanned.size === words.length || found.some((e) => e.positions.has(i) && e.positions.size > 1),
        ),
      );
      for (const i of kept) {
        plan.corrected[i] = respell.get(i);
        plan.concepts[i].terms.push(...this.wordTerms(respell.get(i), 0.5));
      }
      if (kept.size === respell.size) {
        [expansions, covered] = [found, spanned];
      } else if (kept.size) {
        [expansions, covered] = this.namesIn(plan.corrected, parsed, words, new Set([...unknown, ...kept]));
      }
    }
    plan.wholeName = expansions.length > 0 && covered.size === words.length;
    for (const expansion of expansions) {
      const span = [...expansion.positions].sort((a, b) => a - b).join(",");
      if (!plan.namedSpans.has(span)) plan.namedSpans.set(span, new Set());
      plan.namedSpans.get(span).add(expansion.game);
      if (plan.wholeName && expansion.targets.length) plan.mentions.set(expansion.targets[0], MENTION_WEIGHT);
      if (!plan.wholeName && !expansion.foreign) continue;
      if (plan.wholeName) {
        expansion.titles.forEach((t) => plan.names.add(t));
        expansion.targets.forEach((target, rank) => {
          if (!plan.boostedIds.has(target)) plan.boostedIds.set(target, rank === 0 ? 1.0 : 0.8);
        });
      }
      const extra = expansion.words.filter((w) => !plan.corrected.includes(w));
      const weight = plan.wholeName ? 0.6 : 0.4;
      const scope = new Set([expansion.game]);
      for (const word of extra) {
        const terms = this.wordTerms(word, weight);
        for (const i of expansion.positions) plan.concepts[i].scoped.push(...terms.map((t) => [t, scope]));
      }
    }
    let sequences = [];
    for (let i = 0; i + 1 < plan.corrected.length; i++) sequences.push(plan.corrected.slice(i, i + 2));
    if (plan.wholeName) sequences = [plan.corrected, ...[...plan.names].sort().map((n) => n.split(" "))];
    plan.phrases = sequences
      .filter((ws) => ws.length > 1 && !ws.some((w) => isRuleNumber(w)))
      .map((ws) => phrasePattern(this.analyzer, ws));
    return plan;
  }

  thesaurusMatches(words, game) {
    const stems = words.map((w) => this.analyzer.stem(w));
    const found = [];
    // thesaurus.Thesaurus.matches: the general groups and the games' vocabulary are two layers.
    const covered = { false: new Set(), true: new Set() };
    for (let size = Math.min(this.thesaurusLongest, words.length); size > 0; size--) {
      for (let start = 0; start + size <= words.length; start++) {
        const span = [];
        for (let i = start; i < start + size; i++) span.push(i);
        const blocked = {
          false: span.some((i) => covered.false.has(i)),
          true: span.some((i) => covered.true.has(i)),
        };
        const key = stems.slice(start, start + size).join(" ");
        for (const group of this.thesaurus.get(key) || []) {
          if (blocked[group.vocabulary]) continue;
          if (game !== null && group.games !== null && !group.games.has(game)) continue;
          const phrase = [...group.phrases, ...group.sources].find((p) => p.stems.join(" ") === key);
          found.push({ start, size, group, phrase });
          span.forEach((i) => covered[group.vocabulary].add(i));
        }
      }
    }
    return found;
  }

  // The plan, and the game the query's words say it is about (Searcher._understand): the
  // synonyms of that game's players' vocabulary only expand then, not the other games'.
  understand(parsed) {
    const plan = this.plan(parsed);
    let focus = null;
    if (parsed.game === null && plan.concepts.length) focus = this.wordFocus(parsed, plan);
    this.expandSynonyms(plan, parsed.game || (focus ? focus.game : null));
    return [plan, focus];
  }

  expandSynonyms(plan, game) {
    const added = new Map(); // position -> "word\u0000scope" already added
    const scopeKey = (scope) => (scope === null ? "" : [...scope].sort().join(","));
    for (const match of this.thesaurusMatches(plan.corrected, game)) {
      const scope = match.group.games;
      const share = game === null && scope !== null ? UNFOCUSED_WEIGHT : 1.0;
      const same = (p) => p.words.join(" ") === match.phrase.words.join(" ") && p.stems.join(" ") === match.phrase.stems.join(" ");
      const others = match.group.phrases.filter((p) => !same(p)).map((p) => p.words.join(" "));
      const where = scope ? ` (${[...scope].sort().join(", ")})` : "";
      plan.synonyms.push([match.phrase.words.join(" "), others, match.group.provenance + where]);
      for (const phrase of match.group.phrases) {
        // Compared by value, as the Python dataclasses are (a phrase may be in two groups).
        if (same(phrase)) continue;
        if (phrase.stems.length > 1) {
          // A phrase is a synonym as a phrase only, not word by word (understand.expand_synonyms).
          for (let i = match.start; i < match.start + match.size; i++) {
            plan.concepts[i].phrases.push([phrase.stems, share, scope]);
          }
          continue;
        }
        for (const word of phrase.words) {
          if (plan.corrected.includes(word)) continue;
          for (let i = match.start; i < match.start + match.size; i++) {
            if (!added.has(i)) added.set(i, new Set());
            const key = word + "\u0000" + scopeKey(scope);
            if (!added.get(i).has(key)) {
              added.get(i).add(key);
              const terms = this.wordTerms(word, THESAURUS_WEIGHT * share);
              if (scope === null) plan.concepts[i].terms.push(...terms);
              else plan.concepts[i].scoped.push(...terms.map((t) => [t, scope]));
            }
          }
        }
      }
    }
  }

  // -- game focus (focus.GameFocus.of_words) ----------------------------------------------

  wordFocus(parsed, plan) {
    const game = this.namedGame(plan);
    if (game) {
      const words = [...plan.namedSpans.keys()].map((span) => span.split(",").map((i) => plan.corrected[+i]).join(" "));
      return { game, reason: "glossary", words: [...new Set(words)].sort() };
    }
    const found = this.vocabularyGame(parsed, plan);
    return found ? { game: found[0], reason: "vocabulary", words: found[1] } : null;
  }

  // The game holding nearly all the entries using a word (« butin »: Four Souls), cached per stem.
  wordGame(word) {
    const stemmed = this.analyzer.stem(word);
    if (this.wordGames.has(stemmed)) return this.wordGames.get(stemmed);
    const docs = new Set();
    for (const f of ["text", "title", "names"]) for (const doc of this.postings(f, stemmed).keys()) docs.add(doc);
    const counts = new Map();
    for (const doc of docs) counts.set(this.docs[doc].game, (counts.get(this.docs[doc].game) || 0) + 1);
    let [game, count] = ["", 0];
    for (const [g, c] of counts) if (c > count || (c === count && g > game)) [game, count] = [g, c];
    const owner = count >= WORD_GAME_MIN_DOCS && count >= WORD_GAME_SHARE * docs.size ? game : null;
    this.wordGames.set(stemmed, owner);
    return owner;
  }

  markersIn(text) {
    const folded = fold(text);
    const found = new Map();
    for (const { key, game, regex } of this.markers) {
      if (regex.test(folded) && !(found.get(game) || []).includes(key)) {
        if (!found.has(game)) found.set(game, []);
        found.get(game).push(key);
      }
    }
    return found;
  }

  vocabularyGame(parsed, plan) {
    const perGame = new Map();
    const push = (g, w) => {
      if (!perGame.has(g)) perGame.set(g, []);
      perGame.get(g).push(w);
    };
    for (const word of plan.corrected) {
      if (isRuleNumber(word)) continue;
      const owner = this.wordGame(word);
      if (owner) push(owner, word);
    }
    for (const [span, games] of plan.namedSpans) {
      if (games.size !== 1) continue;
      const game = [...games][0];
      const positions = span.split(",").map(Number);
      const name = positions.map((i) => plan.corrected[i]).join(" ");
      if ((perGame.get(game) || []).includes(name)) continue;
      if ([...this.nameUsers(plan, positions)].every((g) => games.has(g))) push(game, name);
    }
    for (const [game, markers] of this.markersIn(parsed.text)) {
      if (!this.games.includes(game)) continue;
      const inside = new Set(markers.flatMap((m) => m.split(" ")));
      perGame.set(game, [...(perGame.get(game) || []).filter((w) => !inside.has(w)), ...markers]);
    }
    if (perGame.size !== 1) return null;
    return [...perGame.entries()][0];
  }

  nameUsers(plan, positions) {
    let docs = null;
    for (const i of positions) {
      const found = new Set(this.postings("text", this.analyzer.stem(plan.corrected[i])).keys());
      docs = docs === null ? found : new Set([...docs].filter((d) => found.has(d)));
    }
    return new Set([...(docs || [])].map((d) => this.docs[d].game));
  }

  focusDict(focus) {
    const title = this.focusTitles[focus.game] || this.data.games[focus.game] || focus.game;
    let because = this.focusReasons[focus.reason] || focus.reason;
    if (focus.words.length) because += " : " + focus.words.map((w) => `« ${w} »`).join(", ");
    return { game: focus.game, title, reason: focus.reason, words: [...focus.words], message: `dans ${title} (${because})` };
  }

  // -- retrieve and rank ----------------------------------------------------------------

  allowed(parsed) {
    if (!parsed.game && !parsed.kind) return null;
    return (doc) =>
      (!parsed.game || this.docs[doc].game === parsed.game) && (!parsed.kind || this.docs[doc].kind === parsed.kind);
  }

  numberSearch(parsed, depth) {
    const number = parsed.number;
    const ok = this.allowed(parsed) || (() => true);
    const seen = new Set();
    const ranked = [];
    const exact = this.raw("number_key", number).map(([d]) => d).filter(ok);
    exact.sort((a, b) => (KIND_ORDER[this.docs[a].kind] ?? 9) - (KIND_ORDER[this.docs[b].kind] ?? 9) || a - b);
    const children = this.raw("number_parents", number).map(([d]) => d).filter(ok);
    for (const [score, docs] of [[100.0, exact], [50.0, children]]) {
      for (const doc of docs) {
        if (!seen.has(doc)) {
          seen.add(doc);
          ranked.push([doc, score]);
        }
      }
    }
    // Then the entries citing the number (whoosh's BM25F, as `searcher.search` scores them).
    const items = this.raw("text", number).filter(([d]) => ok(d));
    const dfAll = this.raw("text", number).length;
    const lengths = this.fields.text.lengths;
    const avg = lengths.reduce((a, b) => a + b, 0) / this.docCount || 1;
    const idf = Math.log(this.docCount / (dfAll + 1)) + 1;
    const citing = items
      .map(([d, tf]) => [d, (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[d]) / avg))])
      .sort(byScore)
      .slice(0, Math.max(depth, 10));
    for (const [doc, score] of citing) {
      if (!seen.has(doc)) {
        seen.add(doc);
        ranked.push([doc, round4(Math.min(score, 49.0))]);
      }
    }
    const total = new Set([...seen, ...items.map(([d]) => d)]).size; // every entry any page lists
    return { ranked, total, terms: { "": new Set([number]) }, suggestion: null };
  }

  textSearch(parsed, depth) {
    const [plan, wordFocus] = this.understand(parsed);
    let focus = wordFocus;
    if (!plan.concepts.length) return { ranked: [], total: 0, terms: { "": new Set() }, suggestion: null, plan, focus: null };
    const scores = new Map();
    const matched = new Map();
    const add = (doc, score, mask) => {
      scores.set(doc, (scores.get(doc) || 0) + score);
      if (mask) matched.set(doc, (matched.get(doc) || 0) | mask);
    };
    plan.concepts.forEach((concept, bit) => {
      const mask = 1 << bit;
      for (const t of concept.terms) {
        // Words lent by the rulings' links add to a score, not to the words an entry has.
        const covers = LENT_FIELDS.has(t.field) ? 0 : mask;
        for (const [doc, s] of this.postings(t.field, t.text)) add(doc, s * t.boost, covers);
      }
      for (const [t, games] of concept.scoped) {
        for (const [doc, s] of this.postings(t.field, t.text)) if (games.has(this.docs[doc].game)) add(doc, s * t.boost, mask);
      }
      for (const [stems, weight, games] of concept.phrases) {
        for (const [doc, s] of this.phrasePostings(stems)) {
          if (games === null || games.has(this.docs[doc].game)) add(doc, s * weight, mask);
        }
      }
    });
    for (const [target, weight] of plan.boostedIds) {
      for (const [doc, s] of this.postings("id", target)) add(doc, s * 12.0 * weight, 0);
      if (weight < 1.0) for (const [doc, s] of this.postings("parent", target)) add(doc, s * 4.0, 0);
    }
    for (const [termId, weight] of plan.mentions) {
      for (const [doc, s] of this.postings("terms", termId)) if (scores.has(doc)) scores.set(doc, scores.get(doc) + s * weight);
    }
    const ok = this.allowed(parsed);
    if (ok) for (const doc of [...scores.keys()]) if (!ok(doc)) scores.delete(doc);
    const weights = plan.concepts.map((c) => c.weight);
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1.0;
    if (weights.length > 1) {
      const coverage = new Map();
      for (const [doc, score] of scores) {
        const mask = matched.get(doc) || 0;
        if (!coverage.has(mask)) {
          const have = weights.reduce((sum, w, i) => sum + ((mask >> i) & 1 ? w : 0), 0);
          coverage.set(mask, (have / totalWeight) ** COORD_POWER);
        }
        scores.set(doc, score * coverage.get(mask));
      }
    }
    // The first RERANK_DEPTH candidates are re-ranked, whatever page is asked for; the rest
    // follow in score order: every page is a slice of one and the same list.
    const sorted = [...scores.entries()].sort(byScore);
    let top = sorted.slice(0, RERANK_DEPTH);
    if (parsed.game === null && focus === null && parsed.question) {
      const game = this.candidatesGame(top);
      focus = game ? { game, reason: "candidates", words: [] } : null;
    }
    if (focus !== null) top = this.gameFocus(top, focus.game);
    const ranked = this.rerank(parsed, plan, top, ok);
    const placed = new Set(ranked.map(([doc]) => doc));
    if (depth > ranked.length) {
      for (const item of sorted) {
        if (ranked.length >= depth) break;
        if (!placed.has(item[0])) ranked.push(item);
      }
    }
    let total = scores.size;
    for (const doc of placed) if (!scores.has(doc)) total++; // children added to a term's entry
    const suggestion = plan.corrected.join(" ") !== plan.words.join(" ") ? plan.corrected.join(" ") : null;
    return { ranked, total, terms: this.highlightTerms(plan), suggestion, plan, focus };
  }

  highlightTerms(plan) {
    const common = new Set();
    for (const c of plan.concepts) for (const t of c.terms) if (t.field === "text") common.add(t.text);
    const terms = { "": common };
    for (const c of plan.concepts) {
      for (const [t, games] of c.scoped) {
        if (t.field !== "text") continue;
        for (const g of games) {
          if (!terms[g]) terms[g] = new Set(common);
          terms[g].add(t.text);
        }
      }
    }
    return terms;
  }

  namedGame(plan) {
    if (!plan.namedSpans.size) return null;
    let common = new Set(this.games);
    for (const [span, games] of plan.namedSpans) {
      const stems = span.split(",").map((i) => this.analyzer.stem(plan.corrected[+i]));
      const docs = stems.length > 1 ? this.phrasePostings(stems) : this.postings("text", stems[0]);
      const here = new Set(games);
      for (const doc of docs.keys()) here.add(this.docs[doc].game);
      common = new Set([...common].filter((g) => here.has(g)));
      if (!common.size) return null;
    }
    return common.size === 1 ? [...common][0] : null;
  }

  // The game most of the best candidates' score belongs to, if one does.
  candidatesGame(top) {
    const mass = new Map();
    for (const [doc, score] of top.slice(0, GAME_FOCUS_DEPTH)) {
      const g = this.docs[doc].game;
      mass.set(g, (mass.get(g) || 0) + score);
    }
    const total = [...mass.values()].reduce((a, b) => a + b, 0) || 1.0;
    let best = ["", 0.0];
    for (const entry of mass) if (entry[1] > best[1]) best = entry;
    return best[0] && best[1] / total >= GAME_FOCUS_SHARE ? best[0] : null;
  }

  gameFocus(top, game) {
    return top
      .map(([d, s]) => [d, this.docs[d].game === game ? s : s * GAME_FOCUS_FACTOR])
      .sort(byScore);
  }

  // Whether an entry is worded as an answer of this intent (cached per entry).
  answers(intent, doc) {
    const key = intent.name + "\u0000" + doc;
    let found = this.intentCache.get(key);
    if (found === undefined) {
      found = intent.markers.test(this.foldedText(doc));
      this.intentCache.set(key, found);
    }
    return found;
  }

  rerank(parsed, plan, top, ok = null) {
    const names = new Set([plan.corrected.join(" "), ...plan.names]);
    const intent = parsed.intent ? this.intents.get(parsed.intent) : null;
    const whole = plan.corrected.join(" ");
    const termLike = !parsed.question && parsed.words.length > 0 && parsed.words.length <= 3;
    let scored = top.map(([doc, score]) => {
      const d = this.docs[doc];
      let factor = 1.0;
      const exactTitle = Boolean(d.titleKey) && names.has(d.titleKey);
      if (termLike) {
        if (exactTitle) factor *= 2.5;
        else if (names.has(d.parentKey)) factor *= 2.0;
        if (plan.boostedIds.has(d.id) || (!plan.wholeName && d.kind === "glossary")) factor *= 1.6;
      } else if (parsed.question) {
        const kinds = INTENT_KIND_FACTORS[parsed.intent || ""] || QUESTION_KIND_FACTORS;
        factor *= kinds[d.kind] ?? 1.0;
      }
      if (intent && this.answers(intent, doc)) factor *= INTENT_BONUS;
      if (plan.phrases.length) {
        const folded = this.foldedText(doc);
        const found = plan.phrases.filter((p) => p.search(folded)).length;
        factor *= 1 + (PHRASE_BONUS * found) / plan.phrases.length;
      }
      if (!(d.text || "").trim()) factor *= BARE_HEADING_FACTOR;
      if (!d.official) factor *= UNOFFICIAL_FACTOR;
      if (d.cardsKey.includes(whole)) factor *= CARD_RULING_FACTOR;
      return [doc, round4(score * factor)];
    });
    scored.sort(byScore);
    scored = this.diversify(scored);
    if (plan.wholeName && TERM_CHILDREN) scored = this.withChildren(plan, scored, ok);
    return scored;
  }

  withChildren(plan, scored, ok = null) {
    const children = new Map();
    for (const target of plan.boostedIds.keys()) {
      const docs = [...this.postings("parent", target).keys()].sort(
        (a, b) => (this.docs[a].role !== "step") - (this.docs[b].role !== "step") || a - b,
      );
      for (const doc of docs) {
        if (ok && !ok(doc)) continue; // only sub-entries the query's filters let through
        if ((this.docs[doc].text || "").trim()) {
          const g = this.docs[doc].game;
          if (!children.has(g)) children.set(g, []);
          children.get(g).push(doc);
        }
      }
    }
    if (!children.size) return scored;
    const out = [];
    const placed = new Set();
    for (const [doc, score] of scored) {
      if (placed.has(doc)) continue;
      out.push([doc, score]);
      placed.add(doc);
      const d = this.docs[doc];
      if (plan.boostedIds.has(d.id) && children.has(d.game)) {
        const picked = children.get(d.game).filter((c) => !placed.has(c));
        children.delete(d.game);
        for (const child of picked.slice(0, TERM_CHILDREN)) {
          out.push([child, score]);
          placed.add(child);
        }
      }
    }
    return out;
  }

  diversify(scored) {
    if (!DIVERSE_TOP) return scored;
    const seen = new Set();
    const head = [];
    const deferred = [];
    let i = 0;
    for (; i < scored.length; i++) {
      const item = scored[i];
      const d = this.docs[item[0]];
      const folded = this.foldedText(item[0]);
      const cut = folded.indexOf("\n");
      const text = cut >= 0 ? folded.slice(cut + 1) : folded;
      const body = text.replace(/[^a-z0-9]/g, "").slice(0, 120);
      const keys = [];
      if (body) keys.push(this.twins.get(d.id) ?? d.id);
      if (body.length >= 40) keys.push(body);
      if (keys.some((k) => seen.has(k))) deferred.push(item);
      else head.push(item);
      keys.forEach((k) => seen.add(k));
      if (head.length >= DIVERSE_TOP) {
        i++;
        break;
      }
    }
    return head.concat([...deferred, ...scored.slice(i)].sort(byScore));
  }

  // -- present --------------------------------------------------------------------------

  // A window of `text` around the most matches, HTML-escaped, matches in <mark>.  Offsets
  // count code points, as Python's do (an emoji is one character, not two).
  snippet(raw, terms, width = 220) {
    if (!raw) return "";
    const text = Array.from(raw);
    const at = new Map(); // UTF-16 offset -> code point offset
    let unit = 0;
    text.forEach((ch, i) => {
      at.set(unit, i);
      unit += ch.length;
    });
    at.set(unit, text.length);
    const slice = (a, b) => text.slice(a, b).join("");
    const find = (ch, from) => {
      for (let i = Math.max(from, 0); i < text.length; i++) if (text[i] === ch) return i;
      return -1;
    };
    const rfind = (ch, from, to) => {
      for (let i = to - 1; i >= from; i--) if (text[i] === ch) return i;
      return -1;
    };
    const spans = this.analyzer
      .tokens(raw, true)
      .filter((t) => terms.has(t.text))
      .map((t) => [at.get(t.start), at.get(t.end)]);
    if (!spans.length) return escapeHtml(slice(0, width) + (text.length > width ? "…" : ""));
    let [bestStart, bestCount] = [spans[0][0], 0];
    spans.forEach(([start], i) => {
      const count = spans.slice(i).filter(([s]) => s < start + width).length;
      if (count > bestCount) [bestStart, bestCount] = [start, count];
    });
    let begin = Math.max(0, bestStart - 40);
    if (begin) {
      const space = find(" ", begin);
      begin = space >= 0 && space < bestStart ? space + 1 : begin;
    }
    let end = Math.min(text.length, begin + width);
    if (end < text.length) {
      const space = rfind(" ", begin, end);
      end = space > begin ? space : end;
    }
    const out = [];
    let cursor = begin;
    for (const [start, stop] of spans) {
      if (start < begin || stop > end) continue;
      out.push(escapeHtml(slice(cursor, start)), "<mark>", escapeHtml(slice(start, stop)), "</mark>");
      cursor = stop;
    }
    out.push(escapeHtml(slice(cursor, end)));
    return (begin > 0 ? "…" : "") + out.join("") + (end < text.length ? "…" : "");
  }

  // The query plan as data, as `Searcher.explain` gives it (`arbitre search --explain --json`):
  // what the query was understood to ask.  The browser tests compare the two on every query.
  explain(q, { game = null, kind = null } = {}) {
    const parsed = this.parse(q, game, kind);
    const focus = this.search(q, { game, kind, limit: 1 }).focus;
    const intent = parsed.intent ? this.intents.get(parsed.intent) : null;
    const out = {
      query: q, game: parsed.game, kind: parsed.kind, number: parsed.number, question: parsed.question,
      intent: intent ? { name: intent.name, label: intent.label } : null, focus,
    };
    if (parsed.number) return out;
    const [plan] = this.understand(parsed);
    out.words = plan.words;
    out.corrected = plan.corrected;
    const names = [...plan.namedSpans.keys()].map((span) => span.split(",").map((i) => plan.corrected[+i]).join(" "));
    out.glossary_names = [...new Set(names)].sort();
    out.synonyms = plan.synonyms.map(([words, adds, provenance]) => ({ words, adds, provenance }));
    return out;
  }

  // {query, total, hits: [{id, game, kind, number, title, url, snippet}], suggestion, corrected}
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
    const corrected = result.plan
      ? result.plan.words.map((w, i) => [w, result.plan.corrected[i]]).filter(([a, b]) => a !== b)
      : [];
    const focus = result.focus ? this.focusDict(result.focus) : null;
    return { query: q, game: parsed.game, kind: parsed.kind, total: result.total, hits, suggestion: result.suggestion, corrected, focus };
  }
}
