"""Wording quoted in a query: « ça veut dire quoi « rejoindre » une expédition »,
« 'vous pouvez payer X pour ...' ça s'appelle comment ».

A player who puts words between quotes is quoting what a card or the rules print; an entry
explaining that wording — titled by it, or quoting it in its text, as the rules quote a card's
wording to explain it — ranks higher (`weights.QUOTE_BONUS`, `rank.py`).

- Quotes: « … », “ … ”, " … ", and ' … ' or ‘ … ’ opening after a space (or at the start) and
  closing before a space, a punctuation mark or the end — an apostrophe inside a word
  (« l'effet », « c'est ») is no quote.
- Inside, the words are looked for as typed, accents aside, stop words included (« ne peut
  pas »), in a row whatever the punctuation between them; « ... » or « … » leaves the words
  either side apart (each side is looked for); a lone « x » or « n » stands for one to three
  words (« payer X pour » finds « payer [coût] pour »).
- At most MAX_QUOTED quotations of at most MAX_QUOTED_WORDS words each (a longer one is no
  card wording); a side of fewer than MIN_QUOTED_LETTERS letters is not looked for.

The browser reads them alike (`common.js` `quotedSides`, `quotedWording`; `rank.js` `prints`),
with this module's expressions and bounds from the index (`client_index._analysis_table`).
"""

from __future__ import annotations

import re
from itertools import islice
from typing import NamedTuple

from arbitre.search.analysis import fold

# One quotation; its words are in whichever group matched.  (Written in what Python and
# JavaScript regular expressions share: the browser compiles the same source.)
QUOTE = re.compile(
    r"(?:^|(?<=\s))(?:«\s*([^«»]+?)\s*»|“([^“”]+?)”|"
    + '"([^"]+?)"'
    + r"|['‘]([^\s'‘’][^‘]*?)['’](?=[\s,.;:!?)]|$))"
)
# What an entry's folded text puts between quotes.
PRINTED = re.compile(r"«([^»]*)»|“([^”]*)”|" + '"([^"]*)"')
ELLIPSIS = re.compile(r"\.\.\.|…")
WORD = re.compile(r"[a-z0-9]+")
PLACEHOLDERS = frozenset({"x", "n"})  # « payer X pour », « piocher N cartes »
PLACEHOLDER = r"\S+(?:\s+\S+){0,2}"  # what a placeholder stands for: one to three words
MAX_QUOTED = 3
MAX_QUOTED_WORDS = 12
MIN_QUOTED_LETTERS = 3


def quoted_sides(text: str) -> list[list[str]]:
    """The quoted words of a query, folded: one list per side of an ellipsis."""
    sides: list[list[str]] = []
    for match in islice(QUOTE.finditer(text), MAX_QUOTED):
        quotation = fold(next(group for group in match.groups() if group))
        words = WORD.findall(quotation)
        if not words or len(words) > MAX_QUOTED_WORDS:
            continue
        for side in ELLIPSIS.split(quotation):
            words = WORD.findall(side)
            if sum(len(w) for w in words if w not in PLACEHOLDERS) >= MIN_QUOTED_LETTERS:
                sides.append(words)
    return sides


def side_source(words: list[str]) -> str:
    """One side's words in a row, as a pattern of folded text (the browser builds the same)."""
    parts = [PLACEHOLDER if w in PLACEHOLDERS else w for w in words]  # (words: [a-z0-9]+)
    return "(?<![a-z0-9])" + "[^a-z0-9]+".join(parts) + "(?![a-z0-9])"


class Quoted(NamedTuple):
    """One side of a query's quoted wording: its folded words, and the pattern an entry
    explaining it matches in its `printed_wording`."""

    words: tuple[str, ...]
    pattern: re.Pattern[str]


def quoted_wording(text: str) -> list[Quoted]:
    """The query's quoted wording, read once for the ranking and for `explain`."""
    return [Quoted(tuple(words), re.compile(side_source(words))) for words in quoted_sides(text)]


def printed_wording(folded: str) -> str:
    """Where an entry prints wording as wording: its title, and what its text puts between
    quotes (« Elles sont écrites sous la forme « Vous pouvez payer [coût] pour [faire effet] » »).
    `folded`: its title and text as `postings.entry_folded` gives them, a line apart."""
    title, _, text = folded.partition("\n")
    return "\n".join([title, *(a or b or c for a, b, c in PRINTED.findall(text))])
