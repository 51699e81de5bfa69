"""Pairing: which entry of a new edition is which entry of the previous one.

An entry renamed or renumbered by a new edition is the same entry under a new id.  Matching
proposes, the reviewed table publishes (as with the rulings' links):

1. `reviewed`  — pairs a person settled in `content/<game>/pairings.yaml` for this edition
                 (and pairs they rejected are never made);
2. `same`      — the same id and the same title and text;
3. `text`      — the same title and text under another id, rule numbers masked, and the text
                 found once on each side (a renumbered rule, a renamed heading);
4. `id`        — the same id with a close text (an edit);
5. `similar`   — the closest remaining texts, pairs taken by decreasing similarity (the greatest
                 edge first, as Academy Ruins' matcher does), within the same kind.

A `similar` pair is settled only when it is clearly the best for both entries; otherwise it is a
proposal, listed for review, and not published: until a person confirms it, the old entry counts
as removed and the new one as added.  Everything here is pure: entries in, a Pairing out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from arbitre.kb.entry import Entry
from arbitre.kb.problems import Problem, read_mapping, read_text
from arbitre.text import fold

PAIRINGS_FILE = "pairings.yaml"
HOWS = ("reviewed", "same", "text", "id", "similar")

# Thresholds on the word-level similarity (difflib ratio of the folded words of title + text).
SAME_ID_CLOSE = 0.5  # the same id with at least this similarity is the same entry, edited
CANDIDATE = 0.4  # below this, two entries are never proposed as a pair (Academy Ruins: 0.4)
SETTLED = 0.75  # a proposal this similar or more, with no close rival, is settled by matching
RIVAL_MARGIN = 0.1  # a rival within this margin of the best leaves the pair to a person

# Rule numbers as printed in a text: 609.1f, 101, 4.2.4.d, 1.1.1.a (never a bare 1 or 8: « 8
# cartes » is a quantity, and a quantity changed is an edit).
NUMBER_MENTION = re.compile(
    r"(?<![\w.])(?:\d{3}(?:\.\d+[a-z]?)?|\d+(?:\.\d+)+(?:\.[a-z])?)(?![\w])"
)


def masked(text: str) -> str:
    """Text with every rule-number mention replaced by « # »."""
    return NUMBER_MENTION.sub("#", text)


def words(entry: Entry) -> list[str]:
    """The folded words of an entry's title and text, numbers masked: what similarity compares."""
    return fold(masked(f"{entry.title or ''} {entry.text}")).split()


def similarity(a: list[str], b: list[str]) -> float:
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


@dataclass(frozen=True)
class Pair:
    old: str
    new: str
    how: str  # one of HOWS
    score: float | None = None


@dataclass(frozen=True)
class Proposal:
    """A pair matching found but could not settle: a person confirms or rejects it."""

    old: str
    new: str
    score: float
    rival: str | None = None  # why it is not settled: the close rival's id, if any

    def to_dict(self) -> dict[str, Any]:
        return {
            "old": self.old,
            "new": self.new,
            "score": round(self.score, 3),
            "rival": self.rival,
        }


@dataclass
class Pairing:
    pairs: list[Pair] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # old ids left unpaired
    added: list[str] = field(default_factory=list)  # new ids left unpaired

    def new_of(self) -> dict[str, Pair]:
        return {p.old: p for p in self.pairs}

    def old_of(self) -> dict[str, Pair]:
        return {p.new: p for p in self.pairs}

    def id_map(self) -> dict[str, str]:
        """Old id -> new id for every pair whose id changed."""
        return {p.old: p.new for p in self.pairs if p.old != p.new}


@dataclass(frozen=True)
class ReviewedPairs:
    """The reviewed table's rows for one edition of one game."""

    version: str
    pairs: dict[str, str] = field(default_factory=dict)  # old id -> new id
    rejected: frozenset[tuple[str, str]] = frozenset()  # (old id, new id) never to pair
    lines: dict[str, int] = field(default_factory=dict)  # "old new" -> line, for messages


def _key(entry: Entry) -> tuple[str, str, str]:
    return (entry.kind, masked(entry.title or ""), masked(entry.text))


