"""KnowledgeBase -> whoosh index under `.index/`, built aside and swapped in atomically.

Layout of the index directory:

    .index/CURRENT          name of the live generation (replaced atomically with os.replace)
    .index/gen-<stamp>/     a whoosh index + meta.json (format version, fingerprints, glossary)
                            + stemming.pickle (the lemma table and the English names left
                              unstemmed its text was analysed with: foreign.py)
                            + lexicon.txt.gz (the words the typo corrector leaves alone)
                            + tables.pickle (phrases, champion lists, words' games, the
                              players' questions and own words: tables.py)

A reader opens whatever CURRENT names; a build writes a new generation, then points CURRENT at
it, then deletes older generations, so a search never sees a half-written index.

`meta.json` records INDEX_FORMAT (bumped whenever the schema or analysis changes), the KB
fingerprint (a hash of every entry and players' question), a digest of the YAML files the
index was built from (so a stale index is detected without loading the YAML), and the
glossary's names table used for query expansion.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import time
import warnings
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.terms import term_links
from arbitre.search.analysis import Spellings, folded_analyzer, french_analyzer, lemma_table
from arbitre.search.documents import entry_document, glossary_names, question_stems
from arbitre.search.foreign import analyse_names_of
from arbitre.search.lexicon import Lexicon, write_lexicon
from arbitre.search.phrases import phrase_keys, phrase_table, text_positions
from arbitre.search.players_words import players_spellings, players_words
from arbitre.search.tables import TABLES, build_tables, read_tables, write_tables
from arbitre.search.typos import indexed_words

INDEX_FORMAT = 22
CURRENT = "CURRENT"
META = "meta.json"
STEMMING = "stemming.pickle"
LEXICON = "lexicon.txt.gz"
# The fields whose words the typo corrector may offer (`Typos.vocabulary`): their printed forms
# are how a correction is written (`analysis.Spellings`).
SPELLED_FIELDS = ("title_exact", "names_exact", "text_exact")


def make_schema() -> Schema:
    stemmed, folded = french_analyzer(), folded_analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        seq=NUMERIC(stored=True, sortable=True),
        game=ID(stored=True),
        kind=ID(stored=True),
        document=ID(stored=True),
        role=ID(stored=True),
        parent=ID(stored=True),
        title_key=STORED(),  # the title's folded words, for exact-title ranking
        parent_key=STORED(),  # the same for the parent heading
        number=STORED(),  # as printed
        number_key=ID(),  # exact rule-number match
        number_parents=KEYWORD(),  # « 609.1f » is found by « 609.1 » and « 609 »
        former_numbers=KEYWORD(),  # the numbers earlier editions printed it with (#22)
        title=TEXT(analyzer=stemmed, stored=True),
        title_exact=TEXT(analyzer=folded, phrase=False),
        names=TEXT(analyzer=stemmed),  # aliases, English term, card name
        names_exact=TEXT(analyzer=folded, phrase=False),
        context=TEXT(analyzer=stemmed, phrase=False),  # titles of the headings above
        terms=KEYWORD(),  # glossary terms the text uses (the site's auto-links)
        text=TEXT(analyzer=stemmed, stored=True),
        # A rule or term: the questions of the rulings about it (their `about` links); a
        # ruling: the titles and text of the entries it is about.  Weighed less than an
        # entry's own words (weights.FIELD_BOOSTS_STEMMED).
        asked=TEXT(analyzer=stemmed, phrase=False),
        ruled=TEXT(analyzer=stemmed, phrase=False),
        phrased=TEXT(analyzer=stemmed, phrase=False),  # players' questions (kb/questions.py)
        display=STORED(),  # what a hit shows when it differs from `text` (a term's definition)
        text_exact=TEXT(analyzer=folded, phrase=False),
        url=STORED(),
        official=STORED(),
        cards_key=STORED(),  # a ruling's card names (`cards`), folded words, for card ranking
        sense=STORED(),  # the stems of the sense a title names, « Gagner (statut) » (documents.py)
        authority=STORED(),  # the game's source: official or community (game.yaml)
    )


@dataclass
class IndexStats:
    entries: int
    size_bytes: int
    seconds: float
    path: Path
    fingerprint: str

    def summary(self) -> str:
        return (
            f"{self.entries} entries indexed, {self.size_bytes / 1_048_576:.1f} MiB on disk "
            f"({self.seconds:.2f} s) -> {self.path}"
        )


def kb_fingerprint(kb: KnowledgeBase) -> str:
    """A hash of every entry's serialised form and of the players' questions: equal
    fingerprints, equal search results."""
    digest = hashlib.sha256(f"format {INDEX_FORMAT}\n".encode())
    for entry in sorted(kb.entries, key=lambda e: e.id):
        digest.update(json.dumps(entry.to_dict(), ensure_ascii=False, sort_keys=True).encode())
        digest.update(b"\n")
    for entry_id in sorted(kb.questions):
        digest.update(json.dumps([entry_id, kb.questions[entry_id]], ensure_ascii=False).encode())
    return digest.hexdigest()[:16]


def yaml_digest(root: Path) -> str:
    """A hash of the YAML the knowledge base is loaded from (content/*/*.yaml, glossary/*.yaml)."""
    digest = hashlib.sha256()
    files = sorted((root / "content").glob("*/*.yaml")) + sorted((root / "glossary").glob("*.yaml"))
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


@cache
def search_data_digest() -> str:
    """A hash of the search's own tables an index is built with (`thesaurus.yaml`,
    `vocabulary.yaml`, `bilingual.yaml`): its phrase table is theirs, so another version makes
    it stale."""
    digest = hashlib.sha256()
    for name in ("thesaurus.yaml", "vocabulary.yaml", "bilingual.yaml"):
        digest.update(resources.files("arbitre.search").joinpath(name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def current_generation(index_dir: Path) -> Path | None:
    """The live generation directory, or None when no index was ever built there."""
    pointer = index_dir / CURRENT
    if not pointer.is_file():
        return None
    generation = index_dir / pointer.read_text(encoding="utf-8").strip()
    return generation if (generation / META).is_file() else None


def build_index(
    kb: KnowledgeBase, index_dir: Path, root: Path | None = None, procs: int = 1
) -> IndexStats:
    """Index every entry of `kb` into a new generation under `index_dir`, then swap it in.

    `root` is the project root whose YAML the knowledge base came from (default: the parent of
    `index_dir`, i.e. `.index/` inside the project); its digest lets readers detect staleness.
    """
    started = time.perf_counter()
    root = root or index_dir.parent
    index_dir.mkdir(parents=True, exist_ok=True)
    generation = index_dir / f"gen-{time.time_ns()}-{os.getpid()}"
    tmp = index_dir / f".{generation.name}.tmp"
    tmp.mkdir()
    try:
        fingerprint = _write_generation(kb, tmp, root, procs)
        tmp.rename(generation)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    pointer_tmp = index_dir / f".{CURRENT}.{os.getpid()}"
    pointer_tmp.write_text(generation.name + "\n", encoding="utf-8")
    os.replace(pointer_tmp, index_dir / CURRENT)
    _prune(index_dir, keep=generation)
    return IndexStats(
        entries=len(kb.entries),
        size_bytes=_dir_size(generation),
        seconds=time.perf_counter() - started,
        path=index_dir,
        fingerprint=fingerprint,
    )


def _write_generation(kb: KnowledgeBase, folder: Path, root: Path, procs: int) -> str:
    """Write a whole generation into `folder`: the whoosh index and its tables, meta.json, the
    stemming and the lexicon.  Returns the KB fingerprint."""
    unstemmed = analyse_names_of(kb)  # (before any stem: the writer's processes fork after)
    spellings = _write_whoosh(kb, folder, procs)
    fingerprint = kb_fingerprint(kb)
    meta = {
        "format": INDEX_FORMAT,
        "fingerprint": fingerprint,
        "yaml_digest": yaml_digest(root),
        "search_data": search_data_digest(),
        "entries": len(kb.entries),
        "games": sorted({e.game for e in kb.entries} | {g.id for g in kb.games}),
        "game_titles": {g.id: g.short_title for g in sorted(kb.games, key=lambda g: g.id)},
        "kinds": sorted({e.kind for e in kb.entries}),
        "built": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "glossary": glossary_names(kb),
        "spellings": spellings,
    }
    (folder / META).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    with (folder / STEMMING).open("wb") as out:
        stemming = {"lemmas": lemma_table(), "unstemmed": sorted(unstemmed)}
        pickle.dump(stemming, out, protocol=pickle.HIGHEST_PROTOCOL)
    write_lexicon(folder / LEXICON)
    return fingerprint


def _write_whoosh(kb: KnowledgeBase, folder: Path, procs: int) -> dict[str, str]:
    """Write the whoosh index of every entry into `folder`, then the tables worked out from it
    (`tables.py`).  Returns how the words a correction may offer are printed (folded -> as
    printed, where they differ: the rulebooks' words, then the players' own)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        ix = whoosh_index.create_in(str(folder), make_schema())
        writer = ix.writer(limitmb=256, procs=procs) if procs > 1 else ix.writer(limitmb=256)
        links = term_links(kb)
        spellings = Spellings()
        positions = []  # per entry: its text's stems and their positions
        analyzer = french_analyzer()
        for seq, entry in enumerate(kb.entries):
            document = entry_document(kb, entry, seq, links.get(entry.id))
            writer.add_document(**document)
            for fieldname in SPELLED_FIELDS:
                spellings.add(document[fieldname])
            positions.append(text_positions(analyzer, document["text"]))
        writer.commit(optimize=True)
        phrases = phrase_table(positions, phrase_keys(glossary_names(kb)))
        with ix.reader() as reader:
            players = players_words(kb, indexed_words(reader))
            tables = build_tables(reader, phrases, question_stems(kb), players)
            write_tables(folder / TABLES, tables)
        ix.close()
    # (the players' words are none of the rulebooks': the two tables share no word)
    return {**spellings.table(), **players_spellings(kb, players)}


def _prune(index_dir: Path, keep: Path) -> None:
    """Delete abandoned temporary builds and every generation but the new one and the one before.

    The one before stays because a running server may still have it open.
    """
    generations = sorted(p for p in index_dir.glob("gen-*") if p.is_dir() and p != keep)
    for old in generations[:-1] + [p for p in index_dir.glob(".gen-*.tmp") if p.is_dir()]:
        shutil.rmtree(old, ignore_errors=True)


def read_meta(generation: Path) -> dict[str, Any]:
    return json.loads((generation / META).read_text(encoding="utf-8"))


def read_lexicon(generation: Path) -> Lexicon:
    """The words the generation's typo corrector leaves alone (written by `build_index`)."""
    return Lexicon.read(generation / LEXICON)


def read_search_tables(generation: Path) -> dict:
    """The generation's precomputed tables (`tables.py`, written by `build_index`)."""
    return read_tables(generation / TABLES)


def read_stemming(generation: Path) -> tuple[dict[str, str], frozenset[str]]:
    """The lemma table and the words left unstemmed that the generation's text was analysed
    with (written by `build_index`)."""
    with (generation / STEMMING).open("rb") as stream:
        stemming = pickle.load(stream)
    if not isinstance(stemming, dict) or not isinstance(stemming.get("lemmas"), dict):
        raise ValueError(f"{generation / STEMMING}: not a stemming table")
    return stemming["lemmas"], frozenset(stemming["unstemmed"])
