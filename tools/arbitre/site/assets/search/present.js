// Presentation (present.py): the stems to mark, the snippet around the matches, and the
// « did you mean » of a corrected query.
import { Ranking } from "./rank.js";
import { FILTER, asTyped } from "./common.js";
import { escapeHtml } from "./results.js";

// text[begin:end] (code points) HTML-escaped, the spans inside it in <mark>, its bold (`**…**`)
// in <strong>: a `**` before the window toggles whether it opens bold, one cut by an edge
// stays out (present._window).
function window_(text, begin, end, spans) {
  let bold = false;
  const events = []; // [start, stop, mark (true) or bold (false)]
  const at = (i) => text[i] === "*" && text[i + 1] === "*";
  for (let i = 0; i + 1 < text.length; i++) {
    if (!at(i)) continue;
    if (i + 2 <= begin) bold = !bold;
    else if (i < begin) {
      bold = !bold; // cut by the window's start: its bold starts before
      begin = i + 2;
    } else if (i < end && end < i + 2) end = i; // cut by the window's end
    else if (i < end) events.push([i, i + 2, false]);
    i++; // the next one starts after this one
  }
  for (const [start, stop] of spans) if (start >= begin && stop <= end) events.push([start, stop, true]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const slice = (a, b) => text.slice(a, b).join("");
  const out = bold ? ["<strong>"] : [];
  let cursor = begin;
  for (const [start, stop, mark] of events) {
    out.push(escapeHtml(slice(cursor, start)));
    if (mark) out.push("<mark>", escapeHtml(slice(start, stop)), "</mark>");
    else {
      out.push(bold ? "</strong>" : "<strong>");
      bold = !bold;
    }
    cursor = stop;
  }
  out.push(escapeHtml(slice(cursor, end)));
  if (bold) out.push("</strong>");
  return out.join("");
}

export class Presenting extends Ranking {
  // -- present --------------------------------------------------------------------------

  // A window of `text` around the most matches, HTML-escaped, matches in <mark>, bold in
  // <strong>.  Offsets count code points, as Python's do (an emoji is one character, not two).
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
    if (!spans.length) return window_(text, 0, Math.min(text.length, width), []) + (text.length > width ? "…" : "");
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
    return (begin > 0 ? "…" : "") + window_(text, begin, end, spans) + (end < text.length ? "…" : "");
  }

  // Where each of the plan's words was typed in `query` (Presenter.typed_spans), or null.
  typedSpans(query, plan) {
    const masked = query.replace(FILTER, (m) => " ".repeat(m.length));
    const spans = [];
    for (const t of this.analyzer.tokens(masked, false)) {
      if (spans.length < plan.words.length && t.text === plan.words[spans.length]) spans.push([t.start, t.end]);
    }
    return spans.length === plan.words.length ? spans : null;
  }

  // The plan's words at `positions` as typed, a corrected one as printed (Presenter.typed_words).
  typedWords(query, plan, positions) {
    if (!positions.length) return [];
    const spans = this.typedSpans(query, plan);
    const words = positions.map((i) => {
      const corrected = plan.corrected[i];
      if (spans === null || corrected !== plan.words[i]) return this.printed(corrected);
      return query.slice(spans[i][0], spans[i][1]);
    });
    return [...new Set(words)];
  }

  // A folded word as the rulebooks print it (« constructor » is no spelling: own keys only).
  printed(word) {
    return Object.hasOwn(this.spellings, word) ? this.spellings[word] : word;
  }

  // The query as typed with only the corrected words replaced, and each replacement
  // (Presenter.suggest): [sentence, [{typed, suggested}]], or [null, []].
  suggest(query, plan, english = false) {
    if (plan.corrected.join("\u0000") === plan.words.join("\u0000")) return [null, []];
    const spans = this.typedSpans(query, plan);
    if (spans === null) {
      const pairs = plan.words.map((w, i) => ({ typed: w, suggested: plan.corrected[i] })).filter((r) => r.typed !== r.suggested);
      return [plan.corrected.join(" "), pairs];
    }
    const replacements = [];
    const out = [];
    let cursor = 0;
    spans.forEach(([start, end], i) => {
      const corrected = plan.corrected[i];
      if (corrected === plan.words[i]) return;
      const typed = query.slice(start, end);
      const spelled = english ? corrected : this.printed(corrected); // (English: as English writes it)
      const suggested = asTyped(spelled, typed);
      replacements.push({ typed, suggested });
      out.push(query.slice(cursor, start), suggested);
      cursor = end;
    });
    out.push(query.slice(cursor));
    return [out.join(""), replacements];
  }

  // Presenter.with_respelled: the question words read right before parsing (asking.py) are
  // in the suggestion too, and the replacements in the order they were typed.
  withRespelled(query, respelled, suggestion, replacements) {
    if (!respelled || !respelled.length) return [suggestion, replacements];
    const asWord = (typed) => new RegExp(`(?<![\\p{L}\\p{N}_])${typed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "u");
    let sentence = suggestion === null ? query : suggestion;
    for (const [typed, read] of respelled) sentence = sentence.replace(asWord(typed), () => read);
    const at = (typed) => {
      const found = asWord(typed).exec(query);
      return found ? found.index : query.length;
    };
    const pairs = respelled.map(([typed, read]) => ({ typed, suggested: read }));
    const merged = [...pairs, ...replacements].map((r, i) => [at(r.typed), i, r]);
    merged.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return [sentence, merged.map(([, , r]) => r)];
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
}
