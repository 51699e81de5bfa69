// The client index's packed shapes (client_index.py `_pack`, `_encode`, `_words`), unpacked on
// first use: the browser parses the index's strings at once and builds only what a query reads
// (#23: the parse and the engine's start were most of the time to first results).

// "a,1b,3" -> [10, 47, 3]: numbers in base 36, comma-separated ("" -> []).
export function unpack(packed) {
  if (!packed) return [];
  const parts = packed.split(",");
  const out = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = parseInt(parts[i], 36);
  return out;
}

// "0,5,2" -> [0, 5, 7]: ascending doc numbers packed as their deltas (client_index._pack_docs).
export function unpackDocs(packed) {
  const docs = unpack(packed);
  for (let i = 1; i < docs.length; i++) docs[i] += docs[i - 1];
  return docs;
}

// Python's order of strings (by code point), which JavaScript's `<` (by UTF-16 unit) differs from
// only where a character beyond U+FFFF meets one from U+E000 to U+FFFF.
export function byCodePoint(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000; // surrogates after the rest of the BMP
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

// The token of `packed` (sorted space-separated tokens, each a key or « key:value ») whose
// key is `key`, or undefined: found by halving the string itself, so that no array of its
// 20,000 tokens is built (#23: a restarted worker's first query).
export function packedFind(packed, key) {
  let low = 0; // tokens starting in [low, high) are left
  let high = packed.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const space = mid === 0 ? -1 : packed.indexOf(" ", mid - 1);
    if (mid > 0 && space < 0) {
      high = mid; // no token starts at or after mid
      continue;
    }
    const start = mid === 0 ? 0 : space + 1; // the first token starting at or after mid
    if (start >= high) {
      high = mid;
      continue;
    }
    let end = packed.indexOf(" ", start);
    if (end < 0) end = packed.length;
    let colon = start; // the key's end: « : » within the token, else the token's end
    while (colon < end && packed.charCodeAt(colon) !== 58) colon++;
    const token = packed.slice(start, colon);
    const order = byCodePoint(token, key);
    if (order === 0) return packed.slice(start, end);
    if (order < 0) low = end + 1;
    else high = mid;
  }
  return undefined;
}

// One field of the index: its terms (sorted as Python sorts them), each term's postings
// (doc deltas, then ";" and term frequencies when not all 1) and, for the fields BM25 scores
// by length, the lengths of every document.
export class Field {
  constructor({ terms, postings, lengths }) {
    this.terms = terms;
    this.packed = postings;
    this.packedLengths = lengths;
    this.unpacked = new Map(); // term -> [deltas, tfs or null]
    this.lengthsCache = undefined;
    this.norms = undefined; // EngineCore.norms
  }

  // A term's row, found by halving the sorted terms: no table to build before the first
  // query (#23: a worker restarted after a pause searches at once).
  row(term) {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (byCodePoint(this.terms[mid], term) < 0) low = mid + 1;
      else high = mid;
    }
    return low < this.terms.length && this.terms[low] === term ? low : undefined;
  }

  // [doc deltas, term frequencies (null: all 1)] of a term, or undefined.
  get(term) {
    let p = this.unpacked.get(term);
    if (p === undefined) {
      const row = this.row(term);
      if (row === undefined) return undefined;
      const [deltas, tfs] = this.packed[row].split(";");
      p = [unpack(deltas), tfs === undefined ? null : unpack(tfs)];
      this.unpacked.set(term, p);
    }
    return p;
  }

  // How many documents hold the term.
  df(term) {
    const p = this.get(term);
    return p ? p[0].length : 0;
  }

  // Every term with the number of documents holding it, in the index's order, without
  // unpacking the postings.
  counts() {
    const out = new Array(this.terms.length);
    for (let i = 0; i < this.terms.length; i++) {
      const packed = this.packed[i];
      let end = packed.indexOf(";");
      if (end < 0) end = packed.length;
      let n = 1;
      for (let j = 0; j < end; j++) if (packed.charCodeAt(j) === 44) n++; // ","
      out[i] = [this.terms[i], n];
    }
    return out;
  }

  get lengths() {
    if (this.lengthsCache === undefined) this.lengthsCache = this.packedLengths == null ? null : unpack(this.packedLengths);
    return this.lengthsCache;
  }
}
