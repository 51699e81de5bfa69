"""Text helpers shared by the importers.  Pure functions, no I/O."""

from __future__ import annotations

import re

from arbitre.text import fold

NBSP_LIKE = "\u00a0\u202f\u2007\u2009\u200a\ufeff"
# Bold or italic words inside a line (« **GEANT** », « *Super Vitesse* »).
EMPHASIS = re.compile(r"(\*\*|\*|__)(\S(?:.*?\S)?)\1")


def normalize_chars(text: str) -> str:
    """NBSP and narrow spaces to plain spaces, Greek question mark (U+037E) to a semicolon."""
    text = text.replace("\u037e", ";")
    for ch in NBSP_LIKE:
        text = text.replace(ch, " ")
    return text


def plain_title(text: str) -> str:
    """Source text as an entry's title: plain text, as every title is printed (escaped, never
    read as Markdown), so the source's bold on a card's words keeps the words only (« sous
    forme de héros **GEANT** » -> « sous forme de héros GEANT »)."""
    return EMPHASIS.sub(r"\2", text)


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


def source_path(game: str, source_file: str) -> str:
    """A source file as messages name it (relative to the project root)."""
    return f"content/{game}/sources/{source_file}"


def replace_words(text: str, table: dict[str, str], used: set[str] | None = None) -> str:
    """Replace whole words (never inside a longer word) according to `table`; the keys that
    matched are added to `used` when it is given (a repair that matches nothing is stale)."""
    if not table:
        return text
    pattern = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
        + r")(?![\w-])"
    )

    def repl(m: re.Match[str]) -> str:
        if used is not None:
            used.add(m.group(1))
        return table[m.group(1)]

    return pattern.sub(repl, text)
