"""Carry curated data across an edition: every hand-written table follows its entries.

The tables are written by people, with comments and layout worth keeping, so they are rewritten
as text: each whole id (`game/local`, never a part of a longer id, never an `id@version`) is
replaced through one mapping, all at once (609.1f → 609.1g and 609.1g → 609.1h in the same
pass).  A removed entry's id becomes `id@version`: the entry as it stood in its last edition,
which the history keeps and the worklist lists.  Source lines written beside an id (a scenario's
`reproduces`, the accounting lists) move with the entry's text in the new source.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from arbitre.kb.entry import Entry
from arbitre.kb.problems import read_tree
from arbitre.kb.schema import KEY_LINES, LINE_KEY, LineLoader
from arbitre.text import fold

_ID_EDGE_BEFORE = r"(?<![\w./@-])"
_ID_EDGE_AFTER = r"(?![\w/@-]|\.[\w])"


def rewrite_ids(text: str, mapping: Mapping[str, str]) -> str:
    """`text` with every whole id of `mapping` replaced by its image, in one pass."""
    wanted = {a: b for a, b in mapping.items() if a != b}
    if not wanted:
        return text
    body = "|".join(re.escape(k) for k in sorted(wanted, key=len, reverse=True))
    pattern = re.compile(f"{_ID_EDGE_BEFORE}({body}){_ID_EDGE_AFTER}")
    return pattern.sub(lambda m: wanted[m.group(1)], text)


def carry_map(
    pairs: Mapping[str, str], removed: list[str], previous_version: str
) -> dict[str, str]:
    """Old id -> what a table should say now: the new id of a paired entry, `id@version` for a
    removed one."""
    mapping = {a: b for a, b in pairs.items() if a != b}
    for entry_id in removed:
        mapping[entry_id] = f"{entry_id}@{previous_version}"
    return mapping


def redo_map(
    last_pairs: Mapping[str, str],
    last_removed: list[str],
    last_added: set[str],
    pairs: Mapping[str, str],
    removed: list[str],
    previous_version: str,
) -> dict[str, str]:
    """Tables already carried by an earlier run of the same edition -> carried by a new pairing
    (after a person settled proposals): the earlier run is taken back, then the new one applied,
    as one mapping over the ids the tables hold now."""
    forward = carry_map(pairs, removed, previous_version)
    back = {b: a for a, b in last_pairs.items() if a != b}
    back.update({f"{a}@{previous_version}": a for a in last_removed})
    mapping: dict[str, str] = {}
    for now, old in back.items():
        mapping[now] = forward.get(old, old)
    for old, new in forward.items():
        # An id no earlier pairing moved: it named the same entry in both editions, unless it
        # is a new entry's id (an entry the earlier run added), which stays what it is.
        if old not in back.values() and old not in last_added and old not in mapping:
            mapping[old] = new
    return mapping


@dataclass(frozen=True)
class LineEdit:
    """A source line written beside an id in a table, and where that text now starts."""

    file: str
    line: int  # the table's line holding `line: N`
    old: int
    new: int


def _words(text: str) -> str:
    return " ".join(fold(text).split())


def quote_line(entry: Entry, source_lines: list[str], quote: str) -> int | None:
    """The line of `entry`'s span in the (new) source where `quote` starts, or None when its
    first words are no longer there."""
    wanted = " ".join(_words(quote.split("[…]")[0]).split()[:6])
    start, end = entry.source.line_start, min(entry.source.line_end, len(source_lines))
    if not wanted:
        return None
    for number in range(start, end + 1):
        first = _words(source_lines[number - 1])
        position = _words(" ".join(source_lines[number - 1 : end])).find(wanted)
        if 0 <= position <= len(first):
            return number
    return None


def ruling_rows(text: str) -> list[dict[str, Any]]:
    """The {id, line, …} mappings of a scenario or accounting file, each with its lines
    (LINE_KEY, KEY_LINES), wherever they sit."""
    loader = LineLoader(text)
    try:
        data = loader.get_single_data()
    finally:
        loader.dispose()
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and isinstance(node.get("line"), int):
                found.append(node)
            for key, value in node.items():
                if key not in (LINE_KEY, KEY_LINES):
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return found


def set_lines(text: str, edits: list[tuple[int, int, int]]) -> str:
    """Rewrite `line: OLD` as `line: NEW` on the given table lines ((table line, old, new))."""
    lines = text.split("\n")
    for number, old, new in edits:
        index = number - 1
        lines[index] = re.sub(rf"(\bline:\s*){old}\b", rf"\g<1>{new}", lines[index], count=1)
    return "\n".join(lines)


def carry_rows(
    text: str,
    file: str,
    mapping: Mapping[str, str],
    entries: Mapping[str, Entry],
    source_lines: list[str],
    old_entries: Mapping[str, Entry],
) -> tuple[str, list[LineEdit]]:
    """In a scenario or accounting file: each row {id, line, quote?} names a ruling of the
    document by id and source line; its id follows the entry (`mapping`) and its `line` moves to
    where its quote (or its offset in the entry) now starts in the new source.  Only those rows
    change: the rest of a scenario (what the engine is expected to answer, ids included) is the
    engine's, and the worklist re-runs it."""
    try:
        rows = ruling_rows(text)
    except yaml.YAMLError:
        return text, []
    lines = text.split("\n")
    for row in rows:
        if row["id"] in mapping:
            index = row[KEY_LINES].get("id", row[LINE_KEY]) - 1
            lines[index] = rewrite_ids(lines[index], {row["id"]: mapping[row["id"]]})
            row["id"] = mapping[row["id"]]
    text = "\n".join(lines)
    edits: list[LineEdit] = []
    for row in rows:
        entry = entries.get(row["id"])
        if entry is None:
            continue
        old_line = row["line"]
        before = old_entries.get(row["id"])
        offset = old_line - before.source.line_start if before is not None else 0
        quote = row.get("quote") if isinstance(row.get("quote"), str) else ""
        new_line = quote_line(entry, source_lines, quote) if quote else None
        if new_line is None:  # no quote, or not found: the same place in the entry
            new_line = min(entry.source.line_start + max(offset, 0), entry.source.line_end)
        if new_line != old_line:
            edits.append(
                LineEdit(file, row[KEY_LINES].get("line", row[LINE_KEY]), old_line, new_line)
            )
    if not edits:
        return text, []
    return set_lines(text, [(e.line, e.old, e.new) for e in edits]), edits


