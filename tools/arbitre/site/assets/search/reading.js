// Reading a query (searcher.py's `parse` and the corrector, typos.py): the words the index
// and the lexicon know, the readings before parsing (apostrophes, mistyped question words, the
// dice's accents), and a word's typo corrections.
import { EngineCore } from "./core.js";
import { MAX_TYPO_CANDIDATES } from "./weights.js";
import { asTyped, deletions, distance, maxEdits, mayBeTypo } from "./common.js";
import { fold } from "./analysis.js";

// elision.WORD: a word of letters only, not part of a word with an apostrophe already.
const ELIDED_WORD = /(?<![\p{L}\p{N}_'’ʼ])[\p{L}\p{Nl}\p{No}]+(?![\p{L}\p{N}_'’ʼ])/gu;

export class Reading extends EngineCore {
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
        for (const [word, df] of this.fields[f].counts()) {
          if (!/^\d/.test(word)) vocab.set(word, (vocab.get(word) || 0) + df);
        }
      }
      // the players' own words (players_words.py), after the rulebooks'
      for (const [word, count] of Object.entries(this.data.players_words)) {
        if (!vocab.has(word)) vocab.set(word, count);
      }
      this.vocab = { vocab, deletes: deletionIndex(vocab) };
    }
    return this.vocab;
  }

  // english_typos.english_vocabulary: an English question's typos are corrected against the
  // words of the glossary's English names and of the bilingual table (each counting once).
  englishVocabulary() {
    if (!this.englishVocab) {
      const vocab = new Map(this.data.english_words.split(" ").filter(Boolean).map((w) => [w, 1]));
      this.englishVocab = { vocab, deletes: deletionIndex(vocab) };
    }
    return this.englishVocab;
  }

  // Understanding.listed: a stop word, a word of the lexicon, a players' word.
  listed(word) {
    return this.analyzer.stops.has(word) || this.inLexicon(word) || this.aWord(word);
  }

  // A word the index lacks that is still no typo (Understanding.a_word): players' words the
  // thesaurus knows, an English glossary name (« stun » for « Stunned »).
  aWord(word) {
    return this.thesaurusWords.has(word) || this.namesEn.has(this.englishKey(word));
  }

  // elision.split: [the eliding letters, the word they elide before] when a folded word has
  // an elision's shape (« cest », « lattaque »), else null.
  elisionSplit(word) {
    const e = this.data.analysis.elision;
    if (word.length < 3 || (word.length === 3 && !e.short.includes(word))) return null;
    for (const prefix of e.eliding) {
      if (!word.startsWith(prefix) || word.length === prefix.length) continue;
      const rest = word.slice(prefix.length);
      if (e.tails.includes(rest) && (prefix !== "c" || rest[0] === "e")) return [prefix, rest];
      if (prefix === "j" && e.spoken_tails.includes(rest)) return [prefix, rest];
      const sound = e.vowels.includes(rest[0]) || prefix === "j"; // « jpioche »: « je » as spoken
      if (prefix !== "c" && sound && rest.length >= e.min_tail && this.knownForm(rest)) return [prefix, rest];
      return null;
    }
    return null;
  }

  // elision.with_apostrophes: a word that is no word and has an elision's shape is read with
  // its apostrophe (« cest quoi » -> « c'est quoi »); Searcher.parse reads every query so.
  withApostrophes(text) {
    return text.replace(ELIDED_WORD, (typed) => {
      const word = fold(typed);
      const found = word.length === typed.length ? this.elisionSplit(word) : null;
      if (!found || this.listed(word) || this.knownForm(word)) {
        return typed;
      }
      return typed.slice(0, found[0].length) + "'" + typed.slice(found[0].length);
    });
  }

  // asking.with_question_words: a word that is no word, one edit from a question word of five
  // letters or more, is that word (« combiien » -> « combien »); Searcher.parse reads every
  // query so, and the result names the replacement.
  withQuestionWords(text) {
    const respelled = [];
    const { targets, min_typed: shortest } = this.data.analysis.question_typos;
    const out = text.replace(ELIDED_WORD, (typed) => {
      const word = fold(typed);
      if (word.length !== typed.length || word.length < shortest) return typed;
      // as the corrector reads typos (mayBeTypo), one edit away
      const target = targets.find((t) => mayBeTypo(word, t, 1) && distance(word, t) === 1);
      if (!target || this.listed(word) || this.knownForm(word)) return typed;
      respelled.push([typed, asTyped(target, typed)]);
      return respelled[respelled.length - 1][1];
    });
    return [out, respelled];
  }

  // accents.with_accents: « des » / « de » a space after a word no article can follow (« de »,
  // « les », « mon »…) are the dice, « dés » / « dé » (stop words would drop them).
  withAccents(text) {
    const dice = this.data.analysis.accents;
    let before = null;
    return text.replace(ELIDED_WORD, (typed, at) => {
      const meant = Object.hasOwn(dice, typed.toLowerCase()) ? dice[typed.toLowerCase()] : null;
      const previous = before;
      before = { word: typed, end: at + typed.length };
      if (!meant || !previous || !meant[1].includes(previous.word.toLowerCase())) return typed;
      return /^\s+$/u.test(text.slice(previous.end, at)) ? asTyped(meant[0], typed) : typed;
    });
  }

  parse(raw, game = null, kind = null) {
    const [text, respelled] = this.withQuestionWords(this.withAccents(this.withApostrophes(raw)));
    const parsed = super.parse(text, game, kind);
    parsed.respelled = respelled;
    return parsed;
  }

  corrections(word) {
    // a word of the lexicon, or a players' own word, is no typo (Typos.corrections); with none
    // within the budget, the word with its « k » spelled as French does (typos.spoken_k)
    if (this.inLexicon(word) || Object.hasOwn(this.data.players_words, word)) return [];
    const vocabulary = this.vocabulary();
    const found = nearestIn(word, vocabulary);
    if (found.length || !word.includes("k") || !maxEdits(word)) return found;
    return [word.replaceAll("k", "qu"), word.replaceAll("k", "c")].filter((w) => vocabulary.vocab.has(w)).slice(0, 1);
  }
}

// typos.nearest: the words of a vocabulary ({vocab: word -> count, deletes}) within the typo
// budget of `word`, most plausible first.
export function nearestIn(word, { vocab, deletes }) {
  const edits = maxEdits(word);
  if (edits === 0) return [];
  const forms = new Set([word, ...deletions(word)]);
  if (edits > 1) for (const f of [...forms]) for (const f2 of deletions(f)) forms.add(f2);
  const found = new Set();
  for (const form of forms) {
    if (vocab.has(form)) found.add(form);
    for (const w of deletes.get(form) || []) found.add(w);
  }
  found.delete(word);
  let plausible = [...found].filter((c) => mayBeTypo(word, c, edits));
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

// typos.deletion_index: one-deletion form -> the words (of more than three letters) it comes from.
function deletionIndex(vocab) {
  const deletes = new Map();
  for (const word of vocab.keys()) {
    if (word.length > 3) {
      for (const form of deletions(word)) {
        if (!deletes.has(form)) deletes.set(form, []);
        deletes.get(form).push(word);
      }
    }
  }
  return deletes;
}
