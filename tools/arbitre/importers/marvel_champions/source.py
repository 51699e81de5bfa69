"""Marvel Champions' source: the game, its current file, who wrote it, its documents and the
sections of its corrections.
"""

from __future__ import annotations

from arbitre.importers.corrections import Record
from arbitre.kb.entry import DocumentInfo

GAME = "marvel-champions"
TITLE = "Marvel Champions"
SHORT_TITLE = "Marvel Champions"  # the name the site's tabs and search messages use
SOURCE = "001_96b8cc541908fb22.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "official"
AUTHORITY_QUOTE = "Adaptation française par Edge Entertainment."

# The first title names the edition the guide prints (« VERSION 1.4 »): see `documents`.
RULES_TITLE = "Guide de référence{version} : règles générales et appendices I à III"
DOCUMENTS = [
    DocumentInfo("regles", RULES_TITLE.format(version=" v1.4")),
    DocumentInfo("glossaire", "Glossaire"),
    DocumentInfo("faq", "Appendice IV : FAQ"),
    DocumentInfo("errata", "Appendice V : Errata"),
]

# The sections of content/marvel-champions/corrections.yaml and their shapes.
CORRECTIONS = {
    "heading_fixes": {str: str},
    "word_fixes": {str: str},
    "card_names": {str: str},
    "subentry_titles": {str: str},
    "redirect_landing": {str: str},
    "kept_redirects": [str],
    "summary_refs": [str],
    "voir_targets": {
        str: Record({"ids": [str]}, {"alias": bool, "unresolved": str, "override": bool})
    },
    "aliases": {str: [str]},
    "english": {str: str},
    "english_inferred": {str: str},
    "notes": {str: [str]},
    "diagram_note": str,
}
# The corrections that name entries (local ids): `arbitre edition add` moves them with their
# entry when an edition renames or renumbers it (edition/carry.py; "<key>": the mapping's keys).
CORRECTION_IDS = [
    ("aliases", "<key>"),
    ("english", "<key>"),
    ("english_inferred", "<key>"),
    ("notes", "<key>"),
    ("redirect_landing", "*"),
    ("summary_refs", "*"),
    ("voir_targets", "*", "ids", "*"),
]
