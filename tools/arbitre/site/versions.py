"""How the site names an edition, in French: « v1.5 », « édition du 31 décembre 2013 », and what
a document says of its own edition (« Guide de référence v1.4 », « FAQ v1.5 du 10 mai 2011 »).

A version that reads as a number is printed « v1.5 »; a version that is a date (the maintainer's
`--version 2013-12-31`, a dated rulebook) reads as that date.  A document's label comes from its
own words first (`Edition.documents`, recorded from the source: « VERSION 1.4 », « en date du 31
Décembre 2013 »), then from the edition that carries it; a first edition that prints neither a
version nor a date is « édition sans date » (Ashes).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass

from arbitre.kb.editions import Edition, History
from arbitre.kb.entry import DocumentEdition

MONTHS = (
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
)
DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
MONTH = re.compile(r"^(\d{4})-(\d{2})$")
# Where a document's title stops naming the work: a version, a date, a colon, a parenthesis.
NAME_END = re.compile(r"\s+(?:v?\d|\(|:|—)|\s*:")


def french_date(iso: str) -> str:
    """« 31 décembre 2013 », « 1er mai 2011 », « juin 2014 » (YYYY-MM); other text as it is."""
    day = DAY.match(iso)
    if day:
        year, month, number = int(day[1]), int(day[2]), int(day[3])
        if 1 <= month <= 12:
            return f"{'1er' if number == 1 else number} {MONTHS[month - 1]} {year}"
    found = MONTH.match(iso)
    if found and 1 <= int(found[2]) <= 12:
        return f"{MONTHS[int(found[2]) - 1]} {found[1]}"
    return iso


def is_date(version: str) -> bool:
    return bool(DAY.match(version) or MONTH.match(version))


def version_label(version: str) -> str:
    """« v1.5 »; a date-like version: « édition du 31 décembre 2013 », « édition de juin 2014 »."""
    if DAY.match(version):
        return f"édition du {french_date(version)}"
    if MONTH.match(version):
        return f"édition de {french_date(version)}"
    return f"v{version}" if version[:1].isdigit() else f"édition {version}"


def version_short(version: str) -> str:
    """How a badge or a heading names an edition: « v1.5 », « 31 décembre 2013 », « juin 2014 »."""
    if is_date(version):
        return french_date(version)
    return f"v{version}" if version[:1].isdigit() else version


def when(version: str) -> str:
    """« en v1.5 », « le 31 décembre 2013 », « en juin 2014 »: after « modifié », « retiré »."""
    if DAY.match(version):
        return f"le {french_date(version)}"
    return f"en {version_short(version)}"


def edition_label(edition: Edition) -> str:
    """An edition as the maintainer recorded it: « v1.5 du 1er décembre 2026 », « édition du 15
    juin 2014 » (its date said once when the version is that date)."""
    label = version_label(edition.version)
    if not edition.date:
        return label
    if is_date(edition.version):
        if edition.date.startswith(edition.version):
            return f"édition du {french_date(edition.date)}"
        return f"{label} ({french_date(edition.date)})"
    return f"{label} du {french_date(edition.date)}"


def printed_phrase(info: DocumentEdition) -> str:
    """What a document prints of its edition: « v1.5 du 10 mai 2011 », « v1.4 », « du 31
    décembre 2013 »."""
    parts = []
    if info.version:
        parts.append(f"v{info.version}" if info.version[:1].isdigit() else info.version)
    if info.date:
        parts.append(f"du {french_date(info.date)}")
    return " ".join(parts)


def work_name(title: str) -> str:
    """The work a document title names, without its version or subtitle: « Guide de référence
    v1.4 : règles générales » -> « Guide de référence », « FAQ v1.5 (mise à jour …) » -> « FAQ »."""
    cut = NAME_END.search(title)
    return (title[: cut.start()] if cut else title).strip() or title


@dataclass(frozen=True)
class DocumentLabel:
    """A document's edition as the site shows it."""

    text: str  # « Guide de référence v1.4 », « édition du 31 décembre 2013 »
    quote: str | None  # the document's own words, when it prints its edition
    version: str | None  # the edition of the source file that carries it


