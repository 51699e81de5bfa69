// Understanding a query (understand.py): its words -> a plan of terms per word, typo
// corrections (typos.py, read by reading.js), glossary names (names.py), synonyms, phrases.
import { Reading, nearestIn } from "./reading.js";
import { BILINGUAL_WEIGHT, FAMILY_WEIGHT, FIELD_BOOSTS_EXACT, FIELD_BOOSTS_STEMMED, GAME_NAME_WEIGHT, MAX_TYPO_WORDS, MENTION_WEIGHT, THESAURUS_WEIGHT, UNFOCUSED_WEIGHT } from "./weights.js";
import { Term, distance, maxEdits, phrasePattern, quotedWording } from "./common.js";
import { fold, isRuleNumber, typedKey } from "./analysis.js";

export class Understanding extends Reading {
  glossaryMatches(words, game, typed = null, unknown = new Set(), spoken = "") {
    const found = [];
    const covered = new Set();
    const n = words.length;
    for (let size = Math.min(this.longestName, n); size > 0; size--) {
      for (let start = 0; start + size <= n; start++) {
        const span = [];
        for (let i = start; i < start + size; i++) span.push(i);
        if (span.some((i) => covered.has(i))) continue;
        let perGame = this.names.get(words.slice(start, start + size).join(" "));
        if (!perGame && typed && span.some((i) => unknown.has(i))) {
          perGame = this.namesEn.get(this.englishKey(typed.slice(start, start + size).join(" ")));
        }
        if (spoken) {
          // (a game's own name of these words first: « play » is a name too)
          const said = this.spokenNames(words.slice(start, start + size).join(" "), spoken);
          if (said.size) perGame = new Map([...said, ...(perGame ?? new Map())]);
        }
        if (!perGame) continue;
        for (const g of [...perGame.keys()].sort()) {
          if (game === null || g === game) {
            found.push({ ...perGame.get(g), positions: new Set(span) });
            span.forEach((i) => covered.add(i));
          }
        }
      }
    }
    return [found, covered];
  }

  // The English names with function words whose other words are `key`, per game, if the
  // question (`spoken`, as typed) spells them (names.GlossaryNames._spoken).
  spokenNames(key, spoken) {
    const found = new Map();
    for (const [g, names] of this.namesSpoken.get(key) ?? new Map()) {
      for (let i = names.length - 1; i >= 0; i--) {
        if (` ${spoken} `.includes(` ${names[i].said} `)) {
          found.set(g, names[i]);
          break;
        }
      }
    }
    return found;
  }

  namesIn(corrected, parsed, words, fixed) {
    const typed = typedKey(parsed.text);
    const spoken = parsed.language === "en" ? typed : "";
    const [expansions, covered] = this.glossaryMatches(corrected, parsed.game, words, fixed, spoken);
    if (parsed.question || !words.length) return [expansions, covered];
    const fixes = new Map([...fixed].map((i) => [words[i], corrected[i]]));
    const key = typed
      .split(" ")
      .filter(Boolean)
      .map((w) => (fixes.has(w) ? fixes.get(w) : w))
      .join(" ");
    const perGame = this.namesTyped.get(key);
    const all = new Set(words.map((_, i) => i));
    const named = perGame
      ? [...perGame.keys()]
          .sort()
          .filter((g) => parsed.game === null || g === parsed.game)
          .map((g) => ({ ...perGame.get(g), positions: new Set(all) }))
      : [];
    if (named.length) return [named, all];
    return [expansions, covered];
  }

  wordTerms(word, weight = 1.0) {
    const stemmed = this.analyzer.stem(word);
    const terms = Object.entries(FIELD_BOOSTS_STEMMED).map(([f, b]) => new Term(f, stemmed, b * weight));
    for (const [f, b] of Object.entries(FIELD_BOOSTS_EXACT)) terms.push(new Term(f, word, b * weight));
    if (isRuleNumber(word) && word.includes(".")) {
      terms.push(new Term("number_key", word, 30.0 * weight));
      terms.push(new Term("number_parents", word, 3.0 * weight));
    }
    return terms;
  }

