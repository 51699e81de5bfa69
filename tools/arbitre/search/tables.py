"""What an index generation works out once so that a query's work does not grow with the corpus
(`tables.pickle`, written by `indexer.build_index`):

- `phrases`: « stem stem… » -> the entries whose text has those stems in a row (`phrases.py`),
  each with the sum of the words' BM25 scores in its text;
- `champions`: for each term of a ranking field held by more than CHAMPIONS entries, the
  CHAMPIONS entries it scores highest in (BM25, ties in reading order), with their scores: a
  query whose postings would exceed MAX_POSTINGS reads these instead of every posting of its
  commonest words (`budget.py`);
- `owners`: stem -> the game nearly all the entries using it belong to (`focus.word_game`);
- `text_games`: stem -> the games whose entries' text uses it (`focus.named_game`);
- `questions`: document -> the stems of each players' question written for it
  (`rank.py`: a question nearly the same as the query's);
- `players_words`: the players' questions' words the rulebooks do not print, with the entries
  using them (`players_words.py`: what a typo may be corrected into besides the index's words).

A real knowledge base's queries stay under MAX_POSTINGS, so the champions are never read for
them; a corpus a hundred times larger answers in bounded time.
"""

from __future__ import annotations

import pickle
from array import array
from pathlib import Path
from typing import Any

from arbitre.search.postings import Postings, posting_blocks
from arbitre.search.weights import (
    CHAMPIONS,
    FIELD_BOOSTS_EXACT,
    FIELD_BOOSTS_STEMMED,
    WORD_GAME_MIN_DOCS,
    WORD_GAME_SHARE,
)

TABLES = "tables.pickle"
CHAMPION_FIELDS = (*FIELD_BOOSTS_STEMMED, *FIELD_BOOSTS_EXACT)
OWNER_FIELDS = ("text", "title", "names")  # where a word's entries are counted


def build_tables(
    reader: Any,
    phrases: dict[str, list[int]],
    questions: dict[int, list[list[str]]],
    players: dict[str, int],
) -> dict:
    """The tables of one written index (its reader), its phrase table, its entries' players'
    questions (document -> each question's stems) and the players' own words."""
    postings = Postings(reader.doc_count_all())
    doc_game = [""] * reader.doc_count_all()
    for game, _info in _terms(reader, "game"):
        for ids, _weights in posting_blocks(reader.postings("game", game)):
            for d in ids:
                doc_game[d] = game
    scored: dict[str, tuple[array, array]] = {}
    for key, docs in phrases.items():
        words = [postings.scores(reader, "text", s) for s in key.split()]
        scored[key] = (
            array("I", docs),
            array("d", [sum(w.get(d, 0.0) for w in words) for d in docs]),
        )
    postings.cache.clear()
    champions: dict[tuple[str, str], tuple[array, array]] = {}
    for fieldname in CHAMPION_FIELDS:
        for term, info in _terms(reader, fieldname):
            if info.doc_frequency() > CHAMPIONS:
                scores = postings.scores(reader, fieldname, term)
                best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:CHAMPIONS]
                champions[fieldname, term] = (
                    array("I", [d for d, _s in best]),
                    array("d", [s for _d, s in best]),
                )
                postings.cache.clear()
    owners: dict[str, str] = {}
    text_games: dict[str, list[str]] = {}
    stems = sorted({term for f in OWNER_FIELDS for term, _info in _terms(reader, f)})
    for term in stems:
        users: set[int] = set()
        for fieldname in OWNER_FIELDS:
            if reader.doc_frequency(fieldname, term):
                for ids, _weights in posting_blocks(reader.postings(fieldname, term)):
                    users.update(ids)
            if fieldname == "text" and users:
                text_games[term] = sorted({doc_game[d] for d in users})
        counts: dict[str, int] = {}
        for doc in users:
            counts[doc_game[doc]] = counts.get(doc_game[doc], 0) + 1
        game, count = max(counts.items(), key=lambda kv: (kv[1], kv[0]), default=("", 0))
        if count >= WORD_GAME_MIN_DOCS and count >= WORD_GAME_SHARE * len(users):
            owners[term] = game
    return {
        "phrases": scored,
        "champions": champions,
        "owners": owners,
        "text_games": text_games,
        "questions": questions,
        "players_words": players,
    }


def _terms(reader: Any, fieldname: str) -> list[tuple[str, Any]]:
    return [
        (raw.decode("utf-8") if isinstance(raw, bytes) else raw, info)
        for raw, info in reader.iter_field(fieldname)
    ]


def write_tables(path: Path, tables: dict) -> None:
    with path.open("wb") as out:
        pickle.dump(tables, out, protocol=pickle.HIGHEST_PROTOCOL)


def read_tables(path: Path) -> dict:
    with path.open("rb") as stream:
        tables = pickle.load(stream)
    if not isinstance(tables, dict) or set(tables) != {
        "phrases",
        "champions",
        "owners",
        "text_games",
        "questions",
        "players_words",
    }:
        raise ValueError(f"{path}: not the search tables")
    return tables
