"""Altered's rules: the front matter, then the numbered rules (« 1.1.1 … ») with their remarks
and examples, and the levels the page does not title.
"""

from __future__ import annotations

import re

from arbitre.errors import SourceError
from arbitre.importers.altered.drafts import _Draft, _gid, _parent_number
from arbitre.importers.altered.rendering import render_blocks
from arbitre.importers.altered.source import DOC_RULES
from arbitre.importers.corrections import Corrections
from arbitre.importers.text import unique_slug

# `1.1.1 Titre`, `1.1.1.a Texte`, `2.1.a Texte`, `2.2.12.cLa …` (glued), `1.3.2.d* …` (annotated).
# A numbered list item (`1. Texte`) has a single number and does not match.
NUMBER_RE = re.compile(r"^(?P<num>\d+(?:\.\d+)+)(?:\.(?P<letter>[a-z]))?(?P<star>\*)?(?=[ A-Z]|$)")
REMARK_RE = re.compile(r"^Remarque\s*:\s*")
EXAMPLE_RE = re.compile(r"^(?P<extra>\+\+)?Exemple\b\s*:?\s*")


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


class _RulesParser:
    def __init__(self, lines: list[str], corrections: Corrections, path: str) -> None:
        self.lines = lines
        self.path = path
        self.corr = corrections
        self.untitled: set[str] = set()  # the unprinted levels met
        self.drafts: list[_Draft] = []
        self.by_id: dict[str, _Draft] = {}
        self.taken: set[str] = set()

    def add(self, draft: _Draft) -> _Draft:
        if draft.id in self.by_id:
            raise SourceError(self.path, draft.line_start, f"a second entry {draft.id}")
        self.drafts.append(draft)
        self.by_id[draft.id] = draft
        self.taken.add(draft.id.split("/", 1)[1])
        return draft

    def ensure_section(self, number: str, line: int) -> None:
        """Create the unprinted levels above a numbered line (chapter 2, section 2.2, 7.1.1)."""
        if _gid(number) in self.by_id:
            return
        parent = _parent_number(number)
        if parent is not None:
            self.ensure_section(parent, line)
        titles = {str(k): v for k, v in self.corr.get("missing_headings", {}).items()}
        self.untitled.add(number)
        if number not in titles:
            why = f"level {number} (above line {line}) is not printed and has no title here"
            self.corr.stale("missing_headings", number, why)
        self.add(
            _Draft(
                id=_gid(number),
                kind="section",
                document=DOC_RULES,
                line_start=line,
                line_end=line,
                number=number,
                title=titles.get(number, number),
                parent=_gid(parent) if parent else None,
                printed=False,
                notes=[
                    "Niveau non imprimé dans la source ; titre reconstitué d'après le contexte."
                ],
            )
        )

    def aside_id(self, parent_id: str, suffix: str) -> str:
        return _gid(unique_slug(f"{parent_id.split('/', 1)[1]}-{suffix}", self.taken))

    def parse(self, start: int, end: int) -> list[_Draft]:
        """Lines [start, end) (0-based) hold the numbered rules."""
        last: _Draft | None = None  # the last heading or rule
        current: _Draft | None = None  # the entry whose body grows
        state = ""  # "heading", "rule", "aside", "precision"
        prev_blank = True
        for index in range(start, end):
            lineno, line = index + 1, self.lines[index].rstrip()
            if not line.strip():
                prev_blank = True
                if state == "precision" and current is not None:
                    current.body.append(None)
                continue
            match = NUMBER_RE.match(line)
            if match:
                last = current = self.numbered(match, line, lineno)
                state = "rule" if match["letter"] else "heading"
            elif REMARK_RE.match(line) or EXAMPLE_RE.match(line):
                if last is None:
                    raise SourceError(self.path, lineno, "a remark or example before any rule")
                current = self.aside(line, lineno, last)
                state = "aside"
            elif state == "rule" and not prev_blank and current is not None:
                current.body.append(line)
                current.line_end = lineno
            elif state == "precision" and current is not None:
                current.body.append(line)
                current.line_end = lineno
            else:
                if last is None:
                    raise SourceError(self.path, lineno, "text before any rule")
                current = self.precision(line, lineno, last, index, end)
                state = "precision"
            prev_blank = False
        return self.drafts

    def numbered(self, match: re.Match[str], line: str, lineno: int) -> _Draft:
        number = match["num"] + (f".{match['letter']}" if match["letter"] else "")
        rest = line[match.end() :].strip()
        parent = _parent_number(number)
        if parent is not None:
            self.ensure_section(parent, lineno)
        draft = _Draft(
            id=_gid(number),
            kind="rule" if match["letter"] else "section",
            document=DOC_RULES,
            line_start=lineno,
            line_end=lineno,
            number=number,
            parent=_gid(parent) if parent else None,
        )
        if match["letter"]:
            draft.body.append(rest)
        else:
            draft.title = rest
        return self.add(draft)

    def aside(self, line: str, lineno: int, last: _Draft) -> _Draft:
        remark = REMARK_RE.match(line)
        if remark:
            kind, title, suffix, official = "note", "Remarque", "remarque", True
            body = line[remark.end() :]
        else:
            example = EXAMPLE_RE.match(line)
            assert example is not None
            kind, title, suffix = "example", "Exemple", "exemple"
            official = not example["extra"]  # `++` marks the editor's additions
            body = line[example.end() :]
        return self.add(
            _Draft(
                id=self.aside_id(last.id, suffix),
                kind=kind,
                document=DOC_RULES,
                line_start=lineno,
                line_end=lineno,
                title=title,
                body=[_sentence_case(body.strip())],
                parent=last.id,
                official=official,
            )
        )

    def precision(self, line: str, lineno: int, last: _Draft, index: int, end: int) -> _Draft:
        """Unnumbered prose of the editor.  It continues the rule it follows when a sibling rule
        comes next; when a heading comes next it closes the block, so it belongs to that heading."""
        following = next(
            (m for m in (NUMBER_RE.match(x) for x in self.lines[index + 1 : end]) if m), None
        )
        if following is not None and following["letter"]:
            parent = last.id
        else:
            parent = last.id if last.kind == "section" else (last.parent or last.id)
        return self.add(
            _Draft(
                id=self.aside_id(parent, "precision"),
                kind="note",
                document=DOC_RULES,
                line_start=lineno,
                line_end=lineno,
                title="Précision non officielle",
                body=[line],
                parent=parent,
                official=False,
                role="commentary",
            )
        )


