// The browser search's data (searcher.Searcher.__init__, postings.py): the client index unpacked
// (documents, postings per field, glossary names, thesaurus, game markers, intents), each
// term's BM25 contribution, phrase postings, and the query syntax (query.parse_query).
import { BM25_B, BM25_K1, useRanking } from "./weights.js";
import { FILTER, InvalidQuery, NUMBER_ANYWHERE, NUMBER_QUERY, W, escapeRegex, resolveChoice, withoutVariable, wordPairs } from "./common.js";
import { Analyzer, fold, numberKey } from "./analysis.js";
import { englishStem } from "./english.js";
import { Field, packedFind } from "./packed.js";

export class EngineCore {
  constructor(data) {
    useRanking(data.ranking);
    this.data = data;
    this.analyzer = new Analyzer(data.analysis);
    this.games = Object.keys(data.games);
    this.kinds = data.kinds;
    this.kindLabels = data.kind_labels || {}; // the kinds' French names (the site adds them)
    this.docs = data.docs.map((r, seq) => ({
      seq, id: r[0], url: r[1], number: r[2], title: r[3], game: r[4], kind: r[5], role: r[6],
      parent: r[7], titleKey: r[8], parentKey: r[9], official: r[10] === 1, text: r[11], display: r[12],
      cardsKey: r[13] || [], sense: r[14] || [], authority: data.authority?.[r[4]] || "official",
    }));
    this.docCount = this.docs.length;
    this.byId = new Map(this.docs.map((d) => [d.id, d.seq]));
    this.fields = {};
    for (const [name, field] of Object.entries(data.fields)) this.fields[name] = new Field(field);
    this.phrases = data.phrases;
    this.postingsCache = new Map();
    this.foldedCache = new Map();
    // Built on first use (#23): what a query does not read is never built.
    this.lazy = {};
    this.spellings = data.spellings || {}; // folded word -> as printed (analysis.Spellings)
    // document -> its players' questions' stems (tables.py `questions`), as sets on first use
    this.questionStems = data.questions || {};
    this.questionSets = new Map();
    // language.py's word lists, and the names typed in full that do not tell a language.
    const language = data.language || { english: [], english_questions: [], french: [] };
    this.englishWords = new Set(language.english);
    this.englishQuestions = new Set(language.english_questions);
    this.englishDefinition = new Set(language.english_definition || []);
    this.frenchWords = new Set(language.french);
    this.nameKeys = new Set([
      ...data.names.map((row) => row.typed).filter((k) => k.includes(" ")),
      ...(data.focus?.markers || []).map(([key]) => key).filter((k) => k.includes(" ")),
    ]);
    // bilingual.Bilingual: English key -> [translation, phrase], translations in file order.
    this.bilingual = new Map();
    this.bilingualLongest = 1;
    for (const t of data.bilingual || []) {
      const translation = { french: t.french.map(([words, stems]) => ({ words, stems })), provenance: t.provenance };
      for (const [key, phrase] of t.keys) {
        if (!this.bilingual.has(key)) this.bilingual.set(key, []);
        this.bilingual.get(key).push([translation, phrase]);
        this.bilingualLongest = Math.max(this.bilingualLongest, key.split(" ").length);
      }
    }
    this.vocab = null;
    this.wordGames = new Map();
    const focus = data.focus || { markers: [], titles: {}, reasons: {} };
    this.focusTitles = focus.titles;
    this.nameMarkers = new Set(focus.names || []); // vocabulary.Vocabulary.name_markers
    this.gameNameWords = focus.name_words || []; // vocabulary.Vocabulary.name_words
    this.focusReasons = focus.reasons;
    this.focusNamed = focus.named;
    this.focusAbsent = focus.absent; // plan.FOCUS_ABSENT
    this.focusMissing = focus.missing; // plan.FOCUS_MISSING
    this.focusNowhere = focus.nowhere; // plan.FOCUS_NOWHERE
    // vocabulary.Vocabulary.markers_in: a game's names and own words, whole words of the query.
    this.markers = focus.markers.map(([key, game]) => ({
      key, game, first: key.split(" ")[0], regex: new RegExp(`(?<!${W})` + escapeRegex(key).replace(/ /g, "[\\s'-]+") + `(?!${W})`, "u"),
    }));
    // query.QUESTION_PHRASES: question scaffolding dropped only as whole phrases.
    // (one expression for both uses: the browser compiles each on its first use)
    this.questionPhrases = new RegExp(data.analysis.question_phrases, "giu");
    this.inversion = new RegExp(data.analysis.inversion, "u"); // query.INVERSION: « est-ce », « y a-t-il »
    this.intents = new Map(
      (data.intents || []).map((i) => [i.name, { name: i.name, label: i.label, cues: new RegExp(i.cues, "u"), packed: i.answering, answering: null }]),
    );
  }

