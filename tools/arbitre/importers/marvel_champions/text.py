"""Line-level text repair for the Marvel Champions importer (see __init__.py).

Pure functions: the guide's Markdown lines -> repaired lines -> normalized Markdown, plus the
« Voir » clause reader and the casing of titles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from arbitre.importers.text import replace_words

HEADING = re.compile(r"^(#{1,6}) +(.*?)\s*$")
OL = re.compile(r"^(\d+)\. +")
UL = re.compile(r"^- +")
# « **Voir aussi** : », « **Voir aussi :** », « **Voir** : », « **Voir :** ».
VOIR_LABEL = re.compile(r"\*\*(Voir(?: aussi)?)\s*(:?)\*\*\s*(:?)\s*")
VOIR_PROSE = re.compile(r"\(voir « ([^»]+) », page \d+\)")
PAGE_SUFFIX = re.compile(r"\s*\(p\. \d+\)$")
# An icon in parentheses after a heading: (☆) (★) (🚀) (→) (🧑)… and the boost icon lost as « (Y) ».
ICON = re.compile(r"\s*\((?:Y|[^()\w«»]+)\)")
SUBENTRY = re.compile(r"^\*\*([^*]+)\*\* — ")
QUESTION = re.compile(r"^\*\*Q\s*:\s*(?:\*\*)?\s*(.*?)\s*(?:\*\*)?$")
ANSWER = re.compile(r"^(?:\*\*R\s*:\*\*|R\s*:|A\s*:)\s*")
INDEX_LINE = re.compile(r"^(.*?)\s*\.{5}\t(\d+)$")
CARD_NUMBER = re.compile(r"^(.*?)\s*\(([^()]*\d[^()]*)\)$")
APPENDIX = re.compile(r"^APPENDICE (I|II|III|IV|V)\s*:\s*(.*)$")
TERMINAL = tuple(".:!?;»)")
SMALL_WORDS = {"de", "des", "du", "la", "le", "les", "à", "au", "aux", "en", "et", "pour", "sur"}

# --------------------------------------------------------------------------------------------
# Lines and text repair
# --------------------------------------------------------------------------------------------


@dataclass
class Line:
    """One non-blank physical line (or several, once a page-break split is joined)."""

    no: int
    end: int
    indent: int
    text: str


def name_key(text: str) -> str:
    """Case-insensitive comparison key for printed names (accents kept, spaces collapsed)."""
    return re.sub(r"\s+", " ", text.casefold()).strip()


def alias_key(text: str) -> str:
    """Key under which two aliases are the same: case and guillemets aside (accents count)."""
    return re.sub(r"\s+", " ", text.casefold().replace("«", "").replace("»", "")).strip()


def strip_icons(text: str) -> str:
    return re.sub(r"\s+", " ", ICON.sub("", text)).strip()


def sentence_case(text: str) -> str:
    """« ATTAQUE, ATTAQUER » -> « Attaque, attaquer »; keeps X, (Y), ATQ…, roman numerals, FAQ."""
    if text in {"ATQ", "CTR", "DEF", "MNG", "REC"}:
        return text
    low = text.lower()
    low = re.sub(r"(?<![\w'])x(?![\w'])", "X", low)
    low = low.replace("(y)", "(Y)").replace("faq", "FAQ")
    low = re.sub(r"^(appendice) (i{1,3}|iv|v)\b", lambda m: f"{m[1]} {m[2].upper()}", low)
    for i, ch in enumerate(low):
        if ch.isalpha():
            return low[:i] + ch.upper() + low[i + 1 :]
    return low


def title_case(text: str) -> str:
    """Card and product names: « PRIS DANS LA TOILE » -> « Pris Dans la Toile »-like casing."""

    def word(w: str, first: bool) -> str:
        if re.fullmatch(r"\d+\w*|[^\w]+", w):
            return w
        elided = re.match(r"^([dl])'(.+)$", w, re.IGNORECASE)
        if elided:
            head = elided[1].upper() if first else elided[1].lower()
            return head + "'" + word(elided[2], True)
        if not first and w.lower() in SMALL_WORDS:
            return w.lower()
        return "-".join("/".join(cap(p) for p in part.split("/")) for part in w.split("-"))

    def cap(p: str) -> str:
        low = p.lower()
        for i, ch in enumerate(low):
            if ch.isalpha():
                return low[:i] + ch.upper() + low[i + 1 :]
        return low

    return " ".join(word(w, i == 0) for i, w in enumerate(text.split()))


def voir_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of the targets of every « Voir » clause of a line.

    A label followed by its targets runs to the end of the line, or to the closing parenthesis
    when the clause is parenthesised (« (**Voir :** Utilisations (X « types »)) »); the FAQ's
    prose form is « (voir « X », page N) ».
    """
    spans: list[tuple[int, int, str]] = []
    for m in VOIR_LABEL.finditer(text):
        end = len(text)
        if m.start() > 0 and text[m.start() - 1] == "(":
            depth = 1
            for j in range(m.end(), len(text)):
                depth += (text[j] == "(") - (text[j] == ")")
                if depth == 0:
                    end = j
                    break
        spans.append((m.end(), end, text[m.end() : end]))
    for m in VOIR_PROSE.finditer(text):
        spans.append((m.start(1), m.end(1), m[1]))
    return sorted(spans)


