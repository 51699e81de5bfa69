"""The Spoils' short documents: the split into documents, the cover sheet and the fast intro;
and, for the intro and « Le combat expliqué » (combat.py), a document's title entry and its
paragraphs grouped under their headings.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arbitre.importers.text import slugify, unique_slug
from arbitre.importers.the_spoils.builder import Builder
from arbitre.importers.the_spoils.lines import (
    Line,
    flat,
    is_heading,
    markdown,
    para_text,
    paragraphs,
    source_paragraph,
)
from arbitre.kb.entry import Entry

COVER_HEADINGS = ("Contenu du document", "Révisions et contacts")


def split_documents(lines: list[Line], b: Builder) -> dict[str, list[Line]]:
    starts = {
        "intro": lambda t: t == "Introduction à The Spoils",
        "combat-explique": lambda t: t == "Le combat expliqué",
        "regles": lambda t: t == "Règles complètes",
        "faq": lambda t: re.match(r"FAQ v\d", t) is not None,
    }
    bounds = [("informations", 0)]
    for doc, test in starts.items():
        after = bounds[-1][1] + 1
        index = next((i for i in range(after, len(lines)) if test(lines[i].text)), None)
        if index is None:
            where = lines[after - 1].n if after - 1 < len(lines) else len(lines)
            raise b.fail(where, f"the title line of the document « {doc} » is missing after here")
        bounds.append((doc, index))
    bounds.append(("", len(lines)))
    return {doc: lines[a:b] for (doc, a), (_, b) in zip(bounds, bounds[1:], strict=False)}


def parse_cover(lines: list[Line], b: Builder) -> None:
    root = b.root("informations", lines)
    paras = paragraphs(lines[1:])
    # A bare URL line belongs to the bullet above it.
    merged: list[list[Line]] = []
    for para in paras:
        if merged and para[0].text.startswith("http"):
            merged[-1] = merged[-1] + para
        else:
            merged.append(para)
    groups = group_by_heading(merged, lambda p: para_text(p) in COVER_HEADINGS)
    for heading, content in groups:
        if heading is None:
            continue
        md = markdown(content, b.repairs.words)
        md = md.replace(  # the revision table lost its columns
            "Date Version Commentaire\n\n01/01/2014 1.0 Version initiale",
            "| Date | Version | Commentaire |\n|---|---|---|\n| 01/01/2014 | 1.0 | Version initiale |",
        )
        title = heading[0].text
        b.add(
            f"informations/{slugify(title)}",
            "informations",
            "section",
            md,
            heading + flat(content),
            title=title,
            parent=root.id,
        )


def group_by_heading(
    paras: list[list[Line]], heading: Callable[[list[Line]], bool] = is_heading
) -> list[tuple[list[Line] | None, list[list[Line]]]]:
    groups: list[tuple[list[Line] | None, list[list[Line]]]] = [(None, [])]
    for para in paras:
        if heading(para):
            groups.append((para, []))
        else:
            groups[-1][1].append(para)
    return groups


def root_and_paragraphs(doc: str, lines: list[Line], b: Builder) -> tuple[Entry, list[list[Line]]]:
    """The document's title entry, its text the « Source: » line when there is one, and the
    paragraphs after them."""
    source, source_lines, paras = source_paragraph(paragraphs(lines[1:]))
    return b.root(doc, lines, source, source_lines), paras


def parse_intro(lines: list[Line], b: Builder) -> None:
    doc = "intro"
    root, paras = root_and_paragraphs(doc, lines, b)
    taken: set[str] = set()
    for heading, content in group_by_heading(paras):
        if heading is None:
            continue
        title = heading[0].text
        local = f"{doc}/{unique_slug(slugify(title), taken)}"
        # « Exemple » over a lost card picture: an example entry of its own.
        at = next((i for i, p in enumerate(content) if para_text(p) == "Exemple"), None)
        own = content if at is None else content[:at]
        role = "front-matter" if heading is paras[0] else None
        section = b.add(
            local,
            doc,
            "section",
            markdown(own, b.repairs.words),
            heading + flat(own),
            title=title,
            parent=root.id,
            role=role,
        )
        if at is not None:
            example = content[at + 1 :]
            b.add(
                f"{local}/exemple",
                doc,
                "example",
                markdown(example, b.repairs.words),
                flat(content[at:]),
                title="Exemple",
                parent=section.id,
                notes=[
                    "L'illustration de la carte dont parle cet exemple est perdue dans la source."
                ],
            )
