"""Marvel Champions' parts: the guide cut at its known part headings, whatever their `#` level
(a part missing or out of place is a SourceError), and the alphabetical index's terms.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.errors import SourceError
from arbitre.importers.marvel_champions.source import GAME, SOURCE
from arbitre.importers.marvel_champions.text import APPENDIX, HEADING, INDEX_LINE
from arbitre.importers.text import normalize_chars, source_path

FRONT_SECTIONS = (
    "PRÉSENTATION GÉNÉRALE",
    "LES RÈGLES D'OR",
    "LA SOMBRE RÈGLE",
    "LIMITATION DU MATÉRIEL",
    "DÉROULEMENT D'UN ROUND",
)


@dataclass
class Heading:
    line: int
    level: int
    text: str  # as printed, icons included


@dataclass
class Part:
    name: str
    heading: Heading
    end: int  # last physical line of the part


def find_headings(raw: list[str]) -> list[Heading]:
    found = []
    for no, text in enumerate(raw, 1):
        m = HEADING.match(text)
        if m:
            found.append(Heading(no, len(m[1]), m[2]))
    return found


def find_parts(headings: list[Heading], total: int, path: str) -> list[Part]:
    """Cut the document at its known part headings, whatever their level; a part missing or out
    of place is a SourceError (`path` names the source)."""
    wanted = {"RÉSUMÉ DES CHANGEMENTS IMPORTANTS", "INDEX", "GLOSSAIRE", *FRONT_SECTIONS}
    starts = [h for h in headings if h.text in wanted or APPENDIX.match(h.text)]
    parts = []
    for i, h in enumerate(starts):
        end = (starts[i + 1].line - 1) if i + 1 < len(starts) else total
        m = APPENDIX.match(h.text)
        parts.append(Part(f"APPENDICE {m[1]}" if m else h.text, h, end))
    names = [p.name for p in parts]
    expected = [
        "RÉSUMÉ DES CHANGEMENTS IMPORTANTS",
        "INDEX",
        *FRONT_SECTIONS,
        "GLOSSAIRE",
        *(f"APPENDICE {r}" for r in ("I", "II", "III", "IV", "V")),
    ]
    for i, want in enumerate(expected):
        if i == len(parts):
            raise SourceError(path, total, f"the part « {want} » is missing")
        if names[i] != want:
            found = f"the part « {names[i]} »"
            line = parts[i].heading.line
            if want not in names:
                raise SourceError(path, line, f"the part « {want} » is missing before {found}")
            raise SourceError(path, line, f"{found} stands where « {want} » is expected")
    if len(parts) > len(expected):
        extra = parts[len(expected)]
        raise SourceError(path, extra.heading.line, f"the part « {extra.name} » is printed twice")
    return parts


def index_terms(text: str, source_file: str = SOURCE) -> list[tuple[str, int, int]]:
    """The alphabetical index: (term as printed, page, line).  Navigation only: not emitted."""
    raw = normalize_chars(text).split("\n")
    path = source_path(GAME, source_file)
    parts = {p.name: p for p in find_parts(find_headings(raw), len(raw), path)}
    index = parts["INDEX"]
    found = []
    for no in range(index.heading.line + 1, index.end + 1):
        m = INDEX_LINE.match(raw[no - 1])
        if m:
            found.append((m[1].strip(), int(m[2]), no))
    return found