def split_targets(text: str) -> list[str]:
    """« Attaque, Pouvoir de Base. » -> ['Attaque', 'Pouvoir de Base'] (commas at depth 0)."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".").strip()]


def voir_clauses(text: str) -> list[list[str]]:
    """The targets of every « Voir » clause of one line, as printed."""
    return [split_targets(targets) for _start, _end, targets in voir_spans(text)]


def repair_line(text: str, fixes: dict[str, str], used: set[str] | None = None) -> str:
    """Broken bold of appendices II/III, Voir labels, double spaces, typos outside Voir targets
    (the typos that matched are added to `used`)."""
    if text.count("**") % 2 == 1:  # « - 1. Choisir les identités.** … », « - Titre.** … »
        m = re.match(r"^- (\d+)\. (.+?)\*\* (.*)$", text)
        if m:
            text = f"{m[1]}. **{m[2]}** {m[3]}"
        elif m := re.match(r"^- ([^*]+?)\*\* (.*)$", text):
            text = f"- **{m[1]}** {m[2]}"
    text = VOIR_LABEL.sub(lambda m: f"**{m[1]} :** ", text)
    text = re.sub(r"(?<=\S) {2,}", " ", text)
    out, pos = [], 0
    for start, end, _targets in voir_spans(text):  # printed targets keep their spelling
        out += [replace_words(text[pos:start], fixes, used), text[start:end]]
        pos = end
    out.append(replace_words(text[pos:], fixes, used))
    return "".join(out)


def read_lines(
    raw: list[str], start: int, end: int, fixes: dict[str, str], used: set[str] | None = None
) -> list[Line]:
    """Non-blank lines of physical lines start..end (1-based, inclusive), repaired (the typos
    that matched are added to `used`)."""
    lines = []
    for no in range(start, end + 1):
        text = raw[no - 1].rstrip()
        if text.strip():
            indent = len(text) - len(text.lstrip(" "))
            lines.append(Line(no, no, indent, repair_line(text.strip(), fixes, used)))
    return lines


def join_page_breaks(lines: list[Line], raw: list[str]) -> tuple[list[Line], list[tuple[int, int]]]:
    """Merge a paragraph cut by a page break (no final punctuation, blank, lowercase continuation)."""
    out: list[Line] = []
    joins: list[tuple[int, int]] = []
    for line in lines:
        if out:
            prev = out[-1]
            gap = line.no > prev.end + 1 and all(
                not raw[n - 1].strip() for n in range(prev.end + 1, line.no)
            )
            tail = prev.text.rstrip("*").rstrip()
            starts = line.text[:1]
            if (
                gap
                and not tail.endswith(TERMINAL)
                and not HEADING.match(prev.text)
                and not OL.match(line.text)
                and not UL.match(line.text)
                and (starts.islower() or starts == "«")
            ):
                joins.append((prev.end, line.no))
                out[-1] = replace(prev, end=line.end, text=f"{prev.text} {line.text}")
                continue
        out.append(line)
    return out, joins


def is_caption(line: Line) -> bool:
    """Sidebar captions left as plain uppercase lines (« ICÔNES DE BOOST », « ICÔNE D'ÉTOILE »)."""
    t = line.text
    return (
        any(c.isalpha() for c in t)
        and t == t.upper()
        and not t.startswith(("*", "-", "«"))
        and not OL.match(t)
        and len(t.split()) >= 2
    )


def render(lines: list[Line]) -> str:
    """Markdown: paragraphs split by one blank line, lists tight, sub-bullets nested by 4 spaces.

    The source indents sub-bullets by 2 spaces (too few to nest under an ordered item) or not at
    all, and indents some ordered siblings by 2.  Bullets after an ordered item ending in « : »
    are its children until the next ordered item or paragraph; every other item is top level.
    """
    out: list[str] = []
    prev: str | None = None
    child_run = False
    ol_colon = False
    for line in lines:
        t = line.text
        kind = "ol" if OL.match(t) else "ul" if UL.match(t) else "para"
        if kind == "ul" and (child_run or (prev == "ol" and (ol_colon or line.indent > 0))):
            kind = "child"
        if kind == "ol":
            ol_colon = t.endswith(":")
        child_run = kind == "child"
        tight = (kind in ("ol", "child") and prev in ("ol", "child")) or (
            kind == "ul" and prev == "ul"
        )
        if prev is not None and not tight:
            out.append("")
        out.append(("    " if kind == "child" else "") + t)
        prev = kind
    return "\n".join(out)
