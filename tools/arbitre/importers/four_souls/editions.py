"""Four Souls' editions: what the paste's title says of the rules' edition."""

from __future__ import annotations

import re

from arbitre.importers.four_souls.lines import CONTENT_LINE
from arbitre.importers.four_souls.source import DOCUMENT
from arbitre.kb.entry import DocumentEdition

# « Four Souls - Comprehensive Rules 1.3 French Translation »: the paste's title.
EDITION = re.compile(r"\bComprehensive Rules (\d+(?:\.\d+)*)\b")


def _editions(text: str) -> dict[str, DocumentEdition]:
    """« Comprehensive Rules 1.3 » in the paste's title, before the numbered lines."""
    for no, raw in enumerate(text.split("\n"), start=1):
        if CONTENT_LINE.match(raw):
            break
        if match := EDITION.search(raw):
            return {DOCUMENT: DocumentEdition(match.group(1), None, raw.strip(), no)}
    return {}