def pair(
    old: Iterable[Entry], new: Iterable[Entry], reviewed: ReviewedPairs | None = None
) -> Pairing:
    """Pair the entries of two editions of one game (both in reading order)."""
    old_by = {e.id: e for e in old}
    new_by = {e.id: e for e in new}
    rejected = reviewed.rejected if reviewed else frozenset()
    result = Pairing()
    free_old = dict(old_by)
    free_new = dict(new_by)

    def take(a: str, b: str, how: str, score: float | None = None) -> None:
        result.pairs.append(Pair(a, b, how, score))
        del free_old[a]
        del free_new[b]

    if reviewed:
        for a, b in reviewed.pairs.items():
            if a in free_old and b in free_new:
                take(a, b, "reviewed")
    for entry_id in list(free_old):
        if entry_id in free_new and (entry_id, entry_id) not in rejected:
            was, now = free_old[entry_id], free_new[entry_id]
            if (was.kind, was.title, was.text) == (now.kind, now.title, now.text):
                take(entry_id, entry_id, "same")
    # The same text once on each side, under another id.
    old_keys = Counter(_key(e) for e in free_old.values())
    new_keys = Counter(_key(e) for e in free_new.values())
    new_by_key = {_key(e): e.id for e in free_new.values()}
    for entry_id, entry in list(free_old.items()):
        key = _key(entry)
        if not (key[1] or key[2]).strip() or old_keys[key] != 1 or new_keys[key] != 1:
            continue
        target = new_by_key[key]
        if target in free_new and (entry_id, target) not in rejected:
            take(entry_id, target, "text", 1.0)
    # The same id, close enough.  (Words are kept per entry object: an old and a new entry
    # share their id here, and a cache keyed by id gave the new one the old one's words — a
    # similarity of 1.0, whatever the new text.)
    cached: dict[int, list[str]] = {}

    def w(entry: Entry) -> list[str]:
        key = id(entry)
        if key not in cached:
            cached[key] = words(entry)
        return cached[key]

    for entry_id in list(free_old):
        if entry_id in free_new and (entry_id, entry_id) not in rejected:
            was, now = free_old[entry_id], free_new[entry_id]
            if was.kind == now.kind:
                score = similarity(w(was), w(now))
                if score >= SAME_ID_CLOSE:
                    take(entry_id, entry_id, "id", score)
    result.proposals = _similar(free_old, free_new, rejected, w, take)
    paired_old = {p.old for p in result.pairs}
    paired_new = {p.new for p in result.pairs}
    result.removed = [i for i in old_by if i not in paired_old]
    result.added = [i for i in new_by if i not in paired_new]
    return result


def _similar(
    free_old: dict[str, Entry],
    free_new: dict[str, Entry],
    rejected: frozenset[tuple[str, str]],
    w: Callable[[Entry], list[str]],
    take: Callable[[str, str, str, float], None],
) -> list[Proposal]:
    """Greedy maximum edges over the remaining entries of the same kind: settled pairs are
    taken, the others become proposals (which hold both entries: neither pairs elsewhere)."""
    edges: list[tuple[float, str, str]] = []
    for was in free_old.values():
        wa = w(was)
        for now in free_new.values():
            if was.kind != now.kind or (was.id, now.id) in rejected:
                continue
            matcher = SequenceMatcher(None, wa, w(now), autojunk=False)
            if matcher.real_quick_ratio() < CANDIDATE or matcher.quick_ratio() < CANDIDATE:
                continue
            score = matcher.ratio()
            if score >= CANDIDATE:
                edges.append((score, was.id, now.id))
    edges.sort(key=lambda e: (-e[0], e[1], e[2]))
    of_old: dict[str, list[tuple[float, str]]] = {}  # old id -> (score, new id), best first
    of_new: dict[str, list[tuple[float, str]]] = {}  # new id -> (score, old id), best first
    for score, a, b in edges:
        of_old.setdefault(a, []).append((score, b))
        of_new.setdefault(b, []).append((score, a))
    open_old, open_new = set(free_old), set(free_new)
    proposals: list[Proposal] = []
    for score, a, b in edges:
        if a not in open_old or b not in open_new:
            continue
        rivals = [n for s, n in of_old[a] if n != b and n in open_new and score - s < RIVAL_MARGIN]
        rivals += [o for s, o in of_new[b] if o != a and o in open_old and score - s < RIVAL_MARGIN]
        rival = rivals[0] if rivals else None
        open_old.discard(a)
        open_new.discard(b)
        if score >= SETTLED and rival is None:
            take(a, b, "similar", score)
        else:
            proposals.append(Proposal(a, b, round(score, 3), rival))
    return proposals


