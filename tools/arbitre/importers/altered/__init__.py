"""Altered: a French translation of the comprehensive rules, then an unofficial glossary.

The source is a scraped web page (leshautsplateaux.ch/altered, CC BY-NC 4.0) that lost all its
formatting.  What the page still tells us, and how this parser uses it:

- Numbered lines (`1.1.1 Ce document`, `1.1.1.a …`, `2.2.12.cLa …`, `1.3.2.d* …`) are the official
  rules.  The number prefix is the only reliable boundary: blank lines are not (1.4.2–1.4.6 and
  7.2.x glue a heading to its rule; 30 rules follow each other with no blank).
- Levels the page never prints (the 7 chapters, 11 sections such as 1.1 or 7.3, and 7.1.1) become
  `section` entries with `printed: False` and a title from the corrections file.
- `Remarque :` and `Exemple :` lines are official but not rules (1.1.1.d): separate `note` and
  `example` entries whose parent is the rule they follow, so a search hit names them and the site
  shows them under their rule.  `++Exemple` blocks are the editor's additions: unofficial.
- Any other unnumbered prose in the rules is the editor's blue/red text: an unofficial `note`
  (role `commentary`), attached to the rule it continues, or to the heading whose block it closes.
- Everything after 7.5.5.c is the editor's glossary (unofficial).  Its headwords are listed in the
  corrections file (the page no longer tells them from sub-headings); question/answer pairs become
  `faq` entries, one per distinct question.
- Icon alt-texts left in the prose (`etb`, `forest`, `ordisreprésente`, `1yzmir`…) are rendered as
  bracketed French words (`[Entrée en jeu]`, `[Forêt]`…).

The reviewed data (content/altered/corrections.yaml) names entries by their number and glossary
headwords as printed.  An item that no longer matches the page (an entry or headword gone, a fix no
longer printed, an icon no longer left in the prose) is skipped and recorded as stale; a level the
page does not print and the table does not title gets its number as title and is reported too.
Text the parser cannot place (before the first rule) is a SourceError at its line.

The modules, in the order `parse` (below) runs them:

- source.py: the game, its current file, its authority, the corrections' sections, the documents;
- drafts.py: an entry being built and its id; rendering.py: blocks to Markdown, the cleaner;
- rules.py: the front matter and the numbered rules;
- glossary.py: the glossary, its questions and the terms the rules define;
- references.py: the numbers and names a text cites; editions.py: the documents' editions.
"""

from __future__ import annotations

from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.altered.drafts import _Draft
from arbitre.importers.altered.editions import _editions
from arbitre.importers.altered.glossary import (
    _faq_entries,
    _glossary_bodies,
    _parse_glossary,
    _terms,
)
from arbitre.importers.altered.references import _named_patterns, _resolve_refs
from arbitre.importers.altered.rendering import _Cleaner, render_blocks
from arbitre.importers.altered.rules import NUMBER_RE, _close_unprinted, _front_matter, _RulesParser
from arbitre.importers.altered.source import (
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
from arbitre.importers.text import normalize_chars, source_path
from arbitre.kb.entry import GameImport


def parse(text: str, *, corrections: Corrections, source_file: str = SOURCE) -> GameImport:
    corr = corrections.begin(CORRECTIONS)
    path = source_path(GAME, source_file)
    lines = normalize_chars(text).split("\n")
    clean = _Cleaner(corr)
    specs: list[dict[str, Any]] = corr.get("glossary", [])

    first_rule = next(
        (i for i, x in enumerate(lines) if NUMBER_RE.match(x) and not x.startswith("0.")), None
    )
    if first_rule is None:
        raise SourceError(path, len(lines), "no numbered rule (« 1.1.1 … ») in the page")
    bodies = _glossary_bodies(lines, corr, first_rule)
    glossary_start = bodies[0][2] if bodies else len(lines)

    drafts: list[_Draft] = [_front_matter(lines, first_rule, path)]
    rules = _RulesParser(lines, corr, path)
    drafts += rules.parse(first_rule, glossary_start)
    _close_unprinted(rules.drafts)
    why = "the page prints this level now, or no longer has it: no title is needed"
    corr.stale_unused("missing_headings", rules.untitled, why)

    plain = _label_rules(rules, corr, clean)

    glossary_drafts, questions = _parse_glossary(lines, bodies, clean, corr, set(rules.by_id))
    faq_drafts = _faq_entries(questions, corr)

    # Document order: each glossary entry, then its example, then the questions first asked there.
    ordered_glossary: list[_Draft] = []
    for draft in glossary_drafts:
        ordered_glossary.append(draft)
        ordered_glossary += [f for f in faq_drafts if f.parent == draft.id]
    term_drafts = _terms(corr, {d.id: d for d in drafts}, plain, {d.id for d in glossary_drafts})

    all_drafts = drafts + ordered_glossary + term_drafts
    _link(all_drafts, glossary_drafts, specs, corr)
    corr.stale_unused("icons", clean.used_icons, "the page no longer leaves this alt-text")
    return GameImport(
        game=GAME,
        title=TITLE,
        source_file=source_file,
        documents=list(DOCUMENTS),
        entries=[d.to_entry(source_file) for d in all_drafts],
        document_editions=_editions(lines, first_rule),
        stale_corrections=corr.stale_corrections,
    )


def _label_rules(rules: _RulesParser, corr: Corrections, clean: _Cleaner) -> dict[str, str]:
    """Each rule's text, cleaned, with the label the page lost restored as its title
    (`labels` corrections); returns the text without that label, for glossary summaries."""
    labels: dict[str, str] = dict(corr.get("labels", {}))
    for entry_id in sorted(labels.keys() - rules.by_id.keys()):
        corr.stale("labels", entry_id, f"no entry {entry_id} in this source")
    plain: dict[str, str] = {}  # rule text without its restored label, for glossary summaries
    for draft in rules.drafts:
        if draft.kind == "section":
            continue
        body = render_blocks(draft.body)
        label = labels.get(draft.id)
        if label and not body.startswith(label + " "):
            why = f"{draft.id} no longer starts with « {label} »"
            corr.stale("labels", draft.id, why)
            label = None
        if label:
            body = body[len(label) + 1 :]
            plain[draft.id] = clean(body, draft.id)
            draft.title = label
            body = f"**{label}** : {body}"
        draft.text = clean(body, draft.id)
        plain.setdefault(draft.id, draft.text)
    return plain


def _link(
    all_drafts: list[_Draft],
    glossary_drafts: list[_Draft],
    specs: list[dict[str, Any]],
    corr: Corrections,
) -> None:
    """Resolve every entry's printed references and glossary mentions, attach the editorial
    notes, and report the corrections that no longer apply."""
    ids = {d.id for d in all_drafts}
    by_id = {d.id: d for d in all_drafts}
    named = _named_patterns([d for d in glossary_drafts if d.kind == "glossary"], specs)
    used_notes: set[str] = set()
    for draft in all_drafts:
        if draft.kind == "glossary" and draft.defined_by:
            continue
        _resolve_refs(draft, ids, by_id, named, corr, used_notes)
    why = "no printed reference of this wording is unresolved any more"
    corr.stale_unused("unresolved_notes", used_notes, why)
    for local_id, notes in corr.get("notes", {}).items():
        if local_id not in by_id:
            corr.stale("notes", local_id, f"no entry {local_id} in this source")
            continue
        by_id[local_id].notes += corr.notes_that_hold("notes", local_id, notes, GAME, ids)
    for entry_id in sorted(corr.get("text_fixes", {}).keys() - ids):
        corr.stale("text_fixes", entry_id, f"no entry {entry_id} in this source")


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
