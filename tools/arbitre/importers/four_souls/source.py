"""Four Souls' source: the game, its current file, who wrote it, its one document and the
sections of its corrections.
"""

from __future__ import annotations

from arbitre.importers.corrections import Either, Record

GAME = "four-souls"
TITLE = "The Binding of Isaac: Four Souls"
SHORT_TITLE = "Four Souls"  # the name the site's tabs and search messages use
SOURCE = "002_aee5ee047071c06f.txt"
# Who wrote the source: the publisher (possibly translated) or a player; in the source's own words.
AUTHORITY = "community"
AUTHORITY_QUOTE = "Bonjour, je m'appelle Jon (@jonzo11). Mon objectif était de créer des règles du jeu détaillées pour The Binding of Isaac: Four Souls. J'ai cherché les questions que les gens ont posées à Ed sur le jeu sur Twitter."
DOCUMENT = "regles"
# With the edition the paste's title prints (« Comprehensive Rules 1.3 »), when it prints one.
DOCUMENT_TITLE = "Règles complètes{version} (traduction française)"

# The sections of content/four-souls/corrections.yaml and their shapes.
CORRECTIONS = {
    "heading_levels": [Record({"line": int, "heading": str, "level": int})],
    "heading_slugs": [Record({"line": int, "heading": str, "slug": str})],
    "card_slugs": {str: str},
    "lists": [Record({"first": int, "from": str, "last": int, "to": str}, {"ordered": bool})],
    "voir_aliases": {str: Either(str, Record({"note": str}, {"intended": str}))},
    "unresolved": [
        Record({"line": int, "starts": str, "target": str, "note": str}, {"intended": str})
    ],
    "notes": [Record({"line": int, "starts": str, "notes": [str]})],
    "paragraphs": [Record({"line": int, "starts": str})],
    "glossary": {
        str: Record({"slug": str}, {"english": str, "english_inferred": bool, "aliases": [str]})
    },
    "extra_terms": [
        Record(
            {"term": str, "line": int, "starts": str, "slug": str, "text": str},
            {"english": str, "english_inferred": bool, "aliases": [str], "quoted": bool},
        )
    ],
}