# -- the reviewed table ----------------------------------------------------------------------


def read_pairings(
    text: str, path: str, game: str
) -> tuple[dict[str, ReviewedPairs], list[Problem]]:
    """`content/<game>/pairings.yaml`: version -> {pairs: {old id: new id}, rejected: [[old, new]]}."""
    data, lines, problems = read_mapping(text, path, "edition version -> {pairs, rejected}")
    tables: dict[str, ReviewedPairs] = {}
    for version, row in data.items():
        table = _read_row(str(version), row, lines.get(version, 1), path, game, problems)
        if table is not None:
            tables[table.version] = table
    return tables, problems


def _read_row(
    version: str, row: Any, line: int, path: str, game: str, problems: list[Problem]
) -> ReviewedPairs | None:
    """One edition's row of the reviewed table (None, with its problem, when it is malformed)."""
    if not isinstance(row, dict):
        problems.append(Problem(path, line, f"{version}: expected {{pairs, rejected}}"))
        return None
    reader = _RowReader(version, row.pop("__lines__", {}), line, path, game, problems)
    unknown = sorted(set(row) - {"pairs", "rejected"}, key=str)  # keys of any type, one order
    if unknown:
        reader.problem(line, f"unknown field(s) {', '.join(map(str, unknown))}")
        return None
    pairs = reader.pairs(row.get("pairs") or {})
    if pairs is None:
        return None
    rejected = reader.rejected(row.get("rejected") or [])
    both = {(a, b) for a, b in pairs.items()} & rejected
    for a, b in sorted(both):
        reader.problem(reader.found_lines[f"{a} {b}"], f"{a} -> {b} is both paired and rejected")
    return ReviewedPairs(version, pairs, frozenset(rejected), reader.found_lines)


@dataclass
class _RowReader:
    """What reading one row needs: where its fields are, and where each pair was found."""

    version: str
    row_lines: dict[str, int]
    line: int
    path: str
    game: str
    problems: list[Problem]
    found_lines: dict[str, int] = field(default_factory=dict)

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, f"{self.version}: {message}"))

    def pairs(self, raw: Any) -> dict[str, str] | None:
        """`pairs` (old id -> new id), each pair's line noted; None when it is not a mapping."""
        pair_lines = raw.pop("__lines__", {}) if isinstance(raw, dict) else {}
        where = self.row_lines.get("pairs", self.line)
        if not isinstance(raw, dict):
            self.problem(where, "pairs maps an old id to a new id")
            return None
        pairs: dict[str, str] = {}
        for a, b in raw.items():
            at = pair_lines.get(a, where)
            if not _is_id(a, self.game) or not _is_id(b, self.game):
                self.problem(at, f"{a!r}: {b!r}: both must be ids of {self.game}")
                continue
            pairs[a] = b
            self.found_lines[f"{a} {b}"] = at
        return pairs

    def rejected(self, raw: Any) -> set[tuple[str, str]]:
        """`rejected` pairs, each one's line noted (unless paired too); anything but a list of
        [old id, new id] pairs is a problem at its line."""
        where = self.row_lines.get("rejected", self.line)
        rejected: set[tuple[str, str]] = set()
        for item in raw if isinstance(raw, list) else [None]:
            if not (
                isinstance(item, list)
                and len(item) == 2
                and all(_is_id(x, self.game) for x in item)
            ):
                self.problem(where, "rejected holds [old id, new id] pairs")
                continue
            rejected.add((item[0], item[1]))
            self.found_lines.setdefault(f"{item[0]} {item[1]}", where)
        return rejected


def _is_id(value: Any, game: str) -> bool:
    return isinstance(value, str) and value.startswith(game + "/") and len(value) > len(game) + 1


def load_pairings(root: Path, game: str) -> tuple[dict[str, ReviewedPairs], list[Problem]]:
    file = root / "content" / game / PAIRINGS_FILE
    if not file.is_file():
        return {}, []
    path = f"content/{game}/{PAIRINGS_FILE}"
    text, failure = read_text(file, path)
    if failure is not None or text is None:
        return {}, [failure] if failure else []
    return read_pairings(text, path, game)
