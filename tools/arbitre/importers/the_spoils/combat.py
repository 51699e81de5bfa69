"""The Spoils' « Le combat expliqué »: each heading read with its plan (`combat_explained` in the
corrections) as quoted rules, commentaries and translator remarks, or, when it has no plan or its
plan no longer fits, as a section's own text.
"""

from __future__ import annotations

import re

from arbitre.importers.text import slugify, unique_slug
from arbitre.importers.the_spoils.builder import Builder, body
from arbitre.importers.the_spoils.documents import group_by_heading, root_and_paragraphs
from arbitre.importers.the_spoils.lines import BULLETS, Line, flat, markdown, para_text
from arbitre.importers.the_spoils.rules import NDT_RE
from arbitre.importers.the_spoils.source import GAME
from arbitre.kb.entry import Entry

DOC = "combat-explique"
NOTE_LABEL_RE = re.compile(r"^(?:N[dD]T|Remarque)\s*:\s*")


def parse_combat(lines: list[Line], b: Builder, layout: dict[str, list[str]]) -> None:
    """Add the document's entries to `b`; `layout` holds the plans, by heading slug."""
    root, paras = root_and_paragraphs(DOC, lines, b)
    used: set[str] = set()
    for heading, content in group_by_heading(paras):
        if heading is None:
            continue
        slug = slugify(heading[0].text)
        blocks = bullet_blocks(content)
        plan = layout.get(slug)
        if plan is not None:
            used.add(slug)
            problem = plan_problem(plan, blocks)
            if problem:  # read as the section's own text
                b.corrections.stale("combat_explained", slug, problem)
                plan = None
        if plan is None:
            add_plain(b, root, slug, heading, content)
        else:
            add_planned(b, root, slug, heading, plan, blocks)
    why = "« Le combat expliqué » has no heading of this slug any more"
    b.corrections.stale_unused("combat_explained", used, why)


def bullet_blocks(content: list[list[Line]]) -> list[list[list[Line]]]:
    """A heading's paragraphs in blocks: bullets continue the paragraph that introduces them
    (l.440-450)."""
    blocks: list[list[list[Line]]] = []
    for para in content:
        if blocks and para[0].text[0] in BULLETS:
            blocks[-1].append(para)
        else:
            blocks.append([para])
    return blocks


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


def add_plain(
    b: Builder, root: Entry, slug: str, heading: list[Line], content: list[list[Line]]
) -> None:
    """A heading with no plan (préambule, diagram caption) or an unfit one: a section's own text."""
    lost = "Le diagramme est perdu dans la source ; seule sa légende subsiste."
    b.add(
        f"{DOC}/{slug}",
        DOC,
        "section",
        markdown(content, b.repairs.words),
        heading + flat(content),
        title=heading[0].text,
        parent=root.id,
        role="front-matter" if slug == "preambule" else None,
        notes=[lost] if slug.startswith("organigramme") else [],
    )


def add_planned(
    b: Builder,
    root: Entry,
    slug: str,
    heading: list[Line],
    plan: list[str],
    blocks: list[list[list[Line]]],
) -> None:
    """A heading with a plan that fits: an empty section, then one entry per item of the plan."""
    section = b.add(
        f"{DOC}/{slug}", DOC, "section", "", heading, title=heading[0].text, parent=root.id
    )
    quoted = [f"{GAME}/{p.split()[1]}" for p in plan if len(p.split()) == 2]
    taken: set[str] = set()
    for item, block in zip(plan, blocks, strict=True):
        kind, _, rule = item.partition(" ")
        if kind == "q":
            add_quote(b, section, slug, rule, block, taken)
        elif kind == "c":
            add_commentary(b, section, slug, quoted, block, taken)
        else:  # "n", a « Remarque: » (plan_problem checked the label)
            add_remark(b, section, block, taken)


def add_quote(
    b: Builder, section: Entry, slug: str, rule: str, block: list[list[Line]], taken: set[str]
) -> None:
    """A quoted rule (« q RULE »; « q » alone quotes a rule these CRR lack), and its inline
    translator remarks as notes."""
    local = section.local_id
    text, notes = body(block, b.repairs, f"{local}/citation")
    entry = b.add(
        f"{local}/{unique_slug('citation', taken)}",
        DOC,
        "rule",
        text,
        flat(block),
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


def add_commentary(
    b: Builder,
    section: Entry,
    slug: str,
    quoted: list[str],
    block: list[list[Line]],
    taken: set[str],
) -> None:
    """A commentary (« c »); it refers to every rule its heading's plan quotes (`quoted`)."""
    text = markdown(block, b.repairs.words)
    entry = b.add(
        f"{section.local_id}/{unique_slug('commentaire', taken)}",
        DOC,
        "note",
        text,
        flat(block),
        title="Note finale" if text.startswith("Note finale") else "Commentaire",
        parent=section.id,
        role="commentary",
    )
    b.extra_refs[entry.id] = quoted
    b.quoted_by[entry.id] = slug
    b.step_base[entry.id] = "609.1"


def add_remark(b: Builder, section: Entry, block: list[list[Line]], taken: set[str]) -> None:
    """A translator's remark (« n »), its « Remarque: » label cut off."""
    text = NOTE_LABEL_RE.sub("", markdown(block, b.repairs.words), count=1)
    b.add(
        f"{section.local_id}/{unique_slug('remarque', taken)}",
        DOC,
        "note",
        text,
        flat(block),
        title="Remarque du traducteur",
        parent=section.id,
        official=False,
    )
