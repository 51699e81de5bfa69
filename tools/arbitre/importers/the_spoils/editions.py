"""The Spoils' editions: what the cover sheet says of each document's edition and of its own."""

from __future__ import annotations

import re

from arbitre.importers.the_spoils.lines import Line, paragraphs
from arbitre.kb.entry import DocumentEdition

# What the cover sheet says of each document's edition (the CRR « telles qu'elles sont écrites en
# date du 31 Décembre 2013 », « La FAQ v1.5 datée du 10 Mai 2011 »), and of its own (the last row
# of its revision table, « 01/01/2014 1.0 Version initiale »).
DATE_WORDS = r"(\d{1,2}) (\w+) (\d{4})"
CRR_EDITION = re.compile(r"telles qu'elles sont écrites en date du " + DATE_WORDS)
FAQ_EDITION = re.compile(r"La FAQ v(\d+(?:\.\d+)*) datée du " + DATE_WORDS)
REVISION_ROW = re.compile(r"^(\d{2})/(\d{2})/(\d{4}) (\d+(?:\.\d+)*) \S")
MONTHS = {
    name: n
    for n, names in enumerate(
        [
            ("janvier",),
            ("février", "fevrier"),
            ("mars",),
            ("avril",),
            ("mai",),
            ("juin",),
            ("juillet",),
            ("août", "aout"),
            ("septembre",),
            ("octobre",),
            ("novembre",),
            ("décembre", "decembre"),
        ],
        start=1,
    )
    for name in names
}


def editions(cover: list[Line]) -> dict[str, DocumentEdition]:
    """What the cover sheet says of the editions: of the CRR (« telles qu'elles sont écrites en
    date du 31 Décembre 2013 »), of the FAQ (« La FAQ v1.5 datée du 10 Mai 2011 »), and of this
    compilation (the last row of its revision table, « 01/01/2014 1.0 Version initiale »)."""
    found: dict[str, DocumentEdition] = {}
    for para in paragraphs(cover):
        # Where each character of the joined paragraph comes from, for the quote's line.
        text, starts = "", []
        for line in para:
            starts.append((len(text) + (1 if text else 0), line.n))
            text = f"{text} {line.text}" if text else line.text

        def line_of(offset: int, starts: list[tuple[int, int]] = starts) -> int:
            return max(n for start, n in starts if start <= offset)

        if m := CRR_EDITION.search(text):
            date = iso_date(m.group(1), m.group(2), m.group(3))
            found["regles"] = DocumentEdition(None, date, m.group(0), line_of(m.start()))
        if m := FAQ_EDITION.search(text):
            date = iso_date(m.group(2), m.group(3), m.group(4))
            found["faq"] = DocumentEdition(m.group(1), date, m.group(0), line_of(m.start()))
        for line in para:
            if m := REVISION_ROW.match(line.text):
                date = f"{m.group(3)}-{m.group(2)}-{m.group(1)}"
                found["informations"] = DocumentEdition(m.group(4), date, line.text, line.n)
    return found


def iso_date(day: str, month: str, year: str) -> str | None:
    """« 31 », « Décembre », « 2013 » -> « 2013-12-31 » (None for a month it cannot read)."""
    number = MONTHS.get(month.casefold())
    return f"{year}-{number:02d}-{int(day):02d}" if number else None
