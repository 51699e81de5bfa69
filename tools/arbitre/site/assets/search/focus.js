// The game a query without a game filter is about (focus.py): the game it names, else by its
// glossary names, by its own words, else by its best candidates; the other games' candidates
// step back (every other game's entry, further, for a game it names that has its words).
import { Understanding } from "./understand.js";
import { GAME_FOCUS_DEPTH, GAME_FOCUS_FACTOR, GAME_FOCUS_SHARE, GAME_NAMED_FACTOR, WORD_GAME_MIN_DOCS, WORD_GAME_SHARE } from "./weights.js";
import { byScore, spelled } from "./common.js";
import { isRuleNumber } from "./analysis.js";

export class Focusing extends Understanding {
  // -- game focus (focus.GameFocus.of_words) ----------------------------------------------

  wordFocus(parsed, plan) {
    const byName = plan.gameNamed;
    if (byName && this.games.includes(byName[0])) return { game: byName[0], reason: "vocabulary", words: byName[1], named: true };
    const game = this.namedGame(plan);
    if (game) {
      const words = [...plan.namedSpans.keys()].map((span) => spelled(plan, span));
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

  // The API's focus (plan.Focus.as_dict); `absent`, `missing`: the words at `focus.absent`,
  // `focus.missing` as typed; `found`: whether the query found anything at all.
  focusDict(focus, absent = [], missing = [], found = true) {
    const title = this.focusTitles[focus.game] || this.data.games[focus.game] || focus.game;
    const quoted = (words) => words.map((w) => `« ${w} »`).join(", "); // plan._quoted
    let because = focus.named ? this.focusNamed : this.focusReasons[focus.reason] || focus.reason;
    if (focus.words.length) because += " : " + quoted(focus.words);
    let message = `dans ${title} (${because})`;
    for (const [typed, line] of [[absent, this.focusAbsent], [missing, this.focusMissing]]) {
      if (!typed.length) continue;
      message = line.replace("{title}", title).replace("{because}", because).replace("{words}", quoted(typed));
    }
    if (absent.length && !found) { // no game has them
      message = this.focusNowhere.replace("{words}", quoted(absent));
    }
    return { game: focus.game, title, reason: focus.reason, words: [...focus.words], absent: [...absent], missing: [...missing], message };
  }

  // focus.GameFocus.lacking: the named game's focus with the positions of the query's words
  // besides the game's name that none of its scored entries has: all (`absent`) or, in a
  // French query, some that at least WORD_GAME_MIN_DOCS of the other games' entries have
  // (`missing`).
  lacking(plan, focus, scores, matched, english = false) {
    const others = plan.concepts.map((_, i) => i).filter((i) => !plan.gameWords.has(i));
    let has = 0;
    for (const doc of scores.keys()) if (this.docs[doc].game === focus.game) has |= matched.get(doc) || 0;
    const lacks = others.filter((i) => !((has >> i) & 1));
    if (lacks.length && lacks.length === others.length) return { ...focus, absent: lacks };
    if (english) return focus;
    const mask = lacks.reduce((m, i) => m | (1 << i), 0);
    const elsewhere = new Map(lacks.map((i) => [i, 0]));
    for (const doc of scores.keys()) {
      const m = matched.get(doc) || 0;
      if (m & mask) for (const i of lacks) elsewhere.set(i, elsewhere.get(i) + ((m >> i) & 1));
    }
    return { ...focus, missing: lacks.filter((i) => elsewhere.get(i) >= WORD_GAME_MIN_DOCS) };
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

  // focus.GameFocus.step_back_all: a game the query names, every other game's entry back.
  stepBackAll(scores, focus) {
    for (const [doc, score] of scores) {
      if (this.docs[doc].game !== focus.game) scores.set(doc, score * GAME_NAMED_FACTOR);
    }
  }

  // focus.GameFocus.step_back: the game of its words or of its best candidates.
  gameFocus(top, focus) {
    return top
      .map(([d, s]) => [d, this.docs[d].game === focus.game ? s : s * GAME_FOCUS_FACTOR])
      .sort(byScore);
  }

  // Whether an entry is worded as an answer of this intent (cached per entry).
}
