"""The Spoils' source: the game, its current file, who wrote it, the sections of its corrections
and the six documents it holds.
"""

from __future__ import annotations

from arbitre.importers.corrections import ID, Record, Seq
from arbitre.kb.entry import DocumentInfo

GAME = "the-spoils"
TITLE = "The Spoils"
SHORT_TITLE = "The Spoils"  # the name the site's tabs and search messages use
SOURCE = "000_1954c37249931fef.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = "Ce document contient la traduction française des documents suivants: … (“The Spoils Comprehensive Rules Reference”) … http://www.thespoils.com/"

# The sections of content/the-spoils/corrections.yaml and their shapes.
CORRECTIONS = {
    "hyphens": {str: str},
    "text_fixes": {str: [Seq(str, str)]},
    "wrong_refs": [Record({"entry": ID, "target": ID, "intended": ID, "note": str})],
    "combat_explained": {str: [str]},
    "faq": [Record({"number": int, "question": str}, {"card": str, "rules": str})],
    "glossary": [
        Record(
            {"term": str, "defined_by": ID},
            {"aliases": [str], "english": str, "english_inferred": bool, "text": str},
        )
    ],
}

# The corrections that name entries (local ids), moved with their entry by `arbitre edition add`
# (edition/carry.py).  Not `combat_explained`: its quotes keep the numbering they were written
# against (a document not re-issued, kb/editions.py `read_in_numbering`).
CORRECTION_IDS = [
    ("wrong_refs", "*", "entry"),
    ("wrong_refs", "*", "intended"),
    ("glossary", "*", "defined_by"),
]
DOCUMENTS = [
    DocumentInfo("informations", "Informations relatives au document"),
    DocumentInfo("intro", "Introduction à The Spoils"),
    DocumentInfo("combat-explique", "Le combat expliqué"),
    DocumentInfo("regles", "Règles complètes"),
    DocumentInfo("faq", "FAQ v1.5 (mise à jour du 10 Mai 2011)"),  # its title line, as printed
    DocumentInfo("glossaire", "Glossaire"),
]
