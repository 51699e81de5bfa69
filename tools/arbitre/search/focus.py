"""The game a query asked without a game filter is about, and why (its `Focus`).

By its words (`of_words`): the one game the query names (« contrôle altered »), else the one
game whose glossary names it uses, else the one game whose own words it uses (« butin »,
« Phoenixborn »); for a question with none, by its candidates (`of_candidates`): the game most
of the best answers' score belongs to.  The other games' candidates then step back
(`step_back`); for a game the query names, every other game's entry, further (`step_back_all`)
— unless that game has none of the query's words (`lacking`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbitre.search.analysis import is_rule_number, stem
from arbitre.search.plan import Focus, Plan
from arbitre.search.postings import Postings
from arbitre.search.query import ParsedQuery
from arbitre.search.vocabulary import load_vocabulary
from arbitre.search.weights import (
    GAME_FOCUS_DEPTH,
    GAME_FOCUS_FACTOR,
    GAME_FOCUS_SHARE,
    GAME_NAMED_FACTOR,
    WORD_GAME_MIN_DOCS,
)


class GameFocus:
    """Tells a query's game from one index generation's entries and vocabulary."""

    def __init__(
        self, postings: Postings, doc_game: list[str], games: list[str], tables: dict[str, Any]
    ) -> None:
        self.postings = postings
        self.doc_game = doc_game
        self.games = games
        # Worked out with the index (`tables.py`): a stem's game, the games whose text has it.
        self.owners: dict[str, str] = tables["owners"]
        self.text_games: dict[str, list[str]] = tables["text_games"]

    def of_words(self, searcher: Any, parsed: ParsedQuery, plan: Plan) -> Focus | None:
        """The game a query asked without a game filter is about by its words, and why: the
        game it names (the plan's `game_named`), else the game whose glossary names it uses
        (`named_game`), else the game whose own vocabulary it uses (`_vocabulary_game`).  (A
        question with none may still be focused later by its candidates, `of_candidates`.)"""
        by_name = plan.game_named
        if by_name and by_name[0] in self.games:  # a game named outweighs what words suggest
            return Focus(by_name[0], "vocabulary", by_name[1], named=True)
        game = self.named_game(searcher, plan)
        if game:
            words = [plan.spelled(span) for span in plan.named_spans]
            return Focus(game, "glossary", sorted(set(words)))
        found = self._vocabulary_game(searcher.reader(), parsed, plan)
        if found:
            return Focus(found[0], "vocabulary", found[1])
        return None

    def word_game(self, reader: Any, word: str) -> str | None:
        """The game a word belongs to: the one that holds nearly all the entries using it
        (WORD_GAME_SHARE of at least WORD_GAME_MIN_DOCS), as « butin » is Four Souls' and
        « manigance » Marvel Champions' (the index's table)."""
        return self.owners.get(stem(word))

    def _vocabulary_game(
        self, reader: Any, parsed: ParsedQuery, plan: Plan
    ) -> tuple[str, list[str]] | None:
        """The one game whose own words the query uses (and no other game's): words nearly
        only its entries use, and the names and words `vocabulary.yaml` gives it (« Four
        Souls », « Phoenixborn »).  With the words that tell it."""
        vocabulary = load_vocabulary()
        per_game: dict[str, list[str]] = {}
        for word in plan.corrected:
            if is_rule_number(word):
                continue
            owner = self.word_game(reader, word)
            if owner:
                per_game.setdefault(owner, []).append(word)
        # A glossary name that only one game's glossary has and no other game's text uses is
        # that game's word too (« retaliate » is Marvel Champions' Riposte), even when its
        # entries are too few to tell.
        for span, games in plan.named_spans.items():
            if len(games) != 1:
                continue
            game = next(iter(games))
            name = " ".join(plan.corrected[i] for i in span)
            if name not in per_game.get(game, []) and self._name_users(reader, plan, span) <= games:
                per_game.setdefault(game, []).append(name)
        for game, markers in vocabulary.markers_in(parsed.text).items():
            if game in self.games:
                # « four souls » said once, not as « four », « souls » and « four souls ».
                inside = {w for marker in markers for w in marker.split()}
                kept = [w for w in per_game.get(game, []) if w not in inside]
                per_game[game] = kept + markers
        if len(per_game) != 1:
            return None
        game, words = next(iter(per_game.items()))
        return game, words

    def _name_users(self, reader: Any, plan: Plan, span: tuple[int, ...]) -> set[str]:
        """The games whose entries' text has the words of a query span (all of them)."""
        docs: set[int] | None = None
        for i in span:
            found = set(self.postings.scores(reader, "text", stem(plan.corrected[i])))
            docs = found if docs is None else docs & found
        return {self.doc_game[docnum] for docnum in docs or ()}

    def named_game(self, searcher: Any, plan: Plan) -> str | None:
        """The one game whose vocabulary every glossary name in the query belongs to, if any.

        A name belongs to the games whose glossary has it and to those whose text uses it
        (« zone de mana » is Altered's alone; « face cachée », a glossary term of The Spoils,
        is also printed in Altered's rules).  A query using only names of one game is about it.
        """
        if not plan.named_spans:
            return None
        common = set(self.games)
        for span, games in plan.named_spans.items():
            stems = tuple(stem(plan.corrected[i]) for i in span)
            if len(stems) > 1:
                users = {self.doc_game[docnum] for docnum in self.postings.phrase(stems)}
            else:
                users = set(self.text_games.get(stems[0], ()))
            common &= games | users
            if not common:
                return None
        return next(iter(common)) if len(common) == 1 else None

    def of_candidates(self, top: list[tuple[int, float]]) -> str | None:
        """The game most of the best candidates' score belongs to (GAME_FOCUS_SHARE of the
        first GAME_FOCUS_DEPTH), if one does."""
        mass: dict[str, float] = {}
        for docnum, score in top[:GAME_FOCUS_DEPTH]:
            g = self.doc_game[docnum]
            mass[g] = mass.get(g, 0.0) + score
        total = sum(mass.values()) or 1.0
        game, share = max(mass.items(), key=lambda kv: kv[1], default=("", 0.0))
        return game if game and share / total >= GAME_FOCUS_SHARE else None

    def lacking(
        self,
        plan: Plan,
        focus: Focus,
        scores: dict[int, float],
        matched: dict[int, int],
        english: bool = False,
    ) -> Focus:
        """The named game's focus, with the positions of the query's words besides the game's
        name that none of its entries (those scored) has, synonyms and translations included:
        all of them (`absent`: « mulligan altered »), or, in a French query, some that at least
        WORD_GAME_MIN_DOCS of the other games' entries have (`missing`: « taille de main
        ashes »; an English question's words left untranslated, « counts », « work », are not
        the rules' and say nothing of the game)."""
        others = tuple(i for i in range(len(plan.concepts)) if i not in plan.game_words)
        game, doc_game, has = focus.game, self.doc_game, 0
        for docnum in scores:
            if doc_game[docnum] == game:
                has |= matched.get(docnum, 0)
        lacks = tuple(i for i in others if not has >> i & 1)
        if lacks and len(lacks) == len(others):
            return replace(focus, absent=lacks)
        if english:
            return focus
        elsewhere = dict.fromkeys(lacks, 0)  # position -> the other games' entries having it
        mask = sum(1 << i for i in lacks)
        for docnum in scores:
            if matched.get(docnum, 0) & mask:
                for i in lacks:
                    elsewhere[i] += matched[docnum] >> i & 1
        return replace(focus, missing=tuple(i for i in lacks if elsewhere[i] >= WORD_GAME_MIN_DOCS))

    def step_back_all(self, scores: dict[int, float], focus: Focus) -> None:
        """A query naming a game (« contrôle altered »): every other game's entry steps back
        (GAME_NAMED_FACTOR), before the best candidates are chosen — else that game's entries
        could all be below another game's first RERANK_DEPTH (« réserve four souls »)."""
        doc_game, game = self.doc_game, focus.game
        for docnum in scores:
            if doc_game[docnum] != game:
                scores[docnum] *= GAME_NAMED_FACTOR

    def step_back(self, top: list[tuple[int, float]], focus: Focus) -> list[tuple[int, float]]:
        """A query asked without a game but about one by its words or its best candidates:
        the other games' candidates step back (a game the query names: `step_back_all`)."""
        game = focus.game
        out = [(d, sc if self.doc_game[d] == game else sc * GAME_FOCUS_FACTOR) for d, sc in top]
        out.sort(key=lambda item: (-item[1], item[0]))
        return out
