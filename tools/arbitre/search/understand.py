"""Understanding a query: its words -> a `Plan` (terms per word, corrections, glossary names,
synonyms, phrases), before anything is retrieved.

Each query word becomes a concept: the terms that count as finding it, field by field
(`weights.FIELD_BOOSTS_*`), its typo corrections (`typos.py`), its word family; glossary names
(`names.py`) add their entries and French titles; thesaurus groups and a game's players' words
(`thesaurus.yaml`, `vocabulary.yaml`) add their other words at low weight, a phrase of several
words as a phrase only.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from whoosh.query import Term

from arbitre.search.analysis import is_rule_number, stem, stop_words
from arbitre.search.bilingual import load_bilingual
from arbitre.search.english_typos import english_vocabulary, english_words
from arbitre.search.names import GlossaryNames, typed_key
from arbitre.search.plan import Concept, Expansion, Plan, phrase_pattern
from arbitre.search.postings import Postings
from arbitre.search.query import ParsedQuery
from arbitre.search.quoted import quoted_wording
from arbitre.search.thesaurus import load_thesaurus
from arbitre.search.typos import Typos, edit_distance, max_edits, nearest
from arbitre.search.vocabulary import game_name_spans, load_vocabulary
from arbitre.search.weights import (
    BILINGUAL_WEIGHT,
    FAMILY_WEIGHT,
    FIELD_BOOSTS_EXACT,
    FIELD_BOOSTS_STEMMED,
    GAME_NAME_WEIGHT,
    MAX_TYPO_WORDS,
    MENTION_WEIGHT,
    THESAURUS_WEIGHT,
    UNFOCUSED_WEIGHT,
)

LISTED_CACHE = 65_536  # words whose `listed` answer an Understanding keeps


class Understanding:
    """Builds query plans with one index generation's glossary names and vocabulary."""

    def __init__(self, names: GlossaryNames, typos: Typos, postings: Postings) -> None:
        self.names = names
        self.game_names = load_vocabulary().name_words()
        self.typos = typos
        # An English question's typos are corrected against this (`english_typos.py`).
        self.english = english_vocabulary(english_words(names, load_bilingual()))
        self.postings = postings
        self._listed: dict[str, bool] = {}  # `listed`'s answers, per word (a bounded dict)

    def _game_name(self, plan: Plan) -> set[int]:
        """A game's name typed with other words says which game, not what about it: an entry
        finds it only by printing the name (« Four Souls » in a row, « Altered » in its text;
        not « Soul of Guppy », nor « Bonus Souls » among a term's names), and it weighs
        GAME_NAME_WEIGHT of its words.  Its positions."""
        spans = game_name_spans(plan.corrected, self.game_names)
        for span in spans:
            concepts = [plan.concepts[i] for i in span]
            weight = sum(c.weight for c in concepts) * GAME_NAME_WEIGHT
            for concept in concepts:  # (the name's first word holds the name)
                concept.terms, concept.weight = [], 0.0
            first = concepts[0]
            stems = tuple(stem(plan.corrected[i]) for i in span)
            first.weight = weight
            if len(stems) > 1:
                first.phrases = [(stems, GAME_NAME_WEIGHT, None)]
            else:
                first.terms = [Term("text", stems[0], boost=GAME_NAME_WEIGHT)]
        plan.game_words = {i for span in spans for i in span}
        return plan.game_words

    def known_form(self, reader: Any, word: str) -> bool:
        """Whether the index has this word as typed (accents aside)."""
        df = self.postings.df
        return any(df(reader, f, word) for f in ("text_exact", "title_exact", "names_exact"))

    def known(self, reader: Any, word: str) -> bool:
        """Whether the index has this word, as typed or as another form of the same stem."""
        if self.known_form(reader, word):
            return True
        stemmed = stem(word)
        return any(self.postings.df(reader, f, stemmed) for f in ("text", "title", "names"))

    def plan(self, reader: Any, parsed: ParsedQuery) -> Plan:
        """Words -> weighted terms per concept, typo corrections, glossary expansions."""
        words = list(parsed.words)
        plan = Plan(words=words, corrected=list(words))
        total_docs = max(reader.doc_count(), 1)
        unknown, respell = self._concepts(reader, parsed, plan, total_docs)
        game_words = self._game_name(plan)
        # A game the query names (« contrôle altered ») is where its glossary names are read.
        by_name = plan.game_named = (
            load_vocabulary().game_named(parsed.text) if parsed.game is None else None
        )
        in_game = replace(parsed, game=by_name[0]) if by_name else parsed
        # An English question's names are looked up in its words as corrected (`english_typos`).
        typed = plan.corrected if parsed.language == "en" else words
        expansions, covered = self._names_in(plan.corrected, in_game, typed, unknown)
        if respell:
            expansions, covered = self._respell(
                plan, in_game, unknown, respell, (expansions, covered)
            )
        if game_words:  # a game's name says which game, not which term (« héritiers du phénix »)
            expansions = [e for e in expansions if not e.positions & game_words]
            covered = {i for e in expansions for i in e.positions}
        # A query that is nothing but a glossary name asks for that term: its entry, then the
        # entry defining it.  Inside a longer query a name is just a word of the question.
        plan.whole_name = bool(expansions) and len(covered | game_words) == len(words)
        self._expand_names(plan, expansions, english=parsed.language == "en")
        if parsed.language == "en":
            named = {i for e in expansions if e.foreign for i in e.positions}
            self._translate(reader, plan, named, total_docs)
        # The words of the question, not the game's name, are looked for side by side.
        asked = [w for i, w in enumerate(plan.corrected) if i not in game_words]
        sequences = [
            plan.corrected[i : i + 2]
            for i in range(len(plan.corrected) - 1)
            if not game_words & {i, i + 1}
        ]
        if plan.whole_name:
            sequences = [asked] + [n.split() for n in sorted(plan.names)]
        plan.quoted = quoted_wording(parsed.text)
        plan.phrases = [
            phrase_pattern(words)
            for words in sequences
            if len(words) > 1 and not any(is_rule_number(w) for w in words)
        ]
        return plan

    def _concepts(
        self, reader: Any, parsed: ParsedQuery, plan: Plan, total_docs: int
    ) -> tuple[set[int], dict[int, str]]:
        """One concept per word: its terms (the word, its corrections, its stem family) and its
        rarity.  Returns the words the index lacks and the respellings kept in reserve."""
        unknown: set[int] = set()
        respell: dict[int, str] = {}
        budget = MAX_TYPO_WORDS  # words left that typo correction may look at
        english = parsed.language == "en"
        for i, word in enumerate(plan.words):
            if english:
                # An English word is no typo of a French one; any word may be (an inflection
                # of) one of the glossary's English names, or a typo of an English word the
                # glossary or the bilingual table knows (`english_typos.py`): no word, and near
                # that small vocabulary, it is a typo even in a question (counted in full).
                variants = [(word, 1.0)]
                unknown.add(i)
                if (
                    budget > 0
                    and max_edits(word)
                    and not is_rule_number(word)
                    and word not in self.english[0]
                    and not self.listed(word)
                ):
                    budget -= 1
                    if not self.known_form(reader, word):
                        alternatives = nearest(word, self.english)[:1]
                        if alternatives:
                            plan.corrected[i] = alternatives[0]
                            variants.append((alternatives[0], 1.0))
            elif is_rule_number(word) or self.known_form(reader, word) or budget <= 0:
                variants = [(word, 1.0)]
            elif self.known(reader, word):
                budget -= 1
                # A form the index lacks of a stem it has: an inflection (« attaquerons »), or
                # a typo landing on another word's stem (« pouvir » de base).  The nearest
                # printed word is kept in reserve, for a lookup it turns into a glossary name.
                variants = [(word, 1.0)]
                closest = (
                    []
                    if parsed.question or self.a_word(word)
                    else self.typos.corrections(reader, word)[:1]
                )
                if closest and edit_distance(word, closest[0]) == 1:
                    respell[i] = closest[0]
            else:
                budget -= 1
                unknown.add(i)
                alternatives = [] if self.a_word(word) else self.typos.corrections(reader, word)
                if alternatives:
                    plan.corrected[i] = alternatives[0]
                # A word missing from a long question is more often a synonym gap than a typo.
                first = 0.5 if parsed.question else 1.0
                # The alternatives are equally near: equally likely, whatever their frequency.
                variants = [(word, 1.0), *((alternative, first) for alternative in alternatives)]
            terms: list[Term] = []
            for variant, weight in variants:
                terms += word_terms(variant, weight)
            terms += self.stem_family(reader, plan.corrected[i])
            stemmed = stem(plan.corrected[i])
            df = max(
                self.postings.df(reader, "text", stemmed),
                self.postings.df(reader, "title", stemmed),
            )
            plan.concepts.append(Concept(terms, math.log(1 + total_docs / (1 + df))))
        return unknown, respell

    def _respell(
        self,
        plan: Plan,
        parsed: ParsedQuery,
        unknown: set[int],
        respell: dict[int, str],
        names: tuple[list[Expansion], set[int]],
    ) -> tuple[list[Expansion], set[int]]:
        """The respellings kept where a name of several words, or the whole query, needs them
        (« pouvir de base » → « Pouvoir de base »); the glossary names the query now holds."""
        words = plan.words
        trial = [respell.get(i, w) for i, w in enumerate(plan.corrected)]
        found, spanned = self._names_in(trial, parsed, words, unknown | set(respell))
        kept = {
            i
            for i in respell
            if spanned == set(range(len(words)))
            or any(i in e.positions and len(e.positions) > 1 for e in found)
        }
        for i in kept:
            plan.corrected[i] = respell[i]
            plan.concepts[i].terms.extend(word_terms(respell[i], 0.5))
        if kept == set(respell):  # the trial is what the query now says
            return found, spanned
        if kept:
            return self._names_in(plan.corrected, parsed, words, unknown | kept)
        return names

    def _expand_names(self, plan: Plan, expansions: list[Expansion], english: bool) -> None:
        """What the glossary names found in the query add: for a query that is only a name,
        the term's entries, titles and mentions; a foreign (English) name's French words."""
        for expansion in expansions:
            span = tuple(sorted(expansion.positions))
            plan.named_spans.setdefault(span, set()).add(expansion.game)
            if expansion.said:
                plan.said[span] = expansion.said
            if plan.whole_name and expansion.targets:
                # Entries whose text uses the term (the site's auto-links) speak about it.
                plan.mentions[expansion.targets[0]] = MENTION_WEIGHT
            if not plan.whole_name and not expansion.foreign:
                continue  # inside a question, only a foreign name (English) needs translating
            if plan.whole_name:
                plan.names.update(expansion.titles)
                for rank, target in enumerate(expansion.targets):
                    plan.boosted_ids.setdefault(target, 1.0 if rank == 0 else 0.8)
            extra = [w for w in expansion.words if w not in plan.corrected]
            # Asked in English, a glossary's English name is the notion the player means.
            weight = 0.6 if plan.whole_name else BILINGUAL_WEIGHT if english else 0.4
            # The name's French title counts in its own game's entries: « pièce » is Four
            # Souls' ¢ (« cents »), not Altered's « cent fois ».
            scope = frozenset([expansion.game])
            for word in extra:
                terms = word_terms(word, weight)
                for i in expansion.positions:
                    plan.concepts[i].scoped.extend((t, scope) for t in terms)

    def stem_family(self, reader: Any, word: str) -> list[Term]:
        """Other stems of the same word family (« perdu » / « perdez »: perdu / perd), and the
        word's own stem once more.

        The Snowball stemmer leaves participles and some conjugations apart; indexed stems sharing
        all but the last letter of the word's stem (at least 4 letters) count too, at a lower
        weight.  A long word (a stem of 5 letters or more) is a content word, and its own stem
        counts that much more in the text: this is what the family lookup did before it excluded
        the stem itself (bytes compared with str), and removing it measured worse on both held-out
        sets (holdout R@5 0.889 -> 0.867, holdout2 0.917 -> 0.883).
        """
        stemmed = stem(word)
        if len(stemmed) < 5 or stemmed[0].isdigit():
            return []
        prefix = stemmed[:-1]
        family = [
            t for t in self.postings.prefixed(reader, "text", prefix) if len(t) <= len(stemmed) + 2
        ]  # the stem itself included
        return [Term("text", other, boost=FAMILY_WEIGHT) for other in family[:4]]

    def _translate(self, reader: Any, plan: Plan, named: set[int], total_docs: int) -> None:
        """An English query's words that the glossary's English names do not translate
        (`named`), through the bilingual table: each match adds the French words at the weight
        of the word itself (a French phrase as a phrase), and the word weighs, in the
        coordination, what its commonest French word does."""
        for match in load_bilingual().matches(plan.corrected, named):
            translation = match.translation
            plan.synonyms.append(
                (
                    " ".join(plan.corrected[match.start : match.start + match.size]),
                    [" ".join(words) for words in translation.french],
                    translation.provenance,
                )
            )
            positions = range(match.start, match.start + match.size)
            frequency = 0
            for words, stems in zip(translation.french, translation.stems(), strict=True):
                if len(words) > 1:
                    for i in positions:
                        plan.concepts[i].phrases.append((stems, BILINGUAL_WEIGHT, None))
                    continue
                terms = word_terms(words[0], BILINGUAL_WEIGHT)
                for i in positions:
                    plan.concepts[i].terms.extend(terms)
                frequency = max(
                    frequency,
                    self.postings.df(reader, "text", stems[0]),
                    self.postings.df(reader, "title", stems[0]),
                )
            if frequency:
                for i in positions:
                    plan.concepts[i].weight = math.log(1 + total_docs / (1 + frequency))

    def listed(self, word: str) -> bool:
        """A word whatever the index holds: a stop word, a word of the lexicon, a players' word
        (`a_word`) — never read as an elision (`elision.py`)."""
        found = self._listed.get(word)
        if found is None:
            found = word in stop_words() or word in self.typos.words or self.a_word(word)
            if len(self._listed) < LISTED_CACHE:
                self._listed[word] = found
        return found

    def a_word(self, word: str) -> bool:
        """A word the index lacks that is still no typo: players' words the thesaurus or a
        game's vocabulary knows, an English glossary name (« stun » for « Stunned »).  (French
        words are the typo corrector's own test, `Typos.corrections`.)"""
        return load_thesaurus().knows(word) or self.names.english_word(word)

    def expand_synonyms(self, plan: Plan, game: str | None) -> None:
        """Thesaurus groups found in the query add their other words, at low weight.

        A game's own group (its players' vocabulary) counts in full when the search is
        about that game (its filter, or `game` from the query's words), and at
        UNFOCUSED_WEIGHT of it when the query could be about any game: every game's groups
        then expand at once, and a common word (« soigner ») must not carry one game's
        entries ahead for having a pair there."""
        added: dict[int, set[tuple[str, frozenset[str] | None]]] = {}
        for match in load_thesaurus().matches(plan.corrected, game):
            if not plan.game_words.isdisjoint(range(match.start, match.start + match.size)):
                continue  # a game's name is not searched for its synonyms
            # A group of one game's words (« argent » for Four Souls' ¢) expands in its
            # entries only: « argenté » is a colour in Ashes.
            scope = match.group.games
            share = UNFOCUSED_WEIGHT if game is None and scope is not None else 1.0
            others = [" ".join(p.words) for p in match.group.phrases if p != match.phrase]
            where = f" ({', '.join(sorted(scope))})" if scope else ""
            plan.synonyms.append(
                (" ".join(match.phrase.words), others, match.group.provenance + where)
            )
            for phrase in match.group.phrases:
                if phrase == match.phrase:
                    continue
                if len(phrase.stems) > 1:
                    # « joue en premier » is a synonym as a phrase only: its words apart are
                    # not (« jeton de boost » for « jeton » does not make « boost » one).
                    for i in range(match.start, match.start + match.size):
                        plan.concepts[i].phrases.append((phrase.stems, share, scope))
                    continue
                for word in phrase.words:
                    if word in plan.corrected:
                        continue
                    for i in range(match.start, match.start + match.size):
                        # Once per word and scope: « compteur » counts in Four Souls'
                        # entries and, through Altered's own pair, in Altered's.
                        if (word, scope) not in added.setdefault(i, set()):
                            added[i].add((word, scope))
                            terms = word_terms(word, THESAURUS_WEIGHT * share)
                            if scope is None:
                                plan.concepts[i].terms.extend(terms)
                            else:
                                plan.concepts[i].scoped.extend((t, scope) for t in terms)

    def _names_in(
        self, corrected: list[str], parsed: ParsedQuery, words: list[str], fixed: set[int]
    ) -> tuple[list[Expansion], set[int]]:
        """Glossary names in the query's words as corrected (`fixed`: the positions that
        differ from what was typed), and the positions they cover."""
        typed = typed_key(parsed.text)
        spoken = typed if parsed.language == "en" else ""
        expansions, covered = self.names.matches(corrected, parsed.game, words, fixed, spoken)
        if parsed.question or not words:
            return expansions, covered
        # The whole query typed as a name, stop words and all, its misspelt words corrected.
        fixes = {words[i]: corrected[i] for i in fixed}
        key = " ".join(fixes.get(w, w) for w in typed.split())
        named = self.names.typed(key, parsed.game, len(words))
        if named:
            return named, set(range(len(words)))
        return expansions, covered


def word_terms(word: str, weight: float = 1.0) -> list[Term]:
    """The terms one query word looks for, field by field, with their weights."""
    stemmed = stem(word)
    terms = [Term(f, stemmed, boost=b * weight) for f, b in FIELD_BOOSTS_STEMMED.items()]
    terms += [Term(f, word, boost=b * weight) for f, b in FIELD_BOOSTS_EXACT.items()]
    if is_rule_number(word) and "." in word:
        terms.append(Term("number_key", word, boost=30.0 * weight))
        terms.append(Term("number_parents", word, boost=3.0 * weight))
    return terms