def edition_phrase(edition: Edition) -> str:
    """An edition after a document's name: « v1.5 du 1er décembre 2026 », « du 15 juin 2014 »."""
    parts = [] if is_date(edition.version) else [version_short(edition.version)]
    if edition.date:
        parts.append(f"du {french_date(edition.date)}")
    elif DAY.match(edition.version):
        parts.append(f"du {french_date(edition.version)}")
    elif MONTH.match(edition.version):
        parts.append(f"de {french_date(edition.version)}")
    return " ".join(parts)


_TOUCHED: weakref.WeakKeyDictionary[History, dict[int, set[str]]] = weakref.WeakKeyDictionary()


def _touches(history: History, index: int, doc: str) -> bool:
    """Whether edition `index` changed the words of document `doc` (an entry added, removed,
    edited or moved there; not a reference re-pointed, nor a cited number renumbered)."""
    touched = _TOUCHED.setdefault(history, {})
    if index not in touched:
        older, newer = history.editions[index - 1].version, history.editions[index].version
        touched[index] = {
            entry.document
            for change in history.diff(older, newer)
            if change.change != "renumbered"
            for entry in (change.old, change.new)
            if entry is not None
        }
    return doc in touched[index]


def document_label(history: History, documents: list[tuple[str, str]], doc: str) -> DocumentLabel:
    """The edition of document `doc` (`documents`: the game's (id, title) in reading order).

    The document's own words first: the latest edition that printed them, as long as no later
    edition changed the document (The Spoils' FAQ v1.5 of 2011 stays so in a new edition of its
    rules).  A document a later edition changed is named after what it printed before, with
    that edition's version and date (« Guide de référence v1.5 du 1er décembre 2026 »).
    Documents sharing one statement of the version the first one's title carries (Marvel
    Champions' « VERSION 1.4 » covers the whole reference guide) are named after that one."""
    editions = history.editions
    if not editions:
        return DocumentLabel("édition sans date", None, None)
    titles = dict(documents)

    def name_of(edition: Edition, info: DocumentEdition) -> str:
        # A statement whose version the first document's title carries is that work's: the
        # other documents it covers are its parts (« Guide de référence v1.4 » for the FAQ
        # appendix).  Otherwise each document is named after itself (Altered's rules and
        # glossary, both dated by the page's dictionary).
        sharing = [d for d, _ in documents if edition.documents.get(d) == info] or [doc]
        whole = sharing[0]
        if whole != doc and not (info.version and info.version in titles.get(whole, "")):
            whole = doc
        return work_name(titles.get(whole, doc))

    for index in range(len(editions) - 1, -1, -1):
        edition = editions[index]
        info = edition.documents.get(doc)
        if info is not None:
            text = f"{name_of(edition, info)} {printed_phrase(info)}".strip()
            return DocumentLabel(text, info.quote, edition.version)
        earlier = next((e for e in reversed(editions[:index]) if doc in e.documents), None)
        # The documents one statement covers are re-issued together.
        group = (
            [d for d, _ in documents if earlier.documents.get(d) == earlier.documents[doc]]
            if earlier is not None
            else [doc]
        )
        if index and any(_touches(history, index, d) for d in group):
            if earlier is None:
                return DocumentLabel(edition_label(edition), None, edition.version)
            name = name_of(earlier, earlier.documents[doc])
            return DocumentLabel(f"{name} {edition_phrase(edition)}", None, edition.version)
    first = editions[0]
    text = f"édition du {french_date(first.date)}" if first.date else "édition sans date"
    return DocumentLabel(text, None, first.version)


def source_label(history: History, documents: list[tuple[str, str]]) -> str:
    """The current edition of a game's source: the maintainer's version and date for an edition
    Arbitre added (« v1.5 du 1er décembre 2026 »); for the first, what the source prints: its
    date, else the first document's own edition (« Guide de référence v1.4 »), else « édition
    sans date »."""
    current = history.current
    if current is None:
        return "édition sans date"
    if current is not history.editions[0]:
        return edition_label(current)
    if current.date:
        return f"édition du {french_date(current.date)}"
    printed = next((d for d, _ in documents if d in current.documents), None)
    return document_label(history, documents, printed).text if printed else "édition sans date"
