// Helpers every stage of the browser search shares: regular expressions of the query syntax,
// the typo distance, ordering, escaping, phrases, terms (the Python side: query.py, typos.py,
// plan.py).
import { MAX_TYPO_LENGTH } from "./weights.js";
import { NUMBER_RE, WORD_CHAR, fold } from "./analysis.js";

export const W = WORD_CHAR;
export const NW = W.replace("[", "[^");
export const NUMBER_QUERY = new RegExp(
  "^\\s*(?:(?:r[eè]gle|regles|règles|rules?|r|art|article|§|n°|no)\\.?\\s*)?" +
    "(?<number>\\d+(?:[.,]\\d+)*(?:[.,]?[a-z]| [a-z])?)\\.?\\s*$",
  "iu",
);
export const NUMBER_ANYWHERE = new RegExp(`(?<![${W.slice(1, -1)}.])(${NUMBER_RE})(?!${W})`, "gu");
export const FILTER = /(?<!\S)(?<key>game|jeu|kind|type|sorte):(?<value>\S*)/giu;

export class InvalidQuery extends Error {}

export function resolveChoice(value, choices, what, aliases) {
  const key = fold(value.trim());
  if (choices.includes(key)) return key;
  if (aliases && aliases[key] && choices.includes(aliases[key])) return aliases[key];
  const partial = choices.filter((c) => key && c.includes(key));
  if (partial.length === 1) return partial[0];
  throw new InvalidQuery(`${what} inconnu : « ${value} »`);
}

