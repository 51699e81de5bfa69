"""Ashes' paragraphs and text joining: the OCR's lines grouped into paragraphs, wrapped lines and
blocks cut by blank lines joined, bullets and their paragraphs, a part's heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitre.errors import SourceError
from arbitre.importers.text import fold

_FINAL = (".", "?", "!", ".)", "?)", "»")
_BULLET = re.compile(r"^[&<]\s+")
_MARKERS = (
    ("QTEXT", re.compile(r"^Q\s*:\s*\S")),
    ("QALONE", re.compile(r"^Q\s*:?\s*$")),
    ("RTEXT", re.compile(r"^R\s*:\s*\S")),
    ("RALONE", re.compile(r"^R\s*:?\s*$")),
    ("BARE", re.compile(r"^:\s*\S")),
    ("JUNK", re.compile(r"^[~|\-]+$")),
)


@dataclass
class _Para:
    """A run of non-blank physical lines; `start`/`end` are 1-based line numbers."""

    lines: list[tuple[int, str]]

    @property
    def start(self) -> int:
        return self.lines[0][0]

    @property
    def end(self) -> int:
        return self.lines[-1][0]

    @property
    def first(self) -> str:
        return self.lines[0][1]


def _paragraphs(
    lines: list[str], start: int, end: int, cut_at_markers: bool = False
) -> list[_Para]:
    """Paragraphs of lines[start:end] (0-based slice); optionally also cut before Q/R markers."""
    paras: list[_Para] = []
    current: list[tuple[int, str]] = []
    for index in range(start, end):
        line = lines[index].strip()
        if not line:
            if current:
                paras.append(_Para(current))
                current = []
            continue
        if current and cut_at_markers and _marker_kind(line) != "TEXT":
            paras.append(_Para(current))
            current = []
        current.append((index + 1, line))
    if current:
        paras.append(_Para(current))
    return paras


def _marker_kind(line: str) -> str:
    for kind, pattern in _MARKERS:
        if pattern.match(line):
            return kind
    return "TEXT"


def _join_wrapped(lines: list[str]) -> str:
    """One paragraph's wrapped lines as one line.  A line-end hyphen is a real one (« puis-je »,
    « est-ce »): the OCR never split a word by syllables, so it is kept and nothing is inserted."""
    out = ""
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if not out:
            out = line
        elif re.search(r"\w-$", out):
            out += line
        else:
            out += " " + line
    return out


def _join_blocks(blocks: list[str]) -> str:
    """Blocks separated by blank lines in the source.  A blank line that cuts a sentence (page
    or column break, OCR spacing) is joined back; a finished sentence followed by a capital
    starts a new Markdown paragraph."""
    out = ""
    for block in blocks:
        if not block:
            continue
        if not out:
            out = block
        elif out.endswith(_FINAL) and not block[0].islower():
            out += "\n\n" + block
        elif re.search(r"\w-$", out):
            out += block
        else:
            out += " " + block
    return out


def _bullet_groups(paras: list[_Para], path: str) -> list[list[_Para]]:
    """Each bullet (« & »/« < » read for « • ») with the paragraphs that follow it."""
    groups: list[list[_Para]] = []
    for para in paras:
        if _BULLET.match(para.first):
            first = _Para([(para.start, _BULLET.sub("", para.first))] + para.lines[1:])
            groups.append([first])
        elif groups:
            groups[-1].append(para)
        else:
            raise SourceError(path, para.start, "text before the first bullet (« & »)")
    return groups


def _part(stripped: list[str], heading: str, start: int, path: str) -> int:
    """The index of a part's heading line (from `start`), compared without case or accents (the
    OCR's « Dégats » may be printed right); a part missing is a SourceError."""
    for index in range(start, len(stripped)):
        if fold(stripped[index]) == fold(heading):
            return index
    raise SourceError(path, len(stripped), f"the part « {heading} » is missing")


def _find_parts(lines: list[str], path: str) -> tuple[int, int, int]:
    """The indexes of part B's heading line, of part C's, and of the publisher's footer that ends
    part C (a leaflet cut short ends at its last line: `len(lines)`)."""
    stripped = [line.strip() for line in lines]
    part_b = _part(stripped, "Dégats, jetons Blessures et Destruction", 1, path)
    part_c = _part(stripped, "Phase de préparation", part_b + 1, path)
    footer = next((i for i in range(part_c, len(lines)) if stripped[i].startswith("©")), len(lines))
    return part_b, part_c, footer
