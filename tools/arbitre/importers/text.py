"""Text helpers shared by the importers.  Pure functions, no I/O except `load_corrections`."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

import yaml

from arbitre.text import fold

NBSP_LIKE = "\u00a0\u202f\u2007\u2009\u200a\ufeff"


def normalize_chars(text: str) -> str:
    """NBSP and narrow spaces to plain spaces, Greek question mark (U+037E) to a semicolon."""
    text = text.replace("\u037e", ";")
    for ch in NBSP_LIKE:
        text = text.replace(ch, " ")
    return text


def slugify(text: str) -> str:
    """A readable id segment: accents folded, lowercase, words joined by hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")
    return slug or "x"


def unique_slug(slug: str, taken: set[str]) -> str:
    """`slug`, or `slug-2`, `slug-3`… whichever is free; records the result in `taken`."""
    candidate, n = slug, 1
    while candidate in taken:
        n += 1
        candidate = f"{slug}-{n}"
    taken.add(candidate)
    return candidate


def join_lines(lines: list[str]) -> str:
    """Join wrapped lines of one paragraph with single spaces, collapsing runs of blanks.

    A line ending in a hyphen that joins a word split at the line end is NOT merged here:
    whether « puis- » + « sance » is one word is a per-document decision.
    """
    return re.sub(r"[ \t]+", " ", " ".join(line.strip() for line in lines if line.strip())).strip()


@cache
def load_corrections(game: str) -> dict[str, Any]:
    """The reviewed corrections table of one game (importers/corrections/<game>.yaml)."""
    ref = resources.files("arbitre.importers") / "corrections" / f"{game}.yaml"
    if not ref.is_file():
        return {}
    return yaml.safe_load(ref.read_text(encoding="utf-8")) or {}


def replace_words(text: str, table: dict[str, str]) -> str:
    """Replace whole words (never inside a longer word) according to `table`."""
    if not table:
        return text
    pattern = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
        + r")(?![\w-])"
    )
    return pattern.sub(lambda m: table[m.group(1)], text)
