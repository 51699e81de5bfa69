// Retrieval and ranking (searcher.py's text and number searches, rank.py): BM25 per term with
// a coordination factor, then the re-ranking by what the query looks like.
import { Focusing } from "./focus.js";
import { BARE_HEADING_FACTOR, BM25_B, BM25_K1, CARD_RULING_FACTOR, CHAMPIONS, COORD_POWER, DIVERSE_TOP, FIELD_BOOSTS_EXACT, FIELD_BOOSTS_STEMMED, INTENT_BONUS, INTENT_KIND_FACTORS, KIND_ORDER, LENT_FIELDS, MAX_POSTINGS, PHRASE_BONUS, QUESTION_KIND_FACTORS, QUESTION_MATCH_BONUS, QUESTION_MATCH_POWER, QUESTION_PAIR_BONUS, QUOTE_BONUS, RERANK_DEPTH, SENSE_FACTOR, TERM_CHILDREN, UNNAMED_CARD_FACTOR, UNOFFICIAL_FACTOR } from "./weights.js";
import { byScore, round4, wordPairs } from "./common.js";
import { unpackDocs } from "./packed.js";

export class Ranking extends Focusing {
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
    // The entry an earlier edition printed with that number (a renumbered rule, #22).
    const former = this.raw("former_numbers", number).map(([d]) => d).filter(ok);
    const children = this.raw("number_parents", number).map(([d]) => d).filter(ok);
    for (const [score, docs] of [[100.0, exact], [75.0, former], [50.0, children]]) {
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
    return { ranked, total, terms: { "": new Set([number]) } };
  }

  // The terms a query reads, whatever the corpus (budget.admit): rarest first, whole while they
  // fit in MAX_POSTINGS, then a ranking field's term its CHAMPIONS best entries, else nothing.
  // "field\u0000text" -> "whole" | "champions".
  admit(plan) {
    const keys = new Map(); // "field\u0000text" -> [field, text]
    const put = (field, text) => keys.set(field + "\u0000" + text, [field, text]);
    for (const c of plan.concepts) {
      for (const t of c.terms) put(t.field, t.text);
      for (const [t] of c.scoped) put(t.field, t.text);
      for (const [stems] of c.phrases) put("phrase", stems.join(" "));
    }
    for (const termId of plan.mentions.keys()) put("terms", termId);
    const cost = ([field, text]) => (field === "phrase" ? (this.phrases[text] || []).length : this.df(field, text));
    const entries = [...keys.values()].map((k) => [k, cost(k)]);
    const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
    entries.sort((a, b) => a[1] - b[1] || cmp(a[0][0], b[0][0]) || cmp(a[0][1], b[0][1]));
    const championFields = new Set([...Object.keys(FIELD_BOOSTS_STEMMED), ...Object.keys(FIELD_BOOSTS_EXACT)]);
    const admitted = new Map();
    let left = MAX_POSTINGS;
    for (const [[field, text], n] of entries) {
      if (n <= left) {
        admitted.set(field + "\u0000" + text, "whole");
        left -= n;
      } else if (championFields.has(field) && CHAMPIONS <= left) {
        admitted.set(field + "\u0000" + text, "champions");
        left -= CHAMPIONS;
      }
    }
    return admitted;
  }

  // The CHAMPIONS entries a term scores highest in (tables.build_tables), ties in reading order.
  champions(field, term) {
    const key = "champions\u0000" + field + "\u0000" + term;
    let best = this.postingsCache.get(key);
    if (!best) {
      const all = this.postings(field, term);
      best = all.size > CHAMPIONS ? new Map([...all.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, CHAMPIONS)) : new Map();
      this.postingsCache.set(key, best);
    }
    return best;
  }

