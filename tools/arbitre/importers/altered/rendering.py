"""Altered's text rendering: a draft's blocks to Markdown (lists, key-value lines, subheadings),
and the cleaner that restores what the scraping lost (icons, stray emphasis, text fixes).
"""

from __future__ import annotations

import re

from arbitre.importers.corrections import Corrections
from arbitre.importers.text import replace_words

ORDERED_ITEM_RE = re.compile(r"^\d+\.\s")
# Stray `>` emphasis markers: « >Deck> », « >Matin> » (127, 730).
STRAY_EMPHASIS_RE = re.compile(r">(\w[^>\s]*)>")
# A glossary line « Clé : valeur » (tournament structures, the Biome icon list).
KEY_VALUE_RE = re.compile(r"^[^\s:,][^:,]{0,50} : \S")


def render_blocks(lines: list[str | None], *, glossary: bool = False) -> str:
    """Source blocks -> Markdown.  Each source line is one block (the page has no wrapping).

    `•`, `- ` and `1. ` lines are list items; in the rules, unmarked lines that directly follow a
    line ending in « : » are the items of a list whose markers were lost (1.2.4.c, 2.2.4.a).  A `- `
    item under a numbered item is nested (Booster War).  In the glossary, « Clé : valeur » runs are
    lists and short unpunctuated lines are sub-headings (bold).
    """
    blocks: list[list[str]] = []
    current: list[str] | None = None  # the open list block
    implicit = False  # unmarked lines are list items (after a line ending in « : »)
    for raw in lines:
        if raw is None:
            current, implicit = None, False
            continue
        line = raw.strip()
        item: str | None = None
        if line.startswith("•"):
            item = "- " + line[1:].strip()
        elif ORDERED_ITEM_RE.match(line) or line.startswith("- "):
            item = line
        elif glossary and KEY_VALUE_RE.match(line) and not line.endswith(":"):
            item = "- " + line
        elif implicit and not glossary:
            item = "- " + line
        if item is not None:
            if current is None:
                current = []
                blocks.append(current)
            top_level = [i for i in current if not i.startswith(" ")]
            if item.startswith("- ") and top_level and ORDERED_ITEM_RE.match(top_level[-1]):
                item = "    " + item
            current.append(item)
            continue
        current = None
        if "](" in line:
            line = f"`{line}`"  # a syntax template, not a Markdown link (827)
        elif glossary and _is_subheading(line):
            line = f"**{line}**"
        blocks.append([line])
        implicit = line.endswith(":")
    return "\n\n".join("\n".join(block) for block in blocks)


def _is_subheading(line: str) -> bool:
    words = line.split()
    if len(words) > 10:
        return False
    return line.endswith(":") or not re.search(r"[.!?;,]$", line)


class _Cleaner:
    """Stray emphasis out, per-entry fixes in, icon alt-texts as words; remembers which icons
    matched and records a fix that does not match as stale."""

    def __init__(self, corr: Corrections) -> None:
        self.corr = corr
        self.icons: dict[str, str] = {str(k): v for k, v in corr.get("icons", {}).items()}
        self.used_icons: set[str] = set()

    def __call__(self, text: str, entry_id: str | None = None) -> str:
        text = STRAY_EMPHASIS_RE.sub(r"\1", text)
        fixes = self.corr.get("text_fixes", {}).get(entry_id, []) if entry_id else []
        for index, (old, new) in enumerate(fixes):
            if old not in text:
                why = f"« {old} » is not printed in {entry_id} any more"
                self.corr.stale("text_fixes", entry_id, why, at=(entry_id, index))
                continue
            text = text.replace(old, new)
        return replace_words(text, self.icons, self.used_icons)
