"""edition/carry.py's corrections rewrite: every id an importer declares follows its entry, on
its own line, comments and layout kept."""

from __future__ import annotations

from arbitre.edition.carry import carry_corrections
from arbitre.importers import importer_modules

TEXT = """\
# kept as written
notes:
  altered/7.3.5.a:  # a whole id as key
    - "Voir 7.3.5.a."
glossary:
  - printed: Aggro
    refs: [6.1.e, 6.1.f]
terms:
  - {title: Piocher, defined_by: 7.3.5, text_from: 7.3.5.a, english: Draw}
"""
PATTERNS = [("notes", "<key>"), ("glossary", "*", "refs", "*"), ("terms", "*", "text_from")]


def test_ids_on_one_line_move_together_and_prose_is_left_alone():
    mapping = {
        "6.1.e": "6.1.f",  # each id one step down: a one-by-one rewrite would write 6.1.g twice
        "6.1.f": "6.1.g",
        "7.3.5.a": "7.3.5.b",
        "altered/7.3.5.a": "altered/7.3.5.b",
    }
    text, moved = carry_corrections(TEXT, "corrections.yaml", PATTERNS, mapping)
    assert moved == 4
    assert text.split("\n") == [
        "# kept as written",
        "notes:",
        "  altered/7.3.5.b:  # a whole id as key",
        '    - "Voir 7.3.5.a."',  # a note's prose says what the source printed
        "glossary:",
        "  - printed: Aggro",
        "    refs: [6.1.f, 6.1.g]",
        "terms:",
        "  - {title: Piocher, defined_by: 7.3.5, text_from: 7.3.5.b, english: Draw}",
        "",
    ]


def test_nothing_to_move_leaves_the_text_as_it_was():
    assert carry_corrections(TEXT, "corrections.yaml", PATTERNS, {"9.9": "9.10"}) == (TEXT, 0)


def test_every_importer_whose_corrections_name_entries_declares_them():
    """An importer whose corrections name entries by id declares which (CORRECTION_IDS), or an
    edition renumbering them would leave the corrections on the wrong entry.  Four Souls keys
    its corrections by source line, which editions move otherwise."""
    declared = {game for game, m in importer_modules().items() if getattr(m, "CORRECTION_IDS", [])}
    assert declared == {"the-spoils", "marvel-champions", "altered", "ashes"}