# -- corrections ------------------------------------------------------------------------------

KEY = "<key>"  # in a pattern: the keys of the mapping reached so far
ANY = "*"  # in a pattern: every key or item


def correction_ids(data: Any, pattern: tuple[str, ...], at: tuple = ()) -> list[tuple[tuple, str]]:
    """(tree path, local id) of every value (or key, with KEY) of a corrections file that the
    importer's `CORRECTION_IDS` pattern says is an entry id."""
    if not pattern:
        return [(at, str(data))] if isinstance(data, (str, int, float)) else []
    head, rest = pattern[0], pattern[1:]
    if head == KEY:
        return [((*at, str(k)), str(k)) for k in data] if isinstance(data, dict) else []
    found: list[tuple[tuple, str]] = []
    if isinstance(data, dict):
        items = data.items() if head == ANY else [(head, data[head])] if head in data else []
        for key, value in items:
            found += correction_ids(value, rest, (*at, str(key)))
    elif isinstance(data, list) and head == ANY:
        for index, value in enumerate(data):
            found += correction_ids(value, rest, (*at, index))
    return found


def carry_corrections(
    text: str, path: str, patterns: list[tuple[str, ...]], mapping: Mapping[str, str]
) -> tuple[str, int]:
    """A corrections file with every entry id its importer declares (`patterns`) moved through
    `mapping` (old local id -> new local id), on its own line; the count of ids moved.  Printed
    text it quotes (a dangling reference's literal target, a word to fix) is never touched."""
    data, lines, problems = read_tree(text, path)
    if problems or not isinstance(data, dict) or not mapping:
        return text, 0
    by_line: dict[int, dict[str, str]] = {}
    for pattern in patterns:
        for where, local in correction_ids(data, pattern):
            new = mapping.get(local)
            line = lines.get(where)
            if new is not None and new != local and line is not None:
                by_line.setdefault(line, {})[local] = new
    rows = text.split("\n")
    for line, moves in by_line.items():
        # All of a line's ids at once: « refs: [6.1.e, 6.1.f] » when both move one step down.
        rows[line - 1] = rewrite_ids(rows[line - 1], moves)
    return "\n".join(rows), sum(len(moves) for moves in by_line.values())
