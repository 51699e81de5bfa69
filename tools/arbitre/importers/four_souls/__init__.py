"""The Binding of Isaac: Four Souls, comprehensive rules 1.3, French translation (Pastebin).

The source is a saved Pastebin page: 12 lines of page chrome, then 728 numbered lines
(`  N. text`), then 4 lines of chrome.  There is no markup at all.

Reading the text
    * Only the lines matching `^  N. ` are content; the prefix is stripped once, anchored,
      so « 157. 1. Book of Sin » keeps its list number and « 580. 1 : … » its roll value.
    * A blank line is the prefix plus a lone NBSP.
    * Headings are bare short lines.  What marks them is the run of blank lines before:
      6 -> part (level 1), 4 or 3 -> level 2, 2 -> level 3.  Line 436 follows a footnote
      (0 blanks before, 4 after); the three turn phases (« 1. phase de démarrage ») and
      three annex sub-lists have no blank line at all and sit one level below the heading
      that encloses them.  Headings before the first part are promoted to parts.
      The 12 headings the source spaces wrongly get their level from the corrections file.
    * Every other line is one logical unit: a paragraph, a list item, a « Terme -
      définition » line, an erratum, a card clarification, an annex card line or a roll row.
      Where the unbulleted lists start and end is data (corrections `lists`).

Ids (stable; never renumber)
    * Parts: ``four-souls/<part>``; every deeper heading: ``four-souls/<part>/<slug>``
      (e.g. ``four-souls/comment-jouer/attaquer``); the tree is in `parent`.  Duplicate
      titles live in different parts (« Cartes trésor » 36 and 447).
    * Paragraphs without a name of their own (rules, examples, the conventions and annex
      introductions): ``<section id>/<n>``, n counting from 1 inside the section.
    * Named lines: ``<section id>/<card slug>`` for card clarifications, errata and annex
      card lines; ``four-souls/glossaire/<term slug>`` for glossary terms;
      ``<section id>/note-asterisque`` for the two asterisk footnotes; ``<entry id>/ndt``
      for a translator note.

Kinds and roles
    * headings -> ``section`` (the nine variants have role ``variant``); the monster-card
      field fragments (« vie » / « Réduire à 0 pour tuer ») and the two phase step lists
      that have no introducing sentence are the text of their section;
    * paragraphs -> ``rule``; lists are Markdown lists inside the rule that introduces
      them (numbered for procedures whose steps the text cites by number);
      « exemple de pile » (156-160) is a worked example inside the rules body, so it is an
      ``example`` like the nine of « Exemples »;
    * card rulings -> ``rule`` role ``clarification`` with `card`; errata -> ``errata``
      with `card`; variant bodies -> ``rule`` role ``variant``;
    * the Blank Card annex: one ``rule`` role ``list-item`` per card line, with `card`,
      roll tables and choices as Markdown lists.  These are the effects of Blank Card
      COPYING the card (already doubled), not the cards' own texts: the title says so;
    * glossary lines -> ``glossary``, plus a few terms the rules define elsewhere
      (corrections `extra_terms`, with `defined_by`; a definition written for Arbitre is
      ``official: false``, one quoted from the document is marked ``quoted: true``);
    * translator notes « (ndt : …) » stay in their sentence, in italics, and are also
      emitted as ``note`` entries with ``official: false`` (role ``commentary``), children
      of the entry they sit in; the two asterisk legends, the examples' conventions and
      the annex introduction are official ``note`` entries, and so is a paragraph among a
      glossary, errata or cards section's « Nom - texte » lines that corrections `paragraphs`
      names (without the row, such a line stops the import at its line, naming the row).

Cross-references « voir X » (also « Voir X. », split on « / », « , » and « et ») are
resolved against heading titles folded for case and accents, then through the
corrections' alias table; targets with no heading become `unresolved` warnings.

Corrections keyed to a line (content/four-souls/corrections.yaml) also say what the line
holds, and are looked up by it (`relocate`), so an edition that shifts the lines keeps them
on their line; a correction whose line, heading, term or card the source no longer prints is
skipped and recorded as stale.  Text the parser cannot place is a SourceError at its line.

The modules, in the order `parse` (below) runs them:

- source.py: the game, its current file, its authority, the document, the corrections' sections;
- lines.py: the paste's numbered lines, corrections relocated to them, a line's rendering;
- headings.py: which lines are headings, and their entry ids;
- builder.py: the entries under each heading (entries.py: how one is made); references.py:
  « voir » and editorial references;
- editions.py: the rules' edition.
"""

from __future__ import annotations

from arbitre.importers.corrections import Corrections
from arbitre.importers.four_souls.builder import _Builder
from arbitre.importers.four_souls.editions import _editions
from arbitre.importers.four_souls.lines import _content_lines
from arbitre.importers.four_souls.references import (
    _apply_editorial,
    _resolve_refs,
    find_voir_targets,
)
from arbitre.importers.four_souls.source import (
    AUTHORITY,
    AUTHORITY_QUOTE,
    CORRECTIONS,
    DOCUMENT,
    DOCUMENT_TITLE,
    GAME,
    SHORT_TITLE,
    SOURCE,
    TITLE,
)
from arbitre.importers.text import source_path
from arbitre.kb.entry import DocumentInfo, GameImport


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corrections = corrections.begin(CORRECTIONS)
    path = source_path(GAME, source_file)
    builder = _Builder(_content_lines(text, path), corrections, source_file, path)
    entries = builder.build()
    builder.report_unused()
    _resolve_refs(entries, builder.headings, corrections)
    _apply_editorial(builder, corrections)
    editions = _editions(text)
    version = f" {editions[DOCUMENT].version}" if editions else ""
    return GameImport(
        game=GAME,
        title=TITLE,
        source_file=source_file,
        documents=[DocumentInfo(DOCUMENT, DOCUMENT_TITLE.format(version=version))],
        entries=entries,
        document_editions=editions,
        stale_corrections=corrections.stale_corrections,
    )


__all__ = [
    "AUTHORITY",
    "AUTHORITY_QUOTE",
    "CORRECTIONS",
    "DOCUMENT",
    "DOCUMENT_TITLE",
    "GAME",
    "SHORT_TITLE",
    "SOURCE",
    "TITLE",
    "find_voir_targets",
    "parse",
]
