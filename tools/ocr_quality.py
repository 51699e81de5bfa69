"""How damaged is a text?  The share of word tokens unknown to a French dictionary.

    .venv/bin/python tools/ocr_quality.py

Measures the Ashes OCR source before and after the importer's repairs, and, as the baseline of
a clean source, the Altered and Marvel Champions sources by the same count.

The count (one definition for every text):

* a token is a run of 3 or more letters: apostrophes, hyphens and digits split tokens, so
  « l'unité » counts « unité » and « puis-je » counts « puis »; a glued elision (« lordre »)
  stays one token, as does a glued pair of words (« Siune »);
* a token is unknown when its lower-case form is not in pyspellchecker's French word list
  (`SpellChecker(language="fr")`, pyspellchecker 0.8);
* tokens listed in `SET_ASIDE` for the game are not counted at all: proper nouns (people,
  places, companies, products), card, character, faction and ability names, and the game's own
  abbreviations.  Ordinary French words that the word list lacks (« défausse », « deck »,
  « lorsqu' », « jusqu' ») are NOT set aside: they are the floor that a clean source reaches.

For the repaired Ashes text, the titles and texts of the entries that `parse()` returns are
measured (glossary entries excluded: Arbitre wrote them, they are not repaired OCR).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

TOKEN = re.compile(r"[^\W\d_]{3,}")

SOURCES = {
    "ashes": ROOT / "content/ashes/sources/003_1b10cbaaa9eb9777.txt",
    "altered": ROOT / "content/altered/sources/004_a4ad29e5d149b07c.txt",
    "marvel-champions": ROOT / "content/marvel-champions/sources/001_96b8cc541908fb22.txt",
}

# Lower-case tokens set aside per game (see the module docstring for what qualifies).
SET_ASIDE = {
    "ashes": set(
        # card and ability names, characters
        "ancrenaute marteleuse boréalis méoni rhinoféros doreur doreurs automutilation "
        # the publisher's footer, the video reference
        "ashes filosofia filosofiagames www com info inc entertainment rigaud qc jop canada "
        "youtube rodney smith watch played".split()
    ),
    "altered": set(
        # the game, its publisher, factions, regions, characters and cards
        "altered equinox axiom bravos lyra muna mouna ordis yzmir ordisreprésente courve "
        "alice akesha taru kojo booda lindiwe maw subhash marmo brassbug camille tumult "
        "limbo leshautsplateaux ioamon discord "
        # the game's abbreviations
        "etb tcg".split()
    ),
    "marvel-champions": set(
        # the game, publishers, addresses
        "marvel ffg fantasy flight games lcg gamegenic gmbh edge entertainment asmodee "
        "jacqueline auriol villaroy guyancourt "
        # heroes, villains, characters, places and items of the Marvel universe
        "black panther norman osborn captain america hulk pepper potts steve rogers spider "
        "iron tigra strange rocket raccoon kree avenger avengers jennifer walters nova thor "
        "jarnbjorn widow ikonn hawkeye mockingbird loki rhino clint barton jessica drew badoon "
        "bruce banner peter parker wakanda vibranium greer grant nelson ultron sam alexander "
        "kang wasp quicksilver scarlet witch gabriel elias sbiro fist hex "
        # the game's abbreviations (ATQ, CTR, MNG, DEF, REC, MAX, ILLUS)
        "atq ctr mng def rec max illus iii".split()
    ),
}


def measure(text: str, set_aside: set[str], checker: object) -> tuple[int, int, Counter[str]]:
    """(unknown tokens, counted tokens, unknown forms) of `text`."""
    unknown: Counter[str] = Counter()
    total = 0
    for token in TOKEN.findall(text):
        word = token.lower()
        if word in set_aside:
            continue
        total += 1
        if word not in checker:  # type: ignore[operator]
            unknown[word] += 1
    return sum(unknown.values()), total, unknown


def repaired_ashes_text() -> str:
    from arbitre.importers import ashes
    from arbitre.importers.corrections import Corrections

    text = SOURCES["ashes"].read_text(encoding="utf-8")
    result = ashes.parse(text, corrections=Corrections.load(ROOT, "ashes"))
    return "\n\n".join(f"{e.title or ''}\n{e.text}" for e in result.entries if e.kind != "glossary")


def figures() -> dict[str, tuple[int, int, Counter[str]]]:
    from spellchecker import SpellChecker

    checker = SpellChecker(language="fr")
    texts = {
        "ashes (OCR brut)": (SOURCES["ashes"].read_text(encoding="utf-8"), "ashes"),
        "ashes (réparé)": (repaired_ashes_text(), "ashes"),
        "altered (brut)": (SOURCES["altered"].read_text(encoding="utf-8"), "altered"),
        "marvel-champions (brut)": (
            SOURCES["marvel-champions"].read_text(encoding="utf-8"),
            "marvel-champions",
        ),
    }
    return {label: measure(text, SET_ASIDE[game], checker) for label, (text, game) in texts.items()}


def main() -> None:
    print(f"{'texte':<26} {'inconnus':>8} {'mots':>6} {'part':>7}  les plus fréquents")
    for label, (unknown, total, forms) in figures().items():
        common = ", ".join(f"{w}×{n}" if n > 1 else w for w, n in forms.most_common(8))
        print(f"{label:<26} {unknown:>8} {total:>6} {100 * unknown / total:>6.2f} %  {common}")


if __name__ == "__main__":
    main()
