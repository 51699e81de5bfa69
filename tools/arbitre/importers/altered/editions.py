"""Altered's editions: what the page says of its documents' editions."""

from __future__ import annotations

import re

from arbitre.importers.altered.source import DOCUMENTS
from arbitre.kb.entry import DocumentEdition

# The page's banner: « Fichier JSON chargé : dictionary_2024-09-14_14-59-53.json », the dictionary
# the page was built from, dated: the edition of both documents.
DICTIONARY_RE = re.compile(r"\bdictionary_(\d{4})-(\d{2})-(\d{2})[\w-]*\.json\b")


def _editions(lines: list[str], first_rule: int) -> dict[str, DocumentEdition]:
    """The dictionary the page was loaded from, dated (« dictionary_2024-09-14_14-59-53.json »,
    in its banner above the rules): the edition of both documents."""
    for no, line in enumerate(lines[:first_rule], start=1):
        if m := DICTIONARY_RE.search(line):
            edition = DocumentEdition(None, f"{m[1]}-{m[2]}-{m[3]}", m[0], no)
            return {doc.id: edition for doc in DOCUMENTS}
    return {}