// Optimal string alignment distance (a swap of two adjacent letters is one edit).
export function distance(a, b) {
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

// `word` in the capitals of `typed` (asking.as_typed).
export function asTyped(word, typed) {
  const upper = (s) => s === s.toUpperCase() && s !== s.toLowerCase();
  if (typed.length > 1 && upper(typed)) return word.toUpperCase();
  if (upper(typed.slice(0, 1))) return word.slice(0, 1).toUpperCase() + word.slice(1);
  return word;
}

export function deletions(word) {
  const out = new Set();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

// typos.may_be_typo: the first letter typed (or swapped with the second), lengths within `edits`.
export function mayBeTypo(word, meant, edits) {
  const begins = word[0] === meant[0] || word.slice(0, 2) === meant[1] + meant[0];
  return begins && Math.abs(word.length - meant.length) <= edits;
}

export function maxEdits(word) {
  if (word.length <= 3 || word.length > MAX_TYPO_LENGTH || /^\d+$/.test(word)) return 0;
  return word.length <= 7 ? 1 : 2;
}

// Each stem of a question with the one after it, as rank.word_pairs (« perd partie »).
export function wordPairs(stems) {
  const pairs = new Set();
  for (let i = 0; i + 1 < stems.length; i++) pairs.add(`${stems[i]} ${stems[i + 1]}`);
  return pairs;
}

export const round4 = (x) => Math.round(x * 1e4) / 1e4;
export const byScore = (a, b) => b[1] - a[1] || a[0] - b[0];
export const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A keyword's name without its variable (« riposte x » -> « riposte »), or null.
export function withoutVariable(key) {
  const words = key.split(" ");
  return words.length > 1 && words[words.length - 1] === "x" ? words.slice(0, -1).join(" ") : null;
}

// Whether a character (a code point) is a word character, `W`: ASCII ones by their codes, the
// others by `W` itself (one expression, compiled once) and remembered.
let wordChar = null;
const wordChars = new Map(); // code point beyond ASCII -> whether it is one
function isWordChar(code) {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code === 95;
  let known = wordChars.get(code);
  if (known === undefined) {
    wordChar ??= new RegExp(`^${W}$`, "u");
    wordChars.set(code, (known = wordChar.test(String.fromCodePoint(code))));
  }
  return known;
}

// A text's words: its longest runs of word characters, in order.
function wordsOf(text) {
  const out = [];
  let start = -1;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i);
    const size = code > 0xffff ? 2 : 1;
    if (isWordChar(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(text.slice(start, i));
      start = -1;
    }
    i += size;
  }
  if (start >= 0) out.push(text.slice(start));
  return out;
}

const allWordChars = (s) => {
  for (const ch of s) if (!isWordChar(ch.codePointAt(0))) return false;
  return s.length > 0;
};

// A named span ("0,1") as the query says the name: « in play », not « play » (Plan.spelled).
export const spelled = (plan, span) => plan.said.get(span) ?? span.split(",").map((i) => plan.corrected[+i]).join(" ");

// Wording the query quotes (quoted.py: « rejoindre », 'ne peut pas'): its folded words, one list
// per side of an ellipsis (`quotedSides`), and with each the pattern of folded text an entry
// explaining it matches, a lone « x » or « n » standing for one to three words
// (`quotedWording`: quoted.Quoted).  `table`: the index's `analysis.quoted` (quoted.py's
// expressions and bounds), compiled once.
const quoteTables = new Map(); // the index's table -> its expressions compiled

function quoteTable(table) {
  let compiled = quoteTables.get(table);
  if (!compiled) {
    compiled = {
      quote: new RegExp(table.quote, "gu"), // (matchAll copies it: its lastIndex stays 0)
      word: new RegExp(table.word, "g"),
      ellipsis: new RegExp(table.ellipsis, "u"),
      placeholders: new Set(table.placeholders),
    };
    quoteTables.set(table, compiled);
  }
  return compiled;
}

function quotedSides(text, table, compiled) {
  const sides = [];
  for (const match of [...text.matchAll(compiled.quote)].slice(0, table.max)) {
    const quotation = fold(match.slice(1).find((group) => group));
    const all = quotation.match(compiled.word) || [];
    if (!all.length || all.length > table.max_words) continue;
    for (const side of quotation.split(compiled.ellipsis)) {
      const words = side.match(compiled.word) || [];
      const letters = words.filter((w) => !compiled.placeholders.has(w)).reduce((n, w) => n + w.length, 0);
      if (letters >= table.min_letters) sides.push(words);
    }
  }
  return sides;
}

export function quotedWording(text, table) {
  const compiled = quoteTable(table);
  return quotedSides(text, table, compiled).map((words) => {
    const parts = words.map((w) => (compiled.placeholders.has(w) ? table.placeholder : w));
    return { words, pattern: new RegExp("(?<![a-z0-9])" + parts.join("[^a-z0-9]+") + "(?![a-z0-9])", "u") };
  });
}

// Folded words in this order, any inflection, at most two words apart (plan.phrase_pattern).
// `search(folded)` is what the regular expression `regex` finds — each stem at the start of a
// word, the next one at most two words further —, read off the text's words rather than by
// the regular expression, which the browser would compile on its first use of each phrase (#23).
export function phrasePattern(analyzer, words) {
  const stems = words.map((w) => analyzer.stem(w));
  const source = () => `(?<!${W})` + stems.map((s) => escapeRegex(s) + `${W}*`).join(`(?:${NW}+${W}+){0,2}?${NW}+`);
  if (!stems.every(allWordChars)) {
    const regex = new RegExp(source(), "u");
    return { source, stems, search: (folded) => stems.every((s) => folded.includes(s)) && regex.test(folded) };
  }
  const search = (folded) => {
    if (!stems.every((s) => folded.includes(s))) return false;
    const found = wordsOf(folded);
    let reached = [];
    for (let i = 0; i < found.length; i++) if (found[i].startsWith(stems[0])) reached.push(i);
    for (let k = 1; k < stems.length && reached.length; k++) {
      const next = [];
      let last = -1;
      for (const i of reached) {
        for (let j = Math.max(i + 1, last + 1); j <= i + 3 && j < found.length; j++) {
          if (found[j].startsWith(stems[k])) next.push(j);
          last = j;
        }
      }
      reached = next;
    }
    return reached.length > 0;
  };
  return { source, stems, search };
}

export class Term {
  constructor(field, text, boost) {
    this.field = field;
    this.text = text;
    this.boost = boost;
  }
}
