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

// "deck paquet pioche" -> ["deck", "paquet", "pioche"] ("" -> []).
export const words = (packed) => (packed ? packed.split(" ") : []);

// One field of the index: its terms (sorted as Python sorts them), each term's postings
// (doc deltas, then ";" and term frequencies when not all 1) and, for the fields BM25 scores
// by length, the lengths of every document.
export class Field {
  constructor({ terms, postings, lengths }) {
    this.terms = terms;
    this.packed = postings;
    this.packedLengths = lengths;
    this.positions = null; // term -> its row, on the first look-up
    this.unpacked = new Map(); // term -> [deltas, tfs or null]
    this.lengthsCache = undefined;
    this.norms = undefined; // EngineCore.norms
  }

  row(term) {
    if (this.positions === null) {
      this.positions = new Map();
      for (let i = 0; i < this.terms.length; i++) this.positions.set(this.terms[i], i);
    }
    return this.positions.get(term);
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