  stemFamily(word) {
    const stemmed = this.analyzer.stem(word);
    if (stemmed.length < 5 || /^\d/.test(stemmed)) return [];
    const prefix = stemmed.slice(0, -1);
    let lo = 0;
    let hi = this.textTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.textTerms[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const family = [];
    for (let i = lo; i < this.textTerms.length && this.textTerms[i].startsWith(prefix); i++) {
      if (this.textTerms[i].length <= stemmed.length + 2) family.push(this.textTerms[i]);
    }
    return family.slice(0, 4).map((t) => new Term("text", t, FAMILY_WEIGHT));
  }

  // vocabulary.Vocabulary.markers_in: a game's names and own words, whole words of the text.
  markersIn(text) {
    const folded = fold(text);
    const found = new Map();
    for (const { key, game, regex, first } of this.markers) {
      // A key's first word is in the text wherever the key is: most keys need no regular
      // expression, which the browser compiles on its first use (#23).
      if (folded.includes(first) && regex.test(folded) && !(found.get(game) || []).includes(key)) {
        if (!found.has(game)) found.set(game, []);
        found.get(game).push(key);
      }
    }
    return found;
  }

  // vocabulary.Vocabulary.game_named: the one game whose name the text types, with that name.
  gameNamed(text) {
    const named = [...this.markersIn(text)]
      .map(([game, keys]) => [game, keys.filter((k) => this.nameMarkers.has(k))])
      .filter(([, typed]) => typed.length);
    if (named.length !== 1) return null;
    const [game, typed] = named[0];
    return [game, typed.filter((m) => !typed.some((o) => m !== o && o.split(" ").includes(m)))];
  }

  // vocabulary.game_name_spans: the spans of words that spell a game's name (the longest of
  // those starting alike, in the query's order), when other words remain.
  gameNameSpans(words) {
    const same = (typed, name) => typed === name || typed === name + "s" || typed + "s" === name;
    const spans = new Map();
    for (const name of this.gameNameWords) {
      for (let start = 0; start + name.length <= words.length; start++) {
        if (name.every((w, i) => same(words[start + i], w)) && name.length > (spans.get(start) || []).length) {
          spans.set(start, name.map((_, i) => start + i));
        }
      }
    }
    const found = [];
    for (const start of [...spans.keys()].sort((a, b) => a - b)) {
      if (!found.length || start > found[found.length - 1].at(-1)) found.push(spans.get(start));
    }
    const covered = new Set(found.flat());
    return words.some((w, i) => !covered.has(i) && !this.englishWords.has(w)) ? found : [];
  }

  // understand.Understanding._game_name: a game's name typed with other words is found only
  // in entries printing it (a phrase, or one word in the text), and weighs GAME_NAME_WEIGHT.
  gameName(plan) {
    const spans = this.gameNameSpans(plan.corrected);
    for (const span of spans) {
      const concepts = span.map((i) => plan.concepts[i]);
      const weight = concepts.reduce((sum, c) => sum + c.weight, 0) * GAME_NAME_WEIGHT;
      for (const concept of concepts) {
        concept.terms = [];
        concept.weight = 0;
      }
      const stems = span.map((i) => this.analyzer.stem(plan.corrected[i]));
      concepts[0].weight = weight;
      if (stems.length > 1) concepts[0].phrases = [[stems, GAME_NAME_WEIGHT, null]];
      else concepts[0].terms = [new Term("text", stems[0], GAME_NAME_WEIGHT)];
    }
    return new Set(spans.flat());
  }

  plan(parsed) {
    const words = [...parsed.words];
    const plan = {
      words, corrected: [...words], concepts: [], boostedIds: new Map(), mentions: new Map(),
      names: new Set(), wholeName: false, namedSpans: new Map(), said: new Map(), phrases: [], quoted: [], synonyms: [], gameWords: new Set(), gameNamed: null,
    };
    const totalDocs = Math.max(this.docCount, 1);
    const unknown = new Set();
    const respell = new Map();
    let budget = MAX_TYPO_WORDS; // words left that typo correction may look at
    const english = parsed.language === "en";
    words.forEach((word, i) => {
      let variants;
      if (english) {
        // An English word is no typo of a French one; it may be one of the English names, or a
        // typo of an English word the glossary or the bilingual table knows (english_typos.py).
        variants = [[word, 1.0]];
        unknown.add(i);
        if (budget > 0 && maxEdits(word) && !isRuleNumber(word) && !this.englishVocabulary().vocab.has(word) && !this.listed(word)) {
          budget -= 1;
          if (!this.knownForm(word)) {
            const alternatives = nearestIn(word, this.englishVocabulary()).slice(0, 1);
            if (alternatives.length) {
              plan.corrected[i] = alternatives[0];
              variants.push([alternatives[0], 1.0]);
            }
          }
        }
      } else if (isRuleNumber(word) || this.knownForm(word) || budget <= 0) {
        variants = [[word, 1.0]];
      } else if (this.known(word)) {
        budget -= 1;
        variants = [[word, 1.0]];
        const nearest = parsed.question || this.aWord(word) ? [] : this.corrections(word).slice(0, 1);
        if (nearest.length && distance(word, nearest[0]) === 1) respell.set(i, nearest[0]);
      } else {
        budget -= 1;
        unknown.add(i);
        const alternatives = this.aWord(word) ? [] : this.corrections(word);
        if (alternatives.length) plan.corrected[i] = alternatives[0];
        const first = parsed.question ? 0.5 : 1.0;
        variants = [[word, 1.0], ...alternatives.map((a) => [a, first])];
      }
      let terms = [];
      for (const [variant, weight] of variants) terms = terms.concat(this.wordTerms(variant, weight));
      terms = terms.concat(this.stemFamily(plan.corrected[i]));
      const s = this.analyzer.stem(plan.corrected[i]);
      const df = Math.max(this.df("text", s), this.df("title", s));
      plan.concepts.push({ terms, weight: Math.log(1 + totalDocs / (1 + df)), phrases: [], scoped: [] });
    });

    const gameWords = (plan.gameWords = this.gameName(plan));
    // A game the query names (« contrôle altered ») is where its glossary names are read.
    const byName = (plan.gameNamed = parsed.game === null ? this.gameNamed(parsed.text) : null);
    const inGame = byName ? { ...parsed, game: byName[0] } : parsed;
    // An English question's names are looked up in its words as corrected (english_typos).
    const typed = english ? plan.corrected : words;
    let [expansions, covered] = this.namesIn(plan.corrected, inGame, typed, unknown);
    if (respell.size) {
      const trial = plan.corrected.map((w, i) => respell.get(i) ?? w);
      const [found, spanned] = this.namesIn(trial, inGame, words, new Set([...unknown, ...respell.keys()]));
      const kept = new Set(
        [...respell.keys()].filter(
          (i) => spanned.size === words.length || found.some((e) => e.positions.has(i) && e.positions.size > 1),
        ),
      );
      for (const i of kept) {
        plan.corrected[i] = respell.get(i);
        plan.concepts[i].terms.push(...this.wordTerms(respell.get(i), 0.5));
      }
      if (kept.size === respell.size) {
        [expansions, covered] = [found, spanned];
      } else if (kept.size) {
        [expansions, covered] = this.namesIn(plan.corrected, inGame, words, new Set([...unknown, ...kept]));
      }
    }
    if (gameWords.size) {
      // a game's name says which game, not which term (understand.plan)
      expansions = expansions.filter((e) => ![...e.positions].some((i) => gameWords.has(i)));
      covered = new Set(expansions.flatMap((e) => [...e.positions]));
    }
    plan.wholeName = expansions.length > 0 && new Set([...covered, ...gameWords]).size === words.length;
    for (const expansion of expansions) {
      const span = [...expansion.positions].sort((a, b) => a - b).join(",");
      if (!plan.namedSpans.has(span)) plan.namedSpans.set(span, new Set());
      plan.namedSpans.get(span).add(expansion.game);
      if (expansion.said) plan.said.set(span, expansion.said);
      if (plan.wholeName && expansion.targets.length) plan.mentions.set(expansion.targets[0], MENTION_WEIGHT);
      if (!plan.wholeName && !expansion.foreign) continue;
      if (plan.wholeName) {
        expansion.titles.forEach((t) => plan.names.add(t));
        expansion.targets.forEach((target, rank) => {
          if (!plan.boostedIds.has(target)) plan.boostedIds.set(target, rank === 0 ? 1.0 : 0.8);
        });
      }
      const extra = expansion.words.filter((w) => !plan.corrected.includes(w));
      const weight = plan.wholeName ? 0.6 : english ? BILINGUAL_WEIGHT : 0.4;
      const scope = new Set([expansion.game]);
      for (const word of extra) {
        const terms = this.wordTerms(word, weight);
        for (const i of expansion.positions) plan.concepts[i].scoped.push(...terms.map((t) => [t, scope]));
      }
    }
    if (english) {
      const named = new Set(expansions.filter((e) => e.foreign).flatMap((e) => [...e.positions]));
      this.translate(plan, named, totalDocs);
    }
    // The words of the question, not the game's name, are looked for side by side.
    const asked = plan.corrected.filter((_, i) => !gameWords.has(i));
    let sequences = [];
    for (let i = 0; i + 1 < plan.corrected.length; i++) {
      if (!gameWords.has(i) && !gameWords.has(i + 1)) sequences.push(plan.corrected.slice(i, i + 2));
    }
    if (plan.wholeName) sequences = [asked, ...[...plan.names].sort().map((n) => n.split(" "))];
    plan.quoted = quotedWording(parsed.text, this.data.analysis.quoted);
    plan.phrases = sequences
      .filter((ws) => ws.length > 1 && !ws.some((w) => isRuleNumber(w)))
      .map((ws) => phrasePattern(this.analyzer, ws));
    return plan;
  }

  // bilingual.Bilingual.matches: the table's English phrases in the words, longest first.
  bilingualMatches(words, skip) {
    const found = [];
    const covered = new Set(skip);
    for (let size = Math.min(this.bilingualLongest, words.length); size > 0; size--) {
      for (let start = 0; start + size <= words.length; start++) {
        const span = [];
        for (let i = start; i < start + size; i++) span.push(i);
        if (span.some((i) => covered.has(i))) continue;
        const key = this.englishKey(words.slice(start, start + size).join(" "));
        for (const [translation, phrase] of this.bilingual.get(key) || []) {
          found.push({ start, size, translation, phrase });
          span.forEach((i) => covered.add(i));
        }
      }
    }
    return found;
  }

  // Understanding._translate: the bilingual table's French words for an English query's words.
  translate(plan, named, totalDocs) {
    for (const match of this.bilingualMatches(plan.corrected, named)) {
      const t = match.translation;
      plan.synonyms.push([plan.corrected.slice(match.start, match.start + match.size).join(" "), t.french.map((f) => f.words.join(" ")), t.provenance]);
      let frequency = 0;
      for (const { words, stems } of t.french) {
        if (words.length > 1) {
          for (let i = match.start; i < match.start + match.size; i++) plan.concepts[i].phrases.push([stems, BILINGUAL_WEIGHT, null]);
          continue;
        }
        const terms = this.wordTerms(words[0], BILINGUAL_WEIGHT);
        for (let i = match.start; i < match.start + match.size; i++) plan.concepts[i].terms.push(...terms);
        frequency = Math.max(frequency, this.df("text", stems[0]), this.df("title", stems[0]));
      }
      if (frequency) {
        for (let i = match.start; i < match.start + match.size; i++) plan.concepts[i].weight = Math.log(1 + totalDocs / (1 + frequency));
      }
    }
  }

  thesaurusMatches(words, game) {
    const stems = words.map((w) => this.analyzer.stem(w));
    const found = [];
    // thesaurus.Thesaurus.matches: the general groups and the games' vocabulary are two layers.
    const covered = { false: new Set(), true: new Set() };
    for (let size = Math.min(this.thesaurusLongest, words.length); size > 0; size--) {
      for (let start = 0; start + size <= words.length; start++) {
        const span = [];
        for (let i = start; i < start + size; i++) span.push(i);
        const blocked = {
          false: span.some((i) => covered.false.has(i)),
          true: span.some((i) => covered.true.has(i)),
        };
        const key = stems.slice(start, start + size).join(" ");
        for (const group of this.thesaurus.get(key) || []) {
          if (blocked[group.vocabulary]) continue;
          if (game !== null && group.games !== null && !group.games.has(game)) continue;
          const phrase = [...group.phrases, ...group.sources].find((p) => p.stems.join(" ") === key);
          found.push({ start, size, group, phrase });
          span.forEach((i) => covered[group.vocabulary].add(i));
        }
      }
    }
    return found;
  }

  // The plan, and the game the query's words say it is about (Searcher._understand): the
  // synonyms of that game's players' vocabulary only expand then, not the other games'.
  understand(parsed) {
    const plan = this.plan(parsed);
    let focus = null;
    if (parsed.game === null && plan.concepts.length) focus = this.wordFocus(parsed, plan);
    this.expandSynonyms(plan, parsed.game || (focus ? focus.game : null));
    return [plan, focus];
  }

  expandSynonyms(plan, game) {
    const added = new Map(); // position -> "word\u0000scope" already added
    const scopeKey = (scope) => (scope === null ? "" : [...scope].sort().join(","));
    for (const match of this.thesaurusMatches(plan.corrected, game)) {
      let named = false; // a game's name is not searched for its synonyms (understand.expand_synonyms)
      for (let i = match.start; i < match.start + match.size; i++) named = named || plan.gameWords.has(i);
      if (named) continue;
      const scope = match.group.games;
      const share = game === null && scope !== null ? UNFOCUSED_WEIGHT : 1.0;
      const same = (p) => p.words.join(" ") === match.phrase.words.join(" ") && p.stems.join(" ") === match.phrase.stems.join(" ");
      const others = match.group.phrases.filter((p) => !same(p)).map((p) => p.words.join(" "));
      const where = scope ? ` (${[...scope].sort().join(", ")})` : "";
      plan.synonyms.push([match.phrase.words.join(" "), others, match.group.provenance + where]);
      for (const phrase of match.group.phrases) {
        // Compared by value, as the Python dataclasses are (a phrase may be in two groups).
        if (same(phrase)) continue;
        if (phrase.stems.length > 1) {
          // A phrase is a synonym as a phrase only, not word by word (understand.expand_synonyms).
          for (let i = match.start; i < match.start + match.size; i++) {
            plan.concepts[i].phrases.push([phrase.stems, share, scope]);
          }
          continue;
        }
        for (const word of phrase.words) {
          if (plan.corrected.includes(word)) continue;
          for (let i = match.start; i < match.start + match.size; i++) {
            if (!added.has(i)) added.set(i, new Set());
            const key = word + "\u0000" + scopeKey(scope);
            if (!added.get(i).has(key)) {
              added.get(i).add(key);
              const terms = this.wordTerms(word, THESAURUS_WEIGHT * share);
              if (scope === null) plan.concepts[i].terms.push(...terms);
              else plan.concepts[i].scoped.push(...terms.map((t) => [t, scope]));
            }
          }
        }
      }
    }
  }
}