  // A name's words by their English (Snowball) stems (names.english_key).
  englishKey(key) {
    return key.split(" ").map(englishStem).join(" ");
  }

  // -- data -----------------------------------------------------------------------------

  once(name, build) {
    if (!(name in this.lazy)) this.lazy[name] = build.call(this);
    return this.lazy[name];
  }

  // Every text term, sorted (understand.family's prefix search).
  get textTerms() {
    return this.once("textTerms", () => [...this.fields.text.terms].sort());
  }

  // lexicon.near_words: the French (and common English) words near the index's own, never
  // typos (sorted: looked up in their string, #23).
  inLexicon(word) {
    return word !== "" && packedFind(this.data.words, word) !== undefined;
  }

  // A document's players' questions, each as {stems, pairs} (sets: its stems, and each stem
  // with the next, rank.word_pairs), or undefined.
  questions(doc) {
    let sets = this.questionSets.get(doc);
    if (sets === undefined) {
      const qs = this.questionStems[doc];
      sets = qs ? qs.map((q) => ({ stems: new Set(q), pairs: wordPairs(q) })) : null;
      this.questionSets.set(doc, sets);
    }
    return sets ?? undefined;
  }

  // The glossary names (names.GlossaryNames) and the thesaurus, built on a query's first word.
  nameTables() {
    return this.once("names", () => this.buildNames(this.data.names));
  }
  get names() {
    return this.nameTables().names;
  }
  get namesEn() {
    return this.nameTables().namesEn;
  }
  get namesTyped() {
    return this.nameTables().namesTyped;
  }
  get namesSpoken() {
    return this.nameTables().namesSpoken;
  }
  get longestName() {
    return this.nameTables().longestName;
  }
  get twins() {
    return this.nameTables().twins;
  }
  thesaurusTables() {
    return this.once("thesaurus", () => this.buildThesaurus(this.data.thesaurus));
  }
  get thesaurus() {
    return this.thesaurusTables().thesaurus;
  }
  get thesaurusWords() {
    return this.thesaurusTables().words;
  }
  get thesaurusLongest() {
    return this.thesaurusTables().longest;
  }

