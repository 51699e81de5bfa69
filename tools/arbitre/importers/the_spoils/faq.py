"""The Spoils' FAQ v1.5: its questions and answers, and the cards and rules each one is about
(reviewed data).
"""

from __future__ import annotations

from arbitre.importers.corrections import relocate
from arbitre.importers.the_spoils.builder import Builder, body
from arbitre.importers.the_spoils.lines import Line, flat, para_text, paragraphs, source_paragraph
from arbitre.importers.the_spoils.source import GAME


def parse_faq(lines: list[Line], b: Builder) -> None:
    doc = "faq"
    source, source_lines, paras = source_paragraph(paragraphs(lines[1:]))
    root = b.root(doc, lines, source, source_lines)
    pairs: list[tuple[list[Line], list[list[Line]]]] = []
    for para in paras:
        if para_text(para).endswith("?"):
            pairs.append((para, []))
        elif pairs:
            pairs[-1][1].append(para)
        else:
            raise b.fail(para[0].n, "FAQ text before the first question (« …? »)")
    about = faq_data(b, {n: para_text(q) for n, (q, _) in enumerate(pairs, start=1)})
    for number, (question, answer) in enumerate(pairs, start=1):
        local = f"{doc}/{number}"
        text, notes = body(answer, b.repairs, local)
        card, related = about.get(number, (None, None))
        entry = b.add(
            local,
            doc,
            "faq",
            text,
            question + flat(answer),
            number=None,
            title=b.repairs.words(para_text(question)),
            parent=root.id,
            card=card,
            notes=[f"Règles complètes concernées : {related}."] if related else [],
        )
        b.notes_for(entry, notes, f"la réponse à la question {number} de la FAQ")


def faq_data(b: Builder, questions: dict[int, str]) -> dict[int, tuple[str | None, str | None]]:
    """Question number -> (card, rules restated) from the corrections' `faq` rows, each found by
    its question's first words; a row whose question is gone, or a rule that does not exist, is
    stale."""
    found: dict[int, tuple[str | None, str | None]] = {}
    for index, row in enumerate(b.corrections.get("faq", [])):
        number, why = relocate(questions, row["number"], row["question"])
        if number is None:
            b.corrections.stale("faq", row["question"], why, at=(index,))
            continue
        rules = [r for r in (row.get("rules") or "").split(", ") if r]
        for rule in rules:
            if f"{GAME}/{rule}" not in b.ids:
                why = f"names rule {rule}, which does not exist"
                b.corrections.stale("faq", row["question"], why, at=(index,))
        related = ", ".join(r for r in rules if f"{GAME}/{r}" in b.ids)
        found[number] = (row.get("card"), related or None)
    return found