  textSearch(parsed, depth) {
    const [plan, wordFocus] = this.understand(parsed);
    let focus = wordFocus;
    if (!plan.concepts.length) return { ranked: [], total: 0, terms: { "": new Set() }, plan: null, focus: null };
    const scores = new Map();
    const matched = new Map();
    const add = (doc, score, mask) => {
      scores.set(doc, (scores.get(doc) || 0) + score);
      if (mask) matched.set(doc, (matched.get(doc) || 0) | mask);
    };
    const admitted = this.admit(plan);
    const read = (field, text) => {
      const how = admitted.get(field + "\u0000" + text);
      if (how === "whole") return this.postings(field, text);
      return how === "champions" ? this.champions(field, text) : new Map();
    };
    plan.concepts.forEach((concept, bit) => {
      const mask = 1 << bit;
      for (const t of concept.terms) {
        // Words lent by the rulings' links add to a score, not to the words an entry has.
        const covers = LENT_FIELDS.has(t.field) ? 0 : mask;
        for (const [doc, s] of read(t.field, t.text)) add(doc, s * t.boost, covers);
      }
      for (const [t, games] of concept.scoped) {
        for (const [doc, s] of read(t.field, t.text)) if (games.has(this.docs[doc].game)) add(doc, s * t.boost, mask);
      }
      for (const [stems, weight, games] of concept.phrases) {
        if (!admitted.has("phrase\u0000" + stems.join(" "))) continue;
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
      for (const [doc, s] of read("terms", termId)) if (scores.has(doc)) scores.set(doc, scores.get(doc) + s * weight);
    }
    const ok = this.allowed(parsed);
    if (ok) for (const doc of [...scores.keys()]) if (!ok(doc)) scores.delete(doc);
    const weights = plan.concepts.map((c) => c.weight);
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1.0;
    // (the query's words other than a game's name, as bits)
    const asked = weights.reduce((bits, w, i) => (w && !plan.gameWords.has(i) ? bits | (1 << i) : bits), 0);
    if (weights.length > 1) {
      // An entry with none of the query's words (lent ones only), or only a game's name typed
      // with other words, is no candidate (retrieve.coordinate).
      const coverage = new Map();
      for (const [doc, score] of scores) {
        const mask = matched.get(doc) || 0;
        if (!coverage.has(mask)) {
          const have = weights.reduce((sum, w, i) => sum + ((mask >> i) & 1 ? w : 0), 0);
          // (a query that is only a game's name has no other word)
          coverage.set(mask, mask & asked || !asked ? (have / totalWeight) ** COORD_POWER : 0);
        }
        if (coverage.get(mask)) scores.set(doc, score * coverage.get(mask));
        else scores.delete(doc);
      }
    }
    // The first RERANK_DEPTH candidates are re-ranked, whatever page is asked for; the rest
    // follow in score order: every page is a slice of one and the same list.
    // A game the query names (searcher.py): when it has some of the query's words, every
    // other game's entry steps back before the best are chosen; when none, no game does.
    let named = null;
    if (focus !== null && focus.named) {
      focus = this.lacking(plan, focus, scores, matched, parsed.language === "en");
      if (!focus.absent) {
        named = focus.game;
        this.stepBackAll(scores, focus);
      }
    }
    const sorted = [...scores.entries()].sort(byScore);
    let top = sorted.slice(0, RERANK_DEPTH);
    if (parsed.game === null && focus === null && parsed.question) {
      const game = this.candidatesGame(top);
      focus = game ? { game, reason: "candidates", words: [] } : null;
    }
    if (focus !== null && !focus.named) top = this.gameFocus(top, focus);
    const ranked = this.rerank(parsed, plan, top, ok, named);
    const placed = new Set(ranked.map(([doc]) => doc));
    if (depth > ranked.length) {
      for (const item of sorted) {
        if (ranked.length >= depth) break;
        if (!placed.has(item[0])) ranked.push(item);
      }
    }
    let total = scores.size;
    for (const doc of placed) if (!scores.has(doc)) total++; // children added to a term's entry
    return { ranked, total, terms: this.highlightTerms(plan), plan, focus };
  }

  // quoted.printed_wording: an entry's title and the passages its text quotes, where the rules
  // print a card's wording to explain it (cached per entry); whether the query's quoted wording
  // is there.
  prints(doc, plan) {
    this.printedCache ??= new Map();
    let printed = this.printedCache.get(doc);
    if (printed === undefined) {
      const folded = this.foldedText(doc);
      const cut = folded.indexOf("\n");
      const [title, text] = cut < 0 ? [folded, ""] : [folded.slice(0, cut), folded.slice(cut + 1)];
      this.printedRe ??= new RegExp(this.data.analysis.quoted.printed, "gu");
      const quoted = [...text.matchAll(this.printedRe)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
      printed = [title, ...quoted].join("\n");
      this.printedCache.set(doc, printed);
    }
    return plan.quoted.some((side) => side.pattern.test(printed));
  }

  // Whether an entry is worded as an answer of this intent (rank.py `_answers`): the index
  // lists them (client_index.py), unpacked on the intent's first question.
  answers(intent, doc) {
    intent.answering ??= new Set(unpackDocs(intent.packed));
    return intent.answering.has(doc);
  }

  // `named`: a game the query names, whose entries alone are a term query's term (rank.py).
  rerank(parsed, plan, top, ok = null, named = null) {
    const names = new Set([plan.corrected.join(" "), ...plan.names]);
    const intent = parsed.intent ? this.intents.get(parsed.intent) : null;
    const whole = plan.corrected.join(" ");
    const spaced = ` ${whole} `; // a card name among the query's words
    const termLike = !parsed.question && parsed.words.length > 0 && parsed.words.length <= 3;
    // The question's own words: a game's name typed with it is no word of its questions (rank.py).
    const askedAt = plan.corrected.map((_, i) => i).filter((i) => !plan.gameWords.has(i));
    const stems = askedAt.map((i) => this.analyzer.stem(plan.corrected[i]));
    const weights = askedAt.map((i) => plan.concepts[i].weight);
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1.0;
    const pairs = wordPairs(stems); // each word with the next (rank.word_pairs)
    const stemSet = new Set(stems);
    let scored = top.map(([doc, score]) => {
      const d = this.docs[doc];
      let factor = 1.0;
      const exactTitle = Boolean(d.titleKey) && names.has(d.titleKey);
      if (termLike) {
        if (named === null || d.game === named) {
          if (exactTitle) factor *= 2.5;
          else if (names.has(d.parentKey)) factor *= 2.0;
          if (plan.boostedIds.has(d.id) || (!plan.wholeName && d.kind === "glossary")) factor *= 1.6;
        }
      } else if (parsed.question) {
        const kinds = INTENT_KIND_FACTORS[parsed.intent || ""] || QUESTION_KIND_FACTORS;
        factor *= kinds[d.kind] ?? 1.0;
        // A ruling about a card the question does not name (rank.py).
        if (d.cardsKey.length && !d.cardsKey.some((card) => spaced.includes(` ${card} `))) {
          factor *= UNNAMED_CARD_FACTOR;
        }
        // A title's sense the question does not name, « Gagner (statut) » (rank.py).
        if (d.sense.length && !d.sense.some((s) => stemSet.has(s))) factor *= SENSE_FACTOR;
        // A players' question written for the entry nearly the same as the query (rank.py).
        const questions = this.questions(doc);
        if (questions) {
          let best = -Infinity;
          let paired = 0; // the most of the query's word pairs one question has
          for (const question of questions) {
            let have = 0;
            stems.forEach((s, i) => {
              if (question.stems.has(s)) have += weights[i];
            });
            best = Math.max(best, have);
            let shared = 0;
            for (const pair of pairs) if (question.pairs.has(pair)) shared++;
            paired = Math.max(paired, shared);
          }
          const share = best / totalWeight;
          let power = 1.0;
          for (let k = 0; k < QUESTION_MATCH_POWER; k++) power *= share;
          factor *= 1 + QUESTION_MATCH_BONUS * power;
          if (pairs.size) factor *= 1 + (QUESTION_PAIR_BONUS * paired) / pairs.size;
        }
      }
      if (intent && this.answers(intent, doc)) factor *= INTENT_BONUS;
      if (plan.phrases.length) {
        const folded = this.foldedText(doc);
        const found = plan.phrases.filter((p) => p.search(folded)).length;
        factor *= 1 + (PHRASE_BONUS * found) / plan.phrases.length;
      }
      // An entry explaining the wording the query quotes (rank.py).
      if (plan.quoted.length && this.prints(doc, plan)) factor *= QUOTE_BONUS;
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
}
