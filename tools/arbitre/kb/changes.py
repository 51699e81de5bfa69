"""What changed between two editions, entry by entry, and the word-level diff of a change.

`changes_between` compares two states of a game (id -> Entry) given which old entry is which
new one: entries added, removed, edited (title or text), moved (renamed or renumbered, and
whether the text changed too).  An entry whose text differs only because a rule it cites was
renumbered (« (609.1f) » became « (609.1g) » with that rule) is not an edit: it is reported
apart, as `renumbered`.  (What an edition stores is another thing: kb/editions.py `record`,
every entry whose data differ at all, which is what undoing it needs.)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from arbitre.kb.entry import Entry
from arbitre.kb.pairing import NUMBER_MENTION

SEMANTIC = ("added", "removed", "edited", "moved")
TOKEN = re.compile(r"\s+|\w+|[^\w\s]")


@dataclass(frozen=True)
class EntryChange:
    change: str  # added | removed | edited | moved | renumbered (cited numbers only)
    id: str  # the id in the newer edition (the old id when removed)
    old: Entry | None
    new: Entry | None
    from_id: str | None = None  # moved
    edited: bool = False  # moved: its text changed too (a new title is what a rename is)

    def title_diff(self) -> list[tuple[str, str]]:
        return word_diff(self.old.title if self.old else "", self.new.title if self.new else "")

    def text_diff(self) -> list[tuple[str, str]]:
        return word_diff(self.old.text if self.old else "", self.new.text if self.new else "")

    def to_dict(self, with_diff: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {"change": self.change, "id": self.id}
        if self.from_id is not None:
            data["from"] = self.from_id
        if self.change == "moved":
            data["edited"] = self.edited
        entry = self.new or self.old
        assert entry is not None
        data["number"] = entry.number
        data["title"] = entry.title
        if with_diff and self.change in ("edited", "moved", "renumbered"):
            data["diff"] = {
                "title": [list(op) for op in self.title_diff()],
                "text": [list(op) for op in self.text_diff()],
            }
        return data


def word_diff(
    a: str | None, b: str | None, token: re.Pattern[str] = TOKEN
) -> list[tuple[str, str]]:
    """[(op, text)] with op "=" kept, "-" removed, "+" inserted, on word and space tokens
    (`token`: how the texts are cut; the site keeps « 101.2 » and « tournez-la » whole)."""
    old, new = token.findall(a or ""), token.findall(b or "")
    ops: list[tuple[str, str]] = []

    def put(op: str, tokens: list[str]) -> None:
        if not tokens:
            return
        text = "".join(tokens)
        if ops and ops[-1][0] == op:
            ops[-1] = (op, ops[-1][1] + text)
        else:
            ops.append((op, text))

    for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            put("=", old[i1:i2])
        else:
            put("-", old[i1:i2])
            put("+", new[j1:j2])
    return ops


def render_word_diff(ops: list[tuple[str, str]]) -> str:
    """The diff as plain text: [-removed-]{+inserted+} (wdiff's notation)."""
    return "".join(
        text if op == "=" else (f"[-{text}-]" if op == "-" else f"{{+{text}+}}") for op, text in ops
    )


def renumber(text: str, numbers: Mapping[str, str]) -> str:
    """`text` with each rule number it cites replaced through `numbers` (old -> new), all at once."""
    if not numbers:
        return text
    return NUMBER_MENTION.sub(lambda m: numbers.get(m.group(0), m.group(0)), text)


def number_map(
    old: Mapping[str, Entry], new: Mapping[str, Entry], pairs: Mapping[str, str]
) -> dict[str, str]:
    """Printed number in the old edition -> printed number of the same entry in the new one."""
    found: dict[str, str] = {}
    for a, b in pairs.items():
        if a in old and b in new:
            x, y = old[a].number, new[b].number
            if x and y and x != y:
                found[x] = y
    return found


def changes_between(
    old: Mapping[str, Entry], new: Mapping[str, Entry], pairs: Mapping[str, str]
) -> list[EntryChange]:
    """Every entry-level change from `old` to `new` (both id -> Entry, in reading order), given
    `pairs` (old id -> new id for every entry that is the same in both), in the newer reading
    order, a removed entry where it stood."""
    numbers = number_map(old, new, pairs)
    found: list[tuple[float, EntryChange]] = []
    position = {entry_id: i for i, entry_id in enumerate(new)}
    reverse = {b: a for a, b in pairs.items()}
    for entry_id, entry in new.items():
        before_id = reverse.get(entry_id)
        if before_id is None or before_id not in old:
            found.append((position[entry_id], EntryChange("added", entry_id, None, entry)))
            continue
        before = old[before_id]
        same = (before.title, before.text) == (entry.title, entry.text)
        only_numbers = not same and (
            renumber(before.title or "", numbers),
            renumber(before.text, numbers),
        ) == (entry.title or "", entry.text)
        if before_id != entry_id:  # renamed or renumbered: `edited` says whether its text changed
            text_same = before.text == entry.text or renumber(before.text, numbers) == entry.text
            change = EntryChange("moved", entry_id, before, entry, before_id, edited=not text_same)
        elif only_numbers:
            change = EntryChange("renumbered", entry_id, before, entry)
        elif not same:
            change = EntryChange("edited", entry_id, before, entry)
        else:
            continue
        found.append((position[entry_id], change))
    anchor = -0.5
    for entry_id, entry in old.items():
        target = pairs.get(entry_id)
        if target is not None and target in position:
            anchor = position[target]
            continue
        found.append((anchor + 0.5, EntryChange("removed", entry_id, entry, None)))
    found.sort(key=lambda item: item[0])
    return [change for _, change in found]


def comparable(entry: Entry) -> dict[str, Any]:
    """An entry's data without its place in the source file, which shifts with every inserted
    line and says nothing about the entry itself."""
    data = entry.to_dict()
    data.pop("source", None)
    return data
