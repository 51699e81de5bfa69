// French text analysis, as tools/arbitre/search/analysis.py does it: tokenize (rule numbers
// whole, elisions dropped) -> lowercase -> drop stop words -> fold accents -> normalise rule
// numbers -> [stem].  The word lists come from the index (`analysis`), built by the Python code.
import { packedFind } from "./packed.js";
import { snowball } from "./stemmer.js";

const L = "\\p{L}\\p{N}"; // Python's [^\W_]
export const WORD_CHAR = `[${L}_]`; // Python's \w
export const NUMBER_RE = "\\d+(?:\\.\\d+)+(?:\\.?[a-zA-Z](?!\\p{L}))?";
const APOSTROPHES = "'’ʼ";
const SYMBOL_WORDS = { "¢": "cents" };
const LIGATURES = { "œ": "oe", "æ": "ae", "ß": "ss", "’": "'", "ʼ": "'" };

export function fold(text) {
  const lower = text.toLowerCase().replace(/[œæß’ʼ]/g, (c) => LIGATURES[c]);
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(lower)) return lower;
  return lower.normalize("NFKD").replace(/\p{Mn}/gu, "");
}

export function numberKey(number) {
  let key = number.trim().toLowerCase().replace(/,/g, ".").replace(/\.+$/, "");
  return key.replace(/[. ]([a-z])$/, "$1");
}

export function numberPrefixes(number) {
  const key = numberKey(number);
  const parents = [];
  const base = key.replace(/[a-z]$/, "");
  if (base !== key) parents.push(base);
  const parts = base.split(".");
  for (let i = parts.length - 1; i > 0; i--) parents.push(parts.slice(0, i).join("."));
  return [...new Set(parents)].filter((p) => p !== key).sort((a, b) => a.length - b.length);
}

const RULE_NUMBER = /^\d+(?:\.\d+)*(?:\.?[a-z])?$/i;
export const isRuleNumber = (token) => RULE_NUMBER.test(token);

export class Analyzer {
  constructor(data) {
    this.stops = new Set(data.stops);
    this.packedStems = data.stems; // "word:stem …" where Snowball alone differs (lemmas, « -ée »)
    const elisions = data.elisions.join("|");
    this.tokenPattern = new RegExp(
      `(?:(?<![${L}])(?:${elisions})[${APOSTROPHES}](?=[${L}]))?` +
        `(?<tok>${NUMBER_RE}|[${L}]+|¢)`,
      "giu",
    );
    this.cache = new Map();
  }

  // Tokens with their offsets in `text`: [{text, start, end}] (stop words removed).
  tokens(text, stemmed = true) {
    const out = [];
    for (const m of text.matchAll(this.tokenPattern)) {
      const raw = m.groups.tok;
      const lower = raw.toLowerCase();
      if (this.stops.has(lower)) continue;
      // (own keys only: « constructor » is a word, not the object's constructor)
      let word = Object.hasOwn(SYMBOL_WORDS, raw) ? SYMBOL_WORDS[raw] : fold(lower);
      if (/^\d/.test(word) && word.includes(".")) word = numberKey(word);
      if (stemmed) word = this.stemToken(word);
      const start = m.index + m[0].length - raw.length;
      out.push({ text: word, start, end: start + raw.length });
    }
    return out;
  }

  analyze(text, stemmed = true) {
    return this.tokens(text, stemmed).map((t) => t.text);
  }

  stemToken(word) {
    return word.length > 2 && !/^\d/.test(word) ? this.stemWord(word) : word;
  }

  // The stem of one folded word (numbers and words of two letters unchanged).
  stem(word) {
    if (word.length <= 2 || /^\d/.test(word)) return word;
    return this.stemWord(word);
  }

  // A word's stem where Snowball alone differs, or undefined: the « word:stem » pairs are
  // sorted by word (client_index.py) and looked up in their string (#23).
  tableStem(word) {
    const pair = packedFind(this.packedStems, word);
    return pair === undefined ? undefined : pair.slice(word.length + 1);
  }

  stemWord(word) {
    let stem = this.cache.get(word);
    if (stem !== undefined) return stem;
    stem = this.tableStem(word);
    if (stem === undefined) {
      let w = word;
      if (w.endsWith("ees") && w.length > 5) w = w.slice(0, -2);
      else if (w.endsWith("ee") && w.length > 4) w = w.slice(0, -1);
      stem = this.tableStem(w) ?? snowball(w);
    }
    this.cache.set(word, stem);
    return stem;
  }
}

// Every word of `text`, folded, stop words included (names.typed_key).
export function typedKey(text) {
  return (fold(text).match(new RegExp(`[${L}]+`, "gu")) || []).join(" ");
}
