"""Ashes' source: the game, its current file, who wrote it, the sections of its corrections,
the one leaflet it prints and its parts.
"""

from __future__ import annotations

from arbitre.importers.corrections import Record
from arbitre.kb.entry import DocumentInfo

GAME = "ashes"
TITLE = "Ashes : Les Héritiers du Phénix"
SHORT_TITLE = "Ashes"  # the name the site's tabs and search messages use
SOURCE = "003_1b10cbaaa9eb9777.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = "© 2016 F2Z Entertainment Inc. Tous droits réservés … www.filosofiagames.com"

# The sections of content/ashes/corrections.yaml and their shapes.
CORRECTIONS = {
    "heading_levels": {str: int},
    "section_slugs": {str: str},
    "words": {str: str},
    "phrases": {str: str},
    "a_is_verb_before": [str],
    "verb_a": [str],
    "cards": {str: str},
    "notes": {str: [str]},
    "external_refs": {str: [Record({"target": str, "note": str})]},
    "glossary": [
        Record(
            {"term": str},
            {
                "aliases": [str],
                "english": str,
                "english_inferred": bool,
                "defined_by": str,
                "text": str,
            },
        )
    ],
}
# The corrections that name entries (local ids), moved with their entry by `arbitre edition add`
# when an edition renames or renumbers it (« faq/attaquer-1 » becomes « faq/attaquer-2 » when a
# question is inserted before it; edition/carry.py).
CORRECTION_IDS = [
    ("notes", "<key>"),
    ("external_refs", "<key>"),
    ("glossary", "*", "defined_by"),
]

DOCUMENT = "faq"
# One printed leaflet.  Glossary entries also belong to it (the writer puts them in
# glossary/ashes.yaml), so no empty « glossaire » document is declared.
DOCUMENTS = [DocumentInfo(DOCUMENT, "Clarifications et questions fréquentes")]

# Physical headings of the two first parts, as printed (OCR included).
PART_A = "Clarifications"
PART_B_ID = "degats"
