"""Ashes: Les Héritiers du Phénix — the French clarifications and FAQ leaflet (OCR-damaged).

The source is an OCR of a printed leaflet: three parts with no markup at all.

* « Clarifications » (6 bullets) and « Dégâts, jetons Blessures et Destruction » (5 bullets; the
  4th introduces the damage-and-destruction process: two entry-point rules, steps 1, 1b, 2, 2b, 3,
  3b and two rules about triggers between steps).
* 57 Q/R pairs under 21 topic headings whose markers are damaged: bare « : » for a lost « Q »
  or « R », « Q: »/« R: » hoisted above both texts, a stray « R » inside a question, « ~ » junk,
  an answer with no marker, an answer cut by a page break.  The pairs are recovered by a state
  machine whose one invariant is that every question ends with « ? ».

OCR repair is code (apostrophes read as « [ », « I' » or lost, « I »/« | » for « 1 », bullets read
as « & »/« < », hyphenated line ends, sentences cut by blank lines, « a » for the preposition
« à ») plus the reviewed tables of content/ashes/corrections.yaml (words, phrases, heading levels,
card names, notes, glossary).  A table entry only ever matches a form that is wrong in French, or an
exact phrase, so a word that was right is never changed.  One that no longer matches anything (the
publisher printed the word right), or names an entry or heading that is gone, is skipped and
recorded as stale; a heading with no level in the table is read as a topic, and says so.  Text the
parser cannot place (an answer before its question, text before the first bullet) is a SourceError.

The leaflet prints no version or date of its own: its « © 2016 F2Z Entertainment Inc. » is a
copyright year, not an edition, so `document_editions` is empty.

The modules, in the order `parse` (below) runs them:

- source.py: the game, its current file, its authority, the corrections' sections, the leaflet;
- paragraphs.py: paragraphs, joined lines and blocks, bullets, the parts' headings;
- repair.py: the OCR repair and its reviewed tables; pairs.py: the Q/R recovery;
- parts.py: the entry builder, and the readers of the three parts (on the modules above);
- reviewed.py: per-entry data and the glossary; references.py: the steps a text cites.
"""

from __future__ import annotations

from arbitre.importers.ashes.paragraphs import _find_parts
from arbitre.importers.ashes.parts import _Builder, _read_clarifications, _read_damage, _read_faq
from arbitre.importers.ashes.references import _link_refs
from arbitre.importers.ashes.repair import _check_tables_used, _Repairer
from arbitre.importers.ashes.reviewed import _apply_reviewed, _glossary
from arbitre.importers.ashes.source import (
    AUTHORITY,
    AUTHORITY_QUOTE,
    CORRECTION_IDS,
    CORRECTIONS,
    DOCUMENTS,
    GAME,
    SHORT_TITLE,
    SOURCE,
    TITLE,
)
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import source_path
from arbitre.kb.entry import GameImport


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    """The leaflet's entries: its three parts, then the reviewed per-entry data, the glossary and
    the references between entries; a correction that no longer holds is recorded as stale."""
    corrections = corrections.begin(CORRECTIONS)
    path = source_path(GAME, source_file)
    repair = _Repairer(corrections)
    lines = text.split("\n")
    part_b, part_c, footer = _find_parts(lines, path)
    b = _Builder(source_file, path, repair)
    _read_clarifications(b, lines, part_b)
    _read_damage(b, lines, part_b, part_c)
    _read_faq(b, corrections, lines, part_c, footer)
    entries = b.entries
    _apply_reviewed(corrections, entries)
    entries.extend(_glossary(corrections, entries))
    _link_refs(entries)
    _check_tables_used(repair, corrections)
    return GameImport(
        GAME,
        TITLE,
        source_file,
        list(DOCUMENTS),
        entries,
        stale_corrections=corrections.stale_corrections,
    )


__all__ = [
    "AUTHORITY",
    "AUTHORITY_QUOTE",
    "CORRECTIONS",
    "CORRECTION_IDS",
    "DOCUMENTS",
    "GAME",
    "SHORT_TITLE",
    "SOURCE",
    "TITLE",
    "parse",
]
