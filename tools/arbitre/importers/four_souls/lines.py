"""Four Souls' lines: the numbered lines of the paste, their texts, the reviewed corrections
relocated to them, and a line's rendering (translator notes, lists, a leading Markdown mark).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from arbitre.errors import SourceError
from arbitre.importers.corrections import Corrections, relocate
from arbitre.importers.text import normalize_chars
from arbitre.kb.entry import SourceSpan

CONTENT_LINE = re.compile(r"^  (\d+)\. ?(.*)$")
ROLL_ROW = re.compile(r"^\d+(?:-\d+)? : ")
NDT = re.compile(r"\(ndt : ([^)]*)\)")


@dataclass
class _Line:
    number: int  # the Pastebin number
    physical: int  # 1-based line of the file
    text: str  # prefix stripped, characters normalized, trimmed
    blank: bool


def _content_lines(text: str, path: str) -> list[_Line]:
    """The 728 numbered lines; everything else (Pastebin chrome) is dropped.  A number out of
    sequence is a SourceError (`path` names the source)."""
    lines: list[_Line] = []
    for physical, raw in enumerate(text.split("\n"), start=1):
        match = CONTENT_LINE.match(raw)
        if not match:
            continue
        body = normalize_chars(match.group(2)).strip()
        line = _Line(int(match.group(1)), physical, body, body == "")
        if line.number != len(lines) + 1:
            message = f"Pastebin line {line.number} where {len(lines) + 1} is expected"
            raise SourceError(path, physical, message)
        lines.append(line)
    if not lines:
        raise SourceError(
            path, 1, "no numbered line (« 1. … »): not the Pastebin copy of the rules"
        )
    return lines


def _texts(lines: list[_Line]) -> dict[int, str]:
    """Pastebin number -> text of every non-blank line (what line-keyed corrections name)."""
    return {line.number: line.text for line in lines if not line.blank}


def _relocated(
    corrections: Corrections, section: str, texts: dict[int, str], anchor: str
) -> list[tuple[int, int, dict[str, Any]]]:
    """(index in the section, line now, record) of each record of a line-keyed section whose
    line is found by its text (`anchor`: « heading », the whole line, or « starts »); the
    others are stale."""
    found = []
    for index, record in enumerate(corrections.get(section, [])):
        number, why = relocate(texts, record["line"], record[anchor], whole=anchor == "heading")
        if number is None:
            corrections.stale(section, record[anchor], why, at=(index,))
        else:
            found.append((index, number, record))
    return found


def _blank_runs(lines: list[_Line]) -> tuple[list[int], list[int]]:
    before = [0] * len(lines)
    after = [0] * len(lines)
    for i in range(1, len(lines)):
        before[i] = before[i - 1] + 1 if lines[i - 1].blank else 0
    for i in range(len(lines) - 2, -1, -1):
        after[i] = after[i + 1] + 1 if lines[i + 1].blank else 0
    return before, after


def _span(file: str, first: _Line, last: _Line | None = None) -> SourceSpan:
    return SourceSpan(file, first.physical, (last or first).physical)


def _mark_ndt(text: str) -> str:
    """Translator notes stay in the sentence, set in italics so a reader sees they are not
    the author's."""
    return NDT.sub(lambda m: f"*{m.group(0)}*", text)


def _escape_leading(text: str) -> str:
    """A paragraph must not start a Markdown list or emphasis by accident."""
    if text.startswith("*"):
        return "\\" + text
    if text.startswith("- "):
        return "— " + text[2:]
    return text


def _render_list(items: list[str], ordered: bool) -> str:
    rendered = []
    for n, item in enumerate(items, start=1):
        if re.match(r"^\d+\. ", item):
            rendered.append(item)
        elif ordered:
            rendered.append(f"{n}. {item}")
        else:
            rendered.append(f"- {item}")
    return "\n".join(rendered)
