"""The dice a player typed without their accent: « combien de des je lance » is « combien de dés ».

« des » and « de » are stop words, never searched; « dés » and « dé », the dice Four Souls,
Ashes and Marvel Champions roll, are content words.  Typed on a phone without the accent, the
dice were dropped with the stop words (« jet de des four souls » searched « jet », « four »,
« souls »).  French grammar tells them apart where an article cannot follow the word before:
after « de », « les », « mes »…, « des » is « dés »; after « le », « du », « mon »…, « de » is
« dé ».  These two are the only words the rulebooks print whose form without accents is a
stop word, bar two words of the prose (folded: « dés » 98 times, « dé » 83; « dû » 6, « sûr »
2).  `Searcher.parse` reads every query so, as it reads a missing apostrophe (`elision.py`):
like the accents folded everywhere else, the reading is not reported as a correction.  The
browser does the same with this table (`client_index.py`, `reading.js`).
"""

from __future__ import annotations

import re

from arbitre.search.asking import as_typed
from arbitre.search.elision import WORD

# typed without its accent -> (the word meant, the words after which an article cannot come)
DICE: dict[str, tuple[str, frozenset[str]]] = {
    "des": ("dés", frozenset("de des les mes tes ses nos vos leurs ces aux du".split())),
    "de": ("dé", frozenset("le du au mon ton son ce chaque".split())),
}


def with_accents(text: str) -> str:
    """`text` with each « des » / « de » that follows (a space apart) a word no article can
    follow written « dés » / « dé », in the player's capitals."""
    out: list[str] = []
    cursor = 0
    before: re.Match[str] | None = None
    for match in WORD.finditer(text):
        typed = match.group(0)
        meant = DICE.get(typed.lower())
        if (
            meant is not None
            and before is not None
            and before.group(0).lower() in meant[1]
            and text[before.end() : match.start()].isspace()
        ):
            out += [text[cursor : match.start()], as_typed(meant[0], typed)]
            cursor = match.end()
        before = match
    return "".join(out) + text[cursor:] if out else text


def browser_table() -> dict[str, list]:
    """DICE for the browser: typed -> [meant, the words before, sorted]."""
    return {typed: [meant, sorted(before)] for typed, (meant, before) in DICE.items()}
