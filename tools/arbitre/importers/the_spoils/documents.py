"""The Spoils' short documents: the split into documents, the cover sheet, the fast intro and
« Le combat expliqué ».
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arbitre.importers.text import slugify, unique_slug
from arbitre.importers.the_spoils.builder import Builder, body
from arbitre.importers.the_spoils.lines import (
    BULLETS,
    Line,
    flat,
    is_heading,
    markdown,
    para_text,
    paragraphs,
    source_paragraph,
)
from arbitre.importers.the_spoils.rules import NDT_RE
from arbitre.importers.the_spoils.source import GAME

COVER_HEADINGS = ("Contenu du document", "Révisions et contacts")
NOTE_LABEL_RE = re.compile(r"^(?:N[dD]T|Remarque)\s*:\s*")


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


def parse_intro(lines: list[Line], b: Builder) -> None:
    doc = "intro"
    source, source_lines, paras = source_paragraph(paragraphs(lines[1:]))
    root = b.root(doc, lines, source, source_lines)
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


def plan_problem(plan: list[str], blocks: list[list[list[Line]]]) -> str | None:
    """Why a heading's plan (combat_explained) does not fit its paragraphs, or None."""
    if len(plan) != len(blocks):
        return f"the heading has {len(blocks)} paragraphs, the plan {len(plan)}"
    for n, (item, block) in enumerate(zip(plan, blocks, strict=True), start=1):
        kind, _, rule = item.partition(" ")
        if kind not in ("q", "c", "n") or (rule and (kind != "q" or " " in rule)):
            return f"item {n} « {item} » is not « q RULE », « q », « c » or « n »"
        if kind == "n" and not NDT_RE.match(para_text(block[0])):
            return f"paragraph {n} has no « Remarque: » label, the plan says « n »"
    return None


def parse_combat(lines: list[Line], b: Builder, layout: dict[str, list[str]]) -> None:
    doc = "combat-explique"
    source, source_lines, paras = source_paragraph(paragraphs(lines[1:]))
    root = b.root(doc, lines, source, source_lines)
    used: set[str] = set()
    for heading, content in group_by_heading(paras):
        if heading is None:
            continue
        title = heading[0].text
        slug = slugify(title)
        local = f"{doc}/{slug}"
        # Bullets continue the paragraph that introduces them (l.440-450).
        blocks: list[list[list[Line]]] = []
        for para in content:
            if blocks and para[0].text[0] in BULLETS:
                blocks[-1].append(para)
            else:
                blocks.append([para])
        plan = layout.get(slug)
        if plan is not None:
            used.add(slug)
            problem = plan_problem(plan, blocks)
            if problem:  # read as the section's own text
                b.corrections.stale("combat_explained", slug, problem)
                plan = None
        if plan is None:  # préambule, diagram caption: the section's own text
            role = "front-matter" if slug == "preambule" else None
            lost = "Le diagramme est perdu dans la source ; seule sa légende subsiste."
            b.add(
                local,
                doc,
                "section",
                markdown(content, b.repairs.words),
                heading + flat(content),
                title=title,
                parent=root.id,
                role=role,
                notes=[lost] if slug.startswith("organigramme") else [],
            )
            continue
        section = b.add(local, doc, "section", "", heading, title=title, parent=root.id)
        quoted = [f"{GAME}/{p.split()[1]}" for p in plan if len(p.split()) == 2]
        taken: set[str] = set()
        for item, block in zip(plan, blocks, strict=True):
            block_lines = flat(block)
            kind, _, rule = item.partition(" ")
            if kind == "q":
                text, notes = body(block, b.repairs, f"{local}/citation")
                entry = b.add(
                    f"{local}/{unique_slug('citation', taken)}",
                    doc,
                    "rule",
                    text,
                    block_lines,
                    title=f"Citation de la règle {rule}"
                    if rule
                    else "Citation d'une règle absente de ces règles complètes",
                    parent=section.id,
                    role="quote",
                    notes=[]
                    if rule
                    else [
                        "Cette règle citée n'a pas d'équivalent dans la traduction des règles "
                        "complètes ; 407.5a y renvoie sous le numéro 608.2."
                    ],
                )
                if rule:
                    b.extra_refs[entry.id] = [f"{GAME}/{rule}"]
                    b.quoted_by[entry.id] = slug
                b.step_base[entry.id] = "609.1"
                b.notes_for(entry, notes, f"la citation de la règle {rule}", "remarque")
            elif kind == "c":
                text = markdown(block, b.repairs.words)
                entry = b.add(
                    f"{local}/{unique_slug('commentaire', taken)}",
                    doc,
                    "note",
                    text,
                    block_lines,
                    title="Note finale" if text.startswith("Note finale") else "Commentaire",
                    parent=section.id,
                    role="commentary",
                )
                b.extra_refs[entry.id] = quoted
                b.quoted_by[entry.id] = slug
                b.step_base[entry.id] = "609.1"
            else:  # "n", a « Remarque: » (plan_problem checked the label)
                text = markdown(block, b.repairs.words)
                text = NOTE_LABEL_RE.sub("", text, count=1)
                b.add(
                    f"{local}/{unique_slug('remarque', taken)}",
                    doc,
                    "note",
                    text,
                    block_lines,
                    title="Remarque du traducteur",
                    parent=section.id,
                    official=False,
                )
    why = "« Le combat expliqué » has no heading of this slug any more"
    b.corrections.stale_unused("combat_explained", used, why)
