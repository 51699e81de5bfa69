"""One entry as a page shows it: the context the entry template renders (`entry_view`), its text
with glossary terms and cited entries linked (`entry_body`), « Cité par » grouped by kind of
citing entry, and the links to the worked examples that cite it.

Shared by every page that lists entries: the document and section pages (document_pages.py),
the glossary (glossary_pages.py); the worked examples name a cited entry as its heading does
(example_pages.py).  Pure, like pages.py.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre import urls
from arbitre.kb.entry import Entry
from arbitre.model.render import example_anchor
from arbitre.site.edition_views import entry_edition
from arbitre.site.examples import PROCEDURE_LABELS
from arbitre.site.rulings import rulings_view
from arbitre.site.shared import KIND_LABELS, SiteData, relative_link
from arbitre.site.text import (
    Insert,
    escape_inline,
    number_spans,
    render_text,
    title_spans,
)
from arbitre.text import fold

ROLE_LABELS = {
    "commentary": "commentaire",
    "quote": "citation",
    "clarification": "clarification",
    "variant": "variante",
    "step": "étape",
    "table": "tableau",
    "front-matter": "introduction",
    "redirect": "renvoi",
    "subentry": "sous-entrée",
}
# Entries shown as Material admonitions: kind -> admonition type.
ADMONITIONS = {"faq": "question", "example": "example", "errata": "warning", "note": "note"}


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order for French terms: accents, case and leading signs (« + », « ( »)
    ignored, then the text itself."""
    return (re.sub(r"^\W+", "", fold(text)), text)


# The emphasis a rulebook's text may put on its opening words (« **Repos** : … »).
EMPHASIS_MARKS = ("**", "__", "*", "_")


def repeated_title(entry: Entry) -> int:
    """Length of the text's opening that repeats the entry's title (« Application des dommages
    — Tous les… » under the title « Application des dommages », « **Repos** : Les… » under
    « Repos »), else 0: the title is printed once, in the entry's head."""
    if not entry.title or entry.kind != "rule":
        return 0
    mark = next((m for m in EMPHASIS_MARKS if entry.text.startswith(m)), "")
    start = len(mark)
    if not fold(entry.text[start:]).startswith(fold(entry.title)):
        return 0
    after = start + len(entry.title)
    if not entry.text.startswith(mark, after):
        return 0  # (« **Repos des** … »: the emphasis goes on past the title)
    rest = re.match(r"\s*[—–:.\-]+(?:\s+|$)", entry.text[after + len(mark) :])
    return after + len(mark) + rest.end() if rest else 0


def entry_body(data: SiteData, page: str, entry: Entry) -> str:
    """The entry's text with glossary terms and the entries it cites linked where they appear:
    a rule by its printed number, another entry by its title.  The links carry no hover text:
    the script previews the target (its definition, its text) from the game's data file."""
    kb = data.kb
    inserts: list[Insert] = []
    for span in data.spans.get(entry.id, []):
        term = kb.by_id[span.term]
        inserts.append(Insert(span.start, span.end, data.href(page, term.id), "", "arb-term"))
    cited = [kb.by_id[r] for r in entry.refs]
    numbers = {t.number: t.id for t in cited if t.number}
    titles = {t.title: t.id for t in cited if t.title and not t.number}
    spans = number_spans(entry.text, numbers) + title_spans(entry.text, titles)
    for start, end, target in sorted(spans):
        if any(i.start < end and start < i.end for i in inserts):
            continue
        inserts.append(Insert(start, end, data.href(page, target), "", "arb-ref"))
    skip = repeated_title(entry)
    if skip:
        inserts = [
            Insert(i.start - skip, i.end - skip, i.href, i.title, i.css)
            for i in inserts
            if i.start >= skip
        ]
    return render_text(entry.text[skip:], inserts)


def number_and_title(entry: Entry) -> str:
    """« 601 Commencer une Partie »; a title that already shows its number stands alone."""
    if entry.number and entry.title and entry.number in entry.title:
        return entry.title
    return " ".join(x for x in (entry.number, entry.title) if x)


def _box_title(entry: Entry) -> str:
    """The title line of an admonition: a question stands alone; « Note du traducteur » needs
    no « Note — » before it; otherwise the kind, then the number and title."""
    label = KIND_LABELS[entry.kind]
    head = number_and_title(entry)
    if entry.kind == "faq" and head:
        return head
    if head and entry.title and fold(label) in fold(entry.title):
        return head
    return f"{label} — {head}" if head else label


def _starts_paragraph(markdown: str) -> bool:
    first = markdown.lstrip().split("\n", 1)[0]
    return not re.match(r"(?:[-*+]|\d+[.)]|>|#|\||```|\s)", first)


