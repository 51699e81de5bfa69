"""Altered's source: the game, its current file, who wrote it, the sections of its corrections
and its two documents.
"""

from __future__ import annotations

from arbitre.importers.corrections import ID, Record, Seq
from arbitre.kb.entry import DocumentInfo

GAME = "altered"
TITLE = "Altered"
SHORT_TITLE = "Altered"  # the name the site's tabs and search messages use
SOURCE = "004_a4ad29e5d149b07c.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = (
    "Ce document intègre la traduction des règles complètes mises à disposition par Equinox."
)

# The sections of content/altered/corrections.yaml and their shapes.
CORRECTIONS = {
    "missing_headings": {ID: str},
    "icons": {ID: str},
    "text_fixes": {str: [Seq(str, str)]},
    "labels": {str: str},
    "notes": {str: [str]},
    "unresolved_notes": {str: str},
    "glossary_end": str,
    "glossary": [
        Record(
            {"printed": str},
            {
                "title": str,
                "aliases": [str],
                "english": str,
                "english_inferred": bool,
                "role": str,
                "notes": [str],
                "parent": str,
                "refs": [ID],
            },
        )
    ],
    "faq_slugs": {str: str},
    "faq_notes": {str: [str]},
    "terms": [
        Record(
            {"title": str, "defined_by": ID},
            {
                "text_from": ID,
                "quote": str,
                "aliases": [str],
                "english": str,
                "english_inferred": bool,
            },
        )
    ],
}
# The corrections that name entries, moved with their entry by `arbitre edition add` when an
# edition renumbers it (edition/carry.py; "<key>": the mapping's keys).  Not `missing_headings`:
# its keys are the numbers printed without a title, which the importer reports when they change.
CORRECTION_IDS = [
    ("text_fixes", "<key>"),
    ("labels", "<key>"),
    ("notes", "<key>"),
    ("glossary", "*", "refs", "*"),
    ("terms", "*", "defined_by"),
    ("terms", "*", "text_from"),
]

DOC_RULES = "regles"
DOC_GLOSSARY = "glossaire"
DOCUMENTS = [
    DocumentInfo(DOC_RULES, "Règles complètes (traduction française)"),
    DocumentInfo(DOC_GLOSSARY, "Glossaire non officiel : termes, modes de jeu et FAQ"),
]
