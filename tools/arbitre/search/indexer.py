"""KnowledgeBase -> whoosh index under `.index/`, built aside and swapped in atomically.

Layout of the index directory:

    .index/CURRENT          name of the live generation (replaced atomically with os.replace)
    .index/gen-<stamp>/     a whoosh index + meta.json (format version, fingerprints, glossary)
                            + lemmas.pickle (the lemma table its text was analysed with)
                            + lexicon.txt.gz (the words the typo corrector leaves alone)
                            + tables.pickle (phrases, champion lists, words' games: tables.py)

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

from arbitre.kb.entry import Entry
from arbitre.kb.knowledge import KnowledgeBase
from arbitre.kb.terms import term_links
from arbitre.search.analysis import (
    Spellings,
    analyze,
    fold,
    folded_analyzer,
    french_analyzer,
    lemma_table,
    number_key,
    number_prefixes,
    slash_pairs,
)
from arbitre.search.lexicon import Lexicon, write_lexicon
from arbitre.search.phrases import phrase_keys, phrase_table, text_positions
from arbitre.search.tables import TABLES, build_tables, read_tables, write_tables
from arbitre.urls import entry_url

INDEX_FORMAT = 19
CURRENT = "CURRENT"
META = "meta.json"
LEMMAS = "lemmas.pickle"
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


DEFINITION_CHARS = 1500  # how much of a defining section's sub-rules a term's hit shows


def display_text(kb: KnowledgeBase, entry: Entry) -> str:
    """What a hit shows: the entry's text; for a glossary term defined elsewhere, the term's own
    summary followed by the defining entry's text (a section's: its rules in reading order).

    A player who looks up a term wants the rule that defines it, not only the lexicon's
    one-line gloss, and a judge wants the printed wording.
    """
    own = entry.text.strip()
    if entry.kind != "glossary" or not entry.defined_by:
        return entry.text
    target = kb.get(entry.defined_by)
    if target is None:
        return entry.text
    definition = definition_text(kb, target)
    if not definition or definition in own:
        return entry.text
    return f"{own}\n\n{definition}" if own else definition


def definition_text(kb: KnowledgeBase, target: Entry, limit: int = DEFINITION_CHARS) -> str:
    """The text of `target` followed by its steps (a procedure's definition is its steps), or
    for a heading without text, its descendants' texts in order."""
    if target.text.strip():
        parts: list[str] = [target.text.strip()]
        for child in kb.children(target.id):
            if child.role == "step" and child.text.strip() and len("".join(parts)) < limit:
                label = child.title or child.number
                parts.append(f"{label} : {child.text.strip()}" if label else child.text.strip())
        return "\n\n".join(parts)
    parts = []
    size = 0
    stack = list(reversed(kb.children(target.id)))
    while stack and size < limit:
        child = stack.pop()
        if child.text.strip():
            part = f"{child.number} {child.text.strip()}" if child.number else child.text.strip()
            parts.append(part)
            size += len(part)
        stack.extend(reversed(kb.children(child.id)))
    return "\n\n".join(parts)


def glossary_names(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Every way a glossary term is named -> the entries it designates and its French title.

    Drives query expansion: an English term, an alias or an abbreviation typed in a query
    adds the term's entries and its French title to the search.
    """
    table: dict[tuple[str, str], dict[str, Any]] = {}

    def add(
        name: str,
        game: str,
        targets: list[str],
        title: str,
        foreign: bool = False,
        same: list[str] | None = None,
    ) -> None:
        key = fold(name).strip()
        if len(key) < 2:
            return
        row = table.setdefault(  # one row per spelling once folded; the name as first printed
            (key, game),
            {
                "name": name.strip(),
                "game": game,
                "targets": [],
                "same": [],
                "expand": [],
                "foreign": foreign,
            },
        )
        row["foreign"] = row["foreign"] and foreign  # a French name somewhere wins
        for target in targets:
            if target not in row["targets"]:
                row["targets"].append(target)
        if same and len(same) > 1 and not row["same"]:
            row["same"] = list(same)
        expansion = title.strip()  # as printed: the searcher analyses it (« dés » is a word)
        if expansion and fold(expansion) != key and expansion not in row["expand"]:
            row["expand"].append(expansion)

    for entry in kb.entries:
        if entry.kind != "glossary":
            continue
        title = entry.title or ""
        targets = [entry.id]
        if entry.defined_by:
            targets.append(entry.defined_by)
        same = list(targets)  # one passage: the term and the entry defining it
        if entry.role == "redirect" and entry.refs:
            targets.extend(entry.refs)  # several passages, each its own
        english = []
        if entry.english:
            english = [
                entry.english,
                *(p for p in entry.english.replace(";", "/").split("/") if p.strip()),
            ]
        french = {fold(n).strip() for n in [title, *entry.aliases]}
        for name in [title, *entry.aliases]:
            add(name, entry.game, targets, title, same=same)
        for name in english:
            add(name, entry.game, targets, title, fold(name).strip() not in french, same)
    for entry in kb.entries:  # pairs printed « Vitesse/Speed » in running text
        for a, b in slash_pairs(entry.text):
            add(a, entry.game, [], b, foreign=True)
            add(b, entry.game, [], a, foreign=True)
    return [table[k] for k in sorted(table)]


RULED_CHARS = 600  # how much of each entry a ruling is about its `ruled` field holds


def ruling_words(kb: KnowledgeBase, entry: Entry) -> tuple[str, str]:
    """The words an entry is also found by through the rulings' `about` links: for an entry
    rulings are about, their questions (a FAQ's title); for a ruling, the titles and the
    beginning of the text of the entries it is about."""
    asked = [
        ruling.title
        for ruling in (kb.get(i) for i in kb.rulings(entry.id))
        if ruling is not None and ruling.title
    ]
    ruled = []
    for link in entry.about:
        target = kb.get(link.id)
        if target is not None:
            ruled.append(" ".join(x for x in (target.title, target.text[:RULED_CHARS]) if x))
    return " ; ".join(asked), " ; ".join(ruled)


def entry_document(
    kb: KnowledgeBase, entry: Entry, seq: int, terms: list[str] | None = None
) -> dict[str, Any]:
    number = entry.number or ""
    names = [*entry.aliases]
    if entry.english:
        names.append(entry.english)
    if entry.card:
        names.append(entry.card)
    names += [c.name for c in entry.cards if c.name != entry.card]
    names += kb.former_names(entry.id)  # what earlier editions called it
    game = kb.game(entry.game)
    ancestors = kb.ancestors(entry.id)
    context = " / ".join(a.title for a in ancestors if a.title)
    parent_title = ancestors[-1].title if ancestors and ancestors[-1].title else ""
    text = entry.text if entry.text.strip() else display_text(kb, entry)
    asked, ruled = ruling_words(kb, entry)
    display = display_text(kb, entry)
    return {
        "id": entry.id,
        "seq": seq,
        "game": entry.game,
        "kind": entry.kind,
        "document": entry.document,
        "role": entry.role or "",
        "parent": entry.parent or "",
        "title_key": " ".join(analyze(entry.title or "", stemmed=False)),
        "parent_key": " ".join(analyze(parent_title, stemmed=False)),
        "number": number,
        "number_key": number_key(number) if number else "",
        "number_parents": " ".join(number_prefixes(number)) if number else "",
        "former_numbers": " ".join(number_key(n) for n in kb.former_numbers(entry.id)),
        "title": entry.title or "",
        "title_exact": entry.title or "",
        "names": " ; ".join(names),
        "names_exact": " ; ".join(names),
        "context": context,
        "terms": " ".join(terms or []),
        "text": text,
        "text_exact": text,
        "asked": asked,
        "ruled": ruled,
        "phrased": " ; ".join(kb.questions.get(entry.id, ())),
        "display": display if display != text else "",
        "url": entry_url(entry, kb),
        "official": entry.official,
        "cards_key": [" ".join(analyze(c.name, stemmed=False)) for c in entry.cards],
        "authority": game.authority if game else "official",
    }


def question_stems(kb: KnowledgeBase) -> dict[int, list[list[str]]]:
    """Entry (index order) -> the stems of each players' question written for it."""
    return {
        seq: [analyze(q) for q in kb.questions[entry.id]]
        for seq, entry in enumerate(kb.entries)
        if kb.questions.get(entry.id)
    }


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
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            ix = whoosh_index.create_in(str(tmp), make_schema())
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
                write_tables(tmp / TABLES, build_tables(reader, phrases, question_stems(kb)))
            ix.close()
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
            "spellings": spellings.table(),
        }
        (tmp / META).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
        with (tmp / LEMMAS).open("wb") as out:
            pickle.dump(lemma_table(), out, protocol=pickle.HIGHEST_PROTOCOL)
        write_lexicon(tmp / LEXICON)
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


def read_lemmas(generation: Path) -> dict[str, str]:
    """The lemma table the generation's text was analysed with (written by `build_index`)."""
    with (generation / LEMMAS).open("rb") as stream:
        table = pickle.load(stream)
    if not isinstance(table, dict):
        raise ValueError(f"{generation / LEMMAS}: not a lemma table")
    return table