def _depths(data: SiteData, entry: Entry) -> tuple[int, int]:
    """(sections above the entry in its document, its nesting below the nearest of them)."""
    ancestors = data.kb.ancestors(entry.id)
    same_doc = [a for a in ancestors if a.document == entry.document and a.game == entry.game]
    section_depth = sum(1 for a in same_doc if a.kind == "section")
    # Nesting below the nearest section: sub-rules and examples are indented under their rule.
    nested = 0
    for a in reversed(same_doc):
        if a.kind == "section":
            break
        nested += 1
    return section_depth, nested


def _badges(entry: Entry) -> list[str]:
    """The entry's role and « non officiel », as badges."""
    # The kind is already said by the admonition title or the page (glossary); roles are not.
    badges: list[str] = []
    if entry.role and entry.role in ROLE_LABELS:
        badges.append(ROLE_LABELS[entry.role])
    if not entry.official:
        badges.append("non officiel")
    return badges


def _inline_head(entry: Entry, body: str) -> bool:
    """Whether the number is printed at the start of the body's first paragraph."""
    # A rule without a title reads « 101.1 Text… » in one paragraph, like the printed rules.
    return bool(
        body
        and not entry.title
        and not entry.card
        and entry.kind not in ADMONITIONS
        and _starts_paragraph(body)
    )


def entry_view(data: SiteData, page: str, entry: Entry, heading_base: int) -> dict[str, Any]:
    """What the entry template needs for one entry on one page."""
    kb = data.kb
    section_depth, nested = _depths(data, entry)
    badges = _badges(entry)
    heading = number_and_title(entry)
    body = entry_body(data, page, entry) if entry.text.strip() else ""
    return {
        "id": entry.id,
        "anchor": urls.anchor(entry.id),
        "kind": entry.kind,
        "kind_label": KIND_LABELS[entry.kind],
        "box_title": escape_inline(_box_title(entry)),
        "admonition": ADMONITIONS.get(entry.kind),
        "badges": badges,
        "number": escape_inline(entry.number) if entry.number else None,
        "title": escape_inline(entry.title) if entry.title else None,
        "heading": escape_inline(heading or KIND_LABELS[entry.kind]),
        "heading_level": min(6, heading_base + section_depth),
        "nested": min(nested, 3),
        "card": escape_inline(entry.card) if entry.card else None,
        "body": body,
        "inline_head": _inline_head(entry, body),
        "refs": [data.link_view(page, r, entry) for r in entry.refs],
        # A term citing the entry that defines it is listed once, under « Termes définis ».
        "cited_by": cited_by_groups(
            data,
            page,
            entry,
            [c for c in kb.cited_by(entry.id) if c not in data.defines.get(entry.id, [])],
        ),
        "examples": example_links(data, page, entry.id),
        "rulings_block": rulings_view(data, page, entry),
        "edition": entry_edition(data, page, entry),
        # Terms this entry defines, unless the page lists them itself (the glossary page).
        "defines": [
            data.link_view(page, t, entry)
            for t in data.defines.get(entry.id, [])
            if data.page_of(kb.by_id[t]) != page
        ],
        # Source lines and unresolved references are the maintainer's: the script shows them
        # in the entry's « Source » disclosure, from the game's data file (site/data.py).
        "notes": [escape_inline(n) for n in entry.notes],
    }


# « Cité par », one group per kind of citing entry, in this order.
CITED_BY_GROUPS = ("règles", "FAQ et errata", "glossaire", "commentaires")


def citing_group(entry: Entry) -> str:
    if entry.role in ("commentary", "quote") or entry.kind in ("note", "example"):
        return "commentaires"
    if entry.kind in ("faq", "errata"):
        return "FAQ et errata"
    if entry.kind == "glossary":
        return "glossaire"
    return "règles"


def cited_by_groups(
    data: SiteData, page: str, entry: Entry, citing: list[str]
) -> list[dict[str, Any]]:
    """The entries citing `entry`, grouped (rules, FAQ and errata, glossary, commentary)."""
    groups: dict[str, list[dict[str, str]]] = {}
    for cid in citing:
        groups.setdefault(citing_group(data.kb.by_id[cid]), []).append(
            data.link_view(page, cid, entry)
        )
    return [{"label": g, "links": groups[g]} for g in CITED_BY_GROUPS if g in groups]


def entries_context(
    data: SiteData, page: str, entries: list[Entry], heading_base: int
) -> list[dict[str, Any]]:
    views = [entry_view(data, page, e, heading_base) for e in entries]
    return views


def example_links(data: SiteData, page: str, entry_id: str) -> list[dict[str, str]]:
    """Links to the worked examples that cite an entry (« Exemples commentés : »)."""
    return [
        {
            # « Vitesse 0 » for « Vitesse 0 : le personnage inflige ses dommages, en dernier »;
            # the whole title is the hover text.
            "label": escape_inline(trace.title.split(" : ", 1)[0]),
            "href": relative_link(page, urls.examples_page(trace.game), example_anchor(trace)),
            "title": f"{trace.title} — exemple commenté "
            f"({PROCEDURE_LABELS.get(trace.procedure, trace.procedure)})",
        }
        for trace in data.citing.get(entry_id, [])
    ]
