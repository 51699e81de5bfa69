// Helpers every stage of the browser search shares: regular expressions of the query syntax,
// the typo distance, ordering, escaping, phrases, terms (the Python side: query.py, typos.py,
// plan.py).
import { MAX_TYPO_LENGTH } from "./weights.js";
import { NUMBER_RE, WORD_CHAR, fold } from "./analysis.js";

export const W = WORD_CHAR;
export const NW = W.replace("[", "[^");
export const NUMBER_QUERY = new RegExp(
  "^\\s*(?:(?:r[eè]gle|regles|règles|rules?|r|art|article|§|n°|no)\\.?\\s*)?" +
    "(?<number>\\d+(?:\\.\\d+)*(?:\\.?[a-z]| [a-z])?)\\.?\\s*$",
  "iu",
);
export const NUMBER_ANYWHERE = new RegExp(`(?<![${W.slice(1, -1)}.])(${NUMBER_RE})(?!${W})`, "gu");
export const FILTER = /(?<!\S)(?<key>game|jeu|kind|type|sorte):(?<value>\S*)/giu;
export const EST_CE = new RegExp(`(?<!${W})est[- ]ce(?!${W})`, "u");

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

export function deletions(word) {
  const out = new Set();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

export function maxEdits(word) {
  if (word.length <= 3 || word.length > MAX_TYPO_LENGTH || /^\d+$/.test(word)) return 0;
  return word.length <= 7 ? 1 : 2;
}

export const round4 = (x) => Math.round(x * 1e4) / 1e4;
export const byScore = (a, b) => b[1] - a[1] || a[0] - b[0];
export const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
export const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A keyword's name without its variable (« riposte x » -> « riposte »), or null.
export function withoutVariable(key) {
  const words = key.split(" ");
  return words.length > 1 && words[words.length - 1] === "x" ? words.slice(0, -1).join(" ") : null;
}

export function phrasePattern(analyzer, words) {
  const stems = words.map((w) => analyzer.stem(w));
  const parts = stems.map((s) => escapeRegex(s) + `${W}*`);
  const regex = new RegExp(`(?<!${W})` + parts.join(`(?:${NW}+${W}+){0,2}?${NW}+`), "u");
  return { regex, stems, search: (folded) => stems.every((s) => folded.includes(s)) && regex.test(folded) };
}

export class Term {
  constructor(field, text, boost) {
    this.field = field;
    this.text = text;
    this.boost = boost;
  }
}