def _front_matter(lines: list[str], first_rule: int, path: str) -> _Draft:
    """The colour-code notice (`0.0.0 Code Couleur`): how to tell official from unofficial text."""
    start = next((i for i in range(first_rule) if lines[i].startswith("0.0.0")), None)
    if start is None:
        raise SourceError(path, first_rule + 1, "the colour code « 0.0.0 » is missing before here")
    body: list[str | None] = [x.strip() or None for x in lines[start + 1 : first_rule]]
    last = max(i for i in range(start, first_rule) if lines[i].strip())
    return _Draft(
        id=_gid("code-couleur"),
        kind="section",
        document=DOC_RULES,
        line_start=start + 1,
        line_end=last + 1,
        title=lines[start][len("0.0.0") :].strip().capitalize(),
        text=render_blocks(body),
        official=False,
        role="front-matter",
    )


def _close_unprinted(drafts: list[_Draft]) -> None:
    """An unprinted level spans the lines of everything under it."""
    by_id = {d.id: d for d in drafts}
    extent = {d.id: (d.line_start, d.line_end) for d in drafts}
    for draft in reversed(drafts):  # children come after their parent
        if draft.parent in extent:
            low, high = extent[draft.parent]
            start, end = extent[draft.id]
            extent[draft.parent] = (min(low, start), max(high, end))
    for draft_id, (start, end) in extent.items():
        draft = by_id[draft_id]
        if not draft.printed:
            draft.line_start, draft.line_end = start, end