  buildNames(rows) {
    const out = { names: new Map(), namesEn: new Map(), namesTyped: new Map(), namesSpoken: new Map(), longestName: 1, twins: new Map() };
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
      put(out.names, row.key, row.game, expansion);
      if (row.foreign && row.english) put(out.namesEn, row.english, row.game, expansion);
      const bare = withoutVariable(row.key);
      if (bare) {
        // « Riposte X », « Retaliate X » are typed « riposte », « retaliate »
        const putFirst = (map, key) => {
          if (!map.has(key)) map.set(key, new Map());
          if (!map.get(key).has(row.game)) map.get(key).set(row.game, expansion);
        };
        putFirst(out.names, bare);
        if (row.foreign) putFirst(out.namesEn, this.englishKey(bare));
      }
      out.longestName = Math.max(out.longestName, row.key.split(" ").length);
      put(out.namesTyped, row.typed, row.game, expansion);
      // An English name with function words (« In play »), by its other words (names.py).
      if (row.foreign && row.spoken && row.spoken !== row.key) {
        if (!out.namesSpoken.has(row.spoken)) out.namesSpoken.set(row.spoken, new Map());
        const perGame = out.namesSpoken.get(row.spoken);
        if (!perGame.has(row.game)) perGame.set(row.game, []);
        perGame.get(row.game).push({ ...expansion, said: row.typed });
      }
    }
    // One passage under several names: a term and the entry defining it (names.GlossaryNames).
    for (const row of rows) {
      if (row.same.length > 1) {
        const group = out.twins.get(row.same[0]) ?? row.same[0];
        for (const t of row.same) if (!out.twins.has(t)) out.twins.set(t, group);
      }
    }
    return out;
  }

  buildThesaurus(groups) {
    const out = { thesaurus: new Map(), words: new Set(), longest: 1 }; // words: thesaurus.Thesaurus.words
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
        p.words.forEach((w) => out.words.add(w));
        const key = p.stems.join(" ");
        if (!out.thesaurus.has(key)) out.thesaurus.set(key, []);
        // « jeton » and « jetons »: one stem, one match (groups compared by value)
        if (out.thesaurus.get(key).some((other) => other.same === group.same)) continue;
        out.thesaurus.get(key).push(group);
        out.longest = Math.max(out.longest, p.stems.length);
      }
    }
    return out;
  }

  df(field, term) {
    return this.fields[field].df(term);
  }

  norms(field) {
    const f = this.fields[field];
    if (f.norms === undefined) {
      f.norms = null;
      const lengths = f.lengths;
      if (lengths) {
        const avg = lengths.reduce((a, b) => a + b, 0) / lengths.length || 1.0;
        f.norms = lengths.map((len) => BM25_K1 * (1 - BM25_B + (BM25_B * len) / avg));
      }
    }
    return f.norms;
  }

  // Doc numbers and term frequencies of a term.
  raw(field, term) {
    const p = this.fields[field]?.get(term);
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

  // language.is_english: at least two English function words, more than the French ones,
  // outside the names typed in full (glossary names, games' names); or one, asking the
  // question, with no French one among three words or more.
  isEnglish(text) {
    const words = fold(text).match(/[\p{L}\p{N}]+/gu) || [];
    const named = new Set();
    for (let size = Math.min(6, words.length); size > 1; size--) {
      for (let start = 0; start + size <= words.length; start++) {
        const span = [];
        for (let i = start; i < start + size; i++) span.push(i);
        if (span.some((i) => named.has(i))) continue;
        if (this.nameKeys.has(words.slice(start, start + size).join(" "))) span.forEach((i) => named.add(i));
      }
    }
    const english = [];
    let other = 0;
    words.forEach((w, i) => {
      if (named.has(i)) return;
      if (this.englishWords.has(w)) english.push(w);
      else if (this.frenchWords.has(w)) other++;
    });
    if (english.length === 1) return this.englishQuestions.has(english[0]) && !other && words.length >= 3;
    return english.length >= 2 && english.length > other;
  }

  hasQuestionPhrase(text) {
    this.questionPhrases.lastIndex = 0;
    const found = this.questionPhrases.test(text);
    this.questionPhrases.lastIndex = 0;
    return found;
  }

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
    const parsed = { raw, text, game: null, kind: null, number: null, numbers: [], words: [], question: false, intent: null, language: "fr" };
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
    if (this.isEnglish(raw.replace(FILTER, " "))) {
      // query.parse_query, english: the English function words are the scaffolding.
      parsed.language = "en";
      let content = tokens.filter((t) => !this.englishWords.has(t) && (t.length > 1 || /^\d+$/.test(t)));
      if (content.every((t) => this.englishDefinition.has(t))) {
        // « what does then mean »: the question is about a function word (query._read_words)
        const asked = tokens.filter((t) => this.englishWords.has(t) && (this.names.has(t) || this.namesEn.has(this.englishKey(t))));
        if (asked.length) content = asked;
      }
      parsed.question = text.includes("?") || [...every].some((w) => this.englishQuestions.has(w)) || content.length >= 5;
      parsed.words = content.length ? content : tokens;
      const intent = [...this.intents.values()].find((i) => i.cues.test(fold(text)));
      parsed.intent = intent ? intent.name : null;
      return parsed;
    }
    const qwords = new Set(this.data.analysis.question_words);
    const markers = new Set(this.data.analysis.question_markers);
    const content = this.analyzer.analyze(text.replace(this.questionPhrases, " "), false).filter((t) => !qwords.has(t));
    parsed.question =
      text.includes("?") ||
      this.hasQuestionPhrase(text) ||
      [...every].some((w) => markers.has(w)) ||
      this.inversion.test(fold(text)) ||
      content.length >= 5;
    parsed.words = content.length ? content : tokens;
    const folded = fold(text);
    const intent = [...this.intents.values()].find((i) => i.cues.test(folded));
    parsed.intent = intent ? intent.name : null;
    return parsed;
  }
}
