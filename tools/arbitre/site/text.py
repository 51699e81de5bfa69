"""Entry text -> the Markdown a page shows: links inserted, HTML and attribute syntax escaped.

Entry text is already Markdown (lists, bold).  What could break a page is escaped instead:
a « < » that would open a tag, a « { » that attr_list would read as attributes, a heading line
that would cut the page's table of contents (shown as a bold paragraph instead).  Lists that
follow a line of text get the blank line Python-Markdown needs to see them as lists.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from arbitre.kb.terms import fold_with_positions, forbidden_spans
from arbitre.text import fold

_CODE_SPAN = re.compile(r"(`+)[\s\S]+?\1")
_AUTOLINK = re.compile(r"<(?:https?://|mailto:)[^>\s]+>")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_HEADING = re.compile(r"^[ ]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$")


@dataclass(frozen=True)
class Insert:
    """Replace text[start:end] by a link to `href` with a hover `title`."""

    start: int
    end: int
    href: str
    title: str = ""
    css: str = ""  # a class for the link (« arb-term » for glossary links)


def escape_inline(text: str) -> str:
    """Plain text (a title, a card name) made safe inside a Markdown paragraph or heading."""
    text = text.replace("\\", "\\\\")
    text = re.sub(r"([`*_\[\]{}#|])", r"\\\1", text)
    return text.replace("<", "&lt;").replace(">", "&gt;")


def escape_attribute(text: str) -> str:
    """Text for a double-quoted HTML attribute or Markdown link title."""
    return (
        text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def between(pattern: re.Pattern[str], text: str, change: Callable[[str], str]) -> str:
    """`text` with `change` applied to what lies between `pattern`'s matches (kept as found)."""
    out: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        out.append(change(text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(change(text[last:]))
    return "".join(out)


def _escape_segment(text: str) -> str:
    """Escape « < » (unless an autolink) and « { » outside code spans."""
    return between(_CODE_SPAN, text, _escape_plain)


def _escape_plain(text: str) -> str:
    return between(_AUTOLINK, text, lambda s: s.replace("<", "&lt;").replace("{", "\\{"))


def link(label: str, href: str, title: str = "", css: str = "") -> str:
    """A Markdown link whose label is already Markdown (attr_list adds the class)."""
    label = label.replace("[", "\\[").replace("]", "\\]")
    text = f'[{label}]({href} "{escape_attribute(title)}")' if title else f"[{label}]({href})"
    return text + (f"{{ .{css} }}" if css else "")


def number_spans(text: str, numbers: dict[str, str]) -> list[tuple[int, int, str]]:
    """First occurrence of each cited rule number printed in `text`: (start, end, target id).

    `numbers` maps a printed number (« 408.4 ») to the id it refers to.  A number never matches
    inside a longer one (« 408.4 » is not found in « 408.41 » or « 1408.4 ») nor inside a link or code.
    """
    if not numbers or not text:
        return []
    forbidden = forbidden_spans(text)
    found: list[tuple[int, int, str]] = []
    for number, target in sorted(numbers.items(), key=lambda kv: (-len(kv[0]), kv[0])):
        pattern = re.compile(r"(?<![\w.])" + re.escape(number) + r"(?![\w]|\.\w)")
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(s < end and start < e for s, e in forbidden):
                continue
            if any(s < end and start < e for s, e, _ in found):
                continue
            found.append((start, end, target))
            break
    return sorted(found)


def title_spans(text: str, titles: dict[str, str]) -> list[tuple[int, int, str]]:
    """First occurrence of each cited entry's title in `text` (« Voir aussi : Riposte X »).

    Matching folds case and accents, never inside a word, a link or code; titles shorter than
    three characters are ignored.
    """
    wanted = {fold(t).strip(): target for t, target in titles.items() if len(t.strip()) >= 3}
    if not wanted or not text:
        return []
    folded, positions = fold_with_positions(text)
    forbidden = forbidden_spans(text)
    found: list[tuple[int, int, str]] = []
    for title, target in sorted(wanted.items(), key=lambda kv: (-len(kv[0]), kv[0])):
        pattern = re.compile(r"(?<![\w-])" + re.escape(title) + r"(?![\w-])")
        for match in pattern.finditer(folded):
            start, end = positions[match.start()], positions[match.end()]
            if any(s < end and start < e for s, e in forbidden):
                continue
            if any(s < end and start < e for s, e, _ in found):
                continue
            found.append((start, end, target))
            break
    return sorted(found)


def render_text(text: str, inserts: list[Insert]) -> str:
    """The entry text as page Markdown, with `inserts` turned into links.

    Inserts must not overlap (the first one wins when they do).
    """
    out: list[str] = []
    last = 0
    for ins in sorted(inserts, key=lambda i: (i.start, -i.end)):
        if ins.start < last:
            continue
        out.append(_escape_segment(text[last : ins.start]))
        out.append(link(_escape_segment(text[ins.start : ins.end]), ins.href, ins.title, ins.css))
        last = ins.end
    out.append(_escape_segment(text[last:]))
    return _blocks("".join(out))


def _blocks(markdown: str) -> str:
    """Heading lines become bold paragraphs; a list right after a paragraph gets a blank line."""
    lines = markdown.strip("\n").split("\n")
    out: list[str] = []
    in_fence = False
    for line in lines:
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        if not in_fence:
            heading = _HEADING.match(line)
            if heading:
                if out and out[-1].strip():
                    out.append("")
                out.append(f"**{heading.group(1)}**")
                out.append("")
                continue
            if _LIST_ITEM.match(line) and out and out[-1].strip() and not _LIST_ITEM.match(out[-1]):
                # Only when the previous line is not itself a list line or its continuation.
                if not out[-1].startswith((" ", "\t")):
                    out.append("")
        out.append(line)
    return "\n".join(out).strip("\n")


def plain_excerpt(markdown: str, limit: int = 220) -> str:
    """A one-line plain-text excerpt (for hover titles): links unwrapped, emphasis removed."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[*_`]+", "", text)
    text = re.sub(r"^\s*(?:[-+]|\d+[.)])\s+", "", text, flags=re.MULTILINE)
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + " …"
